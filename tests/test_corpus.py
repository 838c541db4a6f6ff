"""The corpus as one: how many pages of each server kind read exactly (the figure
docs/benchmarks.md keeps, printed in the summary by tests/conftest.py)."""

from tests.corpus import pages, figure, figure_lines, FIGURE

# The issue that asked for the corpus asked for at least this many server kinds.
KINDS_AT_LEAST = 15


def test_the_corpus_holds_pages_of_many_server_kinds_captured_and_saved():
    found = pages()
    assert len({page['kind'] for page in found}) >= KINDS_AT_LEAST
    assert {page['origin'] for page in found} == {'captured', 'saved'}


def test_the_figure_pages_read_exactly_per_server_kind():
    found = figure()
    FIGURE[:] = figure_lines(found)
    print('\n'.join(FIGURE))
    assert found['differences'] == []
