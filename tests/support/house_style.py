"""Keep the bookmarklet's Python in the native subset (docs/transcrypt.md).

The subset is the Python that Transcrypt compiles to JavaScript calling native
methods only, and that means the same on both sides. Each rule names the
construct and what to write instead. The check reads source with ast; code
between the skip pragmas runs only under CPython and is exempt, and
JavaScript-only lines are `#?` comments, which ast does not see.
"""

import ast
import re

SKIPPED = re.compile(r"#\s*__pragma__\s*\(\s*'skip'\s*\)(.*?)#\s*__pragma__\s*\(\s*'noskip'\s*\)",
                     re.S)

# Python's words that the build aliases to native methods in every identifier
# (generator.NATIVE_METHODS): a name of our own that is one of them is renamed too.
ALIASED = {'append', 'find', 'rfind', 'startswith', 'endswith', 'lower', 'upper', 'replace'}

# Built-in functions outside the subset, and what to write instead.
FUNCTIONS = {
    'sorted': 'portable.stable_sorted(items, compare)',
    'enumerate': '`for i in range(0, len(xs))`',
    'zip': 'a loop over indexes',
    'map': 'a loop',
    'filter': 'a loop',
    'any': 'a loop',
    'all': 'a loop',
    'sum': 'a loop',
    'list': 'a list literal, or portable.part(xs, 0, None) for a copy',
    'dict': 'a dict literal',
    'set': 'dict keys (portable.dict_key)',
    'tuple': 'a list',
    'int': 'portable.parse_int or portable.floor',
    'float': 'your own parser',
    'isinstance': 'portable.is_text, is_number, is_list or is_record',
    'type': 'portable.is_text and friends',
    'getattr': 'an attribute, or a dict and `in`',
    'hasattr': 'an attribute, or a dict and `in`',
    'setattr': 'an attribute, or a dict',
    'print': 'nothing (the page is not yours to log to)',
    'chr': 'portable.char_of',
    'ord': 'portable.compare_text to order texts (JavaScript counts UTF-16 units)',
    'reversed': 'a loop from the end',
    'round': 'portable.floor(x + 0.5)',
    'repr': 'concatenation',
    'iter': 'a for loop',
    'next': 'a for loop',
    'super': 'no classes: a unit of functions',
}

# Methods outside the subset, and what to write instead.
METHODS = {
    'join': 'portable.joined(items, separator)',
    'strip': 'portable.strip_spaces',
    'lstrip': 'your own helper',
    'rstrip': 'your own helper',
    'get': "`'k' in d` and d['k'], or portable.record_field",
    'keys': 'portable.keys_of(d)',
    'items': 'portable.keys_of(d) and d[k]',
    'values': 'portable.keys_of(d) and d[k]',
    'update': 'one assignment per key',
    'copy': 'portable.part(xs, 0, None), or a new dict literal',
    'setdefault': "`'k' in d` first",
    'extend': 'a loop that appends',
    'index': 'find, or a loop',
    'count': 'a loop',
    'insert': 'build a new list',
    'sort': 'portable.stable_sorted(items, compare)',
    'reverse': 'a loop from the end',
    'format': 'concatenation and portable.pad',
    'zfill': 'portable.pad',
    'capitalize': 'upper on the first character',
    'title': 'your own helper',
    'isdigit': "'0123456789'.find(c) >= 0",
    'isalpha': 'your own helper',
    'isspace': 'portable.words or strip_spaces',
    'partition': 'find and portable.part',
    'rpartition': 'rfind and portable.part',
    'rsplit': 'rfind and portable.part',
    'splitlines': "split('\\n')",
    'removeprefix': 'startswith and portable.part',
    'removesuffix': 'endswith and portable.part',
    'ljust': 'a loop, as portable.pad',
    'rjust': 'portable.pad',
    'center': 'your own helper',
    'casefold': 'lower',
    'expandtabs': 'replace',
    'clear': 'a new list or dict',
    'discard': 'portable.drop_key',
}
# Not here: `remove` and `add`, native methods of DOM objects (element.remove(),
# classList.add()) that browser adapters call; a list's remove() fails loudly in
# JavaScript, with no runtime to supply it.

# Where values from outside come from (a listing's JSON, a stored record): compared with
# Transcrypt's == they are converted first (['directory'] == 'directory' in JavaScript).
OUTSIDE_SOURCES = ('record_field', 'parse_json')

MODULES = ('json', 'functools', 'collections', 'asyncio', 'urllib', 're', 'datetime', 'math')


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
    for node in ast.walk(tree):
        if isinstance(node, ast.For) and (isinstance(node.iter, ast.Dict) or (
                isinstance(node.iter, ast.Name) and node.iter.id in dict_names)):
            flag(node, '`for k in d` throws on a dict: write `for k in portable.keys_of(d)`')
        if isinstance(node, (ast.Subscript, ast.Attribute)) and isinstance(node.value, ast.Await):
            flag(node, '`(await x)[i]` and `(await x).y` lose their parentheses: name the '
                       'awaited value first')
        if isinstance(node, ast.Call):
            check_call(node, flag, range_loops)
        elif isinstance(node, ast.ClassDef):
            flag(node, 'a class: write a unit, new_x() returning portable.new_object() and '
                       'functions taking it')
        elif isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            flag(node, 'a comprehension: write a for loop that appends')
        elif isinstance(node, ast.Tuple):
            flag(node, 'a tuple (or `return a, b`, or unpacking): use a list, or return a dict '
                       'with named fields')
        elif isinstance(node, ast.Subscript):
            check_subscript(node, flag)
        elif isinstance(node, ast.Compare):
            for op in node.ops:
                if isinstance(op, (ast.Is, ast.IsNot)):
                    flag(node, '`is` compares with ===: write `== None` / `!= None`')
        elif isinstance(node, (ast.JoinedStr, ast.BinOp)):
            if isinstance(node, ast.JoinedStr) or (isinstance(node.op, ast.Mod) and isinstance(
                    node.left, ast.Constant) and isinstance(node.left.value, str)):
                flag(node, 'f-strings and % formatting: concatenate, and pad with portable.pad')
        elif isinstance(node, ast.Delete):
            flag(node, '`del`: use portable.remove_at(xs, i) or portable.drop_key(d, k)')
        elif isinstance(node, ast.Raise):
            if not (isinstance(node.exc, ast.Call) and isinstance(node.exc.func, ast.Name)
                    and node.exc.func.id == 'Problem'):
                flag(node, 'raise only portable.Problem(message)')
        elif isinstance(node, ast.ExceptHandler):
            if not (isinstance(node.type, ast.Name) and node.type.id == 'JSError'):
                flag(node, 'catch only with `except JSError as error:` and read '
                           'portable.problem_of(error)')
        elif isinstance(node, ast.Dict):
            for key in node.keys:
                if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
                    flag(node, 'a dict key that is not a string literal: string keys only')
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            check_function(node, flag)
        elif isinstance(node, ast.Name) and node.id in ALIASED:
            flag(node, '`' + node.id + '` is renamed to a native method name everywhere: '
                       'choose another name')
        elif isinstance(node, ast.Attribute) and node.attr in ALIASED \
                and not isinstance(node.ctx, ast.Load):
            flag(node, '`' + node.attr + '` is renamed to a native method name everywhere: '
                       'choose another name')
        elif isinstance(node, (ast.AsyncFor, ast.AsyncWith, ast.With)):
            flag(node, '`with`, `async for` and `async with`: plain statements and loops')
        elif isinstance(node, (ast.NamedExpr, ast.Match, ast.Yield, ast.YieldFrom, ast.Global)):
            flag(node, type(node).__name__ + ' is outside the subset: plain statements')
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) \
                else [node.module or '']
            for name in names:
                if name.split('.')[0] in MODULES:
                    flag(node, 'module ' + name + ' is missing or costly in the bundle: '
                               'helpers in portable')
    check_outside_values(tree, flag)
    return sorted(set(found))


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
                    flag(node, 'a value read from outside (record_field, parse_json) compared '
                               'with ==, != or in, which convert in JavaScript: write '
                               'portable.is_exactly(value, expected)')


def check_call(node, flag, range_loops):
    function = node.func
    if node.keywords or any(isinstance(arg, ast.Starred) for arg in node.args):
        flag(node, 'keyword arguments and *args: pass arguments by position')
    if isinstance(function, ast.Name):
        if function.id == 'range' and id(node) not in range_loops:
            flag(node, '`range()` outside a for: write `for i in range(a, b)`')
        elif function.id in FUNCTIONS:
            flag(node, '`' + function.id + '()`: write ' + FUNCTIONS[function.id])
    elif isinstance(function, ast.Attribute):
        method = function.attr
        if method in METHODS:
            flag(node, '`.' + method + '()`: write ' + METHODS[method])
        elif method == 'pop' and len(node.args) > 0:
            flag(node, '`.pop(i)`: write portable.remove_at(xs, i) or portable.drop_key(d, k)')
        elif method == 'split' and len(node.args) != 1:
            flag(node, '`.split()` without a separator: write portable.words(text)')
        elif method == 'rfind' and len(node.args) != 1:
            flag(node, '`.rfind(t, start)`: only rfind(t) is the same on both sides')


def check_subscript(node, flag):
    index = node.slice
    if isinstance(index, ast.Slice):
        flag(node, 'a slice: write portable.part(seq, start, end), end None for "to the end"')
    elif isinstance(index, ast.UnaryOp) and isinstance(index.op, ast.USub):
        flag(node, 'a negative index: write portable.last_char(s) or xs[len(xs) - 1]')


def check_function(node, flag):
    arguments = node.args
    if arguments.vararg or arguments.kwarg or arguments.kwonlyargs or arguments.defaults:
        flag(node, '*args, **kwargs and default values: positional parameters only')
    for argument in arguments.posonlyargs + arguments.args:
        if argument.arg in ALIASED:
            flag(node, 'a parameter named `' + argument.arg + '` is renamed to a native method '
                       'name: choose another name')
    if not isinstance(node, ast.Lambda):
        if node.decorator_list:
            flag(node, 'a decorator: call the function instead')
        if node.name in ALIASED:
            flag(node, 'a function named `' + node.name + '` is renamed to a native method '
                       'name: choose another name')
