"""Run parity cases through CPython and through a bundle in a JavaScript engine, and compare.

A bundle offers its case runner as globalThis.autoindexSitemapCases when it
finds no document; the cases go in and the results come out as JSON text.
"""

import json
import subprocess
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
NODE_RUNNER = HERE / 'parity' / 'run_bundle.js'


def run_in_node(bundle, cases):
    with tempfile.NamedTemporaryFile('w', suffix='.json', encoding='utf-8', delete=False) as handle:
        json.dump(cases, handle, ensure_ascii=False)
    try:
        done = subprocess.run(['node', str(NODE_RUNNER), str(bundle), handle.name],
                              capture_output=True, text=True, encoding='utf-8', timeout=120)
    finally:
        Path(handle.name).unlink()
    if done.returncode != 0:
        raise RuntimeError('node failed: ' + done.stderr)
    return json.loads(done.stdout)


def run_in_cpython(run_cases, cases):
    return json.loads(run_cases(json.dumps(cases, ensure_ascii=False)))


def differences(cases, expected, actual):
    """The cases whose results differ, as readable lines."""
    found = []
    for index, case in enumerate(cases):
        left = expected[index] if index < len(expected) else '<missing>'
        right = actual[index] if index < len(actual) else '<missing>'
        if left != right:
            found.append('{} {!r}: CPython {!r} != JS {!r}'.format(
                case['kind'], case['input'], left, right))
    return found
