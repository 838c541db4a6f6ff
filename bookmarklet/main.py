"""The entry point: toggle the overlay on the page."""

from bookmarklet.settings import SETTINGS
from bookmarklet.overlay import Overlay, close_existing, leave_realm
from bookmarklet.crawl import Crawl
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


# __pragma__ ('ecom')
#?start(page_of(__pragma__ ('js', '{}', '(typeof autoindexSitemapPage === "undefined" ? null : autoindexSitemapPage)')))
# __pragma__ ('noecom')
