"""Listings exactly as nginx writes them, from names' bytes: its HTML page (autoindex on)
and its JSON (autoindex_format json), each written as nginx's own code writes it
(ngx_http_autoindex_module.c); and strategies that draw them."""

from urllib.parse import quote

from hypothesis import strategies as st


def nginx_line(name, stamp, size):
    """One line as nginx's autoindex writes it: the name's bytes escaped in the href, its
    text with its HTML escaped, the date and the size after spaces."""
    text = name.decode('utf-8', 'surrogateescape')
    shown = text.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;').replace('"', '&quot;')
    return '<a href="{}">{}</a>{}{} {}\r\n'.format(
        quote(name, safe="/-._~!$'()*+,;=:@"), shown, ' ' * (51 - len(text)), stamp, size)


def nginx_body(lines):
    return ('<html>\r\n<head><title>Index of /files/</title></head>\r\n<body>\r\n'
            '<h1>Index of /files/</h1><hr><pre><a href="../">../</a>\r\n' + ''.join(lines)
            + '</pre><hr></body>\r\n</html>\r\n')


# What ngx_escape_json writes for '"', '\\' and control characters (any other as \\u00XX).
JSON_ESCAPES = {'"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b',
                '\f': '\\f'}


def nginx_json_line(name, kind, stamp, size):
    """One entry as nginx's autoindex_format json writes it: the name's bytes as they are but
    for ngx_escape_json's escapes, the type, the date, a file's size."""
    text = ''.join(JSON_ESCAPES.get(char, '\\u%04X' % ord(char) if ord(char) < 0x20 else char)
                   for char in name.decode('utf-8', 'surrogateescape'))
    size_field = ', "size":{}'.format(size) if kind == 'file' else ''
    return '{{ "name":"{}", "type":"{}", "mtime":"{}"{} }}'.format(text, kind, stamp, size_field)


def nginx_json_body(lines):
    return '[\r\n' + ''.join(line + (',\r\n' if at < len(lines) - 1 else '\r\n')
                             for at, line in enumerate(lines)) + ']'


def is_entry_name(name):
    """True for the bytes of a name a listing may hold: not empty, no '/', not '.' or '..'."""
    return len(name) > 0 and b'/' not in name and name not in (b'.', b'..')


NAMES = st.binary(min_size=1, max_size=30).filter(is_entry_name)
# Names in UTF-8, as most are, so that most bodies drawn take the quick readings.
TEXT_NAMES = st.text(st.characters(exclude_categories=['Cs']), min_size=1, max_size=20).map(
    lambda text: text.encode('utf-8')).filter(is_entry_name)

VALID_STAMPS = ['Tue, 01 Sep 2026 12:34:56 GMT', 'Thu, 01 Jan 1970 00:00:00 GMT',
                'Fri, 31 Dec 2100 23:59:60 GMT']
# Sizes the quick reading takes (up to 15 digits), and those past it.
QUICK_SIZES = [0, 1234, 5000000000, 10 ** 15 - 1]


def page_lines(names):
    """[name, date, size] of an HTML page's lines; a directory's ('-', nginx's size for a
    directory alone) with its '/' after its name, as nginx writes it."""
    return st.lists(st.tuples(names, st.sampled_from(['01-Sep-2026 12:34', '31-Dec-1999 23:59']),
                              st.sampled_from(['-', '0', '1234', '10K', '5000000000'])).map(
        lambda line: (line[0] + b'/' if line[2] == '-' else line[0], line[1], line[2])), max_size=12)


def json_lines(names, stamps, sizes):
    """[name, type, date, size] of a JSON listing's lines."""
    return st.lists(st.tuples(names, st.sampled_from(['directory', 'file', 'other']),
                              st.sampled_from(stamps), st.sampled_from(sizes)),
                    min_size=1, max_size=12)


LINES = page_lines(NAMES)
JSON_LINES = json_lines(NAMES, VALID_STAMPS + ['Mon, 29 Feb 2027 12:34:56 GMT',
                                               'Mon, 01 Sep 2026 24:00:00 GMT',
                                               'Mon, 01 Sep 2026 12:34:56 UTC'],
                        QUICK_SIZES + [2 ** 53 - 1, 2 ** 53])


def nginx_bodies():
    """Bodies of either form nginx writes, half of them with every name in UTF-8, their dates
    and sizes of the forms the quick readings take."""
    return st.one_of([bodies(names) for names in [TEXT_NAMES, st.one_of(TEXT_NAMES, NAMES)]])


def bodies(names):
    """nginx_bodies of names."""
    return st.one_of(page_lines(names).map(
        lambda lines: nginx_body([nginx_line(*line) for line in lines])),
        json_lines(names, VALID_STAMPS, QUICK_SIZES).map(
            lambda lines: nginx_json_body([nginx_json_line(*line) for line in lines])))
