"""Search and what's new: the page's names filtered, or hits read from the tree cached below
the shown root."""

from bookmarklet.portable import started
from bookmarklet.shown.view import filter_by, list_entries
from bookmarklet.shown.tree import tree_index, found_hits, news_since, index_text, new_hit
from bookmarklet.crawl.root import server_now
from bookmarklet.reading.times import format_age
from bookmarklet.crawl.upkeep import read_store
from bookmarklet.crawl.choices import keep_choices
from bookmarklet.crawl.drawing import navigate, draw_page, ROWS, HITS, NEWS
from bookmarklet.shown.phrases import NO_VISIT, news_text
from bookmarklet.words import TREE_SCOPE


def choose_scope(crawl, scope):
    """Search the page's names or the cached tree."""
    crawl.search_scope = scope
    search_afresh(crawl)
    started(keep_choices(crawl))


def search_afresh(crawl):
    """Search again for the filter's text, the tree read afresh."""
    crawl.index_task = None
    started(search(crawl, crawl.rows_view.filter_text))


async def search(crawl, query):
    """Filter the page's names, or, with the tree scope, list the tree's hits."""
    filter_by(crawl.rows_view, query)
    if crawl.search_scope == TREE_SCOPE and len(query) > 0:
        index = await index_of(crawl)
        if crawl.rows_view.filter_text == query:
            found = found_hits(index, query)
            list_hits(crawl, HITS, found, index_text(index, found))
        return
    back_to_rows(crawl)


def back_to_rows(crawl):
    """Back to the root's rows from the hits or the news."""
    crawl.list_shown = ROWS
    navigate(crawl, lambda view: None)


def index_of(crawl):
    """The tree below the root, read from the store once and kept until asked afresh."""
    if crawl.index_task == None:
        crawl.index_task = started(read_index(crawl))
    return crawl.index_task


async def read_index(crawl):
    """The tree's index: the root's own record where this visit kept one, whose entries know
    when they were first seen, and every record below."""
    root_url = crawl.root_dir.root_url
    records = await read_store(crawl.store_ready, lambda store: store.records_below(root_url), [])
    kept = crawl.upkeep_unit.root_record
    if kept == None:
        return tree_index(root_url, crawl.rows_view.all_entries, records)
    index = tree_index(root_url, kept['entries'], records)
    for entry in kept['gone']:
        index['gone'].append(new_hit(entry, root_url, ''))
    return index


async def show_news(crawl):
    """Show what appeared or changed below the root since the previous visit; again: the rows."""
    if crawl.list_shown == NEWS:
        back_to_rows(crawl)
        return
    visit = crawl.previous_visit
    # Read afresh, and apart from the search's index, whose hits it marks.
    found = news_since(await read_index(crawl), visit)
    text = NO_VISIT
    if visit != None:
        text = news_text(len(found), format_age(server_now(crawl.root_dir) - visit))
    list_hits(crawl, NEWS, found, text)


def list_hits(crawl, showing, hits, text):
    crawl.list_shown = showing
    crawl.found_view.current_page = 1
    list_entries(crawl.found_view, hits)
    crawl.overlay_ui.show_matches(text)
    draw_page(crawl)
