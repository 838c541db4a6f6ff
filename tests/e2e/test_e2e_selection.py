"""The selection and the sitemap export, end to end in every engine against a real nginx,
read through docs/contract.md only: entries ticked across two pages, in a directory opened
in place and among search hits stay ticked, and every export takes exactly them; wget and
aria2c, run on the exports, fetch exactly the selected files into their folders. A mapped
tree of more than 50,000 files saves a sitemap index and its sitemaps, each passing the
protocol's rules, every URL once.
"""

import json
import os
import shutil
import subprocess

import pytest

from tests.support.browsers import first_of
from tests.support.sitemaps import checked_locs
from tests.support.trees import write_tree, directory, file, SEPT_2026
from tests.e2e.test_e2e_tree import type_query, text_of

ODD = 'a b $x `y`.txt'  # a name that quoting must carry


def spec():
    return {
        'docs': directory(SEPT_2026 + 900, {
            'guide.txt': file(SEPT_2026 + 50, 10),
            ODD: file(SEPT_2026 + 45, 4),
            'deep': directory(SEPT_2026 + 400, {
                'inner.bin': file(SEPT_2026 + 30, 7),
                'other.bin': file(SEPT_2026 + 20, 3),
            }),
        }),
        'media': directory(SEPT_2026 + 800, {
            'song.mp3': file(SEPT_2026 + 40, 100),
            'never': directory(SEPT_2026 + 5, {'x.bin': file(SEPT_2026, 1)}),
        }),
        # Twelve files: the rows fill two pages of ten.
        **{'f{:02d}.txt'.format(i): file(SEPT_2026 + 100 - i, 20 + i) for i in range(12)},
    }


@pytest.fixture
def tree(tmp_path, serve):
    www = tmp_path / 'www'
    write_tree(www, spec())
    return serve('json-by-accept.conf', www), www


OVERLAY = "document.getElementById('autoindex-sitemap').shadowRoot"
SELECTED = """(count) => document.getElementById('autoindex-sitemap').shadowRoot
    .querySelector('[data-role=selected]').getAttribute('data-count') === String(count)"""
ENTRIES = """(count) => document.getElementById('autoindex-sitemap').shadowRoot
    .querySelector('[data-role=selected]').getAttribute('data-entries') === String(count)"""
# Each box shown: the path (or name) of its entry and whether it is ticked, and its name.
BOXES = """() => [...document.getElementById('autoindex-sitemap').shadowRoot
    .querySelectorAll('[data-role=select]')].map((box) => {
  const entry = box.closest('li');
  return [entry.getAttribute('data-href'), box.checked, box.getAttribute('aria-label')];
})"""
SHOWS_ROOT = """(url) => {
  const status = document.getElementById('autoindex-sitemap').shadowRoot
    .querySelector('[data-role=status]');
  return status.getAttribute('data-root') === url && status.getAttribute('data-state') === 'done';
}"""
SETTLED_ROW = """(name) => document.getElementById('autoindex-sitemap').shadowRoot
    .querySelector('[data-role=row][data-name="' + name + '"]:not([data-status=pending])') !== null"""
def tick(page, selector):
    """Tick the box of the entry selector finds (its own box, not a child's)."""
    page.find(selector + ' > .line > [data-role=select]').click()


def ticked(page):
    return {href for href, checked, _ in page.evaluate(BOXES) if checked}


def run_tool(command, cwd, text):
    cwd.mkdir()
    (cwd / 'sitemap.txt').write_text(text, encoding='utf-8')
    subprocess.run(command, cwd=cwd, check=True, capture_output=True, timeout=60)
    found = {}
    for folder, _, names in os.walk(cwd):
        for name in names:
            if name != 'sitemap.txt':
                path = os.path.join(folder, name)
                found[os.path.relpath(path, cwd)] = os.path.getsize(path)
    return found


def exports(page):
    """Each format's export text and the command its hint gives, the box open."""
    texts = {}
    for chosen in ['json', 'wget', 'aria2', 'urls']:  # each a change: the text follows at once
        page.control('export-format').select_option(chosen)
        texts[chosen] = [page.control('export-text').input_value(), text_of(page, '.export code')]
    return texts


@pytest.mark.skipif(shutil.which('aria2c') is None or shutil.which('wget') is None,
                    reason='wget and aria2c run the exports: apt-get install wget aria2')
def test_entries_ticked_across_pages_roots_and_searches_are_what_every_export_takes(
        page, tree, bookmarklet, tmp_path):
    server, www = tree
    url = server.url
    page.open_sitemap(url('/'), bookmarklet)
    page.wait_for(SHOWS_ROOT, url('/'))
    page.find('.export summary').click()  # open the export box
    assert page.control('export-source').get_attribute('data-source') == 'shown'
    # Page 1: a file row, and a child of docs/, whose box is named by its entry.
    tick(page, '[data-role=row][data-name="f00.txt"]')
    tick(page, '[data-role=child][data-name="guide.txt"]')
    page.wait_for(SELECTED, 2)
    assert page.control('export-source').get_attribute('data-source') == 'selection'
    boxes = {href: label for href, _, label in page.evaluate(BOXES)}
    assert boxes[url('/docs/guide.txt')] == 'Select guide.txt' and boxes[url('/docs/')] == 'Select docs/'
    # Space on an entry's link ticks it; again unticks it.
    link = "[data-role=row][data-name='f01.txt'] > .line > a"
    page.evaluate('(selector) => ' + OVERLAY + '.querySelector(selector).focus()', link)
    page.press(' ')
    page.wait_for(SELECTED, 3)
    page.press(' ')
    page.wait_for(SELECTED, 2)
    # Page 2, then a page size that shows both pages at once: the ticks stay.
    page.control('next').click()
    tick(page, '[data-role=row][data-name="f11.txt"]')
    page.wait_for(SELECTED, 3)
    page.control('page-size').select_option('20')
    assert ticked(page) == {url('/f00.txt'), url('/docs/guide.txt'), url('/f11.txt')}
    # media/, loaded, takes what is below it; its never/ was never loaded.
    page.wait_for(SETTLED_ROW, 'media')
    tick(page, '[data-role=row][data-name=media]')
    page.wait_for(ENTRIES, 6)  # 4 ticked, and song.mp3 and never/ below media/
    counts = page.control('selected')
    assert [counts.get_attribute(name) for name in ['data-count', 'data-entries', 'data-unloaded']] \
        == ['4', '6', '1']
    assert text_of(page, '[data-role=selected]').endswith(' · 1 never loaded')
    # docs/ opened in place: a row there, and a child of deep/.
    page.find('[data-role=row][data-name=docs] [data-role=open]').click()
    page.wait_for(SHOWS_ROOT, url('/docs/'))
    assert url('/docs/guide.txt') in ticked(page)
    tick(page, '[data-role=row][data-name="{}"]'.format(ODD))
    page.wait_for(SETTLED_ROW, 'deep')
    tick(page, '[data-role=child][data-name="inner.bin"]')
    page.wait_for(SELECTED, 6)
    # A search of the tree: a hit ticked, the ones ticked before shown ticked.
    page.control('scope').select_option('tree')
    type_query(page, '.bin')
    page.wait_for("() => " + OVERLAY + ".querySelectorAll('[data-role=hit]').length === 2")
    page.find('[data-role=hit][data-path="deep/other.bin"] [data-role=select]').click()
    page.wait_for(SELECTED, 7)
    assert ticked(page) == {url('/docs/deep/inner.bin'), url('/docs/deep/other.bin')}

    # Every export takes the selection, paths below the page's directory.
    files = {'f00.txt': 20, 'f11.txt': 31, 'docs/guide.txt': 10, 'docs/' + ODD: 4,
             'docs/deep/inner.bin': 7, 'docs/deep/other.bin': 3, 'media/song.mp3': 100}
    texts = exports(page)
    listed = json.loads(texts['json'][0])
    assert sorted(item['path'] for item in listed) == sorted(list(files) + ['media/', 'media/never/'])
    assert sorted(texts['urls'][0].split('\n')[:-1]) == sorted(item['url'] for item in listed)
    assert {item['path']: item['size'] for item in listed if item['type'] == 'file'} == files
    assert run_tool(texts['wget'][1].split(' '), tmp_path / 'wget', texts['wget'][0]) == files
    assert run_tool(texts['aria2'][1].split(' '), tmp_path / 'aria2', texts['aria2'][0]) == files

    # Select all shown takes the two hits (already ticked); Clear leaves none: the export
    # is of what is shown again.
    page.control('select-shown').click()
    page.wait_for(SELECTED, 7)
    page.control('select-none').click()
    page.wait_for(SELECTED, 0)
    assert ticked(page) == set()
    assert page.control('export-source').get_attribute('data-source') == 'shown'
    page.control('select-shown').click()
    page.wait_for(SELECTED, 2)


# More files than one sitemap holds, in few directories: a map of three listings.
SPREAD = {'a': 25001, 'b': 25001}


@pytest.fixture
def wide(tmp_path, serve):
    www = tmp_path / 'www'
    write_tree(www, {folder: directory(SEPT_2026 + 10, {
        '{:05d}.txt'.format(at): file(SEPT_2026 - at, 1) for at in range(count)})
        for folder, count in SPREAD.items()})
    return serve('json-by-accept.conf', www), www


@pytest.mark.needs('several-downloads')
def test_a_mapped_tree_of_50_002_files_exports_a_sitemap_index_and_its_sitemaps(page, wide, bookmarklet):
    server, www = wide
    page.open_sitemap(server.url('/'), bookmarklet)
    page.control('map').click()
    page.wait_for("""() => document.getElementById('autoindex-sitemap').shadowRoot
        .querySelector('[data-role=map-progress]').getAttribute('data-state') === 'done'""", timeout=120000)
    page.control('scope').select_option('tree')
    type_query(page, '.txt')
    page.wait_for("""() => document.getElementById('autoindex-sitemap').shadowRoot
        .querySelector('[data-role=matches]').textContent.startsWith('50002 hits')""", timeout=60000)
    page.find('.export summary').click()
    page.control('export-format').select_option('sitemap')
    assert text_of(page, '.export code') == '3 files: sitemap.xml sitemap-1.xml sitemap-2.xml'
    page.control('save').click()
    saved = first_of(lambda: (lambda found: len(found) == 3 and found)(page.downloads()), 60,
                     'three files saved')
    assert saved['sitemap.xml'].decode('utf-8') == page.control('export-text').input_value()
    assert checked_locs(saved['sitemap.xml'], 'sitemapindex') == [
        server.url('/sitemap-1.xml'), server.url('/sitemap-2.xml')]
    locs = checked_locs(saved['sitemap-1.xml'], 'urlset') + checked_locs(saved['sitemap-2.xml'], 'urlset')
    assert len(locs) == 50002 and len(checked_locs(saved['sitemap-1.xml'], 'urlset')) == 50000
    assert sorted(locs) == sorted(server.url('/{}/{}'.format(folder, name))
                                  for folder in SPREAD for name in os.listdir(www / folder))
