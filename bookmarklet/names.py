"""Entry names are bytes: from the listing to the link, the cache key and the request.

A file's name is the bytes its file system holds, which need not be UTF-8
(docs/design.md, Names are bytes). Three forms of them:

- a byte string: text of one character per byte, U+0000..U+00FF (a body as
  the browser adapter reads it, a name once decoded from an href);
- listing text: the body decoded by body_text, each byte that is not part of
  UTF-8 kept as one character U+DC80..U+DCFF (CPython's 'surrogateescape'),
  so JSON, XML and HTML are parsed as text and every name's bytes are still
  there;
- an entry's name fields (name_of_bytes): href, the bytes percent-encoded as
  nginx writes them, which links, cache keys and requests use; name, what a
  person reads: the UTF-8 text, each byte that is not UTF-8 shown as \\xe9;
  undecodable, whether any byte was shown so.

decodeURIComponent throws on bytes that are not UTF-8 and urllib replaces
them its own way, so bytes are decoded here, by hand, alike on both sides.
"""

from bookmarklet.portable import code_point, char_of, byte_at, utf8_text, is_ascii, ascii_href, \
    part

HEX = '0123456789ABCDEF'
UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~'
# Byte 0x80..0xFF that is not part of UTF-8 stands in listing text as this plus the byte.
ESCAPED = 0xDC00
BYTE_ORDER_MARK = '\ufeff'


def hex_value(char):
    """0 to 15 for a hex digit of either case, else -1."""
    return HEX.find(char.upper())


def utf8_bytes(text):
    """The byte string of listing text: each character's UTF-8, each U+DC80..U+DCFF the byte
    it stands for; any other lone surrogate (a JSON escape) becomes U+FFFD's bytes."""
    found = ''
    index = 0
    while index < len(text):
        point = code_point(text, index)
        value = point[0]
        index += point[1]
        if value >= ESCAPED + 0x80 and value <= ESCAPED + 0xFF:
            found += char_of(value - ESCAPED)
            continue
        if value >= 0xD800 and value <= 0xDFFF:
            value = 0xFFFD
        if value < 0x80:
            found += char_of(value)
        elif value < 0x800:
            found += char_of(0xC0 | (value >> 6)) + char_of(0x80 | (value & 0x3F))
        elif value < 0x10000:
            found += char_of(0xE0 | (value >> 12)) + char_of(0x80 | ((value >> 6) & 0x3F)) \
                + char_of(0x80 | (value & 0x3F))
        else:
            found += char_of(0xF0 | (value >> 18)) + char_of(0x80 | ((value >> 12) & 0x3F)) \
                + char_of(0x80 | ((value >> 6) & 0x3F)) + char_of(0x80 | (value & 0x3F))
    return found


def sequence_length(lead):
    """[length, lowest code point] of a UTF-8 sequence with this lead byte, or [0, 0]."""
    if lead >= 0xC2 and lead <= 0xDF:
        return [2, 0x80]
    if lead >= 0xE0 and lead <= 0xEF:
        return [3, 0x800]
    if lead >= 0xF0 and lead <= 0xF4:
        return [4, 0x10000]
    return [0, 0]


def sequence_at(data, index):
    """The code point of the UTF-8 sequence starting at index of a byte string (not ASCII),
    and its length, or [-1, 1] when that byte starts none."""
    shape = sequence_length(byte_at(data, index))
    length = shape[0]
    if length == 0 or index + length > len(data):
        return [-1, 1]
    value = byte_at(data, index) & (0xFF >> (length + 1))
    for offset in range(1, length):
        byte = byte_at(data, index + offset)
        if (byte & 0xC0) != 0x80:
            return [-1, 1]
        value = (value << 6) | (byte & 0x3F)
    if value < shape[1] or value > 0x10FFFF or (value >= 0xD800 and value <= 0xDFFF):
        return [-1, 1]
    return [value, length]


def decode_utf8(data, shown_byte):
    """The text of a byte string read as UTF-8, each byte that is not part of it given as
    shown_byte(byte). Decoding resumes at the next byte, so no valid character is lost, and
    each bad byte is one mark, as CPython's error handlers see them."""
    text = ''
    run = 0
    index = 0
    while index < len(data):
        if byte_at(data, index) < 0x80:
            index += 1
            continue
        text += part(data, run, index)
        found = sequence_at(data, index)
        if found[0] < 0:
            text += shown_byte(byte_at(data, index))
        else:
            text += char_of(found[0])
        index += found[1]
        run = index
    return text + part(data, run, None)


def escaped_byte(byte):
    """The character a byte that is not UTF-8 is carried as in listing text."""
    return char_of(ESCAPED + byte)


def shown_byte(byte):
    """A byte that is not UTF-8 as a person reads it: \\xe9, as Python writes it."""
    return '\\x' + HEX[byte >> 4].lower() + HEX[byte & 15].lower()


def body_text(data):
    """Listing text of a response body given as a byte string (module docstring). A
    leading byte order mark is dropped, as fetch's text() drops it."""
    text = utf8_text(data)
    if text == None:
        text = decode_utf8(data, escaped_byte)
    return part(text, 1, None) if text.startswith(BYTE_ORDER_MARK) else text


def percent_decode(text):
    """The byte string a percent-encoded href segment spells; characters not written as %XX
    are their own bytes (listing text: UTF-8, or the byte a U+DC80..U+DCFF stands for)."""
    if is_plain_ascii(text):
        # Most names: nothing to decode, and a listing may hold 100,000 of them.
        return text
    data = ''
    index = 0
    while index < len(text):
        if text[index] == '%' and index + 2 < len(text) and hex_value(text[index + 1]) >= 0 \
                and hex_value(text[index + 2]) >= 0:
            data += char_of(hex_value(text[index + 1]) * 16 + hex_value(text[index + 2]))
            index += 3
        else:
            span = code_point(text, index)[1]
            data += utf8_bytes(part(text, index, index + span))
            index += span
    return data


def is_plain_ascii(text):
    """True for text of ASCII characters with no '%' in it."""
    for char in text:
        if char == '%' or char >= '\x80':
            return False
    return True


def percent_encode(data):
    """A byte string as nginx writes it in an href: every byte but A-Z a-z 0-9 - . _ ~ as %XX."""
    text = ''
    for char in data:
        if UNRESERVED.find(char) >= 0:
            text += char
        else:
            byte = byte_at(char, 0)
            text += '%' + HEX[byte >> 4] + HEX[byte & 15]
    return text


def name_of_bytes(data):
    """An entry's name fields {name, href, undecodable} for its bytes (module docstring)."""
    if is_ascii(data):
        # Most names, and a listing may hold 100,000 of them: the native way.
        return {'name': data, 'href': ascii_href(data), 'undecodable': False}
    text = utf8_text(data)
    if text != None:
        return {'name': text, 'href': percent_encode(data), 'undecodable': False}
    return {'name': decode_utf8(data, shown_byte), 'href': percent_encode(data),
            'undecodable': True}


def name_of_text(text):
    """The name fields of a name a JSON or XML listing gives as listing text."""
    return name_of_bytes(text if is_ascii(text) else utf8_bytes(text))


def name_of_href(segment):
    """The name fields of the href an HTML listing links an entry with (one segment, without
    './' or the directory's '/'), taken as sent: its %XX are the name's bytes."""
    return name_of_bytes(percent_decode(segment))


def entry_url(directory_url, entry):
    """The absolute URL of an entry of the listing at directory_url; directories end in '/'."""
    return directory_url + entry['href'] + ('/' if entry['type'] == 'directory' else '')


def path_start(url):
    """Where the path of an absolute URL starts, or -1."""
    scheme_end = url.find('://')
    return url.find('/', scheme_end + 3) if scheme_end >= 0 else -1


def readable_path(url):
    """The path of an absolute URL as a person reads it: its bytes shown as names are
    (never decodeURI, which throws on bytes that are not UTF-8)."""
    at = path_start(url)
    path = part(url, at, None) if at >= 0 else '/'
    for mark in ['?', '#']:
        if path.find(mark) >= 0:
            path = part(path, 0, path.find(mark))
    return name_of_href(path)['name']


def redirect_problem(asked, reached, scope):
    """'' when the answer to a request for asked came from reached (where fetch's redirects
    ended) at asked or inside scope, a listing URL of the same origin (the missing-slash
    redirect); else the words of where it went, which is not this listing."""
    if len(reached) == 0 or reached == asked or reached.startswith(scope):
        return ''
    return 'redirected to ' + reached + ', outside this listing'


def listing_request_url(url, settings):
    """The URL to request a listing from: with jsonPrefixFrom/jsonPrefixTo set, a listing
    shown at a path starting with the first is asked for at the second (JSON served at a
    separate location, nginx/json-at-prefix.conf); else the listing's own URL."""
    prefix = settings['jsonPrefixFrom']
    path_at = path_start(url)
    if len(prefix) == 0 or path_at < 0 or part(url, path_at, path_at + len(prefix)) != prefix:
        return url
    return part(url, 0, path_at) + settings['jsonPrefixTo'] + part(url, path_at + len(prefix), None)
