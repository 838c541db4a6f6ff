"""Core modules under CPython, checked against the standard library where it has the answer."""

import calendar
import email.utils
import random
import time
from urllib.parse import quote

import pytest

from bookmarklet import times, names, order, paging, display
from bookmarklet.listing import read_listing
from bookmarklet.portable import Problem, parse_int
from tests.html_anchors import anchors_of_html
from tests.parity_cases import NGINX_HTML, NGINX_JSON

SETTINGS = {'utcOffsetMinutes': 0}
SAMPLE_SECONDS = [0, 1, 59, 86399, 951782400, 2147483647, 2147483648, 4102444800,
                  253402300799] + [random.Random(7).randrange(0, 253402300799) for _ in range(200)]


@pytest.mark.parametrize('seconds', SAMPLE_SECONDS)
def test_times_round_trip_through_the_standard_library(seconds):
    iso = time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime(seconds))
    assert times.format_iso(seconds) == iso
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


def test_ages_are_short_and_say_which_way():
    assert [times.format_age(s) for s in (5, 120, 7200, 86400 * 3, -7200)] == \
        ['just now', '2 min ago', '2 h ago', '3 d ago', 'in 2 h']


@pytest.mark.parametrize('name', ['plain', 'a b&c', 'ü', '日本語', '\U0001F600 x', '%#?<>"\'', '~._-'])
def test_names_encode_as_nginx_does_and_decode_back(name):
    encoded = names.percent_encode(name)
    assert encoded == quote(name.encode('utf-8'), safe='-._~')
    assert names.percent_decode(encoded) == [name, True]


@pytest.mark.parametrize('href, clean_part', [('bad%FFname', 'bad'), ('%C3', ''), ('x%E2%82', 'x')])
def test_bytes_that_are_not_utf8_decode_readably_and_are_flagged(href, clean_part):
    text, clean = names.percent_decode(href)
    assert not clean and text.startswith(clean_part) and '\ufffd' in text


def test_parse_int_is_exact_past_32_bits_and_refuses_junk():
    assert [parse_int(t) for t in ['0', '3000000000', '4294967297', '12abc', '', '-1']] == \
        [0, 3000000000, 4294967297, None, None, None]


def test_order_is_newest_first_then_by_code_point_and_stable():
    entries = [{'name': n, 'mtime': m} for n, m in
               [('b', 5), ('a', 5), ('\U0001F600', 5), ('\uff01', 5), ('z', 9), ('none', None)]]
    assert [e['name'] for e in order.sorted_entries(entries)] == \
        ['z', 'a', 'b', '\uff01', '\U0001F600', 'none']
    shuffled = [{'name': 'n{}'.format(i % 10), 'mtime': i % 4, 'id': i} for i in range(200)]
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
    listing = read_listing('application/json', NGINX_JSON, anchors_of_html, SETTINGS)
    assert listing['format'] == 'json' and listing['precision'] == 1
    assert listing['entries'] == [
        {'name': 'nested', 'type': 'directory', 'mtime': 1563194096, 'size': None,
         'sizeApprox': False},
        {'name': 'a&b "q".txt', 'type': 'file', 'mtime': 1563194096, 'size': 1, 'sizeApprox': False},
        {'name': 'big.iso', 'type': 'file', 'mtime': 4102444800, 'size': 5000000000,
         'sizeApprox': False},
        {'name': 'loop', 'type': 'other', 'mtime': 0, 'size': None, 'sizeApprox': False}]


def test_nginx_html_listing_takes_names_from_href_not_the_cut_text():
    listing = read_listing('text/html', NGINX_HTML, anchors_of_html, SETTINGS)
    assert listing['format'] == 'html' and listing['precision'] == 60
    assert [(e['name'], e['type'], e['size']) for e in listing['entries']] == [
        ('nested', 'directory', None), ('a&b.txt', 'file', 1), ('big.iso', 'file', 5000000000),
        ('日本 \U0001F600.txt', 'file', 12), ('bad\ufffdname', 'file', 0)]
    assert listing['entries'][0]['mtime'] == calendar.timegm((2019, 7, 15, 12, 34, 0))
    assert listing['undecodable'] == 1


@pytest.mark.parametrize('content_type, text', [
    ('application/json', NGINX_JSON[:-30]),
    ('application/json', '{"a": 1}'),
    ('text/html', '<html><body><form>Login</form></body></html>'),
])
def test_what_is_not_a_listing_is_an_error_not_an_empty_directory(content_type, text):
    with pytest.raises(Problem):
        read_listing(content_type, text, anchors_of_html, SETTINGS)


def test_entry_view_gives_contract_strings():
    view = display.entry_view({'name': 'a b', 'type': 'file', 'mtime': 1563194096, 'size': 1536,
                               'sizeApprox': False}, 'http://h/files/', 1563194096 + 60)
    assert view == {'name': 'a b', 'type': 'file', 'href': 'http://h/files/a%20b',
                    'mtime': '2019-07-15T12:34:56Z', 'size': '1536', 'age': '1 min ago',
                    'sizeText': '1.5 KB'}


# The cache decision -------------------------------------------------------

from bookmarklet import freshness  # noqa: E402

T = 1788220800  # a directory's mtime, on a whole minute
DAY = 86400


def record(mtime, fetched_at, precision=1, names=('a',)):
    return {'url': 'http://h/d/', 'mtime': mtime, 'precision': precision, 'format': 'json',
            'fetchedAt': fetched_at, 'schema': 1,
            'entries': [{'name': n, 'type': 'file', 'mtime': T, 'size': 1, 'sizeApprox': False,
                         'seen': 0} for n in names]}


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
    assert freshness.cache_decision(given_record, mtime, precision, now, DAY) == expected


def test_new_record_remembers_when_each_entry_was_first_seen():
    listing = {'format': 'json', 'entries': [
        {'name': 'a', 'type': 'file', 'mtime': T, 'size': 1, 'sizeApprox': False},
        {'name': 'b', 'type': 'directory', 'mtime': T, 'size': None, 'sizeApprox': False}]}
    first = freshness.new_record('http://h/d/', T, 1, listing, T + 100, None)
    assert [e['seen'] for e in first['entries']] == [0, 0]
    listing['entries'].append({'name': 'c', 'type': 'file', 'mtime': T, 'size': 2, 'sizeApprox': False})
    second = freshness.new_record('http://h/d/', T + 5, 1, listing, T + 200, first)
    assert [e['seen'] for e in second['entries']] == [0, 0, T + 200]
    assert [freshness.appeared_since(e, T + 150) for e in second['entries']] == [False, False, True]
    assert not freshness.appeared_since(second['entries'][2], None)
    assert freshness.status_after_fetch('recheck', first, second['entries']) == 'changed'
    assert freshness.status_after_fetch('recheck', first, first['entries']) == 'fresh'


@pytest.mark.parametrize('value', [
    None, 'text', [], {'schema': 0}, dict(record(T, T), schema=2), dict(record(T, T), url='http://h/x/'),
    dict(record(T, T), entries='x'), dict(record(T, T), entries=[{'name': 1, 'seen': 0}]),
    dict(record(T, T), fetchedAt='yesterday'),
])
def test_stored_values_of_another_schema_or_damaged_are_not_trusted(value):
    assert freshness.stored_record(value, 'http://h/d/') is None


def test_a_sound_stored_record_is_trusted():
    assert freshness.stored_record(record(T, T), 'http://h/d/') == record(T, T)


def test_only_directories_directly_below_the_root_are_pruned():
    urls = ['http://h/r/a/', 'http://h/r/a/b/', 'http://h/r/', 'http://h/other/', 'http://h/r/c%2F/']
    assert freshness.level_one_urls(urls, 'http://h/r/') == ['http://h/r/a/', 'http://h/r/c%2F/']


def test_a_rounded_size_is_shown_as_near_and_promises_no_bytes():
    view = display.entry_view({'name': 'h.iso', 'type': 'file', 'mtime': None, 'size': 5476083302,
                               'sizeApprox': True}, 'http://h/', 0)
    assert view['size'] == '' and view['sizeText'] == '~5.1 GB'


@pytest.mark.parametrize('url, passed', [
    ('https://h/s.js?v=1', {}),
    ('https://h/s.js?v=1#{"pageSize":20,"title":"Caf\\u00e9 \\u0025"}',
     {'pageSize': 20, 'title': 'Café %'}),
    # as a browser serializes the loader's URL: quotes and spaces percent-encoded
    ('https://h/s.js?v=1#{%22pageSize%22:20,%22title%22:%22a%20b%22}',
     {'pageSize': 20, 'title': 'a b'}),
    ('https://h/s.js?v=1#{"nothing":1}', {}),
    ('https://h/s.js?v=1#not json', {}),
    ('https://h/s.js?v=1#[1]', {}),
])
def test_a_loader_passes_settings_in_its_script_url(url, passed):
    from bookmarklet.configured import with_passed
    from bookmarklet.settings import SETTINGS
    assert with_passed(SETTINGS, url) == dict(SETTINGS, **passed)
