"""Transpile and bundle: bookmarklet/ staged for the build, Transcrypt, esbuild."""

import collections
import json
import re
import shutil
import string
import subprocess
import sys

from toolkit import ROOT
from toolkit.errors import BuildError
from toolkit.literal import BOOKMARKLET_NAME, PLACEHOLDER, SOURCE_PLACEHOLDER
from toolkit.subset import ALIASES, NOT_ALIASED, OWN_FIELD
from toolkit.tokens import js_tokens

SOURCES = ROOT / 'bookmarklet'
ESBUILD = ROOT / 'node_modules' / '.bin' / 'esbuild'
UGLIFY = ROOT / 'node_modules' / '.bin' / 'uglifyjs'
TERSER = ROOT / 'node_modules' / '.bin' / 'terser'
LOCALS_AS_PARAMETERS = ROOT / 'toolkit' / 'parameters.js'


# Python method names that mean what a native JavaScript method means, within the rules
# of docs/transcrypt.md (toolkit/subset.py ALIASES): the bookmarklet then calls the native
# method, and Transcrypt's runtime need not add its own to String.prototype and
# Array.prototype. `split` and `pop` lose Transcrypt's renaming for the same reason. Each
# staged module starts with these pragmas; CPython sees comments. (Transcrypt applies an
# alias to every identifier, so no name of our own may be one of these words.)
NATIVE_METHODS = ''.join("# __pragma__ ('alias', '" + python + "', '" + native + "')\n"
                         for python, native in ALIASES) \
    + ''.join("# __pragma__ ('noalias', '" + name + "')\n" for name in NOT_ALIASED)


# The line of bookmarklet/browser/style.py that builds the styles: staged with their packed text and
# marks (packed_css) in place of its empty ones.
STYLE_SOURCE = "STYLE = unpacked('', [])\n"


def bookmarklet_modules(sources=SOURCES):
    """Every module of the bookmarklet in sources (bookmarklet/): those of its sub-packages
    too, at any depth, in a fixed order."""
    return sorted(sources.rglob('*.py'))


def stage_sources(staging, entry=None, sources=SOURCES):
    """Copy the modules of sources (bookmarklet/), each at its path in its package, into
    staging with a settings module that holds no settings but the placeholder the build
    replaces with their literal (toolkit/literal.py), so that one compiled script serves
    any settings, and the styles' module with the styles in (STYLE_SOURCE); returns the
    staged entry module: bookmarklet/main.py, or the module entry names (the parity test
    build's), staged beside the package with the same prelude.

    The settings module chooses with `&&` and `||`, not `?:`: esbuild folds those of a
    name it defines even where it does not minify (readable_bundle), so the placeholder
    the bookmarklet reads alone is gone from the other scripts. The settings are never
    false, and neither is what chosen_settings returns, so the choice is the same. In the
    bookmarklet PROBLEM is `false`, a constant the minifiers fold where the entry asks for
    it: no loader passes the bookmarklet settings to refuse."""
    if staging.exists():
        shutil.rmtree(staging)
    package = staging / 'bookmarklet'
    package.mkdir(parents=True)
    for source in bookmarklet_modules(sources) + ([entry] if entry else []):
        target = package / source.relative_to(sources) if sources in source.parents \
            else staging / source.name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(NATIVE_METHODS + source.read_text(encoding='utf-8'), encoding='utf-8')
    (package / 'settings.py').write_text(
        '"""The settings of this build: the literal the build writes in the placeholder\'s\n'
        'place, or those the loader passes in the URL of the script it loads, by the build\'s\n'
        'rules (bookmarklet/configured.py). Where that URL comes from is the other placeholder\'s:\n'
        'sitemap.js reads its own script element, the userscript nothing; the bookmarklet is\n'
        'built without reading any (toolkit/literal.py BOOKMARKLET_NAME)."""\n\n'
        'from bookmarklet.configured import chosen_settings\n\n'
        "CHOSEN = __pragma__ ('js', '{}', '" + BOOKMARKLET_NAME + " && {used: " + PLACEHOLDER
        + "} || chosen_settings (" + PLACEHOLDER + ", " + SOURCE_PLACEHOLDER + ")')\n"
        "SETTINGS = __pragma__ ('js', '{}', 'CHOSEN.used')\n"
        "PROBLEM = __pragma__ ('js', '{}', '!" + BOOKMARKLET_NAME + " && CHOSEN.problem')\n",
        encoding='utf-8')
    style = package / 'browser' / 'style.py'
    text = style.read_text(encoding='utf-8')
    if text.count(STYLE_SOURCE) != 1:
        raise BuildError('bookmarklet/browser/style.py does not build STYLE in one line: '
                         + STYLE_SOURCE.strip())
    packed = packed_css(compact_css((sources / 'overlay.css').read_text(encoding='utf-8')))
    style.write_text(text.replace(STYLE_SOURCE, 'STYLE = unpacked(' + repr(packed['text']) + ', '
                                  + packed_marks(packed['marks']) + ')\n'), encoding='utf-8')
    return staging / entry.name if entry else package / 'main.py'


# A javascript: URL carries each '#' as '%23' (toolkit/javascript_url.py): the styles'
# colours are written with a stand-in that the script turns back into '#'. Other texts the
# styles repeat (`background`, `:var(--`) stand for one character each too, one not in
# the styles, that a javascript: URL carries as it is and a string needs no escape for.
HASH_STAND_IN = '~'
MARKS = HASH_STAND_IN + '$^|!?&`+<' + string.ascii_uppercase + string.ascii_lowercase
# What a mark costs beside its text in the one string of marks (packed_marks): itself, and
# the separator before the next.
MARK_COST = 2
# The characters that may part the marks in their string: one that none of them holds, not a
# mark, which a javascript: URL carries as it is and a string needs no escape for.
MARK_SEPARATORS = '_@=;'


def packed_css(css):
    """{text, marks}: css with a mark in place of each text it repeats enough to pay for
    it, greedily, the text that saves most first (a text may hold earlier marks); marks
    lists [mark, text] in the order that puts css back, the last one taken first."""
    free = [mark for mark in MARKS if mark not in css]
    marks = []
    text = css
    if HASH_STAND_IN in free and 2 * css.count('#') > MARK_COST + 2:
        text = text.replace('#', HASH_STAND_IN)
        marks.append([HASH_STAND_IN, '#'])
    for mark in [mark for mark in free if mark != HASH_STAND_IN]:
        best = ''
        most = 0
        for length in range(3, 41):
            seen = collections.Counter(text[start:start + length]
                                       for start in range(0, len(text) - length + 1))
            for part, times in seen.items():
                # times counts overlapping ones too: only an upper bound
                if times * (length - 1) - length - MARK_COST > most:
                    saves = text.count(part) * (length - 1) - length - MARK_COST
                    if saves > most:
                        best = part
                        most = saves
        if most <= 0:
            break
        text = text.replace(best, mark)
        marks.append([mark, best])
    return {'text': text, 'marks': marks[::-1]}


def packed_marks(marks):
    """The Python expression of the list the styles' module unpacks from marks ([mark,
    text], packed_css): each mark followed by its text, in one string split at a character
    none of them holds (MARK_SEPARATORS). Two characters a mark, where a list of lists
    takes nine; no marks, an empty list."""
    pieces = [mark + text for mark, text in marks]
    if len(pieces) == 0:
        return '[]'
    separator = next((character for character in MARK_SEPARATORS
                      if not any(character in piece for piece in pieces)), None)
    if separator is None:
        raise BuildError('every character that may part the marks of the styles is in one of '
                         'them: ' + MARK_SEPARATORS)
    return repr(separator.join(pieces)) + '.split(' + repr(separator) + ')'


CUSTOM_PROPERTY = re.compile(r'(?<![\w-])--[A-Za-z][\w-]*')


def compact_css(css, short_names=True):
    """css without comments and the white space no browser needs, its custom properties
    (the theme's colours: `--muted`) named by one letter each unless short_names is false.
    They live in the overlay's shadow root, where nothing else reads them."""
    css = re.sub(r'/\*.*?\*/', '', css, flags=re.S)
    css = re.sub(r'\s+', ' ', css)
    css = re.sub(r'\s*([{};,>])\s*', r'\1', css)
    css = re.sub(r':\s+', ':', css)
    css = css.replace('@media (', '@media(')
    names = list(dict.fromkeys(CUSTOM_PROPERTY.findall(css)))
    free = [letter for letter in string.ascii_letters if '--' + letter not in names]
    if short_names and len(names) <= len(free):
        short = {name: '--' + free[index] for index, name in enumerate(names)}
        css = CUSTOM_PROPERTY.sub(lambda match: short[match.group(0)], css)
    return css.replace(';}', '}').strip()


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
                            '-xp', str(staging), '-od', str(out), str(entry)], ROOT)
    return out / (entry.stem + '.js')


# esbuild shortens the names the own-field rule gives our fields (toolkit/subset.py
# OWN_FIELD), never a quoted name (dict keys; parity case kinds), nor Transcrypt's py_
# names, which its runtime also builds from strings.
OWN_PROPERTIES = '^' + OWN_FIELD + '$'
RESERVED_PROPERTIES = '^py_'


# The JavaScript esbuild may write. The script cannot run without String's replaceAll (Chrome
# 85, Firefox 77, Safari 13.1), which the subset writes for Python's str.replace
# (toolkit/subset.py), and every browser that has it reads ES2019's syntax: a `catch` without
# a binding. ES2020's `??` and `?.` would shut out none of them either, and esbuild writes
# the same bookmarklet with it (measured): the target stays the syntax the floor needs.
TARGET = '--target=es2019'
IIFE_START = '(()=>{'
IIFE_END = '})();'
# The bundler's own steps that toolkit/savings.py measures by leaving each out: own
# properties shortened (--mangle-props), terser's pass (TERSER_COMPRESS), its one
# unsafe option alone, the pass by uglify-js (COMPRESS), and the variables as parameters
# after it (LOCALS_AS_PARAMETERS).
BUNDLE_STEPS = ['own_properties', 'terser', 'unsafe_arrows', 'uglify_js',
                'locals_as_parameters']


def bundle(module, out, metafile=None, defines=None, left_out=()):
    """The minified script; with metafile, esbuild also writes there where its bytes come from.

    The script is one arrow function called at once, strict from its first line: without
    that Transcrypt's keyword arguments would be silently dropped, and an assignment to an
    undeclared name would make a global of the page. esbuild leaves the directive out of
    an IIFE made of modules (they are strict already), so it is put back, inside the
    function, where it holds however the script is run (bookmarklet_url puts `void` in
    front of the call). defines are [name, JavaScript value] the bundler folds in, and
    drops the code they make dead. left_out names BUNDLE_STEPS to skip, for measuring
    what each saves (toolkit/savings.py)."""
    run_step('esbuild', [str(ESBUILD), str(module), '--bundle', '--format=iife', '--minify',
                         TARGET, '--legal-comments=none', '--charset=ascii',
                         '--log-level=warning', '--outfile=' + str(out)]
             + ([] if 'own_properties' in left_out else
                ['--mangle-props=' + OWN_PROPERTIES, '--reserve-props=' + RESERVED_PROPERTIES])
             + ['--define:' + name + '=' + value for name, value in defines or []]
             + (['--metafile=' + str(metafile)] if metafile else []), ROOT)
    script = out.read_text(encoding='ascii').strip()
    if not (script.startswith(IIFE_START) and script.endswith(IIFE_END)):
        raise BuildError('esbuild wrote a script of an unexpected shape: ' + script[:40])
    script = IIFE_START + '"use strict";' + script[len(IIFE_START):]
    script = compressed(script, out.parent, left_out)
    if not (script.startswith(IIFE_START + '"use strict";') and script.endswith(IIFE_END)):
        raise BuildError('terser or uglify-js wrote a script of an unexpected shape: '
                         + script[:40])
    out.write_text(script + '\n', encoding='ascii')
    return script


# esbuild minifies each statement; terser then writes each `function` expression that
# reads no `this` nor `arguments` as an arrow function (its `unsafe_arrows`: unsafe for a
# function called with `new`, and the native subset has no classes, so `new` only ever
# builds browser objects; Transcrypt writes every def and lambda as a `function`), in two
# passes (more save nothing).
TERSER_COMPRESS = ['--ecma', '2019', '--compress', 'ecma=2019,passes=2,unsafe_arrows=true',
                   '--format', 'ascii_only=true']
# uglify-js then goes further across the statements: it inlines
# functions and values used once, gives variables whose lives do not overlap one name,
# folds statements into expressions and declares each function's variables in one `var`,
# in seven passes (after terser, the sixth saves 6 characters and the seventh 30, more
# save nothing).
# It must not take the script for a module (strict already, it would drop the directive
# and could unwrap the IIFE into globals), and it must work around WebKit: older Safari
# loses the value of an async function's parameter that a merged variable declares again
# (WebKit bug 223533). `pure_getters`: it may take a property's read for one that has no
# effect, and so drop a read whose value goes unused or fold it with its neighbours: the
# script reads no property for what reading it does (no getter that lays a page out) and
# counts on no read to throw (it asks `record_field` and `== None` first); 48 characters.
COMPRESS = ['--no-module', '--webkit', '--compress', 'passes=7,hoist_vars=true,pure_getters=true', '--mangle',
            '--output-opts', 'ascii_only=true']


# Then each function's own variables become its parameters where every call of it is known
# (toolkit/parameters.js: `(r,e)=>{var t,a;...}` as `(r,e,t,a)=>{...}`), and uglify-js runs
# once more over what that leaves (bodies of one `return` become expressions); with
# uglify_js left out, this is left out too.
def compressed(script, folder, left_out=()):
    """script, minified by esbuild, compressed further by terser and uglify-js; left_out
    names BUNDLE_STEPS to skip."""
    if 'terser' not in left_out:
        options = TERSER_COMPRESS if 'unsafe_arrows' not in left_out else [
            option.replace(',unsafe_arrows=true', '') for option in TERSER_COMPRESS]
        script = run_step('terser', [str(TERSER)] + options, folder, input=script).stdout.strip()
    if 'uglify_js' in left_out:
        return script
    script = run_step('uglify-js', [str(UGLIFY)] + COMPRESS, folder, input=script).stdout.strip()
    if 'locals_as_parameters' in left_out:
        return script
    script = run_step('node', ['node', str(LOCALS_AS_PARAMETERS)], folder, input=script).stdout
    return run_step('uglify-js', [str(UGLIFY)] + COMPRESS, folder, input=script).stdout.strip()


def minify(source, folder):
    """source, a script on its own, minified as one IIFE; esbuild runs in folder."""
    return run_step('esbuild', [str(ESBUILD), '--minify', '--format=iife', TARGET,
                                '--charset=ascii', '--log-level=warning'],
                    folder, input=source).stdout.strip()


# The readable script, which the userscript is made of (toolkit/compile.py): the userscript
# sites take no minified code. The same transpiled modules, with the same runtime, bundled
# by esbuild without minifying: names, line breaks and indentation kept. It is bundled before
# the build's rewrites (toolkit/rewrite.py), which only shorten what they rewrite, and
# without shortening our own property names, which nothing reads by a name in a string
# (the naming rule above): the script does what the minified one does. esbuild wraps a line
# longer than READABLE_WIDTH where it can, a long string too (continued after a backslash on
# the next line, which adds nothing to its value); a regular expression it cannot wrap is
# written as a RegExp of a string first (spelled_out_patterns).
READABLE_WIDTH = 100
LONGEST_LINE = 200
LONGEST_PATTERN = 80
READABLE_START = '(() => {\n'
READABLE_END = '\n})();'
STYLE_MODULE = 'bookmarklet.browser.style.js'
# The staged style module's one statement that builds the styles from their packed text.
PACKED_STYLE = re.compile(r'^export var STYLE = unpacked \(.*\);$', re.M)


def readable_modules(folder, into):
    """A copy in into of the transpiled modules in folder, made for reading: the styles as
    overlay.css writes them, comments and needless white space aside, instead of packed
    with marks (packed_css), and each long regular expression spelled out."""
    if into.exists():
        shutil.rmtree(into)
    shutil.copytree(folder, into)
    for path in sorted(into.glob('*.js')):
        text = path.read_text(encoding='utf-8')
        if path.name == STYLE_MODULE:
            if len(PACKED_STYLE.findall(text)) != 1:
                raise BuildError(STYLE_MODULE + ' does not build STYLE in one statement')
            css = compact_css((SOURCES / 'overlay.css').read_text(encoding='utf-8'), False)
            text = PACKED_STYLE.sub(lambda found: 'export var STYLE = ' + json.dumps(css) + ';',
                                    text)
        path.write_text(spelled_out_patterns(text, LONGEST_PATTERN), encoding='utf-8')
    return into


def spelled_out_patterns(text, longest):
    """text with each regular expression literal longer than longest characters written as
    `new RegExp (source, flags)`: the same pattern and flags, and a new object each time it
    is evaluated, as a literal is; its source is then a string, which esbuild can wrap."""
    tokens = list(js_tokens(text))
    edits = []
    for index, (kind, start, end) in enumerate(tokens):
        if kind != 'string' or text[start] != '/' or end - start <= longest:
            continue
        after = tokens[index + 1] if index + 1 < len(tokens) else None
        flags = text[end:after[2]] if after and after[0] == 'word' and after[1] == end else ''
        edits.append([start, end + len(flags), '(new RegExp ({}{}))'.format(
            json.dumps(text[start + 1:end - 1]), ', ' + json.dumps(flags) if flags else '')])
    for start, end, replacement in reversed(edits):
        text = text[:start] + replacement + text[end:]
    return text


# The userscript's first part: the gate's question (bookmarklet/browser/gate.py), then the rest of
# the script, which the build puts where MAIN_CALL stands (gated). Written beside the
# readable modules as GATE_ENTRY.
GATE_ENTRY = 'userscript.js'
MAIN_CALL = '__autoindexSitemapMain__()'
GATE_SOURCE = ("import { may_be_listing } from './bookmarklet.browser.gate.js';\n"
               'if (may_be_listing(window)) ' + MAIN_CALL + ';\n')
MAIN_FUNCTION = 'main'


def gated(gate, script):
    """The userscript's script: gate's (readable_bundle of GATE_ENTRY), with script, the whole
    sitemap's, as a function of its own that the gate calls where the page may be a listing.
    A function nothing has called yet is only parsed (no engine compiles or runs its body
    before its first call), so on any other page the rest costs its parse alone."""
    if gate.count(MAIN_CALL) != 1:
        raise BuildError('the gate calls the rest of the userscript {} times, not once'.format(
            gate.count(MAIN_CALL)))
    # script is not indented: a long string esbuild wrapped goes on in the next line's first
    # column, and spaces there would be part of it.
    return gate[:-len(READABLE_END)].replace(MAIN_CALL, MAIN_FUNCTION + '()') + \
        '\n\n  function {}() {{\n{}\n  }}{}'.format(MAIN_FUNCTION, script, READABLE_END)


def readable_bundle(module, out, defines=None):
    """The readable script of the modules readable_modules made, module their entry: one
    arrow function called at once and strict from its first line, as bundle() makes the
    minified one. Stops the build where a line is longer than LONGEST_LINE. esbuild runs in
    the modules' folder, so the comment before each module names it alone."""
    run_step('esbuild', [str(ESBUILD), str(module), '--bundle', '--format=iife', TARGET,
                         '--legal-comments=none', '--charset=ascii', '--log-level=warning',
                         '--line-limit=' + str(READABLE_WIDTH), '--outfile=' + str(out)]
             + ['--define:' + name + '=' + value for name, value in defines or []],
             module.parent)
    script = out.read_text(encoding='ascii').rstrip('\n')
    if not (script.startswith(READABLE_START) and script.endswith(READABLE_END)):
        raise BuildError('esbuild wrote a script of an unexpected shape: ' + script[:40])
    script = READABLE_START + '  "use strict";\n' + script[len(READABLE_START):]
    long = [number for number, line in enumerate(script.split('\n'), 1)
            if len(line) > LONGEST_LINE]
    if long:
        raise BuildError('the readable script has {} lines longer than {} characters, the '
                         'first at line {} of {}'.format(len(long), LONGEST_LINE, long[0], out))
    out.write_text(script + '\n', encoding='ascii')
    return script
