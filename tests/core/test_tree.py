"""The cached tree under CPython: its index, search, what is new, totals, and the exports."""

import json

from bookmarklet.shown.tree import tree_index, found_hits, news_since, totals_of, index_text
from bookmarklet.shown.export import export_of, left_out_text, local_path, tool_hint
from bookmarklet.reading.names import name_of_bytes
from bookmarklet.shown.tree import new_hit
from bookmarklet.reading.names import name_of_text

ROOT = 'http://test/files/'
VISIT = 1_800_000_000


def entry(name, mtime, kind='file', size=None, seen=None):
    found = dict(name_of_text(name), type=kind, mtime=mtime, size=size, sizeApprox=False)
    if seen is not None:
        found['seen'] = seen
    return found


def record(path, entries):
    return {'url': ROOT + path, 'entries': entries, 'gone': [], 'loopOf': ''}


PAGE = [entry('docs', VISIT + 50, 'directory'), entry('media', VISIT - 10, 'directory'),
        entry('top.txt', VISIT + 5, size=5)]
RECORDS = [
    record('docs/', [entry('guide.txt', VISIT - 100, size=10, seen=0),
                     entry('deep', VISIT + 40, 'directory', seen=0),
                     entry('fresh.txt', VISIT + 30, size=3, seen=VISIT + 60)]),
    record('docs/deep/', [entry('a b $x `y` "q\'.txt', VISIT - 5, size=7, seen=0),
                          entry('line\nbreak.txt', VISIT + 20, size=1, seen=0)]),
    record('media/', [entry('caf\u00e9', VISIT - 50, 'directory', seen=0)]),
    {'url': 'http://test/other/', 'entries': [entry('elsewhere', VISIT, seen=0)], 'gone': [],
     'loopOf': ''},
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


def export_text(hits, format_name):
    return export_of(hits, format_name, ROOT)['text']


def test_exports_hold_only_the_entries_own_urls_with_a_safe_local_name():
    hits = index()['hits']
    urls = export_text(hits, 'urls').split('\n')
    carried = [hit for hit in hits if '\n' not in hit['path']]
    assert urls[-1] == '' and len(urls) == len(carried) + 1
    assert all(url.startswith(ROOT) and '?' not in url and ' ' not in url for url in urls[:-1])
    wget = export_text(hits, 'wget').splitlines()
    assert wget == [hit['href'] for hit in carried if hit['type'] == 'file']
    assert export_of(hits, 'wget', ROOT)['left'] == ['docs/deep/line\nbreak.txt']
    assert export_text([], 'urls') == ''


def test_aria2_names_each_file_with_dir_and_out():
    lines = export_text(found_hits(index(), 'deep/'), 'aria2').split('\n')
    assert lines == [
        ROOT + 'docs/deep/a%20b%20%24x%20%60y%60%20%22q%27.txt', ' dir=docs/deep',
        ' out=a b $x `y` "q\'.txt', '']


def hit_of(data, directory='', kind='file'):
    return new_hit(dict(name_of_bytes(data), type=kind, mtime=VISIT, size=1, sizeApprox=False),
                   ROOT + directory, name_of_bytes(directory)['name'])


# Names a listing may hold that no tool saves as exactly that name inside the folder.
UNSAFE = [' ..', '.. ', ' lead.txt', 'trail ', 'caf\xe9', 'line\nbreak', 'tab\tname', 'bell\x07',
          'del\x7f', 'c1\xc2\x85', 'back\\slash', '\\', 'a/b', '..', '.', '', '%2e', 'x%2Fy', '%41%42']


def test_a_name_no_tool_saves_as_itself_is_left_out_of_every_format_and_counted():
    hits = [hit_of(data) for data in UNSAFE] + [hit_of(b'caf\xc3\xa9'.decode('latin-1'))]
    for format_name in ['urls', 'wget', 'aria2', 'json']:
        export = export_of(hits, format_name, ROOT)
        assert export['left'] == [hit['path'] for hit in hits[:-1]], format_name
        assert ROOT + 'caf%C3%A9' in export['text'] and export['text'].count(ROOT) == 1
    assert left_out_text(['a\nb', ' ..']) == '2 names left out: "a\\nb" " .."'
    assert left_out_text(['x']) == '1 name left out: "x"'
    assert left_out_text(['x', 'y', 'z', 'w']) == '4 names left out: "x" "y" "z" …'
    assert left_out_text([]) == ''


def test_a_local_path_is_what_the_url_spells_below_the_root_or_nothing():
    assert local_path(ROOT + 'docs/deep/a%20b', ROOT) == 'docs/deep/a b'
    assert local_path(ROOT + 'docs/deep/', ROOT) == 'docs/deep/'
    assert local_path(ROOT + 'caf%C3%A9', ROOT) == 'caf\u00e9'
    for href in [ROOT, 'http://other/files/x', 'http://evil/files/x', ROOT + '%2E%2E/x', ROOT + 'a%2Fb', ROOT + 'a//b',
                 ROOT + '%61', ROOT + 'docs/%20..', ROOT + '../x', ROOT + 'a%5Cb']:
        assert local_path(href, ROOT) == '', href


def test_the_export_s_own_file_is_no_entry_s_local_name():
    hits = [hit_of('sitemap.txt'), hit_of('sitemap.json'), hit_of('x', 'sitemap.txt/'),
            hit_of('sitemap.txt', 'd/')]
    assert export_of(hits, 'wget', ROOT)['left'] == ['sitemap.txt', 'sitemap.txt/x']
    assert export_of(hits, 'json', ROOT)['left'] == ['sitemap.json', 'sitemap.txt/x'], \
        'sitemap.txt/ cannot be a folder where the file sitemap.txt is'


def test_two_entries_never_share_a_local_name_as_file_or_folder():
    hits = [hit_of('same'), hit_of('same'), hit_of('d', '', 'directory'), hit_of('d'),
            hit_of('x', 'f/'), hit_of('f'), hit_of('g'), hit_of('y', 'g/')]
    export = export_of(hits, 'urls', ROOT)
    assert export['left'] == ['same', 'd', 'f', 'g/y']


def test_json_lists_path_url_type_mtime_and_size():
    listed = json.loads(export_text(found_hits(index(), 'top'), 'json'))
    assert listed == [{'path': 'top.txt', 'url': ROOT + 'top.txt', 'type': 'file',
                       'mtime': '2027-01-15T08:00:05Z', 'size': 5}]


def test_the_wget_command_cuts_the_roots_directories():
    assert tool_hint('wget', ROOT) == 'wget -x -nH --cut-dirs=1 -i sitemap.txt', \
        "wget's own rule for local names, which writes a control byte as %XX"
    assert tool_hint('wget', ROOT).startswith('wget -x -nH --cut-dirs=1 ')
    assert tool_hint('wget', 'http://test/').startswith('wget -x -nH --cut-dirs=0 ')
    assert tool_hint('json', ROOT) == ''
