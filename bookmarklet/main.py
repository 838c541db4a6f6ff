"""The entry point: toggle the overlay on a page, or offer the parity cases outside one."""

from bookmarklet.settings import SETTINGS
from bookmarklet.overlay import Overlay, close_existing, leave_realm
from bookmarklet.crawl import Crawl
from bookmarklet.parity import run_cases


def start(page):
    """A click: close the open overlay, or open one and crawl."""
    if close_existing(page.document):
        leave_realm()
        return
    Crawl(page, SETTINGS, Overlay).run()


def offer_cases(scope):
    """Outside a page (node, jsc) the bundle only lends its core to the parity tests."""
    scope.autoindexSitemapCases = run_cases


# __pragma__ ('ecom')
#?if __pragma__ ('js', '{}', 'typeof document') == 'undefined':
#?    offer_cases(globalThis)
#?else:
#?    # The realm wrapper of the bookmarklet names the page; a script loaded into
#?    # the page itself runs there.
#?    start(__pragma__ ('js', '{}', '(typeof autoindexSitemapPage === "undefined" ? window : autoindexSitemapPage)'))
# __pragma__ ('noecom')
