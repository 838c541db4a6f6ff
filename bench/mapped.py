"""What the map's benchmarks share (bench/mapping.py, and the search over a mapped tree in
bench/search.py): the tree they map and the press of the map's button, timed to its end."""

import os
from pathlib import Path

from bench.common import DAY

# Click the map's button and resolve once its progress says it ended: {ms, state, done,
# known, failed, entries, started, ended}, in the page's performance.now().
MAP = """(limit) => new Promise((resolve, reject) => {
  const root = document.getElementById('autoindex-sitemap').shadowRoot;
  const bar = root.querySelector('[data-role=map-progress]');
  let started = 0;
  const timer = setTimeout(() => reject(new Error('no end of the map in ' + limit + ' ms')), limit);
  const observer = new MutationObserver(() => {
    const state = bar.getAttribute('data-state');
    if (state !== 'done' && state !== 'stopped') return;
    const ended = performance.now();
    observer.disconnect();
    clearTimeout(timer);
    const count = (name) => +bar.getAttribute('data-' + name);
    resolve({ms: ended - started, state, done: count('done'), known: count('known'),
             failed: count('failed'), entries: count('entries'), started, ended});
  });
  observer.observe(bar, {attributes: true});
  started = performance.now();
  root.querySelector('[data-role=map]').click();
})"""

def write_tree(root, now, level_one, each, files_each):
    """level_one directories of each directories of files_each empty files; mtimes distinct
    seconds ending a day ago (the files keep theirs). Returns the level-2 paths, '/'-ended."""
    root = Path(root)
    below = []
    newest = now - DAY
    for top in range(level_one):
        upper = root / 'top-{:03d}'.format(top)
        for index in range(each):
            lower = upper / 'dir-{:04d}'.format(index)
            lower.mkdir(parents=True)
            for child in range(files_each):
                (lower / 'file-{:03d}.txt'.format(child)).touch()
            mtime = newest - 60 - top * each - index
            os.utime(lower, (mtime, mtime))
            below.append('top-{:03d}/dir-{:04d}/'.format(top, index))
        mtime = newest - top
        os.utime(upper, (mtime, mtime))
    return below
