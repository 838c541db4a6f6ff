"""What a person chose, kept for their next visit of any root: the page size and the scope
of search. A build's defaults are the first visit's only."""

from bookmarklet.portable import started
from bookmarklet.shown.view import resize
from bookmarklet.crawl.upkeep import keep, read_store
from bookmarklet.crawl.drawing import navigate


async def recall_choices(crawl):
    """Take up the page size and scope a person chose on an earlier visit, unless they
    chose already on this one."""
    choices = await read_store(crawl.store_ready, lambda store: store.read_choices(), None)
    if choices == None or crawl.has_chosen:
        return
    # The store read both fields and their shape (checked.stored_choices); the sizes offered
    # are this build's.
    crawl.search_scope = choices['scope']
    crawl.overlay_ui.show_scope(crawl.search_scope)
    if choices['pageSize'] in crawl.run_settings['pageSizes']:
        resize_views(crawl, choices['pageSize'])


async def keep_choices(crawl):
    """Remember what a person chose, for the next visit of any root."""
    crawl.has_chosen = True
    store = await crawl.store_ready
    await keep(crawl.upkeep_unit, store.write_choices({'pageSize': crawl.rows_view.page_size,
                                                  'scope': crawl.search_scope}))


def resize_views(crawl, size):
    """Show size entries a page, in the rows and in the hits alike."""
    resize(crawl.found_view, size)
    navigate(crawl, lambda view: resize(view, size))


def choose_size(crawl, size):
    resize_views(crawl, size)
    started(keep_choices(crawl))
