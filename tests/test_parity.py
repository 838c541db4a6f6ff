"""Parity: the same cases through the CPython modules and the exact bundle that ships."""

import pytest

import generator
from bookmarklet.parity import run_cases
from tests.parity_cases import core_cases, fixture_cases
from tests.parity_harness import run_in_cpython, run_in_node, differences
from tests.canary import naive


def test_the_shipped_bundle_agrees_with_cpython_on_every_case(dist):
    cases = core_cases()
    expected = run_in_cpython(run_cases, cases)
    actual = run_in_node(dist / 'sitemap.js', cases)
    assert len(actual) == len(cases) > 100
    assert differences(cases, expected, actual) == []
    assert not any('uncaught' in str(result) for result in expected)


def test_every_fixture_reads_the_same_in_the_shipped_bundle(dist):
    cases = fixture_cases()
    expected = run_in_cpython(run_cases, cases)
    actual = run_in_node(dist / 'sitemap.js', cases)
    assert len(actual) == len(cases) >= 20
    assert differences(cases, expected, actual) == []
    assert not any('uncaught' in str(result) for result in expected)


@pytest.fixture(scope='module')
def canary_bundle(tmp_path_factory):
    """The naive idioms, transpiled and bundled exactly as the bookmarklet is."""
    build = tmp_path_factory.mktemp('canary')
    module = generator.transpile(generator.HERE / 'tests' / 'canary' / 'naive.py',
                                 generator.HERE, build / 'transcrypt')
    generator.bundle(module, build / 'bundle.js')
    return build / 'bundle.js'


def test_the_harness_flags_every_naive_idiom(canary_bundle):
    cases = naive.canary_cases()
    expected = run_in_cpython(naive.run_cases, cases)
    actual = run_in_node(canary_bundle, cases)
    found = differences(cases, expected, actual)
    assert [line.split(' ')[0] for line in found] == [case['kind'] for case in cases]
