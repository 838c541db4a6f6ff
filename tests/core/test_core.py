"""Core modules under CPython, checked against the standard library where it has the answer."""

import calendar
import email.utils
import random
import time
from urllib.parse import quote

import pytest

from bookmarklet.reading import times, names
from bookmarklet.shown import paging, display, progress
from bookmarklet.reading import order
from bookmarklet.reading.listing import read_listing
from bookmarklet.portable import Problem, parse_int, percent_decode, decode_utf8, iso_time
from tests.support.html_page import page_of_html
from tests.support.parity_cases import SOURCE, NGINX_HTML, NGINX_JSON

SETTINGS = {'utcOffsetMinutes': 0}
SAMPLE_SECONDS = [0, 1, 59, 86399, 951782400, 2147483647, 2147483648, 4102444800,
                  253402300799] + [random.Random(7).randrange(0, 253402300799) for _ in range(200)]


@pytest.mark.parametrize('seconds', SAMPLE_SECONDS)
def test_times_round_trip_through_the_standard_library(seconds):
    iso = time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime(seconds))
    assert iso_time(seconds) == iso
    assert times.parse_iso_time(iso) == seconds
    assert times.parse_http_date(email.utils.formatdate(seconds, usegmt=True)) == seconds
    listing_date = time.strftime('%d-%b-%Y %H:%M', time.gmtime(seconds))
    assert times.parse_listing_date(listing_date, 0) == seconds - seconds % 60


def test_listing_dates_in_local_time_are_moved_to_utc():
    assert times.parse_listing_date('15-Jul-2019 14:34', 120) == \
        calendar.timegm((2019, 7, 15, 12, 34, 0))


@pytest.mark.parametrize('text', ['', 'Mon, 15 Jul 2019', 'Mon, 31 Feb 2019 12:00:00 GMT',
                                  'Mon, 15 Jul 2019 25:00:00 GMT', 'Mon, 15 Jul 2019 12:34:56 PST',
                                  'Mon, 15 Jul 19 12:34:56 GMT', 'Sat, 01 Jan 10000 00:00:00 GMT',
                                  'Sat, 01 Jan 999999999999999 00:00:00 GMT'])
def test_malformed_http_dates_are_none(text):
    assert times.parse_http_date(text) is None


# nginx's width (29 characters) with a field that is not where nginx puts it: read as words.
@pytest.mark.parametrize('text', ['Mon,  5 Jul 2019 12:34:56 GMT', 'Mon, \t5 Jul 2019 12:34:56 GMT',
                                  'Mon,\u00a015 Jul 2019 12:34:56 GMT', ' Mon, 5 Jul 2019 12:34:56 GMT'])
def test_an_http_date_of_nginx_s_width_in_another_shape_reads_as_its_words(text):
    assert len(text) == 29
    assert times.parse_http_date(text) == calendar.timegm((2019, 7, int(text[5:7]), 12, 34, 56))


def test_ages_are_short_and_say_which_way():
    assert [times.format_age(s) for s in (5, 120, 7200, 86400 * 3, -7200)] == \
        ['just now', '2 min ago', '2 h ago', '3 d ago', 'in 2 h']


NAME_BYTES = [b'plain', b'a b&c', 'ü'.encode(), '日本語'.encode(), '\U0001F600 x'.encode(),
              b'%#?<>"\'', b'~._-', b'caf\xe9', b'bad\xffname', b'\xc3', b'x\xe2\x82',
              b'\xed\xa0\x80', b'\xc0\xaf', b'caf\\xe9', '\ufffd'.encode(), bytes(range(0, 128))]


def byte_string(data):
    """bytes as the reader takes them: one character per byte."""
    return data.decode('latin-1')


@pytest.mark.parametrize('data', NAME_BYTES, ids=repr)
def test_a_name_links_by_its_exact_bytes_and_reads_as_python_shows_them(data):
    named = names.name_of_bytes(byte_string(data))
    assert named['href'] == quote(data, safe='-._~')
    assert percent_decode(named['href']) == byte_string(data)
    assert named['name'] == data.decode('utf-8', 'backslashreplace')
    assert named['undecodable'] == (data.decode('utf-8', 'replace') != data.decode('utf-8', 'ignore'))


@pytest.mark.parametrize('data', NAME_BYTES, ids=repr)
def test_a_name_in_listing_text_or_an_href_keeps_its_bytes(data):
    text = data.decode('utf-8', 'surrogateescape')
    assert names.name_of_text(text) == names.name_of_bytes(byte_string(data))
    # An href as servers write it: percent-encoded, or some bytes raw.
    for href in (quote(data, safe='-._~'), quote(data, safe='-._~;+&\'%'), text):
        assert names.name_of_href(href) == names.name_of_bytes(byte_string(data)), href


def test_two_names_that_read_alike_are_two_hrefs():
    latin1 = names.name_of_bytes(byte_string(b'caf\xe9'))
    written = names.name_of_bytes(byte_string(b'caf\\xe9'))
    replaced = names.name_of_bytes(byte_string('caf\ufffd'.encode()))
    assert latin1['name'] == written['name'] == 'caf\\xe9' and replaced['name'] == 'caf\ufffd'
    assert len({latin1['href'], written['href'], replaced['href']}) == 3
    assert [latin1['undecodable'], written['undecodable'], replaced['undecodable']] == \
        [True, False, False]


@pytest.mark.parametrize('seed', range(40))
def test_a_body_decodes_as_cpython_s_surrogateescape(seed):
    generator = random.Random(seed)
    pieces = [b'abc', '日本'.encode(), b'\xe9', b'\xff', b'\xc3', b'\xe2\x82', b'\xf0\x9f\x98\x80',
              b'\xed\xa0\x80', b'\xc0\xaf', b'\xf4\x90\x80\x80', b'\x80', b'{"name":"']
    data = b''.join(generator.choice(pieces) for _ in range(generator.randrange(0, 30)))
    expected = data.decode('utf-8', 'surrogateescape')
    assert names.body_text(byte_string(data)) == expected
    assert decode_utf8(byte_string(data), False) == expected


def test_a_body_s_byte_order_mark_is_dropped_as_fetch_drops_it():
    assert names.body_text(byte_string(b'\xef\xbb\xbf[]')) == '[]'
    assert names.body_text(byte_string(b'\xef\xbb\xbf[\xe9]')) == '[\udce9]'


@pytest.mark.parametrize('url, readable', [
    ('http://h/archive/caf%E9/', '/archive/caf\\xe9/'), ('http://h:81/a;b+c%25d/?x#y', '/a;b+c%d/'),
    ('http://h/caf%C3%A9/a%2Fb/', '/café/a/b/'), ('http://h', '/')])
def test_a_root_s_path_reads_as_names_do_whatever_its_bytes(url, readable):
    assert names.readable_path(url) == readable


@pytest.mark.parametrize('reached, problem', [
    ('', ''), ('http://h/r/a/', ''), ('http://h/r/b/', ''), ('http://h/r/a/x/', ''),
    ('http://h/elsewhere/', 'redirected to http://h/elsewhere/, outside this listing'),
    ('http://h.evil/r/a/', 'redirected to http://h.evil/r/a/, outside this listing'),
    ('http://h/r', 'redirected to http://h/r, outside this listing')])
def test_a_redirect_is_followed_only_inside_the_listing(reached, problem):
    assert names.redirect_problem('http://h/r/a/', reached, 'http://h/r/') == problem


def test_parse_int_is_exact_past_32_bits_and_refuses_junk():
    assert [parse_int(t) for t in ['0', '3000000000', '4294967297', '12abc', '', '-1']] == \
        [0, 3000000000, 4294967297, None, None, None]


def test_order_is_newest_first_then_by_code_point_and_stable():
    entries = [{'name': n, 'href': quote(n), 'mtime': m} for n, m in
               [('b', 5), ('a', 5), ('\U0001F600', 5), ('\uff01', 5), ('z', 9), ('none', None)]]
    assert [e['name'] for e in order.sorted_entries(entries)] == \
        ['z', 'a', 'b', '\uff01', '\U0001F600', 'none']
    shuffled = [{'name': 'n{}'.format(i % 10), 'href': 'n{}'.format(i % 10), 'mtime': i % 4, 'id': i}
                for i in range(200)]
    random.Random(3).shuffle(shuffled)
    expected = sorted(shuffled, key=lambda e: (-e['mtime'], e['name']))
    assert order.sorted_entries(shuffled) == expected


def test_paging_slices_and_clamps():
    items = list(range(23))
    assert paging.page_count(23, 10) == 3 and paging.page_count(0, 10) == 1
    assert paging.page_entries(items, 3, 10) == [20, 21, 22]
    assert paging.page_entries(items, 9, 10) == [20, 21, 22]
    assert paging.page_entries(items, 0, 10) == list(range(10))


def test_nginx_json_listing_reads_exactly():
    listing = read_listing('application/json', NGINX_JSON, page_of_html, SOURCE, SETTINGS)
    assert listing['format'] == 'json' and listing['precision'] == 1
    named = {'undecodable': False}
    assert listing['entries'] == [
        dict(named, name='nested', href='nested', type='directory', mtime=1563194096, size=None,
             sizeApprox=False),
        dict(named, name='a&b "q".txt', href='a%26b%20%22q%22.txt', type='file', mtime=1563194096,
             size=1, sizeApprox=False),
        dict(named, name='big.iso', href='big.iso', type='file', mtime=4102444800, size=5000000000,
             sizeApprox=False),
        dict(named, name='loop', href='loop', type='other', mtime=0, size=None, sizeApprox=False)]


def test_nginx_html_listing_takes_names_from_href_not_the_cut_text():
    listing = read_listing('text/html', NGINX_HTML, page_of_html, SOURCE, SETTINGS)
    assert listing['format'] == 'html' and listing['precision'] == 60
    assert [(e['name'], e['type'], e['size']) for e in listing['entries']] == [
        ('nested', 'directory', None), ('a&b.txt', 'file', 1), ('big.iso', 'file', 5000000000),
        ('日本 \U0001F600.txt', 'file', 12), ('bad\\xffname', 'file', 0)]
    assert listing['entries'][4]['href'] == 'bad%FFname' and listing['entries'][4]['undecodable']
    assert listing['entries'][0]['mtime'] == calendar.timegm((2019, 7, 15, 12, 34, 0))


@pytest.mark.parametrize('content_type, text', [
    ('application/json', NGINX_JSON[:-30]),
    ('application/json', '{"a": 1}'),
    ('text/html', '<html><body><form>Login</form></body></html>'),
    # A directory's own index.html links to its parent, as a listing does.
    ('text/html', '<html><head><title>Welcome</title></head><body><a href="../">Up</a> '
                  '<a href="page.html">Our page</a></body></html>'),
    ('text/html', '<html><head><title>200 OK</title></head><body><a href="../">Parent Directory'
                  '</a> <a href="?C=M;O=A">by date</a> <a href="?sort=size">by size</a>'),
])
def test_what_is_not_a_listing_is_an_error_not_an_empty_directory(content_type, text):
    with pytest.raises(Problem):
        read_listing(content_type, text, page_of_html, SOURCE, SETTINGS)


@pytest.mark.parametrize('title, sort_link', [
    ('Index of /x/', ''), ('Directory listing for /x/', ''),
    ('/x/', '?sort=name&order=asc'), ('/x/', '?C=N;O=D')])
def test_a_listing_is_known_by_its_title_or_its_sort_by_name_link(title, sort_link):
    page = '<html><head><title>{}</title></head><body><a href="{}">Name</a> ' \
        '<a href="a.txt">a.txt</a></body></html>'.format(title, sort_link)
    listing = read_listing('text/html', page, page_of_html, SOURCE, SETTINGS)
    assert [entry['name'] for entry in listing['entries']] == ['a.txt']


def entry(name, kind='file', mtime=1563194096, size=None, approx=False, data=None):
    """An entry as the reader gives it, of name's UTF-8 or of the bytes data."""
    named = names.name_of_bytes(byte_string(name.encode() if data is None else data))
    return dict(named, type=kind, mtime=mtime, size=size, sizeApprox=approx)


def test_entry_view_gives_contract_strings():
    view = display.entry_view(entry('a b', size=1536), 'http://h/files/', 1563194096 + 60)
    assert view == {'name': 'a b', 'type': 'file', 'href': 'http://h/files/a%20b',
                    'undecodable': '', 'mtime': '2019-07-15T12:34:56Z', 'size': '1536',
                    'age': '1 min ago', 'sizeText': '1.5 KB'}


def test_a_row_links_to_the_bytes_of_a_name_that_is_not_utf8_and_says_so():
    view = display.entry_view(entry('', 'directory', data=b'caf\xe9'), 'http://h/a%3Bb/', 0)
    assert [view['name'], view['href'], view['undecodable']] == \
        ['caf\\xe9', 'http://h/a%3Bb/caf%E9/', 'true']


# The cache decision -------------------------------------------------------

from bookmarklet.cache import decision, records, checked  # noqa: E402
from bookmarklet.cache.eviction import record_bytes  # noqa: E402

T = 1788220800  # a directory's mtime, on a whole minute
DAY = 86400


def record(mtime, fetched_at, precision=1, names=('a',)):
    value = {'url': 'http://h/d/', 'mtime': mtime, 'precision': precision, 'format': 'json',
             'fetchedAt': fetched_at, 'gone': [], 'loopOf': '', 'schema': records.SCHEMA,
             'entries': [dict(entry(n, mtime=T, size=1), seen=0) for n in names]}
    return dict(value, bytes=record_bytes(value))


@pytest.mark.parametrize('case, expected', [
    ((None, T, 1, T + 600), 'new'),
    ((record(T, T + 600), T + 1, 1, T + 900), 'changed'),
    ((record(T, T + 600), T, 1, T + 900), 'hit'),
    ((record(T, T + 600), T, 1, T + 600 + DAY), 'recheck'),          # past stale-after
    ((record(T, T), T, 1, T + 900), 'recheck'),                      # fetched in mtime's own second
    ((record(T, T + 1), T, 1, T + 900), 'hit'),                      # fetched after that second
    ((record(T, T + 30, 60), T, 60, T + 900), 'recheck'),            # HTML: within the minute
    ((record(T, T + 60, 60), T, 60, T + 900), 'hit'),                # HTML: the minute had ended
    ((record(T + 37, T + 600), T, 60, T + 900), 'hit'),              # JSON record, HTML root
    ((record(T + 37, T + 600), T + 60, 60, T + 900), 'changed'),
    ((record(T + 3600, T), T + 3600, 1, T + 10), 'hit'),             # mtime ahead of the clock...
    ((record(T + 3600, T), T + 3600, 1, T + 3600), 'recheck'),       # ...until it arrives
    ((record(None, T), None, 1, T + 10), 'recheck'),                 # no dates: no change signal
])
def test_cache_decision_follows_every_freshness_rule(case, expected):
    given_record, mtime, precision, now = case
    assert decision.cache_decision(given_record, mtime, precision, now, DAY, False, True) == expected


@pytest.mark.parametrize('forced, live', [(True, True), (False, False), (True, False)])
def test_a_record_never_stands_in_when_forced_or_read_off_the_loaded_page(forced, live):
    """A hit by every other rule: a person's refresh, or a parent listing as the page was
    loaded (its mtimes may be old news), still fetches; no record is still new."""
    trusted = record(T, T + 600)
    assert decision.cache_decision(trusted, T, 1, T + 900, DAY, False, True) == 'hit'
    assert decision.cache_decision(trusted, T, 1, T + 900, DAY, forced, live) == 'recheck'
    assert decision.cache_decision(None, T, 1, T + 900, DAY, forced, live) == 'new'


def test_new_record_remembers_when_each_entry_was_first_seen():
    listing = {'format': 'json', 'entries': [entry('a', mtime=T, size=1), entry('b', 'directory', T)]}
    first = records.new_record('http://h/d/', T, 1, listing, T + 100, None)
    assert [e['seen'] for e in first['entries']] == [0, 0]
    listing['entries'].append(entry('c', mtime=T, size=2))
    # Reads as the name before it, but is another: new, and a change.
    listing['entries'].append(entry('', mtime=T, data=b'\\xe9'))
    listing['entries'].append(entry('', mtime=T, data=b'\xe9'))
    second = records.new_record('http://h/d/', T + 5, 1, listing, T + 200, first)
    assert [e['seen'] for e in second['entries']] == [0, 0, T + 200, T + 200, T + 200]
    assert [records.appeared_since(e, T + 150) for e in second['entries']] == \
        [False, False, True, True, True]
    third = records.new_record('http://h/d/', T + 5, 1, listing, T + 300, second)
    assert [e['seen'] for e in third['entries']] == [e['seen'] for e in second['entries']]
    assert not records.appeared_since(second['entries'][2], None)
    assert decision.status_after_fetch('recheck', first, second['entries']) == 'changed'
    assert decision.status_after_fetch('recheck', first, first['entries']) == 'fresh'


SOUND = record(T, T, names=(' ..', 'a', 'caf\u00e9', 'x y'))  # in display order
SOUND_ENTRY = SOUND['entries'][0]


def tampered(**fields):
    """SOUND with its first entry's fields replaced."""
    return dict(SOUND, entries=[dict(SOUND_ENTRY, **fields)] + SOUND['entries'][1:])


@pytest.mark.parametrize('value', [
    'text', [], {'schema': 0}, dict(SOUND, schema=1), dict(SOUND, url='http://h/x/'),
    dict(SOUND, entries=[{'name': 'a', 'type': 'file', 'mtime': T, 'size': 1,
                          'sizeApprox': False, 'seen': 0}]),
    dict(SOUND, entries='x'), dict(SOUND, entries=[{'name': 1, 'seen': 0}]),
    dict(SOUND, fetchedAt='yesterday'), dict(SOUND, bytes='1 KB'),
    # numbers that are no numbers, or out of range
    dict(SOUND, fetchedAt=float('nan')), dict(SOUND, mtime=float('inf')), dict(SOUND, precision=0),
    dict(SOUND, bytes=-1), tampered(seen=float('nan')), tampered(mtime=1e300), tampered(size=-5),
    tampered(size=float('inf')),
    # keys no record has
    dict(SOUND, extra=1), tampered(dir=' ..'),
    # names no listing gives, and hrefs that are not their name's bytes
    tampered(name='../../../../home/u/.config/autostart/x.desktop',
             href='..%2F..%2F..%2F..%2Fhome%2Fu%2F.config%2Fautostart%2Fx.desktop'),
    tampered(name='..', href='..'), tampered(name='.', href='.'), tampered(name='', href=''),
    tampered(href='a\n dir=/tmp'), tampered(href='//attacker.example/x'),
    tampered(href='http://attacker.example/x'), tampered(href='%2e%2e'), tampered(href='%61'),
    tampered(name='b'), tampered(undecodable=True), tampered(type='directory<'),
    # entries no listing gives in this order: the server's, directories first
    dict(SOUND, entries=SOUND['entries'][1:] + SOUND['entries'][:1]),
])
def test_stored_values_of_another_schema_or_damaged_are_not_trusted(value):
    assert checked.stored_record(value, 'http://h/d/') == checked.DAMAGED


def test_a_sound_stored_record_is_trusted_and_nothing_stored_is_none():
    assert checked.stored_record(SOUND, 'http://h/d/') == SOUND
    assert checked.stored_record(None, 'http://h/d/') is None


@pytest.mark.parametrize('value, visited', [
    ({'root': 'http://h/', 'visitedAt': T}, T), ({'root': 'http://h/', 'visitedAt': float('nan')}, None),
    ({'root': 'http://h/', 'visitedAt': '1'}, None), ({'root': 'http://h/x/', 'visitedAt': T}, None),
    ({'root': 'http://h/', 'visitedAt': T, 'x': 1}, None), (None, None), ([T], None),
])
def test_a_visit_is_trusted_only_when_sound(value, visited):
    assert checked.stored_visit(value, 'http://h/') == visited


@pytest.mark.parametrize('value, trusted', [
    ({'pageSize': 20, 'scope': 'tree'}, True), ({'pageSize': '20', 'scope': 'tree'}, False),
    ({'pageSize': 20, 'scope': 'all'}, False), ({'pageSize': 20.5, 'scope': 'page'}, False),
    ({'pageSize': 20}, False), ({'pageSize': 20, 'scope': 'page', 'more': 1}, False), (None, False),
])
def test_choices_are_trusted_only_when_sound(value, trusted):
    assert checked.stored_choices(value) == (value if trusted else None)


def test_a_record_below_the_root_is_spelled_as_a_listing_spells_it():
    root = 'http://h/r/'
    assert checked.is_path_below(root + 'a/caf%C3%A9/%20../', root)
    for url in [root, root + '%2e%2e/', root + 'a/../', root + 'a//', root + 'a', 'http://h/x/a/',
                root + 'a%2Fb/', root + '%61/']:
        assert not checked.is_path_below(url, root), url


def test_only_directories_directly_below_the_root_are_pruned():
    urls = ['http://h/r/a/', 'http://h/r/a/b/', 'http://h/r/', 'http://h/other/', 'http://h/r/c%2F/']
    assert records.level_one_urls(urls, 'http://h/r/') == ['http://h/r/a/', 'http://h/r/c%2F/']


def test_a_rounded_size_is_shown_as_near_and_promises_no_bytes():
    view = display.entry_view(entry('h.iso', mtime=None, size=5476083302, approx=True), 'http://h/', 0)
    assert view['size'] == '' and view['sizeText'] == '~5.1 GB'


@pytest.mark.parametrize('url, passed', [
    ('https://h/s.js?v=1', {}),
    ('https://h/s.js?v=1#{"pageSize":20,"title":"Caf\\u00e9 \\u0025"}',
     {'pageSize': 20, 'title': 'Café %'}),
    # as a browser serializes the loader's URL: quotes and spaces percent-encoded
    ('https://h/s.js?v=1#{%22pageSize%22:20,%22title%22:%22a%20b%22}',
     {'pageSize': 20, 'title': 'a b'}),
    ('https://h/s.js?v=1#{"jsonPrefixFrom":"/files/","jsonPrefixTo":"/json/files/"}',
     {'jsonPrefixFrom': '/files/', 'jsonPrefixTo': '/json/files/'}),
    ('https://h/s.js?v=1#not json', {}),
    ('https://h/s.js?v=1#[1]', {}),
])
def test_a_loader_passes_settings_in_its_script_url(url, passed):
    from bookmarklet.configured import chosen_settings
    from bookmarklet.settings import SETTINGS
    assert chosen_settings(SETTINGS, url) == {'used': dict(SETTINGS, **passed), 'problem': ''}


@pytest.mark.parametrize('fragment, refused', [
    # the JSON prefix that sent every listing request to another host
    ('{"jsonPrefixFrom":"/","jsonPrefixTo":".attacker.test/listing/"}', 'jsonPrefixTo'),
    ('{"jsonPrefixFrom":"/","jsonPrefixTo":"@attacker.test/"}', 'jsonPrefixTo'),
    ('{"jsonPrefixFrom":"/","jsonPrefixTo":"/x\\\\y/"}', 'jsonPrefixTo'),
    ('{"jsonPrefixFrom":"/a/","jsonPrefixTo":"/b/ c/"}', 'jsonPrefixTo'),
    ('{"jsonPrefixFrom":"/a/"}', 'prefix_alone'),
    ('{"jsonPrefixFrom":"/a/","jsonPrefixTo":"/a/"}', 'prefix_same'),
    ('{"pageSize":0}', 'pageSize'), ('{"pageSize":"20"}', 'pageSize'), ('{"pageSize":2.5}', 'pageSize'),
    ('{"pageSize":25}', 'size_not_offered'), ('{"pageSizes":[10,10]}', 'size_twice'),
    ('{"maxConcurrentRequests":100000}', 'maxConcurrentRequests'), ('{"prefetch":1}', 'prefetch'),
    ('{"title":["x"]}', 'title'), ('{"nothing":1}', 'nothing'), ('{"__proto__":{"pageSize":1}}', '__proto__'),
])
def test_a_passed_setting_the_build_s_rules_refuse_changes_nothing_and_is_said(fragment, refused):
    from bookmarklet.configured import chosen_settings
    from bookmarklet.settings import SETTINGS
    chosen = chosen_settings(SETTINGS, 'https://h/s.js?v=1#' + fragment)
    assert chosen['used'] == SETTINGS
    assert chosen['problem'] == 'Loader settings refused: ' + refused


def test_the_dates_remembered_stay_few_and_right_past_the_memory():
    """A listing of more distinct dates than the memory holds reads each right and never
    holds more than the memory's size."""
    start = calendar.timegm((1990, 1, 1, 0, 0, 0))
    for day in range(0, times.DATES_REMEMBERED + 1000):
        moment = time.gmtime(start + day * 86400)
        text = time.strftime('%d-%b-%Y', moment)
        assert times.parse_table_date(text, '12:34') == start + day * 86400 + 45240, text
        assert times.RECENT_DATES.date_count == len(times.RECENT_DATES.days_of) \
            <= times.DATES_REMEMBERED
    # Read again after the memory emptied: the same answer.
    assert times.parse_table_date('01-Jan-1990', '00:00') == start


def results(*statuses):
    return [None if s is None else {'status': s, 'problem': 'HTTP 403' if s == 'failed' else ''}
            for s in statuses]


@pytest.mark.parametrize('shown, expected', [
    ((), ('done', 0, 0, '0 of 0 directories loaded · 3 entries · 1 KB')),
    ((None, 'fresh'), ('loading', 1, 0, '1 of 2 directories loaded · 3 entries · 1 KB')),
    (('pending', 'new'), ('loading', 1, 0, '1 of 2 directories loaded · 3 entries · 1 KB')),
    (('fresh', 'failed'), ('done', 1, 1, '1 of 2 directories loaded, 1 failed · 3 entries · 1 KB')),
    (('failed',) * 3, ('broken', 0, 3, 'Nearly nothing could be loaded (0 of 3): HTTP 403.')),
    (('failed',) * 9 + ('stale',), ('broken', 1, 9,
                                    'Nearly nothing could be loaded (1 of 10): HTTP 403.')),
    (('failed',) * 8 + ('new', 'changed'), ('done', 2, 8,
                                            '2 of 10 directories loaded, 8 failed · 3 entries · 1 KB')),
])
def test_the_status_line_counts_what_rows_show_and_says_when_a_page_is_broken(shown, expected):
    """A failure is a mark; a page where a tenth or less loaded is broken, with its cause."""
    status = progress.page_status(results(*shown), '3 entries · 1 KB')
    assert (status['state'], status['loaded'], status['failed'], status['text']) == expected
    assert status['total'] == len(shown)
