"""Searching the cached tree: time per keystroke with 100,000 cached entries below the root.

A first visit caches ten directories of 10,000 files each; the second opens
the overlay, chooses the tree scope and types. A keystroke's time runs from
its input event to the first task after it, by which the hits are in the DOM
(the search and the render run in that event's microtasks).
"""

from bench.common import Server, click_and_wait, median, write_flat_tree

DIRECTORIES = 10
FILES_EACH = 10000
TARGET_MS = 50

# Type text into the filter one character at a time; ms per keystroke.
TYPE = """async (text) => {
  const root = document.getElementById('autoindex-sitemap').shadowRoot;
  const filter = root.querySelector('[data-role=filter]');
  const times = [];
  for (let end = 1; end <= text.length; end++) {
    const started = performance.now();
    filter.value = text.slice(0, end);
    filter.dispatchEvent(new Event('input'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    times.push(performance.now() - started);
  }
  return {times, hits: root.querySelectorAll('[data-role=hit]').length,
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

CACHED = """(count) => new Promise((resolve) => {
  const request = indexedDB.open('autoindex-sitemap');
  request.onsuccess = () => {
    const records = request.result.transaction('records').objectStore('records').count();
    records.onsuccess = () => { request.result.close(); resolve(records.result >= count); };
  };
})"""


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
            page.wait_for_function(CACHED, arg=DIRECTORIES, timeout=120000, polling=200)
            for _ in range(runs):
                page.goto(server.url('/'), timeout=120000)
                click_and_wait(page, bookmarklet, 'settled')
                page.evaluate(CHOOSE_TREE)
                firsts.append(page.evaluate(FIRST))
                found = page.evaluate(TYPE, 'file-42')
                times += found['times']
        finally:
            context.close()
    return {'entries': DIRECTORIES * FILES_EACH + DIRECTORIES, 'median': median(times),
            'worst': max(times), 'first': median(firsts), 'hits': found['matches']}
