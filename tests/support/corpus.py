"""The corpus of real listing pages, in one shape: those captured here from the servers
this machine runs (tests/fixtures/, tools/capture_fixtures.py) and those other projects
saved from servers in the wild (tests/fixtures/saved/, tests/support/saved_corpus.py).

A page is {name, kind, origin, contentType, body, text, source, settings, expected}:
kind is the server's, origin 'captured' or 'saved', and the rest what the reader
takes (tests/support/fixture_corpus.py says how). The figure docs/benchmarks.md keeps, pages
read exactly per server kind, is made here.
"""

from bookmarklet.reading.listing import read_listing
from bookmarklet.reading.names import body_text
from bookmarklet.portable import Problem
from tests.support.fixture_corpus import fixture_names, load, by_name
from tests.support.html_page import page_of_html
from tests.support.saved_corpus import saved_names, load_saved

ENTRY_KEYS = ['name', 'href', 'undecodable', 'type', 'mtime', 'size', 'sizeApprox']
# The figure's lines, filled by tests/corpus/test_corpus.py and printed in the summary.
FIGURE: list = []


def captured_page(name):
    fixture = load(name)
    return dict(fixture, kind=fixture['meta']['server'], origin='captured',
                contentType=fixture['meta']['contentType'])


def saved_page(name):
    page = load_saved(name)
    return dict(page, kind=page['meta']['server'], origin='saved',
                contentType=page['meta']['contentType'])


def pages():
    """Every page of the corpus, captured ones first."""
    return [captured_page(name) for name in fixture_names()] + \
        [saved_page(name) for name in saved_names()]


def read_page(page):
    """The listing the reader gives for a page, entries in name order, read as the browser
    adapter hands a response over (a byte string); {error, problem} when it says the page
    is none."""
    text = body_text(page['body'])
    assert text == page['text']
    try:
        return by_name(read_listing(page['contentType'], text, page_of_html, page['source'],
                                    page['settings']))
    except Problem as problem:
        return {'error': True, 'problem': problem.problem}


def first_difference(got, expected):
    """The first way got parts from expected, in words; '' when it reads exactly."""
    if expected.get('error'):
        return '' if got.get('error') else 'read as a listing of {} entries, expected an error' \
            .format(len(got['entries']))
    if got.get('error'):
        return 'refused: ' + got['problem']
    for key in ['format', 'precision', 'dated']:
        if got[key] != expected[key]:
            return '{} {!r}, expected {!r}'.format(key, got[key], expected[key])
    found = {entry['href']: entry for entry in got['entries']}
    wanted = {entry['href']: entry for entry in expected['entries']}
    missing = [entry for entry in expected['entries'] if entry['href'] not in found]
    if missing:
        return 'missing {!r}{}'.format(missing[0]['name'], more(missing))
    for entry in expected['entries']:
        for key in ENTRY_KEYS:
            if found[entry['href']][key] != entry[key]:
                return '{!r}: {} {!r}, expected {!r}'.format(
                    entry['name'], key, found[entry['href']][key], entry[key])
    invented = [entry for entry in got['entries'] if entry['href'] not in wanted]
    if invented:
        return 'invented {!r}{}'.format(invented[0]['name'], more(invented))
    return '' if got == expected else 'entries in another order'


def more(entries):
    return ' (and {} more)'.format(len(entries) - 1) if len(entries) > 1 else ''


def figure():
    """{server kind: {captured: [pages, exact], saved: [pages, exact]}} and the first
    difference of each page that does not read exactly, as {kinds, differences}."""
    kinds: dict = {}
    differences = []
    for page in pages():
        counts = kinds.setdefault(page['kind'], {'captured': [0, 0], 'saved': [0, 0]})
        difference = first_difference(read_page(page), page['expected'])
        counts[page['origin']][0] += 1
        counts[page['origin']][1] += difference == ''
        if difference:
            differences.append('- `{}`: {}'.format(page['name'], difference))
    return {'kinds': kinds, 'differences': differences}


def figure_lines(found):
    """The figure as a Markdown table, then each difference."""
    def cell(counts):
        return '{} of {}'.format(counts[1], counts[0]) if counts[0] else ''

    lines = ['| server kind | captured here, read exactly | saved, read exactly |',
             '|---|--:|--:|']
    totals = {'captured': [0, 0], 'saved': [0, 0]}
    for kind in sorted(found['kinds']):
        counts = found['kinds'][kind]
        lines.append('| {} | {} | {} |'.format(kind, cell(counts['captured']), cell(counts['saved'])))
        for origin in totals:
            totals[origin] = [totals[origin][0] + counts[origin][0],
                              totals[origin][1] + counts[origin][1]]
    lines.append('| all {} kinds | {} | {} |'.format(len(found['kinds']), cell(totals['captured']),
                                                      cell(totals['saved'])))
    return lines + found['differences']


if __name__ == '__main__':
    print('\n'.join(figure_lines(figure())))
