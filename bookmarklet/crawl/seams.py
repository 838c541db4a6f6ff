"""The crawl's three seams, each declared once: the screen (what the crawl asks of the
overlay), the actions (what the overlay's controls ask of the crawl) and the adapters
(what the crawl asks of the browser). Each is an object of functions with these names,
[name, arguments, meaning] a line.

The code follows these lists: crawl.actions_of builds the actions, main.browser_adapters
the adapters, browser/overlay.py the screen (with panel.py and takeaway.py), and
tests/core/test_settling.py fakes the screen and the adapters. tests/style/test_seams.py holds the
code, the fakes and the docs to them. Nothing the script ships imports this module, so the
lists cost it no byte.
"""

SCREEN = [
    ['show_root', 'url, crumbs', 'the root shown, and the crumbs that lead to it'],
    ['add_note', 'text', 'a note under the status line'],
    ['show_matches', 'text', "how many names the filter matches ('' for no filter)"],
    ['show_status', 'state, loaded, total, failed, text', "the status line: the page's counts"],
    ['show_page', 'entries, root_url, page, pages, size, now', "a page of the root's rows"],
    ['show_children', 'url, status, entries, message, visit, now',
     "a directory's row, once its listing settles"],
    ['show_hits', 'hits, page, pages, size, now', "a page of the tree's hits, or of what's new"],
    ['show_export', 'items_of, root_url, source',
     'what the export box offers: items_of() gives the items, source says whose (SHOWN, SELECTION)'],
    ['show_gallery', 'items_of', 'what the gallery offers: items_of() gives the items shown'],
    ['show_selection', 'counts', "the selection's count (selection.selection_counts)"],
    ['show_scope', 'scope', 'the scope a search looks in'],
    ['show_map', 'shown', "the map's state and progress (mapping.map_shown)"],
]

ACTIONS = [
    ['turn_page', 'step', 'the page step pages on (back for a negative step)'],
    ['set_size', 'size', 'rows a page, back to page 1; kept as a choice'],
    ['filter_by', 'query', "narrow the list by name, or search the tree's cache"],
    ['choose_scope', 'scope', 'search the page or the tree; kept as a choice'],
    ['show_news', '', "list what is new since the previous visit"],
    ['open_directory', 'url', 'the overlay rooted at a directory below, in place'],
    ['go_up', '', 'back to the crumb before; False at the page\'s own directory'],
    ['refresh_one', 'url', 'fetch one directory again, whatever its record says'],
    ['refresh_stale', '', 'fetch again every directory of the page shown stale or failed'],
    ['forget_root', '', "drop the root's records and visit, then settle the page afresh"],
    ['start_map', '', 'map every directory below the root'],
    ['pause_map', '', 'hold the map where it is'],
    ['resume_map', '', 'go on with a map held'],
    ['stop_map', '', 'end the map; what it found stays'],
    ['select_entry', 'hit, picked', "tick an entry (picked True) or untick it, for the visit"],
    ['select_shown', '', 'tick every entry shown, as an export of what is shown takes them'],
    ['select_none', '', 'untick every entry'],
    ['is_selected', 'href', 'whether the entry at href is ticked'],
    ['close_overlay', '', 'stop: no timer, no queued request, nothing drawn any more'],
]

ADAPTERS = [
    ['listing_api', '', "the path of the open page's server's listing API (HFS's), or ''"],
    ['fetch_listing', 'url, timeout_seconds', 'a listing\'s text and Date, or why none came'],
    ['page_of_html', 'text', 'the page reading of an HTML text (reading/html_listing.py)'],
    ['read_open_page', '', 'the page reading of the page open in the tab'],
    ['open_store', '', 'the store (cache/store.py), IndexedDB or memory'],
    ['clock_now', '', "the client's clock, in epoch seconds"],
    ['run_every', 'seconds, task', 'task every so many seconds; gives the function that stops it'],
    ['is_visible', '', 'whether the tab is shown'],
    ['next_frame', 'task', 'task at the next frame, or soon where no frame comes'],
    ['wait_seconds', 'seconds', 'an awaitable that ends after so many seconds'],
    ['hold_lock', 'name, task',
     'what task() gives while this tab holds the lock name; None if another tab does'],
]
