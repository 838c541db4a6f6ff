"""The records: a cached listing's schema, the record made from a listing just fetched, and
what in it is new since the previous visit.

A record is {url, mtime, precision, format, fetchedAt, entries, gone, loopOf, schema,
bytes}:
mtime is the directory's mtime as its parent listed it when the record was
fetched, precision the seconds one step of that mtime spans, fetchedAt the
server's clock at the fetch, bytes about how much storage it takes
(eviction.record_bytes). Every level-2 entry in it carries `seen`, the server
time it was first seen (0 when it was there at the first fetch); gone holds the
entries that disappeared since an earlier fetch, each `seen` when it was found gone
(the newest GONE_KEPT); loopOf is the URL of the ancestor whose listing a map found
this one the same as (crawl/mapping.py), or ''. Whether a record may stand in for a
listing is decision.py.
"""

from bookmarklet.portable import record_field, dict_key, is_exactly, part
from bookmarklet.cache.eviction import record_bytes

# 2: entries carry their name's bytes (href) and undecodable (bookmarklet/reading/names.py).
# 3: records keep the entries gone, and a loop a map found.
SCHEMA = 3
GONE_KEPT = 100


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
        rest = part(url, len(root_url))
        if url.startswith(root_url) and rest.find('/') > 0 and rest.find('/') == len(rest) - 1:
            found.append(url)
    return found
