"""The click's crawl: wires the root, the view, directory settling and upkeep to the screen.

Wave 1 reads the root (root.py), the view slices its entries into pages
(shown/view.py), wave 2 settles the directories of the page shown (settle.py),
drawing.py draws what arrives, and upkeep keeps the store tidy (upkeep.py).
Search and what's new (finding.py) and a person's choices (choices.py) act on
the same crawl.

Nothing here touches a browser object: the adapters and the screen are passed
in, so the whole crawl also runs under CPython with fakes. seams.py declares
both, and the actions this module gives the screen.
"""

from bookmarklet.portable import JSError, new_object, started, problem_of
from bookmarklet.crawl.root import new_root, read_root, fetch_root, url_of
from bookmarklet.shown.view import new_view, list_entries, turn_to, same_entries
from bookmarklet.crawl.settle import new_settling, drop_results, want_none
from bookmarklet.crawl.upkeep import new_upkeep, keep, read_store, record_visit, start_timer, stop_timer
from bookmarklet.cache.store import refused_store
from bookmarklet.shown.tree import crumbs_of
from bookmarklet.crawl.drawing import ROWS, new_generation, navigate, draw_page, refresh_where, \
    show_progress
from bookmarklet.crawl.finding import search, search_afresh, choose_scope, show_news
from bookmarklet.crawl.mapping import new_map, recall_map, start_map, pause_map, resume_map, stop_map, \
    map_shown
from bookmarklet.crawl.choices import recall_choices, choose_size
from bookmarklet.crawl.picking import select, select_shown, select_none
from bookmarklet.shown.selection import new_selection, is_picked
from bookmarklet.shown.phrases import FORGETTING, NO_DATES, no_listing, listing_request_failed, \
    went_wrong, uncached
from bookmarklet.words import STALE, FAILED, PAGE_SCOPE, READING, LOADING, BROKEN

# Seconds between two draws of a map's progress.
MAP_DRAWN_EVERY = 0.25


def new_crawl(href, settings, adapters):
    """A crawl of the page at href that has shown nothing yet: every field it keeps."""
    crawl = new_object()
    crawl.run_settings = settings
    crawl.io_adapters = adapters
    crawl.page_url = href               # the page's own directory, once its root is made
    crawl.selection_unit = new_selection(href)  # what a person ticked, for the visit, below it
    crawl.overlay_ui = None             # the screen
    crawl.store_ready = None            # awaits the store
    crawl.is_closed = False
    crawl.is_polling = False            # a poll of the root under way
    crawl.has_chosen = False            # a person chose a page size or scope on this visit
    crawl.search_scope = PAGE_SCOPE
    crawl.found_view = new_view(settings['pageSize'])  # the hits or the news: never filtered
    # The root shown, which open_directory changes (show_root_of sets them afresh).
    crawl.root_dir = None
    crawl.rows_view = None              # its entries, filtered and paged
    crawl.list_shown = ROWS             # the list shows ROWS, HITS or NEWS (drawing.py)
    crawl.index_task = None             # awaits its cached tree's index (finding.py)
    crawl.previous_visit = None         # when it was last visited, by the server's clock
    crawl.root_cache = None             # awaits the store, once its previous visit is read
    crawl.upkeep_unit = None
    crawl.settle_unit = None
    crawl.crawl_done = None             # awaits its first rows and bookkeeping
    crawl.generation_no = 0             # drawing.new_generation: the navigation now shown,
    crawl.to_draw = []                  # the answers waiting for a frame,
    crawl.drawn_results = {}            # and each row's result drawn
    crawl.map_unit = None               # the map of the root shown (mapping.py)
    crawl.map_drawing = 0               # its progress waits: 1 a while, 2 for a frame,
    crawl.map_state_drawn = ''          # and the state it showed last
    return crawl


def start_crawl(href, settings, adapters, open_screen):
    """Open the screen for the page at href and crawl; crawl.crawl_done settles when the page's
    first rows are shown and the bookkeeping is done.

    open_screen(actions) gives the screen, crawl.overlay_ui; actions are what a person can do
    there (seams.py declares both)."""
    crawl = new_crawl(href, settings, adapters)
    root = new_root(href, settings, adapters)
    crawl.page_url = root.root_url
    crawl.selection_unit = new_selection(root.root_url)
    # Wave 1 and the store set out before the overlay is built, which they need not wait
    # for; page 1's rows need no store either (each directory waits for it).
    wave_1 = started(read_root(root))
    crawl.store_ready = started(open_cache(crawl))
    crawl.overlay_ui = open_screen(actions_of(crawl))
    started(recall_choices(crawl))
    show_root_of(crawl, root, wave_1)
    return crawl


def show_root_of(crawl, root, wave_1):
    """Show root's own two levels, with the same waves, cache and statuses; wave_1: the
    awaitable of read_root(root)."""
    crawl.root_dir = root
    crawl.rows_view = new_view(crawl.found_view.page_size)
    crawl.list_shown = ROWS
    crawl.index_task = None
    crawl.previous_visit = None
    crawl.root_cache = started(read_previous_visit(crawl, root))
    crawl.upkeep_unit = new_upkeep(root, lambda reason: say_uncached(crawl, reason))
    crawl.settle_unit = new_settling(root, crawl.store_ready, crawl.upkeep_unit)
    crawl.map_unit = new_map(root, crawl.store_ready, crawl.settle_unit.fetch_pool,
                             lambda: draw_map_soon(crawl, root))
    crawl.map_state_drawn = ''
    crawl.overlay_ui.show_root(root.root_url, crumbs_of(crawl.page_url, root.root_url))
    draw_map_soon(crawl, root)
    crawl.crawl_done = started(run_root(crawl, root, wave_1))


def open_directory(crawl, url):
    """Re-root the overlay at a directory below the page's, without navigating the page."""
    if crawl.is_closed or url == crawl.root_dir.root_url:
        return
    leave_root(crawl)
    crawl.overlay_ui.show_matches('')
    crawl.overlay_ui.show_status(LOADING, 0, 0, 0, READING)
    root = new_root(url, crawl.run_settings, crawl.io_adapters)
    root.in_place = True
    show_root_of(crawl, root, started(read_root(root)))


def go_up(crawl):
    """Back to the crumb before the shown root; False at the page's own directory."""
    crumbs = crumbs_of(crawl.page_url, crawl.root_dir.root_url)
    if len(crumbs) < 2:
        return False
    open_directory(crawl, crumbs[len(crumbs) - 2]['href'])
    return True


async def read_previous_visit(crawl, root):
    """The store, once root's previous visit is read (crawl.previous_visit while root shows)."""
    visit = await read_store(crawl.store_ready, lambda store: store.read_visit(root.root_url), None)
    if crawl.root_dir == root:
        crawl.previous_visit = visit
    return await crawl.store_ready


def actions_of(crawl):
    """The actions (seams.ACTIONS) over this crawl."""
    actions = new_object()
    actions.turn_page = lambda step: navigate(crawl, lambda view: turn_to(view, view.current_page + step))
    actions.set_size = lambda size: choose_size(crawl, size)
    actions.filter_by = lambda query: started(search(crawl, query))
    actions.choose_scope = lambda scope: choose_scope(crawl, scope)
    actions.show_news = lambda: started(show_news(crawl))
    actions.open_directory = lambda url: open_directory(crawl, url)
    actions.go_up = lambda: go_up(crawl)
    # One directory of the page, or every one shown stale or failed.
    actions.refresh_one = lambda url: refresh_where(
        crawl, lambda entry, result: url_of(crawl.root_dir, entry) == url)
    actions.refresh_stale = lambda: refresh_where(
        crawl, lambda entry, result: result != None and result['status'] in [STALE, FAILED])
    actions.forget_root = lambda: started(forget_cache(crawl))
    actions.start_map = lambda: crawl.rows_view.was_listed and started(
        start_map(crawl.map_unit, crawl.rows_view.all_entries))
    actions.pause_map = lambda: pause_map(crawl.map_unit)
    actions.resume_map = lambda: resume_map(crawl.map_unit)
    actions.stop_map = lambda: stop_map(crawl.map_unit, '')
    actions.select_entry = lambda hit, picked: select(crawl, hit, picked)
    actions.select_shown = lambda: select_shown(crawl)
    actions.select_none = lambda: select_none(crawl)
    actions.is_selected = lambda href: is_picked(crawl.selection_unit, href)
    actions.close_overlay = lambda: stop_crawl(crawl)
    return actions


async def run_root(crawl, root, reading):
    """Wave 1 for root (reading it), its rows, then its visit; nothing once another root
    is shown."""
    screen = crawl.overlay_ui
    try:
        wave_1 = await reading
        if crawl.root_dir != root:
            return
        listing = wave_1.listing_read
        if listing == None:
            screen.show_status(BROKEN, 0, 0, 0, no_listing(wave_1.fetch_problem))
            return
        if wave_1.fetch_problem != '':
            screen.add_note(listing_request_failed(wave_1.fetch_problem))
        if not listing['dated']:
            screen.add_note(NO_DATES)
        list_entries(crawl.rows_view, listing['entries'])
        # The rows, or a search asked for while the listing was read, answered anew over it.
        search_afresh(crawl)
        store = await crawl.root_cache
        if crawl.root_dir != root:
            return
        started(recall_map(crawl.map_unit))
        if root.is_live:
            await record_visit(crawl.upkeep_unit, store, listing)
        if crawl.run_settings['refreshSeconds'] > 0 and not crawl.is_closed:
            start_timer(crawl.upkeep_unit, crawl.run_settings['refreshSeconds'], lambda: started(poll(crawl)))
    except JSError as error:
        screen.show_status(BROKEN, 0, 0, 0, went_wrong(problem_of(error)))


async def open_cache(crawl):
    """The store, once open; a memory store when it cannot be had."""
    try:
        store = await crawl.io_adapters.open_store()
    except JSError as error:
        store = refused_store(error)
    if not store.is_persistent:
        say_uncached(crawl, store.uncached_reason)
    return store


def say_uncached(crawl, reason):
    """Tell the user that listings are not kept past this tab, and why."""
    crawl.overlay_ui.add_note(uncached(reason))


async def forget_cache(crawl):
    """Drop this root's records and visit, then settle the page afresh."""
    new_generation(crawl)
    drop_results(crawl.settle_unit)
    crawl.previous_visit = None
    crawl.overlay_ui.show_status(LOADING, 0, 0, 0, FORGETTING)
    store = await crawl.store_ready
    await keep(crawl.upkeep_unit, store.forget_root(crawl.root_dir.root_url))
    draw_page(crawl)


def stop_crawl(crawl):
    """Stop: no timer, no queued request, nothing rendered any more."""
    crawl.is_closed = True
    leave_root(crawl)


def leave_root(crawl):
    """Stop what the root shown has under way: its timer, its queued requests, its map, and
    the rendering of any answer still to come."""
    new_generation(crawl)
    stop_timer(crawl.upkeep_unit)
    want_none(crawl.settle_unit)
    stop_map(crawl.map_unit, '')


def draw_map_soon(crawl, root):
    """Show the map's progress soon, once however often it changes: a new state in the next
    frame, progress once in MAP_DRAWN_EVERY seconds (each draw lays out and paints the
    panel, and a map settles hundreds of directories a second). At its end, the tree is
    read afresh and the status line says how complete it is."""
    if crawl.is_closed or crawl.root_dir != root:
        return
    soon = 2 if crawl.map_unit.map_state != crawl.map_state_drawn else 1
    if crawl.map_drawing < soon:
        crawl.map_drawing = soon
        started(draw_map(crawl, root, soon))


async def draw_map(crawl, root, soon):
    if soon == 1:
        await crawl.io_adapters.wait_seconds(MAP_DRAWN_EVERY)
        if crawl.map_drawing != 1:
            return  # drawn meanwhile

    def draw():
        crawl.map_drawing = 0
        if crawl.is_closed or crawl.root_dir != root:
            return
        shown = map_shown(crawl.map_unit)
        crawl.overlay_ui.show_map(shown)
        if shown['state'] != crawl.map_state_drawn:
            crawl.map_state_drawn = shown['state']
            crawl.index_task = None
            if shown['note'] != '':
                crawl.overlay_ui.add_note(shown['note'])
            if crawl.rows_view.was_listed and crawl.list_shown == ROWS:
                show_progress(crawl)
    crawl.io_adapters.next_frame(draw)


async def poll(crawl):
    """Near-real-time mode: re-read the root and re-settle only what moved."""
    if crawl.is_polling or crawl.is_closed or not crawl.io_adapters.is_visible():
        return
    crawl.is_polling = True
    try:
        fetched = await fetch_root(crawl.root_dir)
        if fetched.listing_read != None and not crawl.is_closed:
            entries = fetched.listing_read['entries']
            if not same_entries(entries, crawl.rows_view.all_entries):
                list_entries(crawl.rows_view, entries)
                navigate(crawl, lambda view: None)
    finally:
        crawl.is_polling = False
