"""Find the Python constructs that Transcrypt turns into wrong JavaScript without a warning.

Each rule names the trap and what to write instead (docs/transcrypt.md).
The check reads source with ast; code between the skip pragmas runs only
under CPython and is exempt.
"""

import ast
import re

SKIPPED = re.compile(r"#\s*__pragma__\s*\(\s*'skip'\s*\)(.*?)#\s*__pragma__\s*\(\s*'noskip'\s*\)",
                     re.S)
DICT_BUILDERS = (ast.Dict, ast.DictComp)
MISSING_STR_METHODS = {'count', 'zfill', 'index', 'partition', 'rpartition', 'removeprefix',
                       'removesuffix', 'ljust', 'rjust', 'center', 'casefold', 'expandtabs'}


def without_skipped(source):
    """source with the CPython-only blocks blanked, line numbers kept."""
    return SKIPPED.sub(lambda match: '\n' * match.group(0).count('\n'), source)


def violations(source, filename='<source>', own_functions=()):
    """[(line, message)] for every trap in source."""
    tree = ast.parse(without_skipped(source), filename)
    found = []

    def flag(node, message):
        found.append((node.lineno, message))

    dict_names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, DICT_BUILDERS):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    dict_names.add(target.id)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            check_call(node, flag, own_functions)
        elif isinstance(node, ast.Compare):
            for op, right in zip(node.ops, node.comparators):
                if isinstance(op, (ast.Is, ast.IsNot)):
                    flag(node, '`is` compares with ===: write `== None` / `!= None`')
        elif isinstance(node, (ast.For, ast.comprehension)):
            iterated = node.iter
            if isinstance(iterated, ast.Name) and iterated.id in dict_names:
                flag(iterated, '`for k in d` throws on a dict: iterate d.keys()')
            if isinstance(iterated, DICT_BUILDERS):
                flag(iterated, '`for k in {...}` throws: iterate .keys()')
        elif isinstance(node, ast.JoinedStr):
            for value in node.values:
                if isinstance(value, ast.FormattedValue) and value.format_spec is not None:
                    flag(node, 'f-string format specs are dropped: pad by hand')
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) \
                and isinstance(node.left, (ast.Constant, ast.JoinedStr)) \
                and isinstance(getattr(node.left, 'value', None), str):
            flag(node, '`%` formatting gives NaN: concatenate')
        elif isinstance(node, (ast.AsyncFor, ast.AsyncWith)):
            flag(node, '`async for` / `async with` compile to invalid JavaScript')
        elif isinstance(node, ast.NamedExpr):
            flag(node, 'the walrus operator compiles wrongly')
        elif isinstance(node, ast.Match):
            flag(node, '`match` is not supported')
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, (ast.Tuple, ast.List)) and \
                        any(isinstance(element, ast.Starred) for element in target.elts):
                    flag(node, 'star assignment compiles wrongly')
        elif isinstance(node, ast.Delete):
            for target in node.targets:
                if isinstance(target, ast.Subscript):
                    flag(node, '`del x[i]` leaves a hole in a list: use pop()')
        elif isinstance(node, ast.Subscript):
            index = node.slice
            if isinstance(index, ast.UnaryOp) and isinstance(index.op, ast.USub):
                flag(node, 'negative index is undefined: use x[len(x) - n]')
        elif isinstance(node, ast.ExceptHandler):
            if isinstance(node.type, ast.Name) and node.type.id in ('Exception', 'BaseException'):
                flag(node, '`except Exception` misses native errors: catch JSError')
        elif isinstance(node, ast.ClassDef):
            for decorator in node.decorator_list:
                name = decorator.id if isinstance(decorator, ast.Name) else \
                    getattr(decorator, 'attr', '')
                if name == 'dataclass':
                    flag(node, '@dataclass breaks: write a plain class or a dict')
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) \
                else [node.module or '']
            for name in names:
                if name.split('.')[0] in ('json', 'functools', 'collections', 'asyncio', 'urllib',
                                          're', 'datetime'):
                    flag(node, 'module ' + name + ' is missing or costly in the bundle')
    return sorted(found)


def check_call(node, flag, own_functions):
    function = node.func
    name = function.id if isinstance(function, ast.Name) else None
    method = function.attr if isinstance(function, ast.Attribute) else None
    keywords = {keyword.arg for keyword in node.keywords}
    if name in ('sorted',) or method == 'sort':
        if 'reverse' in keywords:
            flag(node, '`reverse=True` reverses ties: compare in a merge sort')
        for keyword in node.keywords:
            if keyword.arg == 'key' and isinstance(keyword.value, ast.Lambda) \
                    and isinstance(keyword.value.body, ast.Tuple):
                flag(node, 'a tuple sort key is compared as a string: use a compare function')
    if name == 'int':
        flag(node, '`int()` is 32-bit `x | 0`: use parse_int or math.floor')
    if name == 'isinstance' and len(node.args) == 2 and isinstance(node.args[1], ast.Name) \
            and node.args[1].id in ('str', 'int', 'float', 'bool'):
        flag(node, '`isinstance` on a string or number throws and catches inside (slow): '
                   'use portable.is_text, is_number or is_whole_number')
    if name == 'set':
        flag(node, '`set()` is an array with O(n) membership: use dict keys')
    if name == 'getattr' and len(node.args) == 3:
        flag(node, "getattr's default is ignored: test hasattr first")
    if method in ('strip', 'lstrip', 'rstrip') and node.args:
        flag(node, '`strip(chars)` ignores its argument: write a helper')
    if method in MISSING_STR_METHODS and method != 'index':
        flag(node, '`.' + method + '()` is missing in Transcrypt: write a helper')
    if name in own_functions and node.keywords:
        flag(node, 'keyword arguments to own functions are ignored: pass them by position')
