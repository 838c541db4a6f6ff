"""The bookmarklet's Python is written in a subset that Transcrypt compiles to
JavaScript calling native methods only (docs/transcrypt.md). What it still
needs from a runtime is bookmarklet/runtime.js, a few lines that patch no
prototype, and the build puts it in place of Transcrypt's. A module that
reaches any other part of Transcrypt's runtime, by name or by a method the
runtime adds to a built-in prototype, breaks the subset: the build says which
module and which Python construct.
"""

import re
import shutil
import sys
from pathlib import Path

from toolkit.bundle import SOURCES
from toolkit.errors import BuildError
from toolkit.prune import RUNTIME_MODULE, narrow_runtime_imports, prune_runtime, \
    runtime_statement_kind, top_level_statements

NATIVE_RUNTIME = SOURCES / 'runtime.js'
NATIVE_EXPORT = re.compile(r'^export var ([\w$]+)', re.M)

# A module outside the subset stops the build. False keeps Transcrypt's pruned runtime
# with a warning instead: for trying out Python the subset does not allow yet.
NATIVE_ONLY = True

# The Python that makes Transcrypt reach for each runtime name or method (what to write
# instead is in docs/transcrypt.md).
RUNTIME_CONSTRUCTS = {
    '__class__': 'a class', '__init__': 'a class', '__get__': 'a method of a class',
    '__super__': 'super()', 'property': '@property', 'Exception': 'an exception class',
    'BaseException': 'an exception class', 'ValueError': 'ValueError', 'KeyError': 'KeyError',
    'IndexError': 'IndexError', 'AttributeError': 'AttributeError', 'py_TypeError': 'TypeError',
    'StopIteration': 'a generator or iter()', 'py_iter': 'a generator or iter()',
    'py_next': 'next()', 'tuple': 'a tuple or `return a, b`', '__getslice__': 'a slice',
    '__setslice__': 'an assignment to a slice', '__kwargtrans__': 'keyword arguments',
    '__mergekwargtrans__': 'keyword arguments', 'py_enumerate': 'enumerate', 'sorted': 'sorted',
    'zip': 'zip', 'map': 'map', 'filter': 'filter', 'any': 'any', 'all': 'all', 'sum': 'sum',
    'list': 'list() or isinstance(x, list)', 'set': 'set()', 'int': 'int()', 'float': 'float()',
    'bool': 'bool()', 'chr': 'chr()', 'ord': 'ord()',
    'getattr': 'getattr', 'hasattr': 'hasattr', 'setattr': 'setattr', 'print': 'print',
    'py_typeof': 'type()', 'range': 'range() outside a for', 'repr': 'repr()', 'round': 'round()',
    'divmod': 'divmod()', 'py_reversed': 'reversed()',
    'strip': '.strip()', 'lstrip': '.lstrip()', 'rstrip': '.rstrip()',
    'format': 'str.format', 'index': '.index()', 'insert': '.insert()',
    'extend': '.extend()', 'py_sort': '.sort()', 'py_keys': 'd.keys()',
    'py_items': 'd.items()', 'py_values': 'd.values()', 'py_get': 'd.get()',
    'py_setdefault': 'd.setdefault()', 'py_update': 'd.update()', 'py_copy': '.copy()',
    'py_clear': '.clear()', 'capitalize': '.capitalize()', 'isdigit': '.isdigit()',
}

# Methods Transcrypt adds to built-in prototypes that some built-in or DOM object
# also has natively, which JavaScript-only code calls (classList.add,
# element.remove, an Array's join): the build cannot tell them apart, house style
# can (tests/support/house_style.py rejects the Python ones).
NATIVE_TOO = {'add', 'remove', 'join'}


def native_subset_violations(folder, entry_name):
    """What the modules in folder reach of Transcrypt's runtime beyond the native one, as
    messages naming the module (entry_name for the entry) and the construct."""
    runtime = (folder / RUNTIME_MODULE).read_text(encoding='utf-8')
    patched = {kind[1] for kind in (runtime_statement_kind(statement, set())
                                    for statement in top_level_statements(runtime))
               if kind[0] == 'patch'}
    native = set(NATIVE_EXPORT.findall(NATIVE_RUNTIME.read_text(encoding='utf-8')))
    methods = (patched - NATIVE_TOO) | {name for name in RUNTIME_CONSTRUCTS if name[:3] == 'py_'}
    found = []
    for file_name, module in narrow_runtime_imports(folder).items():
        source = entry_name if file_name == Path(entry_name).stem + '.js' \
            else file_name[:-3].replace('.', '/') + '.py'
        names = {name.split(' as ')[0].strip() for name in module['imports']} - native
        for name in sorted(names | (module['scan']['members'] & methods)):
            construct = RUNTIME_CONSTRUCTS.get(name, "Transcrypt's runtime")
            found.append('{} uses {} ({}): not in the native subset; see docs/transcrypt.md'
                         .format(source, name, construct))
    return found


def place_runtime(folder, entry_name):
    """Put a runtime beside the transpiled modules in folder: the native one when they all
    keep to the subset, else Transcrypt's, pruned, with a warning (an error when
    NATIVE_ONLY). Returns 'native' or 'transcrypt'."""
    found = native_subset_violations(folder, entry_name)
    if len(found) > 0 and NATIVE_ONLY:
        raise BuildError('\n'.join(found))
    if len(found) > 0:
        print('warning: Transcrypt\'s runtime kept, since\n  ' + '\n  '.join(found),
              file=sys.stderr)
        prune_runtime(folder)
        return 'transcrypt'
    shutil.copyfile(NATIVE_RUNTIME, folder / RUNTIME_MODULE)
    return 'native'


# An assignment to a property of a built-in prototype, as esbuild prints it.
PROTOTYPE_ASSIGNMENT = re.compile(
    r'\b(?:Array|String|Object|Number|Boolean|Function|Symbol|Date|RegExp|Promise|Map|Set|'
    r'Uint8Array|Error|Element|Node|EventTarget|Document|Window)\.prototype\b'
    r'(?:\.[\w$]+|\[[^\]]*\])\s*=(?!=)'
    r'|(?:defineProperty|defineProperties|__setproperty__)\(\s*[\w$.]+\.prototype\b')


def check_no_prototype_patch(script):
    """Stop the build when the script assigns to a built-in prototype."""
    found = PROTOTYPE_ASSIGNMENT.findall(script)
    if len(found) > 0:
        raise BuildError('the script changes built-in prototypes, which the page would keep: '
                         + ', '.join(found[:5]))
