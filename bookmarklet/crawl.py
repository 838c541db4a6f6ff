"""The click's crawl: wires the root, the view, directory settling and upkeep to the screen.

Wave 1 reads the root (root.py), the view slices its entries into pages
(view.py), wave 2 settles the directories of the page shown (settle.py), and
upkeep keeps the store tidy (upkeep.py). Every navigation starts a new
generation: a directory's result is always kept, but only the generation
current when it arrives renders it, so a slow answer from an earlier page
never lands on the page now shown.

Nothing here touches a browser object: the adapters (fetch_listing,
page_of_html, read_open_page, open_store, now, every, visible) and the
screen (the overlay's show_* functions and add_note) are passed in, so the
whole crawl also runs under CPython with fakes.
"""

from bookmarklet.portable import JSError, new_object, started, problem_of
from bookmarklet.order import sorted_entries
from bookmarklet.display import likely_cause, totals_text
from bookmarklet.root import new_root, read_root, fetch_root, server_now, url_of
from bookmarklet.view import new_view, list_entries, filter_by, turn_to, resize, pages_of, \
    entries_on, directories_on, matches_text, same_entries
from bookmarklet.settle import new_settling, new_result, settle, settled_result, fail_result, \
    drop_result, drop_results, want, want_none
from bookmarklet.upkeep import new_upkeep, keep, record_visit, start_timer, stop_timer
from bookmarklet.store import refused_store
from bookmarklet.tree import tree_index, found_hits, news_since, totals_of, index_text, new_hit, \
    crumbs_of
from bookmarklet.times import format_age
from bookmarklet.portable import part
from bookmarklet.words import STALE, FAILED, PENDING, PAGE_SCOPE, TREE_SCOPE, SCOPES, READING

# What the list shows (crawl.list_shown): the page's rows, search hits in the tree, or what is new.
ROWS = 'rows'
HITS = 'hits'
NEWS = 'news'


def start_crawl(href, settings, adapters, open_screen):
    """Open the screen for the page at href and crawl; crawl.crawl_done settles when the page's
    first rows are shown and the bookkeeping is done.

    open_screen(actions) gives the screen, crawl.overlay_ui; actions are what a person can do there:
    turn_page(step), resize(size), filter_by(query), choose_scope(scope), show_news(),
    open_directory(url), go_up(), refresh(url), refresh_stale(), forget(), close()."""
    crawl = new_object()
    crawl.run_settings = settings
    crawl.io_adapters = adapters
    root = new_root(href, settings, adapters)
    crawl.page_url = root.root_url
    crawl.found_view = new_view(settings['pageSize'])  # the hits or the news: never filtered
    crawl.search_scope = PAGE_SCOPE
    crawl.has_chosen = False
    crawl.generation_no = 0
    crawl.is_closed = False
    crawl.is_polling = False
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
    # The store once root's previous visit is read: its rows' marks and the new visit wait.
    crawl.root_cache = started(read_previous_visit(crawl, root))
    crawl.upkeep_unit = new_upkeep(root, lambda reason: say_uncached(crawl, reason))
    crawl.settle_unit = new_settling(root, crawl.store_ready, crawl.upkeep_unit)
    crawl.overlay_ui.show_root(root.root_url, crumbs_of(crawl.page_url, root.root_url))
    crawl.crawl_done = started(run(crawl, root, wave_1))


def open_directory(crawl, url):
    """Re-root the overlay at a directory below the page's, without navigating the page."""
    if crawl.is_closed or url == crawl.root_dir.root_url:
        return
    leave(crawl)
    crawl.overlay_ui.show_matches('')
    crawl.overlay_ui.show_status('loading', 0, 0, 0, READING)
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
    store = await crawl.store_ready
    try:
        visit = await store.read_visit(root.root_url)
    except JSError:
        visit = None
    if crawl.root_dir == root:
        crawl.previous_visit = visit
    return store


def actions_of(crawl):
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
    actions.forget_root = lambda: started(forget(crawl))
    actions.close_overlay = lambda: close(crawl)
    return actions


async def run(crawl, root, reading):
    """Wave 1 for root (reading it), its rows, then its visit; nothing once another root
    is shown."""
    screen = crawl.overlay_ui
    try:
        wave_1 = await reading
        if crawl.root_dir != root:
            return
        listing = wave_1.listing_read
        if listing == None:
            screen.show_status('broken', 0, 0, 0, 'No listing could be read here ('
                               + wave_1.fetch_problem + ').')
            return
        if wave_1.fetch_problem != '':
            screen.add_note('The listing request failed (' + wave_1.fetch_problem
                            + '); showing the page as loaded.')
        if not listing['dated']:
            screen.add_note('No dates listed: sorted by name.')
        navigate(crawl, lambda view: list_entries(view, sorted_entries(listing['entries'])))
        store = await crawl.root_cache
        if crawl.root_dir != root:
            return
        if root.is_live:
            await record_visit(crawl.upkeep_unit, store, crawl.rows_view.all_entries)
        if crawl.run_settings['refreshSeconds'] > 0 and not crawl.is_closed:
            start_timer(crawl.upkeep_unit, crawl.run_settings['refreshSeconds'], lambda: started(poll(crawl)))
    except JSError as error:
        screen.show_status('broken', 0, 0, 0, 'Something went wrong: ' + problem_of(error))


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
    crawl.overlay_ui.add_note('Not caching: ' + reason + '.')


async def recall_choices(crawl):
    """Take up the page size and scope a person chose on an earlier visit, unless they
    chose already on this one; a build's defaults are the first visit's only."""
    try:
        store = await crawl.store_ready
        choices = await store.read_choices()
    except JSError:
        return  # the build's defaults, then
    if choices == None or crawl.has_chosen:
        return
    if 'scope' in choices and choices['scope'] in SCOPES:
        crawl.search_scope = choices['scope']
        crawl.overlay_ui.show_scope(crawl.search_scope)
    if 'pageSize' in choices and choices['pageSize'] in crawl.run_settings['pageSizes']:
        resize_views(crawl, choices['pageSize'])


async def keep_choices(crawl):
    """Remember what a person chose, for the next visit of any root."""
    crawl.has_chosen = True
    store = await crawl.store_ready
    await keep(crawl.upkeep_unit, store.write_choices({'pageSize': crawl.rows_view.page_size,
                                                  'scope': crawl.search_scope}))


def navigate(crawl, change):
    """Change the view shown (change(view)) and show it."""
    change(crawl.rows_view if crawl.list_shown == ROWS else crawl.found_view)
    if crawl.list_shown == ROWS:
        crawl.overlay_ui.show_matches(matches_text(crawl.rows_view))
    show_page(crawl)


def resize_views(crawl, size):
    """Show size entries a page, in the rows and in the hits alike."""
    resize(crawl.found_view, size)
    navigate(crawl, lambda view: resize(view, size))


def choose_size(crawl, size):
    resize_views(crawl, size)
    started(keep_choices(crawl))


def choose_scope(crawl, scope):
    """Search the page's names or the cached tree; the tree is read afresh."""
    crawl.search_scope = scope
    crawl.index_task = None
    started(search(crawl, crawl.rows_view.filter_text))
    started(keep_choices(crawl))


async def search(crawl, query):
    """Filter the page's names, or, with the tree scope, list the tree's hits."""
    filter_by(crawl.rows_view, query)
    if crawl.search_scope == TREE_SCOPE and len(query) > 0:
        index = await index_of(crawl)
        if crawl.rows_view.filter_text == query:
            found = found_hits(index, query)
            list_hits(crawl, HITS, found, index_text(index, found))
        return
    show_rows(crawl)


def show_rows(crawl):
    """Back to the root's rows from the hits or the news."""
    crawl.list_shown = ROWS
    navigate(crawl, lambda view: None)


def index_of(crawl):
    """The tree below the root, read from the store once and kept until asked afresh."""
    if crawl.index_task == None:
        crawl.index_task = started(read_index(crawl))
    return crawl.index_task


async def read_index(crawl):
    try:
        store = await crawl.store_ready
        records = await store.records_below(crawl.root_dir.root_url)
    except JSError:
        records = []
    return tree_index(crawl.root_dir.root_url, crawl.rows_view.all_entries, records)


async def show_news(crawl):
    """Show what appeared or changed below the root since the previous visit; again: the rows."""
    if crawl.list_shown == NEWS:
        show_rows(crawl)
        return
    visit = crawl.previous_visit
    # Read afresh, and apart from the search's index, whose hits it marks.
    found = news_since(await read_index(crawl), visit)
    text = 'No previous visit here'
    if visit != None:
        text = str(len(found)) + ' new or changed since the visit ' + \
            format_age(server_now(crawl.root_dir) - visit)
    list_hits(crawl, NEWS, found, text)


def list_hits(crawl, showing, hits, text):
    crawl.list_shown = showing
    crawl.found_view.current_page = 1
    list_entries(crawl.found_view, hits)
    crawl.overlay_ui.show_matches(text)
    show_page(crawl)


def show_page(crawl):
    """Render the current page and settle its directories: cache first, then wave 2.
    Once closed, nothing: no request starts after the overlay is gone."""
    if crawl.is_closed:
        return
    crawl.generation_no += 1
    if crawl.list_shown != ROWS:
        found = crawl.found_view
        crawl.overlay_ui.show_hits(entries_on(found, found.current_page), found.current_page,
                                pages_of(found), found.page_size, server_now(crawl.root_dir))
        crawl.overlay_ui.show_export(lambda: found.shown_entries, crawl.root_dir.root_url)
        return
    view = crawl.rows_view
    if not view.was_listed:
        return  # a choice made before wave 1 answers: the status still says it is read
    crawl.overlay_ui.show_page(entries_on(view, view.current_page), crawl.root_dir.root_url,
                            view.current_page, pages_of(view), view.page_size,
                            server_now(crawl.root_dir))
    directories = page_directories(crawl)
    want_none(crawl.settle_unit)
    want(crawl.settle_unit, directories)
    show_directories(crawl, directories, False)
    show_progress(crawl)


def show_directories(crawl, entries, forced):
    """Show each directory's result: at once when settled, else once it is (forced: by
    a fetch, whatever its record says)."""
    unsettled = []
    for entry in entries:
        result = settled_result(crawl.settle_unit, entry)
        if result != None:
            show_result(crawl, entry, result, crawl.generation_no)
        else:
            unsettled.append(entry)
    loads = settle(crawl.settle_unit, unsettled, forced)
    for index in range(0, len(unsettled)):
        started(show_when_settled(crawl, unsettled[index], loads[index], crawl.generation_no))


async def show_when_settled(crawl, entry, load, generation):
    result = await load
    await crawl.root_cache  # the previous visit, which marks what is new
    show_result(crawl, entry, result, generation)


def show_result(crawl, entry, result, generation):
    """Show a directory's result, unless another navigation came since it was asked for."""
    if generation != crawl.generation_no or result == None:
        return
    try:
        show_children(crawl, entry, result)
    except JSError as error:
        # A row that cannot be shown still settles: failed, saying why, if it can be.
        try:
            show_children(crawl, entry, fail_result(crawl.settle_unit, entry, 'could not be shown ('
                                                    + problem_of(error) + ')'))
        except JSError as again:
            crawl.overlay_ui.add_note('A directory could not be shown: ' + problem_of(again))
    show_progress(crawl)


def show_children(crawl, entry, result):
    crawl.overlay_ui.show_children(url_of(crawl.root_dir, entry), result['status'],
                                result['entries'], result['message'], crawl.previous_visit,
                                server_now(crawl.root_dir))


def export_items(crawl):
    """What the page shows, to export: its rows and their children shown."""
    items = []
    root = crawl.root_dir
    for entry in entries_on(crawl.rows_view, crawl.rows_view.current_page):
        items.append(new_hit(entry, root.root_url, ''))
        result = settled_result(crawl.settle_unit, entry)  # None for a file
        if result != None:
            for child in part(result['entries'], 0, crawl.run_settings['childrenShown']):
                items.append(new_hit(child, url_of(root, entry), entry['name'] + '/'))
    return items


def page_directories(crawl):
    return directories_on(crawl.rows_view, crawl.rows_view.current_page)


def show_progress(crawl):
    """The status line's counts for the current page, and prefetch once it settles."""
    loaded = 0
    problems = []
    directories = page_directories(crawl)
    for entry in directories:
        result = settled_result(crawl.settle_unit, entry)
        if result != None:
            if result['status'] == FAILED:
                problems.append(result['problem'])
            else:
                loaded += 1
    failed = len(problems)
    total = len(directories)
    settled = loaded + failed == total
    counted = str(loaded) + ' of ' + str(total)
    text = counted + ' directories loaded'
    if failed > 0:
        text += ', ' + str(failed) + ' failed'
    text += ' · ' + totals_text(totals_of(crawl.rows_view.all_entries))
    state = 'done' if settled else 'loading'
    # A single failure is only a mark, but nearly nothing loaded is a breakage
    # (CORS, a server gone) to show plainly (docs/design.md, Failure).
    if settled and failed > 0 and loaded * 10 <= total:
        state = 'broken'
        text = 'Nearly nothing could be loaded (' + counted + '): ' + likely_cause(problems) + '.'
    crawl.overlay_ui.show_status(state, loaded, total, failed, text)
    if crawl.list_shown == ROWS:
        # Made when the export's text is, not at each directory settled.
        crawl.overlay_ui.show_export(lambda: export_items(crawl), crawl.root_dir.root_url)
    if settled and crawl.run_settings['prefetch']:
        prefetch(crawl)


def prefetch(crawl):
    """Settle the next page's directories so that paging on is instant."""
    view = crawl.rows_view
    if view.current_page >= pages_of(view):
        return
    unsettled = []
    for entry in directories_on(view, view.current_page + 1):
        if settled_result(crawl.settle_unit, entry) == None:
            unsettled.append(entry)
    want(crawl.settle_unit, unsettled)
    settle(crawl.settle_unit, unsettled, False)


def refresh_where(crawl, chosen):
    """Fetch the page's directories for which chosen(entry, result) is true now, whatever
    their records say."""
    entries = []
    for entry in page_directories(crawl):
        if chosen(entry, settled_result(crawl.settle_unit, entry)):
            entries.append(entry)
            drop_result(crawl.settle_unit, entry)
            show_children(crawl, entry, new_result(PENDING, [], '', None))
    show_progress(crawl)
    show_directories(crawl, entries, True)


async def forget(crawl):
    """Drop this root's records and visit, then settle the page afresh."""
    crawl.generation_no += 1
    drop_results(crawl.settle_unit)
    crawl.previous_visit = None
    crawl.overlay_ui.show_status('loading', 0, 0, 0, 'Forgetting the cache…')
    store = await crawl.store_ready
    await keep(crawl.upkeep_unit, store.forget_root(crawl.root_dir.root_url))
    show_page(crawl)


def close(crawl):
    """Stop: no timer, no queued request, nothing rendered any more."""
    crawl.is_closed = True
    leave(crawl)


def leave(crawl):
    """Stop what the root shown has under way: its timer, its queued requests, and the
    rendering of any answer still to come."""
    crawl.generation_no += 1
    stop_timer(crawl.upkeep_unit)
    want_none(crawl.settle_unit)


async def poll(crawl):
    """Near-real-time mode: re-read the root and re-settle only what moved."""
    if crawl.is_polling or crawl.is_closed or not crawl.io_adapters.is_visible():
        return
    crawl.is_polling = True
    try:
        fetched = await fetch_root(crawl.root_dir)
        if fetched.listing_read != None and not crawl.is_closed:
            entries = sorted_entries(fetched.listing_read['entries'])
            if not same_entries(entries, crawl.rows_view.all_entries):
                list_entries(crawl.rows_view, entries)
                navigate(crawl, lambda view: None)
    finally:
        crawl.is_polling = False
