"""Parity: the same cases through the CPython modules and the exact bundle that ships,
in V8, JavaScriptCore and SpiderMonkey. Every case of tests/parity_cases.py runs in
every engine; one differing result in one engine fails the suite."""

import pytest

import generator
from bookmarklet.parity import run_cases
from tests.parity_cases import core_cases, fixture_cases
from tests.parity_harness import ENGINES, divergences, differences, engine_versions, \
    compare_in_every_engine
from tests.canary import naive


@pytest.fixture(scope='module')
def versions(firefox):
    return engine_versions(firefox)


def test_the_shipped_bundle_agrees_with_cpython_in_every_engine(dist, firefox, versions):
    cases = core_cases()
    expected, results, found = compare_in_every_engine(
        'parity of dist/sitemap.js', run_cases, firefox, dist / 'sitemap.js', cases, versions)
    assert {engine: len(results[engine]) for engine in ENGINES} == \
        {engine: len(cases) for engine in ENGINES}
    assert len(cases) > 200
    assert found == []
    assert not any('unexpected error' in str(result) for result in expected)


def test_every_fixture_reads_the_same_in_the_shipped_bundle_in_every_engine(dist, firefox, versions):
    cases = fixture_cases()
    expected, _, found = compare_in_every_engine(
        'fixtures through dist/sitemap.js', run_cases, firefox, dist / 'sitemap.js', cases,
        versions)
    assert len(cases) >= 20
    assert found == []
    assert not any('unexpected error' in str(result) for result in expected)


@pytest.fixture(scope='module')
def canary_bundle(tmp_path_factory):
    """The naive idioms, transpiled and bundled exactly as the bookmarklet is."""
    build = tmp_path_factory.mktemp('canary')
    module = generator.transpile(generator.HERE / 'tests' / 'canary' / 'naive.py',
                                 generator.HERE, build / 'transcrypt')
    generator.bundle(module, build / 'bundle.js')
    return build / 'bundle.js'


def test_the_harness_flags_each_naive_idiom_in_exactly_the_engines_it_breaks(
        canary_bundle, firefox, versions):
    cases = naive.canary_cases()
    expected, results, _ = compare_in_every_engine(
        'canaries (each must differ in the engines it names)', naive.run_cases, firefox,
        canary_bundle, cases, versions)
    flagged = {case['kind']: [] for case in cases}
    for index, engine, _, _ in divergences(cases, expected, results):
        flagged[cases[index]['kind']].append(engine)
    assert flagged == {case['kind']: case['diverges_in'] for case in cases}


def test_one_engine_alone_differing_is_reported_as_that_engine():
    """The comparison itself: a single changed result in one engine is one line naming it."""
    cases = [{'kind': 'sort', 'input': [[]]}, {'kind': 'format_size', 'input': [1]}]
    expected = [{'result': []}, {'result': '1 B'}]
    for engine in ENGINES:
        results = {name: [dict(item) for item in expected] for name in ENGINES}
        results[engine][1] = {'result': '1 b'}
        assert differences(cases, expected, results) == [
            "format_size [1]: CPython {'result': '1 B'} != " + engine + " {'result': '1 b'}"]
        results[engine].pop()
        assert [line.split(' != ')[1] for line in differences(cases, expected, results)] == \
            [engine + " '<missing>'"]
