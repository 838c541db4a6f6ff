"""The cached tree under CPython: its index, search, what is new, totals, and the exports."""

import json

from bookmarklet.tree import tree_index, found_hits, news_since, totals_of, index_text
from bookmarklet.export import export_text, tool_hint
from bookmarklet.names import name_of_text

ROOT = 'http://test/files/'
VISIT = 1_800_000_000


def entry(name, mtime, kind='file', size=None, seen=None):
    found = dict(name_of_text(name), type=kind, mtime=mtime, size=size, sizeApprox=False)
    if seen is not None:
        found['seen'] = seen
    return found


def record(path, entries):
    return {'url': ROOT + path, 'entries': entries}


PAGE = [entry('docs', VISIT + 50, 'directory'), entry('media', VISIT - 10, 'directory'),
        entry('top.txt', VISIT + 5, size=5)]
RECORDS = [
    record('docs/', [entry('guide.txt', VISIT - 100, size=10, seen=0),
                     entry('deep', VISIT + 40, 'directory', seen=0),
                     entry('fresh.txt', VISIT + 30, size=3, seen=VISIT + 60)]),
    record('docs/deep/', [entry('a b $x `y` "q\'.txt', VISIT - 5, size=7, seen=0),
                          entry('line\nbreak.txt', VISIT + 20, size=1, seen=0)]),
    record('media/', [entry('caf\u00e9', VISIT - 50, 'directory', seen=0)]),
    {'url': 'http://test/other/', 'entries': [entry('elsewhere', VISIT, seen=0)]},
]


def index():
    return tree_index(ROOT, PAGE, RECORDS)


def test_the_index_holds_every_cached_entry_below_the_root_newest_first():
    built = index()
    assert [hit['path'] for hit in built['hits']] == [
        'docs/', 'docs/deep/', 'docs/fresh.txt', 'docs/deep/line\nbreak.txt', 'top.txt',
        'docs/deep/a b $x `y` "q\'.txt', 'media/', 'media/caf\u00e9/', 'docs/guide.txt']
    assert built['listings'] == 4, 'the root and its three cached listings, not /other/'
    assert built['unloaded'] == 1, 'media/café/ was never loaded'
    hit = built['hits'][5]
    assert hit['href'] == ROOT + 'docs/deep/a%20b%20%24x%20%60y%60%20%22q%27.txt'
    assert built['hits'][7]['href'] == ROOT + 'media/caf%C3%A9/'


def test_a_search_matches_paths_ignoring_case_and_says_what_it_searched():
    built = index()
    found = found_hits(built, 'DEEP/')
    assert [hit['path'] for hit in found] == [
        'docs/deep/', 'docs/deep/line\nbreak.txt', 'docs/deep/a b $x `y` "q\'.txt']
    assert index_text(built, found) == '3 hits in 4 listings · 1 never loaded'
    assert found_hits(built, 'nothing like it') == []


def test_whats_new_tells_new_from_changed_since_the_visit():
    news = news_since(index(), VISIT)
    assert [[hit['path'], hit['change']] for hit in news] == [
        ['docs/', 'changed'], ['docs/deep/', 'changed'], ['docs/fresh.txt', 'new'],
        ['docs/deep/line\nbreak.txt', 'changed'], ['top.txt', 'new']]
    assert news_since(index(), None) == []


def test_totals_count_entries_and_add_up_the_files():
    assert totals_of(RECORDS[0]['entries']) == {'count': 3, 'bytes': 13}
    assert totals_of([]) == {'count': 0, 'bytes': 0}


def test_exports_hold_only_the_entries_own_urls():
    hits = index()['hits']
    urls = export_text(hits, 'urls').split('\n')
    assert urls[-1] == '' and len(urls) == len(hits) + 1
    assert all(url.startswith(ROOT) and '?' not in url and ' ' not in url for url in urls[:-1])
    wget = export_text(hits, 'wget').splitlines()
    assert wget == [hit['href'] for hit in hits if hit['type'] == 'file']
    assert export_text([], 'urls') == ''


def test_aria2_names_each_file_with_dir_and_out_and_no_line_break_inside():
    lines = export_text(found_hits(index(), 'deep/'), 'aria2').split('\n')
    assert lines == [
        ROOT + 'docs/deep/line%0Abreak.txt', ' dir=docs/deep', ' out=line%0Abreak.txt',
        ROOT + 'docs/deep/a%20b%20%24x%20%60y%60%20%22q%27.txt', ' dir=docs/deep',
        ' out=a b $x `y` "q\'.txt', '']


def test_json_lists_path_url_type_mtime_and_size():
    listed = json.loads(export_text(found_hits(index(), 'top'), 'json'))
    assert listed == [{'path': 'top.txt', 'url': ROOT + 'top.txt', 'type': 'file',
                       'mtime': '2027-01-15T08:00:05Z', 'size': 5}]


def test_the_wget_command_cuts_the_roots_directories():
    assert tool_hint('wget', ROOT).startswith('wget -x -nH --cut-dirs=1 ')
    assert tool_hint('wget', 'http://test/').startswith('wget -x -nH --cut-dirs=0 ')
    assert tool_hint('json', ROOT) == ''
