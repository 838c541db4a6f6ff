"""First render: from the click to page 1's rows in the DOM, against hand-written JavaScript;
and the page's JS heap with the largest listing loaded."""

import time

from bench.common import (BASELINE_HTML, BASELINE_JSON, Server, click_and_wait, heap_used,
                          median, throttled_page, write_flat_tree)
from bookmarklet.settings import SETTINGS

# The rows the baseline puts on its page 1: as many as the bookmarklet's, by default.
BASELINE_ROWS = SETTINGS['pageSize']

FORMATS = [['JSON', 'json-by-accept.conf', BASELINE_JSON],
           ['HTML', 'html-listings.conf', BASELINE_HTML]]


def flat_tree(work, count, now):
    """The root of count empty level-1 directories that clicks are measured over, written
    once per work folder."""
    tree = work / 'render-{}'.format(count)
    if not tree.exists():
        write_flat_tree(tree, count, now)
    return tree


def click_times(marks):
    """[ms from click to rows, ms from click to page 1 settled] of a click's marks."""
    return [marks['rows'] - marks['click'], marks['settled'] - marks['click']]


def one_render(browser, url, bookmarklet, rate=1):
    """[ms from click to rows, ms from click to page 1 settled] in a fresh profile, the CPU
    rate times slower."""
    context = browser.new_context()
    try:
        page = throttled_page(context, rate)
        page.goto(url, timeout=120000)
        return click_times(click_and_wait(page, bookmarklet, 'settled'))
    finally:
        context.close()


def first_render(browser, bookmarklet, work, counts, runs, now, rate=1, driver=None):
    """Rows {format, count, sitemap ms, settled ms, baseline ms, ratio, rate}: the sitemap
    and the baseline alike with the CPU rate times slower. driver: a module with its own
    one_render and run_baseline for its browser (bench/bare.py), else these, Playwright's."""
    render_once = driver.one_render if driver else one_render
    baseline_once = driver.run_baseline if driver else run_baseline
    rows = []
    for count in counts:
        tree = flat_tree(work, count, now)
        for name, site, baseline in FORMATS:
            with Server(site, tree, work / 'nginx-render-{}-{}-{}'.format(count, name, rate)) \
                    as server:
                url = server.url('/')
                sitemap = []
                settled = []
                native = []
                for _ in range(runs):
                    # Interleaved, so a burst of load on the machine hits both alike.
                    times = render_once(browser, url, bookmarklet, rate)
                    sitemap.append(times[0])
                    settled.append(times[1])
                    native.append(baseline_once(browser, url, baseline, rate))
                rows.append({'format': name, 'count': count, 'sitemap': median(sitemap),
                             'settled': median(settled), 'baseline': median(native),
                             'ratio': median(sitemap) / median(native), 'rate': rate})
    return rows


def run_baseline(browser, url, script, rate=1):
    context = browser.new_context()
    try:
        page = throttled_page(context, rate)
        page.goto(url, timeout=120000)
        return page.evaluate(script, BASELINE_ROWS)
    finally:
        context.close()


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
