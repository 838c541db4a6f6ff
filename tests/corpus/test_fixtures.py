"""Every captured listing reads to the entries written down for it (tests/support/fixture_tree.py).

The corpus comes from real servers (tools/capture_fixtures.py); the parity
test runs the same responses through the shipped bundle.
"""

import json

import pytest

from bookmarklet.portable import Problem
from bookmarklet.reading.listing import read_listing, format_of
from bookmarklet.reading.names import listing_request_url, body_text
from tests.support.fixture_corpus import fixture_names, load, FIXTURES
from tests.support.html_page import page_of_html
from tests.support.parity_cases import SOURCE

NAMES = fixture_names()
SERVERS = {'nginx', 'apache', 'lighttpd', 'caddy', 'python-http.server', 'nginx-fancyindex',
           'webfs', 'mini_httpd', 'micro_httpd', 'h2o', 'rclone', 'twisted', 'http-server',
           'serve', 'go', 'tomcat', 'jetty', 'yaws'}


def read(fixture):
    """The listing of a captured body, read as the browser adapter hands it over: bytes."""
    return read_listing(fixture['meta']['contentType'], body_text(fixture['body']), page_of_html,
                        fixture['source'], fixture['settings'])


def test_the_corpus_covers_every_server_and_format():
    metas = [load(name)['meta'] for name in NAMES]
    assert {meta['server'] for meta in metas} == SERVERS
    assert all(meta['version'] for meta in metas)
    formats = {load(name)['expected'].get('format') for name in NAMES}
    assert formats == {'json', 'jsonp', 'xml', 'html', None}


@pytest.mark.parametrize('name', NAMES)
def test_expected_entries_are_written_down_beside_each_body(name):
    expected = json.loads((FIXTURES / (name + '.expected.json')).read_text(encoding='utf-8'))
    assert expected in ({'error': True}, {'error': True, 'ownPage': True}) or 'entries' in expected


def test_the_hostile_names_survive_every_server():
    """Spaces, % # ? & < > " ', accents, CJK, control characters and bytes that are not UTF-8
    (shown as \\xff, linked as %FF)."""
    for name in ['nginx-json', 'nginx-html', 'apache-table', 'lighttpd', 'caddy-json',
                 'python-http-server']:
        entries = read(load(name))['entries']
        names = {entry['name'] for entry in entries}
        assert {'100% #1 ?.txt', 'a&b <c> "d" \'e\'.txt', 'café crème.txt', '日本語の名前.txt',
                'tab\there.txt', 'bell\x07.txt'} <= names, name
        assert [entry['name'] for entry in entries if entry['undecodable']] == \
            ['bad\\xed\\xb3\\xbfname.bin' if name.startswith('python') else 'bad\\xffname.bin'], name


@pytest.mark.parametrize('content_type, start, expected', [
    ('application/json', '[', 'json'), ('text/html', '[', 'html'), ('', '[\r\n]', 'json'),
    ('application/javascript', 'cb([])', 'javascript'), ('', '/* callback */', 'javascript'),
    ('text/xml; charset=utf-8', '<?xml', 'xml'), ('', '<?xml version="1.0"?>', 'xml'),
    ('', '<html>', 'html'), ('application/octet-stream', '<list>', 'xml'),
])
def test_the_format_comes_from_the_content_type_then_the_body(content_type, start, expected):
    assert format_of(content_type, start) == expected


@pytest.mark.parametrize('text', [
    '[\r\n{ "name":"a", "type":"file", "mtime":"Tue, 01 Sep 2026 12:34:56 GMT", "size":1 },\r\n{ "na',
    '<?xml version="1.0"?>\r\n<list>\r\n<file mtime="2026-09-01T12:34:56Z" size="1">a</file>\r\n',
    '/* callback */\r\ncb([\r\n{ "name":"a", "type":"file"',
    '<html><head><title>Sign in</title></head><body><a href="reset">Forgot?</a></body></html>',
])
def test_a_cut_or_foreign_response_is_an_error_not_an_empty_directory(text):
    content_type = 'text/html' if text.startswith('<html') else ''
    with pytest.raises(Problem):
        read_listing(content_type, text, page_of_html, SOURCE, {'utcOffsetMinutes': 0})


def test_json_at_a_separate_location():
    settings = {'jsonPrefixFrom': '/files/', 'jsonPrefixTo': '/json/files/'}
    assert listing_request_url('http://h:81/files/a%20b/', settings, '') == \
        'http://h:81/json/files/a%20b/'
    assert listing_request_url('http://h/elsewhere/', settings, '') == 'http://h/elsewhere/'
    assert listing_request_url('http://h/files/', {'jsonPrefixFrom': '', 'jsonPrefixTo': ''}, '') == \
        'http://h/files/'
