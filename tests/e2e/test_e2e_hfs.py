"""HFS 3 (HttpFileServer) end to end, in every engine (issue 45).

HFS's pages are an app drawn in the browser: a folder's HTML holds no listing, and the
app asks HFS's API for it. A click on an HFS folder reads each listing from that API,
by the directory's path (docs/design.md, Reading listings), and shows the tree as on any
other server: names, kinds, dates to the second and exact sizes, each directory's own
entries, links and cache records at the addresses HFS serves them at. The tree is written
by the test, with names that URLs give a meaning to; what the overlay must show is
written from it (tests/support/expectations.py).
"""

import json
import os
import subprocess
from urllib.parse import parse_qs, unquote_to_bytes, urlsplit

import pytest

from bookmarklet.browser.gate import HFS_LISTINGS
from servers.hfs import Hfs
from tests.support.expectations import check_first_page
from tests.support.links import open_link, row_at
from tests.support.trees import SEPT_2026, directory, file, href_of, write_tree
from tests.support.visits import visit, read_cache, quiet_requests

ODD = 'odd %41 #&+=;'
ODD_FILE = '100% #1 &+=.txt'
SPEC = {
    'docs': directory(SEPT_2026 + 500, {'guide.txt': file(SEPT_2026 + 50, 10),
                                        'deep': directory(SEPT_2026 + 40, {'x.txt': file(SEPT_2026, 1)})}),
    ODD: directory(SEPT_2026 + 400, {ODD_FILE: file(SEPT_2026 + 30, 7)}),
    'café 日本': directory(SEPT_2026 + 300, {'inner.bin': file(SEPT_2026 + 20, 11)}),
    'read me.txt': file(SEPT_2026 + 200, 1234),
    '.hidden': file(SEPT_2026 + 100, 3),
    'big.bin': file(SEPT_2026 - 86400, 3 * 1024 * 1024 + 5),
}
# HFS lists no name that is not UTF-8: it reads a folder's names as UTF-8, and the name it
# then has for this one names no file, so it leaves it out of its listing.
LATIN1 = b'caf\xe9.txt'


@pytest.fixture(scope='session')
def hfs(live_server, public_tmp):
    """HFS sharing SPEC (and LATIN1) at /, once for the session."""
    root = public_tmp / 'hfs'
    write_tree(root, SPEC)
    with open(os.path.join(os.fsencode(str(root)), LATIN1), 'wb') as handle:
        handle.write(b'x')
    return live_server('hfs', root)


def api_paths(uris):
    """The paths of the directories the API was asked for, as bytes, as HFS reads them: the
    query's value, then each segment of it decoded (src/vfs.js, urlToNode)."""
    found = []
    for uri in uris:
        if uri.startswith(HFS_LISTINGS):
            value = parse_qs(urlsplit(uri).query, strict_parsing=True)['uri']
            found.append(b'/'.join(unquote_to_bytes(segment) for segment in value[0].split('/')))
    return found


def test_a_click_on_an_hfs_folder_shows_its_tree_read_from_its_api(page, hfs, bookmarklet):
    overlay, uris = visit(page, hfs, bookmarklet)
    assert overlay['status']['state'] == 'done', overlay['status']
    # Every entry of SPEC, and no other: LATIN1 is not listed.
    check_first_page(overlay, SPEC, hfs.url('/'), 1)
    # One request for each listing, the API's, and none for a directory's page: the app's
    # HTML, which holds no listing.
    directories = [b'/' + name.encode() + b'/' for name, node in SPEC.items() if 'children' in node]
    assert sorted(api_paths(uris)) == sorted([b'/'] + directories), uris
    assert len(uris) == len(directories) + 1, uris
    # Each listing is kept under the address HFS serves the directory at, not the API's.
    records = sorted(record['url'] for record in read_cache(page)['records'])
    assert records == sorted([hfs.url('/')] + [href_of(hfs.url('/'), name, True) for name in SPEC
                                               if 'children' in SPEC[name]])
    assert page.errors == []


def test_every_link_opens_what_hfs_serves_at_that_name(page, hfs, bookmarklet):
    overlay = page.open_sitemap(hfs.url('/'), bookmarklet)
    for name, node in SPEC.items():
        row = row_at(overlay, b'/' + name.encode() + (b'/' if 'children' in node else b''))
        opened = open_link(page, row['href'])
        assert opened['status'] == 200 and not opened['redirected'], name
        if 'size' in node:
            assert len(opened['text']) == node['size'], name
    inner = row_at(overlay, b'/' + ODD.encode() + b'/' + ODD_FILE.encode())
    opened = open_link(page, inner['href'])
    assert opened['status'] == 200 and len(opened['text']) == 7
    assert page.errors == []


def test_an_hfs_folder_opens_in_place_from_the_api_and_a_revisit_asks_for_the_root_alone(
        page, hfs, bookmarklet):
    overlay = page.open_sitemap(hfs.url('/'), bookmarklet)
    odd = row_at(overlay, b'/' + ODD.encode() + b'/')
    quiet_requests(hfs, settle=0.2)
    hfs.forget_requests()
    page.evaluate("""(href) => [...document.getElementById('autoindex-sitemap').shadowRoot
        .querySelectorAll('[data-role=row]')].find((row) => row.getAttribute('data-href') === href)
        .querySelector('[data-role=open]').click()""", odd['href'])
    page.wait_for("""(href) => { const status = document.getElementById('autoindex-sitemap')
        .shadowRoot.querySelector('[data-role=status]');
        return status.getAttribute('data-root') === href && status.getAttribute('data-state') === 'done'; }""",
                  odd['href'], timeout=10000)
    shown = page.read_overlay()
    assert [[row['name'], row['size']] for row in shown['rows']] == [[ODD_FILE, '7']]
    assert api_paths([r['uri'] for r in quiet_requests(hfs)]) == [b'/' + ODD.encode() + b'/']
    # Closed, and clicked again on the page: the records are fresh, the root alone is asked.
    page.press('Escape')
    page.wait_for('document.getElementById("autoindex-sitemap") === null', timeout=5000)
    overlay, uris = visit(page, hfs, bookmarklet)
    assert api_paths(uris) == [b'/'] and len(uris) == 1, uris
    assert {row['status'] for row in overlay['rows'] if row['type'] == 'directory'} == {'fresh'}
    assert page.errors == []



SHOWN = 'console.log(JSON.stringify(require("os").networkInterfaces()))'


def test_hfs_is_shown_no_network_interface_but_the_loopback(tmp_path):
    """HFS looks for a UPnP gateway from each network interface that is not internal, as it
    starts and every ten minutes (src/nat.js): run as the tests run it, it is shown none, so
    it sends nothing past the loopback."""
    node = Hfs(tmp_path, tmp_path / 'work').command(None)[:3]
    shown = json.loads(subprocess.run(node + ['-e', SHOWN], capture_output=True, text=True,
                                      check=True, timeout=30).stdout)
    addresses = [address for found in shown.values() for address in found]
    assert addresses and all(address['internal'] for address in addresses), shown
    assert '127.0.0.1' in [address['address'] for address in addresses]
