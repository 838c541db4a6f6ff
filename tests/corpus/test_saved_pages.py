"""Every saved page (tests/support/saved_corpus.py) reads to the listing a person reads on it.

The pages come from other projects' test data, saved from real servers, so they
show what the reader meets in the wild: Apache in its IndexOptions forms and
behind custom headers, nginx and its fancyindex module, Caddy 1 and 2, h5ai's
fallback page, miniserve and others. How many of each kind read exactly is the
corpus's figure (tests/corpus/test_corpus.py).
"""

import re

import pytest

from tests.support.corpus import ENTRY_KEYS
from tests.support.saved_corpus import SAVED, saved_names, load_saved
from tests.support.saved_expected import ROWS, expected_of

NAMES = saved_names()
META_KEYS = {'server', 'variant', 'source', 'url', 'contentType', 'utcOffsetMinutes'}


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
        assert expected['precision'] in (1, 60, 86400)
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
    """The expected files were written from tests/support/saved_expected.py's reading and checked
    by eye; an edit to either shows here."""
    assert expected_of(name) == load_saved(name)['expected']


def test_the_second_reader_knows_where_every_page_keeps_its_rows():
    assert sorted(ROWS) == NAMES


def test_the_saved_corpus_covers_many_server_kinds():
    kinds = {load_saved(name)['meta']['server'] for name in NAMES}
    assert len(kinds) >= 8, sorted(kinds)


