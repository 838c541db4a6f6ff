"""The map under CPython: the real mapping, root, pool and memory store with a fake server
of nginx JSON listings and a fake clock (bookmarklet/crawl/mapping.py).

Each test maps a tree and reads what was requested, what the store kept (records,
frontier, the map's own record) and what the screen would show.
"""

import asyncio
import concurrent.futures
import email.utils
import functools
import json

import pytest

from bookmarklet.cache.checked import frontier_key
from bookmarklet.shown.phrases import map_pace
from bookmarklet.crawl.mapping import LOOP_LEVELS, new_map, recall_map, start_map, pause_map, resume_map, stop_map, \
    map_shown
from bookmarklet.crawl.pool import new_pool
from bookmarklet.crawl.root import new_root
from bookmarklet.settings import SETTINGS
from bookmarklet.cache.store import memory_store


ROOT = 'http://test/files/'
START = 1_800_000_000


def run(test):
    """Run an async test in a loop of its own, in a thread of its own (Playwright's sync API
    keeps a loop in the tests' thread)."""
    @functools.wraps(test)
    def runner(*args, **kwargs):
        with concurrent.futures.ThreadPoolExecutor(1) as thread:
            thread.submit(lambda: asyncio.run(asyncio.wait_for(test(*args, **kwargs), 20))).result()
    return runner


def tree(depth, fan):
    """Directories fan wide and depth deep below the root, each with a file f (whose date
    tells the levels apart: no listing is the same as another's)."""
    node = {'f': {'mtime': START - 86400 - depth}}
    if depth == 0:
        return node
    for index in range(fan):
        node['d{}'.format(index)] = {'mtime': START - 86400 * (index + 2), 'children': tree(depth - 1, fan)}
    return node


class Server:
    """nginx's JSON listings of a tree; a URL can answer a status instead, or be held."""

    def __init__(self, root):
        self.root = root
        self.clock = START
        self.requests = []
        self.statuses = {}      # url: [status, wait] answered once each
        self.failing = set()    # urls that fail at every request
        self.held = None        # an Event every request waits for, when set
        self.aliases = {}       # url: the url it stands for, and so below it (a symlink)

    def real_url(self, url):
        """The URL url stands for once every symlink on its path is followed."""
        for _ in range(100):
            links = [link for link in self.aliases if url.startswith(link)]
            if not links:
                return url
            url = self.aliases[links[0]] + url[len(links[0]):]
        raise AssertionError('a symlink too deep')

    def node_of(self, url):
        url = self.real_url(url)
        node = self.root
        for name in url[len(ROOT):].split('/')[:-1]:
            node = node[name]['children']
        return node

    async def fetch_listing(self, url, timeout_seconds):
        self.requests.append(url)
        if self.held is not None:
            await self.held.wait()
        if url in self.statuses and self.statuses[url]:
            status, wait = self.statuses[url].pop(0)
            return {'ok': False, 'message': 'HTTP {}'.format(status), 'wait': wait}
        if url in self.failing:
            return {'ok': False, 'message': 'HTTP 500'}
        listing = [{'name': name, 'type': 'directory' if 'children' in child else 'file',
                    'mtime': email.utils.formatdate(child['mtime'], usegmt=True), 'size': 1}
                   for name, child in self.node_of(url).items()]
        return {'ok': True, 'contentType': 'application/json', 'text': json.dumps(listing),
                'url': url, 'date': self.clock}


class Tab:
    """One tab: adapters over the server, a store shared with other tabs, a lock shared too."""

    def __init__(self, server, store, locks, **settings):
        self.server = server
        self.store = store
        self.locks = locks
        self.waits = []
        self.changes = 0
        adapters = type('Adapters', (), {})()
        adapters.listing_api = lambda: ''
        adapters.fetch_listing = server.fetch_listing
        adapters.page_of_html = lambda text: {'heads': [], 'rows': []}
        adapters.clock_now = lambda: server.clock
        adapters.wait_seconds = self.wait_seconds
        adapters.is_visible = lambda: True
        adapters.hold_lock = self.hold_lock
        self.root = new_root(ROOT, dict(SETTINGS, **settings), adapters)
        self.root.is_live = True
        self.root.read_at = server.clock
        pool = new_pool(self.root.run_settings['maxConcurrentRequests'])
        self.mapping = new_map(self.root, asyncio.ensure_future(self.ready()), pool, self.changed)

    async def ready(self):
        return self.store

    def changed(self):
        self.changes += 1

    async def wait_seconds(self, seconds):
        """The clock moves on by seconds, at once."""
        self.waits.append(seconds)
        self.server.clock += seconds
        await asyncio.sleep(0)

    async def hold_lock(self, name, task):
        if name in self.locks:
            return None
        self.locks.add(name)
        try:
            done = task()
            return await done if asyncio.iscoroutine(done) else done
        finally:
            self.locks.discard(name)

    def entries(self):
        return [{'name': name, 'href': name, 'undecodable': False,
                 'type': 'directory' if 'children' in child else 'file', 'mtime': child['mtime'],
                 'size': None if 'children' in child else 1, 'sizeApprox': False}
                for name, child in self.server.root.items()]

    async def map(self):
        await recall_map(self.mapping)
        await start_map(self.mapping, self.entries())
        return map_shown(self.mapping)


async def start_held(tab):
    """Start tab's map with every request held back: its task, once the first request waits."""
    tab.server.held = asyncio.Event()
    running = asyncio.ensure_future(tab.map())
    for _ in range(50):
        await asyncio.sleep(0)
    return running


def directory_urls(node, base=ROOT):
    found = []
    for name, child in node.items():
        if 'children' in child:
            found.append(base + name + '/')
            found.extend(directory_urls(child['children'], base + name + '/'))
    return found


async def kept(store):
    return {'records': await store.records_below(ROOT), 'frontier': await store.read_frontier(ROOT),
            'map': await store.read_map(ROOT)}


@run
async def test_a_map_fetches_every_directory_at_every_depth_once_and_keeps_its_record():
    server = Server(tree(4, 3))
    store = memory_store('a test')
    shown = await Tab(server, store, set()).map()
    every = directory_urls(server.root)
    assert sorted(server.requests) == sorted(every) and len(every) == 3 + 9 + 27 + 81
    assert {key: shown[key] for key in ['state', 'done', 'known', 'failed']} == {
        'state': 'done', 'done': 120, 'known': 120, 'failed': 0}
    assert shown['entries'] == 120 + 120 - 3 and shown['said'].startswith(' · 120 of 120 directories mapped')
    found = await kept(store)
    assert sorted(record['url'] for record in found['records']) == sorted(every)
    assert found['frontier'] == [] and found['map']['state'] == 'done'


@run
async def test_a_directory_is_in_the_frontier_before_it_is_fetched_and_a_resume_fetches_only_the_rest():
    server = Server(tree(3, 3))
    store = memory_store('a test')
    first = Tab(server, store, set(), maxConcurrentRequests=1)
    running = await start_held(first)
    # The first request waits: the directories known are in the frontier already.
    assert len(server.requests) == 1
    assert sorted(item['url'] for item in (await kept(store))['frontier']) == sorted(
        ROOT + 'd{}/'.format(index) for index in range(3))
    # Let five listings in, then the tab is gone with its map (nothing more is written).
    for _ in range(5):
        server.held.set()
        await asyncio.sleep(0)
        server.held = asyncio.Event()
        for _ in range(50):
            await asyncio.sleep(0)
    running.cancel()
    committed = {record['url'] for record in (await kept(store))['records']}
    asked = list(server.requests)
    server.held = None
    server.requests = []
    again = Tab(server, store, set())
    await recall_map(again.mapping)
    assert map_shown(again.mapping)['state'] == 'stopped'
    assert map_shown(again.mapping)['offer'] == 'Resume the map: {} known left, maybe more below them'.format(
        len((await kept(store))['frontier']))
    shown = await again.map()
    assert shown['state'] == 'done' and shown['done'] == shown['known'] == 39
    # No directory whose record was committed is asked again; every other one once.
    assert not committed & set(server.requests)
    assert sorted(set(asked) | set(server.requests)) == sorted(directory_urls(server.root))
    assert len(server.requests) == len(set(server.requests))


@run
async def test_a_tab_gone_between_two_commits_loses_no_directory_and_counts_each_once():
    # 250 directories below one: more steps than a transaction takes (STEPS_AT_ONCE), and
    # the tab is gone after the first transaction that puts any of them.
    server = Server({'wide': {'mtime': START - 86400, 'children': {
        'd{:03d}'.format(index): {'mtime': START - 86400 * 2 - index, 'children': {}}
        for index in range(250)}}})
    store = memory_store('a test')
    commits = []

    async def change(steps):
        if commits:
            await asyncio.Event().wait()
        if any(step.get('put', {}).get('depth') == 2 for step in steps):
            commits.append(steps)
        await store.apply_steps(steps)
    cut = type('Store', (), {})()
    for name in dir(store):
        if not name.startswith('_'):
            setattr(cut, name, getattr(store, name))
    cut.apply_steps = change
    running = asyncio.ensure_future(Tab(server, cut, set()).map())
    for _ in range(200):
        await asyncio.sleep(0)
    assert len(commits) == 1
    running.cancel()
    committed = {record['url'] for record in (await kept(store))['records']}
    server.requests = []
    shown = await Tab(server, store, set()).map()
    every = directory_urls(server.root)
    assert {key: shown[key] for key in ['state', 'done', 'known', 'failed']} == {
        'state': 'done', 'done': len(every), 'known': len(every), 'failed': 0}
    assert {record['url'] for record in (await kept(store))['records']} >= set(every)
    # What was committed is not asked again; the rest once each.
    assert not committed & set(server.requests)
    assert len(server.requests) == len(set(server.requests))


@run
async def test_a_429_or_503_holds_every_request_for_its_retry_after_then_goes_on():
    server = Server(tree(2, 3))
    server.statuses[ROOT + 'd1/'] = [[503, 7]]
    server.statuses[ROOT + 'd2/'] = [[429, 0], [429, 0]]
    tab = Tab(server, memory_store('a test'), set(), maxConcurrentRequests=1)
    shown = await tab.map()
    assert shown['state'] == 'done' and shown['failed'] == 0 and shown['done'] == 12
    # 7 s as asked; without a Retry-After, 1 s, then twice that (a wait of 0 is a turn).
    assert [seconds for seconds in tab.waits if seconds > 0] == [7, 1, 2]
    assert server.requests.count(ROOT + 'd1/') == 2 and server.requests.count(ROOT + 'd2/') == 3


@run
async def test_failures_in_a_row_stop_the_map_with_their_likely_cause_and_stay_to_resume():
    server = Server(tree(2, 12))
    server.failing = set(directory_urls(server.root))
    store = memory_store('a test')
    tab = Tab(server, store, set(), maxConcurrentRequests=1)
    shown = await tab.map()
    assert shown['state'] == 'stopped' and shown['failed'] == 10
    assert shown['note'] == 'The map stopped after 10 failures in a row: HTTP 500.'
    # Stopped, never done: the failed and the 2 never asked are left, and what lies below.
    assert shown['text'] == 'Stopped just now: 10 directories mapped, 10 failed, 12 known left, ' \
        'maybe more below them' and reads_as_stopped(shown)
    assert len(server.requests) == 10
    assert len((await kept(store))['frontier']) == 12


def written_at_once(names):
    """Directories (a dict of name: the same) and files (None) all of one mtime and size,
    as a package writes them."""
    return {name: {'mtime': START - 86400} if below is None else
            {'mtime': START - 86400, 'children': written_at_once(below)}
            for name, below in names.items()}


def chain(names, end):
    """Directories one inside the other, named names in turn, then end inside the last."""
    for name in reversed(names):
        end = {name: end}
    return end


@run
async def test_real_directories_whose_listings_repeat_an_ancestors_are_each_read_once():
    # A Maven repository: groupId org.fusesource.jansi, artifactId jansi; a directory that
    # lists the same as its parent and holds one more (c); and six levels in a row of one
    # name each, the same as the level above.
    server = Server(written_at_once({
        'org': {'fusesource': {'jansi': {'jansi': {'2.4.0': {'jansi-2.4.0.pom': None}, 'debian': {}}}}},
        'a': {'b': {'b': {'z': {}}, 'c': {}}, 'c': {}},
        'x': chain(['x'] * 6, {'y': {}})}))
    store = memory_store('a test')
    shown = await Tab(server, store, set()).map()
    every = directory_urls(server.root)
    assert sorted(server.requests) == sorted(every) and len(every) == 6 + 6 + 8
    assert {key: shown[key] for key in ['state', 'done', 'known']} == {
        'state': 'done', 'done': len(every), 'known': len(every)}
    assert [record['url'] for record in (await kept(store))['records'] if record['loopOf'] != ''] == []


def loops_below(server, urls):
    """{url: the ancestor it stands for} of those urls whose directory is one above them on
    their path, read off the tree's symlinks."""
    found = {}
    for url in urls:
        ancestors = [url[:at + 1] for at in range(len(ROOT) - 1, len(url) - 1) if url[at] == '/']
        same = [above for above in ancestors if server.real_url(above) == server.real_url(url)]
        if same:
            found[url] = same[-1]
    return found


@run
async def test_symlink_loops_end_within_their_stated_cost_and_only_loops_are_marked():
    server = Server(tree(2, 2))
    children = server.root['d0']['children']
    children['self'] = {'mtime': START - 86400, 'children': {}}
    children['d1']['children']['up'] = {'mtime': START - 86400, 'children': {}}
    server.root['m'] = {'mtime': START - 86400, 'children': {'to-n': {'mtime': START, 'children': {}}}}
    server.root['n'] = {'mtime': START - 86400, 'children': {'to-m': {'mtime': START, 'children': {}}}}
    server.aliases.update({ROOT + 'd0/self/': ROOT + 'd0/', ROOT + 'd0/d1/up/': ROOT + 'd0/',
                           ROOT + 'm/to-n/': ROOT + 'n/', ROOT + 'n/to-m/': ROOT + 'm/'})
    store = memory_store('a test')
    shown = await Tab(server, store, set()).map()
    assert shown['state'] == 'done' and shown['done'] == shown['known'] == len(server.requests)
    assert len(server.requests) == len(set(server.requests))
    loops = loops_below(server, server.requests)
    # Every directory not below a loop is read; below one, only loops, LOOP_LEVELS - 1 at
    # most for each.
    plain = [url for url in server.requests if not any(
        url.startswith(loop) and url != loop for loop in loops)]
    first = [url for url in plain if url in loops]
    assert sorted(first) == [ROOT + 'd0/d1/up/', ROOT + 'd0/self/', ROOT + 'm/to-n/to-m/',
                             ROOT + 'n/to-m/to-n/']
    assert len(plain) == 6 + 2 + 3 + 3 and set(server.requests) - set(plain) <= set(loops)
    assert len(server.requests) - len(plain) <= (LOOP_LEVELS - 1) * len(first)
    marked = {record['url']: record['loopOf'] for record in (await kept(store))['records']
              if record['loopOf'] != ''}
    assert marked == loops


def reads_as_stopped(shown):
    """True when what the screen and a screen reader say of a map says it stopped, and
    nothing a finished map says (its 'N of N directories mapped')."""
    return shown['text'].startswith('Stopped') and ' of ' not in shown['text'] and \
        shown['said'] == ' · ' + shown['text']


@run
async def test_a_map_at_its_limit_of_5000_directories_reads_as_stopped_not_done():
    server = Server({'d{}'.format(index): {'mtime': START - 86400, 'children': {
        'e{}'.format(inner): {'mtime': START - 86400, 'children': {}} for inner in range(51)}}
        for index in range(100)})
    shown = await Tab(server, memory_store('a test'), set()).map()
    assert shown['state'] == 'stopped' and shown['done'] == shown['known'] == 5000
    assert shown['note'] == 'The map stops at 5000 directories.'
    assert shown['text'] == 'Stopped just now: 5000 directories mapped, maybe more below them'
    assert reads_as_stopped(shown) and shown['offer'] == 'Map everything below'


@run
async def test_a_map_stops_at_its_limits_and_says_so():
    server = Server(tree(4, 2))
    shown = await Tab(server, memory_store('a test'), set(), mapLimit=10).map()
    assert shown['state'] == 'stopped' and shown['known'] == 10 and len(server.requests) == 10
    assert shown['note'] == 'The map stops at 10 directories.'
    server = Server(tree(4, 2))
    shown = await Tab(server, memory_store('a test'), set(), mapDepth=2).map()
    assert shown['state'] == 'stopped' and shown['known'] == 6
    assert shown['note'] == 'The map goes no deeper than 2 levels.'


@run
async def test_a_map_running_in_another_tab_is_followed_not_run_again():
    server = Server(tree(2, 2))
    store = memory_store('a test')
    locks = set()
    first = Tab(server, store, locks)
    running = await start_held(first)
    second = Tab(server, store, locks)
    await recall_map(second.mapping)
    assert map_shown(second.mapping)['elsewhere'] and map_shown(second.mapping)['state'] == 'running'
    assert map_shown(second.mapping)['text'].startswith('Running in another tab: ')
    server.held.set()
    await running
    assert sorted(server.requests) == sorted(directory_urls(server.root))


@run
async def test_a_map_another_tab_runs_is_its_while_this_tab_asks_for_the_lock():
    """A frame drawn while the lock is asked shows the map as the other tab's: never as this
    tab's own, paused or running, with a pace of its own."""
    server = Server(tree(2, 2))
    store = memory_store('a test')
    locks = set()
    running = await start_held(Tab(server, store, locks))
    second = Tab(server, store, locks)
    answer = asyncio.Event()
    ask = second.hold_lock

    async def slow_lock(name, task):
        await answer.wait()
        return await ask(name, task)
    second.root.io_adapters.hold_lock = slow_lock
    reading = asyncio.ensure_future(recall_map(second.mapping))
    for _ in range(20):
        await asyncio.sleep(0)
    assert not reading.done()
    assert map_shown(second.mapping)['text'].startswith('Running in another tab: ')
    answer.set()
    await reading
    assert map_shown(second.mapping)['elsewhere']
    server.held.set()
    await running


@run
async def test_pause_holds_every_new_request_resume_goes_on_and_stop_keeps_the_frontier():
    server = Server(tree(2, 3))
    store = memory_store('a test')
    tab = Tab(server, store, set(), maxConcurrentRequests=1)
    running = await start_held(tab)
    pause_map(tab.mapping)
    server.held.set()
    for _ in range(100):
        await asyncio.sleep(0)
    assert len(server.requests) == 1 and map_shown(tab.mapping)['state'] == 'paused'
    resume_map(tab.mapping)
    for _ in range(10):
        await asyncio.sleep(0)
    stop_map(tab.mapping, '')
    await running
    shown = map_shown(tab.mapping)
    assert shown['state'] == 'stopped' and shown['done'] < shown['known']
    left = (await kept(store))['frontier']
    assert len(left) == shown['known'] - shown['done'] and len(left) > 0
    assert (await kept(store))['map']['state'] == 'stopped'


def test_frontier_keys_of_nested_roots_never_meet():
    assert not frontier_key(ROOT + 'a/', ROOT + 'a/b/').startswith(frontier_key(ROOT, ''))
    assert frontier_key(ROOT, ROOT + 'a/').startswith(ROOT + ' ')


@pytest.mark.parametrize('value', [None, 'x', {'root': ROOT}])
@run
async def test_a_damaged_map_record_is_no_map(value):
    store = memory_store('a test')
    await store.apply_steps([{'store': 'maps', 'put': value if isinstance(value, dict) else
                         {'root': ROOT, 'state': value}}])
    assert await store.read_map(ROOT) is None


@run
async def test_a_store_change_is_applied_whole():
    store = memory_store('a test')
    item = {'key': frontier_key(ROOT, ROOT + 'a/'), 'root': ROOT, 'url': ROOT + 'a/',
            'depth': 1, 'mtime': None, 'sums': [5], 'period': 0, 'repeats': 0}
    await store.apply_steps([{'store': 'frontier', 'put': item}])
    assert len(await store.read_frontier(ROOT)) == 1
    await store.apply_steps([{'store': 'frontier', 'drop': item['key']}])
    assert await store.read_frontier(ROOT) == [] and await store.read_frontier(ROOT + 'a/') == []


@run
async def test_a_map_done_with_a_failure_says_so_and_the_next_map_asks_for_everything_again():
    server = Server(tree(2, 3))
    server.failing = {ROOT + 'd1/'}
    store = memory_store('a test')
    shown = await Tab(server, store, set()).map()
    assert (shown['state'], shown['done'], shown['known'], shown['failed']) == ('done', 9, 9, 1)
    assert shown['said'].startswith(' · 9 of 9 directories mapped') and shown['said'].endswith(', 1 failed')
    assert shown['offer'] == 'Map everything below'
    assert (await kept(store))['frontier'] == []
    server.failing = set()
    server.requests = []
    server.clock += 60
    shown = await Tab(server, store, set()).map()
    assert (shown['state'], shown['done'], shown['failed']) == ('done', 12, 0)
    assert sorted(server.requests) == sorted(directory_urls(server.root))


def test_a_pace_under_one_directory_a_second_is_not_shown():
    assert map_pace(18, 0.001, 8000 / 0.001) == ' · 18 entries'
    assert map_pace(4512, 35.5, 130) == ' · 4512 entries · 35 directories/s, about 2 min left'


@run
async def test_a_re_map_in_the_same_second_as_the_last_map_and_the_changes_finds_each_change():
    server = Server(tree(4, 2))
    store = memory_store('a test')
    await Tab(server, store, set()).map()
    # In the second the map ended: a file added four levels down, one rewritten in place
    # three down (only its own mtime moves), one removed one down.
    node = server.root['d0']['children']['d1']['children']['d0']['children']
    node['d1']['children']['added'] = {'mtime': server.clock}
    node['f'] = {'mtime': server.clock}
    del server.root['d1']['children']['f']
    server.requests = []
    shown = await Tab(server, store, set()).map()
    assert shown['state'] == 'done' and sorted(server.requests) == sorted(directory_urls(server.root))
    records = {record['url']: record for record in (await kept(store))['records']}
    added = records[ROOT + 'd0/d1/d0/d1/']['entries']
    assert [entry['seen'] for entry in added if entry['href'] == 'added'] == [server.clock]
    assert [entry['mtime'] for entry in records[ROOT + 'd0/d1/d0/']['entries']
            if entry['href'] == 'f'] == [server.clock]
    assert [entry['href'] for entry in records[ROOT + 'd1/']['gone']] == ['f']
