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
    Setting('jsonPrefixFrom', '',
            'a path prefix of HTML listings whose JSON listings are served elsewhere '
            '(e.g. /files/); empty: ask each listing its own URL', path_prefix),
    Setting('jsonPrefixTo', '',
            'the path prefix that replaces --json-prefix-from in listing requests '
            '(e.g. /json/files/)', path_prefix),
]


def check_settings(settings):
    """Checks that span settings; raises BuildError naming the option."""
    if settings['pageSize'] not in settings['pageSizes']:
        raise BuildError('--page-size {} must be one of --page-sizes {}'.format(
            settings['pageSize'], ','.join(str(size) for size in settings['pageSizes'])))
    if (settings['jsonPrefixFrom'] == '') != (settings['jsonPrefixTo'] == ''):
        raise BuildError('--json-prefix-from and --json-prefix-to go together: give both or neither')
    if settings['jsonPrefixFrom'] != '' and settings['jsonPrefixFrom'] == settings['jsonPrefixTo']:
        raise BuildError('--json-prefix-to must differ from --json-prefix-from')


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


def bundle(module, out):
    run_step('esbuild', [str(ESBUILD), str(module), '--bundle', '--format=iife', '--minify',
                         '--target=es2017', '--legal-comments=none', '--charset=ascii',
                         '--banner:js="use strict";', '--log-level=warning',
                         '--outfile=' + str(out)], HERE)
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
