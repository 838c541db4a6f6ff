"""A broken server, made by nginx's own configuration: one directory per fault.

Each faulty directory's row says what went wrong: `failed` when nothing was
cached, `stale` with the cached entries when a record was; the rest of the
page loads, and the records of the faulty directories are left exactly as
they were.
"""

import os
from urllib.parse import urlsplit

import pytest

from tests.support.builds import built_bookmarklet
from tests.support.trees import SEPT_2026, directory, file, write_tree, touch
from tests.support.visits import read_cache, quiet_requests

# Long enough for the redirect loop's 21 requests to end first: a loaded machine took
# Firefox over 1 s for them, and the loop's row then said the timeout instead.
TIMEOUT = 3

# JSON listings like nginx/json-listings.conf, except below directories whose
# names end in a fault's suffix.
FAULTS_CONF = """
server {
    listen 127.0.0.1:8080;
    root /srv/files;
    autoindex on;
    autoindex_format json;

    location ~ -404/$ { return 404; }
    location ~ -403/$ { deny all; }
    location ~ -500/$ { return 500; }
    location ~ -444/$ { return 444; }
    location ~ -loop/$ { return 302 $uri; }
    location ~ -login/$ { return 302 /sign-in.html; }
    location = /sign-in.html {
        default_type text/html;
        return 200 '<html><head><title>Sign in</title></head><body><form action="/login">
<a href="/help">Help</a> <a href="/reset/">Forgot your password?</a></form></body></html>';
    }
    location ~ -cut/$ {
        rewrite ^ /cut break;
        proxy_pass http://127.0.0.1:%(upstream)d;
    }
    location ~ -eof/$ {
        rewrite ^ /eof break;
        proxy_pass http://127.0.0.1:%(upstream)d;
        proxy_http_version 1.0;
    }
    location ~ -slow/$ {
        auth_request /.delay;
    }
    location = /.delay {
        internal;
        proxy_pass http://127.0.0.1:%(upstream)d;
        proxy_pass_request_body off;
        proxy_set_header Content-Length "";
        proxy_read_timeout 10s;
    }
}
"""

# suffix -> what the row must say after 'Not loaded: ' or 'Not revalidated: '
FAULTS = {
    '404': 'HTTP 404',
    '403': 'HTTP 403',
    '500': 'HTTP 500',
    '444': 'network error',
    'loop': 'network error',
    'login': 'not a directory listing',
    'cut': 'network error',
    'eof': 'JSON listing is cut off',
    'slow': 'timed out after {} s'.format(TIMEOUT),
}


@pytest.fixture(scope='module')
def short_timeout_bookmarklet(tmp_path_factory):
    """A build that gives up a listing after TIMEOUT s, with every directory on page 1."""
    return built_bookmarklet(tmp_path_factory.mktemp('faults'), '--timeout-seconds', str(TIMEOUT),
                             '--page-size', '30', '--page-sizes', '10,30')


def row_notes(page):
    """{row name: the message shown in its row}."""
    return page.evaluate("""() => Object.fromEntries([...document.getElementById('autoindex-sitemap')
        .shadowRoot.querySelectorAll('[data-role=row]')].map((row) => {
          const note = row.querySelector('.note');
          return [row.getAttribute('data-name'), note ? note.textContent : ''];
        }))""")


def records_by_url(page):
    """The records of the root's directories, by URL (the root's own listing apart)."""
    cache = read_cache(page)
    return {record['url']: record for record in cache['records'] if urlsplit(record['url']).path != '/'}


def test_each_fault_marks_its_row_and_nothing_else(page, serve, tmp_path, delaying_upstream,
                                                    short_timeout_bookmarklet):
    www = tmp_path / 'www'
    spec = {}
    for index, suffix in enumerate(FAULTS):
        spec['cached-' + suffix] = directory(SEPT_2026 + index * 60, {
            'kept-{}.txt'.format(suffix): file(SEPT_2026, 7)})
    for index in range(4):
        spec['good-{}'.format(index)] = directory(SEPT_2026 - 3600 * (index + 1), {
            'inside-{}'.format(index): file(SEPT_2026 - 86400, index)})
    write_tree(www, spec)

    # First visit: every directory answers, and is cached.
    healthy = serve('json-listings.conf', www)
    overlay = page.open_sitemap(healthy.url('/'), short_timeout_bookmarklet)
    assert {row['status'] for row in overlay['rows']} == {'new'}
    healthy.stop()
    before = records_by_url(page)
    assert len(before) == len(spec)

    # Then the server breaks: the cached directories changed (their mtime moved,
    # so they must be fetched), new faulty ones appeared, one good one changed.
    for index, suffix in enumerate(FAULTS):
        touch(www / ('cached-' + suffix), SEPT_2026 + 86400 + index * 60)
        os.mkdir(www / ('new-' + suffix))
        touch(www / ('new-' + suffix), SEPT_2026 + 2 * 86400 + index * 60)
    os.mkdir(www / 'good-0' / 'arrived')
    touch(www / 'good-0', SEPT_2026 - 60)
    site = tmp_path / 'faults.conf'
    site.write_text(FAULTS_CONF % {'upstream': delaying_upstream(TIMEOUT + 2)}, encoding='utf-8')
    server = serve(site, www, port=healthy.port)
    page.goto(server.url('/'))
    server.forget_requests()

    overlay = page.open_sitemap(server.url('/'), short_timeout_bookmarklet)
    assert page.errors == []
    rows = {row['name']: row for row in overlay['rows']}
    assert len(rows) == len(spec) + len(FAULTS)
    notes = row_notes(page)
    for suffix, words in FAULTS.items():
        failed, stale = rows['new-' + suffix], rows['cached-' + suffix]
        assert failed['status'] == 'failed', (suffix, failed)
        assert failed['children'] == []
        assert notes['new-' + suffix].startswith('Not loaded: ') and words in notes['new-' + suffix], \
            (suffix, notes['new-' + suffix])
        assert stale['status'] == 'stale', (suffix, stale)
        assert [child['name'] for child in stale['children']] == ['kept-{}.txt'.format(suffix)]
        assert notes['cached-' + suffix].startswith('Not revalidated: ') \
            and words in notes['cached-' + suffix], (suffix, notes['cached-' + suffix])
    # The rest of the page loaded: one good directory fetched, the others from the cache.
    assert rows['good-0']['status'] == 'changed'
    assert [child['name'] for child in rows['good-0']['children']] == ['arrived', 'inside-0']
    assert {rows['good-{}'.format(i)]['status'] for i in range(1, 4)} == {'fresh'}
    assert overlay['status']['state'] == 'done'
    assert overlay['status']['failed'] == str(len(FAULTS))
    assert overlay['status']['loaded'] == str(len(spec))

    # Every faulty directory was asked once, never retried by the crawl. The browser
    # alone repeats, and only so far: it follows a redirect loop 20 times, and sends
    # a request again on another kept-alive connection when one closes unanswered.
    requests = [r['uri'] for r in quiet_requests(server)]
    for suffix in FAULTS:
        for prefix in ('new-', 'cached-'):
            count = requests.count('/{}{}/'.format(prefix, suffix))
            most = 21 if suffix in ('loop', '444') else 1
            assert 1 <= count <= most, (prefix + suffix, count)
    after = records_by_url(page)
    for suffix in FAULTS:
        assert server.url('/new-{}/'.format(suffix)) not in after
        url = server.url('/cached-{}/'.format(suffix))
        assert after[url] == before[url], 'a failed fetch leaves the record as it was'
    assert after[server.url('/good-0/')] != before[server.url('/good-0/')]
