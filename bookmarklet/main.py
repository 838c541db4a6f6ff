"""The entry point: toggle the overlay on a page, or offer the parity cases outside one."""

from bookmarklet.settings import SETTINGS
from bookmarklet.overlay import Overlay, close_existing, leave_realm
from bookmarklet.crawl import Crawl
from bookmarklet.parity import run_cases
from bookmarklet.words import REALM_MARK


def start(page):
    """A click: close the open overlay, or open one and crawl."""
    if close_existing(page.document):
        leave_realm()
        return
    Crawl(page, SETTINGS, Overlay).run()


def page_of(named):
    """The page's window: the one the bookmarklet's realm wrapper names, else the parent
    of the realm frame the loader made, else this window (a script loaded into the page)."""
    if named != None:
        return named
    frame = window.frameElement
    if frame != None and frame.hasAttribute(REALM_MARK):
        return window.parent
    return window


def offer_cases(scope):
    """Outside a page (node, jsc) the bundle only lends its core to the parity tests."""
    scope.autoindexSitemapCases = run_cases


# __pragma__ ('ecom')
#?if __pragma__ ('js', '{}', 'typeof document') == 'undefined':
#?    offer_cases(globalThis)
#?else:
#?    start(page_of(__pragma__ ('js', '{}', '(typeof autoindexSitemapPage === "undefined" ? null : autoindexSitemapPage)')))
# __pragma__ ('noecom')
