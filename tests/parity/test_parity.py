"""Parity: the same cases through the CPython modules and through the same modules as
the build compiles them (the parity test build, build/parity.js), in V8,
JavaScriptCore and SpiderMonkey. Every case of tests/support/parity_cases.py runs in every
engine; one differing result in one engine fails the suite."""

import pytest

from toolkit import ROOT
from toolkit.bundle import bundle, transpile
from toolkit.prune import RUNTIME_MODULE
from tests.parity.entry import run_cases
from tests.support.parity_cases import core_cases, fixture_cases
from tests.support.parity_harness import ENGINES, divergences, differences, engine_versions, \
    compare_in_every_engine, unexpected_errors, quick_readings
from tests.canary import naive


@pytest.fixture(scope='module')
def versions(firefox):
    return engine_versions(firefox)


def test_the_core_modules_build_with_the_native_runtime(parity_build):
    """They keep to the native subset: the build reached no other runtime name or method."""
    assert parity_build['runtime'] == 'native'
    assert parity_build['modules'][RUNTIME_MODULE] < 400


def test_the_parity_build_agrees_with_cpython_in_every_engine(parity_bundle, firefox, versions):
    cases = core_cases()
    expected, results, found = compare_in_every_engine(
        'parity of build/parity.js', run_cases, firefox, parity_bundle, cases, versions)
    assert {engine: len(results[engine]) for engine in ENGINES} == \
        {engine: len(cases) for engine in ENGINES}
    assert len(cases) > 200
    assert found == []
    assert unexpected_errors(expected) == []


def test_every_fixture_reads_the_same_in_the_parity_build_in_every_engine(parity_bundle, firefox,
                                                                          versions):
    cases = fixture_cases()
    expected, _, found = compare_in_every_engine(
        'fixtures through build/parity.js', run_cases, firefox, parity_bundle, cases, versions)
    assert len(cases) >= 20
    assert found == []
    assert unexpected_errors(expected) == []
    # nginx's pages read quickly as the general reader reads them, in CPython as in each engine.
    readings = quick_readings(cases, expected)
    assert readings['differs'] == 0
    assert readings['json'] >= 1 and readings['html'] >= 1


def test_the_bookmarklet_ships_no_parity_code(dist):
    script = (dist / 'sitemap.js').read_text(encoding='utf-8')
    assert 'autoindexSitemapCases' not in script
    assert 'unknown case kind' not in script


@pytest.fixture(scope='module')
def canary_bundle(tmp_path_factory):
    """The naive idioms, transpiled and bundled exactly as the bookmarklet is."""
    build = tmp_path_factory.mktemp('canary')
    module = transpile(ROOT / 'tests' / 'canary' / 'naive.py', ROOT, build / 'transcrypt')
    bundle(module, build / 'bundle.js')
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
