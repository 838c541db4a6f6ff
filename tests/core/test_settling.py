"""The crawl's settling rules under CPython: the real crawl, view, settling and upkeep
units with fake adapters (a server of listings, a clock, a store, a screen).

Each test drives the crawl as the overlay would (start, turn the page, refresh)
and reads what the screen was told and which URLs were requested.
"""

import asyncio
import concurrent.futures
import email.utils
import functools
import json
import math
import time

import pytest

from bookmarklet.crawl.crawl import start_crawl
from bookmarklet.cache.records import appeared_since
from bookmarklet.portable import Problem, dict_key
from bookmarklet.shown.phrases import DAMAGED_NOTE
from bookmarklet.settings import SETTINGS
from bookmarklet.cache.store import memory_store

ROOT = 'http://test/files/'
START = 1_800_000_000  # the server's clock at the first visit
DAY = 86400


def run(test):
    """Run an async test in a loop of its own, in a thread of its own: Playwright's sync
    API keeps a loop running in the tests' thread once a browser test has run."""
    @functools.wraps(test)
    def runner(*args, **kwargs):
        with concurrent.futures.ThreadPoolExecutor(1) as thread:
            thread.submit(lambda: asyncio.run(asyncio.wait_for(test(*args, **kwargs), 10))).result()
    return runner


async def idle():
    """Let every task that can go on do so (the fakes answer at once unless held)."""
    for _ in range(200):
        await asyncio.sleep(0)


async def act(action, *args):
    """Do what a person (or the server) does, then let everything go on that can."""
    action(*args)
    await idle()


def json_entry(name, node):
    kind = 'directory' if 'children' in node else 'file'
    entry = {'name': name, 'type': kind,
             'mtime': email.utils.formatdate(node['mtime'], usegmt=True)}
    if kind == 'file':
        entry['size'] = 1
    return entry


class Server:
    """Listings by URL, answered as nginx's JSON; a URL can be held back or made to fail."""

    def __init__(self, count):
        self.clock = START
        # Directory i is i days old, so the order is d0, d1, ...; each holds one file.
        self.tree = {'d{}'.format(i): {'mtime': START - DAY * (i + 1),
                                       'children': {'f': {'mtime': START - DAY * (i + 1)}}}
                     for i in range(count)}
        self.requests = []
        self.held = {}
        self.faults = {}
        # Where fetch's redirects end for a URL: the listing of that URL's directory then.
        self.redirects = {}

    def listing_of(self, url):
        if url == ROOT:
            return self.tree
        return self.tree[url[len(ROOT):-1]]['children']

    def hold(self, url):
        self.held[url] = asyncio.Event()
        return self.held[url]

    async def fetch_listing(self, url, timeout_seconds):
        self.requests.append(url)
        if url in self.held:
            await self.held[url].wait()
        fault = self.faults.get(url)
        if isinstance(fault, BaseException):
            raise fault
        if fault is not None:
            return fault
        listing = self.listing_of(url)
        text = json.dumps([json_entry(name, node) for name, node in listing.items()])
        # The body as the browser adapter gives it: listing text (bookmarklet/reading/names.py).
        return {'ok': True, 'message': '', 'contentType': 'application/json',
                'text': text, 'url': self.redirects.get(url, url),
                'date': math.floor(self.clock)}

    def url(self, index):
        return ROOT + 'd{}/'.format(index)

    def touch(self, index, child):
        """Add a child to directory index a minute after its last change, which moves its
        mtime as a file system would (and keeps the order of the directories)."""
        node = self.tree['d{}'.format(index)]
        node['mtime'] += 60
        node['children'][child] = {'mtime': node['mtime']}


class Store:
    """The memory store, counting its reads and its writes' records; any call can be made to
    throw, and writes can be held back."""

    def __init__(self):
        self.kept = memory_store('a test')
        self.reads = []
        self.writes = []
        self.writes_held = None
        self.broken = set()
        self.root_reads = 0
        self.root_writes = 0

    def call(self, name, *args):
        if name in self.broken:
            raise Problem('the store broke in ' + name)
        return getattr(self.kept, name)(*args)

    async def open(self):
        if 'open' in self.broken:
            raise TypeError('no store today')
        store = type(self.kept)()
        store.is_persistent = True
        store.uncached_reason = ''
        for name in ['remove_urls', 'level_one_urls', 'read_visit', 'write_visit', 'forget_root',
                     'read_sizes', 'read_visits', 'remove_visits', 'records_below', 'read_choices',
                     'write_choices', 'read_map', 'read_frontier', 'change']:
            setattr(store, name, functools.partial(self.call, name))
        store.read_records = self.read_records
        store.write_records = self.write
        return store

    def hold_writes(self):
        self.writes_held = asyncio.Event()
        return self.writes_held

    async def write(self, records):
        # The root's own record, read and written once a visit (upkeep.record_visit), is
        # counted apart from the directories'.
        if [record['url'] for record in records] == [ROOT]:
            self.root_writes += 1
            return await self.call('write_records', records)
        self.writes.append([record['url'] for record in records])
        if self.writes_held is not None:
            await self.writes_held.wait()
        return await self.call('write_records', records)

    def read_records(self, urls):
        if list(urls) == [ROOT]:
            self.root_reads += 1
            return self.call('read_records', urls)
        self.reads.append(list(urls))
        return self.call('read_records', urls)


class Screen:
    """What the overlay is told (crawl/seams.py SCREEN): the rows of the page shown, each
    directory's status."""

    def __init__(self, actions):
        self.actions = actions
        self.rows = {}
        self.shown = []
        self.appeared = {}  # the names each row marks new
        self.notes = []
        self.status = None
        self.said = []  # every state the status line was given

    def show_root(self, url, crumbs):
        self.crumbs = crumbs

    def add_note(self, text):
        self.notes.append(text)

    def show_matches(self, text):
        self.matches = text

    def show_status(self, state, loaded, total, failed, text):
        self.status = {'state': state, 'loaded': loaded, 'total': total, 'failed': failed,
                       'text': text}
        self.said.append(state)

    def show_page(self, entries, root_url, page, pages, size, now):
        self.page = page
        self.rows = {root_url + e['name'] + '/': {'status': 'pending', 'names': [], 'message': ''}
                     for e in entries if e['type'] == 'directory'}

    def show_children(self, url, status, entries, message, visit, now):
        self.shown.append([self.page, url, status])
        if url in self.rows:
            self.rows[url] = {'status': status, 'names': [e['name'] for e in entries],
                              'message': message}
            self.appeared[url] = [e['name'] for e in entries if appeared_since(e, visit)]

    def show_hits(self, hits, page, pages, size, now):
        self.hits = {'paths': [hit['path'] for hit in hits], 'page': page, 'pages': pages,
                     'changes': [hit.get('change') for hit in hits]}

    def show_export(self, items_of, root_url, source):
        self.exported = items_of()

    def show_gallery(self, items_of):
        self.gallery_items_of = items_of

    def show_selection(self, counts):
        self.selected = counts

    def show_scope(self, scope):
        self.scope = scope

    def show_map(self, shown):
        self.map_shown = shown

    def statuses(self):
        return [row['status'] for row in self.rows.values()]


class Browser:
    """One browser: its store outlives a visit, its clock is the server's."""

    def __init__(self, server):
        self.server = server
        self.store = Store()
        self.open_page = None
        self.page_of_html = lambda text: {'heads': [], 'rows': []}
        self.clock_ahead = 0  # how far the client's clock runs ahead of the server's
        self.tick = 0  # how far both clocks move on at each reading of the client's
        self.frames = 0  # frames asked for
        self.frame_delay = 0

    def adapters(self):
        """The browser's adapters (crawl/seams.py ADAPTERS) as fakes."""
        adapters = type(self.store.kept)()
        adapters.listing_api = lambda: ''
        adapters.fetch_listing = self.server.fetch_listing
        adapters.page_of_html = self.page_of_html
        adapters.read_open_page = self.read_open_page
        adapters.open_store = self.store.open
        adapters.clock_now = self.now
        adapters.run_every = lambda seconds, task: lambda: None  # never runs; stops nothing
        adapters.is_visible = lambda: True
        adapters.next_frame = self.next_frame
        adapters.wait_seconds = asyncio.sleep
        adapters.hold_lock = lambda name, task: as_awaitable(task())
        return adapters

    def now(self):
        self.server.clock += self.tick
        return self.server.clock + self.clock_ahead

    def next_frame(self, task):
        """A frame comes once the answers already in have been handled (and frame_delay
        seconds have passed), as a browser's does."""
        self.frames += 1
        asyncio.get_running_loop().call_later(self.frame_delay, task)

    def read_open_page(self):
        if self.open_page is None:
            raise TypeError('no document here')
        return self.open_page

    async def visit(self, **settings):
        """A click: the crawl, once page 1 and the bookkeeping are settled."""
        self.server.requests = []
        self.store.reads = []
        crawl = start_crawl(ROOT, dict(SETTINGS, **dict({'pageSize': 2}, **settings)),
                            self.adapters(), Screen)
        await crawl.crawl_done
        await idle()
        return crawl


async def as_awaitable(value):
    return await value if asyncio.iscoroutine(value) or asyncio.isfuture(value) else value


def fetched(server):
    return [url for url in server.requests if url != ROOT]


@run
async def test_answers_that_arrive_together_are_drawn_in_one_frame():
    server = Server(10)
    browser = Browser(server)
    browser.frame_delay = 0.05
    held = [server.hold(server.url(index)) for index in range(10)]
    crawl = start_crawl(ROOT, dict(SETTINGS, pageSize=10, prefetch=False), browser.adapters(),
                        Screen)
    await idle()
    assert fetched(server) == [server.url(index) for index in range(10)]
    frames, said = browser.frames, len(crawl.overlay_ui.said)
    for event in held:
        event.set()
    await crawl.crawl_done
    await asyncio.sleep(0.2)
    assert crawl.overlay_ui.statuses() == ['new'] * 10
    assert [browser.frames - frames, crawl.overlay_ui.said[said:]] == [1, ['done']], \
        'ten rows and one status line in one frame'


@run
async def test_page_one_is_fetched_then_the_next_prefetched_and_a_revisit_asks_nothing():
    server = Server(5)
    browser = Browser(server)
    crawl = await browser.visit()
    assert crawl.overlay_ui.statuses() == ['new', 'new']
    assert crawl.overlay_ui.status['state'] == 'done'
    assert fetched(server) == [server.url(0), server.url(1), server.url(2), server.url(3)]
    assert browser.store.reads == [], 'no read for directories with no record'
    server.clock += 3600
    crawl = await browser.visit()
    assert crawl.overlay_ui.statuses() == ['fresh', 'fresh']
    assert fetched(server) == []
    assert browser.store.reads == [[server.url(0), server.url(1)], [server.url(2), server.url(3)]], \
        "one read for a page's records"


@run
async def test_the_records_fetched_while_one_is_written_are_written_together_after_it():
    server = Server(6)
    browser = Browser(server)
    written = browser.store.hold_writes()
    late = server.hold(server.url(4))
    crawl = await browser.visit(pageSize=5, prefetch=False)
    first = [server.url(index) for index in range(4)]
    assert browser.store.writes == [first]
    await act(late.set)
    assert crawl.overlay_ui.statuses() == ['new'] * 5, 'no row waits for a write'
    assert browser.store.writes == [first], 'one write at a time'
    await act(written.set)
    assert browser.store.writes == [first, [server.url(4)]]
    server.clock += 3600
    crawl = await browser.visit(pageSize=5, prefetch=False)
    assert crawl.overlay_ui.statuses() == ['fresh'] * 5 and fetched(server) == []


@run
async def test_an_entry_added_in_the_second_of_the_previous_visit_is_marked_new():
    """The server's Date has whole seconds, and the client's clock ticks at its own phase:
    a revisit in the same second still marks what appeared since."""
    server = Server(3)
    server.clock = START + 0.5
    browser = Browser(server)
    browser.clock_ahead = 0.3
    browser.tick = 0.01
    await browser.visit()
    server.touch(0, 'g')
    crawl = await browser.visit()
    assert math.floor(server.clock) == START, 'both visits in one second of the server'
    assert fetched(server) == [server.url(0)]
    assert crawl.overlay_ui.appeared[server.url(0)] == ['g']
    assert crawl.overlay_ui.appeared[server.url(1)] == []


@run
async def test_paging_serves_records_and_fetches_only_the_directory_that_changed():
    server = Server(6)
    browser = Browser(server)
    crawl = await browser.visit(prefetch=False)
    await act(crawl.overlay_ui.actions.turn_page, 1)
    server.touch(3, 'g')
    server.clock += 3600
    crawl = await browser.visit(prefetch=False)
    assert fetched(server) == []
    await act(crawl.overlay_ui.actions.turn_page, 1)
    assert crawl.overlay_ui.page == 2
    assert fetched(server) == [server.url(3)]
    assert crawl.overlay_ui.rows == {
        server.url(2): {'status': 'fresh', 'names': ['f'], 'message': ''},
        server.url(3): {'status': 'changed', 'names': ['g', 'f'], 'message': ''}}
    assert browser.store.reads == [[server.url(0), server.url(1)], [server.url(2), server.url(3)]]
    await act(crawl.overlay_ui.actions.turn_page, -1)
    assert crawl.overlay_ui.statuses() == ['fresh', 'fresh'] and fetched(server) == [server.url(3)]


@run
async def test_a_slow_answer_for_a_page_left_is_kept_but_not_shown_on_the_next():
    server = Server(4)
    browser = Browser(server)
    gate = server.hold(server.url(0))
    crawl = await browser.visit(prefetch=False)
    await act(crawl.overlay_ui.actions.turn_page, 1)
    await act(gate.set)
    assert [shown for shown in crawl.overlay_ui.shown if shown[1] == server.url(0)] == [], \
        'not rendered on page 2'
    assert crawl.overlay_ui.statuses() == ['new', 'new']
    await act(crawl.overlay_ui.actions.turn_page, -1)
    assert crawl.overlay_ui.rows[server.url(0)]['status'] == 'new', 'kept for the session'
    assert fetched(server).count(server.url(0)) == 1


@run
async def test_a_directory_queued_for_a_page_left_is_dropped_before_its_request():
    server = Server(6)
    browser = Browser(server)
    gate = server.hold(server.url(0))
    crawl = await browser.visit(pageSize=3, prefetch=False, maxConcurrentRequests=1)
    assert fetched(server) == [server.url(0)], 'one request at a time'
    await act(crawl.overlay_ui.actions.turn_page, 1)
    await act(gate.set)
    assert fetched(server) == [server.url(0), server.url(3), server.url(4), server.url(5)]
    assert crawl.overlay_ui.statuses() == ['new', 'new', 'new']
    await act(crawl.overlay_ui.actions.turn_page, -1)
    assert crawl.overlay_ui.statuses() == ['new', 'new', 'new'], 'dropped, then settled on return'
    assert fetched(server).count(server.url(1)) == 1


@run
async def test_a_request_in_flight_is_shared_never_sent_twice():
    server = Server(4)
    browser = Browser(server)
    gate = server.hold(server.url(0))
    crawl = await browser.visit()
    for step in [1, -1, 1, -1]:
        await act(crawl.overlay_ui.actions.turn_page, step)
    await act(crawl.overlay_ui.actions.refresh_one, server.url(0))
    await act(gate.set)
    assert fetched(server).count(server.url(0)) == 1
    assert crawl.overlay_ui.rows[server.url(0)]['status'] == 'new'
    assert crawl.overlay_ui.status['state'] == 'done'


@run
async def test_closing_during_wave_one_starts_no_request_after_it():
    server = Server(4)
    browser = Browser(server)
    gate = server.hold(ROOT)
    crawl = start_crawl(ROOT, dict(SETTINGS, pageSize=2), browser.adapters(), Screen)
    await act(crawl.overlay_ui.actions.close_overlay)
    await act(gate.set)
    await crawl.crawl_done
    await idle()
    assert server.requests == [ROOT]
    assert crawl.overlay_ui.rows == {}


@run
async def test_refresh_fetches_a_trusted_record_again_and_says_what_changed():
    server = Server(2)
    browser = Browser(server)
    await browser.visit()
    server.clock += 3600
    crawl = await browser.visit()
    assert crawl.overlay_ui.statuses() == ['fresh', 'fresh'] and fetched(server) == []
    await act(crawl.overlay_ui.actions.refresh_one, server.url(1))
    assert fetched(server) == [server.url(1)]
    assert crawl.overlay_ui.rows[server.url(1)]['status'] == 'fresh', 'the same names'
    # A name added without the mtime moving (a clock set back, a copy keeping times).
    server.tree['d0']['children']['sneaked'] = {'mtime': START}
    await act(crawl.overlay_ui.actions.refresh_one, server.url(0))
    assert crawl.overlay_ui.rows[server.url(0)] == {'status': 'changed', 'names': ['sneaked', 'f'],
                                                'message': ''}


@run
async def test_a_record_written_on_this_visit_is_read_when_its_directory_is_fetched_again():
    server = Server(2)
    browser = Browser(server)
    crawl = await browser.visit()
    assert browser.store.reads == [] and crawl.overlay_ui.statuses() == ['new', 'new']
    server.tree['d0']['children']['sneaked'] = {'mtime': START}
    await act(crawl.overlay_ui.actions.refresh_one, server.url(0))
    assert browser.store.reads == [[server.url(0)]]
    assert crawl.overlay_ui.rows[server.url(0)]['status'] == 'changed', 'against the record just kept'


@run
async def test_refresh_stale_fetches_again_what_could_not_be_revalidated():
    server = Server(2)
    browser = Browser(server)
    await browser.visit()
    server.touch(0, 'g')
    server.touch(1, 'h')
    server.faults[server.url(0)] = {'ok': False, 'message': 'HTTP 503', 'contentType': '',
                                    'text': '', 'url': '', 'date': None}
    crawl = await browser.visit()
    assert crawl.overlay_ui.rows[server.url(1)]['status'] == 'changed'
    assert crawl.overlay_ui.rows[server.url(0)] == {'status': 'stale', 'names': ['f'],
                                                'message': 'Not revalidated: HTTP 503'}
    del server.faults[server.url(0)]
    server.requests = []
    await act(crawl.overlay_ui.actions.refresh_stale)
    assert fetched(server) == [server.url(0)]
    assert crawl.overlay_ui.rows[server.url(0)]['status'] == 'changed'


@run
async def test_a_redirect_is_followed_inside_the_root_only_and_nothing_else_is_kept():
    server = Server(3)
    browser = Browser(server)
    server.redirects = {server.url(0): 'http://test/elsewhere/',
                        server.url(1): 'http://other/files/d1/',
                        server.url(2): ROOT + 'd2-moved/'}
    crawl = await browser.visit(pageSize=3)
    rows = crawl.overlay_ui.rows
    assert [rows[server.url(index)]['status'] for index in range(3)] == ['failed', 'failed', 'new']
    assert rows[server.url(0)]['message'] == \
        'Not loaded: redirected to http://test/elsewhere/, outside this listing'
    assert 'http://other/files/d1/' in rows[server.url(1)]['message']
    kept = await browser.store.kept.read_records([server.url(index) for index in range(3)])
    assert list(kept) == ['~' + server.url(2)]


@pytest.mark.parametrize('fetched_after, trusted', [(0, False), (30, False), (59, False),
                                                    (60, True), (3600, True)])
@run
async def test_a_record_fetched_within_its_mtimes_precision_is_not_trusted(fetched_after, trusted):
    server = Server(1)
    browser = Browser(server)
    # HTML listings show minutes: a change later in the same minute keeps the mtime.
    minute = START - START % 60
    server.tree['d0']['mtime'] = minute
    server.clock = minute + fetched_after
    browser.open_page = {'heads': ['Index of /files/'], 'rows': [
        {'links': [{'href': 'd0/', 'text': 'd0/', 'stamps': [],
                    'after': time.strftime('%d-%b-%Y %H:%M', time.gmtime(minute)) + '  -'}],
         'text': '', 'stamps': []}]}
    server.faults[ROOT] = {'ok': False, 'message': 'HTTP 502', 'contentType': '', 'text': '',
                           'url': '', 'date': None}
    await browser.visit()
    del server.faults[ROOT]
    server.clock = minute + 7200
    crawl = await browser.visit()
    assert fetched(server) == ([] if trusted else [server.url(0)])
    assert crawl.overlay_ui.statuses() == ['fresh']


@pytest.mark.parametrize('fault, words', [
    (TypeError('Failed to fetch'), 'unexpected error: TypeError: Failed to fetch'),
    (Problem('network error or blocked by CORS'), 'network error or blocked by CORS'),
    ({'ok': True, 'message': '', 'contentType': 'application/json', 'text': '[{"na',
      'url': '', 'date': None}, 'JSON listing is cut off'),
    ({'ok': True, 'message': '', 'contentType': 'text/html', 'text': '<title>Index of',
      'url': '', 'date': None}, 'unexpected error'),
])
@run
async def test_whatever_a_fetch_or_parse_throws_the_directory_settles_with_why(fault, words):
    server = Server(2)
    browser = Browser(server)
    await browser.visit()
    server.touch(0, 'g')
    server.touch(1, 'h')
    # d1 was cached: it stays in view, stale; a new directory fails.
    server.tree['new'] = {'mtime': server.clock, 'children': {}}
    for url in [server.url(1), ROOT + 'new/']:
        server.faults[url] = fault

    def html_breaks(text):
        raise TypeError('DOMParser is not a constructor')

    browser.page_of_html = html_breaks
    crawl = await browser.visit(pageSize=3)
    rows = crawl.overlay_ui.rows
    assert rows[ROOT + 'new/']['status'] == 'failed'
    assert rows[ROOT + 'new/']['message'].startswith('Not loaded: ')
    assert words in rows[ROOT + 'new/']['message']
    assert rows[server.url(1)]['status'] == 'stale' and rows[server.url(1)]['names'] == ['f']
    assert rows[server.url(1)]['message'].startswith('Not revalidated: ')
    assert rows[server.url(0)]['status'] == 'changed'
    assert crawl.overlay_ui.status['state'] == 'done'
    assert crawl.overlay_ui.status['failed'] == 1


@pytest.mark.parametrize('broken, note', [
    ('write_records', 'Not caching: a write failed (the store broke in write_records).'),
    ('read_records', None),
    ('open', 'Not caching: IndexedDB refused (unexpected error: TypeError: no store today).'),
    ('read_visit', None),
])
@run
async def test_whatever_the_store_throws_every_directory_settles(broken, note):
    server = Server(3)
    browser = Browser(server)
    browser.store.broken.add(broken)
    crawl = await browser.visit()
    assert crawl.overlay_ui.statuses() == ['new', 'new']
    assert crawl.overlay_ui.status['state'] == 'done'
    assert len([n for n in crawl.overlay_ui.notes if n.startswith('Not caching: a write failed')]) \
        <= 1, 'a failing store is reported once'
    if note:
        assert any(n.startswith(note) for n in crawl.overlay_ui.notes), crawl.overlay_ui.notes
    # A pool place that a failure took is given back: the next page settles too.
    await act(crawl.overlay_ui.actions.turn_page, 1)
    assert crawl.overlay_ui.statuses() == ['new']


@pytest.mark.parametrize('times', [1, 2])
@run
async def test_a_row_that_cannot_be_shown_still_settles_and_says_why(times):
    server = Server(3)
    browser = Browser(server)
    broken = {'count': 0}

    class Breaking(Screen):
        """Rendering d0 throws, once (its failure then shows) or twice (it cannot)."""

        def show_children(self, url, status, entries, message, visit, now):
            if url == server.url(0) and broken['count'] < times:
                broken['count'] += 1
                raise TypeError('cannot draw this row')
            super().show_children(url, status, entries, message, visit, now)

    crawl = start_crawl(ROOT, dict(SETTINGS, pageSize=2), browser.adapters(), Breaking)
    await crawl.crawl_done
    await idle()
    assert crawl.overlay_ui.status['state'] == 'done'
    assert crawl.overlay_ui.status['failed'] == 1
    assert crawl.overlay_ui.rows[server.url(1)]['status'] == 'new'
    if times == 1:
        assert crawl.overlay_ui.rows[server.url(0)] == {
            'status': 'failed', 'names': [],
            'message': 'Not loaded: could not be shown (unexpected error: TypeError: cannot draw '
                       'this row)'}
    else:
        assert any('could not be shown' in note for note in crawl.overlay_ui.notes)


@run
async def test_a_record_that_breaks_the_rules_fails_its_directory_alone():
    server = Server(2)
    browser = Browser(server)
    await browser.visit()

    async def damaged(urls):
        return {'~' + urls[0]: {'url': urls[0]}}

    browser.store.read_records = damaged
    crawl = await browser.visit()
    assert crawl.overlay_ui.rows[server.url(0)]['status'] == 'failed'
    assert crawl.overlay_ui.rows[server.url(0)]['message'].startswith('Not loaded: unexpected error: ')
    assert crawl.overlay_ui.rows[server.url(1)]['status'] == 'new'
    assert crawl.overlay_ui.status['state'] == 'done'


@pytest.mark.parametrize('fault', [TypeError('Failed to fetch'),
                                   {'ok': False, 'message': 'HTTP 500', 'contentType': '',
                                    'text': '', 'url': '', 'date': None}])
@run
async def test_wave_one_falls_back_to_the_open_page_whatever_goes_wrong(fault):
    server = Server(3)
    browser = Browser(server)
    server.faults[ROOT] = fault
    browser.open_page = {'heads': ['Index of /files/'], 'rows': [
        {'links': [{'href': 'd{}/'.format(i), 'text': 'd{}/'.format(i), 'stamps': [],
                    'after': time.strftime('%d-%b-%Y %H:%M', time.gmtime(START - DAY * (i + 1)))
                    + '  -'}], 'text': '', 'stamps': []}
        for i in range(3)]}
    crawl = await browser.visit()
    assert [n for n in crawl.overlay_ui.notes if n.startswith('The listing request failed (')] \
        and 'showing the page as loaded' in crawl.overlay_ui.notes[-1]
    assert crawl.overlay_ui.statuses() == ['new', 'new']
    assert crawl.overlay_ui.status['state'] == 'done'


@run
async def test_a_page_that_cannot_be_read_either_is_broken_with_both_reasons():
    server = Server(3)
    browser = Browser(server)
    server.faults[ROOT] = TypeError('Failed to fetch')
    crawl = await browser.visit()
    assert crawl.overlay_ui.status['state'] == 'broken'
    assert crawl.overlay_ui.status['text'] == ('No listing could be read here '
                                           '(unexpected error: TypeError: Failed to fetch).')


@run
async def test_a_chosen_page_size_and_scope_outlive_the_visit_but_not_a_choice_made_first():
    server = Server(7)
    browser = Browser(server)
    crawl = await browser.visit(pageSizes=[2, 3])
    assert crawl.rows_view.page_size == 2 and crawl.search_scope == 'page'
    await act(crawl.overlay_ui.actions.set_size, 3)
    await act(crawl.overlay_ui.actions.choose_scope, 'tree')
    crawl = await browser.visit(pageSizes=[2, 3])
    assert crawl.rows_view.page_size == 3 and crawl.overlay_ui.scope == 'tree'
    assert len(crawl.overlay_ui.rows) == 3, 'page 1 is shown at the size chosen'
    browser.store.broken.add('read_choices')
    crawl = await browser.visit(pageSizes=[2, 3])
    assert crawl.rows_view.page_size == 2 and crawl.search_scope == 'page', "the build's defaults when unreadable"


@run
async def test_a_choice_taken_up_or_made_before_the_listing_is_read_shows_no_empty_page():
    """The status keeps saying the listing is being read, never "0 of 0 ... done", until
    wave 1 answers; then page 1 shows at the size chosen."""
    server = Server(7)
    browser = Browser(server)
    crawl = await browser.visit(pageSizes=[2, 3])
    await act(crawl.overlay_ui.actions.set_size, 3)
    gate = server.hold(ROOT)
    crawl = start_crawl(ROOT, dict(SETTINGS, pageSize=2, pageSizes=[2, 3]), browser.adapters(),
                        Screen)
    await idle()  # the kept choice is read while wave 1 is held
    assert crawl.overlay_ui.status is None and crawl.overlay_ui.rows == {}
    await act(crawl.overlay_ui.actions.set_size, 2)
    assert crawl.overlay_ui.status is None and crawl.overlay_ui.rows == {}
    await act(gate.set)
    await crawl.crawl_done
    assert len(crawl.overlay_ui.rows) == 2 and crawl.overlay_ui.status['total'] == 2


@run
async def test_a_tree_search_lists_cached_entries_below_the_root_and_pages_them():
    server = Server(5)
    browser = Browser(server)
    crawl = await browser.visit()
    await act(crawl.overlay_ui.actions.choose_scope, 'tree')
    await act(crawl.overlay_ui.actions.filter_by, 'f')
    assert crawl.overlay_ui.hits['paths'] == ['d0/f', 'd1/f'] and crawl.overlay_ui.hits['pages'] == 2
    assert crawl.overlay_ui.matches == '4 hits in 5 listings · 1 never loaded'
    await act(crawl.overlay_ui.actions.turn_page, 1)
    assert crawl.overlay_ui.hits['page'] == 2
    await act(crawl.overlay_ui.actions.filter_by, '')
    assert crawl.overlay_ui.page == 1 and len(crawl.overlay_ui.exported) > 0


@run
async def test_a_directory_opened_in_place_is_a_root_of_its_own_and_a_crumb_leads_back():
    server = Server(3)
    browser = Browser(server)
    crawl = await browser.visit()
    server.requests = []
    await act(crawl.overlay_ui.actions.open_directory, server.url(1))
    assert server.requests == [server.url(1)], 'its listing is wave 1; it holds no directory'
    assert [c['label'] for c in crawl.overlay_ui.crumbs] == ['/files/', 'd1/']
    assert crawl.overlay_ui.crumbs[1]['href'] == server.url(1)
    assert crawl.rows_view.all_entries[0]['name'] == 'f' and crawl.overlay_ui.rows == {}
    assert await browser.store.kept.read_visit(server.url(1)) == START, 'a visit of its own'
    server.requests = []
    assert crawl.overlay_ui.actions.go_up() is True
    await idle()
    assert server.requests == [ROOT] and crawl.overlay_ui.statuses() == ['fresh', 'fresh']
    assert [c['href'] for c in crawl.overlay_ui.crumbs] == [ROOT]
    assert crawl.overlay_ui.actions.go_up() is False


@run
async def test_whats_new_marks_no_hit_of_a_later_search():
    server = Server(3)
    browser = Browser(server)
    crawl = await browser.visit()
    server.clock += 3600
    server.touch(0, 'g')
    crawl = await browser.visit()
    await act(crawl.overlay_ui.actions.choose_scope, 'tree')
    await act(crawl.overlay_ui.actions.filter_by, 'd0/')
    await act(crawl.overlay_ui.actions.show_news)
    assert 'd0/g' in crawl.overlay_ui.hits['paths'] and 'new' in crawl.overlay_ui.hits['changes']
    await act(crawl.overlay_ui.actions.filter_by, 'd0/g')
    assert crawl.overlay_ui.hits['paths'] == ['d0/g'] and crawl.overlay_ui.hits['changes'] == [None]


@run
async def test_a_planted_record_visit_and_choice_are_never_used_and_the_row_says_so():
    """What script on the listing's origin can write into the store (docs/design.md, Trust):
    a record with the directory's real mtime whose entries no listing gives, a visit at a
    time that is no time, choices with a scope there is not."""
    server = Server(3)
    browser = Browser(server)
    first = await browser.visit(pageSizes=[2, 3])
    kept = browser.store.kept
    record = (await kept.read_records([server.url(0)]))[dict_key(server.url(0))]
    names = first.overlay_ui.rows[server.url(0)]['names']
    await kept.write_records([dict(record, entries=[dict(entry, name='../../x.desktop', href='..%2F..%2Fx.desktop')
                                            for entry in record['entries']])])
    await kept.write_visit(ROOT, float('nan'))
    await kept.write_choices({'pageSize': 3, 'scope': 'everything'})
    server.requests = []
    crawl = await browser.visit(pageSizes=[2, 3])
    assert server.requests == [ROOT, server.url(0)], 'the planted record is fetched again'
    assert crawl.overlay_ui.rows[server.url(0)] == {'status': 'new', 'names': names,
                                                 'message': DAMAGED_NOTE}
    assert crawl.previous_visit is None
    assert crawl.rows_view.page_size == 2 and crawl.search_scope == 'page', \
        'choices that are not sound are none, all of them'
    # Below a directory, a record for a URL a browser reads as the root: not searched.
    await kept.write_records([dict(record, url=server.url(0) + '%2e%2e/')])
    await act(crawl.overlay_ui.actions.choose_scope, 'tree')
    await act(crawl.overlay_ui.actions.filter_by, 'f')
    assert all(not path.startswith('d0/%2e') for path in crawl.overlay_ui.hits['paths'])
    assert server.url(0) + '%2e%2e/' not in [record['url'] for record in await kept.records_below(ROOT)]
