"""Build the bookmarklet: transpile, bundle, minify, wrap, write dist/.

    .venv/bin/python generator.py [options]

Transcrypt turns bookmarklet/ into ES modules, esbuild bundles them into one
strict, minified IIFE, and the result is wrapped in `void` and escaped for a
javascript: URL. dist/ is replaced only once every step has succeeded.
"""

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCES = HERE / 'bookmarklet'
ESBUILD = HERE / 'node_modules' / '.bin' / 'esbuild'

DEFAULTS = {
    'title': 'Sitemap',
    'pageSize': 10,
    'pageSizes': [10, 15, 20, 30],
    'maxConcurrentRequests': 10,
    'timeoutSeconds': 20,
    'prefetch': True,
    'utcOffsetMinutes': 0,
}


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
    return parser.parse_args(argv)


def settings_of(options):
    """The settings the bookmarklet carries, from the defaults and the options."""
    return dict(DEFAULTS)


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
    return package / 'main.py'


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


def bundle(module, out):
    run_step('esbuild', [str(ESBUILD), str(module), '--bundle', '--format=iife', '--minify',
                         '--target=es2017', '--legal-comments=none', '--charset=ascii',
                         '--banner:js="use strict";', '--log-level=warning',
                         '--outfile=' + str(out)], HERE)
    return out.read_text(encoding='ascii').strip()


def bookmarklet_url(script):
    """A javascript: URL that runs script and yields undefined.

    Browsers percent-decode a bookmarked URL before running it and drop tabs
    and line breaks from it, so '%' and every control character are escaped;
    `void` keeps Firefox from replacing the page with the script's value.
    """
    code = 'void function(){' + script + '}()'
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
