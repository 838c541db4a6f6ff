"""The click and wave 2 as `make bench` holds them to targets, alone and quicker: each profile
(bench/profiles.py) at 1,000 and 100,000 entries (JSON and HTML) and wave 2 over HTTP/2 at
50 ms in the nine cases, interleaved with the baseline twice (bench/series.py); then the
floor under the click: the JSON baseline run from a bookmarklet, alone and with the
sitemap's whole script beside it, parsed and never run, and run from the script a loader
loads, that script beside it, on the loader's second click. Prints one line per figure.

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
from bench.profiles import DESKTOP, PHONE, THROTTLED_DESKTOP, click_of, hosted_site
from bench.run import WAVE_TARGET
from bench.series import compared, interleaved
from toolkit.loader import script_pin


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


def print_floor(chromium, dist, work, runs, now):
    """What any bookmarklet the sitemap's size pays before its own work, at 1,000 JSON
    entries, in each profile: the baseline from a bookmarklet with the sitemap's script
    beside it against the baseline from a bookmarklet alone; on the phone, the baseline from
    the script a loader loads (its second click), the sitemap's beside it, against the
    baseline in the page, as the phone's click is held to it."""
    script = urllib.parse.unquote(click_of(dist, DESKTOP)[len('javascript:'):])
    alone = floor_bookmarklet('')
    beside = floor_bookmarklet(script)
    tree = render.flat_tree(work, 1000, now)
    with Server('json-by-accept.conf', tree, work / 'nginx-floor') as server:
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
    loaded = floor_dist(dist, work / 'floor-dist')
    loader = click_of(loaded, PHONE)
    with Server(str(hosted_site(work, 'json-by-accept.conf')), tree, work / 'nginx-floor-phone',
                dist=loaded) as server:
        url = server.url('/')
        series = interleaved({
            'beside': lambda: bare.clicks(chromium, url, loader, PHONE)['rows'],
            'alone': lambda: bare.run_baseline(chromium, url, BASELINE_JSON, PHONE),
            'again': lambda: bare.run_baseline(chromium, url, BASELINE_JSON, PHONE)}, runs)
        row = dict(compared(series['beside'], series['alone'], series['again']),
                   profile=PHONE['name'])
        print(line(row, 'JSON 1,000, the baseline from a loaded script beside sitemap.js, '
                   'parsed, second click, against the baseline in the page'), flush=True)


def floor_script(script):
    """Script text that runs the JSON baseline beside script, parsed and never run, and
    marks its rows (and page 1 settled) when the baseline's are in the page."""
    return ('if(window.__never){' + script + '}(' + BASELINE_JSON + ')(' + str(BASELINE_ROWS)
            + ').then(()=>{const m=window.__sitemapBench;m.rows=m.settled=performance.now()})')


def floor_bookmarklet(script):
    """floor_script as a bookmarklet."""
    return 'javascript:' + urllib.parse.quote(floor_script(script) + ';void 0',
                                              safe="!'()*-._~")


def floor_dist(dist, folder):
    """A dist/ in folder whose sitemap.js is floor_script of dist's sitemap.js, and whose
    loader loads it, pinned to it as dist's loader is pinned to its own."""
    script = (dist / 'sitemap.js').read_text(encoding='utf-8')
    text = floor_script(script)
    folder.mkdir(exist_ok=True)
    (folder / 'sitemap.js').write_text(text, encoding='utf-8')
    loader = click_of(dist, PHONE)
    pinned, floor = script_pin(script), script_pin(text)
    if pinned['version'] not in loader or pinned['integrity'] not in loader:
        raise RuntimeError('dist/loader.url is not pinned to dist/sitemap.js')
    (folder / 'loader.url').write_text(
        loader.replace(pinned['version'], floor['version'])
        .replace(pinned['integrity'], floor['integrity']), encoding='utf-8')
    return folder


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
