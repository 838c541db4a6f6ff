"""The map, end to end against a real nginx, read through docs/contract.md only: a tree six
levels deep mapped whole, what's new after a re-map, an interrupted map resumed, a 503's
Retry-After and a symlink loop, in every engine; nested roots and two tabs in Chromium and
Firefox.

Requests are counted in nginx's log (its JSON listings are asked for by Accept, so each
directory's URI is its own).
"""

import json
import os
import time
from collections import Counter

import pytest

from tests.support.held_sites import held_site
from tests.support.trees import write_tree, directory, file, touch, SEPT_2026
from tests.support.visits import read_cache, quiet_requests
from bookmarklet.crawl.mapping import LOOP_LEVELS

# Seconds a page may take to read an answer nginx has sent, on a machine as busy as a test
# run makes it.
READ_MOMENT = 0.05
# The export box's text holds a string (the export is made a moment after what it shows).
EXPORT_HOLDS = """(text) => document.getElementById('autoindex-sitemap').shadowRoot
    .querySelector('[data-role=export-text]').value.includes(text)"""

PROGRESS = """() => {
  const bar = document.getElementById('autoindex-sitemap').shadowRoot
      .querySelector('[data-role=map-progress]');
  const named = bar.getAttribute('aria-labelledby');
  return {state: bar.getAttribute('data-state'), done: +bar.getAttribute('data-done'),
          known: +bar.getAttribute('data-known'), failed: +bar.getAttribute('data-failed'),
          entries: +bar.getAttribute('data-entries'), value: bar.value, max: bar.max,
          hidden: bar.hidden,
          name: named ? bar.getRootNode().getElementById(named).textContent : '',
          offer: bar.getRootNode().querySelector('[data-role=map]').textContent,
          status: bar.getRootNode().querySelector('[data-role=status]').textContent};
}"""


def progress(page):
    return page.evaluate(PROGRESS)


def wait_state(page, states, timeout=60, known=None):
    """The map's progress once its data-state is one of states (and it knows known
    directories, when given)."""
    page.wait_for("""([states, known]) => { const bar = document.getElementById('autoindex-sitemap')
        .shadowRoot.querySelector('[data-role=map-progress]');
        return bar !== null && states.includes(bar.getAttribute('data-state')) &&
            (known === null || +bar.getAttribute('data-known') === known); }""",
                  [states, known], timeout=timeout * 1000)
    return progress(page)


def deep_tree():
    """2,000 directories six levels deep, each with one file: 10 at level 1, 100 at level 2,
    1,887 at level 3, and one chain of three below to level 6."""
    top = {}
    for a in range(10):
        middle = {}
        for b in range(10):
            leaves = {}
            count = 105 if (a, b) == (9, 9) else 18
            if (a, b) == (9, 9):
                count = 1887 - 18 * 99
            for c in range(count):
                leaves['l{}'.format(c)] = directory(SEPT_2026 + c, {'f.txt': file(SEPT_2026, 1)})
            middle['m{}'.format(b)] = directory(SEPT_2026 + b, dict(leaves, **{'f.txt': file(SEPT_2026, 1)}))
        top['t{}'.format(a)] = directory(SEPT_2026 + a, dict(middle, **{'f.txt': file(SEPT_2026, 1)}))
    chain = directory(SEPT_2026, {'six.txt': file(SEPT_2026 + 99, 6)})
    chain = directory(SEPT_2026, {'l6': chain})
    chain = directory(SEPT_2026, {'l5': chain})
    top['t0']['children']['m0']['children']['l0']['children']['l4'] = chain
    return top


def directory_uris(server):
    """The directories whose JSON listing was asked for (a page opened asks for HTML)."""
    return [r['uri'] for r in server.requests() if r['uri'].endswith('/') and r['status'] == 200
            and 'application/json' in r['accept']]


@pytest.fixture
def deep(tmp_path, serve):
    www = tmp_path / 'www'
    write_tree(www, deep_tree())
    return serve('json-by-accept.conf', www), www


def test_a_map_reaches_every_directory_six_levels_deep_and_every_reader_sees_it(
        page, deep, bookmarklet):
    server, www = deep
    page.open_sitemap(server.url('/'), bookmarklet)
    quiet_requests(server)
    page.control('map').click()
    shown = wait_state(page, ['done', 'stopped'], timeout=120)
    assert {key: shown[key] for key in ['state', 'done', 'known', 'failed']} == {
        'state': 'done', 'done': 2000, 'known': 2000, 'failed': 0}
    assert shown['value'] == 2000 and shown['max'] == 2000 and not shown['hidden']
    # Each of the 2,000 directories asked for once, wave 2's included.
    uris = below_root(server)
    assert len(uris) == 2000 and set(uris.values()) == {1}
    assert '2000 of 2000 directories mapped' in shown['name']
    # Every listing's entries: a file in each directory but l4 and l5, and the directories
    # below level 1.
    assert shown['entries'] == 1998 + 1990
    # Search in the tree reaches level 6; the status line says how complete the map is.
    page.control('scope').select_option('tree')
    page.press('/')
    page.type('six')
    page.wait_for("""() => document.getElementById('autoindex-sitemap').shadowRoot
        .querySelector('[data-role=matches]').textContent.startsWith('1 hits in 2001 listings')""")
    hits = page.read_overlay()['hits']
    assert [hit['path'] for hit in hits] == ['t0/m0/l0/l4/l5/l6/six.txt']
    assert progress(page)['status'].endswith('2000 of 2000 directories mapped just now')
    assert page.errors == []


@pytest.fixture
def small(tmp_path, serve):
    """Three levels of directories under a, and b beside it: 1 + 4 + 8 + 16 below the root."""
    def level(depth):
        if depth == 0:
            return {'f.txt': file(SEPT_2026, 1)}
        return {'x': directory(SEPT_2026 + depth, level(depth - 1)),
                'y': directory(SEPT_2026 + depth, level(depth - 1)), 'f.txt': file(SEPT_2026, 2)}
    spec = {'a': directory(SEPT_2026 + 10, level(5)), 'b': directory(SEPT_2026 + 5, {})}
    www = tmp_path / 'www'
    write_tree(www, spec)
    return serve('json-by-accept.conf', www), www


def test_a_re_map_shows_what_was_added_changed_and_removed_at_every_depth_as_new_changed_and_gone(
        page, small, bookmarklet):
    server, www = small
    page.open_sitemap(server.url('/'), bookmarklet)
    page.control('map').click()
    first = wait_state(page, ['done'])
    assert first['known'] == first['done'] == 2 + 62
    page.run_bookmarklet(bookmarklet)
    time.sleep(1.1)  # the visit's second is over: what follows is after it
    now = time.time()
    # Depth 1, 3 and 6 (the root's listing is depth 0): added, changed and removed.
    deep = www / 'a' / 'x' / 'x' / 'x' / 'x'
    (www / 'new one.txt').write_bytes(b'1')
    (www / 'brand-new-dir').mkdir()
    (www / 'a' / 'x' / 'new3.txt').write_bytes(b'123')
    (deep / 'x' / 'new6.txt').write_bytes(b'1')
    touch(www / 'a' / 'x' / 'f.txt', now)
    touch(deep / 'y' / 'f.txt', now)
    os.remove(www / 'a' / 'y' / 'f.txt')
    os.remove(deep / 'x' / 'f.txt')
    os.rmdir(www / 'b')
    page.open_sitemap(server.url('/'), bookmarklet)
    page.control('map').click()
    # The last map shows until this one is under way: it is once the deepest is asked again.
    deadline = time.monotonic() + 30
    while below_root(server)['/a/x/x/x/x/x/'] < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    second = wait_state(page, ['done'], known=64)  # b went, brand-new-dir came
    assert second['done'] == 64
    page.control('page-size').select_option('30')
    page.control('whats-new').click()
    page.wait_for("""() => document.getElementById('autoindex-sitemap').shadowRoot
        .querySelector('[data-role=matches]').textContent.includes('since the visit')""")
    changes = {hit['path']: hit['change'] for hit in page.read_overlay()['hits']}
    assert {path: change for path, change in changes.items() if not path.endswith('/')} == {
        'new one.txt': 'new', 'a/x/new3.txt': 'new', 'a/x/x/x/x/x/new6.txt': 'new',
        'a/x/f.txt': 'changed', 'a/x/x/x/x/y/f.txt': 'changed',
        'a/y/f.txt': 'gone', 'a/x/x/x/x/x/f.txt': 'gone'}
    assert changes['brand-new-dir/'] == 'new' and changes['b/'] == 'gone'
    assert page.errors == []


def test_a_map_again_at_once_finds_a_change_six_three_and_one_levels_down(page, small, bookmarklet):
    """What's new after a map pressed again in the same overlay, within 2 s of changes made
    as the last map ended: a record of that map must not stand in for any listing."""
    server, www = small
    page.open_sitemap(server.url('/'), bookmarklet)  # the visit what's new looks back to
    page.run_bookmarklet(bookmarklet)
    page.open_sitemap(server.url('/'), bookmarklet)
    page.control('map').click()
    wait_state(page, ['done'])
    (www / 'a' / 'x' / 'x' / 'x' / 'x' / 'x' / 'new6.txt').write_bytes(b'1')
    (www / 'a' / 'x' / 'x' / 'f.txt').write_bytes(b'rewritten')
    os.remove(www / 'a' / 'f.txt')
    changed = time.monotonic()
    page.control('map').click()
    assert time.monotonic() - changed < 2
    deadline = time.monotonic() + 30
    while below_root(server)['/a/x/x/x/x/x/'] < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert wait_state(page, ['done'])['done'] == 64
    page.control('whats-new').click()
    page.wait_for("""() => document.getElementById('autoindex-sitemap').shadowRoot
        .querySelector('[data-role=matches]').textContent.includes('since the visit')""")
    changes = {hit['path']: hit['change'] for hit in page.read_overlay()['hits']}
    assert {path: change for path, change in changes.items() if not path.endswith('/')} == {
        'a/x/x/x/x/x/new6.txt': 'new', 'a/x/x/f.txt': 'changed', 'a/f.txt': 'gone'}
    # Each directory once for each map, and the root's own listing for each visit.
    assert set(below_root(server).values()) == {2}
    assert page.errors == []


@pytest.fixture
def slow(small, serve, tmp_path, delaying_upstream):
    """The small tree, each listing a fifth of a second late, and answered 503 with a
    Retry-After while .busy exists."""
    _, www = small
    return serve(held_site(tmp_path, delaying_upstream(0.2), '/', busy='.busy'), www), www


def below_root(server):
    return Counter(uri for uri in directory_uris(server) if uri != '/')


def test_a_map_the_tab_left_is_resumed_and_fetches_no_directory_twice(page, slow, bookmarklet):
    server, www = slow
    page.open_sitemap(server.url('/'), bookmarklet)
    quiet_requests(server)
    page.control('map').click()
    page.wait_for("""() => +document.getElementById('autoindex-sitemap').shadowRoot
        .querySelector('[data-role=map-progress]').getAttribute('data-done') >= 10""")
    # Paused, the requests in flight come in and commit, and no other starts; then the
    # page is left, which ends the map where it is. (A request in flight as a page goes is
    # lost with it, and asked again.)
    page.control('pause').click()
    paused = wait_state(page, ['paused'])
    time.sleep(1)
    assert progress(page)['done'] == paused['done'] or progress(page)['done'] < 64
    held = len(server.requests())
    time.sleep(0.6)
    assert len(server.requests()) == held, 'no request starts while paused'
    kept = read_cache(page)
    page.goto(server.url('/b/'))
    fetched_before = len(below_root(server))
    page.open_sitemap(server.url('/'), bookmarklet)
    shown = wait_state(page, ['stopped'])
    # What is known to be left, and that more may be below it; never a finished map's words.
    assert shown['offer'] == 'Resume the map: {} known left, maybe more below them'.format(
        shown['known'] - shown['done']) and 10 <= shown['done'] < shown['known']
    assert shown['status'].endswith('Stopped just now: {} directories mapped, {} known left, '
                                    'maybe more below them'.format(shown['done'], shown['known'] - shown['done']))
    assert shown['name'] == shown['status'].split(' · ')[-1]
    page.control('map').click()
    resumed = wait_state(page, ['done'])
    assert resumed['done'] == resumed['known'] == 64 and resumed['failed'] == 0
    # The second map counted on from the first: every directory once, the root's visits apart.
    uris = below_root(server)
    assert set(uris.values()) == {1}, [uri for uri, count in uris.items() if count > 1]
    assert len(uris) == 64 and fetched_before < 64 and kept is not None
    assert page.errors == []


def test_a_503_with_retry_after_holds_every_request_of_the_map_for_its_seconds(
        page, slow, bookmarklet):
    server, www = slow
    page.open_sitemap(server.url('/'), bookmarklet)
    quiet_requests(server)
    server.forget_requests()
    (www / '.busy').write_bytes(b'')
    page.control('map').click()
    deadline = time.monotonic() + 10
    while not any(r['status'] == 503 for r in server.requests()) and time.monotonic() < deadline:
        time.sleep(0.05)
    (www / '.busy').unlink()
    shown = wait_state(page, ['done'])
    assert shown['done'] == shown['known'] == 64 and shown['failed'] == 0
    # When nginx began each answer. The page reads a 503 a moment after nginx sent it: a
    # request begun meanwhile was asked before the 503 could be known.
    begun = [[float(r['time']) - float(r['duration']), r['status']] for r in server.requests()
             if r['uri'] != '/']
    refused = [at for at, status in begun if status == 503]
    after = [at for at, status in begun if status == 200 and at > refused[-1] + READ_MOMENT]
    assert refused and after and min(after) - refused[0] >= 1.9, [
        r for r in server.requests() if r['uri'] != '/']
    assert page.errors == []


def written_at_once(www, spec):
    """Write spec (a dict of name: the same for a directory, None for a file) below www, every
    directory and file of one mtime, as a package writes them."""
    write_tree(www, {})
    for name, below in spec.items():
        if below is None:
            (www / name).write_bytes(b'1')
        else:
            written_at_once(www / name, below)
    for path in [www, *www.iterdir()]:
        touch(path, SEPT_2026)


def tree_uris(www):
    """{uri: the uri of the directory above it that it is (real_loop_of), or None} of every
    directory a map reads below www, symlinks followed: all but those below a loop."""
    found = {}
    below = [www]
    while below:
        path = below.pop()
        for child in sorted(path.iterdir()):
            if child.is_dir():
                uri = '/' + child.relative_to(www).as_posix() + '/'
                found[uri] = real_loop_of(www, uri)
                if found[uri] is None:
                    below.append(child)
    return found


def marked_loops(page, deepest):
    """{path: note} of every directory the tree's search finds that says it loops, read from
    the export of every hit (all pages), once it holds the path deepest."""
    page.control('scope').select_option('tree')
    page.press('/')
    page.type('/')
    page.find('.export summary').click()  # open the export box
    page.control('export-format').select_option('json')
    page.wait_for(EXPORT_HOLDS, '"{}"'.format(deepest))
    return {item['path']: item['note'] for item in json.loads(page.control('export-text').input_value())
            if item['path'].endswith('/') and 'note' in item}


def test_real_directories_alike_as_a_package_writes_them_are_each_read_once(
        page, tmp_path, serve, bookmarklet):
    """A Maven repository repeats a name where a groupId ends in its artifactId, and a package
    writes every file at one time: a directory may list the same as the one above it."""
    www = tmp_path / 'www'
    written_at_once(www, {
        'org': {'fusesource': {'jansi': {'jansi': {'2.4.0': {'jansi-2.4.0.pom': None}, 'debian': {}}}}},
        'a': {'b': {'b': {'z': {}}, 'c': {}}, 'c': {}},
        'x': {'x': {'x': {'x': {'x': {'y': {}}}}}}})
    server = serve('json-by-accept.conf', www)
    every = tree_uris(www)
    page.open_sitemap(server.url('/'), bookmarklet)
    page.control('map').click()
    shown = wait_state(page, ['done', 'stopped'])
    assert (shown['state'], shown['done'], shown['known']) == ('done', len(every), len(every))
    uris = below_root(server)
    assert dict(uris) == {uri: 1 for uri in every} and len(every) == 6 + 6 + 6
    assert marked_loops(page, 'org/fusesource/jansi/jansi/2.4.0/jansi-2.4.0.pom') == {}
    assert page.errors == []


def test_symlink_loops_end_and_every_loop_and_no_other_directory_says_so(
        page, small, bookmarklet):
    server, www = small
    os.symlink('.', www / 'a' / 'x' / 'x' / 'self')
    os.symlink('..', www / 'a' / 'x' / 'y' / 'up')
    (www / 'm').mkdir()
    (www / 'n').mkdir()
    os.symlink('../n', www / 'm' / 'to-n')
    os.symlink('../m', www / 'n' / 'to-m')
    # Changed before the click's second, so the click's records of them are trusted: a
    # directory changed within the second it is read is rightly read again by the map.
    for changed in ('a/x/x', 'a/x/y', 'm', 'n'):
        os.utime(www / changed, (SEPT_2026, SEPT_2026))
    every = tree_uris(www)
    loops = {uri for uri, of in every.items() if of is not None}
    assert loops == {'/a/x/x/self/', '/a/x/y/up/', '/m/to-n/to-m/', '/n/to-m/to-n/'}
    page.open_sitemap(server.url('/'), bookmarklet)
    page.control('map').click()
    shown = wait_state(page, ['done', 'stopped'])
    uris = below_root(server)
    # Every directory once; below a loop, the path back to itself only, a stated few.
    assert shown['state'] == 'done' and shown['done'] == shown['known'] == len(uris)
    assert set(uris.values()) == {1} and set(every) <= set(uris)
    extra = {uri: real_loop_of(www, uri) for uri in set(uris) - set(every)}
    assert None not in extra.values() and len(extra) <= (LOOP_LEVELS - 1) * len(loops)
    # The tree shows each loop once, and nothing below it.
    said = marked_loops(page, 'a/x/x/self/')
    assert said == {uri[1:]: 'looks like a loop of {}'.format(of) for uri, of in every.items()
                    if of is not None}, said
    assert page.errors == []


def real_loop_of(www, uri):
    """The nearest directory above uri on its path that is the same directory, or None."""
    parts = uri.strip('/').split('/')
    real = os.path.realpath(www.joinpath(*parts))
    for cut in range(len(parts) - 1, -1, -1):
        if os.path.realpath(www.joinpath(*parts[:cut])) == real:
            return '/' + ''.join(part + '/' for part in parts[:cut])
    return None


@pytest.mark.parametrize('browser', ['chromium', 'firefox'], indirect=True)
def test_nested_roots_keep_their_own_maps_and_two_tabs_fetch_each_directory_once(
        page, slow, bookmarklet):
    server, www = slow
    page.open_sitemap(server.url('/a/x/'), bookmarklet)
    page.control('map').click()
    page.control('pause').click()  # held while the other tab opens: this tab keeps the map
    other = page.new_tab()
    other.open_sitemap(server.url('/a/x/'), bookmarklet)
    # The same root in another tab: it says so, and shows the map's progress.
    elsewhere = wait_state(other, ['paused'])
    assert elsewhere['name'].startswith('Running in another tab: ')
    assert other.control('map').is_disabled()
    page.control('resume').click()
    inner = wait_state(page, ['done'])
    assert inner['done'] == inner['known'] == 30
    assert wait_state(other, ['done'])['done'] == 30
    # The map of /a/ above it: its own frontier and counts; /a/x/'s records are current.
    other.open_sitemap(server.url('/a/'), bookmarklet)
    assert progress(other)['hidden']
    other.control('map').click()
    outer = wait_state(other, ['done'])
    assert outer['done'] == outer['known'] == 62
    uris = below_root(server)
    del uris['/a/x/']  # each visit's wave 1 asks for the root it shows
    assert set(uris.values()) == {1} and len(uris) == 1 + 61, uris  # /a/ itself, and below
    # Each root still shows its own last map.
    page.open_sitemap(server.url('/a/x/'), bookmarklet)
    assert wait_state(page, ['done'])['known'] == 30
