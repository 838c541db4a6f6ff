"""Done when: settings changed in the install page's form reach the overlay, through the
self-contained link and through the loader, on a real nginx listing in each browser engine."""

import pytest

from tests.e2e.test_e2e_options import all_of_wave_2, level_one_directories, most_in_flight, \
    slowed_site
from tests.e2e.test_install_page import fill, hrefs, shown_error
from tests.support.trees import standard_tree, write_tree


def configured_links(page, install_url):
    """The two links the install page at install_url offers once a person has set page
    size 20 of 20 and 50, the title Files and two requests at once."""
    page.goto(install_url)
    fill(page, {'pageSizes': '20,50', 'pageSize': '20', 'title': 'Files',
                'maxConcurrentRequests': '2'})
    assert shown_error(page) == ''
    return hrefs(page)


@pytest.mark.parametrize('link', ['bookmarklet', 'loader'])
def test_the_form_settings_reach_the_overlay(page, serve, tmp_path, delaying_upstream, dist,
                                            link):
    spec = standard_tree(30)
    write_tree(tmp_path / 'www', spec)
    server = serve(slowed_site(tmp_path, delaying_upstream), tmp_path / 'www', dist=dist)
    links = configured_links(page, server.url('/.autoindex-sitemap/install.html'))
    server.forget_requests()
    overlay = page.open_sitemap(server.url('/'), links[link])
    assert overlay['sizes'] == ['20', '50'] and overlay['size'] == '20'
    assert len(overlay['rows']) == 20 and overlay['status']['state'] == 'done'
    assert page.evaluate("document.querySelectorAll('#autoindex-sitemap').length") == 1
    assert page.find('h1').text_content().startswith('Files')
    requests = all_of_wave_2(server, spec)
    assert len(requests) == level_one_directories(spec)
    assert most_in_flight(requests) == 2
