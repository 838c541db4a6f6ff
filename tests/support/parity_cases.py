"""The parity cases: inputs where CPython and JavaScript are known to part ways.

Sorting ties, code points past U+FFFF, integers past 2**31 and 2**32,
dates in 1970, 2038 and 2100, malformed dates and bytes.

tests/test_parity.py runs every case that core_cases() returns in CPython,
V8, JavaScriptCore and SpiderMonkey: a case added here runs in all of them.
A date format the listing reader learns belongs in LISTING_DATES.
"""

import json
from typing import Any
from urllib.parse import quote

from bookmarklet.freshness import SCHEMA
from tests.support.html_page import page_of_html
from tests.support.fixture_corpus import fixture_names, load
from tests.support.saved_corpus import saved_names, load_saved

# Where and when the listings of these cases were served (2026-09-01T12:34:56Z), and the
# page reading of a body that is not HTML (never read).
SOURCE = {'url': 'http://127.0.0.1/files/', 'now': 1788266096}
NO_PAGE: dict[str, Any] = {'heads': [], 'rows': []}

# Every form of size and date the HTML reader knows (docs/design.md, What a listing is).
SIZE_FORMS = [('533', 'KB'), ('533KB', ''), ('426', 'K'), ('2.3', 'GB'), ('1,234,567', ''),
              ('1.2k', ''), ('9', 'bytes'), ('12B', ''), ('5.1', 'GiB'), ('1,23', ''), (',123', ''),
              ('1.234,5', ''), ('7', 'kb'), ('3', 'TiB')]
DATE_FORMS = ['17-Oct-2022 17:35', '2022-Oct-17 17:35:02', '2022-10-17 17:35', '17Oct2022 17:35',
              '2001-APR-26', '17-oct-2022 17:35', 'Monday, October 17, 2022  5:35 PM',
              '10/17/2022 5:35 PM', '10/17/2022 12:05 AM', '10/17/2022 12:05 PM',
              '2022-10-17T17:35:02Z', '2022-10-17T17:35:02.25+02:00', '2022-10-17T17:35:02',
              '2022-10-17T17:35', 'Mon, 17 Oct 2022 17:35:02 GMT', 'Thu Sep 29 21:19:50 CEST 2011',
              'Thu Sep 29 21:19:50 CST 2011', 'Sep 01 13:34', 'Dec 31 23:59', 'Jan 01  1970',
              '10/17/2022 05:35:02 PM -07:00', 'drwxr-xr-x root root 4096 Sep 01 13:34',
              '17-Oct-2022 25:35', '31-Feb-2022 10:00', '10/17/2022 13:05 PM', 'Oct 17, 2022',
              '17 October 2022 17:35', 'Sept 17 2022', '2022-10-17 17:35 1234',
              '17.10.2022 17:35', '2022.10.17 17:35', '17/10/2022 17:35', '03/10/2022 17:35',
              'Oct  3  2019', '32.10.2022', 'x/10/2022', '1.2.3']
CHILD_DIRECTORY = 'http://Files.example:8080/pub/caf%C3%A9/'
CHILD_LINKS = ['a.txt', './a.txt', 'dir/', './dir/', '/pub/caf%C3%A9/a.txt', '/pub/caf%c3%a9/d/',
               '/pub/café/a.txt', 'http://files.example:8080/pub/caf%C3%A9/a.txt',
               'HTTP://FILES.EXAMPLE:8080/pub/caf%C3%A9/a.txt', '//files.example:8080/pub/caf%C3%A9/x',
               'https://files.example:8080/pub/caf%C3%A9/a.txt', 'http://other.example/pub/caf%C3%A9/a',
               '/pub/caf%C3%A9/', '/pub/', '../', '..', '.', './', '?C=N;O=D', '#top', 'mailto:a@b.c',
               'javascript:history.back()', 'data:text/plain,x', 'a.txt?download', 'a.txt#frag',
               'sub/a.txt', '/pub/caf%C3%A9/sub/a.txt', '/pub/caf%C3%A9/d//', ' a.txt ', 'c:foo',
               '2022:notes.txt', 'bad%FFname', '%2e%2e', 'a%2Fb']

NGINX_HTML = (
    '<html>\r\n<head><title>Index of /files/</title></head>\r\n<body>\r\n'
    '<h1>Index of /files/</h1><hr><pre><a href="../">../</a>\r\n'
    '<a href="nested/">nested/</a>                                            '
    '15-Jul-2019 12:34                   -\r\n'
    '<a href="a%26b.txt">a&amp;b.txt</a>                                           '
    '15-Jul-2019 12:34                   1\r\n'
    '<a href="big.iso">big.iso</a>                                             '
    '01-Jan-2100 00:00          5000000000\r\n'
    '<a href="%E6%97%A5%E6%9C%AC%20%F0%9F%98%80.txt">\xe6\x97\xa5\xe6\x9c\xac ..&gt;</a>'
    '                            19-Jan-2038 03:14                  12\r\n'
    '<a href="bad%FFname">bad?name</a>                                          '
    '01-Jan-1970 00:00                   0\r\n'
    '</pre><hr></body>\r\n</html>\r\n')

NGINX_JSON = (
    '[\r\n{ "name":"nested", "type":"directory", "mtime":"Mon, 15 Jul 2019 12:34:56 GMT" },'
    '\r\n{ "name":"a&b \\"q\\".txt", "type":"file", "mtime":"Mon, 15 Jul 2019 12:34:56 GMT", "size":1 },'
    '\r\n{ "name":"big.iso", "type":"file", "mtime":"Fri, 01 Jan 2100 00:00:00 GMT", "size":5000000000 },'
    '\r\n{ "name":"loop", "type":"other", "mtime":"Thu, 01 Jan 1970 00:00:00 GMT" }\r\n]')


# Dates as listings write them, one list per place the reader looks. Dates that
# are not (yet) accepted stay in: both sides must refuse them alike.
LISTING_DATES = {
    # the mtime of nginx's JSON listing: RFC 1123, or ISO 8601 from forks and proxies
    'json': [
        'Mon, 15 Jul 2019 12:34:56 GMT', 'Thu, 01 Jan 1970 00:00:00 GMT',
        'Wed, 31 Dec 1969 23:59:59 GMT', 'Mon, 01 Jan 0001 00:00:00 GMT',
        'Fri, 31 Dec 9999 23:59:59 GMT', 'Sat, 01 Jan 10000 00:00:00 GMT',
        'Sat, 01 Jan 999999999999999 00:00:00 GMT', 'Mon, 15 Jul 2019 12:34:60 GMT',
        '2019-07-15T12:34:56Z', '2019-07-15 12:34:56Z', '2019-07-15T12:34:56.5Z',
        '2019-07-15T12:34:56.123456789Z', '2019-07-15T14:34:56+02:00', '2019-07-15T07:04:56-05:30',
        '0001-01-01T00:00:00+14:00', '9999-12-31T23:59:59-12:00', '2019-07-15T12:34Z',
        '2019-07-15T12:34:56', '2019-07-15T12:34:56+0200', '15-Jul-2019 12:34',
    ],
    # the date and time after each link of an HTML listing: nginx's, and the
    # Apache and lighttpd forms a reader may come to accept
    'html': [
        '15-Jul-2019 12:34', '01-Jan-1970 00:00', '31-Dec-1969 23:59', '01-Jan-0001 00:00',
        '31-Dec-9999 23:59', '29-Feb-2024 12:00', '29-Feb-2100 12:00', '15-Jul-2019 12:34:56',
        '2019-07-15 12:34', '2019-07-15 12:34:56', '2019-Jul-15 12:34:56', '15-jul-2019 12:34',
        '15-Jul-2019\u00a012:34', '15-Jul-2019 24:00', '1-Jul-2019 12:34', '15-Jul-19 12:34',
    ],
}


def entry(name, mtime, kind='file', size=None, approx=False):
    return {'name': name, 'href': quote(name.encode(), safe='-._~'), 'undecodable': False,
            'type': kind, 'mtime': mtime, 'size': size, 'sizeApprox': approx}


def html_listing_line(name, date, size):
    """One line of nginx's HTML listing for a file."""
    return '<a href="{0}">{0}</a>{1}{2}{3:>20}\r\n'.format(name, ' ' * (51 - len(name)), date, size)


def html_listing(lines):
    return ('<html>\r\n<head><title>Index of /d/</title></head>\r\n<body>\r\n'
            '<h1>Index of /d/</h1><hr><pre><a href="../">../</a>\r\n' + ''.join(lines)
            + '</pre><hr></body>\r\n</html>\r\n')


def json_listing(mtimes):
    return '[' + ','.join('{{ "name":"f{}", "type":"file", "mtime":"{}", "size":{} }}'.format(
        index, mtime, index) for index, mtime in enumerate(mtimes)) + ']'


def tie_cases(add):
    """Sorts where most keys are equal: a merge sort that compares with -1, 0 or 1 must
    give the stable order CPython gives, whatever the engine's own sort does with ties."""
    add('sort', [entry('same', 1000, 'file', index) for index in range(64)])
    add('sort', [entry('n{}'.format(index % 5), 1000 + index % 3, 'file', index) for index in range(200)])
    add('sort', [entry('n{}'.format(index % 4), None, 'file', index) for index in range(33)]
        + [entry('n{}'.format(index % 4), 7, 'file', index) for index in range(33)])
    add('sort', [entry('x', 2 ** 31 + index // 10, 'file', index) for index in range(50)])
    add('sort', [entry('d' if index % 2 else 'f', 5, 'directory' if index % 2 else 'file', index)
                 for index in range(41)])
    add('sort', [entry('a', 9 - index // 8, 'file', index) for index in range(72)])
    add('sort', [entry('a', index // 8, 'file', index) for index in range(72)])
    add('sort', [entry('\U0001F600', 1, 'file', index) for index in range(9)]
        + [entry('\uff01', 1, 'file', index) for index in range(9)])
    add('page', [entry('t', 0, 'file', index) for index in range(95)], 4, 30)


def far_time_cases(add):
    """The ends of the range: year 1, 9999, the edges of JavaScript's Date, 2**53."""
    for seconds in [-62135596800, -62135596801, -62167219200, 253402300799, 253402300800,
                    8640000000000, -8640000000000, 2 ** 53 - 1, -(2 ** 53 - 1), -86399, -86401]:
        add('format_iso', seconds)
    for seconds in [31536000 * 9999, -31536000 * 9999, 2 ** 53 - 1, -(2 ** 53 - 1), 31535999, 86399]:
        add('format_age', seconds)
    for text, offset in [('01-Jan-0001 00:00', 840), ('31-Dec-9999 23:59', -720),
                         ('01-Jan-1970 00:00', 1), ('19-Jan-2038 03:14', -840)]:
        add('parse_listing_date', text, offset)
    for size in [2 ** 53 - 1, 2 ** 40, 1024 ** 5 - 1, 1024 ** 6]:
        add('format_size', size)


def listing_date_cases(add):
    """Every date form the listing reader is given, through each way it reads it."""
    for text in LISTING_DATES['json']:
        add('parse_http_date', text)
        add('parse_iso_time', text)
    for text in LISTING_DATES['html']:
        for offset in [0, 60, -300, 345]:
            add('parse_listing_date', text, offset)
    settings = {'utcOffsetMinutes': 0}
    add('read_listing', 'application/json', json_listing(LISTING_DATES['json']), NO_PAGE, SOURCE, settings)
    page = html_listing([html_listing_line('f{}.txt'.format(index), text, index)
                         for index, text in enumerate(LISTING_DATES['html'])])
    for offset in [0, -90]:
        add('read_listing', 'text/html', page, page_of_html(page), SOURCE, {'utcOffsetMinutes': offset})


# Names as bytes: valid UTF-8, Latin-1, cut sequences, overlong forms, surrogates, the
# replacement character itself, and the four characters that show a Latin-1 byte.
NAME_BYTES = [b'plain-name', b'a&b c', 'ü'.encode(), '日本'.encode(), '\U0001F600'.encode(), b'%#?',
              b"<>\"'", b'caf\xe9', b'bad\xffname', b'\xc3', b'x\xe2\x82', b'\xed\xa0\x80',
              b'\xc0\xaf', b'\xf4\x90\x80\x80', b'\xf0\x9f\x98', b'caf\\xe9', '\ufffd'.encode(), b'',
              bytes(range(0, 128))]


def name_cases(add):
    """Bytes to links and readable names, and bodies to listing text (bookmarklet/names.py)."""
    for data in NAME_BYTES:
        add('name_of_bytes', data.decode('latin-1'))
        add('name_of_text', data.decode('utf-8', 'surrogateescape'))
        add('percent_encode', data.decode('latin-1'))
        add('body_text', data.decode('latin-1'))
        add('body_text', (b'\xef\xbb\xbf[' + data + b']').decode('latin-1'))
        for href in [quote(data, safe='-._~'), quote(data, safe='-._~;+&%').lower(),
                     data.decode('utf-8', 'surrogateescape')]:
            add('percent_decode', href)
            add('name_of_href', href)
    for text in ['%ZZ', '100%', 'a%2', '\ud800x', 'x\udcff\udc7f', 'e\u0301', '%u0041', 'a@b*c+d/e~f!',
                 '\ud800\uffff', '\udbff\ue000%e9']:
        add('name_of_text', text)
        add('name_of_href', text)
    for url in ['http://h/archive/caf%E9/', 'http://h:81/a;b+c%25d/?x#y', 'http://h/caf%C3%A9/a%2Fb/',
                'http://h', 'http://h/%F0%9F%98%80%ED%A0%80/', 'file:///x/%ZZ/']:
        add('readable_path', url)
    for reached in ['', 'http://h/r/a/', 'http://h/r/b/', 'http://h/elsewhere/', 'http://h.evil/r/a/',
                    'http://h/r']:
        add('redirect_problem', 'http://h/r/a/', reached, 'http://h/r/')
    nginx = ('[\r\n{ "name":"caf\xe9", "type":"directory", "mtime":"Tue, 01 Sep 2026 12:34:56 GMT" },'
             '\r\n{ "name":"caf\u00e9", "type":"file", "mtime":"Tue, 01 Sep 2026 12:34:56 GMT", "size":1 },'
             '\r\n{ "name":"caf\\u00e9 \\ud83d\\ude00", "type":"file", "mtime":"x", "size":2 },'
             '\r\n{ "name":"caf\xef\xbf\xbd", "type":"file", "mtime":"x", "size":3 }\r\n]')
    xml = ('<?xml version="1.0"?>\r\n<list>\r\n<directory mtime="2026-09-01T12:34:56Z">caf\xe9'
           '</directory>\r\n<file mtime="2026-09-01T12:34:56Z" size="1">caf\xc3\xa9 &amp;\xff</file>'
           '\r\n</list>\r\n')
    html = html_listing(['<a href="caf%E9/">caf\xe9/</a> 01-Sep-2026 12:34 -\r\n',
                         '<a href="caf\xe9.txt">caf\xe9.txt</a> 01-Sep-2026 12:34 1\r\n',
                         '<a href="caf\xc3\xa9.txt">caf\xc3\xa9.txt</a> 01-Sep-2026 12:34 2\r\n',
                         '<a href="caf%ef%bf%bd">caf?</a> 01-Sep-2026 12:34 3\r\n'])
    settings = {'utcOffsetMinutes': 0}
    for content_type, body in [('application/json', nginx), ('text/xml', xml), ('text/html', html)]:
        page = page_of_html(body.encode('latin-1').decode('utf-8', 'surrogateescape')) \
            if content_type == 'text/html' else NO_PAGE
        add('read_body', content_type, body, page, SOURCE, settings)


def eviction_cases(add):
    """What the cache gives up past its bounds: ties in visit times, orphans, the shown root."""
    visits: list[dict[str, Any]] = [{'root': 'http://h/' + name + '/', 'visitedAt': 1000 + index % 3}
                                    for index, name in enumerate('abcdefg')]
    records = [{'url': visit['root'] + 'd' + str(number) + '/', 'bytes': 100 + number}
               for visit in visits for number in range(3)]
    records += [{'url': 'http://h/gone/' + str(number) + '/', 'bytes': 50} for number in range(4)]
    for bounds in [{'roots': 100, 'records': 100, 'bytes': 10 ** 9},
                   {'roots': 2, 'records': 100, 'bytes': 10 ** 9},
                   {'roots': 100, 'records': 10, 'bytes': 10 ** 9},
                   {'roots': 100, 'records': 100, 'bytes': 900},
                   {'roots': 0, 'records': 0, 'bytes': 0}]:
        for current in ['http://h/a/', 'http://h/g/', 'http://h/gone/']:
            add('evictions', visits, records, current, bounds)
    # A mapped tree: records at any depth belong to the nearest visited root above them, and
    # none below the shown root goes.
    mapped = [{'url': 'http://h/a/' + path, 'bytes': 100} for path in
              ['', 'd0/x/', 'd0/x/y/z/', 'b/', 'b/c/', 'b/c/d/']]
    nested = visits + [{'root': 'http://h/a/b/', 'visitedAt': 999}]
    for current in ['http://h/a/', 'http://h/a/b/', 'http://h/g/']:
        add('evictions', nested, records + mapped, current, {'roots': 2, 'records': 10, 'bytes': 10 ** 9})
    add('record_bytes', {'url': 'http://h/a/', 'entries': [entry('caf\\xe9', 1), entry('b', 2)]})


def loose_value_cases(add):
    """Values a listing or a stored record may hold that JavaScript's == takes for others:
    read strictly, they mean the same on both sides (docs/design.md, Names are bytes)."""
    values = [['directory'], {'toString': 1}, 'directory', 'Directory', 1, '1', True, None, 5.0,
              1e300, 2 ** 53 - 1, 2 ** 53, -1, '5', 0.5, [5], -0.0]
    for value in values:
        add('is_exactly', value, 'directory')
        add('is_exactly', value, True)
        add('is_exactly', value, 1)
        add('exact_integer', value)
    settings = {'utcOffsetMinutes': 0}
    items = [{'name': 'v' + str(index), 'type': value, 'size': value, 'mtime': 'x'}
             for index, value in enumerate(values)]
    add('read_listing', 'application/json', json.dumps(items), NO_PAGE, SOURCE, settings)
    caddy = [{'name': 'c' + str(index), 'is_dir': value, 'is_symlink': value, 'size': value}
             for index, value in enumerate(values)]
    add('read_listing', 'application/json', json.dumps(caddy), NO_PAGE, SOURCE, settings)
    t = 1788220800
    sound = dict(entry('a', t, 'file', 1), seen=0)
    stored = {'url': 'http://h/d/', 'mtime': t, 'precision': 1, 'format': 'json', 'fetchedAt': t,
              'schema': SCHEMA, 'entries': [sound], 'gone': [], 'loopOf': '', 'bytes': 300}
    for field, value in [('schema', '3'), ('schema', True), ('schema', 3.0), ('schema', 2),
                         ('url', ['http://h/d/']), ('gone', {}), ('loopOf', None),
                         ('loopOf', 'http://elsewhere/'), ('loopOf', 'http://h/'),
                         ('gone', [dict(sound, href='%2e%2e')])]:
        add('stored_record', dict(stored, **{field: value}), 'http://h/d/')
    for field, value in [('type', ['file']), ('type', 'File'), ('sizeApprox', 1),
                         ('sizeApprox', 'true'), ('undecodable', 1), ('href', ['a'])]:
        add('stored_record', dict(stored, entries=[dict(sound, **{field: value})]), 'http://h/d/')


# Names a hostile server or record may hold: spaces and dots at the ends, control and
# C1 characters, backslashes, option-looking text, what is not UTF-8 (as hrefs).
HOSTILE_HREFS = ['%20..', '..%20', '%20lead.txt', 'lead.txt', 'caf%E9', 'caf%C3%A9', 'a%0Ab',
                 'tab%09', 'del%7F', 'c1%C2%85', 'back%5Cslash', '%2E%2E', '%2e%2e', 'a%2Fb',
                 '-O%20x', '%20dir%3D%2Ftmp', '%23x', '%3Fq', '%25', 'same', 'same', '%E2%80%AE',
                 '%252e', 'x%2541', '%25zz', '%C2%A0', '%C2%9F']


def trust_cases(add):
    """The checks of docs/design.md's Trust: export's local paths, the record, the visit."""
    root = 'http://h/r/'
    hits = []
    for href in HOSTILE_HREFS:
        hits.append({'path': href, 'href': root + href, 'type': 'file', 'mtime': 1,
                     'size': 1, 'sizeApprox': False})
        hits.append({'path': 'd/' + href, 'href': root + 'd/' + href, 'type': 'file',
                     'mtime': 1, 'size': 1, 'sizeApprox': False})
    hits.append({'path': 'same/', 'href': root + 'same/', 'type': 'directory', 'mtime': 1,
                 'size': None, 'sizeApprox': False})
    for format_name in ['urls', 'wget', 'aria2', 'json']:
        add('export_of', hits, format_name, root)
    add('left_out_text', [hit['path'] for hit in hits])
    add('left_out_text', ['a\nb'])
    for href in HOSTILE_HREFS + ['a/b/', '', 'a//']:
        add('local_path', root + href, root)
        add('is_path_below', root + href + '/', root)
    stored = {'url': 'http://h/d/', 'mtime': 5, 'precision': 1, 'format': 'json', 'fetchedAt': 9,
              'schema': SCHEMA, 'bytes': 300, 'entries': [], 'gone': [], 'loopOf': ''}
    for href in HOSTILE_HREFS:
        add('stored_record', dict(stored, entries=[{
            'name': quote_name(href), 'href': href, 'undecodable': False, 'type': 'file',
            'mtime': 5, 'size': 1, 'sizeApprox': False, 'seen': 0}]), 'http://h/d/')
    item = {'key': 'http://h/ http://h/a/b/', 'root': 'http://h/', 'url': 'http://h/a/b/',
            'depth': 2, 'mtime': 5, 'sums': [1, 2]}
    for value in [item, dict(item, key='http://h/a/b/'), dict(item, root='http://h/a/'),
                  dict(item, url='http://h/a/%2e%2e/', key='http://h/ http://h/a/%2e%2e/'),
                  dict(item, sums=[1]), dict(item, sums=[1, '2']), dict(item, depth=0, sums=[]),
                  dict(item, mtime='5'), dict(item, extra=1), dict(item, url='http://elsewhere/a/',
                                                               key='http://h/ http://elsewhere/a/')]:
        add('stored_frontier', [value, 'junk', None], 'http://h/')
    kept_map: dict[str, Any] = {'root': 'http://h/', 'state': 'done', 'done': 3, 'known': 3, 'failed': 1,
                'entries': 9, 'bytes': 10, 'startedAt': 5, 'endedAt': 9}
    changes: list[dict[str, Any]] = [{}, {'state': 'Done'}, {'done': 4}, {'failed': 4},
                                     {'endedAt': None}, {'known': -1}, {'root': 'http://h/a/'},
                                     {'entries': 1.5}]
    for changed in changes:
        add('stored_map', dict(kept_map, **changed), 'http://h/')
    add('stored_map', None, 'http://h/')
    for text in ['', 'a', 'a/b 1 2/', 'caf\u00e9 \U0001f600', 'x' * 5000]:
        add('text_sum', text)
    for visit in [{'root': 'http://h/', 'visitedAt': 5}, {'root': 'http://h/', 'visitedAt': '5'},
                  {'root': 'http://h/', 'visitedAt': 1e300}, {'root': 'http://h/'}, None, [5]]:
        add('stored_visit', visit, 'http://h/')
    from bookmarklet.settings import SETTINGS
    for fragment in ['{"pageSize":20,"title":"Caf\\u00e9"}', '{"jsonPrefixFrom":"/","jsonPrefixTo":".a.test/"}',
                     '{"pageSize":"20"}', '{"pageSize":1e3}', '{"pageSize":1001}', '{"pageSizes":[10,"10"]}',
                     '{"pageSizes":[10,10.0]}', '{"prefetch":"true"}', '{"__proto__":1}',
                     '{"constructor":1}', '{"jsonPrefixFrom":"/a/","jsonPrefixTo":"/a/"}',
                     '{"jsonPrefixFrom":"/a/","jsonPrefixTo":"/b\\u0000/"}', '%7B%22title%22:%22a%20b%22%7D']:
        add('chosen_settings', SETTINGS, 'https://h/s.js?v=1#' + fragment)
    for prefix in ['', '/', '//', '/a/', '/a', 'a/', '/a b/', '/a?/', '/a#/', '/a\\/', '/a\x7f/',
                   '/a\x00/', '/a\n/', '/caf\u00e9/', '@x/', '.x/', '/a/\n']:
        add('is_prefix', prefix)
    for choices in [{'pageSize': 20, 'scope': 'tree'}, {'pageSize': '20', 'scope': 'tree'},
                    {'pageSize': 20, 'scope': ['tree']}, {'pageSize': 20, 'scope': 'page', 'x': 1}]:
        add('stored_choices', choices)


def quote_name(href):
    """The text an href's bytes read as, where they are UTF-8 (else the href itself)."""
    from urllib.parse import unquote_to_bytes
    try:
        return unquote_to_bytes(href).decode('utf-8')
    except UnicodeDecodeError:
        return href


def portable_cases(add):
    """The helpers that stand in for Python's slices, join, dict methods and exceptions."""
    given: tuple
    for given in [('abcdef', 1, 3), ('abcdef', 2, None), ('abcdef', 0, 0), ('abc', 1, 9),
                  ('abc', 3, None), ('', 0, None), ([1, 2, 3], 1, None),
                  ([1, 2, 3], 0, 2), ([], 0, None)]:
        add('part', *given)
    for given in [(['a', 'b', 'c'], ', '), ([], ','), (['x'], '/'), (['', ''], '-')]:
        add('joined', *given)
    for record in [{}, {'b': 1, 'a': 2, '~__proto__': 3}, {'name': 'x', 'type': 'file'}]:
        add('keys_of', record)
    for key in ['a', 'missing', '~__proto__']:
        add('drop_key', {'a': 1, 'b': 2, '~__proto__': 3}, key)
    for index in [0, 2, 4]:
        add('remove_at', ['a', 'b', 'c', 'd', 'e'], index)
    for message in ['the page is not a directory listing', '']:
        add('problem_of', message)
    add('problem_of_native_error', None)


# Pages of directories as their rows show them (None: nothing yet), for the status line.
STATUS_LINES: list[list[Any]] = [[], [None, 'fresh'], ['pending', 'new'], ['fresh', 'failed'],
                ['failed'] * 3, ['failed'] * 9 + ['stale'], ['failed'] * 8 + ['new', 'changed']]


def core_cases():
    cases = []

    def add(kind, *given):
        cases.append({'kind': kind, 'input': list(given)})

    portable_cases(add)
    trust_cases(add)
    loose_value_cases(add)
    eviction_cases(add)

    ties = [entry(name, 1000) for name in ['b', 'a', 'B', 'é', 'e', '\uff01', '\U0001F600', 'a0', '']]
    add('sort', ties + [entry('new', 10000), entry('none', None), entry('old', 1)])
    add('sort', [entry('x', 1000), entry('y', 10000), entry('z', 2 ** 31 + 5)])
    add('sort', [entry('n{}'.format(i % 7), 1000 + i % 3) for i in range(40)])
    # Units past a pair, an escaped byte (U+DC80..U+DCFF) against a pair, a lone high
    # surrogate against the pair it starts.
    for pair in [('a', 'b'), ('\uff01', '\U0001F600'), ('\U0001F600', '\U0001F601'), ('ab', 'a'),
                 ('', 'a'), ('Z', 'a'), ('é', 'e\u0301'), ('a', 'a'), ('\U0001F600', '\U0001F600'),
                 ('x\U0001F600', 'x\U0001F600a'), ('\U0001F600b', '\U0001F600a'), ('\udce9', '\U0001F600'),
                 ('\udce9', '\ue000'), ('\U00010000', '\ud800\ue000'), ('\ud800', '\U00010000')]:
        add('compare_text', *pair)
    for text in ['Mon, 15 Jul 2019 12:34:56 GMT', 'Thu, 01 Jan 1970 00:00:00 GMT',
                 'Tue, 19 Jan 2038 03:14:08 GMT', 'Fri, 01 Jan 2100 00:00:00 GMT',
                 'Sat, 29 Feb 2020 23:59:59 GMT', 'Sun, 29 Feb 2021 00:00:00 GMT',
                 'Mon, 15 Jul 2019 12:34 GMT', 'Mon, 15 Jul 2019 12:34:56 UTC', '', 'garbage',
                 'Mon, 15 Foo 2019 12:34:56 GMT', 'Mon, 1x Jul 2019 12:34:56 GMT',
                 'Mon,  5 Jul 2019 12:34:56 GMT', 'Mon, \t5 Jul 2019 12:34:56 GMT',
                 'M n, 15 Jul 2019 12:34:56 GMT', 'Mon, 15 Jul 2019 12:34:56  GM',
                 'Mon, 15 Jul 2019 24:00:00 GMT', 'Mon, 15 Jul 2019 12:3x:56 GMT']:
        add('parse_http_date', text)
    for text in ['2019-07-15T12:34:56Z', '2019-07-15T12:34:56.789Z', '2019-07-15T14:34:56+02:00',
                 '2019-07-15T12:34:56-05:30', '1969-12-31T23:59:59Z', '9999-12-31T23:59:59Z',
                 '2019-07-15', '2019-13-15T12:34:56Z', '2019-07-15T12:34:56']:
        add('parse_iso_time', text)
    for text, offset in [('15-Jul-2019 12:34', 0), ('15-Jul-2019 12:34', 120),
                         ('01-Jan-1970 00:00', -60), ('19-Jan-2038 03:14', 0),
                         ('31-Dec-2099 23:59', 0), ('32-Jan-2019 12:34', 0), ('15-Jul-19 12:34', 0)]:
        add('parse_listing_date', text, offset)
    for seconds in [0, -1, 951782400, 2147483647, 2147483648, 4102444800, 253402300799]:
        add('format_iso', seconds)
    for seconds in [0, 59, 60, 3599, 7200, 86400 * 3, 86400 * 800, -120, -86400 * 2]:
        add('format_age', seconds)
    for size in [0, 1, 1023, 1024, 1536, 10239, 10240, 1048576 * 5 + 1, 5000000000, 2 ** 52]:
        add('format_size', size)
    for text in ['0', '42', '3000000000', '4294967297', '12abc', '', '-1', '007', '1.5']:
        add('parse_int', text)
    name_cases(add)
    settings = {'utcOffsetMinutes': 0}
    add('read_listing', 'application/json', NGINX_JSON, NO_PAGE, SOURCE, settings)
    add('read_listing', 'application/json', NGINX_JSON[:-20], NO_PAGE, SOURCE, settings)
    add('read_listing', 'application/json', '{"error": "nope"}', NO_PAGE, SOURCE, settings)
    add('read_listing', 'application/json', '[\r\n]', NO_PAGE, SOURCE, settings)
    add('read_listing', 'text/html', NGINX_HTML, page_of_html(NGINX_HTML), SOURCE, settings)
    add('read_listing', 'text/html', NGINX_HTML, page_of_html(NGINX_HTML), SOURCE, {'utcOffsetMinutes': 90})
    # Every name in UTF-8: its lines are read where nginx writes their facts (nginx_listing).
    utf8_only = NGINX_HTML.replace(NGINX_HTML[NGINX_HTML.index('<a href="bad'):NGINX_HTML.index('</pre>')], '')
    add('read_listing', 'text/html', utf8_only, page_of_html(utf8_only), SOURCE, {'utcOffsetMinutes': 90})
    add('read_listing', 'text/html', '<html>Login</html>', NO_PAGE, SOURCE, settings)
    add('read_html_listing', page_of_html(NGINX_HTML), SOURCE, settings)
    add('read_html_listing', {'heads': ['Index of /empty/'], 'rows': []}, SOURCE, settings)
    add('read_html_listing', {'heads': ['Sign in'], 'rows': []}, SOURCE, settings)
    for text in ['<?xml version="1.0"?>\r\n<list>\r\n<file mtime="2019-07-15T12:34:56Z" size="5000000000">'
                 'a&amp;b &#x1F600;&#233;&bogus; &#0;</file>\r\n<other mtime="1970-01-01T00:00:00Z">'
                 'x\x01</other>\r\n</list>\r\n',
                 '<?xml version="1.0"?>\r\n<list>\r\n<file mtime="2019-07-15T12:34:56Z">cut',
                 '<?xml version="1.0"?>\r\n<list>\r\n<blink>x</blink>\r\n</list>',
                 '<?xml version="1.0"?>\r\n<list>\r\n</list>\r\n']:
        add('read_listing', 'text/xml; charset=utf-8', text, NO_PAGE, SOURCE, settings)
    for text in ['/* callback */\r\ncb(' + NGINX_JSON + ');', '/* callback */\r\ncb(' + NGINX_JSON[:-9]]:
        add('read_listing', 'application/javascript', text, NO_PAGE, SOURCE, settings)
    add('read_listing', '', '/* callback */\r\ncb([]);', NO_PAGE, SOURCE, settings)
    add('read_listing', '', NGINX_JSON, NO_PAGE, SOURCE, settings)
    add('read_listing', 'application/json', '[{"name": "d/", "size": 4096, "is_dir": true, '
        '"mod_time": "2019-07-15T14:34:56.123456789+02:00", "is_symlink": false}, '
        '{"name": "l", "size": 9, "is_dir": false, "is_symlink": true, "mod_time": "x"}]', NO_PAGE, SOURCE, settings)
    for word, unit in [('1234', ''), ('5492165909', ''), ('10K', ''), ('1.5K', ''), ('0.1K', ''),
                       ('5.1G', ''), ('2M', ''), ('9', 'B'), ('1.5', 'KiB'), ('1024', 'KiB'),
                       ('-', ''), ('\u2014', ''), ('1.2.3K', ''), ('12abc', ''), ('.5K', ''),
                       ('3X', ''), ('7', 'Directory'), ('999.9E', '')] + SIZE_FORMS:
        add('parse_size', word, unit)
    for text in DATE_FORMS:
        add('find_date', text.split(), SOURCE['now'])
    for href in CHILD_LINKS:
        add('child_of', href, CHILD_DIRECTORY)
    for date, clock in [('15-Jul-2019', '12:34'), ('2019-07-15', '12:34'), ('2019-Jul-15', '12:34:56'),
                        ('2100-Jan-01', '00:00:45'), ('1970-01-01', '00:00'), ('2019-13-15', '12:34'),
                        ('2019-Foo-15', '12:34'), ('09/01/2026', '01:34:56'), ('15-07-2019', '12:34')]:
        add('parse_table_date', date, clock)
    prefixes = {'jsonPrefixFrom': '/files/', 'jsonPrefixTo': '/json/files/'}
    for url in ['http://h:8080/files/', 'http://h/files/a%20b/', 'http://h/other/files/', 'http://h/',
                'https://h/filesx/']:
        add('listing_request_url', url, prefixes)
    add('listing_request_url', 'http://h/files/', {'jsonPrefixFrom': '', 'jsonPrefixTo': ''})
    add('entry_view', entry('a b.txt', 1563194096, 'file', 1536), 'http://x/files/', 1563194096 + 7200)
    add('entry_view', entry('dir', None, 'directory'), 'http://x/', 0)
    t = 1788220800
    stored: dict[str, Any] = {'url': 'http://h/d/', 'mtime': t, 'precision': 1, 'format': 'json',
                              'fetchedAt': t + 1, 'schema': SCHEMA, 'bytes': 300,
                              'entries': [dict(entry('a', t, 'file', 1), seen=0)], 'gone': [],
                              'loopOf': ''}
    for given in [(None, t, 1, t + 9), (stored, t, 1, t + 9), (stored, t + 1, 1, t + 9),
                  (stored, t, 60, t + 9), (stored, t, 1, t + 86401), (stored, None, 1, t),
                  (dict(stored, fetchedAt=t + 69), t, 1, t + 9),
                  (dict(stored, fetchedAt=t + 70), t, 1, t + 9)]:
        add('cache_decision', given[0], given[1], given[2], given[3], 86400, False, True)
    for forced, live in [(True, True), (False, False), (True, False)]:
        add('cache_decision', stored, t, 1, t + 9, 86400, forced, live)
        add('cache_decision', None, t, 1, t + 9, 86400, forced, live)
    listing_value = {'format': 'html', 'entries': [entry('a', t, 'file', 1), entry('b', t)]}
    add('new_record', 'http://h/d/', t, 60, listing_value, t + 50, None)
    add('new_record', 'http://h/d/', t, 60, listing_value, t + 50, stored)
    # Gone: what the previous listing held and this one does not, then what was gone before
    # and has not come back.
    earlier = dict(stored, entries=[dict(entry('a', t, 'file', 1), seen=0),
                                    dict(entry('old', t, 'file', 1), seen=t)],
                   gone=[dict(entry('b', t), seen=t - 5), dict(entry('older', t), seen=t - 9)],
                   loopOf='http://h/')
    add('new_record', 'http://h/d/', t, 60, listing_value, t + 50, earlier)
    for value in [stored, None, {'schema': SCHEMA}, dict(stored, schema=1), dict(stored, fetchedAt='x'),
                  dict(stored, entries=[{'name': 'x'}]),
                  dict(stored, entries=[dict(stored['entries'][0], type='link')]),
                  dict(stored, entries=[dict(stored['entries'][0], type=None)]),
                  dict(stored, entries=[dict(stored['entries'][0], mtime='2019')]),
                  dict(stored, entries=[dict(stored['entries'][0], size='1')]),
                  dict(stored, entries=[dict(stored['entries'][0], size=True)]),
                  dict(stored, entries=[dict(stored['entries'][0], mtime=None, size=None)])]:
        add('stored_record', value, 'http://h/d/')
    add('status_after_fetch', 'recheck', stored, stored['entries'])
    add('status_after_fetch', 'recheck', stored, [])
    add('level_one_urls', ['http://h/r/a/', 'http://h/r/a/b/', 'http://h/r/', 'http://h/x/'], 'http://h/r/')
    add('entry_view', entry('h.iso', 0, 'file', 5476083302, True), 'http://x/', 0)
    listing = [entry('e{}'.format(i), i) for i in range(23)]
    for page, size in [(1, 10), (3, 10), (4, 10), (0, 10), (1, 30)]:
        add('page', listing, page, size)
    for statuses in STATUS_LINES:
        add('page_status', [None if s is None else {'status': s, 'problem': 'HTTP ' + str(i)}
                            for i, s in enumerate(statuses)], '3 entries · 1 KB')
    tie_cases(add)
    far_time_cases(add)
    listing_date_cases(add)
    return cases


def fixture_cases():
    """Every captured response, read as the bookmarklet reads it: HTML through the anchor
    records BeautifulSoup gives, which the browser's DOMParser gives alike."""
    cases = []
    for name in fixture_names():
        fixture = load(name)
        content_type = fixture['meta']['contentType']
        page = page_of_html(fixture['text']) if 'html' in content_type else NO_PAGE
        cases.append({'kind': 'read_body',
                      'input': [content_type, fixture['body'], page, fixture['source'],
                                fixture['settings']]})
        cases.append(quick_readings_case(fixture['text'], page, fixture['source'],
                                         fixture['settings']))
    return cases + saved_cases()


def quick_readings_case(text, page, source, settings):
    """A case of how the quick readings of a body agree with the general reader's."""
    return {'kind': 'quick_readings', 'input': [text, page, source, settings]}


def saved_cases():
    """Every saved page (tests/support/saved_corpus.py), read alike: each engine must give what
    CPython gives, whether or not that is yet the listing written down for it."""
    cases = []
    for name in saved_names():
        page = load_saved(name)
        parsed = page_of_html(page['text'])
        cases.append({'kind': 'read_body',
                      'input': [page['meta']['contentType'], page['body'], parsed,
                                page['source'], page['settings']]})
        cases.append(quick_readings_case(page['text'], parsed, page['source'], page['settings']))
    return cases
