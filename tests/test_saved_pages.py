"""Every saved page (tests/saved_corpus.py) reads to the listing a person reads on it.

The pages come from other projects' test data, saved from real servers, so they
show what the reader meets in the wild: Apache in its IndexOptions forms and
behind custom headers, nginx and its fancyindex module, Caddy 1 and 2, h5ai's
fallback page, miniserve and others. The figure printed at the end is how many
pages of each server kind read exactly.
"""

import re

import pytest

from bookmarklet.listing import read_listing
from bookmarklet.names import body_text
from bookmarklet.portable import Problem
from tests.fixture_corpus import by_name
from tests.html_page import page_of_html
from tests.saved_corpus import SAVED, saved_names, load_saved
from tests.saved_expected import ROWS, expected_of

NAMES = saved_names()
ENTRY_KEYS = ['name', 'href', 'undecodable', 'type', 'mtime', 'size', 'sizeApprox']
META_KEYS = {'server', 'variant', 'source', 'url', 'contentType', 'utcOffsetMinutes'}


def read(page):
    """The listing the reader gives for a saved page, read as the browser adapter hands a
    response over (a byte string); {'error': True, 'problem': ...} when it says the page is
    none. meta['url'] is the directory the page was saved from, for a reader that resolves
    links against it."""
    text = body_text(page['body'])
    assert text == page['text']
    try:
        return by_name(read_listing(page['meta']['contentType'], text, page_of_html,
                                    page['source'], page['settings']))
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
    for entry in expected['entries']:
        if entry['href'] not in found:
            return 'missing {!r}{}'.format(entry['name'], ' (and {} more)'.format(
                len(set(wanted) - set(found)) - 1) if len(set(wanted) - set(found)) > 1 else '')
        for key in ENTRY_KEYS:
            if found[entry['href']][key] != entry[key]:
                return '{!r}: {} {!r}, expected {!r}'.format(
                    entry['name'], key, found[entry['href']][key], entry[key])
    for entry in got['entries']:
        if entry['href'] not in wanted:
            return 'invented {!r}{}'.format(entry['name'], ' (and {} more)'.format(
                len(set(found) - set(wanted)) - 1) if len(set(found) - set(wanted)) > 1 else '')
    return '' if got == expected else 'entries in another order'


@pytest.mark.parametrize('name', NAMES)
def test_every_saved_page_reads_to_its_expected_listing(name):
    page = load_saved(name)
    got = read(page)
    difference = first_difference(got, page['expected'])
    assert difference == '', difference
    if page['expected'].get('error'):
        assert got['problem']
    else:
        assert got == page['expected']


@pytest.mark.parametrize('name', NAMES)
def test_every_saved_page_says_where_it_comes_from_and_what_it_lists(name):
    page = load_saved(name)
    meta, expected = page['meta'], page['expected']
    assert set(meta) == META_KEYS
    assert meta['url'].endswith('/') and re.match(r'https?://[^/]+/', meta['url'])
    project = SAVED / page['project']
    assert (project / 'LICENSE').is_file()
    assert re.search(r'MIT License|Permission is hereby granted|Apache License|'
                     r'Redistribution and use in source and binary forms',
                     (project / 'LICENSE').read_text(encoding='utf-8'))
    assert '`{}.html`'.format(name.split('/')[1]) in (project / 'SOURCE.md').read_text(
        encoding='utf-8')
    if expected != {'error': True}:
        assert set(expected) == {'format', 'precision', 'dated', 'entries'}
        assert expected['precision'] in (1, 60)
        assert [list(entry) for entry in expected['entries']] == \
            [ENTRY_KEYS] * len(expected['entries'])
        names = [entry['name'] for entry in expected['entries']]
        assert names == sorted(names) and len(set(names)) == len(names)
        for entry in expected['entries']:
            assert entry['type'] in ('directory', 'file', 'other')
            assert entry['size'] is None or entry['type'] == 'file'
            assert entry['sizeApprox'] is False or entry['size'] is not None


@pytest.mark.parametrize('name', NAMES)
def test_every_expected_listing_is_what_the_second_reader_gives(name):
    """The expected files were written from tests/saved_expected.py's reading and checked
    by eye; an edit to either shows here."""
    assert expected_of(name) == load_saved(name)['expected']


def test_the_second_reader_knows_where_every_page_keeps_its_rows():
    assert sorted(ROWS) == NAMES


def test_the_saved_corpus_covers_many_server_kinds():
    kinds = {load_saved(name)['meta']['server'] for name in NAMES}
    assert len(kinds) >= 8, sorted(kinds)


def figure():
    """{server kind: [pages, pages read exactly, [(name, first difference)]]}."""
    table: dict = {}
    for name in NAMES:
        page = load_saved(name)
        row = table.setdefault(page['meta']['server'], [0, 0, []])
        difference = first_difference(read(page), page['expected'])
        row[0] += 1
        if difference:
            row[2].append((name, difference))
        else:
            row[1] += 1
    return table


def figure_lines(table):
    """The figure as a Markdown table (docs/benchmarks.md keeps it), then the first
    difference of each page that does not read exactly."""
    lines = ['| server kind | pages | read exactly |', '|---|--:|--:|']
    for kind in sorted(table):
        lines.append('| {} | {} | {} |'.format(kind, table[kind][0], table[kind][1]))
    lines.append('| all | {} | {} |'.format(sum(row[0] for row in table.values()),
                                           sum(row[1] for row in table.values())))
    for kind in sorted(table):
        for name, difference in table[kind][2]:
            lines.append('- `{}`: {}'.format(name, difference))
    return lines


def test_the_figure_pages_read_exactly_per_server_kind(capsys):
    table = figure()
    with capsys.disabled():
        print('\n\nsaved pages read exactly, per server kind')
        print('\n'.join(figure_lines(table)))
    assert sum(row[0] for row in table.values()) == len(NAMES)


if __name__ == '__main__':
    print('\n'.join(figure_lines(figure())))
