"""Answers that are not a plain listing, from a live nginx (issue 13): redirects to
another origin, outside the listing's root and inside it, and JSON listings written
by hand whose values are something else under loose equality or make the reader
throw.

nginx serves the tree of tests/support/edge_trees.py with a stock configuration, plus the
locations below; a directory holding a .listing.json answers with that file.
"""

import os
import shutil

import pytest

from nginx.server import HERE as NGINX_DIR
from servers.process import free_port
from bookmarklet.browser.browser import BODY_LIMIT, TOO_LARGE
from tests.support.edge_trees import LOOSE, CLASSY, PLAIN, LISTING_FILE, handwritten
from tests.support.links import path_bytes, row_at, row_text
from tests.support.visits import read_cache

REDIRECTS = """
    # Issue 13's redirects: to another origin, outside the listing's root, inside it.
    location = /redirects/away/ { return 302 http://127.0.0.2:%(port)d/elsewhere/; }
    location = /redirects/outside/ { return 302 /elsewhere/; }
    location = /redirects/moved/ { return 301 /redirects/kept/; }
"""

HANDWRITTEN = """
    # A directory holding .listing.json answers with it: a listing written by hand.
    location /odd/ {
        index .listing.json;
        autoindex on;
        autoindex_format json;
    }
    # People get the HTML listing; the JSON one is written by hand.
    location = /odd/mixed/ {
        autoindex on;
        if ($autoindex_sitemap_json) { rewrite ^ /odd/mixed/.listing.json last; }
    }
"""

# Another origin on the same port, which lets any page read it.
OTHER_ORIGIN = """
    server {
        listen 127.0.0.2:%(port)d;
        root %(root)s;
        autoindex on;
        add_header Access-Control-Allow-Origin * always;
    }
"""

SITES = {'nginx-html': ('html-listings.conf', REDIRECTS),
         'nginx-json': ('json-by-accept.conf', REDIRECTS + HANDWRITTEN)}


@pytest.fixture(scope='module')
def servers(live_server, edge_tree, tmp_path_factory):
    """{'nginx-html', 'nginx-json'}: the stock configurations with the locations above."""
    folder = tmp_path_factory.mktemp('odd-sites')
    started = {}
    for kind, (stock, locations) in SITES.items():
        port = free_port()
        text = (NGINX_DIR / stock).read_text(encoding='utf-8').rstrip()
        assert text.endswith('}')
        site = folder / stock
        site.write_text(text[:-1] + locations % {'port': port} + '}\n', encoding='utf-8')
        started[kind] = live_server('nginx', edge_tree, site=site, port=port,
                                    extra=OTHER_ORIGIN % {'port': port, 'root': edge_tree})
    return started


@pytest.fixture(params=list(SITES))
def server(request, servers):
    return servers[request.param]


@pytest.fixture
def json_server(servers):
    return servers['nginx-json']


def records_at(page, path):
    """The cached records whose URL opens path (bytes)."""
    cache = read_cache(page)
    return [record for record in (cache or {}).get('records', []) if path_bytes(record['url']) == path]


# Redirected directories, and words their row must show of where they led.
LEAVING = {'away': '127.0.0.2:{port}/elsewhere/', 'outside': '/elsewhere/'}


@pytest.mark.parametrize('name', list(LEAVING))
def test_a_redirect_leaving_the_root_fails_naming_where_and_caches_nothing(page, server,
                                                                           bookmarklet, name):
    overlay = page.open_sitemap(server.url('/redirects/'), bookmarklet)
    row = row_at(overlay, b'/redirects/' + name.encode() + b'/')
    assert row['status'] == 'failed' and row['children'] == [], \
        (row['status'], [child['href'] for child in row['children']])
    assert LEAVING[name].format(port=server.port) in row_text(page, row['href'])
    assert records_at(page, b'/redirects/' + name.encode() + b'/') == []
    assert records_at(page, b'/elsewhere/') == []


def test_a_redirect_inside_the_root_is_followed(page, server, bookmarklet):
    overlay = page.open_sitemap(server.url('/redirects/'), bookmarklet)
    moved = row_at(overlay, b'/redirects/moved/')
    assert moved['status'] == 'new' and [child['name'] for child in moved['children']] == \
        ['kept.txt']


def test_items_with_a_class_key_are_read_as_any_other(page, json_server, bookmarklet):
    overlay = page.open_sitemap(json_server.url('/odd/classy/'), bookmarklet)
    assert sorted(row['name'] for row in overlay['rows']) == sorted(CLASSY)
    one = row_at(overlay, b'/odd/classy/one/')
    assert one['status'] == 'new' and [child['name'] for child in one['children']] == ['readme.txt']
    assert overlay['status']['state'] == 'done'


# A type that JavaScript's == must turn into a string, and cannot (its toString is no
# function): compared loosely it threw a TypeError, now it is no type at all.
def test_a_directory_whose_listing_threw_under_loose_equality_loads(page, json_server,
                                                                    bookmarklet):
    overlay = page.open_root(json_server.url('/odd/pool/'), bookmarklet)
    assert [row['name'] for row in overlay['rows'] if row.get('status') == 'pending'] == []
    assert overlay['status']['state'] == 'done', overlay['status']
    throwing = row_at(overlay, b'/odd/pool/throwing/')
    assert throwing['status'] == 'new' and \
        [(child['name'], child['type']) for child in throwing['children']] == [('odd', 'other')]
    plain = row_at(overlay, b'/odd/pool/' + PLAIN + b'/')
    assert [child['name'] for child in plain['children']] == ['readme.txt']


def test_a_root_whose_listing_threw_under_loose_equality_is_read(page, json_server, bookmarklet):
    overlay = page.open_root(json_server.url('/odd/mixed/'), bookmarklet)
    assert overlay['status']['state'] == 'done', overlay['status']['text']
    assert [(row['name'], row['type']) for row in overlay['rows']] == [('odd', 'other')]


def test_values_that_only_loosely_equal_a_listing_s_are_not_read_as_one(page, json_server,
                                                                         bookmarklet):
    overlay = page.open_sitemap(json_server.url('/odd/loose/'), bookmarklet)
    rows = {row['name']: row for row in overlay['rows']}
    assert sorted(rows) == sorted(LOOSE)
    assert rows['sound']['type'] == 'directory' and rows['sound']['status'] == 'new'
    # A list is not the word 'directory'.
    assert rows['as-list']['type'] == 'other' and 'status' not in rows['as-list'], rows['as-list']
    # No file holds 1e300 bytes; 5.0 is the number 5, which JSON cannot tell apart.
    assert 'size' not in rows['huge.bin'], rows['huge.bin']
    assert rows['five.bin'].get('size', '5') == '5', rows['five.bin']


def test_a_listing_past_the_body_limit_is_refused_unread(page, json_server, edge_tree,
                                                         bookmarklet):
    # A sound listing, padded past the limit with the white space JSON allows.
    folder = os.path.join(os.fsencode(str(edge_tree)), b'odd', b'huge')
    os.makedirs(folder)
    try:
        with open(os.path.join(folder, LISTING_FILE), 'wb') as listing:
            listing.write(handwritten({'inside.txt': {'type': 'file', 'size': 1}}))
            listing.write(b' ' * BODY_LIMIT)
        overlay = page.open_root(json_server.url('/odd/'), bookmarklet)
        huge = row_at(overlay, b'/odd/huge/')
        assert huge['status'] == 'failed' and huge['children'] == [], huge
        assert TOO_LARGE in row_text(page, huge['href'])
        assert records_at(page, b'/odd/huge/') == []
        assert row_at(overlay, b'/odd/classy/')['status'] == 'new'
    finally:
        shutil.rmtree(folder)
