"""What the overlay shows of the root's listing: the filter, the page size, the page.

Pure state: no requests, no DOM. all_entries is the sorted level-1 list, shown
the part of it the filter lets through, current_page 1-based; listed once a list
was taken (until then there is nothing to show, not an empty page).
"""

from bookmarklet.portable import new_object
from bookmarklet.shown.paging import page_count, clamped_page, page_entries, matching_entries


def new_view(size):
    """An empty view at page 1 of the given size."""
    view = new_object()
    view.all_entries = []
    view.was_listed = False
    view.shown_entries = []
    view.filter_text = ''
    view.current_page = 1
    view.page_size = size
    return view


def list_entries(view, entries):
    """Take a new sorted level-1 list, and the part of it the filter lets through."""
    view.all_entries = entries
    view.was_listed = True
    view.shown_entries = matching_entries(entries, view.filter_text, 'name')
    turn_to(view, view.current_page)


def filter_by(view, query):
    """Show the entries whose name contains query, from page 1."""
    view.filter_text = query
    view.current_page = 1
    list_entries(view, view.all_entries)


def turn_to(view, page):
    """Show page, moved into the pages there are."""
    view.current_page = clamped_page(page, len(view.shown_entries), view.page_size)


def resize(view, size):
    """Show size entries a page (one of the sizes offered), from page 1."""
    view.page_size = size
    view.current_page = 1


def pages_of(view):
    """How many pages the shown entries fill."""
    return page_count(len(view.shown_entries), view.page_size)


def entries_on(view, page):
    """The entries of a page of the current size."""
    return page_entries(view.shown_entries, page, view.page_size)


def directories_on(view, page):
    """The directory entries of a page of the current size."""
    found = []
    for entry in entries_on(view, page):
        if entry['type'] == 'directory':
            found.append(entry)
    return found


def matches_text(view):
    """What the filter's count says: '3 of 40 match', or '' without a filter."""
    if len(view.filter_text) == 0:
        return ''
    return str(len(view.shown_entries)) + ' of ' + str(len(view.all_entries)) + ' match'


def same_entries(a, b):
    """True when two sorted level-1 lists name the same entries with the same mtimes."""
    if len(a) != len(b):
        return False
    for index in range(0, len(a)):
        if a[index]['name'] != b[index]['name'] or a[index]['mtime'] != b[index]['mtime']:
            return False
    return True
