"""Done when: settings changed in the install page's form reach the overlay, through the
self-contained link and through the loader, on a real nginx listing in Chromium."""

import time

import pytest

from nginx.server import PLACEHOLDER_DIST
from tests.overlay_reader import open_sitemap, overlay_control
from tests.test_e2e_options import DELAY, SLOW_JSON, most_in_flight, wave_2
from tests.test_install_page import BOOKMARKLET, ERROR, LOADER, fill
from tests.trees import expected_entries, standard_tree, write_tree

# The slowed JSON listings of test_e2e_options, with dist/ served as sitemap-host.conf
# serves it, for the loader.
SLOW_HOST = SLOW_JSON.replace('    location = /.delay {', '''    location ^~ /.autoindex-sitemap/ {
        auth_request off;
        alias %s/;
    }

    location = /.delay {''' % PLACEHOLDER_DIST)


@pytest.fixture
def slow_host(tmp_path, delaying_upstream):
    site = tmp_path / 'slow-host.conf'
    site.write_text(SLOW_HOST % delaying_upstream(DELAY), encoding='utf-8')
    return site


def listings(server):
    """The wave-2 requests logged: not the loader's script."""
    return [r for r in wave_2(server) if not r['uri'].startswith('/.autoindex-sitemap/')]


def configured_links(page, install_url):
    """The two links the install page at install_url offers once a person has set page
    size 20 of 20 and 50, the title Files and two requests at once."""
    page.goto(install_url)
    fill(page, {'pageSizes': '20,50', 'pageSize': '20', 'title': 'Files',
                'maxConcurrentRequests': '2'})
    assert page.text_content(ERROR) == ''
    return {'bookmarklet': page.get_attribute(BOOKMARKLET, 'href'),
            'loader': page.get_attribute(LOADER, 'href')}


@pytest.mark.parametrize('link', ['bookmarklet', 'loader'])
def test_the_form_settings_reach_the_overlay(chromium, serve, tmp_path, slow_host, dist, link):
    spec = standard_tree(30)
    write_tree(tmp_path / 'www', spec)
    server = serve(slow_host, tmp_path / 'www', dist=dist)
    context = chromium.new_context()
    try:
        page = context.new_page()
        links = configured_links(page, server.url('/.autoindex-sitemap/install.html'))
        server.forget_requests()
        overlay = open_sitemap(page, server.url('/'), links[link])
        assert overlay['sizes'] == ['20', '50'] and overlay['size'] == '20'
        assert len(overlay['rows']) == 20
        assert overlay_control(page, 'status').count() == 1
        assert page.locator('#autoindex-sitemap h1').text_content().startswith('Files')
        expected = sum(1 for entry in expected_entries(spec, 1) if entry['type'] == 'directory')
        deadline = time.monotonic() + 15
        while len(listings(server)) < expected and time.monotonic() < deadline:
            time.sleep(0.1)
        requests = listings(server)
        assert len(requests) == expected
        assert most_in_flight(requests) == 2
    finally:
        context.close()
