"""The cache's bounds end to end (bookmarklet/cache/eviction.py): IndexedDB is filled past each
bound, then a live visit gives up roots least recently visited first, after records of no
visited root, and keeps everything of the root it shows."""

import time

import pytest

from bookmarklet.cache.eviction import BOUNDS
from bookmarklet.cache.records import SCHEMA
from bookmarklet.words import DATABASE
from tests.support.trees import standard_tree, write_tree
from tests.support.visits import read_cache, visit


# Records and visits written straight into IndexedDB, as earlier visits would have left
# them: each record says its size, which the bounds count.
WRITE_CACHE = """([records, visits]) => new Promise((resolve, reject) => {
  const request = indexedDB.open('""" + DATABASE + """');
  request.onsuccess = () => {
    const database = request.result;
    const transaction = database.transaction(['records', 'visits'], 'readwrite');
    for (const record of records) transaction.objectStore('records').put(record);
    for (const visit of visits) transaction.objectStore('visits').put(visit);
    transaction.oncomplete = () => { database.close(); resolve(true); };
    transaction.onerror = () => reject(transaction.error);
  };
  request.onerror = () => reject(request.error);
})"""

OLD = 1_000_000_000  # visits long before this test's


@pytest.fixture
def tree(tmp_path, serve):
    write_tree(tmp_path / 'www', standard_tree(12))
    return serve('json-by-accept.conf', tmp_path / 'www')


def old_roots(count, records_each, size):
    """[records, visits]: count roots elsewhere, visited in order (the first longest ago),
    each with records_each records of size bytes."""
    visits = [{'root': 'http://old.example/r{:04d}/'.format(index), 'visitedAt': OLD + index}
              for index in range(count)]
    records = [{'url': visit['root'] + 'd{}/'.format(number), 'mtime': OLD, 'precision': 1,
                'format': 'json', 'fetchedAt': OLD, 'entries': [], 'gone': [], 'loopOf': '',
                'schema': SCHEMA, 'bytes': size}
               for visit in visits for number in range(records_each)]
    return records, visits


def evicted(cache):
    """Whether the bounds are applied: the cache within each, and no visit left whose
    records went (a root goes whole, its records first and then its visit)."""
    roots = [visit['root'] for visit in cache['visits']]
    return len(roots) <= BOUNDS['roots'] and len(cache['records']) <= BOUNDS['records'] \
        and sum(record['bytes'] for record in cache['records']) <= BOUNDS['bytes'] \
        and all(any(record['url'].startswith(root) for record in cache['records']) for root in roots)


def evicted_cache(page, timeout=15):
    """The cache once the bounds are applied. The visit applies them after its rows are
    shown and its requests are over, in transactions of their own: with 10,000 records,
    Firefox and WebKit commit them up to a second after the page has settled."""
    deadline = time.monotonic() + timeout
    while True:
        cache = read_cache(page)
        if evicted(cache):
            return cache
        if time.monotonic() > deadline:
            raise AssertionError('the cache is past its bounds {} s after the visit: {} roots, '
                                 '{} records, {} bytes'.format(
                                     timeout, len(cache['visits']), len(cache['records']),
                                     sum(record['bytes'] for record in cache['records'])))
        time.sleep(0.2)


def first_visit(page, server, bookmarklet, records, visits):
    """A visit, the cache filled past a bound, and the next visit: the cache before the
    second visit, and once that visit has applied the bounds."""
    visit(page, server, bookmarklet)
    page.evaluate(WRITE_CACHE, [records, visits])
    before = read_cache(page)
    assert not evicted(before)
    visit(page, server, bookmarklet)
    return before, evicted_cache(page)


def ours(cache, server):
    return sorted(record['url'] for record in cache['records']
                  if record['url'].startswith(server.url('/')))


def test_past_the_roots_bound_the_least_recently_visited_roots_go(page, tree, bookmarklet):
    records, visits = old_roots(BOUNDS['roots'] + 20, 2, 100)
    before, after = first_visit(page, tree, bookmarklet, records, visits)
    assert len(before['visits']) == BOUNDS['roots'] + 21
    roots = sorted(visit['root'] for visit in after['visits'])
    assert len(roots) == BOUNDS['roots']
    assert tree.url('/') in roots
    # The 21 visited longest ago went, with their records; the others stayed whole.
    kept = sorted(visit['root'] for visit in visits[21:])
    assert [root for root in roots if root != tree.url('/')] == kept
    assert sorted(record['url'] for record in after['records'] if not record['url'].startswith(
        tree.url('/'))) == sorted(record['url'] for record in records[42:])
    assert ours(after, tree) == ours(before, tree) != []


def test_past_the_records_bound_records_of_no_visited_root_go_first(page, tree, bookmarklet):
    records, visits = old_roots(3, 2, 100)
    # Below a root whose visit is gone (or never written: the server did not answer).
    orphans = [dict(records[0], url='http://gone.example/r/d{}/'.format(number))
               for number in range(BOUNDS['records'] + 50)]
    before, after = first_visit(page, tree, bookmarklet, orphans + records, visits)
    assert len(before['records']) > BOUNDS['records']
    assert len(after['records']) == BOUNDS['records']
    assert ours(after, tree) == ours(before, tree) != []
    # Every visited root and its records stayed: only records of no visited root went.
    assert len(after['visits']) == 4
    urls = {record['url'] for record in after['records']}
    assert {record['url'] for record in records} <= urls


def test_past_the_bytes_bound_old_roots_go_until_within(page, tree, bookmarklet):
    third = BOUNDS['bytes'] // 3 + 1
    records, visits = old_roots(4, 1, third)
    before, after = first_visit(page, tree, bookmarklet, records, visits)
    assert sum(record['bytes'] for record in before['records']) > BOUNDS['bytes']
    assert sum(record['bytes'] for record in after['records']) <= BOUNDS['bytes']
    # The two visited longest ago went; the root shown kept all it had.
    assert sorted(visit['root'] for visit in after['visits']) == \
        sorted([visits[2]['root'], visits[3]['root'], tree.url('/')])
    assert ours(after, tree) == ours(before, tree) != []
