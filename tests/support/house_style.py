"""Keep the bookmarklet's Python in the native subset (docs/transcrypt.md).

The subset is the Python that Transcrypt compiles to JavaScript calling native
methods only, and that means the same on both sides. Each rule of its table
(toolkit/subset.py RULES) names the construct and what to write instead; here is
how the construct is found in the tree. The check reads source with ast; code
between the skip pragmas runs only under CPython and is exempt, and
JavaScript-only lines are `#?` comments, which ast does not see.
"""

import ast
import re

from toolkit.subset import ALIASES, MODULES, OWN_FIELD, instead, message

SKIPPED = re.compile(r"#\s*__pragma__\s*\(\s*'skip'\s*\)(.*?)#\s*__pragma__\s*\(\s*'noskip'\s*\)",
                     re.S)

# The rules, what each says and the names they refuse: toolkit/subset.py.
ALIASED = {python for python, _ in ALIASES}
OWN_FIELD_NAME = re.compile(OWN_FIELD)

# Where values from outside come from (a listing's JSON, a stored record): compared with
# Transcrypt's == they are converted first (['directory'] == 'directory' in JavaScript).
OUTSIDE_SOURCES = ('record_field', 'parse_json')


def without_skipped(source):
    """source with the CPython-only blocks blanked, line numbers kept."""
    return SKIPPED.sub(lambda match: '\n' * match.group(0).count('\n'), source)


def violations(source, filename='<source>'):
    """[(line, message)] for every construct outside the native subset in source."""
    tree = ast.parse(without_skipped(source), filename)
    found = []

    def flag(node, message):
        found.append((node.lineno, message))

    range_loops = {id(node.iter) for node in ast.walk(tree)
                   if isinstance(node, ast.For) and isinstance(node.iter, ast.Call)}
    dict_names = {target.id for node in ast.walk(tree)
                  if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict)
                  for target in node.targets if isinstance(target, ast.Name)}
    # Like dict_names, by name in the whole module: a unit's functions take its object
    # under the name it was made with (view = new_object(); show_page(view)).
    own_objects = {target.id for node in ast.walk(tree)
                   if isinstance(node, ast.Assign) and is_new_object(node.value)
                   for target in node.targets if isinstance(target, ast.Name)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) \
                and isinstance(node.value, ast.Name) and node.value.id in own_objects \
                and not OWN_FIELD_NAME.fullmatch(node.attr):
            flag(node, '`' + node.value.id + '.' + node.attr + '`: ' + message('own field'))
        if isinstance(node, ast.For) and (isinstance(node.iter, ast.Dict) or (
                isinstance(node.iter, ast.Name) and node.iter.id in dict_names)):
            flag(node, message('for over a dict'))
        if isinstance(node, (ast.Subscript, ast.Attribute)) and isinstance(node.value, ast.Await):
            flag(node, message('await'))
        if isinstance(node, ast.Call):
            check_call(node, flag, range_loops)
        elif isinstance(node, ast.ClassDef):
            flag(node, message('class'))
        elif isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            flag(node, message('comprehension'))
        elif isinstance(node, ast.Tuple):
            flag(node, message('tuple'))
        elif isinstance(node, ast.Subscript):
            check_subscript(node, flag)
        elif isinstance(node, ast.Compare):
            for op in node.ops:
                if isinstance(op, (ast.Is, ast.IsNot)):
                    flag(node, message('is'))
        elif isinstance(node, (ast.JoinedStr, ast.BinOp)):
            if isinstance(node, ast.JoinedStr) or (isinstance(node.op, ast.Mod) and isinstance(
                    node.left, ast.Constant) and isinstance(node.left.value, str)):
                flag(node, message('formatting'))
        elif isinstance(node, ast.Delete):
            flag(node, message('del'))
        elif isinstance(node, ast.Raise):
            if not (isinstance(node.exc, ast.Call) and isinstance(node.exc.func, ast.Name)
                    and node.exc.func.id == 'Problem'):
                flag(node, message('raise'))
        elif isinstance(node, ast.ExceptHandler):
            if not (isinstance(node.type, ast.Name) and node.type.id == 'JSError'):
                flag(node, message('except'))
        elif isinstance(node, ast.Dict):
            for key in node.keys:
                if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
                    flag(node, message('dict key'))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            check_function(node, flag)
        elif isinstance(node, ast.Name) and node.id in ALIASED:
            flag(node, '`' + node.id + '`: ' + message('aliased'))
        elif isinstance(node, ast.Attribute) and node.attr in ALIASED \
                and not isinstance(node.ctx, ast.Load):
            flag(node, '`' + node.attr + '`: ' + message('aliased'))
        elif isinstance(node, (ast.AsyncFor, ast.AsyncWith, ast.With)):
            flag(node, message('statement'))
        elif isinstance(node, (ast.NamedExpr, ast.Match, ast.Yield, ast.YieldFrom, ast.Global)):
            flag(node, type(node).__name__ + ': ' + message('statement'))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) \
                else [node.module or '']
            for name in names:
                if name.split('.')[0] in MODULES:
                    flag(node, 'module ' + name + ': ' + message('import'))
    check_outside_values(tree, flag)
    return sorted(set(found))


def is_new_object(node):
    """True for a call of portable.new_object, by its own name or the module's."""
    if not isinstance(node, ast.Call):
        return False
    function = node.func
    return (isinstance(function, ast.Name) and function.id == 'new_object') \
        or (isinstance(function, ast.Attribute) and function.attr == 'new_object')


def is_outside(node, names):
    """True for a value read from outside: a call of a source, a name bound from one (or a
    loop over one), or an item of such a value."""
    if isinstance(node, ast.Call):
        return isinstance(node.func, ast.Name) and node.func.id in OUTSIDE_SOURCES
    if isinstance(node, ast.Name):
        return node.id in names
    return isinstance(node, ast.Subscript) and is_outside(node.value, names)


def check_outside_values(tree, flag):
    """Values from outside are compared with portable.is_exactly, never ==, != or in, which
    Transcrypt writes as JavaScript's converting == (docs/transcrypt.md)."""
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        names: set[str] = set()
        for node in ast.walk(function):
            if isinstance(node, ast.Assign) and is_outside(node.value, names):
                names.update(target.id for target in node.targets if isinstance(target, ast.Name))
            elif isinstance(node, ast.For) and is_outside(node.iter, names) \
                    and isinstance(node.target, ast.Name):
                names.add(node.target.id)
        for node in ast.walk(function):
            if not isinstance(node, ast.Compare):
                continue
            operands = [node.left] + node.comparators
            for index, op in enumerate(node.ops):
                pair = operands[index:index + 2]
                if isinstance(op, (ast.Eq, ast.NotEq, ast.In, ast.NotIn)) \
                        and any(is_outside(side, names) for side in pair) \
                        and not any(isinstance(side, ast.Constant) and side.value is None
                                    for side in pair):
                    flag(node, message('outside'))


def check_call(node, flag, range_loops):
    function = node.func
    if node.keywords or any(isinstance(arg, ast.Starred) for arg in node.args):
        flag(node, message('keyword arguments'))
    if isinstance(function, ast.Name):
        if function.id == 'range' and id(node) not in range_loops:
            flag(node, message('range'))
        elif instead('functions', function.id):
            flag(node, '`' + function.id + '()`: write ' + instead('functions', function.id))
    elif isinstance(function, ast.Attribute):
        method = function.attr
        if instead('methods', method):
            flag(node, '`.' + method + '()`: write ' + instead('methods', method))
        elif method == 'pop' and len(node.args) > 0:
            flag(node, message('pop at'))
        elif method == 'split' and len(node.args) != 1:
            flag(node, message('split'))
        elif method == 'rfind' and len(node.args) != 1:
            flag(node, message('rfind start'))


def check_subscript(node, flag):
    index = node.slice
    if isinstance(index, ast.Slice):
        flag(node, message('slice'))
    elif isinstance(index, ast.UnaryOp) and isinstance(index.op, ast.USub):
        flag(node, message('negative index'))


def check_function(node, flag):
    arguments = node.args
    if arguments.vararg or arguments.kwarg or arguments.kwonlyargs or arguments.defaults:
        flag(node, message('parameters'))
    for argument in arguments.posonlyargs + arguments.args:
        if argument.arg in ALIASED:
            flag(node, 'a parameter `' + argument.arg + '`: ' + message('aliased'))
    if not isinstance(node, ast.Lambda):
        if node.decorator_list:
            flag(node, message('decorator'))
        if node.name in ALIASED:
            flag(node, 'a function `' + node.name + '`: ' + message('aliased'))
