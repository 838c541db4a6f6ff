"""The listing reader: a response's Content-Type and text into a listing.

The format is chosen from the Content-Type, then from the body: nginx's
JSON (and Caddy's, by its field names), JSONP, XML, else an HTML page
(bookmarklet/reading/html_listing.py, which also reads Apache, lighttpd, Caddy and
Python's http.server). Entries and listings are described in entries.py.
"""

from bookmarklet.portable import JSError, Problem, parse_json, is_record, is_list, \
    record_field, parse_int, strip_spaces, is_text, is_exactly, \
    exact_integer, part, words, pattern_of, matched, last_char
from bookmarklet.reading.entries import new_entry, new_listing, is_plain_name, kind_named
from bookmarklet.reading.html_listing import read_html_listing, child_of, directory_of, parse_size, \
    nginx_page, nginx_listing, decode_references
from bookmarklet.reading.names import name_of_text
from bookmarklet.reading.times import parse_http_date, parse_iso_time, without_last

FORMAT_WORDS = ['json', 'javascript', 'html', 'xml']
# How a body of each format starts, where the Content-Type names none.
FORMAT_STARTS = [['[', 'json'], ['/*', 'javascript'], ['<?xml', 'xml'], ['<list', 'xml']]


def format_of(content_type, text):
    """'json', 'javascript' (JSONP), 'html' or 'xml': the Content-Type's word, else the body's."""
    kind = content_type.lower()
    for word in FORMAT_WORDS:
        if kind.find(word) >= 0:
            return word
    start = strip_spaces(part(text, 0, 64))
    for pair in FORMAT_STARTS:
        if start.startswith(pair[0]):
            return pair[1]
    return 'html'


def read_listing(content_type, text, page_of_html, source, settings):
    """The listing a response holds; raises Problem saying why it is none. source is
    {url, now}: where it came from (its links are read against it) and the server's clock
    then (read_html_listing); page_of_html reads an HTML text (html_listing.py).

    text is the body as listing text (names.body_text of its bytes), in which every
    name keeps its exact bytes; text a browser decoded itself (fetch's text(), a page's
    own document) reads alike, with U+FFFD in names where bytes were not UTF-8.
    """
    kind = format_of(content_type, text)
    directory = directory_of(source['url'])
    if kind == 'json':
        return read_json_listing(text, 'json', directory)
    if kind == 'javascript':
        return read_jsonp_listing(text, directory)
    if kind == 'xml':
        return read_xml_listing(text)
    page = nginx_page(text)
    listing = nginx_listing(page, source, settings) if page != None else None
    return listing if listing != None else \
        read_html_listing(page or page_of_html(text), source, settings)


def read_json_listing(text, format_name, directory):
    """The listing of a JSON array of entries: nginx's autoindex_format json or Caddy's
    browse; or of serve's {files: [...]}, whose entries name the parent too ('..'); or of
    HFS's {list: [...]}, beside what a person may do there."""
    listing = nginx_json_listing(text, format_name)
    return listing if listing != None else parsed_json_listing(text, format_name, directory)


# One entry's line as nginx's autoindex_format json writes it: a name (JSON's escapes, which
# nginx writes for '"', '\\' and control characters), its type, an RFC 1123 date, a file's
# size; then ',' unless it is the last.
NGINX_JSON_LINE = pattern_of('\\{ "name":"((?:[^"\\\\\\x00-\\x1f]|\\\\(?:["\\\\/bfnrt]|u[0-9a-fA-F]{4}))+)", '
                             '"type":"(directory|file|other)", "mtime":"([^"]{29})"'
                             '(?:, "size":(0|[1-9][0-9]{0,14}))? \\}(,?)')


def nginx_json_listing(text, format_name):
    """read_json_listing of a body exactly as nginx writes it, each line read by one native
    pattern instead of parsed and then checked field by field in a cold engine, with the same
    checks: a plain name as bytes, the date, a size held exactly. None for any other body,
    or a name or date that does not read: the general reader then reads it, and refuses it
    if need be (tests/core/test_listing_forms.py holds the two alike; docs/design.md)."""
    lines = text.split('\r\n')
    last = len(lines) - 1
    if last < 2 or lines[0] != '[' or lines[last] != ']':
        return None
    entries = []
    for index in range(1, last):
        found = matched(NGINX_JSON_LINE, lines[index])
        if found == None or (found[5] == ',') != (index < last - 1):
            return None
        # An escaped name is read by the JSON parser the general reader uses.
        named = name_of_text(parse_json('"' + found[1] + '"') if found[1].find('\\') >= 0
                             else found[1])
        mtime = parse_http_date(found[3])
        if mtime == None or not is_plain_name(named['name']):
            return None
        entries.append(new_entry(named, found[2], mtime, parse_int(found[4]) if found[4] != None
                                 else None, False))
    return new_listing(format_name, 1, entries)


def parsed_json_listing(text, format_name, directory):
    """read_json_listing by parsing the JSON: any body, nginx's too."""
    try:
        items = parse_json(text)
    except JSError:
        raise Problem(malformed(format_name))
    files = None
    if is_record(items):
        files = record_field(items, 'files')
        files = record_field(items, 'list') if files == None else files
    if not is_list(items) and not is_list(files):
        raise Problem('the JSON is not a list of entries')
    entries = []
    for item in items if is_list(items) else files:
        entry = json_entry(item, directory) if is_record(item) else None
        if entry == None and not (is_list(files) and is_exactly(record_field(item, 'base'), '..')):
            raise Problem('a JSON entry has no name')
        if entry != None:
            entries.append(entry)
    return new_listing(format_name, 1, entries)


def malformed(format_name):
    """What a listing in format_name that cannot be read to its end says."""
    return 'the ' + format_name.upper() + ' listing is cut off or malformed'


def json_entry(item, directory):
    """The entry one JSON object describes, or None when it has no usable name.

    Caddy's browse JSON says is_dir: its directories' names end in '/', mod_time is
    RFC 3339, a symlink that is not a directory cannot be told from its target (type
    'other'). Go writes bytes that are not UTF-8 as U+FFFD in the name, but exactly in
    the url ('./caf%E9/'), so the name comes from there. serve's names its entry in base,
    a folder's with '/', its size as a person reads it ('2 KB'). HFS's names it in n, a
    folder's with '/', its mtime in m (ISO 8601, to the millisecond) and its size in s."""
    base = record_field(item, 'base') if is_text(record_field(item, 'relative')) else None
    hfs_name = record_field(item, 'n')
    name = base if base != None else hfs_name if hfs_name != None else record_field(item, 'name')
    if not is_text(name):
        return None
    is_dir = record_field(item, 'is_dir')
    size = exact_integer(record_field(item, 'size'))
    shown_size = None
    named = None
    if base != None:
        kind = 'directory' if is_exactly(record_field(item, 'type'), 'folder') else 'file'
        mtime_text = None
        size_text = record_field(item, 'size')
        shown = words(size_text) if is_text(size_text) else []
        shown_size = parse_size(shown[0], shown[1] if len(shown) > 1 else '') if len(shown) > 0 \
            else None
        size = shown_size['bytes'] if shown_size != None else None
    elif hfs_name != None:
        kind = 'directory' if last_char(name) == '/' else 'file'
        mtime_text = record_field(item, 'm')
        size = exact_integer(record_field(item, 's'))
    elif is_dir != None:
        url = record_field(item, 'url')
        named = child_of(url, directory) if is_text(url) else None
        kind = 'directory' if is_exactly(is_dir, True) else \
            'other' if is_exactly(record_field(item, 'is_symlink'), True) else 'file'
        mtime_text = record_field(item, 'mod_time')
    else:
        kind = kind_named(record_field(item, 'type')) or 'other'
        mtime_text = record_field(item, 'mtime')
    if named == None:
        # serve's, HFS's and Caddy's directories end in '/', nginx's names never do.
        named = name_of_text(name if base == None and is_dir == None and hfs_name == None
                             else without_last(name, '/'))
    if not is_plain_name(named['name']):
        return None
    # A size JavaScript holds exactly (5.0 is 5: JSON cannot tell them apart; 1e300 is none).
    return new_entry(named, kind, listing_time(mtime_text), size if size != None and size >= 0
                     else None, shown_size != None and shown_size['approx'])


def listing_time(value):
    """Epoch seconds of a JSON listing's mtime: RFC 1123 (nginx), or ISO 8601 (Caddy, and
    forks); None for anything else."""
    if not is_text(value):
        return None
    seconds = parse_http_date(value)
    return seconds if seconds != None else parse_iso_time(value)


def read_jsonp_listing(text, directory):
    """nginx's autoindex_format jsonp: '/* callback */\\r\\nNAME([...]);', or plain JSON."""
    body = strip_spaces(text)
    if body.startswith('/*'):
        comment_end = body.find('*/')
        body = strip_spaces(part(body, comment_end + 2)) if comment_end >= 0 else ''
    if not body.startswith('['):
        open_at = body.find('(')
        close_at = body.rfind(')')
        if open_at < 0 or close_at < open_at:
            raise Problem(malformed('jsonp'))
        body = part(body, open_at + 1, close_at)
    return read_json_listing(body, 'jsonp', directory)


def read_xml_listing(text):
    """nginx's autoindex_format xml, read by hand: nginx escapes only & < > " and passes
    control characters and bytes that are not UTF-8 through, which a strict XML parser
    refuses."""
    start = text.find('<list>')
    end = text.find('</list>')
    if start < 0 or end < start:
        raise Problem(malformed('xml'))
    entries = []
    # Every '<' and '>' searched for before end is found: '</list>' has both.
    at = text.find('<', start + 6)
    while at < end:
        close = text.find('>', at)
        head = part(text, at + 1, close)
        kind = head.split(' ')[0]
        closing = '</' + kind + '>'
        stop = text.find(closing, close)
        if kind_named(kind) == None or stop < 0 or stop > end:
            raise Problem(malformed('xml'))
        named = name_of_text(decode_references(part(text, close + 1, stop), False))
        if is_plain_name(named['name']):
            entries.append(new_entry(named, kind, parse_iso_time(xml_attribute(head, 'mtime')),
                                     parse_int(xml_attribute(head, 'size')), False))
        at = text.find('<', stop + len(closing))
    return new_listing('xml', 1, entries)


def xml_attribute(head, key):
    """The value of key="..." in an element's head, or ''."""
    parts = head.split(' ' + key + '="')
    return parts[1].split('"')[0] if len(parts) > 1 and parts[1].find('"') >= 0 else ''
