"""Every form of link, date and size the HTML reader knows, each written down by hand; the
quick readings of the pages nginx writes, held to the general readers; and HFS 3's API.

The corpus (tests/fixtures/, tests/fixtures/saved/) shows these forms on real
pages; here each is read alone, so a form that stops reading names itself. The
same cases run through the shipped bundle in every engine (tests/support/parity_cases.py).
"""

import calendar
import json
from urllib.parse import parse_qs, quote_from_bytes, unquote_to_bytes, urlsplit

import pytest
from hypothesis import given, settings, strategies as st

from bookmarklet.reading.html_listing import child_of, directory_of, parse_size, nginx_page, \
    nginx_listing, read_html_listing
from bookmarklet.reading.listing import nginx_json_listing, parsed_json_listing, read_listing
from bookmarklet.reading.names import body_text, listing_request_url
from bookmarklet.portable import Problem
from bookmarklet.reading.times import find_date, DAY
from tests.support.corpus import pages
from tests.support.html_page import page_of_html
from tests.support.nginx_bodies import nginx_line, nginx_body, nginx_json_line, \
    nginx_json_body, LINES, JSON_LINES, VALID_STAMPS
from tests.support.parity_cases import SOURCE, CHILD_DIRECTORY, DARKHTTPD_1_13, CHEROKEE, \
    IIS_ROWS, iis_page, HFS_2_4, BLOCK_ROWS, HFS_API, HFS_ENTRIES, hfs_body, MARKED_ROWS, \
    marked_page, CLASS_ROWS, class_page, ROOT_UP

NOW = SOURCE['now']  # 2026-09-01T12:34:56Z


def utc(*fields):
    return calendar.timegm(fields + (0,) * (6 - len(fields)))


@pytest.mark.parametrize('text, seconds, precision, zoned', [
    ('17-Oct-2022 17:35', utc(2022, 10, 17, 17, 35), 60, False),                 # nginx
    ('2022-Oct-17 17:35:02', utc(2022, 10, 17, 17, 35, 2), 1, False),           # lighttpd
    ('2022-10-17 17:35', utc(2022, 10, 17, 17, 35), 60, False),                 # Apache
    ('17Oct2022 17:35', utc(2022, 10, 17, 17, 35), 60, False),                  # mini_httpd
    ('2001-APR-26', utc(2001, 4, 26), DAY, False),                              # a day alone
    ('17-oct-2022 17:35', utc(2022, 10, 17, 17, 35), 60, False),
    ('Monday, October 17, 2022  5:35 PM', utc(2022, 10, 17, 17, 35), 60, False),  # IIS
    ('10/17/2022 5:35 PM', utc(2022, 10, 17, 17, 35), 60, False),               # IIS
    ('10/17/2022 12:05 AM', utc(2022, 10, 17, 0, 5), 60, False),
    ('10/17/2022 12:05 PM', utc(2022, 10, 17, 12, 5), 60, False),
    ('2022-10-17T17:35:02Z', utc(2022, 10, 17, 17, 35, 2), 1, True),
    ('2022-10-17T17:35:02.25+02:00', utc(2022, 10, 17, 15, 35, 2), 1, True),
    ('2022-10-17T17:35:02', utc(2022, 10, 17, 17, 35, 2), 1, False),
    ('2022-10-17T17:35', utc(2022, 10, 17, 17, 35), 60, False),
    ('Mon, 17 Oct 2022 17:35:02 GMT', utc(2022, 10, 17, 17, 35, 2), 1, True),  # RFC 1123
    ('Thu Sep 29 21:19:50 CEST 2011', utc(2011, 9, 29, 19, 19, 50), 1, True),  # Java
    ('Thu Sep 29 21:19:50 CST 2011', utc(2011, 9, 29, 21, 19, 50), 1, False),  # two zones' name
    ('10/17/2022 05:35:02 PM -07:00', utc(2022, 10, 18, 0, 35, 2), 1, True),   # Caddy's text
    ('Sep 01 13:34', utc(2026, 9, 1, 13, 34), 60, False),                      # ls, this year
    ('Dec 31 23:59', utc(2025, 12, 31, 23, 59), 60, False),                    # ls, last year
    ('Jan 01  1970', utc(1970, 1, 1), DAY, False),                             # ls, an old one
    ('drwxr-xr-x root root 4096 Sep 01 13:34', utc(2026, 9, 1, 13, 34), 60, False),
    ('17 October 2022 17:35', utc(2022, 10, 17, 17, 35), 60, False),
    ('Oct 17, 2022', utc(2022, 10, 17), DAY, False),
    ('17.10.2022 17:35', utc(2022, 10, 17, 17, 35), 60, False),                 # IIS, de-DE
    ('2022.10.17 17:35', utc(2022, 10, 17, 17, 35), 60, False),
    ('17/10/2022 17:35', utc(2022, 10, 17, 17, 35), 60, False),                 # IIS, en-GB
    ('2022-10-17 \uc624\ud6c4 5:35', utc(2022, 10, 17, 17, 35), 60, False),      # IIS, ko-KR
    ('2022-10-17 \uc624\uc804 12:05', utc(2022, 10, 17, 0, 5), 60, False),
    ('2022/10/17 \u5348\u5f8c 5:35', utc(2022, 10, 17, 17, 35), 60, False),      # IIS, ja-JP
    ('2022/10/17 \u5348\u524d 5:35', utc(2022, 10, 17, 5, 35), 60, False),
    ('2022/10/17 \u4e0b\u5348 12:05', utc(2022, 10, 17, 12, 5), 60, False),      # IIS, zh-TW
    ('2022/10/17 \u4e0a\u5348 11:05', utc(2022, 10, 17, 11, 5), 60, False),
    ('2022/10/17 \u524d\u4e0a 11:05', utc(2022, 10, 17), DAY, False),  # no half: a day alone
    ('03/10/2022 17:35', utc(2022, 3, 10, 17, 35), 60, False),   # either: month first, as en-US
    ('Oct  3  2019', utc(2019, 10, 3), DAY, False),                            # thttpd, an old one
])
def test_a_date_in_every_form_servers_write_reads_to_its_second(text, seconds, precision, zoned):
    found = find_date(text.split(), NOW)
    assert [found['seconds'], found['precision'], found['zoned']] == [seconds, precision, zoned]


@pytest.mark.parametrize('text', ['31-Feb-2022 10:00', 'Sept 17 2022', 'root 4096 1,234',
                                  '13/17/2022 10:00', 'Mon, 17 Foo 2022 17:35:02 GMT', '',
                                  '1.2.3', '10.10.10', '32.10.2022', 'x/10/2022'])
def test_what_is_no_date_reads_as_none(text):
    assert find_date(text.split(), NOW) is None


@pytest.mark.parametrize('word, unit, size, near', [
    ('1234', '', 1234, False), ('1,234,567', '', 1234567, False), ('12B', '', 12, False),
    ('9', 'bytes', 9, False), ('9', 'B', 9, False),
    ('533', 'KB', 533 * 1024, True), ('533KB', '', 533 * 1024, True), ('426', 'K', 426 * 1024, True),
    ('1.2k', '', 12 * 1024 // 10, True), ('7', 'kb', 7 * 1024, True),
    ('2.3', 'GB', 23 * 1024 ** 3 // 10, True), ('5.1', 'GiB', 51 * 1024 ** 3 // 10, True),
    ('3', 'TiB', 3 * 1024 ** 4, True), ('1.5', 'M', 15 * 1024 ** 2 // 10, True),
])
def test_a_size_in_every_form_servers_write_reads_exact_or_near(word, unit, size, near):
    assert parse_size(word, unit) == {'bytes': size, 'approx': near}


@pytest.mark.parametrize('word', ['-', '1,23', ',123', '1.234,5', '1.2.3K', '.5K', '3X', 'v2',
                                  '17:35', '2022-10-17'])
def test_what_is_no_size_reads_as_none(word):
    assert parse_size(word, '') is None


# The directory is http://Files.example:8080/pub/café/ (CHILD_DIRECTORY).
@pytest.mark.parametrize('href, name, slash', [
    ('a.txt', 'a.txt', False), ('./a.txt', 'a.txt', False), ('dir/', 'dir', True),
    ('./dir/', 'dir', True), ('/pub/caf%C3%A9/a.txt', 'a.txt', False),
    ('/pub/caf%c3%a9/d/', 'd', True), ('/pub/café/a.txt', 'a.txt', False),
    ('http://files.example:8080/pub/caf%C3%A9/a.txt', 'a.txt', False),
    ('HTTP://FILES.EXAMPLE:8080/pub/caf%C3%A9/a.txt', 'a.txt', False),
    ('//files.example:8080/pub/caf%C3%A9/x', 'x', False),
    ('a.txt?download', 'a.txt', False), ('a.txt#frag', 'a.txt', False), (' a.txt ', 'a.txt', False),
    ('2022:notes.txt', '2022:notes.txt', False), ('bad%FFname', 'bad\\xffname', False),
    ('x_y:z', 'x_y:z', False), ('\u0130:x', '\u0130:x', False), ('\u212a:x', '\u212a:x', False),
])
def test_a_link_to_a_child_written_any_way_names_it(href, name, slash):
    named = child_of(href, directory_of(CHILD_DIRECTORY))
    assert [named['name'], named['slash']] == [name, slash]


@pytest.mark.parametrize('href', [
    'https://files.example:8080/pub/caf%C3%A9/a.txt', 'http://other.example/pub/caf%C3%A9/a',
    '/pub/caf%C3%A9/', '/pub/', '../', '..', '.', './', '?C=N;O=D', '#top', 'mailto:a@b.c',
    'javascript:history.back()', 'data:text/plain,x', 'sub/a.txt', '/pub/caf%C3%A9/sub/a.txt',
    '/pub/caf%C3%A9/d//', 'c:foo', '%2e%2e', 'a%2Fb', '/other/a.txt', 'A+b.c-D9:x'])
def test_a_link_to_anything_but_a_child_is_no_entry(href):
    assert child_of(href, directory_of(CHILD_DIRECTORY)) is None


# nginx's own page, read from its text without a parser (html_listing.nginx_page), and its
# lines read where nginx writes their facts (nginx_listing): each must give what the
# parser gives, on every page nginx writes, and take no other page.

READER = {'utcOffsetMinutes': 0}


def readings(text, source=SOURCE, reader=READER):
    """{lines, page, parsed}: the listing of nginx_listing (None where it reads none), of
    the reader over nginx_page's reading (None where the page is not nginx's), and with a
    parser."""
    page = nginx_page(text)
    return {'lines': nginx_listing(page, source, reader) if page is not None else None,
            'page': read_html_listing(page, source, reader) if page is not None else None,
            'parsed': read_html_listing(page_of_html(text), source, reader)}


def test_every_nginx_page_of_the_corpus_reads_without_a_parser_as_with_one():
    read = 0
    for page in pages():
        text = body_text(page['body'])
        if 'html' in page['contentType'] and nginx_page(text) is not None:
            found = readings(text, page['source'], page['settings'])
            assert found['page'] == found['parsed'], page['name']
            assert found['lines'] is None or found['lines'] == found['parsed'], page['name']
            read += 1
    assert read == len([page for page in pages() if page['kind'] == 'nginx'
                        and page['origin'] == 'captured' and 'html' in page['contentType']
                        and 'entries' in page['expected']])


def test_nginx_lines_are_read_where_nginx_writes_their_facts_on_every_page_of_the_corpus():
    """The quick reading is taken wherever every name is UTF-8: not one page of the
    corpus is left to the general reader for want of it."""
    for page in pages():
        text = body_text(page['body'])
        if 'html' in page['contentType'] and nginx_page(text) is not None:
            found = readings(text, page['source'], page['settings'])
            if not any(entry['undecodable'] for entry in found['parsed']['entries']):
                assert found['lines'] is not None, page['name']


def test_a_dash_nginx_writes_for_no_file_leaves_the_page_to_the_general_reader():
    """nginx writes a '-' for a directory's size alone, after its '/'. A '-' beside a file's
    link, beside another's size, may mark a directory (read_html_listing): the page is not
    read line by line, and reads as the parser reads it."""
    text = nginx_body([nginx_line(b'a.txt', '01-Sep-2026 12:34', '1234'),
                       nginx_line(b'b', '01-Sep-2026 12:34', '-')])
    found = readings(text)
    assert found['lines'] is None
    assert [[entry['name'], entry['type']] for entry in found['parsed']['entries']] == [
        ['a.txt', 'file'], ['b', 'directory']]


@settings(max_examples=200, deadline=None, database=None)
@given(LINES, st.sampled_from([0, 330, -480]))
def test_a_page_as_nginx_writes_it_reads_without_a_parser_as_with_one(lines, offset):
    text = nginx_body([nginx_line(*line) for line in lines])
    found = readings(text, SOURCE, {'utcOffsetMinutes': offset})
    names = [name.rstrip(b'/') for name, _, _ in lines]
    if all(b'\n' not in name and b'\r' not in name for name in names):
        assert found['page'] is not None
    if found['page'] is not None and len(set(names)) == len(names) \
            and all(utf8(name) for name in names):
        assert found['lines'] is not None
    assert found['page'] is None or found['page'] == found['parsed']
    assert found['lines'] is None or found['lines'] == found['parsed']


def utf8(name):
    try:
        name.decode('utf-8')
        return True
    except UnicodeDecodeError:
        return False


@pytest.mark.parametrize('text', [
    nginx_body([nginx_line(b'a', '01-Sep-2026 12:34', '1')]).replace('</body>', '<script></script></body>'),
    nginx_body([nginx_line(b'a\nb', '01-Sep-2026 12:34', '1')]),
    nginx_body(['<a href="a">a</a> <b>01-Sep-2026 12:34</b> 1\r\n']),
    nginx_body(['<a href="a">&eacute;</a> 01-Sep-2026 12:34 1\r\n']),
    nginx_body(['<a href="a&amp;b">a&amp;b</a> 01-Sep-2026 12:34 1\r\n']),
    nginx_body(['<a href="a">a</a> 01-Sep-2026 12:34 1\r\n', 'text\r\n']),
    ("<html>\r\n<head><title>Index of /x/</title></head>\r\n<body><a href=\"a\">a</a><pre></pre><hr>"
     "</body>\r\n</html>\r\n"),
])
def test_a_page_nginx_did_not_write_so_is_parsed(text):
    assert nginx_page(text) is None


@pytest.mark.parametrize('line', [
    '<a href="caf%E9">caf\u00e9</a> 01-Sep-2026 12:34 1\r\n',   # Latin-1 linked, UTF-8 shown
    '<a href="a">a</a> 01-Sep-2026 12:34:56 1\r\n',             # a clock to the second
    '<a href="a">a</a> 01-Sep-2026 12:34 PM\r\n',               # words the date takes
    '<a href="a">a</a> 01-Sep-2026 12:34 CEST\r\n',
    '<a href="a">a</a> 01-Sep-2026 12:34 1 KB\r\n',             # a unit apart
    '<a href="a">a</a> 01-Sep-2026 1\r\n',                      # a day alone
    '<a href="a">a</a> 12:34 01-Sep-2026 1\r\n',
    '<a href="a">a</a> 01-Sep-2026 12:34 1\r\n<a href="a">a</a> 02-Sep-2026 12:34 2\r\n',
])
def test_a_line_nginx_did_not_write_is_left_to_the_general_reader(line):
    found = readings(nginx_body([line]))
    assert found['lines'] is None
    assert found['page'] is not None and found['page'] == found['parsed']


def test_the_named_references_html_reads_alike_read_without_a_parser_as_with_one():
    text = nginx_body(['<a href="a\'b%26">a&apos;b&amp; &lt;&gt;&quot;</a> 01-Sep-2026 12:34 1\r\n'])
    found = readings(text)
    assert found['page'] is not None and found['page'] == found['parsed']
    assert found['lines'] is not None and found['lines'] == found['parsed']


# nginx's JSON, each line read by one pattern (listing.nginx_json_listing): it must give what
# parsing the JSON gives, on every body nginx writes, and take no other body.

def json_readings(text):
    """{lines, parsed}: nginx_json_listing's listing (None where it reads none) and the JSON
    parser's, or the words it refuses the body with."""
    try:
        parsed = parsed_json_listing(text, 'json', directory_of(SOURCE['url']))
    except Problem as problem:
        parsed = str(problem)
    return {'lines': nginx_json_listing(text, 'json'), 'parsed': parsed}


def test_every_nginx_json_body_of_the_corpus_reads_by_lines_as_parsed():
    read = 0
    for page in pages():
        text = body_text(page['body'])
        found = json_readings(text)
        assert found['lines'] is None or found['lines'] == found['parsed'], page['name']
        read += found['lines'] is not None
    assert read == len([page for page in pages() if page['kind'] == 'nginx' and
                        page['contentType'].startswith('application/json') and
                        'entries' in page['expected'] and page['expected']['entries']])


@settings(max_examples=300, deadline=None, database=None)
@given(JSON_LINES)
def test_a_json_body_as_nginx_writes_it_reads_by_lines_as_parsed(lines):
    found = json_readings(nginx_json_body([nginx_json_line(*line) for line in lines]))
    if all(stamp in VALID_STAMPS and size < 10 ** 15 for _, _, stamp, size in lines):
        assert found['lines'] is not None
    assert found['lines'] is None or found['lines'] == found['parsed']


LINE = '{ "name":"a", "type":"file", "mtime":"Tue, 01 Sep 2026 12:34:56 GMT", "size":1 }'


@pytest.mark.parametrize('text', [
    nginx_json_body([LINE]) + '\r\n',                                    # not nginx's end
    nginx_json_body([LINE])[:-1] + '}',                                   # not its end
    nginx_json_body([LINE]).replace('\r\n', '\n'),
    nginx_json_body([LINE, LINE]).replace('},\r\n', '}\r\n', 1),          # a comma missing
    '[\r\n' + LINE + ',\r\n]',                                            # one too many
    nginx_json_body([LINE.replace('"size":1', '"size":01')]),
    nginx_json_body([LINE.replace('"size":1', '"size":1.0')]),
    nginx_json_body([LINE.replace('"a"', '"a\\x"')]),                     # no JSON escape
    nginx_json_body([LINE.replace('"a"', '".."')]),
    nginx_json_body([LINE.replace('"a"', '"a/b"')]),
    nginx_json_body([LINE.replace('"a"', '""')]),
    nginx_json_body([LINE.replace('"type":"file"', '"type":"link"')]),
    nginx_json_body([LINE.replace(' }', ', "x":1 }')]),
    nginx_json_body([LINE.replace('{ ', '{')]),
    nginx_json_body([LINE.replace('Tue, 01', 'Tue, 00')]),
    '[\r\n]',
])
def test_a_json_body_nginx_did_not_write_is_left_to_the_parser(text):
    found = json_readings(text)
    assert found['lines'] is None


def test_a_name_holding_a_line_break_keeps_its_date_and_size():
    """nginx writes a name's line break as it is, inside the link's text: the row goes on
    past it to the date and size after the link (only a break outside a link ends a row)."""
    text = nginx_body([nginx_line(b'line\nbreak/', '31-Aug-2026 10:00', '-'),
                       nginx_line(b'plain.txt', '30-Aug-2026 10:00', '7')])
    assert nginx_page(text) is None
    entries = read_html_listing(page_of_html(text), SOURCE, READER)['entries']
    assert [[entry['name'], entry['type'], entry['mtime'], entry['size']] for entry in entries] == [
        ['line\nbreak', 'directory', utc(2026, 8, 31, 10), None],
        ['plain.txt', 'file', utc(2026, 8, 30, 10), 7]]


def test_ls_columns_give_the_size_and_not_the_link_count():
    """thttpd writes ls's columns before each link: the mode, the link count, the size and
    the date; the size is the number nearest before the date. A first row with an old date
    (a day, no clock) does not make the page's clock a day."""
    text = ('<html><head><title>Index of /files/</title></head><body><pre>\n'
            'mode  links    bytes  last-changed  name\n    <hr>'
            'dr-x   3        4096  Aug 31 14:58  <a href="/../">..</a>/\n'
            '-r--   1   335910500  Oct  3  2019  <a href="/files/big.iso">big.iso</a>\n'
            '-r--   2           6  Aug 20 08:30  <a href="/files/small.txt">small.txt</a>\n'
            'dr-x   2        4096  Oct  3  2019  <a href="/files/old%20dir/">old dir</a>/\n'
            '</pre></body></html>')
    listing = read_html_listing(page_of_html(text), SOURCE, READER)
    assert [[entry['name'], entry['type'], entry['mtime'], entry['size']]
            for entry in listing['entries']] == [
        ['big.iso', 'file', utc(2019, 10, 3), 335910500],
        ['small.txt', 'file', utc(2026, 8, 20, 8, 30), 6],
        ['old dir', 'directory', utc(2019, 10, 3), None]]
    assert listing['precision'] == 60


def test_darkhttpd_before_1_14_marks_a_directory_after_its_link_and_links_the_parent_as_dotdot():
    """darkhttpd 1.13's page (darkhttpd.c, generate_dir_listing, at its tag v1.13): the path
    for its title and heading, no dates, a directory's link without a '/' and a '/' right
    after it, the parent's link '..', a file's size after its link. A page of nothing but
    its children and its parent: a listing, whose directories are directories."""
    listing = read_html_listing(page_of_html(DARKHTTPD_1_13), SOURCE, READER)
    assert [[entry['name'], entry['type'], entry['mtime'], entry['size']]
            for entry in listing['entries']] == [['notes.txt', 'file', None, 1234],
                                                 ['old dir', 'directory', None, None]]


def test_a_size_split_by_markup_after_its_whole_part_is_one_size():
    """Cherokee writes a size's whole part in a span and the rest, its unit included, in the
    next ('4' '.9M'); from 10 units on the first is empty (' 12M'). Each is one size, near;
    a directory's '-' none."""
    listing = read_html_listing(page_of_html(CHEROKEE), SOURCE, READER)
    assert [[entry['name'], entry['type'], entry['mtime'], entry['size'], entry['sizeApprox']]
            for entry in listing['entries']] == [
        ['old dir', 'directory', utc(2019, 10, 3, 10), None, False],
        ['big.iso', 'file', utc(2026, 8, 31, 10), 49 * 1024 ** 2 // 10, True],
        ['bigger.iso', 'file', utc(2026, 8, 30, 10), 12 * 1024 ** 2, True],
        ['notes.txt', 'file', utc(2026, 8, 29, 10), 512, False]]


def test_hfs_2_4_gives_each_entry_the_date_and_size_in_the_block_after_its_link():
    """HFS 2.4's default template writes each entry's link in a block and its date and size
    in the next; the date in the server's locale (en-GB here: 17/10/2022 shows the page's
    day first), the size as bytes or one decimal and a unit. Its login, search, archive,
    sorting and breadcrumbs are buttons, and its one other link leaves the origin: the
    entries are the four children, the folder a directory."""
    listing = read_html_listing(page_of_html(HFS_2_4), SOURCE, READER)
    assert [[entry['name'], entry['type'], entry['mtime'], entry['size'], entry['sizeApprox']]
            for entry in listing['entries']] == [
        ['old dir', 'directory', utc(2022, 10, 17, 17, 35), None, False],
        ['big.iso', 'file', utc(2022, 4, 3, 9, 15), 49 * 1024 ** 2 // 10, True],
        ['a&b.txt', 'file', utc(2022, 6, 5, 10), 512, False],
        ['notes.txt', 'file', utc(2026, 8, 31, 10), 1024, True]]
    assert listing['precision'] == 60


def test_words_after_the_block_of_a_row_go_to_it_only_from_a_block_right_after_it():
    """A block of words alone right after the block of a link gives the link its words and
    stamps; a table row or a list item without a link, a block that is not the next of the
    link's block, and words that follow the block outside any block, give it nothing."""
    entries = read_html_listing(page_of_html(BLOCK_ROWS), SOURCE, READER)['entries']
    assert [[entry['name'], entry['mtime']] for entry in entries] == [
        ['a.txt', None], ['b.txt', None], ['c.txt', None], ['d.txt', None], ['e.txt', None],
        ['f.txt', utc(2022, 10, 17, 17, 35)], ['g.txt', utc(2022, 10, 17, 17, 35)]]


def iis_entries(locale):
    """[name, type, mtime, size] of each entry of the IIS page of IIS_ROWS[locale]."""
    listing = read_html_listing(page_of_html(iis_page(IIS_ROWS[locale])), SOURCE, READER)
    return [[entry['name'], entry['type'], entry['mtime'], entry['size']]
            for entry in listing['entries']]


def test_a_page_whose_one_date_shows_its_day_first_reads_all_its_dates_day_first():
    """en-GB's IIS page: 17/10/2022 can only be the 17th of October, so 03/04/2022 on the
    same page is the 3rd of April, though it comes first."""
    assert iis_entries('en-GB') == [['notes.txt', 'file', utc(2022, 4, 3, 9, 15), 1234],
                                    ['old dir', 'directory', utc(2022, 10, 17, 17, 35), None],
                                    ['b.txt', 'file', utc(2022, 6, 5, 10), 99]]


def test_a_page_whose_one_date_shows_its_month_first_reads_all_its_dates_month_first():
    """en-US's IIS page: 10/17/2022 can only be the 17th of October, and 03/04/2022 is the
    4th of March."""
    assert iis_entries('en-US') == [['notes.txt', 'file', utc(2022, 3, 4, 9, 15), 1234],
                                    ['old dir', 'directory', utc(2022, 10, 17, 17, 35), None],
                                    ['b.txt', 'file', utc(2022, 5, 6, 10), 99]]


def test_a_page_whose_every_date_could_be_either_reads_them_month_first_after_any_page():
    """Nothing on the page says: month first, as en-US writes them (docs/design.md, Dates),
    even right after a page read day first; and a date read alone after it, too."""
    iis_entries('en-GB')
    assert iis_entries('either') == [['notes.txt', 'file', utc(2022, 3, 4, 9, 15), 1234],
                                     ['b.txt', 'file', utc(2022, 5, 6, 10), 99]]
    iis_entries('en-GB')
    assert find_date('05/06/2022 10:00'.split(), NOW)['seconds'] == utc(2022, 5, 6, 10)


def test_a_word_that_is_no_date_does_not_decide_the_order():
    """'24/7' has a first number past 12 but is no date: the page's dates stay month first."""
    text = ('<html><head><title>Index of /files/</title></head><body><ul>'
            '<li>24/7 <a href="a.txt">a.txt</a> 03/04/2022 09:15</li></ul></body></html>')
    entries = read_html_listing(page_of_html(text), SOURCE, READER)['entries']
    assert [entry['mtime'] for entry in entries] == [utc(2022, 3, 4, 9, 15)]


def kinds(text, url=SOURCE['url']):
    """[name, type] of each entry of the page text at url."""
    listing = read_html_listing(page_of_html(text), {'url': url, 'now': NOW}, READER)
    return [[entry['name'], entry['type']] for entry in listing['entries']]


@pytest.mark.parametrize('rows, expected', [
    # An icon's alt text: '[DIR]' on the directory, '[   ]' on the file with a size.
    ('alt', [['old dir', 'directory'], ['notes.txt', 'file']]),
    # A '-' where a file shows its size, and on the directory linked with its '/'.
    ('dash', [['old dir', 'directory'], ['notes.txt', 'file'], ['new', 'directory']]),
    # The mark stands on a row that shows a size: it marks nothing.
    ('on a file', [['old dir', 'file'], ['notes.txt', 'file']]),
    # A directory linked with its '/' does not carry it: it marks nothing.
    ('not beside a slash', [['old dir', 'file'], ['new', 'directory'], ['notes.txt', 'file']]),
    # A '-' where no row shows a size is no size column's: it marks nothing.
    ('dash without sizes', [['old dir', 'file'], ['notes.txt', 'file']]),
    # Nor where only directories linked with their '/' carry it: a file of unknown size
    # shows a '-' too.
    ('dash beside slashes', [['old dir', 'file'], ['new', 'directory']]),
    # No row shows a size or a '/' to agree with: Yaws marks its archive of the directory
    # ('[DIR]', '-'), which is a file.
    ('alone', [['all.zip', 'file']]),
])
def test_a_directory_linked_without_its_slash_is_one_by_its_rows_mark_where_the_page_agrees(
        rows, expected):
    """A server that writes no '/' after a directory's link may mark it in its row: an
    icon's alt text, a '-' in the size column. The mark counts where the page's other rows
    agree with it: some show a size or a '/', and it stands on every row with a '/' and
    on none with a size (docs/design.md, What a listing is)."""
    assert kinds(marked_page(MARKED_ROWS[rows])) == expected


def test_a_directory_linked_without_its_slash_is_one_by_an_element_s_class():
    """An icon's class ('fa fa-folder'), a span's ('dir') or a table row's, in any case
    ('Directory'), marks a directory as a word of its row does: here the file shows a size
    and the directory linked with its '/' carries one ('icon-dir'). A class is no date and
    no size: the span's class stands between a date and its clock, the file's icon's class
    reads as a date and a size."""
    listing = read_html_listing(page_of_html(class_page(CLASS_ROWS['classes'])), SOURCE, READER)
    assert [[entry['name'], entry['type'], entry['mtime'], entry['size']]
            for entry in listing['entries']] == [
        ['old dir', 'directory', utc(2022, 10, 17, 17, 35), None],
        ['notes.txt', 'file', utc(2026, 8, 31, 10), 1234],
        ['docs', 'directory', utc(2026, 8, 30, 10), None],
        ['new', 'directory', utc(2026, 8, 29, 10), None]]
    assert listing['precision'] == 60


@pytest.mark.parametrize('rows, expected', [
    # The class stands on a row that shows a size too: it marks nothing.
    ('on a file', [['old dir', 'file'], ['notes.txt', 'file']]),
    # A directory linked with its '/' does not carry it: it marks nothing.
    ('not beside a slash', [['old dir', 'file'], ['new', 'directory'], ['notes.txt', 'file']]),
    # No class names a folder: 'fa-folder-open' and 'dir-ltr' go on past one, 'subdir'
    # and 'x\u2028dir' hold one inside.
    ('no folder', [['old dir', 'file'], ['notes.txt', 'file']]),
])
def test_a_class_marks_nothing_where_the_page_disagrees_or_it_names_no_folder(rows, expected):
    """A class counts under the words' rule (docs/design.md, What a listing is), and only a
    class word that is 'folder', 'dir' or 'directory', or ends in '-' and one of them."""
    assert kinds(class_page(CLASS_ROWS[rows])) == expected


def test_iis_s_dir_marks_a_directory_linked_without_its_slash():
    """IIS's '<dir>' in the size's place, on a page whose file shows a size."""
    assert kinds(iis_page(IIS_ROWS['no slash'])) == [['notes.txt', 'file'], ['old dir', 'directory']]


def test_a_table_led_by_root_and_up_links_is_a_listing_of_its_children():
    """A table that starts with '[Root]' and '[Up]', links to the root and the parent by
    their paths, then links each child by its name: a listing of the two children, whose
    directory shows nothing but its name. At /files/sub/ the parent is /files/."""
    assert kinds(ROOT_UP) == [['old dir', 'directory'], ['notes.txt', 'file']]
    for up in ['/files/', '/files']:
        deeper = ROOT_UP.replace('/files/', '/files/sub/').replace('"/">[Up]', '"' + up + '">[Up]')
        assert kinds(deeper, 'http://127.0.0.1/files/sub/') == [['old dir', 'directory'],
                                                                  ['notes.txt', 'file']]


@pytest.mark.parametrize('text', [
    ROOT_UP.replace('[Up]', 'Home'),            # a page's own link home, not a listing's
    ROOT_UP.replace('"/">[Up]', '"/other/">[Up]'),  # not above the directory
    ROOT_UP.replace('"/">[Up]', '"/fi">[Up]'),
    ROOT_UP.replace('"/">[Up]', '"//example.com/">[Up]'),
])
def test_links_to_the_root_or_beside_it_that_are_no_listings_navigation_keep_a_page_out(text):
    with pytest.raises(Problem):
        read_html_listing(page_of_html(text), SOURCE, READER)


def test_a_page_of_dates_year_first_is_read_once(monkeypatch):
    """IIS in Chinese writes '2017/8/10': a first number past 12, but a year, which reads
    alike in either order, so it shows nothing of the page's order and the page is not
    read a second time (each row's facts read once), to the same dates."""
    from bookmarklet.reading import html_listing
    read = []
    facts = html_listing.read_facts
    monkeypatch.setattr(html_listing, 'read_facts', lambda *given: read.append(1) or facts(*given))
    text = ('<html><head><title>Index of /files/</title></head><body><ul>'
            '<li><a href="a.txt">a.txt</a> 2017/8/10 17:35</li>'
            '<li><a href="b.txt">b.txt</a> 2017/3/4 09:15</li></ul></body></html>')
    entries = read_html_listing(page_of_html(text), SOURCE, READER)['entries']
    assert [entry['mtime'] for entry in entries] == [utc(2017, 8, 10, 17, 35), utc(2017, 3, 4, 9, 15)]
    assert len(read) == 2


def test_hfs_3_s_api_answer_reads_to_its_entries_by_their_bytes():
    """HFS's answer (tests/support/parity_cases.py HFS_ENTRIES, in its API's form): each
    entry of its list, a folder by its '/', its time to the millisecond cut to the second,
    a file's size exact; what a person may do there is no entry, and neither are p, web and
    comment. A link to elsewhere ({n, url}) is a file with no date: HFS's own link to it is
    its url, and the bookmarklet links no other origin."""
    listing = read_listing('application/json; charset=utf-8', hfs_body(HFS_ENTRIES), page_of_html,
                           SOURCE, READER)
    assert [[entry['name'], entry['href'], entry['type'], entry['mtime'], entry['size']]
            for entry in listing['entries']] == [
        ['docs', 'docs', 'directory', utc(2026, 8, 31, 10), None],
        ['read me.txt', 'read%20me.txt', 'file', utc(2026, 8, 30, 9, 8, 7), 7],
        ['100% #1 &+=.txt', '100%25%20%231%20%26%2B%3D.txt', 'file', utc(2026, 8, 29, 0, 0, 59), 0],
        ['café', 'caf%C3%A9', 'directory', 0, None],
        ['日本.bin', '%E6%97%A5%E6%9C%AC.bin', 'file', utc(2038, 1, 19, 3, 14, 8), 2 ** 53 - 1],
        ['locked', 'locked', 'directory', utc(2026, 8, 28), None],
        ['elsewhere', 'elsewhere', 'file', None, None],
        ['.hidden', '.hidden', 'file', utc(2026, 8, 27), 1]]
    assert [listing['format'], listing['precision'], listing['dated']] == ['json', 1, True]


@pytest.mark.parametrize('text', [
    json.dumps({'list': {'n': 'a'}}),                                      # no list
    hfs_body([{'n': 'a', 'm': '2026-08-31T10:00:00.000Z'}, {'m': '2026-08-31T10:00:00.000Z'}]),
    hfs_body([{'n': 'a/b', 's': 1}]),                                      # no name of one folder
    hfs_body([{'n': '../'}]),
    hfs_body([{'n': ['a']}]),
])
def test_an_hfs_3_answer_with_an_entry_it_cannot_name_is_no_listing(text):
    with pytest.raises(Problem):
        read_listing('application/json', text, page_of_html, SOURCE, READER)


@pytest.mark.parametrize('name', [b'plain', b'a dir', b'100%', b'%41', b'has#hash', b'q?', b'plus+and&eq=',
                                  'café'.encode(), '日本'.encode(), b"'();:@$,!*"])
def test_hfs_3_is_asked_for_the_listing_of_a_directory_by_its_path_s_bytes(name):
    """The path goes whole into the query's value: HFS reads the query (a '+' a space, '&'
    the next parameter, '%XX' a byte), then each segment of the path by decodeURIComponent
    (src/vfs.js, urlToNode), as urllib does here; so it finds the directory of these bytes."""
    directory = 'http://127.0.0.1:8080/top%20dir/' + quote_from_bytes(name, safe='') + '/'
    asked = listing_request_url(directory, {'jsonPrefixFrom': '/top%20dir/', 'jsonPrefixTo': '/x/'},
                                HFS_API)
    start = 'http://127.0.0.1:8080' + HFS_API
    assert asked.startswith(start) and '/' not in asked[len(start):]
    path = parse_qs(urlsplit(asked).query, strict_parsing=True)['uri']
    assert [[unquote_to_bytes(segment) for segment in value.split('/')] for value in path] == \
        [[b'', b'top dir', name, b'']]
