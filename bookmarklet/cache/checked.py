"""What the store hands back, checked as a fresh listing is: the one check of a record,
a visit and the choices kept, used on every path that reads them (store.py).

Storage may hold anything: an older version's record, a half-written one,
another program's data, or what script on the listing's own origin wrote there
(docs/design.md, Trust). A record is trusted only when it could have come from
a listing: each entry's name is plain (entries.is_plain_name) and its href is
exactly the encoding of its bytes (names.name_of_href, the reader's own rule),
every field has its type, every number is finite and in range, no key is
unknown, and its entries are in display order, as the crawl reads every listing
(crawl/root.py in_order). What fails is dropped and read as damaged (DAMAGED),
never used.
"""

from bookmarklet.portable import is_record, is_list, is_text, is_number, is_exactly, \
    exact_integer, keys_of, part
from bookmarklet.reading.entries import kind_named
from bookmarklet.reading.names import listed_name
from bookmarklet.reading.order import compare_entries
from bookmarklet.cache.records import SCHEMA
from bookmarklet.words import SCOPES, MAP_STATES

# A record the store held that is not one: what read_records gives in its place.
DAMAGED = 'damaged'
# What a Date can hold, in seconds either way: times past it are no times.
TIME_LIMIT = 8.64e12


def is_time(value):
    """True for a number a Date holds. Storage holds NaN and the infinities, JSON neither:
    every comparison with NaN is false, so the range refuses all three."""
    return is_number(value) and -TIME_LIMIT <= value and value <= TIME_LIMIT


def is_time_or_none(value):
    return value == None or is_time(value)


def is_count(value):
    """True for a whole number from 0 that JavaScript holds exactly."""
    return exact_integer(value) != None and value >= 0


def is_size_or_none(value):
    return value == None or (is_number(value) and value >= 0 and value <= 9e15)


def is_flag(value):
    return is_exactly(value, True) or is_exactly(value, False)


# The shape of each field of a record, of its entries, of a visit and of the choices:
# every key they may have, and the check of its value.
RECORD_FIELDS = [['url', is_text], ['mtime', is_time_or_none],
                 ['precision', lambda value: is_count(value) and value >= 1 and value <= 86400],
                 ['format', is_text], ['fetchedAt', is_time], ['entries', is_list],
                 ['gone', is_list], ['loopOf', is_text],
                 ['schema', lambda value: is_exactly(value, SCHEMA)], ['bytes', is_count]]
ENTRY_FIELDS = [['name', is_text], ['href', is_text], ['undecodable', is_flag],
                ['type', lambda value: kind_named(value) != None], ['mtime', is_time_or_none],
                ['size', is_size_or_none], ['sizeApprox', is_flag],
                ['seen', is_time]]
VISIT_FIELDS = [['root', is_text], ['visitedAt', is_time]]
# (in compares strictly, so only a text can be one of SCOPES)
CHOICE_FIELDS = [['pageSize', is_count], ['scope', lambda value: value in SCOPES]]
# A map's frontier item and its own record (crawl/mapping.py).
FRONTIER_FIELDS = [['key', is_text], ['root', is_text], ['url', is_text], ['depth', is_count],
                   ['mtime', is_time_or_none], ['sums', is_list], ['period', is_count],
                   ['repeats', is_count]]
MAP_FIELDS = [['root', is_text], ['state', lambda value: value in MAP_STATES],
              ['done', is_count], ['known', is_count], ['failed', is_count],
              ['entries', is_count], ['bytes', is_count], ['startedAt', is_time],
              ['endedAt', is_time_or_none]]


def has_fields(value, fields):
    """True for a dict holding every field of fields, each of its shape, and no other key."""
    if not is_record(value) or len(keys_of(value)) != len(fields):
        return False
    for field in fields:
        if not (field[0] in value) or not field[1](value[field[0]]):
            return False
    return True


def is_listed(entry):
    """True for a stored entry a listing could have given: its name plain, its href the
    encoding of its bytes and its name and undecodable what those bytes read as, as the
    listing readers make them (entries.new_entry of names.name_of_bytes)."""
    named = listed_name(entry['href'])
    return named != None and named['name'] == entry['name'] and \
        named['undecodable'] == entry['undecodable']


def stored_record(value, url):
    """The record a stored value holds for url (the value itself: every key it has is one a
    record has, each of its shape), DAMAGED when it is none (module docstring), None when
    nothing was stored."""
    if value == None:
        return None
    if not has_fields(value, RECORD_FIELDS) or not is_exactly(value['url'], url) or \
            not (value['loopOf'] == '' or is_path_below(url, value['loopOf'])):
        return DAMAGED
    for entries in [value['entries'], value['gone']]:
        for entry in entries:
            if not has_fields(entry, ENTRY_FIELDS) or not is_listed(entry):
                return DAMAGED
    entries = value['entries']
    for at in range(1, len(entries)):
        if compare_entries(entries[at - 1], entries[at]) > 0:
            return DAMAGED
    return value


def frontier_key(root_url, url):
    """A frontier item's key: its map's root, then its URL (no URL holds a space), so the
    frontiers of nested roots never meet; with url '', what every key of that map starts
    with."""
    return root_url + ' ' + url


def stored_frontier(values, root_url):
    """The frontier items among values that belong to the map of root_url, each below it as
    listings spell it, with its key, depth, the sums of its ancestors (one for each
    level above it) and a loop's period no longer than its path; the others are no items."""
    found = []
    for value in values:
        if has_fields(value, FRONTIER_FIELDS) and is_exactly(value['root'], root_url) and \
                is_exactly(value['key'], frontier_key(root_url, value['url'])) and \
                is_path_below(value['url'], root_url) and value['depth'] >= 1 and \
                len(value['sums']) == value['depth'] and are_counts(value['sums']) and \
                value['period'] <= value['depth']:
            found.append(value)
    return found


def are_counts(values):
    for value in values:
        if not is_count(value):
            return False
    return True


def stored_map(value, root_url):
    """The map kept for root_url ({root, state, done, known, failed, entries, bytes,
    startedAt, endedAt}), or None (none kept, or damaged)."""
    if not has_fields(value, MAP_FIELDS) or not is_exactly(value['root'], root_url) or \
            value['done'] > value['known'] or value['failed'] > value['done']:
        return None
    return value


def stored_visit(value, root_url):
    """The server time of a visit kept for root_url, or None (none kept, or damaged)."""
    if not has_fields(value, VISIT_FIELDS) or not is_exactly(value['root'], root_url):
        return None
    return value['visitedAt']


def stored_choices(value):
    """The choices kept ({pageSize, scope}), or None (none kept, or damaged)."""
    return value if has_fields(value, CHOICE_FIELDS) else None


def sound_visits(values):
    """The visits among values that are sound ({root, visitedAt}), for the cache's bounds."""
    found = []
    for value in values:
        if has_fields(value, VISIT_FIELDS):
            found.append(value)
    return found


def is_path_below(url, root_url):
    """True for the URL of a directory below root_url whose every name from there on is
    spelled as a listing spells it: the exact encoding of a plain name's bytes, so that no
    '%2e%2e' a browser reads as '..' leads a record out of the tree it claims to be in."""
    if not url.startswith(root_url) or len(url) == len(root_url) or not url.endswith('/'):
        return False
    segments = part(url, len(root_url), len(url) - 1).split('/')
    for segment in segments:
        if listed_name(segment) == None:
            return False
    return True
