"""The cache's bounds: past each, whole roots go, least recently visited first, after the
records of no visited root; the root being shown never goes (bookmarklet/cache/eviction.py)."""

from bookmarklet.cache.eviction import evictions, record_bytes, parent_url, BOUNDS

BIG = {'roots': 1000, 'records': 1000, 'bytes': 10 ** 9}


def cache(roots, per_root, size=100):
    """visits of roots (visited in this order, the last most recently) and per_root records
    of `size` bytes below each."""
    visits = [{'root': 'http://h/' + root + '/', 'visitedAt': 1000 + index}
              for index, root in enumerate(roots)]
    records = [{'url': visit['root'] + 'd' + str(number) + '/', 'bytes': size}
               for visit in visits for number in range(per_root)]
    return visits, records


def test_within_every_bound_nothing_goes():
    visits, records = cache(['a', 'b', 'c'], 5)
    assert evictions(visits, records, 'http://h/c/', BIG) == {'roots': [], 'records': []}


def test_past_the_roots_bound_the_least_recently_visited_root_goes_with_its_records():
    visits, records = cache(['a', 'b', 'c', 'd'], 2)
    found = evictions(visits, records, 'http://h/d/', dict(BIG, roots=2))
    assert found == {'roots': ['http://h/a/', 'http://h/b/'],
                     'records': ['http://h/a/d0/', 'http://h/a/d1/', 'http://h/b/d0/', 'http://h/b/d1/']}


def test_the_root_shown_never_goes_even_when_least_recently_visited():
    visits, records = cache(['a', 'b', 'c'], 2)
    found = evictions(visits, records, 'http://h/a/', dict(BIG, roots=1))
    assert found['roots'] == ['http://h/b/', 'http://h/c/']
    assert not any(url.startswith('http://h/a/') for url in found['records'])


def test_past_the_records_bound_records_of_no_root_go_first_then_old_roots():
    visits, records = cache(['a', 'b', 'c'], 4)
    orphans = [{'url': 'http://h/gone/x' + str(n) + '/', 'bytes': 100} for n in range(3)]
    found = evictions(visits, orphans + records, 'http://h/c/', dict(BIG, records=12))
    assert found == {'roots': [], 'records': [orphan['url'] for orphan in orphans]}
    found = evictions(visits, orphans + records, 'http://h/c/', dict(BIG, records=8))
    assert found['roots'] == ['http://h/a/']
    assert found['records'] == [orphan['url'] for orphan in orphans] + \
        ['http://h/a/d' + str(n) + '/' for n in range(4)]


def test_past_the_bytes_bound_old_roots_go_until_within():
    visits, records = cache(['a', 'b', 'c'], 3, size=1000)
    found = evictions(visits, records, 'http://h/c/', dict(BIG, bytes=4000))
    assert found['roots'] == ['http://h/a/', 'http://h/b/']


def test_a_shown_root_past_a_bound_alone_keeps_everything_it_has():
    visits, records = cache(['a'], 50)
    assert evictions(visits, records, 'http://h/a/', dict(BIG, records=10, bytes=10)) == \
        {'roots': [], 'records': []}


def test_a_record_s_size_grows_with_its_entries():
    entry = {'name': 'n' * 20, 'href': 'n' * 20}
    small = record_bytes({'url': 'http://h/a/', 'entries': [entry]})
    large = record_bytes({'url': 'http://h/a/', 'entries': [entry] * 1000})
    assert 1000 * 100 <= large - small <= 1000 * 200


def test_the_bounds_are_set():
    assert BOUNDS['roots'] >= 10 and BOUNDS['records'] >= 1000 and BOUNDS['bytes'] >= 2 ** 20
    assert parent_url('http://h/a/b%2Fc/') == 'http://h/a/'
