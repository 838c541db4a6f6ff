"""The build's settings: the table of them, their checks, the command line and sitemap.toml.

A setting is carried by the bookmarklet (SETTINGS) or only steers the build
(OPTIONS). Each is read from the defaults, then the TOML file, then the flags.
"""

import argparse
import tomllib
from pathlib import Path

from bookmarklet.settings import SETTINGS as DEFAULTS
from toolkit import ROOT
from toolkit.errors import BuildError

CONFIG = 'sitemap.toml'
SCRIPT_URL = '/.autoindex-sitemap/sitemap.js'


class Setting:
    """One setting: its key (as the bookmarklet and sitemap.toml name it), its default,
    its help, the parser that checks a value, the flag derived from the key
    (pageSize: --page-size) and what --help shows after the flag (the parser's
    own word for its values)."""

    def __init__(self, key, default, help, parse):
        self.key = key
        self.default = default
        self.help = help
        self.parse = parse
        self.flag = '--' + ''.join('-' + c.lower() if c.isupper() else c for c in key)
        self.metavar = parse.metavar


def described(name, metavar):
    """A parser's words: its name in argparse's messages, and what --help shows after
    its flag."""
    def describe(parse):
        parse.__name__ = name
        parse.metavar = metavar
        return parse
    return describe


def whole_number(low, high):
    """A parser for a whole number in [low, high], failing with the range it allows."""
    @described('whole number {}..{}'.format(low, high), 'N')
    def parse(text):
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                '{!r} is not a whole number (allowed: {}..{})'.format(text, low, high))
        if not low <= value <= high:
            raise argparse.ArgumentTypeError('{} is outside {}..{}'.format(value, low, high))
        return value
    return parse


def number_list(low, high):
    @described('comma-separated whole numbers {}..{}'.format(low, high), 'N,N,...')
    def parse(text):
        return [whole_number(low, high)(part) for part in text.split(',') if part.strip()]
    return parse


@described('on or off', 'on|off')
def on_off(text):
    if text.lower() in ('on', 'true', 'yes', '1'):
        return True
    if text.lower() in ('off', 'false', 'no', '0'):
        return False
    raise argparse.ArgumentTypeError('{!r} is not on or off'.format(text))


@described('text', 'TEXT')
def text_value(text):
    return text


@described('path prefix', 'VALUE')
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


def option_text(value):
    """A setting's value as it is written after its flag: 10,15 for lists, on/off for booleans."""
    if isinstance(value, bool):
        return 'on' if value else 'off'
    if isinstance(value, list):
        return ','.join(str(part) for part in value)
    return str(value)


def carried(key, help, parse):
    """A setting the bookmarklet carries, with the default bookmarklet/settings.py holds."""
    return Setting(key, DEFAULTS[key], help, parse)


SETTINGS = [
    carried('title', 'the title of the overlay and of the bookmark', text_value),
    carried('pageSize', 'level-1 entries per page at first', whole_number(1, 1000)),
    carried('pageSizes', 'page sizes offered in the select', number_list(1, 1000)),
    carried('maxConcurrentRequests', 'wave-2 requests in flight at once', whole_number(1, 100)),
    carried('timeoutSeconds', 'seconds before a listing request is given up',
            whole_number(1, 600)),
    carried('childrenShown', "level-2 entries shown under a directory before 'Show more'",
            whole_number(1, 1000)),
    carried('staleAfterSeconds',
            'seconds after which a cached listing is fetched again even when its mtime '
            'has not moved (0: always)', whole_number(0, 31536000)),
    carried('refreshSeconds', 'seconds between refreshes of the open overlay (0: off)',
            whole_number(0, 86400)),
    carried('prefetch', "prefetch the next page's directories (on/off)", on_off),
    carried('utcOffsetMinutes',
            "the server's UTC offset in minutes, when its HTML listings use local time",
            whole_number(-1440, 1440)),
    carried('jsonPrefixFrom',
            'a path prefix of HTML listings whose JSON listings are served elsewhere '
            '(e.g. /files/); empty: ask each listing its own URL', path_prefix),
    carried('jsonPrefixTo',
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


@described('script URL', 'URL')
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
    parser.add_argument('--out', default=str(ROOT / 'dist'), metavar='DIR',
                        help='the folder to write (default: dist/)')
    parser.add_argument('--build-dir', default=str(ROOT / 'build'), metavar='DIR',
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


