"""The selection under CPython: ticking by exact URL, what ticked directories take, the
counts, and the export that follows it."""

from bookmarklet.shown.selection import new_selection, pick, pick_all, \
    is_picked, take_below, selected_items, selection_counts, selection_text, picked_directories
from bookmarklet.shown.tree import new_hit
from bookmarklet.shown.export import export_of
from bookmarklet.reading.names import name_of_bytes
from tests.core.test_tree import ROOT, RECORDS, PAGE, VISIT, entry


def hits_of(path, entries):
    return [new_hit(each, ROOT + path, '') for each in entries]


def test_entries_are_kept_by_their_exact_bytes_not_their_shown_name():
    # Two names that differ only in bytes that do not decode show alike, and are two entries.
    first = dict(name_of_bytes('caf\xe9'), type='file', mtime=VISIT, size=3, sizeApprox=False)
    second = dict(name_of_bytes('caf\\xe9'), type='file', mtime=VISIT, size=4, sizeApprox=False)
    assert first['name'] == second['name'] and first['href'] != second['href']
    selection = new_selection(ROOT)
    pick(selection, new_hit(first, ROOT, ''), True)
    assert is_picked(selection, ROOT + 'caf%E9') and not is_picked(selection, ROOT + second['href'])
    pick(selection, new_hit(second, ROOT, ''), True)
    assert sorted(item['href'] for item in selected_items(selection)) == [ROOT + 'caf%5Cxe9', ROOT + 'caf%E9']
    assert selection_counts(selection) == {'picked': 2, 'entries': 2, 'bytes': 7, 'unloaded': 0}


def test_ticking_twice_counts_once_and_untick_takes_it_back():
    selection = new_selection(ROOT)
    top = hits_of('', PAGE)[2]
    for _ in range(3):
        pick(selection, top, True)
    assert selection_counts(selection) == {'picked': 1, 'entries': 1, 'bytes': 5, 'unloaded': 0}
    assert selection_text(selection_counts(selection)) == '1 selected · 5 B'
    pick(selection, top, False)
    pick(selection, top, False)
    assert selection_counts(selection)['picked'] == 0 and selection_text(selection_counts(selection)) == ''


def test_paths_are_read_below_the_base_whatever_root_showed_them():
    selection = new_selection(ROOT)
    # Ticked at the page's directory, then in docs/deep/ opened in place.
    pick(selection, hits_of('', PAGE)[2], True)
    deep = RECORDS[1]['entries']
    pick(selection, hits_of('docs/deep/', deep)[0], True)
    assert sorted(item['path'] for item in selected_items(selection)) == [
        'docs/deep/a b $x `y` "q\'.txt', 'top.txt']
    exported = export_of(selected_items(selection), 'urls', ROOT)
    assert sorted(exported['text'].split()) == sorted(
        [ROOT + 'top.txt', ROOT + 'docs/deep/' + deep[0]['href']])


def test_a_ticked_directory_takes_what_the_browser_holds_below_it_and_counts_the_rest():
    selection = new_selection(ROOT)
    docs = hits_of('', PAGE)[0]
    pick(selection, docs, True)
    assert picked_directories(selection) == [ROOT + 'docs/']
    take_below(selection, RECORDS)
    paths = [item['path'] for item in selected_items(selection)]
    assert sorted(paths) == sorted(['docs/', 'docs/guide.txt', 'docs/deep/', 'docs/fresh.txt',
                                    'docs/deep/a b $x `y` "q\'.txt', 'docs/deep/line\nbreak.txt'])
    assert selection_counts(selection) == {'picked': 1, 'entries': 6, 'bytes': 21, 'unloaded': 0}
    # Ticking what docs/ already took does not count it twice.
    pick(selection, hits_of('docs/', RECORDS[0]['entries'])[0], True)
    assert selection_counts(selection)['entries'] == 6
    # media/ has no listing held: it is one directory never loaded.
    media = hits_of('', PAGE)[1]
    pick(selection, media, True)
    take_below(selection, RECORDS[:2])
    counts = selection_counts(selection)
    assert counts == {'picked': 3, 'entries': 7, 'bytes': 21, 'unloaded': 1}
    assert selection_text(counts) == \
        '3 selected (7 entries) · 21 B · 1 never loaded'
    # Only docs/ listed: deep/ below it is never loaded.
    take_below(selection, RECORDS[:1])
    assert selection_counts(selection)['unloaded'] == 2
    pick(selection, docs, False)
    assert sorted(item['path'] for item in selected_items(selection)) == ['docs/guide.txt', 'media/']


def test_what_was_unticked_meanwhile_takes_nothing_below():
    selection = new_selection(ROOT)
    take_below(selection, RECORDS)
    assert selected_items(selection) == []


def test_select_all():
    selection = new_selection(ROOT)
    hits = hits_of('', PAGE) + hits_of('docs/', RECORDS[0]['entries'])
    pick_all(selection, hits)
    pick_all(selection, hits)
    assert selection_counts(selection) == {'picked': 6, 'entries': 6, 'bytes': 18, 'unloaded': 0}
    assert [item['path'] for item in selected_items(selection)] == [
        'docs/', 'docs/deep/', 'docs/fresh.txt', 'top.txt', 'media/', 'docs/guide.txt']


def test_an_entry_outside_the_base_is_never_exported():
    selection = new_selection(ROOT + 'docs/')
    pick(selection, new_hit(entry('x', VISIT), 'http://test/other/', ''), True)
    assert selected_items(selection) == []
