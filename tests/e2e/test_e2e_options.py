"""A build with other defaults, observed in each browser engine against a real nginx: the
page sizes offered, the first page's length, and how many wave-2 requests are in flight
at once."""

import time

import pytest

from tests.support.builds import built_bookmarklet
from tests.support.trees import standard_tree, write_tree, expected_entries

OPTIONS = ['--page-size', '20', '--page-sizes', '20,50', '--max-concurrent-requests', '2']
DELAY = 0.25

# JSON listings, each held back by an auth_request to an upstream that answers
# only after DELAY: nginx serves the listing itself, only later. Subrequests
# are not logged, so the access log holds one line per listing request, with
# its end ($msec) and its duration ($request_time), the delay included. The
# dist folder, when given, is served undelayed as sitemap-host.conf serves it.
SLOW_JSON = """
server {
    listen 127.0.0.1:8080;
    root /srv/files;
    auth_request /.delay;

    location / {
        autoindex on;
        autoindex_format json;
    }

    location ^~ /.autoindex-sitemap/ {
        auth_request off;
        alias /srv/autoindex-sitemap/;
    }

    location = /.delay {
        internal;
        auth_request off;
        proxy_pass http://127.0.0.1:%d;
        proxy_pass_request_body off;
        proxy_set_header Content-Length "";
    }
}
"""


@pytest.fixture(scope='module')
def options_bookmarklet(tmp_path_factory):
    return built_bookmarklet(tmp_path_factory.mktemp('options'), *OPTIONS)


def slowed_site(folder, delaying_upstream):
    """A configuration file for the slowed server in folder, with its upstream running."""
    site = folder / 'slow-json.conf'
    site.write_text(SLOW_JSON % delaying_upstream(DELAY), encoding='utf-8')
    return site


@pytest.fixture
def slow_site(tmp_path, delaying_upstream):
    return slowed_site(tmp_path, delaying_upstream)


def most_in_flight(requests):
    """The most requests whose [start, end) intervals overlap at one moment.

    nginx logs times to the millisecond, so a request the browser started as
    another one's answer arrived can seem to begin a millisecond before it
    ended; each start is moved 2 ms later, far below DELAY.
    """
    events = []
    for request in requests:
        events.append((request['time'] - request['duration'] + 0.002, 1))
        events.append((request['time'], -1))
    most = now = 0
    for _, step in sorted(events):
        now += step
        most = max(most, now)
    return most


def wave_2(server):
    """The listing requests logged but the root's (not the loader's script either)."""
    return [r for r in server.requests() if r['uri'] not in ('/', '/favicon.ico')
            and not r['uri'].startswith('/.autoindex-sitemap/')]


def level_one_directories(spec):
    return sum(1 for entry in expected_entries(spec, 1) if entry['type'] == 'directory')


def all_of_wave_2(server, spec):
    """wave_2 once every level-1 directory's listing was asked for (the prefetch of page 2
    runs through the same pool), or after 15 s."""
    deadline = time.monotonic() + 15
    while len(wave_2(server)) < level_one_directories(spec) and time.monotonic() < deadline:
        time.sleep(0.1)
    return wave_2(server)


def test_page_sizes_and_first_page_follow_the_options(page, serve, tmp_path, options_bookmarklet):
    spec = standard_tree(60)
    write_tree(tmp_path / 'www', spec)
    server = serve('json-by-accept.conf', tmp_path / 'www')
    overlay = page.open_sitemap(server.url('/'), options_bookmarklet)
    assert overlay['sizes'] == ['20', '50'] and overlay['size'] == '20'
    assert len(overlay['rows']) == 20
    assert [row['name'] for row in overlay['rows']] == \
        [entry['name'] for entry in expected_entries(spec, 1)][:20]
    assert overlay['pager'] == {'page': '1', 'pages': '4'}
    page.control('page-size').select_option('50')
    assert len(page.wait_settled()['rows']) == 50


def test_at_most_two_wave_2_requests_are_in_flight(page, new_page, serve, tmp_path, slow_site,
                                                   options_bookmarklet, bookmarklet):
    spec = standard_tree(30)
    write_tree(tmp_path / 'www', spec)
    server = serve(slow_site, tmp_path / 'www')
    overlay = page.open_sitemap(server.url('/'), options_bookmarklet)
    directories = sum(1 for row in overlay['rows'] if row['type'] == 'directory')
    assert directories >= 18 and overlay['status']['loaded'] == str(directories)
    requests = all_of_wave_2(server, spec)
    assert len(requests) == level_one_directories(spec)
    assert min(r['duration'] for r in requests) >= DELAY - 0.01, 'the server was slowed'
    assert most_in_flight(requests) == 2

    # The same measurement sees more than two with the default build (10 at once),
    # in a fresh profile so that nothing is cached.
    server.forget_requests()
    new_page().open_sitemap(server.url('/'), bookmarklet)
    assert most_in_flight(wave_2(server)) > 2
