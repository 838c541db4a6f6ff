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
from toolkit.subset import NATIVE_TOO as SUBSET_NATIVE_TOO, runtime_constructs

NATIVE_RUNTIME = SOURCES / 'runtime.js'
NATIVE_EXPORT = re.compile(r'^export var ([\w$]+)', re.M)

# A module outside the subset stops the build. False keeps Transcrypt's pruned runtime
# with a warning instead: for trying out Python the subset does not allow yet.
NATIVE_ONLY = True

# The Python that makes Transcrypt reach for each runtime name or method, from the rules'
# table (toolkit/subset.py, which also says what to write instead).
RUNTIME_CONSTRUCTS = runtime_constructs()

# Methods the runtime patches that built-in or DOM objects also have natively: the build
# cannot tell them apart, house style can (toolkit/subset.py NATIVE_TOO).
NATIVE_TOO = set(SUBSET_NATIVE_TOO)


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
