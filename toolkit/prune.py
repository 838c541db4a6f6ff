"""Pruning Transcrypt's runtime down to what the transpiled modules reach.

The runtime module is one file of top-level statements: function and
variable declarations (helpers, exception classes) and statements that patch
Array.prototype, String.prototype and friends. esbuild must keep every patch,
since assigning to a prototype is a side effect, and with them every helper
the patches call: about 22 KB, most of which the bookmarklet never uses.
prune_runtime keeps a declaration only when its name is used, and a patch
only when the property it adds is named, by the transpiled modules or by
what is kept of the runtime, repeated until nothing more is kept. A name
counts as used wherever it appears as a word, in code or in a string, so
pruning errs on the side of keeping; a statement of any other shape is
always kept.

"""

import re
from typing import TypedDict

from toolkit.tokens import Scan, js_scan

RUNTIME_MODULE = 'org.transcrypt.__runtime__.js'
RUNTIME_IMPORT = re.compile(r"^import \{([^}]*)\} from '\./org\.transcrypt\.__runtime__\.js';$",
                            re.M)
DECLARATION = re.compile(r'^(?:export\s+)?(?:function\s*\*?\s*|var\s+|let\s+|const\s+)'
                         r'([A-Za-z_$][\w$]*)\s*[(=]')
BUILT_IN = r'(?:Array|String|Uint8Array|Function|Number|Boolean|Object)'
PROTOTYPE_PATCH = re.compile(r'^' + BUILT_IN + r'\.prototype\.([\w$]+)\s*=(?!=)')
PROTOTYPE_PROPERTY = re.compile(r'^__setproperty__\s*\(\s*' + BUILT_IN
                                + r"\.prototype\s*,\s*['\"]([\w$]+)['\"]")
ATTRIBUTE_ASSIGNMENT = re.compile(r'^([A-Za-z_$][\w$]*)(?:\.[\w$]+)+\s*=(?!=)')


def top_level_statements(text):
    """The top-level statements of Transcrypt's runtime module, as source texts.

    A statement starts on a line that begins in column 0 with neither white
    space nor a closing bracket, once the text before it is balanced.
    """
    statements = []
    current: list[str] = []
    for line in text.splitlines(keepends=True):
        starts = line[:1] not in ('', ' ', '\t', '\r', '\n', '}', ')', ']')
        if starts and current:
            shape = js_scan(''.join(current))
            if shape['depth'] == 0 and not shape['open']:
                statements.append(''.join(current))
                current = []
        current.append(line)
    if current:
        statements.append(''.join(current))
    return statements


def runtime_statement_kind(statement, declared):
    """['declaration', name], ['patch', property], ['attribute', name] or ['other', '']."""
    head = statement.lstrip()
    shape = js_scan(statement)
    if shape['depth'] != 0 or shape['open']:
        return ['other', '']
    match = DECLARATION.match(head)
    if match and shape['commas'] == 0:
        return ['declaration', match.group(1)]
    for pattern in (PROTOTYPE_PATCH, PROTOTYPE_PROPERTY):
        match = pattern.match(head)
        if match:
            return ['patch', match.group(1)]
    match = ATTRIBUTE_ASSIGNMENT.match(head)
    if match and match.group(1) in declared:
        return ['attribute', match.group(1)]
    return ['other', '']


class ScannedModule(TypedDict):
    """A transpiled module as narrow_runtime_imports leaves it."""
    scan: Scan
    imports: list[str]


def narrow_runtime_imports(folder):
    """Shrink each module's import list from Transcrypt's runtime in folder to the names
    its own code refers to. Returns {file name: {scan, imports}}: the js_scan of the
    module's code without that import, and the names it still imports."""
    modules: dict[str, ScannedModule] = {}
    for path in sorted(folder.glob('*.js')):
        if path.name == RUNTIME_MODULE:
            continue
        text = path.read_text(encoding='utf-8')
        module: ScannedModule = {'scan': js_scan(RUNTIME_IMPORT.sub('', text)), 'imports': []}
        modules[path.name] = module

        def narrowed(match, module=module):
            for name in match.group(1).split(','):
                if name.split(' as ')[-1].strip() in module['scan']['references']:
                    module['imports'].append(name.strip())
            return "import {" + ', '.join(module['imports']) + "} from './" + RUNTIME_MODULE + "';"
        path.write_text(RUNTIME_IMPORT.sub(narrowed, text), encoding='utf-8')
    return modules


def prune_runtime(folder):
    """Cut Transcrypt's runtime in folder down to what the other modules there use.

    Each module's import list from the runtime shrinks to the names its own
    code refers to. The runtime keeps a declaration whose name some kept code
    refers to (module bindings are only reached by name), a prototype patch
    whose property some kept code names anywhere, strings included (properties
    are also reached by string: `'__class__' in x`), the statements that set
    attributes of a kept declaration, and every statement of another shape;
    repeated until nothing more is kept. Returns [bytes before, bytes after]
    of the runtime module.
    """
    runtime_path = folder / RUNTIME_MODULE
    runtime = runtime_path.read_text(encoding='utf-8')
    references = set()
    words = set()
    for module in narrow_runtime_imports(folder).values():
        references |= module['scan']['references']
        words |= module['scan']['words']
    statements = top_level_statements(runtime)
    declared = set()
    for statement in statements:
        kind = runtime_statement_kind(statement, set())
        if kind[0] == 'declaration':
            declared.add(kind[1])
    kinds = [runtime_statement_kind(statement, declared) for statement in statements]
    kept = [False] * len(statements)
    grew = True
    while grew:
        grew = False
        for index, statement in enumerate(statements):
            kind = kinds[index]
            if kept[index]:
                continue
            if kind[0] in ('declaration', 'attribute') and kind[1] not in references:
                continue
            if kind[0] == 'patch' and kind[1] not in words:
                continue
            kept[index] = True
            scan = js_scan(statement)
            references |= scan['references']
            words |= scan['words']
            grew = True
    pruned = ''.join(statement for index, statement in enumerate(statements) if kept[index])
    runtime_path.write_text(pruned, encoding='utf-8')
    return [len(runtime.encode('utf-8')), len(pruned.encode('utf-8'))]
