"""The click and wave 2 as `make bench` holds them to targets, alone and quicker: each profile
(bench/profiles.py) at 1,000 and 100,000 entries (JSON and HTML) and wave 2 over HTTP/2 at
50 ms in the nine cases, interleaved with the baseline twice (bench/series.py); then the
floor under the click: the JSON baseline run from a bookmarklet, alone and with the
sitemap's whole script beside it, parsed and never run. Prints one line per figure.

    .venv/bin/python -m bench.phone [runs]      (default 5)
"""

import pathlib
import sys
import tempfile
import time
import urllib.parse

from playwright.sync_api import sync_playwright

from bench import bare, latency, render
from bench.common import BASELINE_JSON, BASELINE_ROWS, ROOT, Server, launch
from bench.profiles import DESKTOP, PHONE, THROTTLED_DESKTOP, click_of
from bench.run import WAVE_TARGET
from bench.series import compared, interleaved


def line(row, what):
    """One figure of a compared row."""
    return '{}, {}: {:.0f} ms against {:.0f} ms, {:.2f}x (A/A {:.2f}x, {} runs)'.format(
        row['profile'], what, row['subject'][1], row['baseline'][1], row['ratio'], row['noise'],
        row['runs'])


def main(argv):
    runs = int(argv[0]) if argv else 5
    now = int(time.time())
    dist = ROOT / 'dist'
    work = pathlib.Path(tempfile.mkdtemp(prefix='bench-phone-'))
    chromium = bare.BareChromium()
    try:
        for profile in [DESKTOP, PHONE, THROTTLED_DESKTOP]:
            for row in render.first_render(chromium, dist, work, [1000, 100000], runs, now,
                                           profile):
                cold = ', the first click {:.0f} ms ({:.2f}x)'.format(
                    row['cold'][1], row['cold_ratio']) if row['cold'] else ''
                print(line(row, 'click, {} {:,}'.format(row['format'], row['count'])) + cold,
                      flush=True)
        print_floor(chromium, dist, work, runs, now)
    finally:
        chromium.close()
    with sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            for profile in [DESKTOP, PHONE]:
                for row in latency.wave_two(browser, work, now, [WAVE_TARGET['rtt']],
                                            [10, 20, 30], [5, 10, 30], runs,
                                            [WAVE_TARGET['protocol']], profile):
                    print(line(row, 'wave 2, n = {}, c = {}'.format(row['size'], row['concurrency']))
                          + ', longest task {:.0f} ms'.format(row['longest']), flush=True)
        finally:
            browser.close()
    return 0


def floor_bookmarklet(script):
    """A bookmarklet that runs the JSON baseline beside script, parsed and never run, and
    marks its rows (and page 1 settled) when the baseline's are in the page."""
    return 'javascript:' + urllib.parse.quote(
        'if(window.__never){' + script + '}(' + BASELINE_JSON + ')(' + str(BASELINE_ROWS)
        + ').then(()=>{const m=window.__sitemapBench;m.rows=m.settled=performance.now()});void 0',
        safe="!'()*-._~")


def print_floor(chromium, dist, work, runs, now):
    """What any bookmarklet the sitemap's size pays before its own work, at 1,000 JSON
    entries, in each profile that clicks the bookmarklet: the baseline from a bookmarklet
    with the sitemap's script beside it against the baseline from a bookmarklet alone."""
    script = urllib.parse.unquote(click_of(dist, DESKTOP)[len('javascript:'):])
    alone = floor_bookmarklet('')
    beside = floor_bookmarklet(script)
    with Server('json-by-accept.conf', render.flat_tree(work, 1000, now),
                work / 'nginx-floor') as server:
        url = server.url('/')
        for profile in [DESKTOP, THROTTLED_DESKTOP]:
            series = interleaved({
                'beside': lambda: bare.clicks(chromium, url, beside, profile)['rows'],
                'alone': lambda: bare.clicks(chromium, url, alone, profile)['rows'],
                'again': lambda: bare.clicks(chromium, url, alone, profile)['rows']}, runs)
            row = dict(compared(series['beside'], series['alone'], series['again']),
                       profile=profile['name'])
            print(line(row, 'JSON 1,000, the baseline bookmarklet beside the parsed script '
                       'against it alone'), flush=True)


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
