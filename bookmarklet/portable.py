"""One name for each thing CPython and Transcrypt's JavaScript do differently.

Core modules import these instead of the Python idiom that Transcrypt
miscompiles without a warning (see docs/transcrypt.md). Each name is bound
exactly once per side: the CPython binding sits between the skip pragmas,
the JavaScript one in an executable comment.
"""

# __pragma__ ('skip')
import asyncio as _asyncio
import functools as _functools
import json as _json
import re as _re
import types as _types
from urllib.parse import quote as _quote, unquote_to_bytes as _unquote_to_bytes

# The largest integer JavaScript holds exactly (Number.MAX_SAFE_INTEGER).
_MAX_EXACT = 2 ** 53 - 1


# What a native failure is on the CPython side: any ordinary exception.
JSError = Exception


def parse_json(text):
    """The value a JSON text holds; raises on malformed JSON."""
    return _json.loads(text)


def to_json(value):
    """The JSON text of a value, compact as JSON.stringify writes it."""
    return _json.dumps(value, ensure_ascii=False, separators=(',', ':'))


def is_record(value):
    """True for a JSON object (a dict here, a plain object in JavaScript)."""
    return isinstance(value, dict)


def is_list(value):
    """True for a list (a JSON array)."""
    return isinstance(value, list)


def is_text(value):
    """True for a string."""
    return isinstance(value, str)


def is_number(value):
    """True for an int or a float, not a bool."""
    return (isinstance(value, int) or isinstance(value, float)) and not isinstance(value, bool)


def is_exactly(value, expected):
    """value === expected: the same string, the same number or the same boolean, with no
    conversion. JavaScript's == (what Transcrypt writes for ==) converts: ['directory'] ==
    'directory' and '1' == true hold there, so a value from outside is compared here."""
    if isinstance(expected, bool) or isinstance(value, bool):
        return value is expected
    if is_number(expected):
        return is_number(value) and value == expected
    return type(value) is type(expected) and value == expected


def exact_integer(value):
    """value as an integer when it is a whole number JavaScript holds exactly (below 2**53
    either way, a float like 5.0 too, which JSON cannot tell from 5), else None."""
    if not is_number(value) or value != value or value - value != 0 or value % 1 != 0:
        return None
    return int(value) if abs(value) <= _MAX_EXACT else None


def is_ascii(text):
    """True for text of ASCII characters only."""
    return text.isascii()


def utf8_text(data):
    """The text a byte string (one character per byte) spells in UTF-8, or None when some
    bytes are not UTF-8."""
    try:
        return data.encode('latin-1').decode('utf-8')
    except UnicodeError:
        return None


def decode_utf8(data, shown):
    """The text of a byte string read as UTF-8, each byte that is not part of it shown as
    \\xe9 (shown) or kept as U+DC80..U+DCFF (CPython's backslashreplace, surrogateescape).
    Each bad byte is one mark, and decoding resumes at the next byte."""
    return data.encode('latin-1').decode('utf-8', 'backslashreplace' if shown else 'surrogateescape')


def utf8_bytes(text):
    """The byte string of listing text (reading/names.py): each character's UTF-8, each U+DC80..U+DCFF
    the byte it stands for; any other lone surrogate (a JSON escape) becomes U+FFFD's bytes."""
    text = _re.sub('[\ud800-\udc7f\udd00-\udfff]', '\ufffd', text)
    return text.encode('utf-8', 'surrogateescape').decode('latin-1')


def percent_encode(data):
    """A byte string as nginx writes it in an href: every byte but A-Z a-z 0-9 - . _ ~ as %XX."""
    return _quote(data.encode('latin-1'), safe='-._~')


def percent_decode(text):
    """The byte string a percent-encoded href segment spells; characters not written as %XX
    are their own bytes (listing text: utf8_bytes)."""
    return _unquote_to_bytes(utf8_bytes(text).encode('latin-1')).decode('latin-1')


def record_field(record, key):
    """The value under key in a JSON object, or None when it is missing."""
    return record.get(key)


def compare_text(a, b):
    """-1, 0 or 1 as text a sorts before, with or after text b by code point, as CPython
    compares strings (JavaScript compares UTF-16 units: U+10000 and above before U+E000)."""
    return -1 if a < b else (1 if a > b else 0)


def strip_spaces(text):
    """text without leading and trailing spaces, tabs and line breaks."""
    return text.strip(' \t\r\n')


def words(text):
    """The words of text split on runs of white space (no-break space too); [] for blank text."""
    return _re.findall('[^ \t\r\n\u00a0]+', text)


def days_from_civil(year, month, day):
    """Days from 1970-01-01 to the proleptic Gregorian date given; a month or day past
    its end runs on into the next, as JavaScript's Date does."""
    year += (month - 1) // 12
    month = (month - 1) % 12 + 1
    if month <= 2:
        year -= 1
    era = year // 400
    year_of_era = year - era * 400
    day_of_year = (153 * (month - 3 if month > 2 else month + 9) + 2) // 5 + day - 1
    return era * 146097 + year_of_era * 365 + year_of_era // 4 - year_of_era // 100 \
        + day_of_year - 719468


def iso_time(seconds):
    """'2026-09-10T14:32:01Z' for epoch seconds, as Date's toISOString writes them without
    the milliseconds (years past 9999 or before 0 as +010000, -000001); '' for what a Date
    cannot hold (NaN, or past 8.64e15 ms)."""
    milliseconds = seconds * 1000
    if milliseconds != milliseconds or abs(milliseconds) > 8.64e15:
        return ''
    whole = int(milliseconds) // 1000  # a Date's time is whole milliseconds, cut toward 0
    days = whole // 86400
    in_day = whole % 86400
    shifted = days + 719468
    era = shifted // 146097
    day_of_era = shifted - era * 146097
    year_of_era = (day_of_era - day_of_era // 1460 + day_of_era // 36524
                   - day_of_era // 146096) // 365
    day_of_year = day_of_era - (365 * year_of_era + year_of_era // 4 - year_of_era // 100)
    shifted_month = (5 * day_of_year + 2) // 153
    day = day_of_year - (153 * shifted_month + 2) // 5 + 1
    month = shifted_month + 3 if shifted_month < 10 else shifted_month - 9
    year = year_of_era + era * 400 + (1 if month <= 2 else 0)
    year_text = '%04d' % year if 0 <= year <= 9999 else '%+07d' % year
    return '%s-%02d-%02dT%02d:%02d:%02dZ' % (year_text, month, day, in_day // 3600,
                                             in_day // 60 % 60, in_day % 60)


def floor(number):
    """The greatest integer not above number, as an int."""
    return int(number // 1)


def char_of(value):
    """The one-character text of a code point."""
    return chr(value)


def new_object():
    """An empty object for a unit's state: fields are attributes, which the bundler shortens."""
    return _types.SimpleNamespace()


class Problem(Exception):
    """A problem the user reads (a listing that cannot be read, a fetch that failed)."""

    def __init__(self, message):
        super().__init__(message)
        self.problem = message


def problem_of(error):
    """The words for anything thrown: a Problem's own message, else what was unexpected."""
    if isinstance(error, Problem):
        return error.problem
    return 'unexpected error: ' + type(error).__name__ + ': ' + str(error)


def part(sequence, start, end=None):
    """sequence[start:end] for start and end >= 0; end left out (or None) runs to the end,
    as in JavaScript, where a missing argument is undefined, which `== None` holds."""
    return sequence[start:end]


def joined(items, separator):
    """The texts of items with separator between them."""
    return separator.join(items)


def parse_digits(text, base):
    """The exact integer a string of 1 to 15 digits in base 10 or 16 (either case)
    spells, else None. Transcrypt's int() is `x | 0`: 32 bits, and silent on junk;
    JavaScript's parseInt reads a number's start and ignores the rest. Sizes pass
    4 GiB and epoch seconds pass 2**31 in 2038: both sides check every digit first."""
    if len(text) == 0 or len(text) > 15:
        return None
    value = 0
    for digit in text.lower():
        rank = '0123456789abcdef'.find(digit)
        if rank < 0 or rank >= base:
            return None
        value = value * base + rank
    return value


def digit_pair(text, at):
    """The number 0..99 the two ASCII digits of text at at spell, else -1. A listing of
    100,000 lines has as many clocks, three pairs each: read in place, not sliced out."""
    pair = text[at:at + 2]
    return int(pair) if len(pair) == 2 and '0' <= pair[0] <= '9' and '0' <= pair[1] <= '9' else -1


def stable_sorted(items, compare):
    """A new list of items ordered by compare (-1, 0 or 1, or any number of that sign),
    keeping the order of those that compare 0."""
    return sorted(items, key=_functools.cmp_to_key(compare))


def keys_of(record):
    """The keys of a dict, in insertion order."""
    return list(record.keys())


def drop_key(record, key):
    """Remove key from a dict, if it is there."""
    record.pop(key, None)


def remove_at(items, index):
    """Remove the item at index from a list."""
    items.pop(index)


def last_char(text):
    """The final character of text, or '' for an empty text."""
    return text[-1:]


def pattern_of(source):
    """A pattern matching a whole text, its source read alike by Python's re and
    JavaScript's RegExp: no \\d, \\w or \\s (Python's also match other scripts')."""
    return _re.compile('(?:' + source + ')\\Z')


def search_pattern_of(source):
    """A pattern found anywhere in a text, ASCII letters in either case (as JavaScript's
    RegExp folds them without its u flag), its source read alike by Python's re and
    JavaScript's RegExp (pattern_of)."""
    return _re.compile(source, _re.I | _re.A)


def is_found(pattern, text):
    """Whether search_pattern_of's pattern is found in text."""
    return pattern.search(text) != None


def text_sum(text):
    """A number of 0..2**31-2 that tells texts apart (of their UTF-16 units, as JavaScript
    reads them): what a map compares listings by."""
    total = 7
    data = text.encode('utf-16-le')
    for at in range(0, len(data), 2):
        total = (total * 31 + data[at] + 256 * data[at + 1]) % 2147483647
    return total


def matched(pattern, text):
    """[text, then each group's text or None] where pattern matches the whole text, else None."""
    found = pattern.match(text)
    return [found.group(0)] + list(found.groups()) if found else None
# __pragma__ ('noskip')

# __pragma__ ('ecom')
# Native errors (TypeError from fetch, SyntaxError from JSON.parse) are not
# instances of Transcrypt's Exception, so only `object` catches them.
#?JSError = object
# A native function that reads no `this` is bound as it is where each call passes it the
# arguments it takes: a lambda around it would only cost its bytes.
#?parse_json = JSON.parse
#?to_json = JSON.stringify
#?is_record = lambda value: __pragma__ ('js', '{}', '(typeof value === "object" && value !== null && !Array.isArray (value))')
# Transcrypt's isinstance on a string or a number throws and catches an
# exception inside, which costs microseconds per call: too slow for every
# entry of a listing with 100,000 of them.
#?is_list = Array.isArray
#?is_text = lambda value: __pragma__ ('js', '{}', 'typeof value === "string"')
#?is_number = lambda value: __pragma__ ('js', '{}', 'typeof value === "number"')
#?is_exactly = lambda value, expected: __pragma__ ('js', '{}', '(value === expected)')
#?exact_integer = lambda value: value if Number.isSafeInteger(value) else None
#?text_sum = lambda text: __pragma__ ('js', '{}', '(() => { let total = 7; for (let at = 0; at < text.length; at++) total = (total * 31 + text.charCodeAt (at)) % 2147483647; return total; }) ()')
# escape() writes each character below U+0100 as %XX, and decodeURIComponent reads those as
# UTF-8, refusing what is not (overlong forms, surrogates) as CPython's decoder does; unescape()
# reads %XX back into one character each. A listing may hold 100,000 names: these are native.
#?is_ascii = lambda text: __pragma__ ('js', '{}', '/^[\\x00-\\x7f]*$/.test (text)')
#?utf8_text = lambda data: __pragma__ ('js', '{}', '(() => { try { return decodeURIComponent (escape (data)); } catch (error) { return null; } }) ()')
# Each well-formed UTF-8 sequence, else one byte that is not part of any.
#?decode_utf8 = lambda data, shown: __pragma__ ('js', '{}', 'data.replace (/[\\xc2-\\xdf][\\x80-\\xbf]|\\xe0[\\xa0-\\xbf][\\x80-\\xbf]|[\\xe1-\\xec\\xee\\xef][\\x80-\\xbf]{2}|\\xed[\\x80-\\x9f][\\x80-\\xbf]|\\xf0[\\x90-\\xbf][\\x80-\\xbf]{2}|[\\xf1-\\xf3][\\x80-\\xbf]{3}|\\xf4[\\x80-\\x8f][\\x80-\\xbf]{2}|([\\x80-\\xff])/g, (found, bad) => !bad ? decodeURIComponent (escape (found)) : shown ? "\\\\x" + bad.charCodeAt (0).toString (16) : String.fromCharCode (0xdc00 + bad.charCodeAt (0)))')
# Runs of well-formed UTF-16 as UTF-8, each U+DC80..U+DCFF as its byte, any other lone
# surrogate as U+FFFD's bytes.
#?utf8_bytes = lambda text: __pragma__ ('js', '{}', 'is_ascii (text) ? text : text.replace (/((?:[^\\ud800-\\udfff]|[\\ud800-\\udbff][\\udc00-\\udfff])+)|([\\udc80-\\udcff])|[^]/g, (found, run, escaped) => run ? unescape (encodeURIComponent (run)) : escaped ? String.fromCharCode (escaped.charCodeAt (0) - 0xdc00) : "\\xef\\xbf\\xbd")')
# escape() leaves @ * + / as they are and writes ~ as %7E, unlike nginx. A name of only
# the characters kept is its own encoding, found by one test (most names: 100,000 in a
# quarter of the time).
#?percent_encode = lambda data: __pragma__ ('js', '{}', '/^[\\w.~-]*$/.test (data) ? data : escape (data).replace (/[@*+/]|%7E/g, (found) => found == "%7E" ? "~" : "%" + found.charCodeAt (0).toString (16).toUpperCase ())')
# A '%' that starts no %XX is a '%' (unescape would also read %uXXXX).
#?percent_decode = lambda text: __pragma__ ('js', '{}', 'unescape (utf8_bytes (text).replace (/%(?![0-9a-f]{2})/gi, "%25"))')
#?record_field = lambda record, key: record[key] if Object.prototype.hasOwnProperty.call(record, key) else None
# Native string work: a listing of 100,000 lines is split into words once per line.
#?strip_spaces = lambda text: text.js_replace(__pragma__ ('js', '{}', '/^[ \\t\\r\\n]+|[ \\t\\r\\n]+$/g'), '')
#?words = lambda text: text.match(__pragma__ ('js', '{}', '/[^ \\t\\r\\n\\u00a0]+/g')) or []
# Native: a listing's every clock is three of them.
#?parse_digits = lambda text, base: __pragma__ ('js', '{}', '((base > 10 ? /^[\\da-f]{1,15}$/i : /^\\d{1,15}$/).test (text) ? parseInt (text, base) : null)')
#?digit_pair = lambda text, at: __pragma__ ('js', '{}', '(() => { const tens = text.charCodeAt (at) - 48, ones = text.charCodeAt (at + 1) - 48; return tens >= 0 && tens <= 9 && ones >= 0 && ones <= 9 ? tens * 10 + ones : -1; }) ()')
#?floor = Math.floor
#?days_from_civil = lambda year, month, day: __new__(Date(0)).setUTCFullYear(year, month - 1, day) / 86400000
#?iso_time = lambda seconds: __pragma__ ('js', '{}', '(() => { const date = new Date (seconds * 1000); return isNaN (date) ? "" : date.toISOString ().slice (0, -5) + "Z"; }) ()')
#?char_of = lambda value: String.fromCodePoint(value)
# The code points at the first unit where the texts differ: where a surrogate pair's code
# point matches, so does its second half, so that unit is never inside a pair.
#?compare_text = lambda a, b: __pragma__ ('js', '{}', '(() => { var at = 0; while (at < a.length && a.codePointAt (at) == b.codePointAt (at)) at++; return a == b ? 0 : at == a.length || a.codePointAt (at) < b.codePointAt (at) ? -1 : 1; }) ()')
#?new_object = lambda: {}
# A Problem is a native Error (no class, so no runtime; a stack for the console) that
# carries its message as `problem` too, by which problem_of tells it apart.
#?Problem = lambda message: __pragma__ ('js', '{}', 'Object.assign (new Error (message), {problem: message})')
#?problem_of = lambda error: error.problem if error != None and error.problem != None else 'unexpected error: ' + String(error)
#?part = lambda sequence, start, end: sequence.slice(start, sequence.length if end == None else end)
#?joined = lambda items, separator: items.join(separator)
# Array.prototype.sort is stable in every engine since ES2019, a merge sort as CPython's.
#?stable_sorted = lambda items, compare: items.slice().js_sort(compare)
#?keys_of = Object.js_keys
#?drop_key = lambda record, key: __pragma__ ('js', '{}', 'delete record [key]')
#?remove_at = lambda items, index: items.splice(index, 1)
#?last_char = lambda text: text.slice(-1)
#?pattern_of = lambda source: __new__(RegExp('^(?:' + source + ')$'))
# A group that matched nothing is undefined, which == None holds as None does.
#?matched = lambda pattern, text: pattern.exec(text)
#?search_pattern_of = lambda source: __new__(RegExp(source, 'i'))
#?is_found = lambda pattern, text: pattern.test(text)
# __pragma__ ('noecom')


def parse_int(text):
    """The exact integer a string of 1 to 15 decimal digits spells, else None."""
    return parse_digits(text, 10)


def pad(number, width):
    """number in decimal, zero-padded on the left to width digits."""
    text = str(number)
    while len(text) < width:
        text = '0' + text
    return text


def floor_mod(a, b):
    """a modulo b with the sign of b, as Python's % on integers."""
    return a - b * (a // b)


def dict_key(text):
    """A dict key for untrusted text: in JavaScript a dict is an object, and
    keys such as '__proto__' or 'constructor' would reach its prototype."""
    return '~' + text


# Waiting: one shape for JavaScript's Promises and CPython's asyncio. ---------

# __pragma__ ('skip')
def started(coroutine):
    """A coroutine set running now, as something any number of callers may await.

    A JavaScript async function runs as soon as it is called and its Promise can
    be awaited again and again; a CPython coroutine runs only once awaited, once."""
    return _asyncio.ensure_future(coroutine)


def new_latch():
    """An object whose promise waits until its resolve(value) is called."""
    future = _asyncio.get_running_loop().create_future()
    latch = _types.SimpleNamespace()
    latch.latch_promise = future
    latch.latch_resolve = lambda value: future.done() or future.set_result(value)
    return latch
# __pragma__ ('noskip')

# __pragma__ ('ecom')
#?started = lambda promise: promise
#?new_latch = lambda: __pragma__ ('js', '{}', '((latch) => (latch.latch_promise = new Promise ((resolve) => latch.latch_resolve = resolve), latch)) ({})')
# __pragma__ ('noecom')
