"""HTML listing pages: nginx, Apache mod_autoindex, lighttpd mod_dirlisting, Caddy browse,
Python's http.server.

Pages arrive as anchor records {href, text, tail, datetime} (bookmarklet/browser.py
in the browser, tests/html_anchors.py under CPython): tail is the text after
the link on its line, or the row's later cells in a table; datetime is the
datetime attribute of a <time> in those cells (Caddy), else ''. Names come
from the href, never from the text, which servers cut ('..>').
"""

from bookmarklet.portable import Problem, parse_int, strip_spaces, words, last_char, dict_key, \
    part
from bookmarklet.entries import new_entry, new_listing, is_plain_name
from bookmarklet.names import name_of_href
from bookmarklet.times import parse_iso_time, parse_table_date
from bookmarklet.words import SIZE_UNITS

# What only a listing page has: its title (nginx, Apache, lighttpd, http.server), or a
# column's sort link where the title is the bare path (Caddy: '?sort=name&order=asc';
# Apache's FancyIndexing: '?C=N;O=D'). A parent link ('../') is no sign: any page has one.
LISTING_TITLES = ['Index of ', 'Directory listing for ']
SORT_LINKS = ['?C=N;O=', '?sort=name&order=']


def size_prefixes(units):
    """The first letters of the units from K to T: past T a byte count leaves
    JavaScript's exact integers."""
    letters = ''
    for index in range(1, 5):
        letters += units[index][0]
    return letters


SIZE_PREFIXES = size_prefixes(SIZE_UNITS)


def title_of_html(text):
    """The text of an HTML page's <title>, or ''."""
    start = text.find('<title')
    if start < 0:
        start = text.find('<TITLE')
    start = text.find('>', start) if start >= 0 else -1
    end = text.find('</', start) if start >= 0 else -1
    return strip_spaces(part(text, start + 1, end)) if end >= 0 else ''


def is_listing_title(title):
    """True for the titles servers give listing pages: 'Index of /x/', 'Directory listing for /x/'."""
    for start in LISTING_TITLES:
        if title.startswith(start):
            return True
    return False


def is_sort_link(anchor):
    """True for a listing's link that sorts it by name."""
    href = anchor['href']
    for start in SORT_LINKS:
        if href.startswith(start):
            return True
    return False


def child_href(href):
    """The href of a direct child without './' and its trailing '/', or None for any other link."""
    if href.startswith('./'):
        href = part(href, 2, None)
    if len(href) == 0 or '?#/'.find(href[0]) >= 0 or href.find('://') >= 0:
        return None
    if href.find('?') >= 0 or href.find('#') >= 0:
        return None
    path = part(href, 0, len(href) - 1) if last_char(href) == '/' else href
    if len(path) == 0 or path.find('/') >= 0 or path == '.' or path == '..':
        return None
    return path


def read_html_listing(anchors, title, settings):
    """The listing of an HTML listing page, from its anchor records and its title.

    A page is a listing only when its title or a sort link says so, so a login
    page, an error page or a directory's own index.html is an error, never an
    empty directory or its links. Names come from each href, taken as sent: its
    %XX are the name's exact bytes. The precision is 60 when any date shows only
    minutes.
    """
    if not is_listing_page(anchors, title):
        raise Problem('the page is not a directory listing')
    entries = []
    seen = {}
    precision = 1
    for anchor in anchors:
        href = anchor['href']
        path = child_href(href)
        if path == None:
            continue
        named = name_of_href(path)
        if dict_key(named['href']) in seen or not is_plain_name(named['name']):
            continue
        seen[dict_key(named['href'])] = True
        kind = 'directory' if last_char(href) == '/' else 'file'
        read = html_entry(named, kind, anchor, settings['utcOffsetMinutes'])
        if read[1] > precision:
            precision = read[1]
        entries.append(read[0])
    return new_listing('html', precision, entries)


def is_listing_page(anchors, title):
    """True for a page whose title or a sort link says it is a directory listing."""
    if is_listing_title(title):
        return True
    for anchor in anchors:
        if is_sort_link(anchor):
            return True
    return False


def html_entry(named, kind, anchor, utc_offset_minutes):
    """[entry, precision] of one link of a listing page.

    The tail holds a local date and clock ('15-Jul-2019 12:34', '2019-07-15 12:34',
    '2019-Jul-15 12:34:56') followed by the size; Caddy gives a <time datetime>
    instead, and its size comes first ('5.1 GiB').
    """
    fields = words(anchor['tail'])
    mtime = None
    precision = 1
    size_at = 0
    stamp = strip_spaces(anchor['datetime'])
    if len(stamp) > 0:
        mtime = parse_iso_time(stamp)
    for index in range(len(fields) - 1):
        found = parse_table_date(fields[index], fields[index + 1])
        if found != None:
            mtime = found[0] - utc_offset_minutes * 60
            precision = found[1]
            size_at = index + 2
            break
    size = None
    if size_at < len(fields):
        size = parse_size(fields[size_at], fields[size_at + 1] if size_at + 1 < len(fields) else '')
    if size == None:
        return [new_entry(named, kind, mtime, None, False), precision]
    return [new_entry(named, kind, mtime, size[0], size[1]), precision]


def parse_size(word, next_word):
    """[bytes, approximate] of a listing's size: '1234' exact, or a rounded 1024-based human
    size ('10K', '1.5K', '5.1G', '5.1 GiB', '9 B'); None for '-' and anything else."""
    digits = ''
    index = 0
    while index < len(word) and '0123456789.'.find(word[index]) >= 0:
        digits += word[index]
        index += 1
    unit = part(word, index, None)
    if len(unit) == 0 and (next_word == 'B' or part(next_word, 1, None) == 'iB'):
        unit = next_word
    if unit == 'B':
        unit = ''
    parts = digits.split('.')
    if len(digits) == 0 or len(parts) > 2:
        return None
    power = 0
    if len(unit) > 0:
        power = SIZE_PREFIXES.find(unit[0]) + 1
        suffix = part(unit, 1, None)
        if power == 0 or (len(suffix) > 0 and suffix != 'iB' and suffix != 'B'):
            return None
    multiplier = 1
    for step in range(power):
        multiplier = multiplier * 1024
    whole = parse_int(parts[0])
    if whole == None:
        return None
    if len(parts) == 1:
        return [whole * multiplier, power > 0]
    fraction = parse_int(parts[1])
    if fraction == None:
        return None
    scale = 1
    for step in range(len(parts[1])):
        scale = scale * 10
    return [whole * multiplier + (fraction * multiplier) // scale, True]
