"""The click's crawl: wires the root, the view, directory settling and upkeep to the screen.

Wave 1 reads the root (root.py), the view slices its entries into pages
(view.py), wave 2 settles the directories of the page shown (settle.py),
drawing.py draws what arrives, and upkeep keeps the store tidy (upkeep.py).
Search and what's new (finding.py) and a person's choices (choices.py) act on
the same crawl.

Nothing here touches a browser object: the adapters (fetch_listing,
page_of_html, read_open_page, open_store, now, every, visible, next_frame) and
the screen (the overlay's show_* functions and add_note) are passed in, so the
whole crawl also runs under CPython with fakes.
"""

from bookmarklet.portable import JSError, new_object, started, problem_of
from bookmarklet.order import sorted_entries
from bookmarklet.root import new_root, read_root, fetch_root, url_of
from bookmarklet.view import new_view, list_entries, turn_to, same_entries
from bookmarklet.settle import new_settling, drop_results, want_none
from bookmarklet.upkeep import new_upkeep, keep, read_store, record_visit, start_timer, stop_timer
from bookmarklet.store import refused_store
from bookmarklet.tree import crumbs_of
from bookmarklet.drawing import ROWS, new_generation, navigate, show_page, refresh_where
from bookmarklet.finding import search, choose_scope, show_news
from bookmarklet.choices import recall_choices, choose_size
from bookmarklet.phrases import FORGETTING, NO_DATES, no_listing, listing_request_failed, \
    went_wrong, uncached
from bookmarklet.words import STALE, FAILED, PAGE_SCOPE, READING, LOADING, BROKEN


def new_crawl(href, settings, adapters):
    """A crawl of the page at href that has shown nothing yet: every field it keeps."""
    crawl = new_object()
    crawl.settings = settings
    crawl.adapters = adapters
    crawl.page_url = href          # the page's own directory, once its root is made
    crawl.overlay = None           # the screen
    crawl.store_ready = None       # awaits the store
    crawl.is_closed = False
    crawl.polling = False          # a poll of the root under way
    crawl.chosen = False           # a person chose a page size or scope on this visit
    crawl.search_scope = PAGE_SCOPE
    crawl.found = new_view(settings['pageSize'])  # the hits or the news: never filtered
    # The root shown, which open_directory changes (show_root_of sets them afresh).
    crawl.root_dir = None
    crawl.rows_view = None         # its entries, filtered and paged
    crawl.showing = ROWS           # the list shows ROWS, HITS or NEWS (drawing.py)
    crawl.tree = None              # awaits its cached tree's index (finding.py)
    crawl.previous_visit = None    # when it was last visited, by the server's clock
    crawl.root_cache = None        # awaits the store, once its previous visit is read
    crawl.upkeep = None
    crawl.settling = None
    crawl.done = None              # awaits its first rows and bookkeeping
    crawl.generation = 0           # drawing.new_generation: the navigation now shown,
    crawl.to_draw = []             # the answers waiting for a frame,
    crawl.drawn = {}               # and each row's result drawn
    return crawl


def start_crawl(href, settings, adapters, open_screen):
    """Open the screen for the page at href and crawl; crawl.done settles when the page's
    first rows are shown and the bookkeeping is done.

    open_screen(actions) gives the screen, crawl.overlay; actions are what a person can do there:
    turn_page(step), resize(size), filter_by(query), choose_scope(scope), show_news(),
    open_directory(url), go_up(), refresh(url), refresh_stale(), forget(), close()."""
    crawl = new_crawl(href, settings, adapters)
    root = new_root(href, settings, adapters)
    crawl.page_url = root.url
    # Wave 1 and the store set out before the overlay is built, which they need not wait
    # for; page 1's rows need no store either (each directory waits for it).
    wave_1 = started(read_root(root))
    crawl.store_ready = started(open_cache(crawl))
    crawl.overlay = open_screen(actions_of(crawl))
    started(recall_choices(crawl))
    show_root_of(crawl, root, wave_1)
    return crawl


def show_root_of(crawl, root, wave_1):
    """Show root's own two levels, with the same waves, cache and statuses; wave_1: the
    awaitable of read_root(root)."""
    crawl.root_dir = root
    crawl.rows_view = new_view(crawl.found.page_size)
    crawl.showing = ROWS
    crawl.tree = None
    crawl.previous_visit = None
    crawl.root_cache = started(read_previous_visit(crawl, root))
    crawl.upkeep = new_upkeep(root, lambda reason: say_uncached(crawl, reason))
    crawl.settling = new_settling(root, crawl.store_ready, crawl.upkeep)
    crawl.overlay.show_root(root.url, crumbs_of(crawl.page_url, root.url))
    crawl.done = started(run(crawl, root, wave_1))


def open_directory(crawl, url):
    """Re-root the overlay at a directory below the page's, without navigating the page."""
    if crawl.is_closed or url == crawl.root_dir.url:
        return
    leave(crawl)
    crawl.overlay.show_matches('')
    crawl.overlay.show_status(LOADING, 0, 0, 0, READING)
    root = new_root(url, crawl.settings, crawl.adapters)
    root.in_place = True
    show_root_of(crawl, root, started(read_root(root)))


def go_up(crawl):
    """Back to the crumb before the shown root; False at the page's own directory."""
    crumbs = crumbs_of(crawl.page_url, crawl.root_dir.url)
    if len(crumbs) < 2:
        return False
    open_directory(crawl, crumbs[len(crumbs) - 2]['href'])
    return True


async def read_previous_visit(crawl, root):
    """The store, once root's previous visit is read (crawl.previous_visit while root shows)."""
    visit = await read_store(crawl.store_ready, lambda store: store.read_visit(root.url), None)
    if crawl.root_dir == root:
        crawl.previous_visit = visit
    return await crawl.store_ready


def actions_of(crawl):
    actions = new_object()
    actions.turn_page = lambda step: navigate(crawl, lambda view: turn_to(view, view.current_page + step))
    actions.resize = lambda size: choose_size(crawl, size)
    actions.filter_by = lambda query: started(search(crawl, query))
    actions.choose_scope = lambda scope: choose_scope(crawl, scope)
    actions.show_news = lambda: started(show_news(crawl))
    actions.open_directory = lambda url: open_directory(crawl, url)
    actions.go_up = lambda: go_up(crawl)
    # One directory of the page, or every one shown stale or failed.
    actions.refresh = lambda url: refresh_where(
        crawl, lambda entry, result: url_of(crawl.root_dir, entry) == url)
    actions.refresh_stale = lambda: refresh_where(
        crawl, lambda entry, result: result != None and result['status'] in [STALE, FAILED])
    actions.forget = lambda: started(forget(crawl))
    actions.close = lambda: close(crawl)
    return actions


async def run(crawl, root, reading):
    """Wave 1 for root (reading it), its rows, then its visit; nothing once another root
    is shown."""
    screen = crawl.overlay
    try:
        wave_1 = await reading
        if crawl.root_dir != root:
            return
        listing = wave_1.listing
        if listing == None:
            screen.show_status(BROKEN, 0, 0, 0, no_listing(wave_1.problem))
            return
        if wave_1.problem != '':
            screen.add_note(listing_request_failed(wave_1.problem))
        if not listing['dated']:
            screen.add_note(NO_DATES)
        navigate(crawl, lambda view: list_entries(view, sorted_entries(listing['entries'])))
        store = await crawl.root_cache
        if crawl.root_dir != root:
            return
        if root.live:
            await record_visit(crawl.upkeep, store, crawl.rows_view.all_entries)
        if crawl.settings['refreshSeconds'] > 0 and not crawl.is_closed:
            start_timer(crawl.upkeep, crawl.settings['refreshSeconds'], lambda: started(poll(crawl)))
    except JSError as error:
        screen.show_status(BROKEN, 0, 0, 0, went_wrong(problem_of(error)))


async def open_cache(crawl):
    """The store, once open; a memory store when it cannot be had."""
    try:
        store = await crawl.adapters.open_store()
    except JSError as error:
        store = refused_store(error)
    if not store.persistent:
        say_uncached(crawl, store.reason)
    return store


def say_uncached(crawl, reason):
    """Tell the user that listings are not kept past this tab, and why."""
    crawl.overlay.add_note(uncached(reason))


async def forget(crawl):
    """Drop this root's records and visit, then settle the page afresh."""
    new_generation(crawl)
    drop_results(crawl.settling)
    crawl.previous_visit = None
    crawl.overlay.show_status(LOADING, 0, 0, 0, FORGETTING)
    store = await crawl.store_ready
    await keep(crawl.upkeep, store.forget(crawl.root_dir.url))
    show_page(crawl)


def close(crawl):
    """Stop: no timer, no queued request, nothing rendered any more."""
    crawl.is_closed = True
    leave(crawl)


def leave(crawl):
    """Stop what the root shown has under way: its timer, its queued requests, and the
    rendering of any answer still to come."""
    new_generation(crawl)
    stop_timer(crawl.upkeep)
    want_none(crawl.settling)


async def poll(crawl):
    """Near-real-time mode: re-read the root and re-settle only what moved."""
    if crawl.polling or crawl.is_closed or not crawl.adapters.visible():
        return
    crawl.polling = True
    try:
        fetched = await fetch_root(crawl.root_dir)
        if fetched.listing != None and not crawl.is_closed:
            entries = sorted_entries(fetched.listing['entries'])
            if not same_entries(entries, crawl.rows_view.all_entries):
                list_entries(crawl.rows_view, entries)
                navigate(crawl, lambda view: None)
    finally:
        crawl.polling = False
