"""Build the bookmarklet: transpile, bundle, minify, wrap, write dist/.

    .venv/bin/python generator.py [options]

Transcrypt turns bookmarklet/ into ES modules, esbuild bundles them into one
strict, minified IIFE, and the result is wrapped in `void` and escaped for a
javascript: URL. dist/ is replaced only once every step has succeeded.
"""

import argparse
import base64
import hashlib
import html
import json
import re
import shutil
import string
import subprocess
import sys
import time
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCES = HERE / 'bookmarklet'
ESBUILD = HERE / 'node_modules' / '.bin' / 'esbuild'
LOADER = HERE / 'loader'
CONFIG = 'sitemap.toml'
SCRIPT_URL = '/.autoindex-sitemap/sitemap.js'


class Setting:
    """One setting the bookmarklet carries: its key in SETTINGS, its flag, its check."""

    def __init__(self, key, default, help, parse, check=None):
        self.key = key
        self.default = default
        self.help = help
        self.parse = parse
        self.check = check

    @property
    def flag(self):
        return '--' + ''.join('-' + c.lower() if c.isupper() else c for c in self.key)

    @property
    def metavar(self):
        """What --help shows after the flag: the parser's own word for its values."""
        return getattr(self.parse, 'metavar', 'VALUE')


def whole_number(low, high):
    """A parser for a whole number in [low, high], failing with the range it allows."""
    def parse(text):
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                '{!r} is not a whole number (allowed: {}..{})'.format(text, low, high))
        if not low <= value <= high:
            raise argparse.ArgumentTypeError('{} is outside {}..{}'.format(value, low, high))
        return value
    parse.__name__ = 'whole number {}..{}'.format(low, high)
    parse.metavar = 'N'
    return parse


def number_list(low, high):
    def parse(text):
        return [whole_number(low, high)(part) for part in text.split(',') if part.strip()]
    parse.__name__ = 'comma-separated whole numbers {}..{}'.format(low, high)
    parse.metavar = 'N,N,...'
    return parse


def on_off(text):
    if text.lower() in ('on', 'true', 'yes', '1'):
        return True
    if text.lower() in ('off', 'false', 'no', '0'):
        return False
    raise argparse.ArgumentTypeError('{!r} is not on or off'.format(text))


on_off.metavar = 'on|off'


def text_value(text):
    return text


def path_prefix(text):
    """A URL path prefix as it appears in URLs ('/files/', percent-encoded), or '' for none."""
    if text == '':
        return text
    if not (text.startswith('/') and text.endswith('/')) or \
            any(char in text for char in '?#\\') or any(ord(char) <= 0x20 for char in text):
        raise argparse.ArgumentTypeError(
            '{!r} is not a path prefix such as /files/ (starts and ends with /, no ? or #, '
            'no spaces: percent-encode them)'.format(text))
    return text


path_prefix.__name__ = 'path prefix'


text_value.metavar = 'TEXT'


def option_text(value):
    """A setting's value as it is written after its flag: 10,15 for lists, on/off for booleans."""
    if isinstance(value, bool):
        return 'on' if value else 'off'
    if isinstance(value, list):
        return ','.join(str(part) for part in value)
    return str(value)


SETTINGS = [
    Setting('title', 'Sitemap', 'the title of the overlay and of the bookmark', text_value),
    Setting('pageSize', 10, 'level-1 entries per page at first', whole_number(1, 1000)),
    Setting('pageSizes', [10, 15, 20, 30], 'page sizes offered in the select',
            number_list(1, 1000)),
    Setting('maxConcurrentRequests', 10, 'wave-2 requests in flight at once',
            whole_number(1, 100)),
    Setting('timeoutSeconds', 20, 'seconds before a listing request is given up',
            whole_number(1, 600)),
    Setting('childrenShown', 5, "level-2 entries shown under a directory before 'Show more'",
            whole_number(1, 1000)),
    Setting('staleAfterSeconds', 86400,
            'seconds after which a cached listing is fetched again even when its mtime '
            'has not moved (0: always)', whole_number(0, 31536000)),
    Setting('refreshSeconds', 0,
            'seconds between refreshes of the open overlay (0: off)', whole_number(0, 86400)),
    Setting('prefetch', True, "prefetch the next page's directories (on/off)", on_off),
    Setting('utcOffsetMinutes', 0,
            "the server's UTC offset in minutes, when its HTML listings use local time",
            whole_number(-1440, 1440)),
    Setting('jsonPrefixFrom', '',
            'a path prefix of HTML listings whose JSON listings are served elsewhere '
            '(e.g. /files/); empty: ask each listing its own URL', path_prefix),
    Setting('jsonPrefixTo', '',
            'the path prefix that replaces --json-prefix-from in listing requests '
            '(e.g. /json/files/)', path_prefix),
]


def check_settings(settings):
    """Checks that span settings; raises BuildError naming the option."""
    sizes = settings['pageSizes']
    if len(set(sizes)) != len(sizes):
        raise BuildError('--page-sizes {} offers a size twice'.format(option_text(sizes)))
    if settings['pageSize'] not in sizes:
        raise BuildError('--page-size {} must be one of --page-sizes {}'.format(
            settings['pageSize'], option_text(sizes)))
    if (settings['jsonPrefixFrom'] == '') != (settings['jsonPrefixTo'] == ''):
        raise BuildError('--json-prefix-from and --json-prefix-to go together: give both or neither')
    if settings['jsonPrefixFrom'] != '' and settings['jsonPrefixFrom'] == settings['jsonPrefixTo']:
        raise BuildError('--json-prefix-to must differ from --json-prefix-from')


class BuildError(Exception):
    """A step of the build failed; the message says which and why."""


def script_url(text):
    """Where sitemap.js is served: an http(s) URL or a path from the server's root."""
    lowered = text.lower()
    if not (lowered.startswith(('http://', 'https://')) or
            (text.startswith('/') and not text.startswith('//'))):
        raise argparse.ArgumentTypeError(
            '{!r} is neither an http(s) URL nor a path starting with /'.format(text))
    if '?' in text or '#' in text or any(char.isspace() or char in '\'"<>' for char in text):
        raise argparse.ArgumentTypeError(
            '{!r} must not hold a query, a fragment, spaces or quotes'.format(text))
    return text


script_url.metavar = 'URL'

OPTIONS = [
    Setting('scriptUrl', SCRIPT_URL,
            'where sitemap.js is served, for the loader: an http(s) URL, or a path '
            'on the listing\'s own server', script_url),
]


def parse_options(argv):
    parser = argparse.ArgumentParser(
        prog='generator.py',
        description='Build the autoindex-sitemap bookmarklet, its loader and install page '
                    'into dist/. Every setting can also be given in a TOML file, keyed as '
                    'in the settings table (pageSize = 20); a flag overrides the file.')
    parser.add_argument('--out', default=str(HERE / 'dist'), metavar='DIR',
                        help='the folder to write (default: dist/)')
    parser.add_argument('--build-dir', default=str(HERE / 'build'), metavar='DIR',
                        help='the folder for intermediate files (default: build/)')
    parser.add_argument('--config', metavar='FILE',
                        help='a TOML file of settings (default: {} in the current folder, '
                             'when there is one)'.format(CONFIG))
    for setting in SETTINGS + OPTIONS:
        parser.add_argument(setting.flag, dest=setting.key, type=setting.parse,
                            metavar=setting.metavar,
                            help='{} (default: {})'.format(
                                setting.help, option_text(setting.default) or "''"))
    return parser.parse_args(argv)


def read_config(options):
    """The settings a TOML file gives, checked: {} when no file is named and none is found."""
    path = Path(options.config) if options.config else Path(CONFIG)
    if not path.exists():
        if options.config:
            raise BuildError('--config: {} does not exist'.format(path))
        return {}
    try:
        values = tomllib.loads(path.read_text(encoding='utf-8'))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise BuildError('{}: {}'.format(path, error))
    known = {setting.key: setting for setting in SETTINGS + OPTIONS}
    found = {}
    for key, value in values.items():
        if key not in known:
            raise BuildError('{}: unknown setting {!r}; known: {}'.format(
                path, key, ', '.join(known)))
        try:
            found[key] = known[key].parse(option_text(value))
        except argparse.ArgumentTypeError as error:
            raise BuildError('{}: {}: {}'.format(path, key, error))
    return found


def settings_of(options):
    """The build's settings and options: the defaults, then the config file, then the flags."""
    config = read_config(options)
    values = {}
    for setting in SETTINGS + OPTIONS:
        value = getattr(options, setting.key, None)
        if value is None:
            value = config.get(setting.key, setting.default)
        values[setting.key] = value
    settings = {setting.key: values[setting.key] for setting in SETTINGS}
    check_settings(settings)
    return settings, {setting.key: values[setting.key] for setting in OPTIONS}


# Python method names that mean what a native JavaScript method means, within the rules
# of docs/transcrypt.md: the bookmarklet then calls the native method, and Transcrypt's
# runtime need not add its own to String.prototype and Array.prototype. `split` and `pop`
# lose Transcrypt's renaming for the same reason. Each staged module starts with these
# pragmas; CPython sees comments. (Transcrypt applies an alias to every identifier, so no
# name of our own may be one of these words.)
NATIVE_METHODS = ''.join("# __pragma__ ('alias', '" + python + "', '" + native + "')\n"
                         for python, native in [
                             ['append', 'push'], ['find', 'indexOf'],
                             ['rfind', 'lastIndexOf'], ['startswith', 'startsWith'],
                             ['endswith', 'endsWith'], ['lower', 'toLowerCase'],
                             ['upper', 'toUpperCase'], ['replace', 'replaceAll']]) \
    + "# __pragma__ ('noalias', 'split')\n# __pragma__ ('noalias', 'pop')\n"


def stage_sources(settings, staging, entry=None):
    """Copy bookmarklet/ into staging with a settings module carrying this build's values;
    returns the staged entry module: bookmarklet/main.py, or the module entry names (the
    parity test build's), staged beside the package with the same prelude."""
    if staging.exists():
        shutil.rmtree(staging)
    package = staging / 'bookmarklet'
    package.mkdir(parents=True)
    for source in sorted(SOURCES.glob('*.py')) + ([entry] if entry else []):
        target = package / source.name if source.parent == SOURCES else staging / source.name
        target.write_text(NATIVE_METHODS + source.read_text(encoding='utf-8'), encoding='utf-8')
    (package / 'settings.py').write_text(
        '"""The settings of this build, written by generator.py."""\n\n'
        'SETTINGS = ' + python_literal(settings) + '\n', encoding='utf-8')
    (package / 'style.py').write_text(
        '"""The overlay\'s styles, compacted from overlay.css by generator.py."""\n\n'
        'STYLE = ' + repr(compact_css((SOURCES / 'overlay.css').read_text(encoding='utf-8')))
        + '\n', encoding='utf-8')
    return staging / entry.name if entry else package / 'main.py'


def compact_css(css):
    """css without comments and the white space no browser needs."""
    css = re.sub(r'/\*.*?\*/', '', css, flags=re.S)
    css = re.sub(r'\s+', ' ', css)
    css = re.sub(r'\s*([{};,>])\s*', r'\1', css)
    css = re.sub(r':\s+', ':', css)
    return css.replace(';}', '}').strip()


def python_literal(value):
    """Source text for a settings value: dicts, lists, strings, numbers, booleans."""
    if isinstance(value, dict):
        return '{' + ', '.join(repr(k) + ': ' + python_literal(v) for k, v in value.items()) + '}'
    if isinstance(value, list):
        return '[' + ', '.join(python_literal(v) for v in value) + ']'
    return repr(value)


def run_step(name, command, cwd, input=None):
    """Run one build tool; a failure stops the build with the tool's own output."""
    try:
        done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, input=input)
    except FileNotFoundError:
        raise BuildError(name + ': ' + str(command[0]) + ' is not installed; run `make` first')
    if done.returncode != 0 or (name == 'transcrypt' and 'Ready' not in done.stdout):
        output = (done.stdout + done.stderr).strip().splitlines()
        errors = [line for line in output if not line.startswith('Saving ')]
        raise BuildError(name + ' failed:\n' + '\n'.join(errors[-30:]))
    return done


def transpile(entry, staging, out):
    run_step('transcrypt', [sys.executable, '-m', 'transcrypt', '-b', '-n',
                            '-xp', str(staging), '-od', str(out), str(entry)], HERE)
    return out / (entry.stem + '.js')


# Pruning Transcrypt's runtime ------------------------------------------------
#
# The runtime module is one file of top-level statements: function and
# variable declarations (helpers, exception classes) and statements that patch
# Array.prototype, String.prototype and friends. esbuild must keep every patch,
# since assigning to a prototype is a side effect, and with them every helper
# the patches call: about 22 KB, most of which the bookmarklet never uses.
# prune_runtime keeps a declaration only when its name is used, and a patch
# only when the property it adds is named, by the transpiled modules or by
# what is kept of the runtime, repeated until nothing more is kept. A name
# counts as used wherever it appears as a word, in code or in a string, so
# pruning errs on the side of keeping; a statement of any other shape is
# always kept.

RUNTIME_MODULE = 'org.transcrypt.__runtime__.js'
RUNTIME_IMPORT = re.compile(r"^import \{([^}]*)\} from '\./org\.transcrypt\.__runtime__\.js';$",
                            re.M)
JS_WORD = re.compile(r'[A-Za-z_$][\w$]*')
DECLARATION = re.compile(r'^(?:export\s+)?(?:function\s*\*?\s*|var\s+|let\s+|const\s+)'
                         r'([A-Za-z_$][\w$]*)\s*[(=]')
BUILT_IN = r'(?:Array|String|Uint8Array|Function|Number|Boolean|Object)'
PROTOTYPE_PATCH = re.compile(r'^' + BUILT_IN + r'\.prototype\.([\w$]+)\s*=(?!=)')
PROTOTYPE_PROPERTY = re.compile(r'^__setproperty__\s*\(\s*' + BUILT_IN
                                + r"\.prototype\s*,\s*['\"]([\w$]+)['\"]")
ATTRIBUTE_ASSIGNMENT = re.compile(r'^([A-Za-z_$][\w$]*)(?:\.[\w$]+)+\s*=(?!=)')
REGEX_MAY_FOLLOW = set('(,=:[!&|?{};+-*%<>~^')
REGEX_KEYWORDS = {'return', 'typeof', 'case', 'in', 'of', 'new', 'delete', 'void', 'throw',
                  'instanceof', 'else', 'do', 'yield', 'await'}


def js_scan(text):
    """What a scan of JavaScript text finds: {depth, open, commas, references, members, words}.

    depth is the bracket depth at the end; open is True when a string, comment
    or regular expression is left open; commas counts the commas at depth 0;
    references are the identifiers used as names (outside strings and comments,
    not after a '.'), members those used after a '.'; words are all
    identifier-like words, strings included. Regular expressions are told from
    division by the token before them.
    """
    found = {'depth': 0, 'open': False, 'commas': 0, 'references': set(), 'members': set(),
             'words': set()}
    index = 0
    last = ''        # the last significant character, or a keyword, before index
    length = len(text)
    while index < length:
        char = text[index]
        if char in ' \t\r\n':
            index += 1
            continue
        if text.startswith('//', index) or text.startswith('/*', index):
            end = text.find('\n' if text[index + 1] == '/' else '*/', index + 2)
            if end < 0:
                found['open'] = True
                return found
            index = end + (1 if text[index + 1] == '/' else 2)
            continue
        if char in '\'"`' or (char == '/' and (last == '' or last in REGEX_MAY_FOLLOW
                                               or last in REGEX_KEYWORDS)):
            in_class = False
            start = index
            index += 1
            while index < length:
                if text[index] == '\\':
                    index += 2
                    continue
                if char == '/' and text[index] == '[':
                    in_class = True
                elif char == '/' and text[index] == ']':
                    in_class = False
                elif text[index] == char and not in_class:
                    break
                elif text[index] == '\n' and char != '`':
                    break
                index += 1
            if index >= length or text[index] != char:
                found['open'] = True
                return found
            index += 1
            found['words'].update(JS_WORD.findall(text[start:index]))
            last = 'x'
            continue
        word = JS_WORD.match(text, index)
        if word:
            found['words'].add(word.group(0))
            found['references' if last != '.' else 'members'].add(word.group(0))
            last = word.group(0) if word.group(0) in REGEX_KEYWORDS else 'x'
            index = word.end()
            continue
        if char in '([{':
            found['depth'] += 1
        elif char in ')]}':
            found['depth'] -= 1
        elif char == ',' and found['depth'] == 0:
            found['commas'] += 1
        last = char
        index += 1
    return found


def top_level_statements(text):
    """The top-level statements of Transcrypt's runtime module, as source texts.

    A statement starts on a line that begins in column 0 with neither white
    space nor a closing bracket, once the text before it is balanced.
    """
    statements = []
    current = []
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


def narrow_runtime_imports(folder):
    """Shrink each module's import list from Transcrypt's runtime in folder to the names
    its own code refers to. Returns {file name: {scan, imports}}: the js_scan of the
    module's code without that import, and the names it still imports."""
    modules = {}
    for path in sorted(folder.glob('*.js')):
        if path.name == RUNTIME_MODULE:
            continue
        text = path.read_text(encoding='utf-8')
        module = {'scan': js_scan(RUNTIME_IMPORT.sub('', text)), 'imports': []}
        modules[path.name] = module

        def narrowed(match):
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


# The native runtime ----------------------------------------------------------
#
# The bookmarklet's Python is written in a subset that Transcrypt compiles to
# JavaScript calling native methods only (docs/transcrypt.md). What it still
# needs from a runtime is bookmarklet/runtime.js, a few lines that patch no
# prototype, and the build puts it in place of Transcrypt's. A module that
# reaches any other part of Transcrypt's runtime, by name or by a method the
# runtime adds to a built-in prototype, breaks the subset: the build says which
# module and which Python construct.

NATIVE_RUNTIME = SOURCES / 'runtime.js'
NATIVE_EXPORT = re.compile(r'^export var ([\w$]+)', re.M)

# While crawl.py, overlay.py, store.py, browser.py and pool.py are not yet in the
# subset (issue 12), a module outside it is a warning and the build keeps
# Transcrypt's pruned runtime; True makes it an error.
NATIVE_ONLY = False

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
# can (tests/house_style.py rejects the Python ones).
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


# Python's attribute and method names are snake_case, which no browser API
# uses, so esbuild may shorten them as it shortens variables. Quoted names
# (dict keys, parity case kinds) are never touched, nor Transcrypt's py_ names,
# which its runtime also builds from strings.
OWN_PROPERTIES = '^[a-z][a-z0-9]*(_[a-z0-9]+)+$'
RESERVED_PROPERTIES = '^py_'


def bundle(module, out, metafile=None):
    """The minified script; with metafile, esbuild also writes there where its bytes come from."""
    run_step('esbuild', [str(ESBUILD), str(module), '--bundle', '--format=iife', '--minify',
                         '--target=es2017', '--legal-comments=none', '--charset=ascii',
                         '--mangle-props=' + OWN_PROPERTIES,
                         '--reserve-props=' + RESERVED_PROPERTIES,
                         '--banner:js="use strict";', '--log-level=warning',
                         '--outfile=' + str(out)]
             + (['--metafile=' + str(metafile)] if metafile else []), HERE)
    return out.read_text(encoding='ascii').strip()


def compile_script(entry, entry_name, staging, transcrypt_dir, out):
    """The minified script of a staged entry module: {script, runtime, modules}.

    Transpiled into transcrypt_dir, given its runtime (place_runtime: 'native'
    or 'transcrypt'), bundled into out, with esbuild's metafile beside it, from
    which modules gives the bytes each module adds to the script. The
    bookmarklet and the parity test build are both made here.
    """
    module = transpile(entry, staging, transcrypt_dir)
    runtime = place_runtime(module.parent, entry_name)
    metafile = out.with_suffix('.meta.json')
    script = bundle(module, out, metafile)
    if runtime == 'native':
        check_no_prototype_patch(script)
    return {'script': script, 'runtime': runtime, 'modules': module_sizes(metafile)}


def module_sizes(metafile):
    """{module file name: bytes it adds to the script}, from esbuild's metafile."""
    sizes = {}
    for output in json.loads(metafile.read_text(encoding='utf-8'))['outputs'].values():
        for name, facts in output['inputs'].items():
            sizes[name.split('/')[-1]] = facts['bytesInOutput']
    return sizes


def module_table(sizes, runtime):
    """The printed table: each module's bytes in the script, largest first."""
    width = max(len(name) for name in sizes)
    lines = ['bytes per module ({} runtime)'.format(runtime)]
    for name in sorted(sizes, key=lambda name: [-sizes[name], name]):
        lines.append('  {:<{w}}  {:>7,}'.format(name, sizes[name], w=width))
    return '\n'.join(lines)


# Transcrypt's runtime adds properties to Array.prototype and String.prototype
# of the realm it runs in. The wrapper gives the script a realm of its own: a
# hidden same-origin iframe, which evaluates the script's own source text and
# hands it the page's window as autoindexSitemapPage. Where the page's CSP
# forbids eval, the script runs in the page instead.
REALM_WRAPPER = (
    'void function(r){{var d=document,f=d.createElement("iframe"),g;'
    'f.setAttribute("data-autoindex-sitemap-realm","");f.style.display="none";'
    'd.documentElement.appendChild(f);try{{g=f.contentWindow.eval("("+r+")")}}catch(e){{}}'
    'g?g(window):(f.remove(),r(window))}}(function(autoindexSitemapPage){{{script}}})')


def bookmarklet_url(script):
    """The self-contained bookmarklet: script run in a realm of its own."""
    return javascript_url(REALM_WRAPPER.format(script=script))


def javascript_url(code):
    """A javascript: URL that runs code, which must yield undefined (start it with `void`:
    Firefox replaces the page with any other value).

    Browsers percent-decode a bookmarked URL before running it and drop tabs
    and line breaks from it, so '%' and every control character are escaped.
    """
    escaped = []
    for char in code:
        if char == '%' or char == '#' or ord(char) < 0x20 or ord(char) >= 0x7F:
            escaped.append(''.join('%{:02X}'.format(b) for b in char.encode('utf-8')))
        else:
            escaped.append(char)
    return 'javascript:' + ''.join(escaped)


def write_dist(files, out):
    """Replace out with the given files at once, so no half-written dist/ is ever left."""
    fresh = out.with_name(out.name + '.new')
    old = out.with_name(out.name + '.old')
    for folder in (fresh, old):
        if folder.exists():
            shutil.rmtree(folder)
    fresh.mkdir(parents=True)
    for name, text in files.items():
        (fresh / name).write_text(text, encoding='utf-8')
    if out.exists():
        out.rename(old)
    fresh.rename(out)
    if old.exists():
        shutil.rmtree(old)


# Where a bookmarklet's length matters, from BOOKMARKLETS.md: (place, limit in characters,
# what happens past it). Only the first one fails the build.
URL_LIMITS = [
    ('Firefox desktop', 65536, 'refuses to save the bookmark'),
    ('Chromium and Chrome desktop', 2 * 1024 * 1024, 'refuses the URL'),
    ('Chrome bookmark sync', 7600, 'does not sync it (reported near 7,600)'),
    ('Chrome on Android', 5000, 'fails to run it (reported near 5,000)'),
    ('Safari with iCloud sync', 4000, 'does not sync it (about 4 KB)'),
]


def check_sizes(url):
    """Stop the build when the self-contained bookmarklet is too long for Firefox."""
    place, limit, effect = URL_LIMITS[0]
    if len(url) > limit:
        raise BuildError(
            'the self-contained bookmarklet is {:,} characters after escaping; {} {} past '
            '{:,}. Install the loader (dist/loader.url, a few hundred characters) instead, '
            'or make the script smaller.'.format(len(url), place, effect, limit))


def size_table(urls):
    """The printed table: each bookmarklet's length against each browser's limit."""
    names = list(urls)
    width = max(len('{} ({:,})'.format(place, limit)) for place, limit, _ in URL_LIMITS)
    lines = ['{:<{w}}  {}'.format('', '  '.join('{:>16}'.format(n) for n in names), w=width),
             '{:<{w}}  {}'.format('characters', '  '.join(
                 '{:>16,}'.format(len(urls[n])) for n in names), w=width)]
    for place, limit, _ in URL_LIMITS:
        lines.append('{:<{w}}  {}'.format('{} ({:,})'.format(place, limit), '  '.join(
            '{:>16}'.format('fits' if len(urls[n]) <= limit else 'TOO LONG') for n in names),
            w=width))
    return '\n'.join(lines)


def fill_template(name, values):
    """A template from loader/ with its $names replaced."""
    text = (LOADER / name).read_text(encoding='utf-8')
    return string.Template(text).substitute(values)


def loader_url(script_text, script_location, settings, build_dir):
    """The loader bookmarklet: loads script_location pinned to script_text's hash."""
    data = script_text.encode('utf-8')
    integrity = 'sha384-' + base64.b64encode(hashlib.sha384(data).digest()).decode('ascii')
    pinned = script_location + '?v=' + hashlib.sha256(data).hexdigest()[:12]
    source = (LOADER / 'loader.js').read_text(encoding='utf-8')
    for placeholder, value in [('SCRIPT_URL', pinned), ('INTEGRITY', integrity),
                               ('TIMEOUT_MS', settings['timeoutSeconds'] * 1000)]:
        source = source.replace("'%{}%'".format(placeholder), json.dumps(value))
    minified = run_step('esbuild', [str(ESBUILD), '--minify', '--format=iife', '--target=es2017',
                                    '--charset=ascii', '--log-level=warning'],
                        build_dir, input=source).stdout.strip()
    # The code gets a function of its own, which `void` needs: esbuild's need not stay.
    if minified.startswith('(()=>{') and minified.endswith('})();'):
        minified = minified[len('(()=>{'):-len('})();')]
    return javascript_url('void function(){' + minified + '}()')


def install_page(urls, settings, options):
    """dist/install.html: both bookmarklets, their sizes, this build's settings, how to install."""
    size_rows = []
    for place, limit, _ in URL_LIMITS:
        size_rows.append('<tr><th scope="row">{}</th><td>{:,}</td>{}</tr>'.format(
            html.escape(place), limit, ''.join(
                '<td class="fits">fits</td>' if len(urls[name]) <= limit else
                '<td class="too-long">too long</td>' for name in urls)))
    setting_rows = []
    for setting in SETTINGS + OPTIONS:
        value = settings[setting.key] if setting.key in settings else options[setting.key]
        setting_rows.append(
            '<tr><th scope="row"><code>{}</code></th><td><code>{}</code></td>'
            '<td><code>{}</code></td><td>{}</td></tr>'.format(
                setting.key, html.escape(option_text(value)), setting.flag,
                html.escape(setting.help)))
    return fill_template('install.html', {
        'title': html.escape(settings['title']),
        'bookmarklet_href': html.escape(urls['bookmarklet.url'], quote=True),
        'loader_href': html.escape(urls['loader.url'], quote=True),
        'bookmarklet_size': '{:,}'.format(len(urls['bookmarklet.url'])),
        'loader_size': '{:,}'.format(len(urls['loader.url'])),
        'script_url': html.escape(options['scriptUrl']),
        'size_rows': '\n'.join(size_rows),
        'setting_rows': '\n'.join(setting_rows),
    })


def build(options):
    started = time.monotonic()
    build_dir = Path(options.build_dir)
    settings, build_options = settings_of(options)
    entry = stage_sources(settings, build_dir / 'src')
    compiled = compile_script(entry, 'bookmarklet/main.py', build_dir / 'src',
                              build_dir / 'transcrypt', build_dir / 'bundle.js')
    script = compiled['script'] + '\n'
    urls = {
        'bookmarklet.url': bookmarklet_url(script.strip()),
        'loader.url': loader_url(script, build_options['scriptUrl'], settings, build_dir),
    }
    check_sizes(urls['bookmarklet.url'])
    files = {
        'bookmarklet.url': urls['bookmarklet.url'] + '\n',
        'loader.url': urls['loader.url'] + '\n',
        'sitemap.js': script,
        'install.html': install_page(urls, settings, build_options),
    }
    out = Path(options.out)
    write_dist(files, out)
    elapsed = time.monotonic() - started
    for name in sorted(files):
        print('wrote {}: {:,} bytes'.format(out / name, len(files[name].encode('utf-8'))))
    print(size_table(urls))
    print(module_table(compiled['modules'], compiled['runtime']))
    print('built in {:.1f} s'.format(elapsed))


def main(argv):
    options = parse_options(argv)
    try:
        build(options)
    except BuildError as error:
        print('generator.py: ' + str(error), file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
