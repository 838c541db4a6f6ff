"""The figures issue 29 holds the sitemap to, alone and quicker than `make bench`: wave 2
over HTTP/2 at 50 ms in the nine cases, and the click at 1,000 and 100,000 entries (JSON and
HTML), each at the machine's own speed and with the CPU four times slower, against the same
baselines; the click again in a Chromium whose network DevTools does not watch (bench/bare.py).
Prints one line per figure.

    .venv/bin/python -m bench.phone [runs]
"""

import pathlib
import sys
import tempfile
import time

from playwright.sync_api import sync_playwright

from bench import bare, latency, render
from bench.common import ROOT, launch
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


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
