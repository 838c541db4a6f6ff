"""Every link opens the entry it names, on every server (issue 13).

Live nginx (HTML and JSON listings), Apache, lighttpd and Caddy serve one tree
(tests/support/edge_trees.py) whose names are bytes: a directory named in Latin-1, a
file named with a literal U+FFFD beside it, names with characters URLs give a
meaning, roots whose own path holds such names, and a directory that serves
a page instead of a listing. Each test clicks the bookmarklet in each browser
engine and reads the overlay through docs/contract.md; what a link must open is
written from the bytes of the tree.
"""

from urllib.parse import quote_from_bytes

import pytest

from tests.support.edge_trees import LATIN1, REPLACED, INSIDE, URL_CHARACTERS, LATIN1_ROOT, \
    URL_CHARACTERS_ROOT, ROOT_DIRECTORY, ROOT_FILE, SITE, PLAIN
from bookmarklet.words import UNDECODABLE
from tests.support.links import note_text, open_link, path_bytes, row_at
from tests.support.visits import visit, read_cache

# How each server is started over the tree.
STARTS = {
    'nginx-html': lambda start, root: start('nginx', root, site='html-listings.conf'),
    'nginx-json': lambda start, root: start('nginx', root, site='json-by-accept.conf'),
    'apache': lambda start, root: start('apache', root),
    'lighttpd': lambda start, root: start('lighttpd', root),
    'caddy': lambda start, root: start('caddy', root),
}


# Every server the tests below run on, by name.
SERVERS = list(STARTS)


@pytest.fixture
def server(request, live_server, edge_tree):
    """The server this test runs on, serving the edge tree (one process per session)."""
    return STARTS[request.param](live_server, edge_tree)


NAMES = b'/names/'
LATIN1_DIRECTORY = NAMES + LATIN1 + b'/'


@pytest.mark.parametrize('server', SERVERS, indirect=True)
def test_a_latin1_directory_links_to_itself_and_its_entries_load(page, server, bookmarklet):
    overlay = visit(page, server, bookmarklet, NAMES.decode())[0]
    row = row_at(overlay, LATIN1_DIRECTORY)
    assert row['type'] == 'directory' and row['status'] == 'new', row
    # Shown as Python shows the byte, and marked so a person sees why.
    assert row['name'] == 'caf\\xe9' and row['undecodable'] == 'true'
    assert UNDECODABLE in note_text(page, row['href'])
    assert [path_bytes(child['href']) for child in row['children']] == [LATIN1_DIRECTORY + INSIDE]
    # Wave 2 asked the server for these very bytes, once, and kept the listing under them.
    assert [r['status'] for r in server.requests() if path_bytes(r['uri']) == LATIN1_DIRECTORY] \
        == [200]
    records = [record for record in read_cache(page)['records']
               if path_bytes(record['url']) == LATIN1_DIRECTORY]
    assert len(records) == 1 and [entry['name'] for entry in records[0]['entries']] == \
        [INSIDE.decode()]
    # And a person following the link gets that directory's listing.
    opened = open_link(page, row['href'])
    assert opened['status'] == 200 and INSIDE.decode() in opened['text']
    assert page.errors == []


@pytest.mark.parametrize('server', SERVERS, indirect=True)
def test_a_name_holding_U_FFFD_and_a_latin1_name_are_two_rows_and_two_links(page, server,
                                                                             bookmarklet):
    overlay = page.open_sitemap(server.url(NAMES.decode()), bookmarklet)
    directory = row_at(overlay, LATIN1_DIRECTORY)
    replaced = row_at(overlay, NAMES + REPLACED)
    assert directory['name'] != replaced['name'], 'two names are shown as two names'
    assert 'undecodable' not in replaced, 'U+FFFD is a character like any other'
    assert replaced['type'] == 'file' and directory['type'] == 'directory'
    opened = open_link(page, replaced['href'])
    assert opened['status'] == 200 and opened['text'].encode() == REPLACED
    opened = open_link(page, directory['href'])
    assert opened['status'] == 200 and INSIDE.decode() in opened['text']


@pytest.mark.parametrize('server', SERVERS, indirect=True)
def test_names_with_characters_urls_give_a_meaning_open_their_entries(page, server, bookmarklet):
    overlay = page.open_sitemap(server.url(NAMES.decode()), bookmarklet)
    for name in URL_CHARACTERS:
        row = row_at(overlay, NAMES + name + b'/')
        assert row['name'] == name.decode() and row['status'] == 'new', row
        assert [path_bytes(child['href']) for child in row['children']] == [NAMES + name + b'/' + name]
        opened = open_link(page, row['children'][0]['href'])
        assert opened['status'] == 200 and opened['text'].encode() == name, (name, opened)
    assert page.errors == []


def check_root(page, server, bookmarklet, root, typed):
    """The overlay opened on root (bytes), its URL written as `typed`, lists its directory
    and that directory's file, each link opening its entry."""
    overlay = page.open_root(server.url(typed), bookmarklet)
    assert overlay is not None and overlay['status']['state'] == 'done', overlay and overlay['status']
    row = row_at(overlay, root + ROOT_DIRECTORY + b'/')
    assert row['status'] == 'new', row
    assert [path_bytes(child['href']) for child in row['children']] == \
        [root + ROOT_DIRECTORY + b'/' + ROOT_FILE]
    opened = open_link(page, row['children'][0]['href'])
    assert opened['status'] == 200 and opened['text'].encode() == ROOT_FILE


@pytest.mark.parametrize('server', SERVERS, indirect=True)
def test_a_root_whose_path_is_latin1_opens(page, server, bookmarklet):
    check_root(page, server, bookmarklet, LATIN1_ROOT, quote_from_bytes(LATIN1_ROOT, safe='/'))


@pytest.mark.parametrize('server', SERVERS, indirect=True)
def test_a_root_whose_path_holds_semicolon_plus_and_percent_opens(page, server, bookmarklet):
    # As a person types it (';' and '+' raw, '%' as %25), and as nginx links it.
    for typed in (quote_from_bytes(URL_CHARACTERS_ROOT, safe='/;+'),
                  quote_from_bytes(URL_CHARACTERS_ROOT, safe='/')):
        check_root(page, server, bookmarklet, URL_CHARACTERS_ROOT, typed)


@pytest.mark.parametrize('server', SERVERS, indirect=True)
def test_a_directory_that_serves_a_page_is_not_a_listing(page, server, bookmarklet):
    overlay = page.open_sitemap(server.url('/sites/'), bookmarklet)
    plain = row_at(overlay, b'/sites/' + PLAIN + b'/')
    assert plain['status'] == 'new' and [child['name'] for child in plain['children']] == \
        ['readme.txt']
    site = row_at(overlay, b'/sites/' + SITE + b'/')
    assert site['status'] == 'failed' and site['children'] == [], \
        (site['status'], [child['href'] for child in site['children']])
    assert 'a page of its own, not a directory listing' in note_text(page, site['href'])
