"""Screenshots of the overlay from a real run: the demo tree, nginx, Chromium, dist/.

    .venv/bin/python -m tools.screenshots      (or: make screenshots)

Writes docs/screenshots/light.png, dark.png and phone.png: the first page of
the demo tree with the second row's level-2 entries expanded, in the light
and dark themes at desktop size, and at phone width.
"""

import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

from nginx.demo import sample_tree
from nginx.server import Nginx
from tests.overlay_reader import CHROMIUM, CHROMIUM_ARGS, open_sitemap
from tests.trees import write_tree

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


def main():
    bookmarklet = (ROOT / 'dist' / 'bookmarklet.url').read_text(encoding='utf-8').strip()
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as work:
        # A fixed "now" keeps the tree, and so the pictures, the same from run to run
        # but for the ages, which are relative to the real clock.
        write_tree(Path(work) / 'www', sample_tree(int(time.time())))
        with Nginx('json-by-accept.conf', Path(work) / 'www', Path(work) / 'nginx') as server, \
                sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for name, viewport, scheme, scale in SHOTS:
                context = browser.new_context(viewport=viewport, color_scheme=scheme,
                                              device_scale_factor=scale)
                take(context.new_page(), server, bookmarklet, name)
                context.close()
                print('wrote', OUT / (name + '.png'))
            browser.close()
    return 0


if __name__ == '__main__':
    sys.exit(main())
