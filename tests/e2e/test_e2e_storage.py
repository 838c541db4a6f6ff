"""IndexedDB misbehaving: blocked, full, holding damaged or foreign records, deleted, shared.

Whatever storage does, no error reaches the page, the overlay settles every
row, no record is ever half-written, and a record that cannot be trusted is
dropped and fetched again (counted in nginx's access log).
"""

import json
import time

import pytest

from bookmarklet.cache.checked import stored_record
from bookmarklet.words import DATABASE
from tests.support.trees import standard_tree, write_tree, expected_entries, href_of
from tests.support.visits import read_cache, quiet_requests, visit, directories_on


@pytest.fixture
def tree(tmp_path, serve):
    spec = standard_tree(35)
    write_tree(tmp_path / 'www', spec)
    return spec, serve('json-by-accept.conf', tmp_path / 'www')


def note_of(page):
    return page.find('.note').text_content()


def awaited_note(page):
    """The note once it says something: a write's failure is known only after the rows,
    which never wait for their records' writes to commit."""
    return page.wait_for("""() => document.getElementById('autoindex-sitemap')
        .shadowRoot.querySelector('.note').textContent""")


def check_records(cache):
    """Every record in IndexedDB is whole: one the crawler would trust as it is."""
    for record in cache['records']:
        assert stored_record(record, record['url']) == record, record


def page_one_hrefs(spec, server):
    return [server.url(href_of('/', e['name'], True)) for e in expected_entries(spec, 1)[:10]
            if e['type'] == 'directory']


# Only an open that names a version asks for a newer one: the bookmarklet's. The
# test's own opens name none.
ASK_A_NEWER_VERSION = """(() => {
  const open = IDBFactory.prototype.open;
  IDBFactory.prototype.open = function (name, version) {
    return version === undefined ? open.call(this, name) : open.call(this, name, version + 1);
  };
})()"""

HOLD_OPEN = """() => new Promise((resolve, reject) => {
  const request = indexedDB.open(""" + json.dumps(DATABASE) + """);
  request.onerror = () => reject(request.error);
  request.onsuccess = () => {
    window.held = request.result;
    window.held.onversionchange = () => {};  // another tab that never lets go
    resolve(window.held.version);
  };
})"""

DELETE_DATABASE = """(timeout) => new Promise((resolve) => {
  const request = indexedDB.deleteDatabase(""" + json.dumps(DATABASE) + """);
  const timer = setTimeout(() => resolve('blocked'), timeout);
  request.onsuccess = () => { clearTimeout(timer); resolve('deleted'); };
  request.onerror = () => { clearTimeout(timer); resolve('error ' + request.error); };
})"""


def test_a_blocked_open_falls_back_to_memory_in_bounded_time_and_lets_go_later(
        new_page, tree, bookmarklet):
    spec, server = tree
    page = new_page(ASK_A_NEWER_VERSION)
    page.goto(server.url('/'))
    assert page.evaluate(HOLD_OPEN) == 1
    started = time.monotonic()
    page.run_bookmarklet(bookmarklet)
    overlay = page.wait_settled(timeout=10000)
    assert time.monotonic() - started < 6, 'the open is given up after a bounded wait'
    assert [row['name'] for row in overlay['rows']] == \
        [e['name'] for e in expected_entries(spec, 1)[:10]]
    assert {row['status'] for row in directories_on(overlay)} == {'new'}
    assert 'Not caching: IndexedDB refused (another tab holds an older cache open).' \
        in note_of(page)
    # The other tab lets go: the open given up on must not then hold the
    # database itself, or it would block every later upgrade or deletion.
    page.evaluate('window.held.close()')
    time.sleep(0.5)
    assert page.evaluate(DELETE_DATABASE, 3000) == 'deleted'
    assert page.read_overlay() is not None
    assert page.errors == []


# A transaction that never ends, as a page kept for the back button holds one while its
# write is under way: it keeps asking in it, so it never commits.
KEEP_ASKING = "const ask = () => { records.get('busy').onsuccess = ask; }; ask();"

HOLD_BUSY = """() => new Promise((resolve) => {
  const request = indexedDB.open(""" + json.dumps(DATABASE) + """);
  request.onsuccess = () => {
    const records = request.result.transaction('records', 'readwrite').objectStore('records');
    """ + KEEP_ASKING + """
    resolve(true);
  };
})"""


def test_a_cache_busy_elsewhere_holds_no_row_for_long(new_page, tree, bookmarklet):
    """A store that opens but does not answer a read (another page's transaction that does
    not end): its reads are given up on after a bounded wait and the rows fetched."""
    spec, server = tree
    page = new_page()
    page.goto(server.url('/'))
    page.run_bookmarklet(bookmarklet)
    page.wait_settled()
    page.goto(server.url('/'))
    assert page.evaluate(HOLD_BUSY)
    started = time.monotonic()
    page.run_bookmarklet(bookmarklet)
    overlay = page.wait_settled(timeout=10000)
    assert time.monotonic() - started < 8, 'the reads are given up after a bounded wait'
    assert [row['name'] for row in overlay['rows']] == \
        [e['name'] for e in expected_entries(spec, 1)[:10]]
    assert page.errors == []


# Each put of a record goes on asking in its transaction: the write never ends, and the
# page is left with it under way.
ENDLESS_WRITE = """(() => {
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (...values) {
    const request = put.apply(this, values);
    if (this.name === 'records') {
      const records = this;
      """ + KEEP_ASKING + """
    }
    return request;
  };
})()"""

READ_ANSWERS = """(timeout) => new Promise((resolve) => {
  const request = indexedDB.open(""" + json.dumps(DATABASE) + """);
  request.onsuccess = () => {
    const timer = setTimeout(() => resolve('no answer'), timeout);
    const counted = request.result.transaction('records', 'readonly').objectStore('records').count();
    counted.onsuccess = () => { clearTimeout(timer); resolve('answered'); };
  };
})"""


def test_a_write_under_way_as_the_page_is_left_holds_no_later_page(new_page, tree, bookmarklet):
    """WebKit keeps a page left for the back button with its transactions suspended, and a
    write under way there held every read of the pages after it (the next click waited
    for its reads' bound, and cached nothing). The page's own transactions end as it is left."""
    _, server = tree
    page = new_page(ENDLESS_WRITE)
    page.goto(server.url('/'))
    page.run_bookmarklet(bookmarklet)
    page.wait_settled()
    page.goto(server.url('/missing'))
    assert page.evaluate(READ_ANSWERS, 2000) == 'answered'
    assert page.errors == []


# A later release's cache: opening it at this release's version fails (VersionError).
OPEN_NEWER = """() => new Promise((resolve, reject) => {
  const request = indexedDB.open(""" + json.dumps(DATABASE) + """, 1000);
  request.onerror = () => reject(request.error);
  request.onsuccess = () => { request.result.close(); resolve(request.result.version); };
})"""


def test_an_open_that_fails_falls_back_to_memory_with_no_error_on_the_page(page, tree, bookmarklet):
    spec, server = tree
    page.goto(server.url('/'))
    assert page.evaluate(OPEN_NEWER) == 1000
    overlay = page.open_sitemap(server.url('/'), bookmarklet)
    assert {row['status'] for row in directories_on(overlay)} == {'new'}
    assert note_of(page).startswith('Not caching: IndexedDB refused (VersionError')
    time.sleep(0.5)
    assert page.errors == []


# Every put into the records store from the third on fails as a full disk makes it
# fail: thrown at once, or (FULL_BY=abort) by the transaction aborting afterwards.
QUOTA = """(() => {
  const put = IDBObjectStore.prototype.put;
  let calls = 0;
  IDBObjectStore.prototype.put = function (value) {
    if (this.name !== 'records' || !localStorage.getItem('full')) return put.apply(this, arguments);
    calls += 1;
    if (calls < 3) return put.apply(this, arguments);
    if (localStorage.getItem('full') === 'throw')
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    const request = put.apply(this, arguments);
    this.transaction.abort();
    return request;
  };
})()"""


@pytest.mark.parametrize('how', ['throw', 'abort'])
def test_a_full_disk_leaves_the_overlay_working_and_says_so(new_page, tree, bookmarklet, how):
    spec, server = tree
    page = new_page(QUOTA)
    page.goto(server.url('/'))
    page.evaluate('(how) => localStorage.setItem("full", how)', how)
    overlay = page.open_sitemap(server.url('/'), bookmarklet)
    rows = directories_on(overlay)
    assert {row['status'] for row in rows} == {'new'}
    assert all(len(row['children']) == min(5, len(spec[row['name']]['children'])) for row in rows)
    assert overlay['status']['state'] == 'done'
    note = awaited_note(page)
    assert note.startswith('Not caching: a write failed (') and note.endswith(').'), note
    assert 'null' not in note and 'None' not in note, note
    assert page.errors == []
    quiet_requests(server)
    cache = read_cache(page)
    check_records(cache)
    # The two puts before the disk filled up; an aborted transaction also takes the puts
    # before it in the same transaction (records fetched together are written together).
    kept_count = len(cache['records'])
    assert kept_count == 2 if how == 'throw' else kept_count <= 2, kept_count

    # With room again, the next visit fetches what was not kept, and only that.
    page.evaluate('localStorage.removeItem("full")')
    kept = {record['url'] for record in cache['records']}
    overlay, requests = visit(page, server, bookmarklet)
    hrefs = page_one_hrefs(spec, server)
    assert requests[0] == '/'
    assert {server.url(uri) for uri in requests[1:]} >= set(hrefs) - kept
    assert not (set(server.url(uri) for uri in requests[1:]) & kept)
    # Every kept record is served (none may be kept when the abort took them all).
    assert [row['status'] for row in directories_on(overlay) if row['href'] in kept] == \
        ['fresh'] * len(kept & set(hrefs))
    check_records(read_cache(page))


WRITE_RECORDS = """(records) => new Promise((resolve, reject) => {
  const request = indexedDB.open('autoindex-sitemap');
  request.onsuccess = () => {
    const database = request.result;
    const transaction = database.transaction('records', 'readwrite');
    for (const record of records) transaction.objectStore('records').put(record);
    transaction.oncomplete = () => { database.close(); resolve(true); };
    transaction.onerror = () => reject(transaction.error);
  };
  request.onerror = () => reject(request.error);
})"""


def test_records_of_an_older_schema_or_damaged_are_dropped_and_fetched_again(page, tree, bookmarklet):
    spec, server = tree
    visit(page, server, bookmarklet)
    hrefs = page_one_hrefs(spec, server)
    cache = read_cache(page)
    good = {record['url']: record for record in cache['records']}
    entry = good[hrefs[0]]['entries']
    damaged = [
        # the first design's field names, before schema versions
        {'url': hrefs[0], 'path': '/x/', 'mtime': good[hrefs[0]]['mtime'], 'children': entry,
         'fetched_at': good[hrefs[0]]['fetchedAt'], 'format': 'json'},
        dict(good[hrefs[1]], schema=0),
        dict(good[hrefs[2]], entries='<img src=x onerror=window.pwned=1>'),
        dict(good[hrefs[3]], entries=[{'name': '<b>x</b>', 'seen': 0, 'type': 'file',
                                       'mtime': '<script>window.pwned=1</script>', 'size': 'huge',
                                       'sizeApprox': False}]),
        dict(good[hrefs[4]], entries=[{'name': 'y', 'seen': 0, 'type': 'symlink<b>', 'mtime': 5,
                                       'size': None, 'sizeApprox': False}]),
        dict(good[hrefs[5]], fetchedAt=good[hrefs[5]]['fetchedAt'] + 10 ** 9),
        dict(good[hrefs[6]], fetchedAt=None),
        dict(good[hrefs[7]], entries=[dict(good[hrefs[7]]['entries'][0] if good[hrefs[7]]['entries']
                                           else {'name': 'z', 'seen': 0, 'type': 'file',
                                                 'size': 1, 'sizeApprox': False},
                                           mtime=float('nan'))]),
    ]
    page.evaluate(WRITE_RECORDS, damaged)
    overlay, requests = visit(page, server, bookmarklet)
    refetched = {record['url'] for record in damaged}
    assert requests[0] == '/' and requests.count('/') == 1
    assert {server.url(uri) for uri in requests[1:]} == refetched, \
        'exactly the damaged records are fetched again'
    rows = {row['href']: row for row in directories_on(overlay)}
    for url in refetched:
        assert rows[url]['status'] in ('new', 'fresh'), rows[url]
        names = [child['name'] for child in rows[url]['children']]
        assert names == [child['name'] for child in good[url]['entries']][:5]
    assert {rows[url]['status'] for url in rows if url not in refetched} == {'fresh'}
    assert page.evaluate('window.pwned') is None
    assert page.errors == []
    after = read_cache(page)
    check_records(after)
    assert {record['url'] for record in after['records']} >= set(good)


def test_a_database_deleted_between_runs_and_during_one(page, tree, bookmarklet):
    spec, server = tree
    visit(page, server, bookmarklet)
    page.run_bookmarklet(bookmarklet)  # close
    assert page.evaluate(DELETE_DATABASE, 3000) == 'deleted'
    overlay, requests = visit(page, server, bookmarklet)
    assert {row['status'] for row in directories_on(overlay)} == {'new'}
    assert set(page_one_hrefs(spec, server)) <= {server.url(uri) for uri in requests}
    check_records(read_cache(page))

    # Deleted by another tab while the overlay is open: paging on still settles every row.
    assert page.evaluate(DELETE_DATABASE, 3000) == 'deleted'
    for _ in range(3):
        page.control('next').click()
        overlay = page.wait_settled()
        assert 'pending' not in {row['status'] for row in directories_on(overlay)}
    assert overlay['pager']['page'] == '4'
    assert {row['status'] for row in directories_on(overlay)} == {'new'}
    page.control('prev').click()
    assert 'pending' not in {row['status'] for row in directories_on(page.wait_settled())}
    assert page.errors == []


def test_two_tabs_crawling_the_same_root_at_once(page, tree, bookmarklet):
    spec, server = tree
    pages = [page, page.new_tab()]
    for page in pages:
        page.goto(server.url('/'))
    for page in pages:
        page.run_bookmarklet(bookmarklet)
    overlays = [page.wait_settled() for page in pages]
    names = [e['name'] for e in expected_entries(spec, 1)[:10]]
    for page, overlay in zip(pages, overlays):
        assert page.errors == []
        assert [row['name'] for row in overlay['rows']] == names
        assert {row['status'] for row in directories_on(overlay)} <= {'new', 'fresh'}
    assert [row['children'] for row in overlays[0]['rows']] == \
        [row['children'] for row in overlays[1]['rows']]
    quiet_requests(server)
    cache = read_cache(pages[0])
    check_records(cache)
    assert set(page_one_hrefs(spec, server)) <= {record['url'] for record in cache['records']}
    # What both wrote serves a third visit whole.
    overlay, requests = visit(pages[1], server, bookmarklet)
    assert requests == ['/']
    assert {row['status'] for row in directories_on(overlay)} == {'fresh'}
