"""The bookmarklet end to end in Firefox: real nginx, Debian's firefox-esr over WebDriver
BiDi, the javascript: URL that ships, the overlay read through docs/contract.md only.

The same checks as the Chromium tests, plus what only Firefox does: it replaces the
page with a javascript: URL's value unless that value is undefined.
"""

import pytest

from tests.trees import standard_tree, write_tree, expected_entries
from tests.expectations import SERVERS, check_first_page
from tests.visits import quiet_requests

OVERLAY_GONE = "document.getElementById('autoindex-sitemap') === null"
# What a replaced page would lose: the marker on window, the listing's own nodes.
PAGE_STATE = """({
  href: location.href, marker: window.sitemapTestMarker || null, title: document.title,
  listing: document.querySelector('pre') && document.querySelector('pre').outerHTML,
  overlays: document.querySelectorAll('#autoindex-sitemap').length,
})"""


@pytest.mark.parametrize('site', sorted(SERVERS))
def test_page_one_shows_the_newest_ten_with_their_children(firefox_page, serve, tmp_path, bookmarklet,
                                                           site):
    spec = standard_tree(35)
    write_tree(tmp_path / 'www', spec)
    server = serve(site, tmp_path / 'www')
    overlay = firefox_page.open_sitemap(server.url('/'), bookmarklet)

    check_first_page(overlay, spec, server.url('/'), SERVERS[site])
    assert firefox_page.errors == []


def test_page_size_paging_and_reset(firefox_page, serve, tmp_path, bookmarklet):
    spec = standard_tree(35)
    write_tree(tmp_path / 'www', spec)
    server = serve('json-by-accept.conf', tmp_path / 'www')
    firefox_page.open_sitemap(server.url('/'), bookmarklet)
    names = [entry['name'] for entry in expected_entries(spec, 1)]

    firefox_page.click('next')
    overlay = firefox_page.wait_settled()
    assert overlay['pager']['page'] == '2'
    assert [row['name'] for row in overlay['rows']] == names[10:20]

    firefox_page.select('page-size', '20')
    overlay = firefox_page.wait_settled()
    assert [row['name'] for row in overlay['rows']] == names[:20]
    assert overlay['pager'] == {'page': '1', 'pages': '2'}
    assert overlay['size'] == '20'
    assert all(row['status'] == 'new' for row in overlay['rows'] if row['type'] == 'directory')

    firefox_page.click('next')
    overlay = firefox_page.wait_settled()
    assert [row['name'] for row in overlay['rows']] == names[20:]
    assert overlay['nextDisabled'] is True
    firefox_page.click('prev')
    assert [row['name'] for row in firefox_page.wait_settled()['rows']] == names[:20]
    assert firefox_page.errors == []


def test_clicks_toggle_the_overlay_and_never_replace_the_page(firefox_page, serve, tmp_path,
                                                              bookmarklet):
    write_tree(tmp_path / 'www', standard_tree(12))
    server = serve('html-listings.conf', tmp_path / 'www')
    firefox_page.goto(server.url('/'))
    firefox_page.evaluate("window.sitemapTestMarker = 'still here'")
    before = firefox_page.evaluate(PAGE_STATE)

    firefox_page.run_bookmarklet(bookmarklet)
    assert len(firefox_page.wait_settled()['rows']) == 10
    firefox_page.run_bookmarklet(bookmarklet)
    firefox_page.wait_for(OVERLAY_GONE)
    assert firefox_page.read_overlay() is None
    firefox_page.run_bookmarklet(bookmarklet)
    assert len(firefox_page.wait_settled()['rows']) == 10
    firefox_page.evaluate('new Promise((resolve) => setTimeout(resolve, 300))')

    after = firefox_page.evaluate(PAGE_STATE)
    assert after == dict(before, overlays=1)
    assert after['href'] == server.url('/') and after['marker'] == 'still here'
    assert firefox_page.errors == []


def test_a_javascript_url_with_a_value_would_replace_the_page(firefox_page, serve, tmp_path):
    """Why the check above reads the document, not only the URL: Firefox keeps the
    address and swaps the document for the value's text."""
    write_tree(tmp_path / 'www', standard_tree(3))
    server = serve('html-listings.conf', tmp_path / 'www')
    firefox_page.goto(server.url('/'))
    firefox_page.evaluate("window.sitemapTestMarker = 'still here'")
    firefox_page.run_bookmarklet("javascript:'a value'")
    firefox_page.wait_for("document.body && document.body.textContent === 'a value'")
    after = firefox_page.evaluate(PAGE_STATE)
    assert after['href'] == server.url('/')
    assert (after['marker'], after['listing']) == (None, None)


def test_close_button_and_escape_close_the_overlay(firefox_page, serve, tmp_path, bookmarklet):
    write_tree(tmp_path / 'www', standard_tree(3))
    server = serve('html-listings.conf', tmp_path / 'www')
    firefox_page.open_sitemap(server.url('/'), bookmarklet)
    firefox_page.click('close')
    firefox_page.wait_for(OVERLAY_GONE)
    firefox_page.run_bookmarklet(bookmarklet)
    firefox_page.wait_settled()
    firefox_page.press('Escape')
    firefox_page.wait_for(OVERLAY_GONE)
    assert firefox_page.read_overlay() is None


def test_a_second_visit_in_the_same_profile_is_served_fresh_from_the_cache(
        firefox_page, serve, tmp_path, bookmarklet):
    spec = standard_tree(8)  # one page: nothing to prefetch
    write_tree(tmp_path / 'www', spec)
    server = serve('json-by-accept.conf', tmp_path / 'www')
    first = firefox_page.open_sitemap(server.url('/'), bookmarklet)
    assert first['status']['state'] == 'done'

    firefox_page.goto(server.url('/'))
    quiet_requests(server, settle=0.2)  # the page load's own log line lands first
    server.forget_requests()
    firefox_page.run_bookmarklet(bookmarklet)
    overlay = firefox_page.wait_settled()
    firefox_page.evaluate('new Promise((resolve) => setTimeout(resolve, 300))')
    requests = [r['uri'] for r in server.requests() if r['uri'] != '/favicon.ico']

    directories = [row for row in overlay['rows'] if row['type'] == 'directory']
    assert len(directories) == 8
    assert [row['status'] for row in directories] == ['fresh'] * len(directories)
    assert requests == ['/'], 'only the root listing is fetched again'
