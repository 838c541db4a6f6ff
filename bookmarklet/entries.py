"""What every listing reader gives: entries, the listing around them, and its error.

An entry is a dict {name, type, mtime, size, sizeApprox}: type is 'directory',
'file' or 'other'; mtime is epoch seconds UTC or None; size is bytes (files
only) or None, and sizeApprox says it was read from a rounded human size
('10K'), so it is near, not exact.

A listing is a dict {format, precision, dated, entries, undecodable}:
precision is how many seconds one mtime step spans (1, or 60 where a listing
shows minutes); dated is False when the listing gives no dates at all, so
the overlay says so instead of inventing an order; undecodable counts the
names that were not valid UTF-8 and now hold U+FFFD.

A response that is not a listing raises portable.Problem with the reason,
which the user reads.
"""

from bookmarklet.names import REPLACEMENT


# A listing may hold 100,000 entries. Under 'jsiter' Transcrypt writes this
# literal as a plain object instead of dict({...}), which defines 18 methods
# on every entry; no code calls a dict method on an entry.
# __pragma__ ('jsiter')
def new_entry(name, kind, mtime, size, size_approx):
    """An entry dict; size only for files."""
    is_file = kind == 'file' and size != None
    return {'name': name, 'type': kind, 'mtime': mtime,
            'size': size if is_file else None, 'sizeApprox': size_approx if is_file else False}
# __pragma__ ('nojsiter')


def new_listing(format_name, precision, entries, undecodable):
    """A listing dict; dated unless it has entries and none of them has a date."""
    dated = len(entries) == 0
    for entry in entries:
        if entry['mtime'] != None:
            dated = True
    return {'format': format_name, 'precision': precision, 'dated': dated, 'entries': entries,
            'undecodable': undecodable}


def count_replaced(entries):
    """How many names hold U+FFFD: bytes the server sent that were not UTF-8."""
    count = 0
    for entry in entries:
        if entry['name'].find(REPLACEMENT) >= 0:
            count += 1
    return count


def is_plain_name(name):
    """True for a name that can be an entry of a listing."""
    return len(name) > 0 and name != '.' and name != '..' and name.find('/') < 0
