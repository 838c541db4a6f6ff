"""HTML listing pages: nginx, Apache mod_autoindex, lighttpd mod_dirlisting, Caddy browse,
Python's http.server.

Pages arrive as anchor records {href, tail, datetime} (bookmarklet/browser.py
in the browser, tests/html_anchors.py under CPython): tail is the text after
the link on its line, or the row's later cells in a table; datetime is the
datetime attribute of a <time> in those cells (Caddy), else ''. Names come
from the href, never from the text, which servers cut ('..>').
"""

from bookmarklet.portable import Problem, parse_int, strip_spaces, words, last_char, dict_key, \
    part, joined
from bookmarklet.entries import new_entry, new_listing, is_plain_name
from bookmarklet.names import name_of_href
from bookmarklet.times import parse_iso_time, parse_table_date

# What only a listing page has: its title (nginx, Apache, lighttpd, http.server), or a
# column's sort link where the title is the bare path (Caddy: '?sort=name&order=asc';
# Apache's FancyIndexing: '?C=N;O=D'). A parent link ('../') is no sign: any page has one.
LISTING_TITLES = ['Index of ', 'Directory listing for ']
SORT_LINKS = ['?C=N;O=', '?sort=name&order=']


def title_of_html(text):
    """The text of an HTML page's <title>, or ''."""
    start = text.find('<title')
    if start < 0:
        start = text.find('<TITLE')
    start = text.find('>', start) if start >= 0 else -1
    end = text.find('</', start) if start >= 0 else -1
    return strip_spaces(part(text, start + 1, end)) if end >= 0 else ''


def starts_with_any(text, starts):
    """True when text starts with one of starts."""
    for start in starts:
        if text.startswith(start):
            return True
    return False


def child_name(href):
    """The name fields of a direct child's href (with or without './' and its trailing '/'),
    or None for any other link (one with a '/', a query or a fragment; whether its name is
    one, the caller asks)."""
    if href.startswith('./'):
        href = part(href, 2, None)
    path = part(href, 0, len(href) - 1) if last_char(href) == '/' else href
    for mark in ['/', '?', '#']:
        if path.find(mark) >= 0:
            return None
    return name_of_href(path)


def read_html_listing(anchors, title, settings):
    """The listing of an HTML listing page, from its anchor records and its title.

    A page is a listing only when its title or a sort link says so, so a login
    page, an error page or a directory's own index.html is an error, never an
    empty directory or its links. Names come from each href, taken as sent: its
    %XX are the name's exact bytes. The precision is 60 when any date shows only
    minutes.

    Each link's tail holds a local date and clock ('15-Jul-2019 12:34', '2019-07-15
    12:34', '2019-Jul-15 12:34:56') followed by the size; Caddy gives a <time datetime>
    instead, and its size comes first ('5.1 GiB').
    """
    listing_page = starts_with_any(title, LISTING_TITLES)
    for anchor in anchors:
        listing_page = listing_page or starts_with_any(anchor['href'], SORT_LINKS)
    if not listing_page:
        raise Problem('not a directory listing')
    entries = []
    seen = {}
    precision = 1
    for anchor in anchors:
        named = child_name(anchor['href'])
        if named == None or dict_key(named['href']) in seen or not is_plain_name(named['name']):
            continue
        seen[dict_key(named['href'])] = True
        mtime = parse_iso_time(strip_spaces(anchor['datetime']))
        fields = words(anchor['tail'])
        fields.append('')
        size_at = 0
        for index in range(len(fields) - 2):
            found = parse_table_date(fields[index], fields[index + 1])
            if found != None:
                mtime = found[0] - settings['utcOffsetMinutes'] * 60
                precision = max(precision, found[1])
                size_at = index + 2
                break
        size = parse_size(fields[size_at], fields[size_at + 1]) if size_at < len(fields) - 1 else None
        entries.append(new_entry(named, 'directory' if last_char(anchor['href']) == '/' else 'file',
                                 mtime, size[0] if size != None else None, size != None and size[1]))
    return new_listing('html', precision, entries)


def parse_size(word, next_word):
    """[bytes, approximate] of a listing's size: '1234' exact, or a rounded 1024-based human
    size ('10K', '1.5K', '5.1G', '5.1 GiB', '9 B'); None for '-' and anything else."""
    end = 0
    while end < len(word) and '0123456789.'.find(word[end]) >= 0:
        end += 1
    digits = part(word, 0, end).split('.')
    unit = part(word, end, None)
    if len(unit) == 0 and (next_word == 'B' or part(next_word, 1, None) == 'iB'):
        unit = next_word
    power = 0
    if len(unit) > 0 and unit != 'B':
        # K, M, G or T is 1024 to the power 1 to 4: past T a byte count leaves JavaScript's
        # exact integers. Any other letter is power 0, which no unit has.
        power = 'KMGT'.find(unit[0]) + 1
        suffix = part(unit, 1, None)
        if power == 0 or (len(suffix) > 0 and suffix != 'iB' and suffix != 'B'):
            return None
    value = parse_int(joined(digits, ''))
    if len(digits) > 2 or '' in digits or value == None:
        return None
    # Powers of 10 and 1024 this small are exact in JavaScript too.
    scale = 10 ** len(digits[1]) if len(digits) > 1 else 1
    return [value * 1024 ** power // scale, power > 0 or len(digits) > 1]
