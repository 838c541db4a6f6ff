"""The cache decision: may a record stand in for a directory's listing right now?

A record is {url, mtime, precision, format, fetchedAt, entries, gone, loopOf, schema,
bytes}:
mtime is the directory's mtime as its parent listed it when the record was
fetched, precision the seconds one step of that mtime spans, fetchedAt the
server's clock at the fetch, bytes about how much storage it takes
(eviction.record_bytes). Every level-2 entry in it carries `seen`, the server
time it was first seen (0 when it was there at the first fetch); gone holds the
entries that disappeared since an earlier fetch, each `seen` when it was found gone
(the newest GONE_KEPT); loopOf is the URL of the ancestor whose listing a map found
this one the same as (crawl/mapping.py), or ''.
"""

from bookmarklet.portable import record_field, dict_key, floor_mod, is_exactly, part
from bookmarklet.cache.eviction import record_bytes
from bookmarklet.words import NEW, CHANGED, FRESH

# 2: entries carry their name's bytes (href) and undecodable (bookmarklet/reading/names.py).
# 3: records keep the entries gone, and a loop a map found.
SCHEMA = 3
GONE_KEPT = 100

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


def new_record(url, mtime, precision, listing, fetched_at, previous):
    """The record for a listing just fetched; entries keep when they were first seen."""
    seen = {}
    # A name not seen before is seen now, unless this is the first fetch (0).
    seen_now = 0
    gone = []
    if previous != None:
        seen_now = fetched_at
        for entry in previous['entries']:
            seen[dict_key(entry['href'])] = entry['seen']
    entries = []
    for entry in listing['entries']:
        key = dict_key(entry['href'])
        entries.append(record_entry(entry, seen[key] if key in seen else seen_now))
        seen[key] = None
    if previous != None:
        # Gone now: what the previous listing held and this one does not, then what was
        # gone before and has not come back.
        for entry in previous['entries']:
            if seen[dict_key(entry['href'])] != None:
                gone.append(record_entry(entry, fetched_at))
        for entry in previous['gone']:
            if not (dict_key(entry['href']) in seen) and len(gone) < GONE_KEPT:
                gone.append(entry)
    record = record_of(url, mtime, precision, listing['format'], fetched_at, entries, 0)
    record['gone'] = gone
    record['loopOf'] = previous['loopOf'] if previous != None else ''
    record['bytes'] = record_bytes(record)
    return record


def record_of(url, mtime, precision, format_name, fetched_at, entries, size):
    """A record of this schema with these fields (size is its bytes)."""
    return {'url': url, 'mtime': mtime, 'precision': precision, 'format': format_name,
            'fetchedAt': fetched_at, 'entries': entries, 'gone': [], 'loopOf': '',
            'schema': SCHEMA, 'bytes': size}


def record_entry(entry, seen):
    """A record's copy of an entry the reader gives, with when it was first seen."""
    return {'name': entry['name'], 'href': entry['href'],
            'undecodable': is_exactly(record_field(entry, 'undecodable'), True),
            'type': entry['type'], 'mtime': record_field(entry, 'mtime'),
            'size': record_field(entry, 'size'),
            'sizeApprox': is_exactly(record_field(entry, 'sizeApprox'), True), 'seen': seen}


def after_visit(time, visit):
    """True for a server time (a first sighting, an mtime) after the previous visit: in the
    visit's second or later, since the server's clock has whole seconds (crawl/root.py). False
    when either is unknown."""
    return visit != None and time != None and time >= visit


def appeared_since(entry, visit):
    """True when a level-2 entry was first seen after the previous visit of its root."""
    return after_visit(entry['seen'], visit)


def level_one_urls(urls, root_url):
    """The URLs among urls that name a directory directly below root_url."""
    found = []
    for url in urls:
        rest = part(url, len(root_url), None)
        if url.startswith(root_url) and rest.find('/') > 0 and rest.find('/') == len(rest) - 1:
            found.append(url)
    return found
