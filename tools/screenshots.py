"""Screenshots of the overlay from a real run: the demo tree, nginx, Chromium, dist/.

    .venv/bin/python -m tools.screenshots      (or: make screenshots)

Writes docs/screenshots/light.png, dark.png and phone.png: the first page of
the demo tree with the second row's level-2 entries expanded, in the light
and dark themes at desktop size, and at phone width; then, beyond two levels,
new.png (what's new after a file was added), search.png (a search of the
cached tree), export.png (that search as wget input) and opened.png (a
directory opened in place).
"""

import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from nginx.demo import sample_tree
from nginx.server import Nginx
from tests.support.overlay_reader import CHROMIUM, CHROMIUM_ARGS, open_sitemap, run_bookmarklet, \
    wait_settled, overlay_control
from tests.support.trees import write_tree, expected_entries

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / 'docs' / 'screenshots'

SHOTS = [
    ('light', {'width': 1280, 'height': 860}, 'light', 1),
    ('dark', {'width': 1280, 'height': 860}, 'dark', 1),
    ('phone', {'width': 390, 'height': 844}, 'light', 2),
]


def take(page, server, bookmarklet, name):
    open_sitemap(page, server.url('/'), bookmarklet)
    page.locator('#autoindex-sitemap [data-role=more]').first.click()
    page.wait_for_timeout(200)
    page.screenshot(path=str(OUT / (name + '.png')))


def shoot(page, name):
    page.wait_for_timeout(400)
    page.screenshot(path=str(OUT / (name + '.png')))
    print('wrote', OUT / (name + '.png'))


def take_beyond(page, server, bookmarklet, www, spec):
    """What's new, a tree search, its export and a directory opened in place."""
    open_sitemap(page, server.url('/'), bookmarklet)
    page.wait_for_timeout(1500)  # the records written, and the visit's second over
    run_bookmarklet(page, bookmarklet)
    newest = [e['name'] for e in expected_entries(spec, 1) if e['type'] == 'directory'][1]
    (www / newest / 'minutes-of-today.md').write_bytes(b'# Minutes\n')
    open_sitemap(page, server.url('/'), bookmarklet)
    overlay_control(page, 'whats-new').click()
    shoot(page, 'new')
    overlay_control(page, 'whats-new').click()
    overlay_control(page, 'scope').select_option('tree')
    overlay_control(page, 'filter').fill('pdf')
    shoot(page, 'search')
    page.locator('#autoindex-sitemap .export summary').click()
    overlay_control(page, 'export-format').select_option('wget')
    overlay_control(page, 'export-text').scroll_into_view_if_needed()
    shoot(page, 'export')
    overlay_control(page, 'filter').fill('')
    overlay_control(page, 'scope').select_option('page')
    page.locator('#autoindex-sitemap [data-role=open]').first.click()
    wait_settled(page)
    shoot(page, 'opened')


def main():
    bookmarklet = (ROOT / 'dist' / 'bookmarklet.url').read_text(encoding='utf-8').strip()
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as work:
        # A fixed "now" keeps the tree, and so the pictures, the same from run to run
        # but for the ages, which are relative to the real clock.
        spec = sample_tree(int(time.time()))
        write_tree(Path(work) / 'www', spec)
        with Nginx('json-by-accept.conf', Path(work) / 'www', Path(work) / 'nginx') as server, \
                sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for name, viewport, scheme, scale in SHOTS:
                context = browser.new_context(viewport=viewport, color_scheme=scheme,
                                              device_scale_factor=scale)
                take(context.new_page(), server, bookmarklet, name)
                context.close()
                print('wrote', OUT / (name + '.png'))
            context = browser.new_context(viewport=SHOTS[0][1], color_scheme='light')
            take_beyond(context.new_page(), server, bookmarklet, Path(work) / 'www', spec)
            context.close()
            browser.close()
    return 0


if __name__ == '__main__':
    sys.exit(main())
