"""The corpus as one: how many pages of each server kind read exactly (the figure
docs/benchmarks.md keeps, printed in the summary by tests/conftest.py)."""

import pytest

from bookmarklet.reading.problems import NOT_A_LISTING
from tests.support.corpus import pages, read_page, first_difference, figure, figure_lines, FIGURE

PAGES = {page['name']: page for page in pages()}

# The issue that asked for the corpus asked for at least this many server kinds.
KINDS_AT_LEAST = 15


def test_the_corpus_holds_pages_of_many_server_kinds_captured_and_saved():
    found = pages()
    assert len({page['kind'] for page in found}) >= KINDS_AT_LEAST
    assert {page['origin'] for page in found} == {'captured', 'saved'}


@pytest.mark.parametrize('name', sorted(PAGES))
def test_every_page_reads_to_the_listing_a_person_reads_on_it(name):
    """Every entry, none invented, kinds, sizes (exact or near) and dates as the page shows
    them; a page that is no listing refused, one a directory serves of its own as such."""
    page = PAGES[name]
    got = read_page(page)
    difference = first_difference(got, page['expected'])
    assert difference == '', difference
    if page['expected'].get('ownPage'):
        assert got['problem'] == NOT_A_LISTING
    elif page['expected'].get('error'):
        assert got['problem']
    else:
        assert got == page['expected']


def test_the_figure_pages_read_exactly_per_server_kind():
    found = figure()
    FIGURE[:] = figure_lines(found)
    print('\n'.join(FIGURE))
    assert found['differences'] == []
