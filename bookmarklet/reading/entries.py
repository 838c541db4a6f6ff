"""What every listing reader gives: entries, the listing around them, and its error.

An entry is a dict {name, href, undecodable, type, mtime, size, sizeApprox}:
href is the name's exact bytes percent-encoded, name what a person reads of
them, undecodable whether some of them are not UTF-8 and show as \\xe9
(bookmarklet/reading/names.py); type is 'directory', 'file' or 'other'; mtime is
epoch seconds UTC or None; size is bytes (files only) or None, and sizeApprox
says it was read from a rounded human size ('10K'), so it is near, not exact.

A listing is a dict {format, precision, dated, entries}: precision is how
many seconds one mtime step spans (1, or 60 where a listing shows minutes);
dated is False when the listing gives no dates at all, so the overlay says
so instead of inventing an order.

A response that is not a listing raises portable.Problem with the reason,
which the user reads.
"""

from bookmarklet.portable import is_text


KINDS = ['directory', 'file', 'other']


def kind_named(value):
    """The entry type a value is exactly ('directory', 'file', 'other'), else None: a list
    ['directory'] or an object is no type, though JavaScript's == would say so."""
    return value if is_text(value) and value in KINDS else None


def new_entry(named, kind, mtime, size, size_approx):
    """An entry dict of the name fields names.name_of_bytes gives; size only for files."""
    is_file = kind == 'file' and size != None
    return {'name': named['name'], 'href': named['href'], 'undecodable': named['undecodable'],
            'type': kind, 'mtime': mtime, 'size': size if is_file else None,
            'sizeApprox': size_approx if is_file else False}


def new_listing(format_name, precision, entries):
    """A listing dict; dated unless it has entries and none of them has a date."""
    dated = len(entries) == 0
    for entry in entries:
        if entry['mtime'] != None:
            dated = True
    return {'format': format_name, 'precision': precision, 'dated': dated, 'entries': entries}


def is_plain_name(name):
    """True for a name that can be an entry of a listing."""
    return len(name) > 0 and name != '.' and name != '..' and name.find('/') < 0
