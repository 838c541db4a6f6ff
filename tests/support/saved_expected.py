"""The listing a person reads on each saved page, worked out apart from bookmarklet/.

A second reader, on BeautifulSoup, with its own model of a listing, its own date
and size rules and, for each page, where its rows are, said by hand in ROWS after
looking at the page. It wrote the <name>.expected.json files of
tests/fixtures/saved/, which were then checked against the pages by eye;
tests/corpus/test_saved_pages.py holds them to it, so an expected file edited by hand
and this reading cannot drift apart unnoticed.

    .venv/bin/python -m tests.support.saved_expected [name ...]   rewrite expected files, print them

The model (docs/design.md, issue 23): every link to a child of the page's
directory is an entry, written any way (relative, ./name, an absolute path or a
same-origin URL below the directory); the parent, links above or beside, other
origins, query-only and fragment-only links, mailto:, javascript: and data: are
none; several links to one entry are one entry. Its kind comes from a trailing '/'
or the row saying so; its date and size from the row: dates as shown, in their
named zone or else the page's utcOffsetMinutes; sizes in bytes when exact, else
the shown number times its 1024-based unit, fraction cut, marked near.
"""

import calendar
import json
import re
import sys
from typing import Any
from urllib.parse import quote, unquote_to_bytes, urljoin, urlsplit

from bs4 import BeautifulSoup, NavigableString, Tag

from tests.support.saved_corpus import SAVED, load_saved, saved_names

# Where each page's rows are, and what else its rows say:
# 'tr' the table row around the link (its other cells); 'li' the list item;
# 'pre' the rest of the link's line; 'pre-before' the line before the link (IIS);
# 'grid' the siblings after the link up to the next item (stil).
# datetime: a <time datetime> in the row gives the date; directory_marks: row text
# that makes the entry a directory.
ROWS: dict[str, tuple[str, dict[str, Any]]] = {
    'rclone/apache-table': ('tr', {}),
    'rclone/caddy-v1': ('tr', {'datetime': True}),
    'rclone/nginx': ('pre', {}),
    'rclone/memstore': ('tr', {}),
    'apache-autoindex-parse/f0-directory': ('li', {}),
    'apache-autoindex-parse/f0-special-files': ('li', {}),
    'apache-autoindex-parse/f0-unicode-org': ('li', {}),
    'apache-autoindex-parse/f1-directory': ('pre', {}),
    'apache-autoindex-parse/f1-special-files': ('pre', {}),
    'apache-autoindex-parse/f1-unicode-org': ('pre', {}),
    'apache-autoindex-parse/f2-directory': ('tr', {}),
    'apache-autoindex-parse/f2-special-files': ('tr', {}),
    'apache-autoindex-parse/f2-unicode-org': ('tr', {}),
    'httpdirectory/miniserve': ('tr', {}),
    'httpdirectory/h5ai': ('tr', {}),
    'httpdirectory/nginx-openbsd': ('pre', {}),
    'httpdirectory/apache-ubuntu-cloud-images': ('pre', {}),
    'httpdirectory/snt': ('tr', {'datetime': True}),
    'httpdirectory/stil': ('grid', {}),
    'httpdirectory/apache-debian-cloud': ('tr', {}),
    'httpdirectory/fancyindex-lysator': ('tr', {}),
    'httpdirectory/fancyindex-lysator-tools': ('tr', {}),
    'httpdirectory/caddy-v2': ('tr', {'datetime': True}),
    'httpdirectory/apache-list-indented': ('li', {}),
    'maven-wagon/archiva-collection': ('li', {}),
    'maven-wagon/apache13-ibiblio': ('pre', {}),
    'maven-wagon/lighttpd-mirror': ('tr', {}),
    'maven-wagon/apache20-mevenide': ('pre', {}),
    'maven-wagon/apache20-nekohtml': ('pre', {}),
    'maven-wagon/apache20-net-sf': ('pre', {}),
    'maven-wagon/apache22-people': ('pre', {}),
    'maven-wagon/apache20-codehaus': ('pre', {}),
    'opennem/iis-nemweb': ('pre-before', {'directory_marks': ['<dir>']}),
    'opennem/iis-nemweb-saved-by-browser': ('pre-before', {'directory_marks': ['<dir>']}),
    'ant-ivy/apache13-ibiblio-dirs': ('pre', {}),
    'ant-ivy/apache13-ibiblio-files': ('pre', {}),
    'ant-ivy/apache-list': ('li', {}),
    'ant-ivy/archiva-collection': ('li', {}),
    'ant-ivy/maven-proxy': ('tr', {}),
    'gradle/nexus': ('tr', {}),
    'od-database/nginx': ('pre', {}),
    'od-database/lighttpd-gentoo': ('tr', {}),
    'thttpd/pub': ('pre-before', {'size_column': 2}),
    'thttpd/old-dir': ('pre-before', {'size_column': 2}),
}

DAY = 86400
MONTHS = {month: number for number, month in enumerate(
    ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'], 1)}
ZONES = {'UTC': 0, 'GMT': 0, 'CET': 60, 'CEST': 120}


def clock(hour, meridiem):
    """The 24-hour hour of a 12-hour clock's hour and AM/PM."""
    return hour % 12 + (12 if meridiem == 'PM' else 0)


# Each: a pattern, and the (year, month, day, hour, minute, second or None, zone
# minutes or None) of its match.
DATES = [
    # Java's Date.toString (Nexus): Thu Sep 29 21:19:50 CEST 2011
    (r'[A-Z][a-z]{2} ([A-Z][a-z]{2}) (\d{1,2}) (\d{2}):(\d{2}):(\d{2}) ([A-Z]{3,4}) (\d{4})',
     lambda m: (int(m[7]), MONTHS[m[1].lower()], int(m[2]), int(m[3]), int(m[4]), m[5], ZONES[m[6]])),
    # IIS: Tuesday, August 31, 2021 12:50 PM
    (r'[A-Za-z]+day,\s+([A-Za-z]+)\s+(\d{1,2}),\s+(\d{4})\s+(\d{1,2}):(\d{2})\s+([AP]M)',
     lambda m: (int(m[3]), MONTHS[m[1][:3].lower()], int(m[2]), clock(int(m[4]), m[6]), int(m[5]),
                None, None)),
    # nginx, Apache 1.3 to 2.2, Jetty: 17-Oct-2022 17:35(:02)
    (r'(\d{1,2})-([A-Za-z]{3})-(\d{4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?',
     lambda m: (int(m[3]), MONTHS[m[2].lower()], int(m[1]), int(m[4]), int(m[5]), m[6], None)),
    # lighttpd, fancyindex: 2022-Oct-17 17:35(:02)
    (r'(\d{4})-([A-Za-z]{3})-(\d{1,2})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?',
     lambda m: (int(m[1]), MONTHS[m[2].lower()], int(m[3]), int(m[4]), int(m[5]), m[6], None)),
    # ls, a date more than half a year old (thttpd): Oct  3  2019, no clock
    (r'\b([A-Z][a-z]{2})\s+(\d{1,2})\s+(\d{4})\b',
     lambda m: (int(m[3]), MONTHS[m[1].lower()], int(m[2]), None, 0, None, None)),
    # Apache 2.4, h5ai, miniserve, ISO 8601: 2022-10-17 17:35(:02)( +02:00)
    (r'(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\s*(Z|[+-]\d{2}:?\d{2}))?',
     lambda m: (int(m[1]), int(m[2]), int(m[3]), int(m[4]), int(m[5]), m[6], zone_minutes(m[7]))),
]


def zone_minutes(zone):
    """Minutes east of UTC of 'Z', '+02:00', '-0530'; None for no zone."""
    if not zone:
        return None
    if zone == 'Z':
        return 0
    digits = zone[1:].replace(':', '')
    return (-1 if zone[0] == '-' else 1) * (int(digits[:2]) * 60 + int(digits[2:]))


def first_date(text, offset_minutes):
    """(epoch seconds, precision, start, end) of the first date in text, or None; a date
    without a zone is the server's local time, offset_minutes east of UTC."""
    best = None
    for pattern, fields in DATES:
        found = re.search(pattern, text)
        if found and (best is None or found.start() < best[2]):
            year, month, day, hour, minute, second, zone = fields(found)
            seconds = calendar.timegm((year, month, day, hour or 0, minute, int(second or 0), 0, 0, 0))
            seconds -= (offset_minutes if zone is None else zone) * 60
            precision = DAY if hour is None else 1 if second else 60
            best = (seconds, precision, found.start(), found.end())
    return best


UNITS = {'': 0, 'B': 0, 'BYTES': 0, 'K': 1, 'KB': 1, 'KIB': 1, 'M': 2, 'MB': 2, 'MIB': 2,
         'G': 3, 'GB': 3, 'GIB': 3, 'T': 4, 'TB': 4, 'TIB': 4}
SIZE = r'(?<![\w.:-])(\d[\d,]*(?:\.\d+)?)\s?(KiB|MiB|GiB|TiB|KB|MB|GB|TB|K|M|G|T|B|bytes|k)?(?![\w:.-])'


def first_size(text):
    """(bytes, near) of the first size in text, or None ('-', nothing)."""
    found = re.search(SIZE, text)
    if not found:
        return None
    power = UNITS[(found[2] or '').upper()]
    whole, _, fraction = found[1].replace(',', '').partition('.')
    value = int(whole) * 1024 ** power
    if fraction:
        value += int(fraction) * 1024 ** power // 10 ** len(fraction)
    return value, power > 0 or bool(fraction)


def name_fields(segment):
    """{name, href, undecodable} of an href segment taken as sent: its %XX are the bytes;
    each byte that is not part of UTF-8 shows as \\xe9."""
    data = unquote_to_bytes(segment)
    name, rest, undecodable = '', data, False
    while rest:
        try:
            name += rest.decode('utf-8')
            rest = b''
        except UnicodeDecodeError as error:
            name += rest[:error.start].decode('utf-8') + ''.join(
                '\\x%02x' % byte for byte in rest[error.start:error.end])
            rest, undecodable = rest[error.end:], True
    return {'name': name, 'href': quote(data, safe='-._~'), 'undecodable': undecodable}


def child_of(href, directory):
    """(segment, trailing slash) when href links a child of the directory URL, else None."""
    href = href.strip()
    scheme = urlsplit(href).scheme.lower()
    if (scheme and scheme not in ('http', 'https')) or href[:1] in ('', '#', '?'):
        return None
    base, target = urlsplit(directory), urlsplit(urljoin(directory, href))
    if (target.scheme, target.netloc) != (base.scheme, base.netloc) or target.query or \
            target.fragment or not target.path.startswith(base.path):
        return None
    rest = target.path[len(base.path):]
    segment = rest[:-1] if rest.endswith('/') else rest
    if not segment or '/' in segment or segment in ('.', '..'):
        return None
    return segment, rest.endswith('/')


def text_of(node):
    return str(node) if isinstance(node, NavigableString) else node.get_text(' ')


def row_text(link, row):
    """What the link's row says besides the link."""
    if row == 'tr':
        holder = link.find_parent('tr')
        return '' if holder is None else '  '.join(
            cell.get_text(' ') for cell in holder.find_all(['td', 'th']) if link not in cell.descendants)
    if row == 'li':
        return link.find_parent('li').get_text(' ').replace(link.get_text(), '', 1)
    if row == 'pre':
        text = ''
        for node in link.next_siblings:
            if isinstance(node, Tag) and node.name == 'a' and node.get('href'):
                break
            text += text_of(node)
            if '\n' in text:
                break
        return text.split('\n')[0]
    if row == 'pre-before':
        text = ''
        for node in link.previous_siblings:
            if isinstance(node, Tag) and node.name in ('a', 'br'):
                break
            text = text_of(node) + text
        return text.split('\n')[-1]
    if row == 'grid':
        parts = []
        for node in link.next_siblings:
            if isinstance(node, Tag) and (node.name == 'a' or {'file', 'dir'} & set(node.get_attribute_list('class'))):
                break
            parts.append(text_of(node))
        return '  '.join(parts)
    raise ValueError(row)


def derive(data, directory, row, offset_minutes=0, datetime=False, directory_marks=(),
           size_column=None):
    """The expected listing of a page's bytes saved from the directory URL; size_column, the
    column of the row's words that holds a file's size, where others hold numbers too (ls's
    link count)."""
    soup = BeautifulSoup(data.decode('utf-8', 'surrogateescape'), 'html.parser')
    entries = {}
    precision = 1
    for link in soup.find_all('a', href=True):
        child = child_of(str(link['href']), directory)
        named = name_fields(child[0]) if child else None
        if named is None or named['href'] in entries:
            continue
        text = row_text(link, row)
        kind = 'directory' if child[1] or any(mark in text for mark in directory_marks) else 'file'
        mtime = None
        holder = link.find_parent('tr')
        stamp = holder.find('time', datetime=True) if datetime and holder else None
        if stamp is not None:
            mtime = first_date(str(stamp['datetime']).strip(), offset_minutes)[0]
        shown = first_date(text, offset_minutes)
        if shown:
            if mtime is None:
                mtime = shown[0]
                precision = max(precision, shown[1])
            text = text[:shown[2]] + '  ' + text[shown[3]:]
        size = first_size(text if size_column is None else text.split()[size_column]) \
            if kind == 'file' else None
        entries[named['href']] = dict(named, type=kind, mtime=mtime, size=size[0] if size else None,
                                      sizeApprox=size[1] if size else False)
    listed = sorted(entries.values(), key=lambda entry: entry['name'])
    return {'format': 'html', 'precision': precision,
            'dated': not listed or any(entry['mtime'] is not None for entry in listed),
            'entries': listed}


def expected_of(name):
    """The listing this reading gives for the saved page name."""
    page = load_saved(name)
    row, options = ROWS[name]
    return derive(page['body'].encode('latin-1'), page['meta']['url'], row,
                  page['meta']['utcOffsetMinutes'], **options)


def main(names):
    for name in names or saved_names():
        expected = expected_of(name)
        path = SAVED / (name + '.expected.json')
        path.write_text(json.dumps(expected, indent=1, ensure_ascii=False) + '\n', encoding='utf-8')
        print('{}: {} entries, precision {}'.format(name, len(expected['entries']), expected['precision']))
        for entry in expected['entries']:
            print('  {:<44} {:<9} {:>11} {:>12} {}'.format(
                entry['name'][:44], entry['type'], str(entry['mtime']), str(entry['size']),
                '~' if entry['sizeApprox'] else ''))


if __name__ == '__main__':
    main(sys.argv[1:])
