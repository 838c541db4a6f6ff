"""The entry point: toggle the overlay on the page, or offer it (browser/offer.py).

The build writes whether this script offers the sitemap where the placeholder of
the last line stands (toolkit/literal.py): false in sitemap.js, true in the
userscript. sitemap.js also offers it when its script element asks. The
bookmarklet never offers: it is built with __autoindexSitemapBookmarklet__ true, so
the minifier drops the offer from it (toolkit/compile.py).
"""

from bookmarklet.portable import new_object
from bookmarklet.settings import SETTINGS, PROBLEM
from bookmarklet.browser.panel import close_existing
from bookmarklet.browser.overlay import open_overlay
from bookmarklet.browser.offer import offer, is_offered_here
from bookmarklet.browser.gate import listing_api
from bookmarklet.crawl.crawl import start_crawl
from bookmarklet.cache.store import open_store
from bookmarklet.browser.browser import fetch_listing, page_of_html, read_open_page, now_seconds, every, \
    wait_seconds, hold_lock, next_frame


def browser_adapters(page):
    """What the crawl needs of the browser (crawl/seams.py ADAPTERS)."""
    adapters = new_object()
    adapters.listing_api = lambda: listing_api(page.document)
    adapters.fetch_listing = fetch_listing
    adapters.page_of_html = page_of_html
    adapters.read_open_page = lambda: read_open_page(page.document)
    adapters.open_store = open_store
    adapters.clock_now = now_seconds
    adapters.run_every = every
    adapters.wait_seconds = wait_seconds
    adapters.hold_lock = hold_lock
    adapters.is_visible = lambda: page.document.visibilityState == 'visible'
    adapters.next_frame = next_frame
    return adapters


def toggle(page):
    """A click: close the open overlay, or open one and crawl."""
    if close_existing(page.document):
        return
    crawl = start_crawl(page.location.href, SETTINGS, browser_adapters(page),
                        lambda actions: open_overlay(page, SETTINGS, actions))
    # Empty, or in the bookmarklet false (toolkit/bundle.py stage_sources): a test of its
    # truth folds there.
    if PROBLEM:
        crawl.overlay_ui.add_note(PROBLEM)


def start(page, offering):
    """Toggle the overlay, or offer it (offering: the userscript, which decides alone whether
    the page is a listing; or where a server's script element asks): a button and a key that
    toggle it."""
    if offering or is_offered_here(page.document):
        offer(page, SETTINGS, lambda: toggle(page), offering)
    else:
        toggle(page)


# __pragma__ ('ecom')
#?__pragma__ ('js', '{}', '__autoindexSitemapBookmarklet__ ? toggle (window) : start (window, __autoindexSitemapOffer__)')
# __pragma__ ('noecom')
