"""The entry point: toggle the overlay on the page."""

from bookmarklet.portable import new_object
from bookmarklet.settings import SETTINGS, PROBLEM
from bookmarklet.panel import close_existing
from bookmarklet.overlay import open_overlay
from bookmarklet.crawl import start_crawl
from bookmarklet.store import open_store
from bookmarklet.browser import fetch_listing, anchors_of_html, read_open_page, now_seconds, every


def browser_adapters(page):
    """What the crawl needs of the browser (crawl.py names them)."""
    adapters = new_object()
    adapters.fetch_listing = fetch_listing
    adapters.anchors_of_html = anchors_of_html
    adapters.read_open_page = lambda: read_open_page(page.document)
    adapters.open_store = open_store
    adapters.now = now_seconds
    adapters.every = every
    adapters.visible = lambda: page.document.visibilityState == 'visible'
    return adapters


def start(page):
    """A click: close the open overlay, or open one and crawl."""
    if close_existing(page.document):
        return
    crawl = start_crawl(page.location.href, SETTINGS, browser_adapters(page),
                        lambda actions: open_overlay(page, SETTINGS, actions))
    if PROBLEM != '':
        crawl.overlay.add_note(PROBLEM)


# __pragma__ ('ecom')
#?start(window)
# __pragma__ ('noecom')
