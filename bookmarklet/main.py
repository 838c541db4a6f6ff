"""The entry point: toggle the overlay on a page, or offer the parity cases outside one."""

from bookmarklet.settings import SETTINGS
from bookmarklet.overlay import Overlay, close_existing
from bookmarklet.crawl import Crawl
from bookmarklet.parity import run_cases


def start(page):
    """A click: close the open overlay, or open one and crawl."""
    if close_existing(page.document):
        return
    Crawl(page, SETTINGS, Overlay).run()


def offer_cases(scope):
    """Outside a page (node, jsc) the bundle only lends its core to the parity tests."""
    scope.autoindexSitemapCases = run_cases


# __pragma__ ('ecom')
#?if __pragma__ ('js', '{}', 'typeof document') == 'undefined':
#?    offer_cases(globalThis)
#?else:
#?    start(window)
# __pragma__ ('noecom')
