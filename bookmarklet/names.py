"""Entry names to and from URLs: percent-encoding and UTF-8, by hand.

decodeURIComponent throws on bytes that are not UTF-8 and urllib replaces
them its own way; a name must decode to the same text on both sides, so the
bytes are decoded here, each malformed sequence becoming one U+FFFD.
"""

from bookmarklet.portable import code_point, char_of, part

HEX = '0123456789ABCDEF'
UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~'
REPLACEMENT = '\ufffd'


def hex_value(char):
    """0 to 15 for a hex digit of either case, else -1."""
    return HEX.find(char.upper())


def utf8_bytes(text):
    """The UTF-8 bytes of text; a lone surrogate becomes U+FFFD's bytes."""
    found = []
    index = 0
    while index < len(text):
        point = code_point(text, index)
        value = point[0]
        index += point[1]
        if value >= 0xD800 and value <= 0xDFFF:
            value = 0xFFFD
        if value < 0x80:
            found.append(value)
        elif value < 0x800:
            found.append(0xC0 | (value >> 6))
            found.append(0x80 | (value & 0x3F))
        elif value < 0x10000:
            found.append(0xE0 | (value >> 12))
            found.append(0x80 | ((value >> 6) & 0x3F))
            found.append(0x80 | (value & 0x3F))
        else:
            found.append(0xF0 | (value >> 18))
            found.append(0x80 | ((value >> 12) & 0x3F))
            found.append(0x80 | ((value >> 6) & 0x3F))
            found.append(0x80 | (value & 0x3F))
    return found


def sequence_length(lead):
    """[length, lowest code point] of a UTF-8 sequence with this lead byte, or [0, 0]."""
    if lead < 0x80:
        return [1, 0]
    if lead >= 0xC2 and lead <= 0xDF:
        return [2, 0x80]
    if lead >= 0xE0 and lead <= 0xEF:
        return [3, 0x800]
    if lead >= 0xF0 and lead <= 0xF4:
        return [4, 0x10000]
    return [0, 0]


def decode_utf8(data):
    """[text, clean]: the text of UTF-8 bytes, and whether every byte decoded.

    A malformed sequence becomes U+FFFD and decoding resumes at the next byte,
    so no valid character after it is lost.
    """
    text = ''
    clean = True
    index = 0
    while index < len(data):
        shape = sequence_length(data[index])
        length = shape[0]
        value = data[index] if length == 1 else -1
        if length > 1 and index + length <= len(data):
            value = data[index] & (0xFF >> (length + 1))
            for offset in range(1, length):
                byte = data[index + offset]
                if (byte & 0xC0) != 0x80:
                    value = -1
                    break
                value = (value << 6) | (byte & 0x3F)
            if value < shape[1] or value > 0x10FFFF or (value >= 0xD800 and value <= 0xDFFF):
                value = -1
        if value < 0:
            text += REPLACEMENT
            clean = False
            index += 1
        else:
            text += char_of(value)
            index += length
    return [text, clean]


def percent_decode(text):
    """[name, clean]: the name a percent-encoded href segment spells."""
    if is_plain_ascii(text):
        # Most names: nothing to decode, and a listing may hold 100,000 of them.
        return [text, True]
    data = []
    index = 0
    while index < len(text):
        if text[index] == '%' and index + 2 < len(text) and hex_value(text[index + 1]) >= 0 \
                and hex_value(text[index + 2]) >= 0:
            data.append(hex_value(text[index + 1]) * 16 + hex_value(text[index + 2]))
            index += 3
        else:
            span = code_point(text, index)[1]
            for byte in utf8_bytes(part(text, index, index + span)):
                data.append(byte)
            index += span
    return decode_utf8(data)


def is_plain_ascii(text):
    """True for text of ASCII characters with no '%' in it."""
    for char in text:
        if char == '%' or char >= '\x80':
            return False
    return True


def percent_encode(name):
    """name as nginx writes it in an href: every byte but A-Z a-z 0-9 - . _ ~ as %XX."""
    text = ''
    for byte in utf8_bytes(name):
        char = char_of(byte)
        if byte < 0x80 and UNRESERVED.find(char) >= 0:
            text += char
        else:
            text += '%' + HEX[byte >> 4] + HEX[byte & 15]
    return text


def child_url(directory_url, name, is_directory):
    """The absolute URL of an entry of a listing; directories end in '/'."""
    return directory_url + percent_encode(name) + ('/' if is_directory else '')


def listing_request_url(url, settings):
    """The URL to request a listing from: with jsonPrefixFrom/jsonPrefixTo set, a listing
    shown at a path starting with the first is asked for at the second (JSON served at a
    separate location, nginx/json-at-prefix.conf); else the listing's own URL."""
    prefix = settings['jsonPrefixFrom']
    scheme_end = url.find('://')
    path_at = url.find('/', scheme_end + 3) if scheme_end >= 0 else -1
    if len(prefix) == 0 or path_at < 0 or part(url, path_at, path_at + len(prefix)) != prefix:
        return url
    return part(url, 0, path_at) + settings['jsonPrefixTo'] + part(url, path_at + len(prefix), None)
