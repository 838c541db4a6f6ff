"""The bookmarklet end to end: real nginx, real Chromium, the javascript: URL that ships."""

import pytest

from tests.trees import standard_tree, write_tree, expected_entries, href_of, SEPT_2026, \
    directory, file
from tests.expectations import SERVERS, check_first_page
from tests.visits import visit
from tests.overlay_reader import open_sitemap, read_overlay, run_bookmarklet, wait_settled, \
    overlay_control


@pytest.mark.parametrize('site', sorted(SERVERS))
def test_page_one_shows_the_newest_ten_with_their_children(page, serve, tmp_path, bookmarklet, site):
    spec = standard_tree(35)
    write_tree(tmp_path / 'www', spec)
    server = serve(site, tmp_path / 'www')
    overlay = open_sitemap(page, server.url('/'), bookmarklet)

    check_first_page(overlay, spec, server.url('/'), SERVERS[site])
    assert page.errors == []


def test_one_root_request_and_one_per_directory_on_the_page(page, serve, tmp_path, bookmarklet):
    spec = standard_tree(35)
    write_tree(tmp_path / 'www', spec)
    server = serve('json-by-accept.conf', tmp_path / 'www')
    overlay, _ = visit(page, server, bookmarklet)
    requests = [r for r in server.requests() if r['uri'] != '/favicon.ico']

    assert [r['uri'] for r in requests if r['uri'] == '/'] == ['/']
    assert all('application/json' in r['accept'] for r in requests)
    page_one = {row['href'][len(server.url('')):] for row in overlay['rows']
                if row['type'] == 'directory'}
    fetched = [r['uri'] for r in requests if r['uri'] != '/']
    assert page_one <= set(fetched), 'every directory of page 1 is fetched'
    assert len(fetched) == len(set(fetched)), 'no directory is fetched twice'
    page_two = {href_of('/', entry['name'], True)
                for entry in expected_entries(spec, 1)[10:20] if entry['type'] == 'directory'}
    assert set(fetched) - page_one <= page_two, 'beyond page 1, at most page 2 is prefetched'


def test_page_size_paging_and_reset(page, serve, tmp_path, bookmarklet):
    spec = standard_tree(35)
    write_tree(tmp_path / 'www', spec)
    server = serve('json-by-accept.conf', tmp_path / 'www')
    open_sitemap(page, server.url('/'), bookmarklet)
    names = [entry['name'] for entry in expected_entries(spec, 1)]

    overlay_control(page, 'next').click()
    overlay = wait_settled(page)
    assert overlay['pager']['page'] == '2'
    assert [row['name'] for row in overlay['rows']] == names[10:20]

    overlay_control(page, 'page-size').select_option('20')
    overlay = wait_settled(page)
    assert [row['name'] for row in overlay['rows']] == names[:20]
    assert overlay['pager'] == {'page': '1', 'pages': '2'}
    assert overlay['size'] == '20'
    assert all(row['status'] in ('new',) for row in overlay['rows'] if row['type'] == 'directory')

    overlay_control(page, 'next').click()
    overlay = wait_settled(page)
    assert [row['name'] for row in overlay['rows']] == names[20:]
    assert overlay_control(page, 'next').is_disabled()
    overlay_control(page, 'prev').click()
    assert [row['name'] for row in wait_settled(page)['rows']] == names[:20]


def test_second_click_removes_the_overlay_and_a_third_brings_it_back(page, serve, tmp_path, bookmarklet):
    write_tree(tmp_path / 'www', standard_tree(12))
    server = serve('html-listings.conf', tmp_path / 'www')
    open_sitemap(page, server.url('/'), bookmarklet)
    run_bookmarklet(page, bookmarklet)
    assert read_overlay(page) is None
    assert page.evaluate("document.querySelectorAll('#autoindex-sitemap').length") == 0
    run_bookmarklet(page, bookmarklet)
    assert len(wait_settled(page)['rows']) == 10
    assert page.evaluate("document.querySelectorAll('#autoindex-sitemap').length") == 1
    assert page.url == server.url('/'), 'the page was not replaced'


def test_close_button_and_escape_close_the_overlay(page, serve, tmp_path, bookmarklet):
    write_tree(tmp_path / 'www', standard_tree(3))
    server = serve('html-listings.conf', tmp_path / 'www')
    open_sitemap(page, server.url('/'), bookmarklet)
    overlay_control(page, 'close').click()
    assert read_overlay(page) is None
    run_bookmarklet(page, bookmarklet)
    wait_settled(page)
    page.keyboard.press('Escape')
    assert read_overlay(page) is None


def test_a_directory_that_is_not_a_listing_fails_alone(page, serve, tmp_path, bookmarklet):
    spec = {
        'good-1': directory(SEPT_2026 + 30, {'a.txt': file(SEPT_2026, 1)}),
        'has-index': directory(SEPT_2026 + 20, {'index.html': file(SEPT_2026, 0)}),
        'good-2': directory(SEPT_2026 + 10, {'b.txt': file(SEPT_2026, 2)}),
    }
    write_tree(tmp_path / 'www', spec)
    (tmp_path / 'www' / 'has-index' / 'index.html').write_text('<html><body>Welcome</body></html>')
    server = serve('json-by-accept.conf', tmp_path / 'www')
    overlay = open_sitemap(page, server.url('/'), bookmarklet)
    statuses = {row['name']: row['status'] for row in overlay['rows']}
    assert statuses == {'good-1': 'new', 'has-index': 'failed', 'good-2': 'new'}
    assert overlay['status']['state'] == 'done'
    assert (overlay['status']['loaded'], overlay['status']['failed']) == ('2', '1')
    assert [c['name'] for c in overlay['rows'][0]['children']] == ['a.txt']


def test_a_dead_server_still_shows_the_open_page(page, serve, tmp_path, bookmarklet):
    spec = standard_tree(12)
    write_tree(tmp_path / 'www', spec)
    server = serve('html-listings.conf', tmp_path / 'www')
    page.goto(server.url('/'))
    server.stop()
    run_bookmarklet(page, bookmarklet)
    overlay = wait_settled(page)
    expected = [entry['name'] for entry in expected_entries(spec, 60)]
    assert [row['name'] for row in overlay['rows']] == expected[:10]
    assert overlay['status']['state'] == 'broken'
    assert all(row['status'] == 'failed' for row in overlay['rows'] if row['type'] == 'directory')


# HTML listings, one directory of them held back by an auth_request to a slow upstream.
ONE_SLOW_DIRECTORY = """
server {
    listen 127.0.0.1:8080;
    root /srv/files;
    autoindex on;

    location /%s/ {
        auth_request /.delay;
    }

    location = /.delay {
        internal;
        proxy_pass http://127.0.0.1:%d;
        proxy_pass_request_body off;
        proxy_set_header Content-Length "";
    }
}
"""


def test_a_slow_answer_from_an_earlier_page_never_lands_on_the_page_shown(
        page, serve, tmp_path, bookmarklet, delaying_upstream):
    spec = standard_tree(35)
    write_tree(tmp_path / 'www', spec)
    names = [entry['name'] for entry in expected_entries(spec, 60)]
    slow = names[0]
    site = tmp_path / 'one-slow.conf'
    site.write_text(ONE_SLOW_DIRECTORY % (slow, delaying_upstream(2)), encoding='utf-8')
    server = serve(site, tmp_path / 'www')
    page.goto(server.url('/'))
    run_bookmarklet(page, bookmarklet)
    overlay_control(page, 'next').click()
    second = wait_settled(page)
    assert [row['name'] for row in second['rows']] == names[10:20]
    page.wait_for_timeout(2500)  # the slow answer for page 1 arrives meanwhile
    later = read_overlay(page)
    assert [row['name'] for row in later['rows']] == names[10:20], 'page 1 did not come back'
    assert later['status'] == second['status']
    overlay_control(page, 'prev').click()
    first = wait_settled(page)
    assert first['rows'][0]['name'] == slow and first['rows'][0]['status'] == 'new'
    assert [c['name'] for c in first['rows'][0]['children']] == \
        [e['name'] for e in expected_entries(spec[slow]['children'], 60)][:5]
    assert [r['uri'] for r in server.requests()].count('/{}/'.format(slow)) == 1, \
        'the answer that came late was kept, not fetched again'
