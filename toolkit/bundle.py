"""Transpile and bundle: bookmarklet/ staged for the build, Transcrypt, esbuild."""

import re
import shutil
import subprocess
import sys

from toolkit import ROOT
from toolkit.errors import BuildError
from toolkit.literal import PLACEHOLDER

SOURCES = ROOT / 'bookmarklet'
ESBUILD = ROOT / 'node_modules' / '.bin' / 'esbuild'


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


def stage_sources(staging, entry=None):
    """Copy bookmarklet/ into staging with a settings module that holds no settings but
    the placeholder the build replaces with their literal (toolkit/literal.py), so that
    one compiled script serves any settings; returns the staged entry module:
    bookmarklet/main.py, or the module entry names (the parity test build's), staged
    beside the package with the same prelude."""
    if staging.exists():
        shutil.rmtree(staging)
    package = staging / 'bookmarklet'
    package.mkdir(parents=True)
    for source in sorted(SOURCES.glob('*.py')) + ([entry] if entry else []):
        target = package / source.name if source.parent == SOURCES else staging / source.name
        target.write_text(NATIVE_METHODS + source.read_text(encoding='utf-8'), encoding='utf-8')
    (package / 'settings.py').write_text(
        '"""The settings of this build: the literal the build writes in the placeholder\'s\n'
        'place, or those a loader passes in the URL of the script it loads."""\n\n'
        'from bookmarklet.configured import with_passed\n\n'
        "SETTINGS = with_passed(__pragma__ ('js', '{}', '" + PLACEHOLDER + "'), __pragma__ "
        "('js', '{}', '(typeof document === \"undefined\" || !document.currentScript ? \"\" : "
        "document.currentScript.src)'))\n", encoding='utf-8')
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
             + (['--metafile=' + str(metafile)] if metafile else []), ROOT)
    return out.read_text(encoding='ascii').strip()


def minify(source, folder):
    """source, a script on its own, minified as one IIFE; esbuild runs in folder."""
    return run_step('esbuild', [str(ESBUILD), '--minify', '--format=iife', '--target=es2017',
                                '--charset=ascii', '--log-level=warning'],
                    folder, input=source).stdout.strip()
