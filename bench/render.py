"""First render: from the click to page 1's rows, against hand-written JavaScript, as each
profile (bench/profiles.py) clicks, in a Chromium whose network DevTools does not watch
(bench/bare.py); and the page's JS heap with the largest listing loaded."""

import time

from bench import bare
from bench.common import (BASELINE_HTML, BASELINE_JSON, BASELINE_ROWS, Server, click_and_wait,
                          heap_used, median, write_flat_tree)
from bench.profiles import click_of, hosted_site
from bench.series import compared, interleaved, quartiles

# Listings this long are loaded two pages at a time (bare.BareChromium.open_page): a page of
# 100,000 lines is four seconds of one core's layout, and the click's series load about 230.
PAIRED_FROM = 100000

FORMATS = [['JSON', 'json-by-accept.conf', BASELINE_JSON],
           ['HTML', 'html-listings.conf', BASELINE_HTML]]


def flat_tree(work, count, now):
    """The root of count empty level-1 directories that clicks are measured over, written
    once per work folder."""
    tree = work / 'render-{}'.format(count)
    if not tree.exists():
        write_flat_tree(tree, count, now)
    return tree


def first_render(chromium, dist, work, counts, runs, now, profile, log=None):
    """Rows {format, count, profile, rate, subject, baseline, again (each [Q1, median, Q3] of
    ms), ratio, noise, runs, settled (ms, median), cold (a loader's first click, [Q1, median,
    Q3], else None), cold_ratio}: the click of profile to page 1's rows against the baseline
    run alike, interleaved (bench/series.py), in chromium (a bare.BareChromium). log, given,
    gets a line per turn."""
    click = click_of(dist, profile)
    rows = []
    for count in counts:
        tree = flat_tree(work, count, now)
        for name, site, baseline in FORMATS:
            folder = work / 'nginx-render-{}-{}-{}'.format(count, name, profile['name'])
            if profile['loader']:
                site = str(hosted_site(work, site))
            with Server(site, tree, folder, dist=dist if profile['loader'] else None) as server:
                url = server.url('/')
                def said(turn, ran):
                    log('click, {}, {} {:,}, run {} of {}: sitemap {:.0f} ms, baseline {:.0f} '
                        'and {:.0f} ms'.format(profile['name'], name, count, turn, runs,
                                               ran['sitemap']['rows'], ran['baseline'],
                                               ran['again']))
                paired = count >= PAIRED_FROM
                try:
                    series = interleaved({
                        'sitemap': lambda: bare.clicks(chromium, url, click, profile, paired),
                        'baseline': lambda: bare.run_baseline(chromium, url, baseline, profile,
                                                              paired),
                        'again': lambda: bare.run_baseline(chromium, url, baseline, profile,
                                                           paired)},
                        runs, said if log else None)
                finally:
                    chromium.close_spare()
            clicks = series['sitemap']
            row = compared([run['rows'] for run in clicks], series['baseline'], series['again'])
            cold = [run['cold'] for run in clicks] if profile['loader'] else None
            row.update({'format': name, 'count': count, 'profile': profile['name'],
                        'rate': profile['rate'],
                        'settled': median([run['settled'] for run in clicks]),
                        'cold': quartiles(cold) if cold else None,
                        'cold_ratio': median(cold) / row['baseline'][1] if cold else None})
            rows.append(row)
    return rows


def memory(browser, bookmarklet, work, count, runs, now):
    """{sitemap, baseline, page}: JS heap growth in bytes with count entries loaded (JSON)."""
    tree = flat_tree(work, count, now)
    sitemap = []
    native = []
    before = []
    with Server('json-by-accept.conf', tree, work / 'nginx-memory') as server:
        for _ in range(runs):
            for which in ['sitemap', 'baseline']:
                context = browser.new_context()
                try:
                    page = context.new_page()
                    page.goto(server.url('/'), timeout=120000)
                    start = heap_used(page)
                    if which == 'sitemap':
                        click_and_wait(page, bookmarklet, 'settled')
                        time.sleep(0.5)
                        sitemap.append(heap_used(page) - start)
                        before.append(start)
                    else:
                        page.evaluate(BASELINE_JSON, BASELINE_ROWS)
                        native.append(heap_used(page) - start)
                finally:
                    context.close()
    return {'sitemap': median(sitemap), 'baseline': median(native), 'page': median(before)}
