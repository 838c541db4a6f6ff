"""Run parity cases through CPython and through a bundle in every JavaScript engine, and compare.

A bundle (the parity test build, or the canaries') offers its case runner as
globalThis.autoindexSitemapCases; the cases go in and the results come out as
JSON text. The engines: V8 (node), JavaScriptCore (the `jsc` shell, Safari's engine) and
SpiderMonkey (a Worker in headless Firefox, which has no document either).
"""

import json
import platform
import subprocess
import tempfile
from pathlib import Path

from toolkit.bundle import stage_sources
from toolkit.compile import compile_script

TESTS = Path(__file__).resolve().parents[1]
PARITY_ENTRY = TESTS / 'parity' / 'entry.py'
NODE_RUNNER = TESTS / 'parity' / 'run_bundle.js'
JSC_RUNNER = TESTS / 'parity' / 'run_bundle_jsc.js'
JSC = '/usr/bin/jsc'

ENGINES = ('V8', 'JavaScriptCore', 'SpiderMonkey')

# One line per comparison made this session, printed in pytest's summary.
REPORTS: list[str] = []


def build_parity_bundle(build_dir):
    """build_dir/parity.js: the case runner over the core modules, staged, transpiled, given
    its runtime and bundled by the bookmarklet's own build steps and flags. Returns
    toolkit.compile.compile_script's {script, runtime, modules}."""
    build_dir = Path(build_dir).resolve()
    staging = build_dir / 'parity-src'
    entry = stage_sources(staging, PARITY_ENTRY)
    return compile_script(entry, 'tests/parity/entry.py', staging,
                          build_dir / 'parity-transcrypt', build_dir / 'parity.js')


def cases_file(cases, folder):
    path = Path(folder) / 'cases.json'
    path.write_text(json.dumps(cases), encoding='ascii')
    return path


def run_command(command, engine):
    done = subprocess.run(command, capture_output=True, text=True, encoding='utf-8', timeout=120)
    if done.returncode != 0:
        raise RuntimeError('{} failed: {}{}'.format(engine, done.stdout[-2000:], done.stderr[-2000:]))
    return json.loads(done.stdout)


def run_in_node(bundle, cases):
    with tempfile.TemporaryDirectory() as folder:
        return run_command(['node', str(NODE_RUNNER), str(bundle), str(cases_file(cases, folder))], 'V8')


def run_in_jsc(bundle, cases):
    with tempfile.TemporaryDirectory() as folder:
        return run_command([JSC, str(JSC_RUNNER), '--', str(bundle), str(cases_file(cases, folder))],
                           'JavaScriptCore')


def run_in_firefox(firefox, bundle, cases):
    with tempfile.TemporaryDirectory() as folder:
        text = firefox.call('parity', bundle=str(bundle), cases=str(cases_file(cases, folder)))
    return json.loads(text)


def run_in_engines(firefox, bundle, cases):
    """{engine: results} for every engine in ENGINES."""
    return {
        'V8': run_in_node(bundle, cases),
        'JavaScriptCore': run_in_jsc(bundle, cases),
        'SpiderMonkey': run_in_firefox(firefox, bundle, cases),
    }


def run_in_cpython(run_cases, cases):
    return json.loads(run_cases(json.dumps(cases, ensure_ascii=False)))


def unexpected_errors(results):
    """The results that are an error other than a Problem: a bug on that side, even when
    every engine has it too."""
    return [result for result in results
            if 'error' in result and result['error'].startswith('unexpected error')]


def quick_readings(cases, results):
    """{json, html, differs}: over the quick_readings cases (tests/parity/entry.py), how many
    bodies each quick reading read as the general reader does, and how many readings
    differed from it (or failed)."""
    counts = {'json': 0, 'html': 0, 'differs': 0}
    for case, result in zip(cases, results):
        if case['kind'] == 'quick_readings':
            readings = result.get('result', {'json': 'differs', 'html': 'differs'})
            for reading in ['json', 'html']:
                counts[reading] += readings[reading] == 'same'
                counts['differs'] += readings[reading] == 'differs'
    return counts


def divergences(cases, expected, results):
    """(case index, engine, CPython's result, the engine's result) wherever they differ."""
    found = []
    for index in range(len(cases)):
        left = expected[index] if index < len(expected) else '<missing>'
        for engine in ENGINES:
            actual = results[engine]
            right = actual[index] if index < len(actual) else '<missing>'
            if left != right:
                found.append((index, engine, left, right))
    for engine in ENGINES:
        for index in range(len(cases), len(results[engine])):
            found.append((index, engine, '<missing>', results[engine][index]))
    return found


def differences(cases, expected, results):
    """The divergences as readable lines."""
    lines = []
    for index, engine, left, right in divergences(cases, expected, results):
        case = cases[index] if index < len(cases) else {'kind': '<extra>', 'input': None}
        lines.append('{} {!r}: CPython {!r} != {} {!r}'.format(
            case['kind'], case['input'], left, engine, right))
    return lines


def engine_versions(firefox):
    """The engines' names with the versions that ran, for the report."""
    node = subprocess.run(['node', '--version'], capture_output=True, text=True).stdout.strip()
    webkit = subprocess.run(['dpkg-query', '-W', '-f', '${Version}', 'libjavascriptcoregtk-4.0-bin'],
                            capture_output=True, text=True).stdout.strip() or 'unknown'
    return ['CPython ' + platform.python_version(), 'V8 (node ' + node + ')',
            'JavaScriptCore (WebKitGTK ' + webkit + ')',
            'SpiderMonkey (' + firefox.version.replace('/', ' ') + ')']


def report(name, cases, found, versions):
    line = '{}: {} cases, {} differences across {}'.format(
        name, len(cases), len(found), ', '.join(versions))
    REPORTS.append(line)
    return line


def compare_in_every_engine(name, run_cases, firefox, bundle, cases, versions):
    """[expected, results, found]: the cases through CPython's run_cases and through bundle
    in every engine, and their differences, reported under name."""
    expected = run_in_cpython(run_cases, cases)
    results = run_in_engines(firefox, bundle, cases)
    found = differences(cases, expected, results)
    report(name, cases, found, versions)
    return [expected, results, found]
