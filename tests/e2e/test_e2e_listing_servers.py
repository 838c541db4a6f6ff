"""The overlay end to end on every listing server the tests run live (issue 23).

Each server serves one small two-level tree; the bookmarklet a click runs must
show every entry of the page's directory with its kind, and the date and size
as far as the server's page shows them (its rule in tests/support/fixture_tree.py,
written from the captured pages; HFS's, whose pages hold no listing, from its API's live
answers), and load a directory's own entries. Every
kind runs in Chromium; Apache with icons as links, lighttpd, Caddy and
http-server in every engine.
"""

import os

import pytest

from tests.support import fixture_tree
from tests.support.expectations import iso

BASE = fixture_tree.BASE
# (name, kind, mtime, size); docs/ holds GUIDE.
TREE = [
    (b'docs', 'dir', BASE - 3600, 0),
    (b'notes.txt', 'file', BASE - 7200, 1234),
    (b'big.bin', 'file', BASE - 10800, 3 * 1024 * 1024 + 5),
    (b'read me.txt', 'file', BASE - 14400, 7),
]
GUIDE = (b'guide.txt', 'file', BASE - 600, 2000)

# How each kind is started, and the rule its page follows (tests/support/fixture_tree.shows).
STARTS = {
    'apache-icons': ('apache', {'index_options': 'FancyIndexing IconsAreLinks'},
                     {'server': 'apache', 'format': 'fancy-icons'}),
    'lighttpd': ('lighttpd', {}, {'server': 'lighttpd', 'format': 'html'}),
    'caddy': ('caddy', {}, {'server': 'caddy', 'format': 'html'}),
    'nginx-fancyindex': ('nginx-fancyindex', {}, {'server': 'nginx-fancyindex',
                                                  'format': 'default'}),
    'webfs': ('webfs', {}, {'server': 'webfs', 'format': 'html'}),
    'mini_httpd': ('mini_httpd', {}, {'server': 'mini_httpd', 'format': 'html'}),
    'micro_httpd': ('micro_httpd', {}, {'server': 'micro_httpd', 'format': 'html'}),
    'h2o': ('h2o', {}, {'server': 'h2o', 'format': 'html'}),
    'rclone': ('rclone', {}, {'server': 'rclone', 'format': 'html'}),
    'twisted': ('twisted', {}, {'server': 'twisted', 'format': 'html'}),
    'http-server': ('http-server', {}, {'server': 'http-server', 'format': 'html'}),
    'serve': ('serve', {}, {'server': 'serve', 'format': 'html'}),
    'yaws': ('yaws', {}, {'server': 'yaws', 'format': 'html'}),
    'hfs': ('hfs', {}, {'server': 'hfs', 'format': 'json'}),
}
EVERY_ENGINE = ['apache-icons', 'lighttpd', 'caddy', 'http-server']


@pytest.fixture(scope='session')
def small_tree(public_tmp):
    """TREE and GUIDE below one folder, every mtime set."""
    root = public_tmp / 'small'
    top = os.fsencode(str(root))
    os.makedirs(os.path.join(top, b'docs'), exist_ok=True)
    for name, kind, mtime, size in [(b'docs/' + GUIDE[0],) + GUIDE[1:]] + TREE:
        path = os.path.join(top, name)
        if kind == 'file':
            with open(path, 'wb') as handle:
                handle.truncate(size)
    for name, kind, mtime, size in [(b'docs/' + GUIDE[0],) + GUIDE[1:]] + TREE:
        os.utime(os.path.join(top, name), (mtime, mtime))
    os.chmod(os.path.join(top, b'docs'), 0o755)
    os.chmod(top, 0o755)
    return root


def expected_row(rule, name, kind, mtime, size):
    """What the overlay shows of one entry on a page that follows rule: its name and kind,
    the time as the page shows it, the size where the page shows it exactly."""
    row = {'name': name.decode(), 'type': 'directory' if kind == 'dir' else 'file'}
    if kind == 'dir' and rule['directories'] == 'unmarked':
        row['type'] = 'file'
    if rule['dates'] == 'second':
        row['mtime'] = iso(mtime)
    elif rule['dates'] in ('minute', 'yearless'):
        row['mtime'] = iso(fixture_tree.minute(mtime))
    if row['type'] == 'file' and kind == 'file' and rule['sizes'] == 'exact':
        row['size'] = str(size)
    return row


def check(page, live_server, small_tree, bookmarklet, kind):
    server_kind, options, quirks = STARTS[kind]
    server = live_server(server_kind, small_tree, **options)
    rule = fixture_tree.shows(quirks)
    overlay = page.open_sitemap(server.url('/'), bookmarklet)
    assert overlay['status']['state'] == 'done', overlay['status']
    rows = {row['name']: row for row in overlay['rows']}
    added = [name.decode() for name in fixture_tree.ADDED.get(quirks['server'], [])]
    assert sorted(rows) == sorted([name.decode() for name, *_ in TREE] + added), kind
    for name, node_kind, mtime, size in TREE:
        row = rows[name.decode()]
        wanted = expected_row(rule, name, node_kind, mtime, size)
        shown = {key: row[key] for key in wanted if key in row}
        assert shown == wanted, (kind, name)
        if 'mtime' not in wanted:
            assert 'mtime' not in row, (kind, name)
    if rule['directories'] == 'marked':
        # Level 2: the directory's own entries, loaded by the overlay.
        children = rows['docs']['children']
        assert sorted(child['name'] for child in children) == sorted([GUIDE[0].decode()] + added), \
            kind
    assert page.errors == []


@pytest.mark.browser
@pytest.mark.parametrize('kind', sorted(STARTS))
def test_every_live_listing_server_in_chromium(chromium, live_server, small_tree, bookmarklet,
                                                kind):
    page = chromium.new_page()
    try:
        check(page, live_server, small_tree, bookmarklet, kind)
    finally:
        page.close()


@pytest.mark.parametrize('kind', EVERY_ENGINE)
def test_a_representative_few_in_every_engine(page, live_server, small_tree, bookmarklet, kind):
    check(page, live_server, small_tree, bookmarklet, kind)


@pytest.mark.parametrize('root', [True, False])
def test_h2o_is_told_of_a_user_only_when_root_starts_it(tmp_path, monkeypatch, root):
    """h2o started by anyone but root stops when its configuration names a user (it tries
    to become that user): `make test` run by a person, as the README has it, lost h2o."""
    from servers.h2o import H2o
    monkeypatch.setattr(os, 'geteuid', lambda: 0 if root else 1000)
    config = H2o(tmp_path, tmp_path / 'work').config_fields()
    assert ('user: root' in config['user']) == root and (config['user'] == '') != root
