"""Beyond two levels, end to end in Chromium and Firefox against a real nginx: search the
cached tree, what's new, totals and exports, read through docs/contract.md only.

Hostile names sit at every depth: spaces, quotes, `$`, backticks and a line break,
and the exports are run through the real wget and aria2c.
"""

import json
import os
import shutil
import subprocess
import time

import pytest

from tests.trees import write_tree, directory, file, touch, href_of, SEPT_2026
from tests.visits import READ_CACHE, quiet_requests
from tests.overlay_reader import open_sitemap, read_overlay, run_bookmarklet, wait_settled, \
    overlay_control


# This suite still speaks Playwright's API, not the browser seam's: Chromium only.
@pytest.fixture
def page(playwright_page):
    return playwright_page

HOSTILE_FILE = 'a b $HOME `id` "q\'.txt'
HOSTILE_DIR = 'sub $(id) `x`'
BREAK_FILE = 'line\nbreak.txt'


class ChromiumTab:
    """A Playwright page with the calls of tests/firefox_driver.FirefoxPage."""

    def __init__(self, page):
        self.page = page

    def goto(self, url):
        self.page.goto(url)

    def open_sitemap(self, url, bookmarklet):
        return open_sitemap(self.page, url, bookmarklet)

    def run_bookmarklet(self, url):
        run_bookmarklet(self.page, url)

    def read_overlay(self):
        return read_overlay(self.page)

    def wait_settled(self):
        return wait_settled(self.page)

    def wait_for(self, expression):
        self.page.wait_for_function(expression, timeout=15000)

    def click(self, role):
        overlay_control(self.page, role).first.click()

    def select(self, role, value):
        overlay_control(self.page, role).select_option(value)

    def press(self, key):
        self.page.keyboard.press(key)

    def evaluate(self, expression):
        return self.page.evaluate(expression)

    @property
    def errors(self):
        return self.page.errors


@pytest.fixture
def tab(page):
    return ChromiumTab(page)


def spec():
    return {
        'docs': directory(SEPT_2026 + 500, {
            'guide.txt': file(SEPT_2026 + 50, 10),
            'deep': directory(SEPT_2026 + 400, {
                HOSTILE_FILE: file(SEPT_2026 + 30, 7),
                BREAK_FILE: file(SEPT_2026 + 20, 3),
                HOSTILE_DIR: directory(SEPT_2026 + 300, {'inner.bin': file(SEPT_2026 + 10, 11)}),
            }),
        }),
        'media': directory(SEPT_2026 + 450, {
            'song.mp3': file(SEPT_2026 + 40, 1000),
            'never': directory(SEPT_2026 + 5, {'x': file(SEPT_2026, 1)}),
            **{'mix-{:02d}.ogg'.format(i): file(SEPT_2026 + 100 + i, 1) for i in range(8)},
        }),
        'top.txt': file(SEPT_2026 + 60, 5),
    }


@pytest.fixture
def tree(tmp_path, serve):
    www = tmp_path / 'www'
    write_tree(www, spec())
    return serve('json-by-accept.conf', www), www


def shadow(selector):
    return "document.getElementById('autoindex-sitemap').shadowRoot.querySelector('{}')".format(selector)


def click_first(tab, selector):
    """Click the first control the selector finds in the overlay (Firefox's locator waits
    for one match only, so there the click is the element's own)."""
    if isinstance(tab, ChromiumTab):
        tab.page.locator('#autoindex-sitemap ' + selector).first.click()
    else:
        tab.evaluate(shadow(selector) + '.click()')


def type_query(tab, text):
    tab.press('/')
    for char in text:
        tab.press(char)


def wait_matches(tab, start):
    """The overlay once the count of matches says start; hits without their name (the
    path says it)."""
    tab.wait_for("({}.textContent || '').startsWith({})".format(shadow('[data-role=matches]'),
                                                               json.dumps(start)))
    overlay = tab.read_overlay()
    overlay['hits'] = [{key: value for key, value in hit.items() if key != 'name'}
                       for hit in overlay['hits']]
    return overlay


def flat(node, path, base):
    """Every entry below a spec node: {path: (href, type, mtime, size)}."""
    found = {}
    for name, child in node.items():
        is_directory = 'children' in child
        child_path = path + name + ('/' if is_directory else '')
        href = href_of(base, name, is_directory)
        found[child_path] = {'path': child_path, 'href': href,
                             'type': 'directory' if is_directory else 'file',
                             'mtime': time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime(child['mtime']))}
        if not is_directory:
            found[child_path]['size'] = str(child['size'])
        else:
            found.update(flat(child['children'], child_path, href))
    return found


def expected_hits(server, listed, query):
    """The hits for query among the entries of the listed directories (paths below /)."""
    every = flat(spec(), '', server.url('/'))
    hits = [hit for path, hit in every.items()
            if path[:path.rstrip('/').rfind('/') + 1] in listed and query.lower() in path.lower()]
    return sorted(hits, key=lambda hit: (-time.mktime(time.strptime(hit['mtime'], '%Y-%m-%dT%H:%M:%SZ')),
                                         hit['path']))


def cache_below(tab, server, bookmarklet, paths):
    """Visit each listing in turn, and wait until its level-1 directories are cached."""
    for path in paths:
        overlay = tab.open_sitemap(server.url(path), bookmarklet)
        wait_cached(tab, [row['href'] for row in overlay['rows'] if row['type'] == 'directory'])
        tab.run_bookmarklet(bookmarklet)


def wait_cached(tab, urls):
    for _ in range(100):
        cache = tab.evaluate('(' + READ_CACHE + ')()')
        if set(urls) <= {record['url'] for record in cache['records']}:
            return
        time.sleep(0.1)
    raise AssertionError('not cached: {}'.format(urls))


def test_a_tree_search_finds_cached_entries_at_any_depth(tab, tree, bookmarklet):
    server, _ = tree
    cache_below(tab, server, bookmarklet, ['/docs/deep/', '/docs/'])
    tab.open_sitemap(server.url('/'), bookmarklet)
    tab.select('scope', 'tree')
    type_query(tab, 'I')
    # Listed: the root, docs/ and media/ (this visit), docs/deep/ (the visit of docs/),
    # docs/deep/sub…/ (the visit of docs/deep/); media/never/ never was.
    listed = ['', 'docs/', 'media/', 'docs/deep/', 'docs/deep/' + HOSTILE_DIR + '/']
    expected = expected_hits(server, listed, 'i')
    overlay = wait_matches(tab, '{} hits in 5 listings · 1 directories never loaded'.format(len(expected)))
    assert overlay['hits'] == expected[:10]
    assert 'docs/deep/' + HOSTILE_DIR + '/inner.bin' in [hit['path'] for hit in expected]
    assert overlay['pager'] == {'page': '1', 'pages': str((len(expected) + 9) // 10)}
    tab.click('next')
    tab.wait_for("{}.getAttribute('data-page') === '2'".format(shadow('[data-role=pager]')))
    assert wait_matches(tab, str(len(expected)))['hits'] == expected[10:20]
    # Back to this page's names: rows again, filtered by name.
    tab.select('scope', 'page')
    overlay = wait_matches(tab, '1 of 3 match')
    assert overlay['hits'] == [] and [row['name'] for row in overlay['rows']] == ['media']
    assert tab.errors == []


def test_whats_new_lists_what_appeared_or_changed_since_the_previous_visit(tab, tree, bookmarklet):
    server, www = tree
    tab.open_sitemap(server.url('/'), bookmarklet)
    tab.run_bookmarklet(bookmarklet)
    time.sleep(1.1)  # the visit's second is over: what follows is after it
    (www / 'docs' / 'brand new $x.txt').write_bytes(b'12')
    now = time.time()
    touch(www / 'media' / 'song.mp3', now)
    touch(www / 'media', now)
    tab.open_sitemap(server.url('/'), bookmarklet)
    tab.click('whats-new')
    overlay = wait_matches(tab, '4 new or changed since the previous visit, ')
    assert sorted([hit['path'], hit['change']] for hit in overlay['hits']) == sorted([
            ['docs/', 'changed'], ['docs/brand new $x.txt', 'new'],
            ['media/', 'changed'], ['media/song.mp3', 'changed']])
    assert [hit['mtime'] for hit in overlay['hits']] == sorted(
        [hit['mtime'] for hit in overlay['hits']], reverse=True)
    new = [hit for hit in overlay['hits'] if hit['change'] == 'new'][0]
    assert new['href'] == href_of(server.url('/docs/'), 'brand new $x.txt', False) and new['size'] == '2'
    tab.click('whats-new')
    tab.wait_for("{} !== null".format(shadow('[data-role=row]')))
    assert tab.read_overlay()['hits'] == []


def test_each_loaded_directory_shows_its_totals_and_the_status_the_pages(tab, tree, bookmarklet):
    server, _ = tree
    overlay = tab.open_sitemap(server.url('/'), bookmarklet)
    assert {total['href']: [total['count'], total['bytes']] for total in overlay['totals']} == {
        server.url('/docs/'): ['2', '10'], server.url('/media/'): ['10', '1008']}
    assert '3 entries here, 5 B in files' in overlay['status']['text']


def run_tool(command, cwd):
    subprocess.run(command, cwd=cwd, check=True, capture_output=True, timeout=60)
    found = []
    for folder, _, names in os.walk(cwd):
        for name in names:
            if name != 'sitemap.txt':
                found.append(os.path.relpath(os.path.join(folder, name), cwd))
    return sorted(found)


@pytest.mark.skipif(shutil.which('aria2c') is None or shutil.which('wget') is None,
                    reason='wget and aria2c run the exports: apt-get install wget aria2')
def test_exports_recreate_the_tree_with_wget_and_aria2c(tab, tree, bookmarklet, tmp_path):
    server, _ = tree
    cache_below(tab, server, bookmarklet, ['/docs/deep/', '/docs/'])
    tab.open_sitemap(server.url('/'), bookmarklet)
    tab.select('scope', 'tree')
    type_query(tab, '.')
    overlay = wait_matches(tab, '14 hits')
    tab.evaluate(shadow('.export summary') + '.click()')  # open the export box
    texts = {}
    hints = {}
    for chosen in ['urls', 'wget', 'aria2', 'json']:
        tab.select('export-format', chosen)  # the text follows at once
        texts[chosen] = tab.read_overlay()['exported']
        hints[chosen] = tab.evaluate(shadow('.export code') + '.textContent')
    listed = json.loads(texts['json'])
    paths = [item['path'] for item in listed]
    assert all('?' not in item['url'] for item in listed)
    assert texts['urls'].splitlines() == [item['url'] for item in listed]
    files = sorted(item['path'] for item in listed if item['type'] == 'file')
    assert 'docs/deep/' + HOSTILE_FILE in files and 'docs/deep/' + BREAK_FILE in files
    assert 'docs/deep/' + HOSTILE_DIR + '/inner.bin' in files
    assert paths[:1] == [overlay['hits'][0]['path']]
    (tmp_path / 'wget').mkdir()
    (tmp_path / 'wget' / 'sitemap.txt').write_text(texts['wget'], encoding='utf-8')
    assert hints['wget'].startswith('wget ')
    assert run_tool(hints['wget'].split(' '), tmp_path / 'wget') == files
    (tmp_path / 'aria2').mkdir()
    (tmp_path / 'aria2' / 'sitemap.txt').write_text(texts['aria2'], encoding='utf-8')
    assert run_tool(hints['aria2'].split(' '), tmp_path / 'aria2') == \
        sorted(path.replace('\n', '%0A') for path in files)


KEPT_CHOICES = """new Promise((resolve) => {
  const request = indexedDB.open('autoindex-sitemap');
  request.onsuccess = () => {
    const database = request.result;
    if (!database.objectStoreNames.contains('choices')) { database.close(); resolve(null); return; }
    const read = database.transaction('choices').objectStore('choices').get('choices');
    read.onsuccess = () => { database.close(); resolve(read.result || null); };
  };
})"""


def test_page_size_and_scope_chosen_are_kept_for_the_next_visit(tab, tree, bookmarklet):
    server, _ = tree
    scope = shadow('[data-role=scope]') + '.value'
    overlay = tab.open_sitemap(server.url('/'), bookmarklet)
    assert overlay['size'] == '10' and tab.evaluate(scope) == 'page', "the build's defaults"
    tab.select('page-size', '20')
    tab.select('scope', 'tree')
    for _ in range(100):  # until the write has committed
        if tab.evaluate(KEPT_CHOICES) == {'pageSize': 20, 'scope': 'tree'}:
            break
        time.sleep(0.1)
    tab.run_bookmarklet(bookmarklet)
    tab.goto(server.url('/docs/'))  # another root: the choices are the browser's
    tab.run_bookmarklet(bookmarklet)
    tab.wait_for(scope + " === 'tree'")
    overlay = tab.wait_settled()
    assert overlay['size'] == '20' and [row['name'] for row in overlay['rows']] == ['deep', 'guide.txt']


def wait_root(tab, url):
    """The overlay once it shows url's listing, settled."""
    tab.wait_for("{}.getAttribute('data-root') === {} && {}.getAttribute('data-state') !== 'loading'"
                 .format(shadow('[data-role=status]'), json.dumps(url), shadow('[data-role=status]')))
    return tab.read_overlay()


CRUMBS = """[...document.getElementById('autoindex-sitemap').shadowRoot
    .querySelectorAll('[data-role=crumb]')].map((crumb) => [crumb.textContent, crumb.getAttribute('data-href')])"""


def test_a_directory_opens_in_place_with_crumbs_back_and_the_page_stays(tab, tree, bookmarklet):
    server, _ = tree
    page_url = server.url('/')
    tab.open_sitemap(page_url, bookmarklet)
    click_first(tab, '[data-role=open]')  # the first row's: docs/, the newest
    overlay = wait_root(tab, server.url('/docs/'))
    assert [row['name'] for row in overlay['rows']] == ['deep', 'guide.txt']
    assert [child['name'] for child in overlay['rows'][0]['children']] == [HOSTILE_DIR, HOSTILE_FILE, BREAK_FILE]
    assert overlay['status']['state'] == 'done' and overlay['rows'][0]['status'] == 'new'
    assert tab.evaluate(CRUMBS) == [['/', page_url], ['docs/', server.url('/docs/')]]
    # A child directory opens too: two levels down, its name hostile.
    click_first(tab, '[data-role=child] [data-role=open]')
    deepest = server.url('/docs/deep/') + href_of('', HOSTILE_DIR, True)
    overlay = wait_root(tab, deepest)
    assert [row['name'] for row in overlay['rows']] == ['inner.bin']
    assert tab.evaluate(CRUMBS)[-1] == [HOSTILE_DIR + '/', deepest]
    tab.press('Backspace')
    wait_root(tab, server.url('/docs/deep/'))
    if isinstance(tab, ChromiumTab):
        tab.press('Alt+ArrowLeft')
        wait_root(tab, server.url('/docs/'))
    click_first(tab, '[data-role=crumb]')
    overlay = wait_root(tab, page_url)
    assert [row['name'] for row in overlay['rows']] == ['docs', 'media', 'top.txt']
    assert tab.evaluate('location.href') == page_url and tab.evaluate(CRUMBS) == [['/', page_url]]
    assert tab.errors == []


def test_a_cached_directory_opened_again_in_place_costs_one_request(tab, tree, bookmarklet):
    server, _ = tree
    tab.open_sitemap(server.url('/'), bookmarklet)
    click_first(tab, '[data-role=open]')
    wait_root(tab, server.url('/docs/'))
    wait_cached(tab, [server.url('/docs/deep/')])
    tab.run_bookmarklet(bookmarklet)
    tab.open_sitemap(server.url('/'), bookmarklet)
    quiet_requests(server)
    server.forget_requests()
    click_first(tab, '[data-role=open]')
    overlay = wait_root(tab, server.url('/docs/'))
    assert [r['uri'] for r in quiet_requests(server)] == ['/docs/']
    assert [row['status'] for row in overlay['rows'] if row['type'] == 'directory'] == ['fresh']


def open_export(page, server, bookmarklet, chosen):
    open_sitemap(page, server.url('/'), bookmarklet)
    page.locator('#autoindex-sitemap .export summary').click()
    overlay_control(page, 'export-format').select_option(chosen)
    return overlay_control(page, 'export-text').input_value()


def test_copy_puts_the_export_on_the_clipboard_and_save_downloads_it(context, tree, bookmarklet):
    server, _ = tree
    context.grant_permissions(['clipboard-read', 'clipboard-write'], origin=server.url('/')[:-1])
    page = context.new_page()
    text = open_export(page, server, bookmarklet, 'json')
    assert [item['path'] for item in json.loads(text)][:2] == ['docs/', 'docs/deep/']
    overlay_control(page, 'copy').click()
    page.wait_for_function("navigator.clipboard.readText().then((text) => text.length > 0)")
    assert page.evaluate('navigator.clipboard.readText()') == text
    with page.expect_download() as download:
        overlay_control(page, 'save').click()
    assert download.value.suggested_filename == 'sitemap.json'
    assert open(download.value.path(), encoding='utf-8').read() == text


# A browser that refuses both ways to copy: no clipboard for the page, and a copy
# command that does nothing.
NO_COPY = """(() => {
  Object.defineProperty(Navigator.prototype, 'clipboard', {get: () => undefined});
  Document.prototype.execCommand = () => false;
})()"""


def test_a_copy_the_browser_refuses_says_so_and_leaves_the_text_selected(context, tree, bookmarklet):
    server, _ = tree
    context.add_init_script(NO_COPY)
    page = context.new_page()
    text = open_export(page, server, bookmarklet, 'urls')
    overlay_control(page, 'copy').click()
    assert 'select the text and copy it' in page.locator('#autoindex-sitemap .export .meta').text_content()
    assert page.evaluate("""() => { const area = document.getElementById('autoindex-sitemap')
        .shadowRoot.querySelector('[data-role=export-text]');
        return area.value.slice(area.selectionStart, area.selectionEnd); }""") == text


def test_hostile_names_are_searched_shown_and_exported_as_text(tab, serve, tmp_path, bookmarklet):
    from tests.test_e2e_overlay import HOSTILE
    www = tmp_path / 'www'
    write_tree(www, {name: directory(SEPT_2026 + i, {name: file(SEPT_2026, 1)}) for i, name in enumerate(HOSTILE)})
    server = serve('json-by-accept.conf', www)
    overlay = tab.open_sitemap(server.url('/'), bookmarklet)
    tab.select('page-size', '30')
    tab.wait_settled()
    tab.select('scope', 'tree')
    type_query(tab, '/')
    expected = sorted([name + '/' for name in HOSTILE] + [name + '/' + name for name in HOSTILE])
    overlay = wait_matches(tab, '{} hits in {} listings'.format(len(expected), len(HOSTILE) + 1))
    texts = tab.evaluate("[...document.getElementById('autoindex-sitemap').shadowRoot"
                         ".querySelectorAll('[data-role=hit] > .line > a')].map((a) => a.textContent)")
    assert texts == [hit['path'] for hit in overlay['hits']]
    tab.evaluate(shadow('.export summary') + '.click()')
    tab.select('export-format', 'json')
    assert sorted(item['path'] for item in json.loads(tab.read_overlay()['exported'])) == expected
    assert tab.evaluate('window.pwned === undefined') is True and tab.errors == []
