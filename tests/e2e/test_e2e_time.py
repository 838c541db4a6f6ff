"""Time at its edges: mtimes in 1970, past 2**31 seconds and in 2100; a client clock
hours behind the server's; HTML listings in the server's local time."""

import time
import urllib.request

import pytest

from tests.support.builds import built_bookmarklet
from tests.support.trees import SEPT_2026, directory, file, write_tree, expected_entries
from tests.support.visits import visit

Y2038 = 2 ** 31  # 2038-01-19T03:14:08Z, one second past a signed 32-bit time
FAR = {
    'epoch-1970': (0, '1970-01-01T00:00:00Z'),
    'y2038-last': (Y2038 - 1, '2038-01-19T03:14:07Z'),
    'y2038-first': (Y2038, '2038-01-19T03:14:08Z'),
    'y2038-later': (Y2038 + 86400 * 400 + 7, '2039-02-23T03:14:15Z'),
    'y2106-past-32-bits': (2 ** 32 + 60, '2106-02-07T06:29:16Z'),
    'y2100': (4102444800, '2100-01-01T00:00:00Z'),
}


@pytest.mark.parametrize('site, precision', [('json-by-accept.conf', 1), ('html-listings.conf', 60)])
def test_mtimes_from_1970_past_2038_to_2100_show_and_cache_right(page, serve, tmp_path, bookmarklet,
                                                                   site, precision):
    spec = {name: directory(mtime, {'child-' + name: file(mtime, 2 ** 32 + 1)})
            for name, (mtime, _) in FAR.items()}
    write_tree(tmp_path / 'www', spec)
    server = serve(site, tmp_path / 'www')
    overlay, _ = visit(page, server, bookmarklet)
    rows = overlay['rows']
    assert [row['name'] for row in rows] == [e['name'] for e in expected_entries(spec, precision)]
    for row in rows:
        iso = FAR[row['name']][1]
        shown = iso if precision == 1 else iso[:17] + '00Z'
        assert row['mtime'] == shown
        assert row['status'] == 'new'
        assert row['children'] == [{'name': 'child-' + row['name'], 'type': 'file', 'mtime': shown,
                                    'size': str(2 ** 32 + 1),
                                    'href': row['href'] + 'child-' + row['name']}]
    overlay, requests = visit(page, server, bookmarklet)
    assert requests == ['/'], 'every record is trusted on the revisit, whatever its year'
    assert {row['status'] for row in overlay['rows']} == {'fresh'}
    assert page.errors == []


# The client's clock runs HOURS_BEHIND hours behind the server's: Date.now() and
# new Date() in every frame.
HOURS_BEHIND = 3
CLOCK_BEHIND = """(() => {
  const RealDate = Date, realNow = Date.now, shift = -%d * 3600 * 1000;
  function ShiftedDate(...args) {
    if (!new.target) return new RealDate(realNow() + shift).toString();
    return args.length ? new RealDate(...args) : new RealDate(realNow() + shift);
  }
  ShiftedDate.prototype = RealDate.prototype;
  ShiftedDate.now = () => realNow() + shift;
  ShiftedDate.UTC = RealDate.UTC;
  ShiftedDate.parse = RealDate.parse;
  window.Date = ShiftedDate;
})()""" % HOURS_BEHIND


def test_a_client_clock_hours_behind_the_server_changes_no_decision_and_no_age(
        new_page, serve, tmp_path, bookmarklet):
    now = int(time.time())
    spec = {
        'two-hours-old': directory(now - 2 * 3600 - 5, {'a': file(now - 3 * 86400, 1)}),
        'two-days-old': directory(now - 2 * 86400, {'b': file(now - 3 * 86400, 1)}),
        'september': directory(SEPT_2026, {'c': file(SEPT_2026, 1)}),
    }
    write_tree(tmp_path / 'www', spec)
    server = serve('json-by-accept.conf', tmp_path / 'www')
    page = new_page(CLOCK_BEHIND)
    page.goto(server.url('/'))
    assert abs(page.evaluate('Date.now() / 1000') + HOURS_BEHIND * 3600 - time.time()) < 60
    overlay, requests = visit(page, server, bookmarklet)
    assert {row['status'] for row in overlay['rows']} == {'new'}
    ages = page.evaluate("""() => Object.fromEntries([...document.getElementById('autoindex-sitemap')
        .shadowRoot.querySelectorAll('[data-role=row]')].map((row) => [row.getAttribute('data-name'),
        row.querySelector('.line > time').textContent]))""")
    assert ages['two-hours-old'] == '2 h ago'
    assert ages['two-days-old'] == '2 d ago'
    # Records carry the server's time of fetch, and the client's clock is
    # corrected by the root's Date: the revisit trusts every one of them.
    overlay, requests = visit(page, server, bookmarklet)
    assert requests == ['/']
    assert {row['status'] for row in overlay['rows']} == {'fresh'}
    assert page.errors == []


# nginx's HTML listing as html-listings.conf serves it, but in the server's local time.
LOCALTIME_CONF = """
server {
    listen 127.0.0.1:8080;
    root /srv/files;
    location / {
        autoindex on;
        autoindex_localtime on;
    }
}
"""


@pytest.fixture(scope='module')
def utc_plus_two_bookmarklet(tmp_path_factory):
    return built_bookmarklet(tmp_path_factory.mktemp('localtime'), '--utc-offset-minutes', '120')


def test_html_listings_in_local_time_read_right_with_the_build_offset(
        page, serve, tmp_path, bookmarklet, utc_plus_two_bookmarklet):
    spec = {
        'before-midnight-utc': directory(SEPT_2026 - 60, {'x': file(SEPT_2026 - 3600, 1)}),
        'y2038': directory(Y2038 + 60, {}),
        'epoch': directory(3 * 3600, {}),
    }
    write_tree(tmp_path / 'www', spec)
    site = tmp_path / 'localtime.conf'
    site.write_text(LOCALTIME_CONF, encoding='utf-8')
    # POSIX TZ signs are inverted: UTC-2 is two hours east of Greenwich.
    server = serve(site, tmp_path / 'www', timezone='UTC-2')
    with urllib.request.urlopen(server.url('/')) as listing:
        assert '01-Sep-2026 01:59' in listing.read().decode(), \
            'nginx shows local time, two hours ahead of UTC'
    overlay = page.open_sitemap(server.url('/'), utc_plus_two_bookmarklet)
    expected = expected_entries(spec, 60)
    assert [row['name'] for row in overlay['rows']] == [e['name'] for e in expected]
    assert [row['mtime'] for row in overlay['rows']] == \
        [time.strftime('%Y-%m-%dT%H:%M:00Z', time.gmtime(e['mtime'])) for e in expected]
    rows = {row['name']: row for row in overlay['rows']}
    assert rows['before-midnight-utc']['mtime'] == '2026-08-31T23:59:00Z'
    assert rows['before-midnight-utc']['children'][0]['mtime'] == '2026-08-31T23:00:00Z'
    # The default build reads the same page as UTC: two hours off.
    page.goto(server.url('/'))
    overlay = page.open_sitemap(server.url('/'), bookmarklet)
    rows = {row['name']: row for row in overlay['rows']}
    assert rows['before-midnight-utc']['mtime'] == '2026-09-01T01:59:00Z'
