"""The bookmarklet end to end: real nginx, each browser engine, the javascript: URL that ships."""

import time

import pytest

from tests.support.trees import standard_tree, write_tree, expected_entries, href_of, SEPT_2026, \
    directory, file
from tests.support.expectations import SERVERS, check_first_page
from tests.support.visits import visit


@pytest.mark.parametrize('site', sorted(SERVERS))
def test_page_one_shows_the_newest_ten_with_their_children(page, serve, tmp_path, bookmarklet, site):
    spec = standard_tree(35)
    write_tree(tmp_path / 'www', spec)
    server = serve(site, tmp_path / 'www')
    overlay = page.open_sitemap(server.url('/'), bookmarklet)

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
    page.open_sitemap(server.url('/'), bookmarklet)
    names = [entry['name'] for entry in expected_entries(spec, 1)]

    page.control('next').click()
    overlay = page.wait_settled()
    assert overlay['pager']['page'] == '2'
    assert [row['name'] for row in overlay['rows']] == names[10:20]

    page.control('page-size').select_option('20')
    overlay = page.wait_settled()
    assert [row['name'] for row in overlay['rows']] == names[:20]
    assert overlay['pager'] == {'page': '1', 'pages': '2'}
    assert overlay['size'] == '20'
    assert all(row['status'] in ('new',) for row in overlay['rows'] if row['type'] == 'directory')

    page.control('next').click()
    overlay = page.wait_settled()
    assert [row['name'] for row in overlay['rows']] == names[20:]
    assert page.control('next').is_disabled()
    page.control('prev').click()
    assert [row['name'] for row in page.wait_settled()['rows']] == names[:20]


# What a replaced page would lose: the marker on window, the listing's own nodes.
PAGE_STATE = """({
  href: location.href, marker: window.sitemapTestMarker || null, title: document.title,
  listing: document.querySelector('pre') && document.querySelector('pre').outerHTML,
  overlays: document.querySelectorAll('#autoindex-sitemap').length,
})"""


def test_clicks_toggle_the_overlay_and_never_replace_the_page(page, serve, tmp_path, bookmarklet):
    write_tree(tmp_path / 'www', standard_tree(12))
    server = serve('html-listings.conf', tmp_path / 'www')
    page.goto(server.url('/'))
    page.evaluate("window.sitemapTestMarker = 'still here'")
    before = page.evaluate(PAGE_STATE)

    page.run_bookmarklet(bookmarklet)
    assert len(page.wait_settled()['rows']) == 10
    page.run_bookmarklet(bookmarklet)
    assert page.read_overlay() is None
    assert page.evaluate("document.querySelectorAll('#autoindex-sitemap').length") == 0
    page.run_bookmarklet(bookmarklet)
    assert len(page.wait_settled()['rows']) == 10
    time.sleep(0.3)

    after = page.evaluate(PAGE_STATE)
    assert after == dict(before, overlays=1)
    assert after['href'] == server.url('/') and after['marker'] == 'still here'
    assert page.errors == []


def test_a_javascript_url_with_a_value_would_replace_the_page(page, serve, tmp_path):
    """Why the check above reads the document, not only the URL: a browser keeps the
    address and swaps the document for the value's text."""
    write_tree(tmp_path / 'www', standard_tree(3))
    server = serve('html-listings.conf', tmp_path / 'www')
    page.goto(server.url('/'))
    page.evaluate("window.sitemapTestMarker = 'still here'")
    page.navigate_javascript("javascript:'a value'")
    page.wait_for("document.body && document.body.textContent === 'a value'")
    after = page.evaluate(PAGE_STATE)
    assert after['href'] == server.url('/')
    assert (after['marker'], after['listing']) == (None, None)


def test_close_button_and_escape_close_the_overlay(page, serve, tmp_path, bookmarklet):
    write_tree(tmp_path / 'www', standard_tree(3))
    server = serve('html-listings.conf', tmp_path / 'www')
    page.open_sitemap(server.url('/'), bookmarklet)
    page.control('close').click()
    assert page.read_overlay() is None
    page.run_bookmarklet(bookmarklet)
    page.wait_settled()
    page.press('Escape')
    assert page.read_overlay() is None


def test_a_directory_that_is_not_a_listing_fails_alone(page, serve, tmp_path, bookmarklet):
    spec = {
        'good-1': directory(SEPT_2026 + 30, {'a.txt': file(SEPT_2026, 1)}),
        'has-index': directory(SEPT_2026 + 20, {'index.html': file(SEPT_2026, 0)}),
        'good-2': directory(SEPT_2026 + 10, {'b.txt': file(SEPT_2026, 2)}),
    }
    write_tree(tmp_path / 'www', spec)
    (tmp_path / 'www' / 'has-index' / 'index.html').write_text('<html><body>Welcome</body></html>')
    server = serve('json-by-accept.conf', tmp_path / 'www')
    overlay = page.open_sitemap(server.url('/'), bookmarklet)
    statuses = {row['name']: row['status'] for row in overlay['rows']}
    assert statuses == {'good-1': 'new', 'has-index': 'failed', 'good-2': 'new'}
    assert overlay['status']['state'] == 'done'
    assert (overlay['status']['loaded'], overlay['status']['failed']) == ('2', '1')
    assert [c['name'] for c in overlay['rows'][0]['children']] == ['a.txt']


# A page's own script that replaced requestAnimationFrame with one that never calls back.
NO_FRAMES = 'window.requestAnimationFrame = () => 0;'


def test_a_page_that_draws_no_frame_still_gets_every_answer(new_page, serve, tmp_path, bookmarklet):
    """The answers are drawn at the page's next frame; where none comes (a page's script
    replaced requestAnimationFrame, a browser stopped drawing a window it deems unseen),
    page 1 is shown and settles all the same."""
    spec = standard_tree(35)
    write_tree(tmp_path / 'www', spec)
    server = serve('json-by-accept.conf', tmp_path / 'www')
    page = new_page(NO_FRAMES)
    overlay = page.open_sitemap(server.url('/'), bookmarklet)

    check_first_page(overlay, spec, server.url('/'), SERVERS['json-by-accept.conf'])


def test_a_dead_server_still_shows_the_open_page(page, serve, tmp_path, bookmarklet):
    spec = standard_tree(12)
    write_tree(tmp_path / 'www', spec)
    server = serve('html-listings.conf', tmp_path / 'www')
    page.goto(server.url('/'))
    server.stop()
    page.run_bookmarklet(bookmarklet)
    overlay = page.wait_settled()
    expected = [entry['name'] for entry in expected_entries(spec, 60)]
    assert [row['name'] for row in overlay['rows']] == expected[:10]
    assert overlay['status']['state'] == 'broken'
    assert overlay['status']['text'].endswith(': network error or blocked by CORS.'), \
        'the warning names what most requests met'
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
    page.run_bookmarklet(bookmarklet)
    page.control('next').click()
    second = page.wait_settled()
    assert [row['name'] for row in second['rows']] == names[10:20]
    time.sleep(2.5)  # the slow answer for page 1 arrives meanwhile
    later = page.read_overlay()
    assert [row['name'] for row in later['rows']] == names[10:20], 'page 1 did not come back'
    assert later['status'] == second['status']
    page.control('prev').click()
    first = page.wait_settled()
    assert first['rows'][0]['name'] == slow and first['rows'][0]['status'] == 'new'
    assert [c['name'] for c in first['rows'][0]['children']] == \
        [e['name'] for e in expected_entries(spec[slow]['children'], 60)][:5]
    assert [r['uri'] for r in server.requests()].count('/{}/'.format(slow)) == 1, \
        'the answer that came late was kept, not fetched again'
