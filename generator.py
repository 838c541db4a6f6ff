"""Build the bookmarklet: transpile, bundle, minify, wrap, write dist/.

    .venv/bin/python generator.py [options]

Transcrypt turns bookmarklet/ into ES modules, esbuild bundles them into one
strict, minified IIFE, and the result is wrapped in `void` and escaped for a
javascript: URL. dist/ is replaced only once every step has succeeded.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCES = HERE / 'bookmarklet'
ESBUILD = HERE / 'node_modules' / '.bin' / 'esbuild'



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


def whole_number(low, high):
    """A parser for a whole number in [low, high], failing with the range it allows."""
    def parse(text):
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError('{!r} is not a whole number'.format(text))
        if not low <= value <= high:
            raise argparse.ArgumentTypeError('{} is outside {}..{}'.format(value, low, high))
        return value
    parse.__name__ = 'whole number {}..{}'.format(low, high)
    return parse


def number_list(low, high):
    def parse(text):
        return [whole_number(low, high)(part) for part in text.split(',') if part.strip()]
    parse.__name__ = 'comma-separated whole numbers {}..{}'.format(low, high)
    return parse


def on_off(text):
    if text.lower() in ('on', 'true', 'yes', '1'):
        return True
    if text.lower() in ('off', 'false', 'no', '0'):
        return False
    raise argparse.ArgumentTypeError('{!r} is not on or off'.format(text))


def text_value(text):
    return text


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
            'seconds after which a cached listing is fetched again even if its mtime matches',
            whole_number(0, 31536000)),
    Setting('refreshSeconds', 0,
            'near-real-time mode: re-read the root every N seconds while open (0 = off)',
            whole_number(0, 86400)),
    Setting('prefetch', True, "prefetch the next page's directories (on/off)", on_off),
    Setting('utcOffsetMinutes', 0,
            "the server's UTC offset in minutes, when its HTML listings use local time",
            whole_number(-1440, 1440)),
]


def check_settings(settings):
    """Checks that span settings; raises BuildError naming the option."""
    if settings['pageSize'] not in settings['pageSizes']:
        raise BuildError('--page-size {} must be one of --page-sizes {}'.format(
            settings['pageSize'], ','.join(str(size) for size in settings['pageSizes'])))


class BuildError(Exception):
    """A step of the build failed; the message says which and why."""


def parse_options(argv):
    parser = argparse.ArgumentParser(
        prog='generator.py',
        description='Build the autoindex-sitemap bookmarklet into dist/.',
        formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    parser.add_argument('--out', default=str(HERE / 'dist'), help='the folder to write')
    parser.add_argument('--build-dir', default=str(HERE / 'build'),
                        help='the folder for intermediate files')
    for setting in SETTINGS:
        default = setting.default
        if isinstance(default, list):
            default = ','.join(str(value) for value in default)
        elif isinstance(default, bool):
            default = 'on' if default else 'off'
        parser.add_argument(setting.flag, dest=setting.key, type=setting.parse,
                            default=setting.parse(str(default)), help=setting.help)
    return parser.parse_args(argv)


def settings_of(options):
    """The settings the bookmarklet carries, from the defaults and the options."""
    settings = {setting.key: getattr(options, setting.key) for setting in SETTINGS}
    check_settings(settings)
    return settings


def stage_sources(settings, staging):
    """Copy bookmarklet/ into staging with a settings module carrying this build's values."""
    if staging.exists():
        shutil.rmtree(staging)
    package = staging / 'bookmarklet'
    package.mkdir(parents=True)
    for source in sorted(SOURCES.glob('*.py')):
        shutil.copyfile(source, package / source.name)
    (package / 'settings.py').write_text(
        '"""The settings of this build, written by generator.py."""\n\n'
        'SETTINGS = ' + python_literal(settings) + '\n', encoding='utf-8')
    (package / 'style.py').write_text(
        '"""The overlay\'s styles, compacted from overlay.css by generator.py."""\n\n'
        'STYLE = ' + repr(compact_css((SOURCES / 'overlay.css').read_text(encoding='utf-8')))
        + '\n', encoding='utf-8')
    return package / 'main.py'


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


def run_step(name, command, cwd):
    """Run one build tool; a failure stops the build with the tool's own output."""
    try:
        done = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
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
    """What a scan of JavaScript text finds: {depth, open, commas, references, words}.

    depth is the bracket depth at the end; open is True when a string, comment
    or regular expression is left open; commas counts the commas at depth 0;
    references are the identifiers used as names (outside strings and comments,
    not after a '.'); words are all identifier-like words, strings included.
    Regular expressions are told from division by the token before them.
    """
    found = {'depth': 0, 'open': False, 'commas': 0, 'references': set(), 'words': set()}
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
            if last != '.':
                found['references'].add(word.group(0))
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
    for path in sorted(folder.glob('*.js')):
        if path.name == RUNTIME_MODULE:
            continue
        text = path.read_text(encoding='utf-8')
        body = js_scan(RUNTIME_IMPORT.sub('', text))
        references |= body['references']
        words |= body['words']

        def narrowed(match):
            names = [name.strip() for name in match.group(1).split(',') if name.strip()]
            kept = [name for name in names
                    if name.split(' as ')[-1].strip() in body['references']]
            return "import {" + ', '.join(kept) + "} from './" + RUNTIME_MODULE + "';"
        path.write_text(RUNTIME_IMPORT.sub(narrowed, text), encoding='utf-8')
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
    """A javascript: URL that runs script in a realm of its own and yields undefined.

    Browsers percent-decode a bookmarked URL before running it and drop tabs
    and line breaks from it, so '%' and every control character are escaped;
    `void` keeps Firefox from replacing the page with the script's value.
    """
    code = REALM_WRAPPER.format(script=script)
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


def build(options):
    started = time.monotonic()
    build_dir = Path(options.build_dir)
    settings = settings_of(options)
    entry = stage_sources(settings, build_dir / 'src')
    module = transpile(entry, build_dir / 'src', build_dir / 'transcrypt')
    prune_runtime(module.parent)
    script = bundle(module, build_dir / 'bundle.js')
    url = bookmarklet_url(script)
    files = {
        'sitemap.js': script + '\n',
        'bookmarklet.url': url + '\n',
    }
    out = Path(options.out)
    write_dist(files, out)
    elapsed = time.monotonic() - started
    for name in files:
        print('wrote {}: {:,} characters'.format(out / name, len(files[name].rstrip('\n'))))
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
