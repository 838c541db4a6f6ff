"""The sitemap.xml export under CPython: every URL once, exactly as listed, XML-escaped, its
mtime as <lastmod>; split at the protocol's bounds into files and an index; what it cannot
carry left out and counted. Each file passes the protocol's rules (tests/support/sitemaps.py)."""

from unittest import mock

import pytest

from bookmarklet.shown import export
from bookmarklet.shown.export import export_of
from bookmarklet.shown.tree import new_hit
from bookmarklet.portable import iso_time
from tests.core.test_tree import index, ROOT, entry, VISIT
from tests.support.sitemaps import checked_locs


def hits_of(count, root=ROOT):
    return [new_hit(entry('f{:06d}.txt'.format(at), VISIT - at, size=at), root, '') for at in range(count)]


def test_every_entry_is_one_url_with_its_mtime_escaped_as_xml_requires():
    hits = index()['hits']
    made = export_of(hits, 'sitemap', ROOT)
    assert [each['name'] for each in made['files']] == ['sitemap.xml'] and made['left'] == []
    assert made['text'] == made['files'][0]['text']
    assert checked_locs(made['text'].encode('utf-8'), 'urlset') == [hit['href'] for hit in hits]
    # The root's own & is escaped; the names' bytes stay percent-encoded.
    odd_root = "http://test/a&b'c/"
    hit = new_hit(entry('caf\u00e9 & co', VISIT), odd_root, '')
    text = export_of([hit], 'sitemap', odd_root)['text']
    assert '<loc>http://test/a&amp;b\'c/caf%C3%A9%20%26%20co</loc><lastmod>' + iso_time(VISIT) + \
        '</lastmod>' in text
    assert checked_locs(text.encode('utf-8'), 'urlset') == [odd_root + 'caf%C3%A9%20%26%20co']


def test_an_entry_without_an_mtime_has_no_lastmod_and_a_url_too_long_is_left_out_and_counted():
    dateless = new_hit(entry('x', None), ROOT, '')
    long = new_hit(entry('y' * 2100, VISIT), ROOT, '')
    made = export_of([dateless, long], 'sitemap', ROOT)
    assert '<url><loc>' + ROOT + 'x</loc></url>' in made['text']
    assert made['left'] == [long['path']]


@pytest.mark.parametrize('bound, value, count, sizes', [
    ('SITEMAP_URLS', 4, 10, [4, 4, 2]),
    ('SITEMAP_BYTES', 400, 10, None),
])
def test_past_a_bound_the_export_is_several_files_and_their_index(bound, value, count, sizes):
    hits = hits_of(count)
    with mock.patch.object(export, bound, value):
        made = export_of(hits, 'sitemap', ROOT)
    names = [each['name'] for each in made['files']]
    assert names[0] == 'sitemap.xml' and made['text'] == made['files'][0]['text']
    assert names[1:] == ['sitemap-{}.xml'.format(at) for at in range(1, len(names))] and len(names) > 2
    assert checked_locs(made['text'].encode('utf-8'), 'sitemapindex') == [ROOT + name for name in names[1:]]
    found = []
    for each in made['files'][1:]:
        locs = checked_locs(each['text'].encode('utf-8'), 'urlset')
        assert len(locs) <= (value if bound == 'SITEMAP_URLS' else count)
        assert bound != 'SITEMAP_BYTES' or len(each['text']) <= value
        found.append(len(locs))
        assert export.files_text(made['files']).startswith(str(len(names)) + ' files: sitemap.xml ')
    assert sizes is None or found == sizes
    assert sum(found) == count


def test_at_a_bound_exactly_one_file_holds_them_all():
    with mock.patch.object(export, 'SITEMAP_URLS', 10):
        assert [each['name'] for each in export_of(hits_of(10), 'sitemap', ROOT)['files']] == ['sitemap.xml']
        assert len(export_of(hits_of(11), 'sitemap', ROOT)['files']) == 3
