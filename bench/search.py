"""Searching the cached tree: time per keystroke with 100,000 cached entries below the root,
and with about 500,000 that a map put there.

A first visit caches ten directories of 10,000 files each; the second opens
the overlay, chooses the tree scope and types. A keystroke's time runs from
its input event to the first task after it, by which the hits are in the DOM
(the search and the render run in that event's microtasks); *to the frame* runs
on to the first task after the next frame, by which they are laid out and painted.

At 500,000: 100 level-1 directories of 10 directories of 500 empty files, mapped
by pressing the map button (1,100 directories, under the default --map-limit),
then searched in a new visit as above.
"""

from bench.common import RECORDS, Server, click_and_wait, heap_used, median, write_flat_tree
from bench.mapped import MAP, write_tree

DIRECTORIES = 10
FILES_EACH = 10000
TARGET_MS = 50

# Type text into the filter one character at a time; ms per keystroke.
TYPE = """async (text) => {
  const root = document.getElementById('autoindex-sitemap').shadowRoot;
  const filter = root.querySelector('[data-role=filter]');
  const times = [];
  const frames = [];
  for (let end = 1; end <= text.length; end++) {
    const started = performance.now();
    filter.value = text.slice(0, end);
    filter.dispatchEvent(new Event('input'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    times.push(performance.now() - started);
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    frames.push(performance.now() - started);
  }
  return {times, frames, hits: root.querySelectorAll('[data-role=hit]').length,
          matches: root.querySelector('[data-role=matches]').textContent};
}"""

# The first keystroke in the tree scope: the tree read from the store and indexed.
FIRST = """async () => {
  const root = document.getElementById('autoindex-sitemap').shadowRoot;
  const filter = root.querySelector('[data-role=filter]');
  const started = performance.now();
  filter.value = 'f';
  filter.dispatchEvent(new Event('input'));
  while (root.querySelector('[data-role=hit]') === null) await new Promise((resolve) => setTimeout(resolve, 0));
  return performance.now() - started;
}"""

CHOOSE_TREE = """() => {
  const scope = document.getElementById('autoindex-sitemap').shadowRoot.querySelector('[data-role=scope]');
  scope.value = 'tree';
  scope.dispatchEvent(new Event('change'));
}"""

def keystrokes(browser, bookmarklet, work, now, runs):
    """{entries, median, worst, first, hits}: ms per keystroke over runs typings."""
    tree = write_flat_tree(work / 'search', DIRECTORIES, now, FILES_EACH)
    times = []
    firsts = []
    with Server('json-by-accept.conf', tree, work / 'nginx-search') as server:
        context = browser.new_context()
        try:
            page = context.new_page()
            page.goto(server.url('/'), timeout=120000)
            click_and_wait(page, bookmarklet, 'settled')
            page.wait_for_function(RECORDS, arg=DIRECTORIES, timeout=120000, polling=200)
            for _ in range(runs):
                page.goto(server.url('/'), timeout=120000)
                click_and_wait(page, bookmarklet, 'settled')
                page.evaluate(CHOOSE_TREE)
                firsts.append(page.evaluate(FIRST))
                found = page.evaluate(TYPE, QUERY)
                times += found['times']
        finally:
            context.close()
    return {'entries': DIRECTORIES * FILES_EACH + DIRECTORIES, 'median': median(times),
            'worst': max(times), 'first': median(firsts), 'hits': found['matches']}


# The tree mapped for the search at 500,000 entries.
MAPPED_LEVEL_ONE = 100
MAPPED_EACH = 10
MAPPED_FILES_EACH = 500
MAP_TIMEOUT_MS = 900000
QUERY = 'file-42'


def mapped_keystrokes(browser, bookmarklet, work, now, runs):
    """{entries, directories, map_seconds, median, worst, by_key (each keystroke of QUERY's
    median), frame, frame_worst, first, hits, heap_visit, heap_map, heap_index}: ms per
    keystroke over runs typings in the tree scope once a map holds about 500,000 entries;
    the page's JS heap (bytes) once the visit before the map settled, its growth once the
    map is done, and, in the next visit, the growth once the search's index is built."""
    tree = work / 'search-mapped'
    write_tree(tree, now, MAPPED_LEVEL_ONE, MAPPED_EACH, MAPPED_FILES_EACH)
    times = []
    frames = []
    firsts = []
    with Server('json-by-accept.conf', tree, work / 'nginx-search-mapped') as server:
        context = browser.new_context()
        try:
            page = context.new_page()
            page.goto(server.url('/'), timeout=120000)
            click_and_wait(page, bookmarklet, 'settled')
            # Wave 2 and the prefetch (two pages) stored, so the map starts from a still store.
            page.wait_for_function(RECORDS, arg=21, timeout=120000, polling=200)
            heap_visit = heap_used(page)
            ended = page.evaluate(MAP, MAP_TIMEOUT_MS)
            directories = MAPPED_LEVEL_ONE * (MAPPED_EACH + 1)
            if ended['state'] != 'done' or ended['done'] != directories or ended['failed']:
                raise RuntimeError('the map of {:,} directories ended {} at {} of {}, {} '
                                   'failed'.format(directories, ended['state'], ended['done'],
                                                   ended['known'], ended['failed']))
            heap_map = heap_used(page) - heap_visit
            for run in range(runs):
                page.goto(server.url('/'), timeout=120000)
                click_and_wait(page, bookmarklet, 'settled')
                if run == 0:
                    visited = heap_used(page)
                page.evaluate(CHOOSE_TREE)
                firsts.append(page.evaluate(FIRST))
                if run == 0:
                    heap_index = heap_used(page) - visited
                found = page.evaluate(TYPE, QUERY)
                times += found['times']
                frames += found['frames']
        finally:
            context.close()
    keys = len(QUERY)
    return {'entries': ended['entries'], 'directories': directories,
            'by_key': [median(times[at::keys]) for at in range(keys)],
            'map_seconds': ended['ms'] / 1000, 'median': median(times), 'worst': max(times),
            'frame': median(frames), 'frame_worst': max(frames), 'first': median(firsts),
            'hits': found['matches'], 'heap_visit': heap_visit, 'heap_map': heap_map, 'heap_index': heap_index}
