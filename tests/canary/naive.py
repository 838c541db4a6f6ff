"""Idioms Transcrypt miscompiles, written the naive way on purpose.

Never imported by the bookmarklet: the parity harness runs these through
CPython and a bundle of their own, and must report every one as different,
in exactly the engines each case names: most part from CPython in every
engine, three in one engine only, because what they lean on is left to the
engine (the order of ties under a comparator that never returns 0, which
strings Date.parse accepts, how exact Math.pow is).
"""

from bookmarklet.portable import parse_json, to_json

ALL_ENGINES = ['V8', 'JavaScriptCore', 'SpiderMonkey']


def tuple_key_sort(entries):
    return [e['name'] for e in sorted(entries, key=lambda e: (-e['mtime'], e['name']))]


def reverse_sort(entries):
    return [e['name'] for e in sorted(entries, key=lambda e: e['mtime'], reverse=True)]


def builtin_int(text):
    return int(text)


def strip_chars(text):
    return text.strip('/')


def empty_is_falsy(items):
    return not items


def negative_index(text):
    return text[-1]


def tie_sort(entries):
    """Transcrypt's sorted() passes the engine a comparator that never returns 0:
    V8 and JavaScriptCore keep equal keys in order, SpiderMonkey reverses them."""
    return [e['name'] for e in sorted(entries, key=lambda e: e['mtime'])]


def power_of_ten(exponent):
    """V8's Math.pow(10, -5) is 9.999999999999999e-06; the others give 1e-05."""
    return 10 ** exponent


# __pragma__ ('skip')
import calendar as _calendar
import time as _time


def date_by_engine(text):
    """The epoch milliseconds of nginx's HTML listing date, read as UTC."""
    return _calendar.timegm(_time.strptime(text, '%d-%b-%Y %H:%M')) * 1000
# __pragma__ ('noskip')

# __pragma__ ('ecom')
# The same date appended 'Z' the ISO way and handed to Date.parse: V8 and
# SpiderMonkey accept '15-Jul-2019 12:34Z', JavaScriptCore answers NaN.
#?date_by_engine = lambda text: Date.parse(text + 'Z')
# __pragma__ ('noecom')


NAIVE = {
    'tuple_key_sort': tuple_key_sort,
    'reverse_sort': reverse_sort,
    'builtin_int': builtin_int,
    'strip_chars': strip_chars,
    'empty_is_falsy': empty_is_falsy,
    'negative_index': negative_index,
    'tie_sort': tie_sort,
    'power_of_ten': power_of_ten,
    'date_by_engine': date_by_engine,
}


def run_cases(text):
    results = []
    for case in parse_json(text):
        results.append({'result': NAIVE[case['kind']](case['input'][0])})
    return to_json(results)


def canary_cases():
    """The cases; 'diverges_in' names the engines that must be reported as differing."""
    ties = [{'name': 'a', 'mtime': 5}, {'name': 'b', 'mtime': 5}]
    many_ties = [{'name': 'e' + str(index), 'mtime': index % 3} for index in range(12)]
    return [
        {'kind': 'tuple_key_sort', 'input': [[{'name': 'x', 'mtime': 1000}, {'name': 'y', 'mtime': 10000}]],
         'diverges_in': ALL_ENGINES},
        # SpiderMonkey reverses ties and reverse() turns them back: right there by accident.
        {'kind': 'reverse_sort', 'input': [ties], 'diverges_in': ['V8', 'JavaScriptCore']},
        {'kind': 'builtin_int', 'input': ['3000000000'], 'diverges_in': ALL_ENGINES},
        {'kind': 'strip_chars', 'input': ['/a/'], 'diverges_in': ALL_ENGINES},
        {'kind': 'empty_is_falsy', 'input': [[]], 'diverges_in': ALL_ENGINES},
        {'kind': 'negative_index', 'input': ['abc'], 'diverges_in': ALL_ENGINES},
        {'kind': 'tie_sort', 'input': [many_ties], 'diverges_in': ['SpiderMonkey']},
        {'kind': 'date_by_engine', 'input': ['15-Jul-2019 12:34'], 'diverges_in': ['JavaScriptCore']},
        {'kind': 'power_of_ten', 'input': [-5], 'diverges_in': ['V8']},
    ]


# __pragma__ ('ecom')
#?globalThis.autoindexSitemapCases = run_cases
# __pragma__ ('noecom')
