"""Soak: the shipped bookmarklet against listings far past everyday sizes.

A root of 200,000 entries (as JSON and as nginx's HTML page), a level-2
directory of 50,000 entries shown in full, and a 20 MB JSON listing, each
served by a real nginx on 127.0.0.1 and opened in headless Chromium in a
fresh profile. For each: the listing's size, the time from the click to the
first row, to page 1 settled, to page 2 after a click on "Older", the
longest task on the page's main thread (PerformanceObserver 'longtask'),
and the errors the page saw. Prints a table; fails only when something
crashes or never renders, never on timing.

Run after `make`:  .venv/bin/python bench/soak.py   (about two minutes;
--quick runs a tenth of each size)
"""

import argparse
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from nginx.server import Nginx  # noqa: E402
from tests.support.overlay_reader import CHROMIUM, CHROMIUM_ARGS, run_bookmarklet, wait_settled, \
    overlay_control, LONGEST_TASK  # noqa: E402
from tests.support.pages import watched_page  # noqa: E402
from tests.support.wide_trees import write_wide_directory  # noqa: E402


ROWS_SHOWN = """() => {
  const host = document.getElementById('autoindex-sitemap');
  return !!host && host.shadowRoot.querySelectorAll('[data-role=row]').length > 0;
}"""

CHILDREN_SHOWN = """(count) => document.getElementById('autoindex-sitemap').shadowRoot
    .querySelectorAll('[data-role=row][data-name=huge] [data-role=child]').length === count"""

TIMEOUT_MS = 300000


def listing_bytes(url):
    request = urllib.request.Request(url, headers={'Accept': 'application/json',
                                                   'Accept-Encoding': 'identity'})
    with urllib.request.urlopen(request, timeout=120) as response:
        return len(response.read())


def measure(browser, url, bookmarklet, expand=0):
    """The figures of one click on url in a fresh profile."""
    context = browser.new_context()
    context.add_init_script(LONGEST_TASK)
    try:
        page = watched_page(context)
        page.goto(url, timeout=TIMEOUT_MS)
        started = time.monotonic()
        run_bookmarklet(page, bookmarklet)
        page.wait_for_function(ROWS_SHOWN, timeout=TIMEOUT_MS)
        first = time.monotonic() - started
        overlay = wait_settled(page, timeout=TIMEOUT_MS)
        settled = time.monotonic() - started
        figures = {'first row s': first, 'settled s': settled, 'pages': overlay['pager']['pages']}
        if expand:
            started = time.monotonic()
            page.locator('#autoindex-sitemap [data-role=row][data-name=huge] [data-role=more]').click(
                timeout=TIMEOUT_MS)
            page.wait_for_function(CHILDREN_SHOWN, arg=expand, timeout=TIMEOUT_MS)
            figures['expand s'] = time.monotonic() - started
        if overlay['pager']['pages'] != '1':
            started = time.monotonic()
            overlay_control(page, 'next').click(timeout=TIMEOUT_MS)
            page.wait_for_function("""() => document.getElementById('autoindex-sitemap').shadowRoot
                .querySelector('[data-role=pager]').getAttribute('data-page') === '2'""",
                                   timeout=TIMEOUT_MS)
            wait_settled(page, timeout=TIMEOUT_MS)
            figures['page 2 s'] = time.monotonic() - started
        figures['longest task ms'] = page.evaluate('window.longestTask')
        figures['errors'] = len(page.errors)
        return figures
    finally:
        context.close()


def cases(work, scale):
    """[label, site, tree folder, URL path, children to expand] for every run."""
    wide = work / 'wide'
    entries = write_wide_directory(wide, 200000 // scale - 40, 40, children=3)
    deep = work / 'deep'
    write_wide_directory(deep / 'huge', 50000 // scale)
    write_wide_directory(deep, 0, 9, children=2)
    large = work / 'large'
    long_entries = write_wide_directory(large, 75000 // scale, 0, name_length=200)
    return [
        ['root of {:,} entries, JSON'.format(entries), 'json-by-accept.conf', wide, 0],
        ['root of {:,} entries, HTML'.format(entries), 'html-listings.conf', wide, 0],
        ['level-2 directory of {:,}, shown in full'.format(50000 // scale), 'json-by-accept.conf',
         deep, 50000 // scale],
        ['{:,} names of 200 bytes, JSON'.format(long_entries), 'json-by-accept.conf', large, 0],
    ]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--quick', action='store_true', help='a tenth of each size')
    options = parser.parse_args()
    bookmarklet = (ROOT / 'dist' / 'bookmarklet.url').read_text(encoding='utf-8').strip()
    from playwright.sync_api import sync_playwright
    rows = []
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as driver:
        work = Path(folder)
        started = time.monotonic()
        runs = cases(work, 10 if options.quick else 1)
        print('trees written in {:.1f} s'.format(time.monotonic() - started), flush=True)
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for index, (label, site, tree, expand) in enumerate(runs):
                with Nginx(site, tree, work / 'nginx-{}'.format(index)) as server:
                    size = listing_bytes(server.url('/huge/' if expand else '/')) \
                        if 'json' in site else listing_bytes(server.url('/'))
                    figures = measure(browser, server.url('/'), bookmarklet, expand)
                figures['listing MB'] = size / 1e6
                rows.append([label, figures])
                print('{}: {}'.format(label, figures), flush=True)
        finally:
            browser.close()
    print_table(rows)
    return 1 if any(figures['errors'] for _, figures in rows) else 0


COLUMNS = ['listing MB', 'pages', 'first row s', 'settled s', 'page 2 s', 'expand s',
           'longest task ms', 'errors']


def print_table(rows):
    def cell(value):
        if value is None:
            return '-'
        if isinstance(value, float):
            return '{:,.2f}'.format(value) if value < 100 else '{:,.0f}'.format(value)
        return str(value)

    print()
    print('| case | ' + ' | '.join(COLUMNS) + ' |')
    print('|---|' + '---:|' * len(COLUMNS))
    for label, figures in rows:
        print('| ' + label + ' | ' + ' | '.join(cell(figures.get(column)) for column in COLUMNS) + ' |')


if __name__ == '__main__':
    sys.exit(main())
