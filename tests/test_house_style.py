"""The bookmarklet's Python avoids every construct Transcrypt silently miscompiles."""

import ast
from pathlib import Path

import pytest

from tests.house_style import violations

BOOKMARKLET = Path(__file__).resolve().parent.parent / 'bookmarklet'


def own_functions():
    names = set()
    for path in BOOKMARKLET.glob('*.py'):
        for node in ast.walk(ast.parse(path.read_text(encoding='utf-8'))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                names.add(node.name)
    return names


@pytest.mark.parametrize('path', sorted(BOOKMARKLET.glob('*.py')), ids=lambda path: path.name)
def test_bookmarklet_module_has_no_transcrypt_trap(path):
    assert violations(path.read_text(encoding='utf-8'), str(path), own_functions()) == []


TRAPS = {
    'tuple sort key': "sorted(xs, key=lambda e: (-e['t'], e['name']))",
    'reverse sort': "xs.sort(key=lambda e: e['t'], reverse=True)",
    'int': "n = int(text)",
    'is None': "if x is None:\n    pass",
    'is not None': "if x is not None:\n    pass",
    'for over a dict': "d = {'a': 1}\nfor k in d:\n    pass",
    'format spec': "s = f'{x:04d}'",
    'percent format': "s = '%d items' % n",
    'async for': "async def f():\n    async for x in y:\n        pass",
    'walrus': "if (n := len(x)) > 1:\n    pass",
    'match': "match x:\n    case 1:\n        pass",
    'star assignment': "a, *rest = xs",
    'del item': "del xs[0]",
    'negative index': "c = s[-1]",
    'strip chars': "s.strip('/')",
    'missing method': "s.zfill(4)",
    'except Exception': "try:\n    pass\nexcept Exception:\n    pass",
    'set': "seen = set()",
    'getattr default': "getattr(o, 'x', 1)",
    'keyword to own function': "helper(1, width=2)",
    'import json': "import json",
    'isinstance str': "if isinstance(name, str):\n    pass",
}


@pytest.mark.parametrize('trap', sorted(TRAPS))
def test_the_check_rejects_each_trap(trap):
    assert violations(TRAPS[trap], trap, {'helper'}) != []


def test_the_check_passes_the_portable_idioms_and_skipped_blocks():
    source = (
        "# __pragma__ ('skip')\nimport json\nx = int('3')\n# __pragma__ ('noskip')\n"
        "if x == None:\n    n = parse_int(text)\nfor k in d.keys():\n    pass\n"
        "c = s[len(s) - 1]\nxs.pop(0)\n")
    assert violations(source) == []
