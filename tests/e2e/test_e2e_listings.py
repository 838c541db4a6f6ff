"""The overlay end to end on every way nginx lists a directory, and on captured pages of
other servers: real nginx, each browser engine, the bookmarklet a click runs."""

import re
import subprocess
import sys
from urllib.parse import urlsplit

import pytest

from servers.process import free_port, stop_process, wait_listening
from tests.support.builds import built_bookmarklet
from tests.support.fixture_corpus import fixture_names, load, FIXTURES
from tests.support.visits import visit
from tests.support.expectations import check_first_page, without, iso
from tests.support.parity_cases import HFS_2_4, BLOCK_ROWS, ROOT_UP, MARKED_ROWS, marked_page, \
    CLASS_ROWS, class_page
from tests.support.trees import standard_tree, write_tree, expected_entries, directory, file, \
    SEPT_2026

PREFIXES = ['--json-prefix-from', '/files/', '--json-prefix-to', '/json/files/']


@pytest.fixture(scope='module')
def prefix_bookmarklet(tmp_path_factory):
    """The bookmarklet built with the JSON location options, into a folder of its own."""
    return built_bookmarklet(tmp_path_factory.mktemp('prefix-build'), *PREFIXES)


def test_xml_listings_by_accept(page, serve, tmp_path, bookmarklet):
    spec = standard_tree(23)
    write_tree(tmp_path / 'www', spec)
    server = serve('xml-listings.conf', tmp_path / 'www')
    page.goto(server.url('/'))
    assert page.evaluate("document.contentType") == 'text/html', 'people still browse HTML'
    server.forget_requests()
    page.run_bookmarklet(bookmarklet)
    check_first_page(page.wait_settled(), spec, server.url('/'), 1)
    assert page.errors == []
    listed = [r for r in server.requests() if r['uri'].endswith('/')]
    assert listed and all('application/xml' in r['accept'] for r in listed)


def test_json_at_a_separate_location(page, serve, tmp_path, prefix_bookmarklet):
    spec = standard_tree(23)
    write_tree(tmp_path / 'www', spec)
    server = serve('json-at-prefix.conf', tmp_path / 'www')
    # visit() lets the page load's own log line land before it counts.
    overlay, uris = visit(page, server, prefix_bookmarklet, '/files/')
    check_first_page(overlay, spec, server.url('/files/'), 1)
    assert page.errors == []
    assert uris[0] == '/json/files/', 'wave 1 asks the JSON location'
    assert all(uri.startswith('/json/files/') for uri in uris), 'so does wave 2'
    assert len(uris) == len(set(uris))
    assert all(row['href'].startswith(server.url('/files/')) for row in overlay['rows'])


def test_the_json_location_failing_falls_back_to_the_open_page(page, serve, tmp_path,
                                                               prefix_bookmarklet):
    spec = standard_tree(12)
    write_tree(tmp_path / 'www', spec)
    server = serve('html-listings.conf', tmp_path / 'www')  # no /json/files/ here
    overlay = page.open_sitemap(server.url('/'), prefix_bookmarklet)
    assert [row['name'] for row in overlay['rows']] == \
        [entry['name'] for entry in expected_entries(spec, 60)][:10]


def test_a_directory_whose_name_holds_a_line_break_keeps_its_place(page, serve, tmp_path,
                                                                   bookmarklet):
    """nginx's HTML writes the name's line break inside the link: the row still has its
    date, so the directory is sorted at its place, not last."""
    spec = standard_tree(12)
    spec['line\nbreak'] = directory(SEPT_2026 + 3 * 3600 + 30, {'inside.txt': file(SEPT_2026, 4)})
    write_tree(tmp_path / 'www', spec)
    server = serve('html-listings.conf', tmp_path / 'www')
    check_first_page(page.open_sitemap(server.url('/'), bookmarklet), spec, server.url('/'), 60)
    assert page.errors == []


@pytest.fixture
def http_server(tmp_path):
    """Python's http.server over a folder: a listing without dates."""
    started = []

    def start(root):
        port = free_port()
        process = subprocess.Popen([sys.executable, '-m', 'http.server', str(port), '--bind',
                                    '127.0.0.1', '--directory', str(root)],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        started.append(process)
        wait_listening(process, port, 'http.server')
        return 'http://127.0.0.1:{}/'.format(port)

    yield start
    for process in started:
        stop_process(process)


def test_a_listing_without_dates_says_so(page, tmp_path, http_server, bookmarklet):
    spec = standard_tree(12)
    write_tree(tmp_path / 'www', spec)
    base = http_server(tmp_path / 'www')
    overlay = page.open_sitemap(base, bookmarklet)
    names = sorted(spec)
    assert [row['name'] for row in overlay['rows']] == names[:10]
    assert all('mtime' not in row and 'size' not in row for row in overlay['rows'])
    note = page.find('.note').inner_text()
    assert 'No dates listed: sorted by name.' in note
    assert overlay['status']['state'] == 'done' and overlay['status']['failed'] == '0'


HTML_FIXTURES = [name for name in fixture_names()
                 if 'html' in load(name)['meta']['contentType'] and 'entries' in load(name)['expected']
                 and load(name)['settings']['utcOffsetMinutes'] == 0]


def display_order(entries):
    dated = sorted((e for e in entries if e['mtime'] is not None), key=lambda e: (-e['mtime'], e['name']))
    return dated + sorted((e for e in entries if e['mtime'] is None), key=lambda e: e['name'])


PAGE_SIZE = ("() => document.getElementById('autoindex-sitemap').shadowRoot"
             ".querySelector('[data-role=page-size]').value")


# A link written as an absolute path or URL: its page is served where it was captured.
ABSOLUTE_LINK = re.compile(rb'href="(?:/|&#47;|https?:)[^"]')


def served_captures(serve, tmp_path):
    """{name: URL} of each HTML capture, served by nginx as a page: at /NAME/, or where it
    was captured when its links are absolute (a server of its own each)."""
    shared = tmp_path / 'www'
    found = {}
    server = None
    for name in HTML_FIXTURES:
        body = (FIXTURES / (name + '.body')).read_bytes()
        path = '/' + name + '/'
        root = shared
        if ABSOLUTE_LINK.search(body):
            path = urlsplit(load(name)['source']['url']).path
            root = tmp_path / name
        (root / path.strip('/')).mkdir(parents=True, exist_ok=True)
        (root / path.strip('/') / 'index.html').write_bytes(body)
        if root != shared:
            found[name] = serve('html-listings.conf', root).url(path)
        else:
            server = server or serve('html-listings.conf', shared)
            found[name] = server.url(path)
    return found


def test_captured_pages_read_the_same_through_the_browsers_parser(page, serve, tmp_path, bookmarklet):
    """Each captured HTML listing served as a page: the browser's DOMParser reads it into
    the page reading BeautifulSoup gives, so the rows are the expected entries."""
    urls = served_captures(serve, tmp_path)
    for name in HTML_FIXTURES:
        expected = load(name)['expected']
        base = urls[name]
        page.open_sitemap(base, bookmarklet)
        # The size chosen is remembered (IndexedDB): from the second page on it is 30
        # already, and choosing it again is no change the overlay would hear of.
        if page.evaluate(PAGE_SIZE) != '30':
            page.control('page-size').select_option('30')
        overlay = page.wait_settled()
        rows = [without(row, 'status', 'children') for row in overlay['rows']]
        wanted = []
        for entry in display_order(expected['entries'])[:30]:
            is_directory = entry['type'] == 'directory'
            row = {'name': entry['name'], 'type': entry['type'],
                   'href': base + entry['href'] + ('/' if is_directory else '')}
            if entry['mtime'] is not None:
                row['mtime'] = iso(entry['mtime'])
            if entry['size'] is not None and not entry['sizeApprox']:
                row['size'] = str(entry['size'])
            if entry['undecodable']:
                row['undecodable'] = 'true'
            wanted.append(row)
        assert rows == wanted, name
        if any(entry['sizeApprox'] for entry in expected['entries']):
            sizes = page.evaluate("""[...document.getElementById('autoindex-sitemap').shadowRoot
                .querySelectorAll('[data-role=row] .meta')].map((meta) => meta.innerText)""")
            assert any(text.startswith('~') for text in sizes), 'rounded sizes are shown as near'
    assert page.errors == []


def pages_served(serve, tmp_path, pages):
    """A server of html-listings.conf whose /<name>/ is the page of each [name, text]."""
    for name, text in pages:
        (tmp_path / 'www' / name).mkdir(parents=True)
        (tmp_path / 'www' / name / 'index.html').write_text(text)
    return serve('html-listings.conf', tmp_path / 'www')


def test_an_hfs_2_4_page_gives_each_entry_the_date_and_size_after_its_link(page, serve, tmp_path,
                                                                          bookmarklet):
    """HFS 2.4's page (tests/support/parity_cases.py) served as a page: each engine's walk
    of it gives every entry the date and size in the block after its link's, and the
    page's dates are day first; of the blocks near other links (BLOCK_ROWS) only those
    right after a link's block give it their words and stamps."""
    server = pages_served(serve, tmp_path, [('files', HFS_2_4), ('blocks', BLOCK_ROWS)])
    base = server.url('/blocks/')
    page.open_sitemap(base, bookmarklet)
    rows = [without(row, 'status', 'children') for row in page.wait_settled()['rows']]
    assert [[row['name'], row.get('mtime')] for row in rows] == [
        ['f.txt', '2022-10-17T17:35:00Z'], ['g.txt', '2022-10-17T17:35:00Z'], ['a.txt', None],
        ['b.txt', None], ['c.txt', None], ['d.txt', None], ['e.txt', None]]
    base = server.url('/files/')
    page.open_sitemap(base, bookmarklet)
    rows = [without(row, 'status', 'children') for row in page.wait_settled()['rows']]
    assert rows == [
        {'name': 'notes.txt', 'type': 'file', 'href': base + 'notes.txt', 'mtime': '2026-08-31T10:00:00Z'},
        {'name': 'old dir', 'type': 'directory', 'href': base + 'old%20dir/',
         'mtime': '2022-10-17T17:35:00Z'},
        {'name': 'a&b.txt', 'type': 'file', 'href': base + 'a%26b.txt', 'mtime': '2022-06-05T10:00:00Z',
         'size': '512'},
        {'name': 'big.iso', 'type': 'file', 'href': base + 'big.iso', 'mtime': '2022-04-03T09:15:00Z'}]
    assert page.errors == []


def test_a_table_led_by_root_and_up_and_a_directory_marked_in_its_row_read_in_every_engine(
        page, serve, tmp_path, bookmarklet):
    """A table led by '[Root]' and '[Up]' links (ROOT_UP) is a listing of its two children;
    a directory linked without its '/' and marked by its icon's alt text, or by a '-' where
    a file shows its size (marked_page), or by an element's class (class_page), is a
    directory, linked with its '/'."""
    server = pages_served(serve, tmp_path, [
        ('files', ROOT_UP), ('alt', marked_page(MARKED_ROWS['alt'])),
        ('dash', marked_page(MARKED_ROWS['dash'])),
        ('class', class_page(CLASS_ROWS['classes'])),
        ('no-folder', class_page(CLASS_ROWS['no folder']))])
    base = server.url('/files/')
    page.open_sitemap(base, bookmarklet)
    rows = [without(row, 'status', 'children') for row in page.wait_settled()['rows']]
    assert rows == [
        {'name': 'notes.txt', 'type': 'file', 'href': base + 'notes.txt', 'size': '1234'},
        {'name': 'old dir', 'type': 'directory', 'href': base + 'old%20dir/'}]
    for name in ['alt', 'dash']:
        base = server.url('/' + name + '/')
        page.open_sitemap(base, bookmarklet)
        rows = page.wait_settled()['rows']
        assert [[row['name'], row['type'], row['href']] for row in rows] == [
            ['notes.txt', 'file', base + 'notes.txt']] + (
            [['new', 'directory', base + 'new/']] if name == 'dash' else []) + [
            ['old dir', 'directory', base + 'old%20dir/']], name
    # Each engine's walk writes the classes' mark where BeautifulSoup's does: apart from
    # the date it stands in.
    base = server.url('/class/')
    page.open_sitemap(base, bookmarklet)
    rows = page.wait_settled()['rows']
    assert [[row['name'], row['type'], row['href'], row['mtime']] for row in rows] == [
        ['notes.txt', 'file', base + 'notes.txt', '2026-08-31T10:00:00Z'],
        ['docs', 'directory', base + 'docs/', '2026-08-30T10:00:00Z'],
        ['new', 'directory', base + 'new/', '2026-08-29T10:00:00Z'],
        ['old dir', 'directory', base + 'old%20dir/', '2022-10-17T17:35:00Z']]
    # and reads the classes that name no folder as BeautifulSoup's does.
    base = server.url('/no-folder/')
    page.open_sitemap(base, bookmarklet)
    rows = page.wait_settled()['rows']
    assert [[row['name'], row['type']] for row in rows] == [['notes.txt', 'file'], ['old dir', 'file']]
    assert page.errors == []
