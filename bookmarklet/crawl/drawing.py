"""What the list shows and when it is drawn: the page's rows with their directories'
results, or the hits of a search or of what's new; the status line below them.

Every navigation starts a new generation: a directory's result is always kept, but only
the generation current when it arrives draws it, so a slow answer from an earlier page
never lands on the page now shown. Answers are drawn once per animation frame, however
many arrive in it: each queues its result, and the frame draws them all and the status
line once (adapters.next_frame).
"""

from bookmarklet.portable import JSError, started, problem_of, dict_key, part
from bookmarklet.crawl.root import server_now, url_of
from bookmarklet.shown.view import entries_on, directories_on, pages_of, matches_text
from bookmarklet.crawl.settle import new_result, settle, settled_result, fail_result, want, \
    want_none, drop_result
from bookmarklet.shown.tree import totals_of, new_hit
from bookmarklet.shown.display import totals_text
from bookmarklet.shown.progress import page_status
from bookmarklet.crawl.mapping import map_shown
from bookmarklet.shown.phrases import not_shown, directory_not_shown
from bookmarklet.shown.selection import selection_counts, selected_items, take_below, \
    picked_directories, is_picked
from bookmarklet.crawl.upkeep import read_store
from bookmarklet.words import PENDING, SHOWN, SELECTION

# What the list shows (crawl.list_shown): the page's rows, search hits in the tree, or what is new.
ROWS = 'rows'
HITS = 'hits'
NEWS = 'news'


def new_generation(crawl):
    """A navigation: answers asked for before it are not drawn (crawl.generation_no), nor
    those still waiting for a frame (to_draw: {entry, result}); no row shows a result yet
    (drawn_results: each row's result by dict_key of its URL, which the status line
    counts)."""
    crawl.generation_no += 1
    crawl.to_draw = []
    crawl.drawn_results = {}


def navigate(crawl, change):
    """Change the view shown (change(view)) and show it."""
    change(crawl.rows_view if crawl.list_shown == ROWS else crawl.found_view)
    if crawl.list_shown == ROWS:
        crawl.overlay_ui.show_matches(matches_text(crawl.rows_view))
    draw_page(crawl)


def draw_page(crawl):
    """Render the current page and settle its directories: cache first, then wave 2.
    Once closed, nothing: no request starts after the overlay is gone."""
    if crawl.is_closed:
        return
    new_generation(crawl)
    if crawl.list_shown != ROWS:
        found = crawl.found_view
        crawl.overlay_ui.show_hits(entries_on(found, found.current_page), found.current_page,
                                   pages_of(found), found.page_size, server_now(crawl.root_dir))
        offer_export(crawl)
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


def page_directories(crawl):
    return directories_on(crawl.rows_view, crawl.rows_view.current_page)


def show_directories(crawl, entries, forced):
    """Show each directory's result: at once when settled, else once it is (forced: by
    a fetch, whatever its record says)."""
    unsettled = []
    for entry in entries:
        result = settled_result(crawl.settle_unit, entry)
        if result != None:
            draw_result(crawl, entry, result)
        else:
            unsettled.append(entry)
    loads = settle(crawl.settle_unit, unsettled, forced)
    for index in range(0, len(unsettled)):
        started(draw_when_settled(crawl, unsettled[index], loads[index], crawl.generation_no))


async def draw_when_settled(crawl, entry, load, generation):
    result = await load
    await crawl.root_cache  # the previous visit, which marks what is new
    if generation != crawl.generation_no or result == None:
        return  # another navigation came since it was asked for
    crawl.to_draw.append({'entry': entry, 'result': result})
    if len(crawl.to_draw) == 1:
        crawl.io_adapters.next_frame(lambda: draw_arrived(crawl))


def draw_arrived(crawl):
    """Draw the results that arrived since the last frame, then the status line once."""
    if crawl.is_closed:
        return
    arrived = crawl.to_draw
    crawl.to_draw = []
    for item in arrived:
        draw_result(crawl, item['entry'], item['result'])
    if len(arrived) > 0:
        show_progress(crawl)


def draw_result(crawl, entry, result):
    """Show a directory's result in its row; one that cannot be shown still settles:
    failed, saying why, if it can be."""
    try:
        draw_children(crawl, entry, result)
    except JSError as error:
        try:
            draw_children(crawl, entry, fail_result(crawl.settle_unit, entry,
                                                    not_shown(problem_of(error))))
        except JSError as again:
            crawl.overlay_ui.add_note(directory_not_shown(problem_of(again)))


def draw_children(crawl, entry, result):
    url = url_of(crawl.root_dir, entry)
    crawl.drawn_results[dict_key(url)] = result
    if is_picked(crawl.selection_unit, url):
        started(read_below(crawl))  # a directory ticked has settled: what it takes, afresh
    crawl.overlay_ui.show_children(url, result['status'], result['entries'], result['message'],
                                   crawl.previous_visit, server_now(crawl.root_dir))


def show_progress(crawl):
    """The status line for the current page as its rows show it, and prefetch once it
    settles."""
    results = []
    for entry in page_directories(crawl):
        key = dict_key(url_of(crawl.root_dir, entry))
        results.append(crawl.drawn_results[key] if key in crawl.drawn_results else None)
    status = page_status(results, totals_text(totals_of(crawl.rows_view.all_entries))
                         + map_shown(crawl.map_unit)['said'])
    crawl.overlay_ui.show_status(status['state'], status['loaded'], status['total'],
                                 status['failed'], status['text'])
    if crawl.list_shown == ROWS:
        offer_export(crawl)
    if status['complete'] and crawl.run_settings['prefetch']:
        prefetch(crawl)


def offer_export(crawl):
    """What the export box offers: the selection when there is one, else what is shown; and
    the selection's count; what the gallery offers: what is shown. Their items are made when
    the export's text or the gallery's tiles are, not at each directory settled."""
    crawl.overlay_ui.show_gallery(lambda: shown_items(crawl))
    selection = crawl.selection_unit
    counts = selection_counts(selection)
    crawl.overlay_ui.show_selection(counts)
    if counts['picked'] > 0:
        crawl.overlay_ui.show_export(lambda: selected_items(selection), selection['base'], SELECTION)
    else:
        crawl.overlay_ui.show_export(lambda: shown_items(crawl), crawl.root_dir.root_url, SHOWN)


async def read_below(crawl):
    """What the browser holds below the directories ticked, read afresh."""
    selection = crawl.selection_unit
    if len(picked_directories(selection)) == 0:
        return
    records = await read_store(crawl.store_ready, lambda store: store.records_below(selection['base']), [])
    take_below(selection, records)
    if not crawl.is_closed:
        offer_export(crawl)


def shown_items(crawl):
    """What is shown, as an export or "Select all shown" takes it: every hit, or the page's
    rows and their children shown."""
    if crawl.list_shown != ROWS:
        return crawl.found_view.shown_entries
    items = []
    root = crawl.root_dir
    for entry in entries_on(crawl.rows_view, crawl.rows_view.current_page):
        items.append(new_hit(entry, root.root_url, ''))
        result = settled_result(crawl.settle_unit, entry)  # None for a file
        if result != None:
            for child in part(result['entries'], 0, crawl.run_settings['childrenShown']):
                items.append(new_hit(child, url_of(root, entry), entry['name'] + '/'))
    return items


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
            draw_children(crawl, entry, new_result(PENDING, [], '', None))
    show_progress(crawl)
    show_directories(crawl, entries, True)
