"""Idioms Transcrypt miscompiles, written the naive way on purpose.

Never imported by the bookmarklet: the parity harness runs these through
CPython and a bundle of their own, and must report every one as different.
"""

from bookmarklet.portable import parse_json, to_json


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


NAIVE = {
    'tuple_key_sort': tuple_key_sort,
    'reverse_sort': reverse_sort,
    'builtin_int': builtin_int,
    'strip_chars': strip_chars,
    'empty_is_falsy': empty_is_falsy,
    'negative_index': negative_index,
}


def run_cases(text):
    results = []
    for case in parse_json(text):
        results.append({'result': NAIVE[case['kind']](case['input'][0])})
    return to_json(results)


def canary_cases():
    ties = [{'name': 'a', 'mtime': 5}, {'name': 'b', 'mtime': 5}]
    return [
        {'kind': 'tuple_key_sort', 'input': [[{'name': 'x', 'mtime': 1000}, {'name': 'y', 'mtime': 10000}]]},
        {'kind': 'reverse_sort', 'input': [ties]},
        {'kind': 'builtin_int', 'input': ['3000000000']},
        {'kind': 'strip_chars', 'input': ['/a/']},
        {'kind': 'empty_is_falsy', 'input': [[]]},
        {'kind': 'negative_index', 'input': ['abc']},
    ]


# __pragma__ ('ecom')
#?globalThis.autoindexSitemapCases = run_cases
# __pragma__ ('noecom')
