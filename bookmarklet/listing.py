"""The listing reader: a response's Content-Type and text into entries.

An entry is a dict {name, type, mtime, size}: type is 'directory', 'file' or
'other'; mtime is epoch seconds or None; size is bytes (files only) or None.
A listing is a dict {format, precision, entries, undecodable}: precision is
how many seconds one mtime step spans (1 in JSON, 60 in HTML).

HTML arrives as anchor records {href, text, tail} (tail: the text after the
anchor on its line) so that the browser's DOMParser and BeautifulSoup feed
the same logic here.
"""

from bookmarklet.portable import JSError, parse_json, is_record, record_field, \
    parse_int, strip_spaces, words, last_char, dict_key, is_text, is_whole_number
from bookmarklet.names import percent_decode
from bookmarklet.times import parse_http_date, parse_iso_time, parse_listing_date

class ListingError(Exception):
    """A response that is not a listing; its message is shown to the user."""

    def __init__(self, message):
        Exception.__init__(self, message)
        self.message = message


# A listing may hold 100,000 entries. Under 'jsiter' Transcrypt writes this
# literal as a plain object instead of dict({...}), which defines 18 methods
# on every entry; no code calls a dict method on an entry.
# __pragma__ ('jsiter')
def new_entry(name, kind, mtime, size):
    """An entry dict; size only for files."""
    return {'name': name, 'type': kind, 'mtime': mtime,
            'size': size if kind == 'file' else None}
# __pragma__ ('nojsiter')


def new_listing(format_name, precision, entries, undecodable):
    """A listing dict."""
    return {'format': format_name, 'precision': precision, 'entries': entries,
            'undecodable': undecodable}


def looks_like_json(content_type, text):
    """True when the response says it is JSON or its body starts like a JSON array."""
    if content_type.lower().find('json') >= 0:
        return True
    return strip_spaces(text[:64])[:1] == '['


def read_listing(content_type, text, anchors_of_html, settings):
    """The listing a response holds, or ListingError saying why it is none."""
    if looks_like_json(content_type, text):
        return read_json_listing(text)
    return read_html_listing(anchors_of_html(text), settings)


def read_json_listing(text):
    """The listing of nginx's autoindex_format json body."""
    try:
        items = parse_json(text)
    except JSError:
        raise ListingError('the listing is not valid JSON (cut off or malformed)')
    if not isinstance(items, list):
        raise ListingError('the JSON is not a listing: no array of entries')
    entries = []
    for item in items:
        entry = json_entry(item) if is_record(item) else None
        if entry == None:
            raise ListingError('the JSON is not a listing: an entry has no name')
        entries.append(entry)
    return new_listing('json', 1, entries, 0)


def json_entry(item):
    """The entry one JSON object describes, or None when it has no usable name."""
    name = record_field(item, 'name')
    if not is_text(name) or not is_plain_name(name):
        return None
    kind = record_field(item, 'type')
    if kind != 'directory' and kind != 'file':
        kind = 'other'
    mtime_text = record_field(item, 'mtime')
    mtime = listing_time(mtime_text) if is_text(mtime_text) else None
    size = record_field(item, 'size')
    if not is_whole_number(size) or size < 0:
        size = None
    return new_entry(name, kind, mtime, size)


def listing_time(text):
    """Epoch seconds of a JSON listing's mtime: RFC 1123, or ISO 8601 from a fork."""
    seconds = parse_http_date(text)
    if seconds == None:
        seconds = parse_iso_time(text)
    return seconds


def is_plain_name(name):
    """True for a name that can be an entry of a listing."""
    return len(name) > 0 and name != '.' and name != '..' and name.find('/') < 0


def child_href(href):
    """The href of a direct child without its trailing '/', or None for any other link."""
    if len(href) == 0 or '?#/'.find(href[0]) >= 0 or href.find('://') >= 0:
        return None
    if href.find('?') >= 0 or href.find('#') >= 0:
        return None
    path = href[:len(href) - 1] if last_char(href) == '/' else href
    if len(path) == 0 or path.find('/') >= 0 or path == '.' or path == '..':
        return None
    return path


def read_html_listing(anchors, settings):
    """The listing of nginx's HTML autoindex page, from its anchor records."""
    entries = []
    seen = {}
    undecodable = 0
    has_parent_link = False
    for anchor in anchors:
        href = anchor['href']
        if href == '../' or href == '..':
            has_parent_link = True
        path = child_href(href)
        if path == None:
            continue
        decoded = percent_decode(path)
        name = decoded[0]
        if dict_key(name) in seen or not is_plain_name(name):
            continue
        seen[dict_key(name)] = True
        if not decoded[1]:
            undecodable += 1
        kind = 'directory' if last_char(href) == '/' else 'file'
        entries.append(html_entry(name, kind, anchor['tail'], settings))
    if len(entries) == 0 and not has_parent_link:
        raise ListingError('the page is not a directory listing')
    return new_listing('html', 60, entries, undecodable)


def html_entry(name, kind, tail, settings):
    """The entry of one line of nginx's HTML listing: date, time and size follow the link."""
    fields = words(tail)
    mtime = None
    size = None
    if len(fields) >= 2:
        mtime = parse_listing_date(fields[0] + ' ' + fields[1], settings['utcOffsetMinutes'])
    if len(fields) >= 3:
        size = parse_int(fields[2])
    return new_entry(name, kind, mtime, size)
