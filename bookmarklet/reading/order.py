"""The display order: newest mtime first, then name ascending by code point.

Transcrypt's sorted() compares tuple keys as strings and its reverse=True
flips ties; one explicit comparison that says 0 for ties, given to a stable
sort (portable.stable_sorted), gives the same order everywhere.
"""

from bookmarklet.portable import compare_text, stable_sorted


def compare_entries(a, b):
    """-1, 0 or 1 for display order; entries without an mtime go last. Two names that read
    alike (caf\\xe9 of a byte that is not UTF-8, and of those four characters) go by href."""
    return compare_newest(a, b, 'name') or compare_text(a['href'], b['href'])


def compare_newest(a, b, field):
    """-1, 0 or 1 for newest mtime first, then a[field] by code point; no mtime goes last."""
    if a['mtime'] != b['mtime']:
        if a['mtime'] == None:
            return 1
        if b['mtime'] == None:
            return -1
        return -1 if a['mtime'] > b['mtime'] else 1
    return compare_text(a[field], b[field])


def sorted_entries(entries):
    """A new list of the entries in display order; stable."""
    return stable_sorted(entries, compare_entries)

