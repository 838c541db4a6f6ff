"""The cache decision: may a record stand in for a directory's listing right now? Every
reason a record is or is not trusted, pure and in parity (docs/design.md, The cache); the
records themselves are records.py.
"""

from bookmarklet.portable import dict_key, floor_mod
from bookmarklet.words import NEW, CHANGED, FRESH

# The decisions. A hit serves the record; the others fetch the listing. NEW (no
# record) and CHANGED (the live mtime moved) are the row statuses they lead to.
HIT = 'hit'
RECHECK = 'recheck'    # same mtime, but past the stale-after age or racily fetched


def same_mtime(a, b, precision):
    """True when two mtimes are the same moment at the coarser precision."""
    if a == None or b == None:
        return a == b
    return a // precision == b // precision


def cache_decision(record, mtime, precision, now, stale_after, forced, live):
    """HIT, NEW, CHANGED or RECHECK for a directory whose parent lists it with mtime: every
    reason a record is or is not trusted.

    now and the record's fetchedAt are both the server's clock. forced: a person asked for
    a fetch; live: the parent's listing was fetched now, not read off the page as it was
    loaded, whose mtimes may be old news. Neither lets a record stand in.
    """
    if record == None:
        return NEW
    # No mtime kept: the root's own listing, written at a visit (upkeep.record_visit).
    if forced or not live or record['mtime'] == None:
        return RECHECK
    coarser = max(precision, record['precision'])
    if not same_mtime(record['mtime'], mtime, coarser):
        return CHANGED
    # A record fetched after now (a minute's slack for the clock's error) is damaged,
    # or the server's clock was set back: it cannot vouch for anything.
    if mtime == None or now - record['fetchedAt'] >= stale_after or record['fetchedAt'] > now + 60:
        return RECHECK
    if is_racy(mtime, coarser, record['fetchedAt'], now):
        return RECHECK
    return HIT


def is_racy(mtime, precision, fetched_at, now):
    """True when a change after the fetch could hide behind an unchanged mtime.

    A change at time T lists as T cut to the precision, so a later change keeps
    the mtime only within [mtime, mtime + precision). A fetch that ended before
    that window closed cannot vouch for it, once the window has begun by the
    server's clock (an mtime in the future is trusted until it arrives).
    """
    window_start = mtime - floor_mod(mtime, precision)
    return fetched_at < window_start + precision and now >= window_start


def status_after_fetch(decision, record, entries):
    """The row status once a fetch for this decision brought entries."""
    if decision == NEW:
        return NEW
    if decision == CHANGED or not same_names(record['entries'], entries):
        return CHANGED
    return FRESH


def same_names(old, new):
    """True when two listings hold the same names (their bytes: hrefs)."""
    if len(old) != len(new):
        return False
    names = {}
    for entry in old:
        names[dict_key(entry['href'])] = True
    for entry in new:
        if not (dict_key(entry['href']) in names):
            return False
    return True
