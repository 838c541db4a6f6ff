"""Beyond two levels, end to end in every engine against a real nginx: search the cached
tree, open in place, what's new, totals, exports, copy and save, read through
docs/contract.md only.

Hostile names sit at every depth: spaces, quotes, `$`, backticks and a line break,
and the exports are run through the real wget and aria2c.
"""

import json
import os
import re
import shutil
import subprocess
import time

import pytest

from tests.support.held_sites import held_site
from tests.support.trees import write_tree, directory, file, touch, href_of, SEPT_2026
from tests.support.visits import read_cache, quiet_requests

HOSTILE_FILE = 'a b $HOME `id` "q\'.txt'
HOSTILE_DIR = 'sub $(id) `x`'
BREAK_FILE = 'line\nbreak.txt'


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


def text_of(page, selector):
    return page.find(selector).text_content()


def type_query(page, text):
    """Focus the filter as a user does, with `/`, and type."""
    page.press('/')
    page.type(text)


MATCHES_START = """(start) => (document.getElementById('autoindex-sitemap').shadowRoot
    .querySelector('[data-role=matches]').textContent || '').startsWith(start)"""


def wait_matches(page, start):
    """The overlay once the count of matches says start; hits without their name (the
    path says it)."""
    page.wait_for(MATCHES_START, start)
    overlay = page.read_overlay()
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


def cache_below(page, server, bookmarklet, paths):
    """Visit each listing in turn, and wait until its level-1 directories are cached."""
    for path in paths:
        overlay = page.open_sitemap(server.url(path), bookmarklet)
        wait_cached(page, [row['href'] for row in overlay['rows'] if row['type'] == 'directory'])
        page.run_bookmarklet(bookmarklet)


def wait_cached(page, urls):
    for _ in range(100):
        cache = read_cache(page)
        if set(urls) <= {record['url'] for record in (cache or {}).get('records', [])}:
            return
        time.sleep(0.1)
    raise AssertionError('not cached: {}'.format(urls))


def test_a_tree_search_finds_cached_entries_at_any_depth(page, tree, bookmarklet):
    server, _ = tree
    cache_below(page, server, bookmarklet, ['/docs/deep/', '/docs/'])
    page.open_sitemap(server.url('/'), bookmarklet)
    page.control('scope').select_option('tree')
    type_query(page, 'I')
    # Listed: the root, docs/ and media/ (this visit), docs/deep/ (the visit of docs/),
    # docs/deep/sub…/ (the visit of docs/deep/); media/never/ never was.
    listed = ['', 'docs/', 'media/', 'docs/deep/', 'docs/deep/' + HOSTILE_DIR + '/']
    expected = expected_hits(server, listed, 'i')
    overlay = wait_matches(page, '{} hits in 5 listings · 1 never loaded'.format(len(expected)))
    assert overlay['hits'] == expected[:10]
    assert 'docs/deep/' + HOSTILE_DIR + '/inner.bin' in [hit['path'] for hit in expected]
    assert overlay['pager'] == {'page': '1', 'pages': str((len(expected) + 9) // 10)}
    page.control('next').click()
    page.wait_for("() => document.getElementById('autoindex-sitemap').shadowRoot"
                  ".querySelector('[data-role=pager]').getAttribute('data-page') === '2'")
    assert wait_matches(page, str(len(expected)))['hits'] == expected[10:20]
    # Back to this page's names: rows again, filtered by name.
    page.control('scope').select_option('page')
    overlay = wait_matches(page, '1 of 3 match')
    assert overlay['hits'] == [] and [row['name'] for row in overlay['rows']] == ['media']
    assert page.errors == []


def test_whats_new_lists_what_appeared_or_changed_since_the_previous_visit(page, tree, bookmarklet):
    server, www = tree
    page.open_sitemap(server.url('/'), bookmarklet)
    page.run_bookmarklet(bookmarklet)
    time.sleep(1.1)  # the visit's second is over: what follows is after it
    (www / 'docs' / 'brand new $x.txt').write_bytes(b'12')
    now = time.time()
    touch(www / 'media' / 'song.mp3', now)
    touch(www / 'media', now)
    page.open_sitemap(server.url('/'), bookmarklet)
    page.control('whats-new').click()
    overlay = wait_matches(page, '4 new or changed since the visit ')
    assert sorted([hit['path'], hit['change']] for hit in overlay['hits']) == sorted([
            ['docs/', 'changed'], ['docs/brand new $x.txt', 'new'],
            ['media/', 'changed'], ['media/song.mp3', 'changed']])
    assert [hit['mtime'] for hit in overlay['hits']] == sorted(
        [hit['mtime'] for hit in overlay['hits']], reverse=True)
    new = [hit for hit in overlay['hits'] if hit['change'] == 'new'][0]
    assert new['href'] == href_of(server.url('/docs/'), 'brand new $x.txt', False) and new['size'] == '2'
    page.control('whats-new').click()
    page.wait_for("() => document.getElementById('autoindex-sitemap').shadowRoot"
                  ".querySelector('[data-role=row]') !== null")
    assert page.read_overlay()['hits'] == []


def test_each_loaded_directory_shows_its_totals_and_the_status_the_pages(page, tree, bookmarklet):
    server, _ = tree
    overlay = page.open_sitemap(server.url('/'), bookmarklet)
    assert {total['href']: [total['count'], total['bytes']] for total in overlay['totals']} == {
        server.url('/docs/'): ['2', '10'], server.url('/media/'): ['10', '1008']}
    assert overlay['status']['text'].endswith(' · 3 entries · 5 B')


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
def test_exports_recreate_the_tree_with_wget_and_aria2c(page, tree, bookmarklet, tmp_path):
    server, _ = tree
    cache_below(page, server, bookmarklet, ['/docs/deep/', '/docs/'])
    page.open_sitemap(server.url('/'), bookmarklet)
    page.control('scope').select_option('tree')
    type_query(page, '.')
    overlay = wait_matches(page, '14 hits')
    page.find('.export summary').click()  # open the export box
    texts = {}
    hints = {}
    for chosen in ['json', 'wget', 'aria2', 'urls']:  # each a change: the text follows at once
        page.control('export-format').select_option(chosen)
        texts[chosen] = page.read_overlay()['exported']
        hints[chosen] = text_of(page, '.export code')
    listed = json.loads(texts['json'])
    paths = [item['path'] for item in listed]
    assert all('?' not in item['url'] for item in listed)
    assert texts['urls'].splitlines() == [item['url'] for item in listed]
    files = sorted(item['path'] for item in listed if item['type'] == 'file')
    assert 'docs/deep/' + HOSTILE_FILE in files and 'docs/deep/' + BREAK_FILE not in files
    # No tool saves a line break as it is: left out of every format, and said.
    assert text_of(page, '[data-role=left-out]') == '1 name left out: ' + json.dumps('docs/deep/' + BREAK_FILE)
    assert 'docs/deep/' + HOSTILE_DIR + '/inner.bin' in files
    assert paths[:1] == [overlay['hits'][0]['path']]
    (tmp_path / 'wget').mkdir()
    (tmp_path / 'wget' / 'sitemap.txt').write_text(texts['wget'], encoding='utf-8')
    assert hints['wget'].startswith('wget ')
    assert run_tool(hints['wget'].split(' '), tmp_path / 'wget') == files
    (tmp_path / 'aria2').mkdir()
    (tmp_path / 'aria2' / 'sitemap.txt').write_text(texts['aria2'], encoding='utf-8')
    assert run_tool(hints['aria2'].split(' '), tmp_path / 'aria2') == files


KEPT_CHOICES = """new Promise((resolve) => {
  const request = indexedDB.open('autoindex-sitemap');
  request.onsuccess = () => {
    const database = request.result;
    if (!database.objectStoreNames.contains('choices')) { database.close(); resolve(null); return; }
    const read = database.transaction('choices').objectStore('choices').get('choices');
    read.onsuccess = () => { database.close(); resolve(read.result || null); };
  };
})"""

SCOPE = "document.getElementById('autoindex-sitemap').shadowRoot.querySelector('[data-role=scope]').value"


def test_page_size_and_scope_chosen_are_kept_for_the_next_visit(page, tree, bookmarklet):
    server, _ = tree
    overlay = page.open_sitemap(server.url('/'), bookmarklet)
    assert overlay['size'] == '10' and page.evaluate(SCOPE) == 'page', "the build's defaults"
    page.control('page-size').select_option('20')
    page.control('scope').select_option('tree')
    for _ in range(100):  # until the write has committed
        if page.evaluate(KEPT_CHOICES) == {'pageSize': 20, 'scope': 'tree'}:
            break
        time.sleep(0.1)
    page.run_bookmarklet(bookmarklet)
    page.goto(server.url('/docs/'))  # another root: the choices are the browser's
    page.run_bookmarklet(bookmarklet)
    page.wait_for(SCOPE + " === 'tree'")
    overlay = page.wait_settled()
    assert overlay['size'] == '20' and [row['name'] for row in overlay['rows']] == ['deep', 'guide.txt']


SHOWS_ROOT = """(url) => {
  const status = document.getElementById('autoindex-sitemap').shadowRoot
    .querySelector('[data-role=status]');
  return status.getAttribute('data-root') === url && status.getAttribute('data-state') !== 'loading';
}"""


def wait_root(page, url):
    """The overlay once it shows url's listing, settled."""
    page.wait_for(SHOWS_ROOT, url)
    return page.read_overlay()


CRUMBS = """[...document.getElementById('autoindex-sitemap').shadowRoot
    .querySelectorAll('[data-role=crumb]')].map((crumb) => [crumb.textContent, crumb.getAttribute('data-href')])"""


def test_a_directory_opens_in_place_with_crumbs_back_and_the_page_stays(page, tree, bookmarklet):
    server, _ = tree
    page_url = server.url('/')
    page.open_sitemap(page_url, bookmarklet)
    page.find('[data-role=open]').click()  # the first row's: docs/, the newest
    overlay = wait_root(page, server.url('/docs/'))
    assert [row['name'] for row in overlay['rows']] == ['deep', 'guide.txt']
    assert [child['name'] for child in overlay['rows'][0]['children']] == [HOSTILE_DIR, HOSTILE_FILE, BREAK_FILE]
    assert overlay['status']['state'] == 'done' and overlay['rows'][0]['status'] == 'new'
    assert page.evaluate(CRUMBS) == [['/', page_url], ['docs/', server.url('/docs/')]]
    # A child directory opens too: two levels down, its name hostile.
    page.find('[data-role=child] [data-role=open]').click()
    deepest = server.url('/docs/deep/') + href_of('', HOSTILE_DIR, True)
    overlay = wait_root(page, deepest)
    assert [row['name'] for row in overlay['rows']] == ['inner.bin']
    assert page.evaluate(CRUMBS)[-1] == [HOSTILE_DIR + '/', deepest]
    page.press('Backspace')
    wait_root(page, server.url('/docs/deep/'))
    page.press('Alt+ArrowLeft')
    wait_root(page, server.url('/docs/'))
    page.find('[data-role=crumb]').click()
    overlay = wait_root(page, page_url)
    assert [row['name'] for row in overlay['rows']] == ['docs', 'media', 'top.txt']
    assert page.url == page_url and page.evaluate(CRUMBS) == [['/', page_url]]
    assert page.errors == []


def test_a_search_typed_while_a_directory_is_read_lists_its_hits_once_it_is(
        page, serve, tmp_path, delaying_upstream, bookmarklet):
    www = tmp_path / 'www'
    write_tree(www, spec())
    server = serve(held_site(tmp_path, delaying_upstream(1.5), '/docs/'), www)
    page.open_sitemap(server.url('/'), bookmarklet)
    page.find('[data-role=row][data-name=docs] [data-role=open]').click()
    # docs/ is still being read: its own names are not known yet.
    page.control('scope').select_option('tree')
    type_query(page, 'guide')
    overlay = wait_matches(page, '1 hit')
    assert [hit['path'] for hit in overlay['hits']] == ['guide.txt']
    assert overlay['status']['root'] == server.url('/docs/')
    # The listing read meanwhile is the page's rows once the search is cleared.
    page.control('filter').fill('')
    overlay = wait_root(page, server.url('/docs/'))
    assert [row['name'] for row in overlay['rows']] == ['deep', 'guide.txt'] and overlay['hits'] == []
    assert page.errors == []


def test_a_cached_directory_opened_again_in_place_costs_one_request(page, tree, bookmarklet):
    server, _ = tree
    page.open_sitemap(server.url('/'), bookmarklet)
    page.find('[data-role=open]').click()
    wait_root(page, server.url('/docs/'))
    wait_cached(page, [server.url('/docs/deep/')])
    page.run_bookmarklet(bookmarklet)
    page.open_sitemap(server.url('/'), bookmarklet)
    quiet_requests(server)
    server.forget_requests()
    page.find('[data-role=open]').click()
    overlay = wait_root(page, server.url('/docs/'))
    assert [r['uri'] for r in quiet_requests(server)] == ['/docs/']
    assert [row['status'] for row in overlay['rows'] if row['type'] == 'directory'] == ['fresh']


def open_export(page, server, bookmarklet, chosen):
    """The export of the rows shown, in a format chosen (not the default, so that the text
    follows at once rather than a quarter second after what is shown)."""
    page.open_sitemap(server.url('/'), bookmarklet)
    page.find('.export summary').click()
    page.control('export-format').select_option(chosen)
    return page.read_overlay()['exported']


COPY_SAID = """() => document.getElementById('autoindex-sitemap').shadowRoot
    .querySelector('.export .meta').textContent"""


def test_save_downloads_the_export_and_copy_puts_it_on_the_clipboard(page, tree, bookmarklet):
    server, _ = tree
    saved = open_export(page, server, bookmarklet, 'json')
    assert [item['path'] for item in json.loads(saved)][:2] == ['docs/', 'docs/deep/']
    page.control('save').click()
    assert page.wait_for_downloads() == {'sitemap.json': saved.encode('utf-8')}
    page.control('export-format').select_option('urls')
    text = page.read_overlay()['exported']
    page.control('copy').click()
    assert page.wait_for(COPY_SAID) == 'Copied'
    # What was copied, pasted as a user pastes: no script reads the clipboard.
    page.press('Escape')
    assert page.paste() == text


# A browser that refuses both ways to copy: no clipboard for the page, and a copy
# command that does nothing.
NO_COPY = """(() => {
  Object.defineProperty(Navigator.prototype, 'clipboard', {get: () => undefined});
  Document.prototype.execCommand = () => false;
})()"""

SELECTED = """() => { const area = document.getElementById('autoindex-sitemap')
    .shadowRoot.querySelector('[data-role=export-text]');
    return area.value.slice(area.selectionStart, area.selectionEnd); }"""


def test_a_copy_the_browser_refuses_says_so_and_leaves_the_text_selected(new_page, tree, bookmarklet):
    server, _ = tree
    page = new_page(NO_COPY)
    text = open_export(page, server, bookmarklet, 'wget')
    page.control('copy').click()
    assert 'select the text and copy it' in page.wait_for(COPY_SAID)
    assert page.evaluate(SELECTED) == text


def test_hostile_names_are_searched_shown_and_exported_as_text(page, serve, tmp_path, bookmarklet):
    from tests.e2e.test_e2e_overlay import HOSTILE
    www = tmp_path / 'www'
    write_tree(www, {name: directory(SEPT_2026 + i, {name: file(SEPT_2026, 1)}) for i, name in enumerate(HOSTILE)})
    server = serve('json-by-accept.conf', www)
    page.open_sitemap(server.url('/'), bookmarklet)
    page.control('page-size').select_option('30')
    page.wait_settled()
    page.control('scope').select_option('tree')
    type_query(page, '/')
    expected = sorted([name + '/' for name in HOSTILE] + [name + '/' + name for name in HOSTILE])
    overlay = wait_matches(page, '{} hits in {} listings'.format(len(expected), len(HOSTILE) + 1))
    texts = page.evaluate("[...document.getElementById('autoindex-sitemap').shadowRoot"
                          ".querySelectorAll('[data-role=hit] > .line > a')].map((a) => a.textContent)")
    assert texts == [hit['path'] for hit in overlay['hits']]
    page.find('.export summary').click()
    page.control('export-format').select_option('json')
    # A %XX in a name is one wget would save under another: left out, with what is in it.
    carried = [path for path in expected if not re.search('%[0-9A-F]{2}', path)]
    assert sorted(item['path'] for item in json.loads(page.read_overlay()['exported'])) == carried
    assert text_of(page, '[data-role=left-out]').startswith(
        '{} names left out: '.format(len(expected) - len(carried)))
    assert page.evaluate('window.pwned === undefined') is True and page.errors == []
