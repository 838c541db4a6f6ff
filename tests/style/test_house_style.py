"""The bookmarklet's Python keeps to the native subset (docs/transcrypt.md), each rule
of the check fires on the construct it names, and the rules' one table (toolkit/subset.py)
is the one docs/transcrypt.md shows; its packages are layers that import only those below
them (bookmarklet/__init__.py LAYERS), and each package's docstring names its modules."""

import ast
import re
from pathlib import Path

import pytest

from bookmarklet import LAYERS
from tests.support import house_style
from tests.support.house_style import violations
from toolkit import ROOT, subset
from toolkit.bundle import SOURCES, bookmarklet_modules

@pytest.mark.parametrize('path', bookmarklet_modules(),
                         ids=lambda path: path.relative_to(SOURCES).as_posix())
def test_bookmarklet_module_keeps_to_the_native_subset(path):
    assert violations(path.read_text(encoding='utf-8'), str(path)) == []


# One construct per rule, and a word of what the rule says to write instead.
TRAPS = {
    'class': ["class Crawl:\n    pass", 'new_object'],
    'list comprehension': ["names = [e['name'] for e in entries]", 'for loop'],
    'generator expression': ["n = len(x for x in xs)", 'for loop'],
    'dict comprehension': ["d = {k: 1 for k in ks}", 'for loop'],
    'tuple': ["pair = (1, 2)", 'a list'],
    'awaited and subscripted': ["async def f():\n    x = (await g())[0]", 'name the awaited value'],
    'awaited attribute': ["async def f():\n    x = (await g()).y", 'name the awaited value'],
    'return a, b': ["def f():\n    return 1, 2", 'named fields'],
    'tuple unpacking': ["a, b = xs", 'a list'],
    'star assignment': ["a, *rest = xs", 'a list'],
    'slice': ["head = text[:5]", 'part('],
    'copy by slice': ["copy = xs[:]", 'part('],
    'negative index': ["c = s[-1]", 'last_char'],
    'join': ["s = ', '.join(xs)", 'joined('],
    'strip': ["s = s.strip()", 'strip_spaces'],
    'strip chars': ["s = s.strip('/')", 'strip_spaces'],
    'dict get': ["v = d.get('k')", 'record_field'],
    'dict keys': ["ks = d.keys()", 'keys_of'],
    'dict items': ["for k in d.items():\n    pass", 'keys_of'],
    'dict values': ["vs = d.values()", 'keys_of'],
    'dict update': ["d.update(e)", 'one assignment'],
    'dict pop': ["d.pop('k')", 'drop_key'],
    'list pop at': ["xs.pop(0)", 'remove_at'],
    'del': ["del xs[0]", 'remove_at'],
    'extend': ["xs.extend(ys)", 'a loop'],
    'index': ["i = xs.index(x)", 'find'],
    'count': ["n = s.count('/')", 'a loop'],
    'insert': ["xs.insert(0, x)", 'new list'],
    'sort': ["xs.sort()", 'stable_sorted'],
    'reverse': ["xs.reverse()", 'from the end'],
    'format': ["s = '{}'.format(x)", 'pad'],
    'zfill': ["s = s.zfill(4)", 'pad'],
    'isdigit': ["ok = c.isdigit()", 'find('],
    'split without separator': ["ws = s.split()", 'words('],
    'rfind with a start': ["i = s.rfind('/', 3)", 'rfind(t)'],
    'sorted': ["ys = sorted(xs)", 'stable_sorted'],
    'enumerate': ["for i in enumerate(xs):\n    pass", 'range'],
    'zip': ["for p in zip(a, b):\n    pass", 'indexes'],
    'map': ["ys = map(f, xs)", 'loop'],
    'filter': ["ys = filter(f, xs)", 'loop'],
    'any': ["ok = any(xs)", 'loop'],
    'sum': ["n = sum(xs)", 'loop'],
    'list()': ["ys = list(xs)", 'part('],
    'dict()': ["d = dict()", 'literal'],
    'set()': ["seen = set()", 'dict keys'],
    'int()': ["n = int(text)", 'parse_int'],
    'float()': ["x = float(text)", 'parser'],
    'isinstance': ["if isinstance(name, str):\n    pass", 'is_text'],
    'type()': ["t = type(x)", 'is_text'],
    'getattr': ["v = getattr(o, 'x', 1)", 'attribute'],
    'hasattr': ["ok = hasattr(o, 'x')", 'attribute'],
    'print': ["print(x)", 'nothing'],
    'chr': ["c = chr(n)", 'char_of'],
    'ord': ["n = ord(c)", 'compare_text'],
    'range outside a for': ["xs = range(3)", 'for i in range'],
    'keyword argument': ["helper(1, width=2)", 'positional'],
    '*args in a call': ["helper(*xs)", 'positional'],
    '*args in a definition': ["def f(*xs):\n    pass", 'positional'],
    'default value': ["def f(x=1):\n    pass", 'positional'],
    'f-string': ["s = f'{x} items'", 'concatenation'],
    'percent format': ["s = '%d items' % n", 'concatenation'],
    'is None': ["if x is None:\n    pass", '== None'],
    'is not None': ["if x is not None:\n    pass", '!= None'],
    'raise another error': ["raise ValueError('x')", 'Problem('],
    'except Exception': ["try:\n    pass\nexcept Exception:\n    pass", 'JSError'],
    'bare except': ["try:\n    pass\nexcept:\n    pass", 'JSError'],
    'int dict key': ["d = {1: 'a'}", 'string keys'],
    'for over a dict': ["d = {'a': 1}\nfor k in d:\n    pass", 'keys_of'],
    'aliased variable name': ["lower = 1", 'another name'],
    'aliased parameter name': ["def f(upper):\n    pass", 'another name'],
    'aliased function name': ["def find(x):\n    pass", 'another name'],
    'aliased attribute': ["view.replace = 1", 'another name'],
    'own field by one word': ["view = new_object()\nview.page = 1", 'two words'],
    'own field by one word, in a function': ["def f(pool):\n    pool.limit += 1\n"
                                             "pool = portable.new_object()", 'two words'],
    'decorator': ["@cache\ndef f():\n    pass", 'call the function'],
    'with': ["with f() as g:\n    pass", 'plain statements'],
    'async for': ["async def f():\n    async for x in y:\n        pass", 'plain statements'],
    'walrus': ["if (n := len(x)) > 1:\n    pass", 'plain statements'],
    'match': ["match x:\n    case 1:\n        pass", 'plain statements'],
    'yield': ["def f():\n    yield 1", 'plain statements'],
    'outside value ==': ["def f(item):\n    return record_field(item, 'type') == 'file'", 'is_exactly'],
    'outside name !=': ["def f(item):\n    kind = record_field(item, 'type')\n"
                        "    return kind != 'directory'", 'is_exactly'],
    'outside value in': ["def f(entry):\n    return record_field(entry, 'type') in KINDS",
                         'is_exactly'],
    'outside item ==': ["def f(text):\n    for item in parse_json(text):\n"
                        "        ok = item['is_dir'] == True", 'is_exactly'],
    'import json': ["import json", 'portable'],
    'import re': ["from re import split", 'portable'],
}


@pytest.mark.parametrize('trap', sorted(TRAPS))
def test_the_check_rejects_each_construct_and_names_what_to_write(trap):
    source, instead = TRAPS[trap]
    found = violations(source, trap)
    assert found != []
    assert any(instead in message for _, message in found), found


def test_the_check_passes_the_subset_and_skipped_blocks():
    source = (
        "# __pragma__ ('skip')\nimport json\nx = int('3')\n"
        "class Problem(Exception):\n    pass\n# __pragma__ ('noskip')\n"
        "# __pragma__ ('ecom')\n#?parts = text.js_split(',').join('/')\n# __pragma__ ('noecom')\n"
        "if x == None:\n    n = parse_int(text)\nfor k in keys_of(d):\n    pass\n"
        "c = s[len(s) - 1]\nxs.append(part(s, 1, None))\nxs.pop()\nwords = s.split(',')\n"
        "for i in range(0, len(xs)):\n    pass\nat = s.find('/', 2) + s.rfind('/')\n"
        "ok = s.startswith('a') and s.lower().endswith('b')\nt = s.replace('a', 'b')\n"
        "d = {'name': n}\nview = new_object()\nview.current_page = 1\n"
        "node = page.document.createElement('p')\nnode.hidden = True\n"
        "def k(item):\n    kind = record_field(item, 'type')\n"
        "    return kind != None and is_exactly(kind, 'file') and item == None\n"
        "f = lambda x: x + 1\n"
        "async def g(view):\n    try:\n        await h(view)\n"
        "    except JSError as error:\n        view.shown_problem = problem_of(error)\n"
        "    finally:\n        pass\n    raise Problem('gone')\n")
    assert violations(source) == []


def test_docs_transcrypt_md_shows_the_rules_table_as_it_is():
    text = subset.DOC.read_text(encoding='utf-8')
    assert subset.with_table(text) == text, \
        'docs/transcrypt.md shows another table than toolkit/subset.py RULES: run ' \
        '.venv/bin/python -m toolkit.subset'


@pytest.mark.parametrize('found', subset.RULES, ids=lambda found: found['instead_of'][:40])
def test_each_rule_names_what_it_refuses_and_the_check_knows_its_syntax(found):
    """Every function and method a rule refuses is named in its row of the table, and every
    construct it refuses by syntax has a test of the tree in the house-style check."""
    shown = ' '.join(re.findall(r'`([^`]*)`', found['instead_of']))
    for name in list(found['functions']) + list(found['methods']):
        assert re.search(r'\b' + name + r'\b', shown), name
    source = Path(house_style.__file__).read_text(encoding='utf-8')
    for key in found['syntax']:
        assert "message('" + key + "')" in source, key


def test_a_name_in_two_rules_is_no_name():
    for kind in ['functions', 'methods', 'runtime', 'syntax']:
        names = [name for found in subset.RULES for name in found[kind]]
        assert len(names) == len(set(names)), kind


def unit_of(path, sources=SOURCES):
    """The layer a module of sources belongs to: its package's name, or its own name for a
    module at the top (reading/names.py: reading; portable.py: portable)."""
    return path.relative_to(sources).parts[0].removesuffix('.py')


def imported_units(text):
    """{unit: line} of the bookmarklet's modules a module's text imports from, by the
    unit each belongs to (bookmarklet.reading.names: reading)."""
    found = {}
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module + '.' + alias.name for alias in node.names] \
                if node.module == 'bookmarklet' else [node.module]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        for name in names:
            parts = name.split('.')
            if parts[0] == 'bookmarklet' and len(parts) > 1:
                found.setdefault(parts[1], node.lineno)
    return found


def imports_up(path, sources=SOURCES):
    """What a module imports from its own layer's level or above, but its own package: an
    import that runs back up the layers."""
    unit = unit_of(path, sources)
    return ['line {}: {} is not below {}'.format(line, imported, unit)
            for imported, line in sorted(imported_units(path.read_text(encoding='utf-8')).items())
            if imported != unit and (imported not in LAYERS
                                     or LAYERS.index(imported) >= LAYERS.index(unit))]


@pytest.mark.parametrize('path', bookmarklet_modules(),
                         ids=lambda path: path.relative_to(SOURCES).as_posix())
def test_a_module_imports_only_its_own_package_and_the_layers_below(path):
    assert unit_of(path) in LAYERS or path.name == '__init__.py', \
        'a new package or top module takes its place in bookmarklet/__init__.py LAYERS'
    assert imports_up(path) == []


def test_the_layer_check_refuses_an_import_back_up(tmp_path):
    module = tmp_path / 'reading' / 'names.py'
    module.parent.mkdir()
    module.write_text('from bookmarklet.reading.entries import is_plain_name\n'
                      'from bookmarklet.shown.phrases import row_message\n'
                      'from bookmarklet import words\n', encoding='utf-8')
    assert imports_up(module, tmp_path) == ['line 2: shown is not below reading']


@pytest.mark.parametrize('package', sorted(path.parent for path in SOURCES.glob('*/__init__.py')),
                         ids=lambda path: path.name)
def test_a_package_s_docstring_names_each_of_its_modules_once(package):
    """The package docstrings are the unit table (docs/design.md points to them): one line
    per module, '- name: what it does'."""
    text = ast.get_docstring(ast.parse((package / '__init__.py').read_text(encoding='utf-8')))
    named = re.findall(r'^- (\w+): ', text, re.M)
    modules = sorted(path.stem for path in package.glob('*.py') if path.name != '__init__.py')
    assert sorted(named) == modules and len(set(named)) == len(named)


def functions_in_two_modules(paths):
    """{name: [modules]} of each function name, a closure's too, that more than one of
    these modules defines."""
    where = {}
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding='utf-8'))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                where.setdefault(node.name, set()).add(path.relative_to(SOURCES).as_posix())
    return {name: sorted(modules) for name, modules in where.items() if len(modules) > 1}


def test_no_function_name_means_two_things():
    """A name read in one module means what it means in every other: a function that does
    another thing takes another name (show_page is the screen's; the crawl's is draw_page)."""
    assert functions_in_two_modules(bookmarklet_modules()) == {}


# A module path the docs name: bookmarklet/ and what follows it, or a package's path
# (crawl/root.py) alone.
DOC_PATH = re.compile(r'(?<![\w./-])(?:bookmarklet/((?:\w+/)*\w+\.(?:py|js|css))'
                      r'|((?:' + '|'.join(LAYERS) + r')/\w+\.py))')


def test_every_module_path_the_docs_name_is_in_the_tree():
    """A module that moves to another package leaves no doc pointing where it was."""
    missing = []
    for doc in sorted(ROOT.glob('docs/*.md')) + [ROOT / 'README.md']:
        for found in DOC_PATH.finditer(doc.read_text(encoding='utf-8')):
            path = found.group(1) or found.group(2)
            # docs/transcrypt.md shows the form of the check's message with an example.
            if path != 'x.py' and not (SOURCES / path).exists():
                missing.append(doc.name + ': ' + found.group(0))
    assert missing == []


# A file under tests/ that a doc names by its path.
TEST_PATH = re.compile(r'(?<![\w./-])tests/(?:[\w.-]+/)*[\w-]+\.(?:py|js|md|json)\b')


def test_every_test_file_the_docs_name_is_in_the_tree():
    """A test file that moves to another layer's folder leaves no doc pointing where it was."""
    missing = []
    for doc in sorted(ROOT.glob('docs/*.md')) + [ROOT / 'README.md']:
        for found in TEST_PATH.finditer(doc.read_text(encoding='utf-8')):
            if not (ROOT / found.group(0)).exists():
                missing.append(doc.name + ': ' + found.group(0))
    assert missing == []
