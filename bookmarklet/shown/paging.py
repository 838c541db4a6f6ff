"""Pages of a sorted list, and the filter that narrows it: pure slicing, no requests."""

from bookmarklet.portable import part


def page_count(total, size):
    """How many pages of size hold total entries; an empty list still has page 1."""
    return max(1, (total + size - 1) // size)


def clamped_page(page, total, size):
    """page moved into 1..page_count."""
    return max(1, min(page, page_count(total, size)))


def page_entries(entries, page, size):
    """The entries shown on a page (1-based) of the given size."""
    start = (clamped_page(page, len(entries), size) - 1) * size
    return part(entries, start, start + size)


def matching_entries(entries, query, field):
    """The entries whose field (a name, a path) contains query, ignoring case; all of them
    for ''."""
    if len(query) == 0:
        return entries
    wanted = query.lower()
    found = []
    for entry in entries:
        if entry[field].lower().find(wanted) >= 0:
            found.append(entry)
    return found
