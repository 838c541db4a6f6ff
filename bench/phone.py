"""The figures issue 29 holds the sitemap to, alone and quicker than `make bench`: wave 2
over HTTP/2 at 50 ms in the nine cases, and the click at 1,000 and 100,000 entries (JSON and
HTML), each at the machine's own speed and with the CPU four times slower, against the same
baselines; the click again in a Chromium whose network DevTools does not watch (bench/bare.py),
and there the floor under it: the JSON baseline run from a bookmarklet, alone and with the
sitemap's whole script beside it, parsed and never run. Prints one line per figure.

    .venv/bin/python -m bench.phone [runs]
"""

import pathlib
import sys
import tempfile
import time
import urllib.parse

from playwright.sync_api import sync_playwright

from bench import bare, latency, render
from bench.common import BASELINE_JSON, ROOT, Server, launch, median
from bench.run import THROTTLED, WAVE_TARGET


def main(argv):
    runs = int(argv[0]) if argv else 3
    now = int(time.time())
    bookmarklet = (ROOT / 'dist' / 'bookmarklet.url').read_text(encoding='utf-8').strip()
    with sync_playwright() as playwright:
        browser = launch(playwright)
        work = pathlib.Path(tempfile.mkdtemp(prefix='bench-phone-'))
        try:
            for rate in [1, THROTTLED]:
                for row in latency.wave_two(browser, work, now, [WAVE_TARGET['rtt']], [10, 20, 30],
                                            [5, 10, 30], runs, [WAVE_TARGET['protocol']], rate):
                    print('wave 2, CPU {}x, n = {}, c = {}: {:.0f} ms, plain fetch {:.0f} ms, '
                          '{:.2f}x, longest task {:.0f} ms'.format(
                              rate, row['size'], row['concurrency'], row['ms'], row['plain'],
                              row['ms'] / row['plain'], row['longest']), flush=True)
            print_clicks('click', browser, bookmarklet, work, runs, now, None)
        finally:
            browser.close()
    chromium = bare.BareChromium()
    try:
        print_clicks('click, network not watched', chromium, bookmarklet, work, runs, now, bare)
        print_floor(chromium, bookmarklet, work, runs, now)
    finally:
        chromium.close()
    return 0


def print_clicks(label, browser, bookmarklet, work, runs, now, driver):
    for rate in [1, THROTTLED]:
        for row in render.first_render(browser, bookmarklet, work, [1000, 100000], runs, now,
                                       rate, driver):
            print('{}, CPU {}x, {} {:,}: page 1 in {:.0f} ms, baseline {:.0f} ms, {:.2f}x'.format(
                label, rate, row['format'], row['count'], row['sitemap'], row['baseline'],
                row['ratio']), flush=True)


def floor_bookmarklet(script):
    """A bookmarklet that runs the JSON baseline beside script, parsed and never run, and
    marks its rows (and page 1 settled) when the baseline's are in the page."""
    return 'javascript:' + urllib.parse.quote(
        'if(window.__never){' + script + '}(' + BASELINE_JSON + ')(' + str(render.BASELINE_ROWS)
        + ').then(()=>{const m=window.__sitemapBench;m.rows=m.settled=performance.now()});void 0',
        safe="!'()*-._~")


def print_floor(chromium, bookmarklet, work, runs, now):
    """What any bookmarklet the sitemap's size pays before its own work, at 1,000 JSON
    entries: the baseline from a bookmarklet alone and with the sitemap's script beside it."""
    script = urllib.parse.unquote(bookmarklet[len('javascript:'):])
    clicks = [['the sitemap', bookmarklet], ['the baseline as a bookmarklet', floor_bookmarklet('')],
              ['the baseline beside the parsed script', floor_bookmarklet(script)]]
    with Server('json-by-accept.conf', render.flat_tree(work, 1000, now),
                work / 'nginx-floor') as server:
        for rate in [1, THROTTLED]:
            times = {label: [] for label, _ in clicks}
            for _ in range(runs):
                for label, url in clicks:   # interleaved, as render.first_render
                    times[label].append(bare.one_render(chromium, server.url('/'), url, rate)[0])
            for label, _ in clicks:
                print('floor, CPU {}x, JSON 1,000: {}, page 1 in {:.0f} ms'.format(
                    rate, label, median(times[label])), flush=True)


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
