"""The listing reader under arbitrary input: it answers with a listing or a Problem
saying why not, never anything else, in CPython; and a fixed sample of the same
inputs reads identically in the parity build in every engine.

Inputs: any text under any Content-Type, bytes decoded as bookmarklet/reading/names.py's body_text
does (each byte that is not UTF-8 kept as U+DC80..U+DCFF),
JSON values of every shape where a listing's array should be, and the captured
fixtures (tests/fixtures/) cut, spliced and corrupted.
"""

import json
import math
from urllib.parse import quote, unquote_to_bytes

import pytest

from hypothesis import given, settings, HealthCheck, strategies as st

from bookmarklet.portable import Problem
from bookmarklet.reading.listing import read_listing
from bookmarklet.reading.times import DAY
from tests.parity.entry import run_cases
from tests.support.html_page import page_of_html
from tests.support.nginx_bodies import nginx_bodies
from tests.support.parity_cases import SOURCE, NO_PAGE, quick_readings_case
from tests.support.fixture_corpus import fixture_names, load
from tests.support.parity_harness import compare_in_every_engine, engine_versions, \
    unexpected_errors, quick_readings

FIXTURES = [load(name) for name in fixture_names()]

# Text that looks like XML goes through the HTML anchor reader too, as in the browser.
pytestmark = pytest.mark.filterwarnings('ignore::bs4.XMLParsedAsHTMLWarning')

CONTENT_TYPES = st.one_of(
    st.sampled_from(['application/json', 'application/javascript', 'text/xml; charset=utf-8',
                     'text/html', 'text/html; charset=utf-8', '', 'text/plain',
                     'application/octet-stream']),
    st.text(max_size=24))

SETTINGS = st.builds(lambda offset: {'utcOffsetMinutes': offset, 'jsonPrefixFrom': '',
                                     'jsonPrefixTo': ''},
                     st.integers(min_value=-900, max_value=900))

# Pieces that steer the reader into its branches: format marks, nginx's line shapes,
# entities, dates, sizes, separators.
PIECES = st.sampled_from([
    '[', ']', '{', '}', ',', '"', ':', '\r\n', ' ', '/*', '*/', '(', ');', '<?xml version="1.0"?>',
    '<list>', '</list>', '<file mtime="2019-07-15T12:34:56Z" size="1">', '</file>', '<directory>',
    '</directory>', '<other mtime="', '&amp;', '&#x1F600;', '&#0;', '&#', ';', '<a href="', '">',
    '</a>', '<a href="../">../</a>', '<title>Index of /x/</title>', '<pre>', '</pre>', '<td>',
    '</td>', '<tr>', '<time datetime="2019-07-15T12:34:56Z">', '15-Jul-2019 12:34', '2019-07-15 12:34',
    '"name":', '"type":"directory"', '"mtime":"Mon, 15 Jul 2019 12:34:56 GMT"', '"size":',
    '"is_dir":true', '"mod_time":', '%', '%E6%97', '%FF', '10K', '1.5 KiB', '-', '5000000000',
    '99999999999999999999', '\x00', '\ufffd', '\U0001F600', 'e\u0301', '__proto__', 'constructor',
])

TEXTS = st.one_of(
    st.text(max_size=400),
    st.lists(st.one_of(PIECES, st.text(max_size=8)), max_size=60).map(''.join),
    # Bodies as bookmarklet/reading/names.py's body_text decodes their bytes.
    st.binary(max_size=400).map(lambda data: data.decode('utf-8', 'surrogateescape')),
    st.lists(st.one_of(PIECES, st.binary(max_size=6).map(
        lambda data: data.decode('utf-8', 'surrogateescape'))), max_size=60).map(''.join),
)

JSON_SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-2 ** 63, max_value=2 ** 63),
    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=30), PIECES)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=5),
                            st.dictionaries(st.sampled_from(['name', 'type', 'mtime', 'size',
                                                             'is_dir', 'is_symlink', 'mod_time',
                                                             'x', '__proto__']),
                                            inner, max_size=6)),
    max_leaves=20)
JSON_LISTINGS = st.lists(JSON_VALUES, max_size=6).map(lambda value: json.dumps(value, ensure_ascii=False))


@st.composite
def mutated_fixtures(draw):
    """A captured response with a few cuts, insertions, repeats and changed characters."""
    fixture = draw(st.sampled_from(FIXTURES))
    text = fixture['text']
    for _ in range(draw(st.integers(min_value=1, max_value=4))):
        at = draw(st.integers(min_value=0, max_value=len(text)))
        span = draw(st.integers(min_value=0, max_value=80))
        how = draw(st.sampled_from(['cut', 'delete', 'insert', 'repeat', 'replace']))
        if how == 'cut':
            text = text[:at]
        elif how == 'delete':
            text = text[:at] + text[at + span:]
        elif how == 'insert':
            text = text[:at] + draw(st.one_of(PIECES, st.text(max_size=12))) + text[at:]
        elif how == 'repeat':
            text = text[:at + span] + text[at:at + span] + text[at + span:]
        else:
            text = text[:at] + draw(st.characters(exclude_categories=['Cs'])) + text[at + 1:]
    content_type = draw(st.one_of(st.just(fixture['meta']['contentType']), CONTENT_TYPES))
    return content_type, text, dict(fixture['settings'])


INPUTS = st.one_of(
    st.tuples(CONTENT_TYPES, TEXTS, SETTINGS),
    st.tuples(st.sampled_from(['application/json', '']), JSON_LISTINGS, SETTINGS),
    mutated_fixtures(),
)


def check_listing(listing):
    """A listing has the shape entries.py describes, whatever went in."""
    assert set(listing) == {'format', 'precision', 'dated', 'entries'}
    assert listing['precision'] in (1, 60, DAY)
    for entry in listing['entries']:
        assert isinstance(entry['name'], str) and entry['name'] not in ('', '.', '..')
        assert '/' not in entry['name']
        # Names are bytes: the href holds them exactly, the name shows them as Python does.
        data = unquote_to_bytes(entry['href'])
        assert quote(data, safe='-._~') == entry['href']
        assert entry['name'] == data.decode('utf-8', 'backslashreplace')
        assert entry['undecodable'] == (data.decode('utf-8', 'replace') != data.decode('utf-8', 'ignore'))
        assert entry['type'] in ('directory', 'file', 'other')
        for key in ('mtime', 'size'):
            value = entry[key]
            assert value is None or (isinstance(value, (int, float)) and not isinstance(value, bool)
                                     and math.isfinite(value) and abs(value) <= 2 ** 53), (key, value)
        assert entry['size'] is None or (entry['size'] >= 0 and entry['type'] == 'file')


def read(content_type, text, reader_settings):
    """The listing, or None for a Problem; any other exception fails the test."""
    try:
        listing = read_listing(content_type, text, page_of_html, SOURCE, reader_settings)
    except Problem as error:
        assert isinstance(error.problem, str) and error.problem != ''
        return None
    check_listing(listing)
    return listing


@settings(max_examples=300, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(INPUTS)
def test_the_reader_raises_only_its_own_error_on_any_input(given_input):
    read(*given_input)


@settings(max_examples=100, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(mutated_fixtures())
def test_mutated_fixtures_raise_only_the_readers_own_error(given_input):
    read(*given_input)


SAMPLE_SIZE = 300


def parity_sample():
    """SAMPLE_SIZE inputs drawn with a fixed seed (derandomized), as read_listing cases, each
    followed by a case of how its quick readings agree with the general reader."""
    cases = []

    @settings(max_examples=SAMPLE_SIZE, derandomize=True, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(INPUTS)
    def collect(given_input):
        content_type, text, reader_settings = given_input
        if len(cases) < 2 * SAMPLE_SIZE:
            page = page_of_html(text) if 'json' not in content_type else NO_PAGE
            cases.append({'kind': 'read_listing',
                          'input': [content_type, text, page, SOURCE, reader_settings]})
            cases.append(quick_readings_case(text, page_of_html(text), SOURCE, reader_settings))

    collect()
    return cases + nginx_sample()


NGINX_SAMPLE_SIZE = 100


def nginx_sample():
    """NGINX_SAMPLE_SIZE bodies as nginx writes them, drawn with a fixed seed, as cases of how
    their quick readings agree with the general reader: random text seldom takes a quick
    reading, nginx's own bodies often do (the HTML one only where every name is UTF-8)."""
    cases = []

    @settings(max_examples=NGINX_SAMPLE_SIZE, derandomize=True, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(nginx_bodies(), SETTINGS)
    def collect(text, reader_settings):
        if len(cases) < NGINX_SAMPLE_SIZE:
            cases.append(quick_readings_case(text, page_of_html(text), SOURCE, reader_settings))

    collect()
    return cases


def test_a_fixed_sample_reads_the_same_in_the_parity_build_in_every_engine(parity_bundle,
                                                                         firefox):
    cases = parity_sample()
    assert len(cases) == 2 * SAMPLE_SIZE + NGINX_SAMPLE_SIZE
    expected, _, found = compare_in_every_engine(
        'fuzzed listings through build/parity.js', run_cases, firefox, parity_bundle, cases,
        engine_versions(firefox))
    assert found == []
    assert unexpected_errors(expected) == []
    read_ok = sum(1 for case, result in zip(cases, expected)
                  if case['kind'] == 'read_listing' and 'result' in result)
    assert 0 < read_ok < SAMPLE_SIZE, 'the sample holds both listings and refusals'
    readings = quick_readings(cases, expected)
    assert readings['differs'] == 0
    assert readings['json'] >= NGINX_SAMPLE_SIZE // 4 and readings['html'] >= NGINX_SAMPLE_SIZE // 10
