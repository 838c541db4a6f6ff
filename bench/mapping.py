"""The map under latency: 600 directories mapped over HTTP/2 with Chromium's network
emulation adding a round trip to every request, against plain fetch of the same 600 URLs
at the same concurrency in the same page; the longest main-thread task during the map, and
the JS heap the map leaves per entry mapped.

The tree: 20 level-1 directories, each of 30 level-2 directories of 5 files. A visit's wave
2 and its prefetch fetch the 20 (page size 10, two pages), so the map, pressed once they are
in the store, finds them there and fetches exactly the 600 below, 10 at once (the
bookmarklet's own settings: dist/bookmarklet.url as it ships). Each map run checks that in
nginx's log. The map's time runs from its button's click to its progress saying done.

The tree's size: its floor, 60 round trips (3 s), is ten times and more what the map takes
before its first request (60 to 80 ms after the click at the machine's speed, 170 to 300
with the CPU 4x slower), so the ratio is of the map's pace, where a turn over 2,000 (a
floor of 10 s) took three times as long. The heap is measured over that larger tree
(HEAP_EACH), where what the map keeps per entry outweighs what the page holds anyway.

Runs are interleaved in threes (bench/series.py), a map and two plain fetches, each three in
another order: the map against the first plain series, and the two plain series against
each other (A/A), the run's noise floor.

    .venv/bin/python -m bench.mapping [--runs N] [--rates 1,4] [--search RUNS]

prints those figures, and with --search the search at 500,000 mapped entries
(bench/search.py) too.
"""

import argparse
import collections
import sys
import tempfile
import time
from pathlib import Path

from bench import search
from bench.common import RECORDS, ROOT, Server, click_and_wait, heap_used, longest_task, median
from bench.latency import emulated_page, http2_site
from bench.mapped import MAP, write_tree
from bench.series import compared, interleaved

LEVEL_ONE = 20
EACH = 30
# The heap's tree is larger, as before: what the map keeps per entry, over 12,000 entries.
HEAP_EACH = 100
FILES_EACH = 5
RTT = 50
CONCURRENCY = 10    # the bookmarklet's default maxConcurrentRequests
MAP_TIMEOUT_MS = 300000     # any one run, the map's or plain fetch's

# The baseline: the same URLs fetched by plain JavaScript in the same page, c at a time,
# each body read, after one request for the root that opens the connection, as the visit
# before the map does: {ms, retried}. nginx closes an HTTP/2 connection after 1,000
# requests (keepalive_requests), and now and then a request caught in the close fails (a
# tree of over 1,000 directories): it is asked once more, and counted.
PLAIN = """async ([urls, concurrency, limit]) => {
  const ask = {headers: {Accept: 'application/json'}, cache: 'no-store'};
  await (await fetch(location.href, ask)).text();
  const started = performance.now();
  const retried = [];
  const get = async (url) => {
    try { await (await fetch(url, ask)).text(); }
    catch (error) { retried.push(url); await (await fetch(url, ask)).text(); }
  };
  let next = 0;
  const worker = async () => { while (next < urls.length) await get(urls[next++]); };
  await Promise.race([Promise.all(Array.from({length: concurrency}, worker)),
    new Promise((_, reject) => setTimeout(() => reject(new Error('plain fetch over ' + limit + ' ms')), limit))]);
  return {ms: performance.now() - started, retried};
}"""


def visited_page(browser, url, bookmarklet, rate, rtt, level_one):
    """{context, page}: a fresh profile whose visit has settled and whose wave 2 and prefetch
    have stored the records of level_one directories (and the root's), every request since
    the page opened rtt ms late."""
    context = browser.new_context(ignore_https_errors=True)
    page = emulated_page(context, url, rtt, rate)
    click_and_wait(page, bookmarklet, 'settled', timeout=MAP_TIMEOUT_MS)
    page.wait_for_function(RECORDS, arg=level_one + 1, timeout=MAP_TIMEOUT_MS, polling=200)
    return {'context': context, 'page': page}


def map_requests(server):
    """The directories below the root whose JSON listing nginx was asked for."""
    return [r['uri'] for r in server.requests()
            if r['uri'].endswith('/') and r['uri'] != '/' and 'application/json' in r['accept']]


def one_map(browser, server, url, bookmarklet, rate, rtt, expected):
    """{ms, longest, entries, extra, failed} of one map of the tree in a fresh profile,
    extra the URIs it asked for beyond the expected ones (or more than once), failed the
    directories it could not read; raises unless it ended done with every expected URI
    asked for or failed."""
    visit = visited_page(browser, url, bookmarklet, rate, rtt, LEVEL_ONE)
    try:
        page = visit['page']
        server.forget_requests()
        ended = page.evaluate(MAP, MAP_TIMEOUT_MS)
        marks = page.evaluate('() => window.__sitemapBench')
        asked = collections.Counter(map_requests(server))
        wanted = collections.Counter(expected)
        if ended['state'] != 'done' or len(wanted - asked) > ended['failed']:
            raise RuntimeError('the map did not fetch the tree: {} {} of {} known, {} failed, '
                               '{} directories not asked for'.format(
                                   ended['state'], ended['done'], ended['known'],
                                   ended['failed'], len(wanted - asked)))
        return {'ms': ended['ms'], 'entries': ended['entries'], 'failed': ended['failed'],
                'extra': sorted((asked - wanted).elements()),
                'longest': longest_task(marks, ended['started'], ended['ended'])}
    finally:
        visit['context'].close()


def one_plain(browser, server, url, urls, rate, rtt, expected):
    """{ms, extra, failed} of plain fetch of urls, CONCURRENCY at a time, in a fresh profile;
    extra as one_map's, counted alike so that what the browser and the server repeat shows
    apart from the map; failed the requests that failed once and were asked again."""
    context = browser.new_context(ignore_https_errors=True)
    try:
        page = emulated_page(context, url, rtt, rate)
        server.forget_requests()
        took = page.evaluate(PLAIN, [urls, CONCURRENCY, MAP_TIMEOUT_MS])
        asked = collections.Counter(map_requests(server))
        return {'ms': took['ms'], 'failed': len(took['retried']),
                'extra': sorted((asked - collections.Counter(expected)).elements())}
    finally:
        context.close()


def compare(browser, work, now, bookmarklet, runs, rates, rtt=RTT, log=print):
    """Rows {rate, rtt, directories, concurrency, subject, baseline, again (each [Q1, median,
    Q3] of ms: the map, plain fetch, plain fetch again), ratio, noise, runs (bench/series.py),
    longest (the longest task in any map run), longest_median, entries, extra (the map's
    requests beyond one per directory, over all runs), plain_extra (the same of plain fetch),
    failed (directories the map could not read, over all runs), plain_failed (plain fetch's
    requests asked again), floor (ms of ceil(n / c) round trips)}: runs interleaved turns at
    each CPU rate."""
    tree = work / 'mapping'
    below = write_tree(tree, now, LEVEL_ONE, EACH, FILES_EACH)
    expected = sorted('/' + path for path in below)
    rows = []
    with Server(str(http2_site(work)), tree, work / 'nginx-mapping') as server:
        url = server.url('/').replace('http://', 'https://')
        urls = [url + path for path in below]
        for rate in rates:
            def said(turn, ran):
                repeated = ''.join(
                    ', {} asked beyond the tree once: {}'.format(kind, ' '.join(run['extra']))
                    for kind, run in ran.items() if run['extra']) + ''.join(
                    ', {} failed {}'.format(kind, run['failed'])
                    for kind, run in ran.items() if run['failed'])
                log('map, CPU {}x, run {} of {}: map {:.0f} ms, plain {:.0f} and {:.0f} ms, '
                    'longest task {:.0f} ms{}'.format(
                        rate, turn, runs, ran['map']['ms'], ran['plain']['ms'],
                        ran['again']['ms'], ran['map']['longest'], repeated))
            series = interleaved({
                'map': lambda: one_map(browser, server, url, bookmarklet, rate, rtt, expected),
                'plain': lambda: one_plain(browser, server, url, urls, rate, rtt, expected),
                'again': lambda: one_plain(browser, server, url, urls, rate, rtt, expected)},
                runs, said)
            maps = series['map']
            plains = series['plain'] + series['again']
            longest = [run['longest'] for run in maps]
            row = compared(*[[run['ms'] for run in series[kind]]
                             for kind in ['map', 'plain', 'again']])
            row.update({'rate': rate, 'rtt': rtt, 'directories': len(below),
                        'concurrency': CONCURRENCY, 'longest': max(longest),
                        'longest_median': median(longest), 'entries': maps[-1]['entries'],
                        'extra': sum(len(run['extra']) for run in maps),
                        'plain_extra': sum(len(run['extra']) for run in plains),
                        'failed': sum(run['failed'] for run in maps),
                        'plain_failed': sum(run['failed'] for run in plains),
                        'floor': -(-len(below) // CONCURRENCY) * rtt})
            rows.append(row)
    return rows


def heap(browser, work, bookmarklet):
    """{visit, after, entries, directories}: the page's JS heap (bytes, after full
    collections) once the visit settled and once the map of a tree of HEAP_EACH directories
    in each level-1 one is done, at the machine's speed and with no added latency, and the
    entries and directories mapped."""
    tree = work / 'mapping-heap'
    write_tree(tree, int(time.time()), LEVEL_ONE, HEAP_EACH, FILES_EACH)
    with Server(str(http2_site(work)), tree, work / 'nginx-mapping-heap') as server:
        url = server.url('/').replace('http://', 'https://')
        visit = visited_page(browser, url, bookmarklet, 1, 0, LEVEL_ONE)
        try:
            page = visit['page']
            before = heap_used(page)
            ended = page.evaluate(MAP, MAP_TIMEOUT_MS)
            return {'visit': before, 'after': heap_used(page), 'entries': ended['entries'],
                    'directories': ended['done']}
        finally:
            visit['context'].close()


def heap_line(kept):
    """One line of heap's figures."""
    return ('heap: {:.1f} MB once the visit settled, {:.1f} MB once {:,} directories of {:,} '
            'entries are mapped: {:.0f} B per entry, {:.0f} B more per entry than the '
            'visit').format(kept['visit'] / 1e6, kept['after'] / 1e6, kept['directories'],
                            kept['entries'], kept['after'] / kept['entries'],
                            (kept['after'] - kept['visit']) / kept['entries'])


def summary(row):
    """One line of a row of compare."""
    return ('CPU {}x, {:,} directories, HTTP/2 at {} ms, {} at once, {} interleaved runs each: '
            'map {:.0f} ms ({:.0f} to {:.0f}), plain fetch {:.0f} ms ({:.0f} to {:.0f}), '
            '{:.2f}x; plain against plain {:.0f} ms ({:.0f} to {:.0f}), {:.2f}x; longest task '
            '{:.0f} ms (median of runs {:.0f}); requests beyond one per directory: the map {}, '
            'plain fetch {}; failed: the map {}, plain fetch {}').format(
                row['rate'], row['directories'], row['rtt'], row['concurrency'], row['runs'],
                row['subject'][1], row['subject'][0], row['subject'][2], row['baseline'][1],
                row['baseline'][0], row['baseline'][2], row['ratio'], row['again'][1],
                row['again'][0], row['again'][2], row['noise'], row['longest'],
                row['longest_median'], row['extra'], row['plain_extra'], row['failed'],
                row['plain_failed'])


def search_line(found):
    """One line of search.mapped_keystrokes' figures."""
    return ('search at {:,} mapped entries ({:,} directories, mapped in {:.0f} s): a keystroke '
            '{:.0f} ms (slowest {:.0f}; by keystroke {}), to the frame {:.0f} ms (slowest '
            '{:.0f}), the first {:,.0f} ms; {}; heap {:.1f} MB at the visit, +{:.1f} MB once '
            'mapped, +{:.1f} MB with the index ({:.0f} B per entry)').format(
                found['entries'], found['directories'], found['map_seconds'], found['median'],
                found['worst'], ' '.join('{:.0f}'.format(ms) for ms in found['by_key']),
                found['frame'], found['frame_worst'], found['first'], found['hits'],
                found['heap_visit'] / 1e6, found['heap_map'] / 1e6, found['heap_index'] / 1e6,
                found['heap_index'] / found['entries'])


def main(argv):
    parser = argparse.ArgumentParser(prog='bench.mapping', description=__doc__.splitlines()[0])
    parser.add_argument('--runs', type=int, default=15, help='interleaved runs of each')
    parser.add_argument('--rates', default='1,4', help='CPU slowdowns, comma-separated')
    parser.add_argument('--search', type=int, default=3, metavar='RUNS',
                        help='typings of the search at 500,000 mapped entries (0: none)')
    options = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright
    from bench.common import launch
    bookmarklet = (ROOT / 'dist' / 'bookmarklet.url').read_text(encoding='utf-8').strip()
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix='autoindex-sitemap-map-') as folder, \
            sync_playwright() as driver:
        browser = launch(driver)
        try:
            rows = compare(browser, Path(folder), int(time.time()), bookmarklet, options.runs,
                           [int(rate) for rate in options.rates.split(',')],
                           log=lambda line: print(line, flush=True))
            kept = heap(browser, Path(folder), bookmarklet)
            if options.search:
                found = search.mapped_keystrokes(browser, bookmarklet, Path(folder),
                                                 int(time.time()), options.search)
        finally:
            browser.close()
    for row in rows:
        print(summary(row))
    print(heap_line(kept))
    if options.search:
        print(search_line(found))
    print('{:.0f} s'.format(time.monotonic() - started))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))

