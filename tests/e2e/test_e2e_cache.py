"""The cache end to end: a revisit costs what changed, counted in nginx's own access log."""

import os
import shutil
import time

import pytest

from tests.support.builds import build
from tests.support.trees import standard_tree, write_tree, expected_entries, href_of, touch
from tests.support.visits import read_cache, quiet_requests, visit, directories_on


@pytest.fixture
def tree(tmp_path, serve):
    spec = standard_tree(35)
    write_tree(tmp_path / 'www', spec)
    server = serve('json-by-accept.conf', tmp_path / 'www')
    return spec, server, tmp_path / 'www'


def test_first_visit_fetches_the_root_and_the_page_then_at_most_the_next(page, tree, bookmarklet):
    spec, server, _ = tree
    overlay, requests = visit(page, server, bookmarklet)
    entries = expected_entries(spec, 1)
    page_one = {href_of('/', e['name'], True) for e in entries[:10] if e['type'] == 'directory'}
    page_two = {href_of('/', e['name'], True) for e in entries[10:20] if e['type'] == 'directory'}
    assert requests[0] == '/' and requests.count('/') == 1
    assert page_one <= set(requests[1:]) <= page_one | page_two
    assert len(requests) == len(set(requests))
    assert {row['status'] for row in directories_on(overlay)} == {'new'}
    cache = read_cache(page)
    # A record for each directory fetched, and the root's own listing (what's new reads when
    # its entries were first seen).
    assert {record['url'] for record in cache['records']} == \
        {server.url(uri) for uri in requests}
    assert [v['root'] for v in cache['visits']] == [server.url('/')]


def test_a_revisit_with_nothing_changed_sends_only_the_root(page, tree, bookmarklet):
    _, server, _ = tree
    visit(page, server, bookmarklet)
    overlay, requests = visit(page, server, bookmarklet)
    assert requests == ['/']
    assert [row['status'] for row in directories_on(overlay)] == ['fresh'] * len(directories_on(overlay))
    assert all(row['children'] == [] or 'appeared' not in row['children'][0]
               for row in overlay['rows'])


def test_a_directory_that_gained_an_entry_is_the_only_one_fetched(page, tree, bookmarklet):
    spec, server, www = tree
    first, _ = visit(page, server, bookmarklet)
    target = directories_on(first)[2]
    os.mkdir(www / target['name'] / 'brand-new')
    overlay, requests = visit(page, server, bookmarklet)
    assert requests == ['/', href_of('/', target['name'], True)]
    row = overlay['rows'][0]
    assert row['name'] == target['name'], 'its new mtime puts it first'
    assert row['status'] == 'changed'
    appeared = [child['name'] for child in row['children'] if child.get('appeared') == 'true']
    assert appeared == ['brand-new']
    assert {r['status'] for r in directories_on(overlay)[1:]} == {'fresh'}


def test_a_deleted_directory_disappears_and_its_record_is_pruned(page, tree, bookmarklet):
    spec, server, www = tree
    first, _ = visit(page, server, bookmarklet)
    gone = directories_on(first)[0]
    shutil.rmtree(www / gone['name'])
    touch(www, 1788220800)
    overlay, requests = visit(page, server, bookmarklet)
    del spec[gone['name']]
    page_two = {href_of('/', e['name'], True) for e in expected_entries(spec, 1)[10:20]}
    assert requests[0] == '/' and set(requests[1:]) <= page_two, \
        'page 1 comes from the cache; only page 2 may be prefetched'
    assert gone['name'] not in [row['name'] for row in overlay['rows']]
    urls = {record['url'] for record in read_cache(page)['records']}
    assert gone['href'] not in urls and directories_on(first)[1]['href'] in urls


def test_with_the_server_gone_the_open_page_and_the_cache_still_serve(page, tree, bookmarklet):
    spec, server, _ = tree
    visit(page, server, bookmarklet)
    page.goto(server.url('/'))
    before = read_cache(page)
    server.stop()
    page.run_bookmarklet(bookmarklet)
    overlay = page.wait_settled()
    names = [e['name'] for e in expected_entries(spec, 60)]
    assert [row['name'] for row in overlay['rows']] == names[:10]
    assert overlay['pager']['pages'] == '4', 'every level-1 entry of the open page is there'
    rows = directories_on(overlay)
    assert {row['status'] for row in rows} == {'stale'}
    assert all(len(row['children']) == len(spec[row['name']]['children']) for row in rows)
    page.control('next').click()
    page.control('next').click()
    page.control('next').click()
    last = page.wait_settled()
    assert last['pager']['page'] == '4'
    assert {row['status'] for row in directories_on(last)} == {'failed'}
    assert read_cache(page) == before


def test_without_indexeddb_the_overlay_works_and_says_it_is_not_caching(new_page, serve, tmp_path,
                                                                        bookmarklet):
    write_tree(tmp_path / 'www', standard_tree(12))
    server = serve('json-by-accept.conf', tmp_path / 'www')
    page = new_page("""Object.defineProperty(window, 'indexedDB', {
        get() { throw new DOMException('The user denied permission.', 'SecurityError'); }})""")
    for _ in range(2):
        overlay = page.open_sitemap(server.url('/'), bookmarklet)
        assert {row['status'] for row in directories_on(overlay)} == {'new'}
        assert len(overlay['rows']) == 10
        assert 'Not caching' in page.find('.note').text_content()
        page.run_bookmarklet(bookmarklet)
        assert page.read_overlay() is None
    assert page.errors == []


def test_refresh_and_forget_fetch_again(page, tree, bookmarklet):
    _, server, _ = tree
    first, _ = visit(page, server, bookmarklet)
    server.forget_requests()
    page.find('[data-role=row] [data-role=refresh]').click()
    page.wait_settled()
    assert [r['uri'] for r in quiet_requests(server)] == [href_of('/', first['rows'][0]['name'], True)]
    server.forget_requests()
    page.control('forget').click()
    overlay = page.wait_settled()
    assert {row['status'] for row in directories_on(overlay)} == {'new'}
    assert len(quiet_requests(server)) >= len(directories_on(overlay))


def test_an_mtime_ahead_of_the_clock_is_trusted_until_it_arrives(page, tree, bookmarklet):
    _, server, www = tree
    first, _ = visit(page, server, bookmarklet)
    target = directories_on(first)[1]
    arrives = int(time.time()) + 12  # room for two visits on a loaded machine
    touch(www / target['name'], arrives)
    href = href_of('/', target['name'], True)
    overlay, requests = visit(page, server, bookmarklet)
    assert requests == ['/', href] and overlay['rows'][0]['status'] == 'changed'
    overlay, requests = visit(page, server, bookmarklet)
    assert requests == ['/'] and overlay['rows'][0]['status'] == 'fresh'
    assert time.time() < arrives, 'the machine was too slow for this test'
    time.sleep(arrives + 1 - time.time())
    overlay, requests = visit(page, server, bookmarklet)
    assert requests == ['/', href], 'fetched before its mtime arrived: no longer trusted'
    assert overlay['rows'][0]['status'] == 'fresh'
    overlay, requests = visit(page, server, bookmarklet)
    assert requests == ['/']


def test_near_real_time_mode_shows_a_new_directory_without_a_click(page, tree, tmp_path):
    _, server, www = tree
    variant = build(tmp_path / 'variant', '--refresh-seconds', '1')
    bookmarklet = (variant / 'bookmarklet.url').read_text().strip()
    visit(page, server, bookmarklet, polled=('/',))  # the root is asked every second
    server.forget_requests()
    os.mkdir(www / 'zz-arrived')
    page.wait_for("""() => document.getElementById('autoindex-sitemap').shadowRoot
        .querySelector('[data-role=row][data-name="zz-arrived"][data-status=new]') !== null""",
                  timeout=8000)
    overlay = page.read_overlay()
    assert overlay['rows'][0]['name'] == 'zz-arrived'
    fetched = {r['uri'] for r in quiet_requests(server, polled=('/',))}
    assert '/zz-arrived/' in fetched
    assert fetched <= {'/zz-arrived/'} | {row['href'][len(server.url('')):] for row in overlay['rows']}, \
        'only what moved is fetched (and the page it pushed into page 2 may be prefetched)'
