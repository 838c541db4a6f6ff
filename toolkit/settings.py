"""The build's settings: the table of them, their checks, the command line and sitemap.toml.

A setting is carried by the bookmarklet (SETTINGS) or only steers the build
(OPTIONS). Each is read from the defaults, then the TOML file, then the flags.
A setting's rule (what values it takes) and every message a bad value gets are
data (Setting.rule, MESSAGES), because the install page checks the same values
in the same words: toolkit/loader.py's page_data hands it this module's
tables, and its script applies the same rules. The rules of the settings the
bookmarklet carries are bookmarklet/configured.py's RULES, by which the script
also checks what a loader passes it.
"""

import argparse
import json
import re
import tomllib
from pathlib import Path

from bookmarklet.configured import RULES, is_prefix, settings_conflict
from bookmarklet.settings import SETTINGS as DEFAULTS
from toolkit import ROOT
from toolkit.errors import BuildError

CONFIG = 'sitemap.toml'
SCRIPT_URL = '/.autoindex-sitemap/sitemap.js'
# Where a CDN serving npm packages by exact version answers (/npm/NAME@VERSION/FILE).
CDN_BASE = 'https://cdn.jsdelivr.net/npm/'

# What a bad value is told, with blanks: {text} is the value as typed, quoted as JSON;
# {value}, {low}, {high}, {size}, {sizes} are numbers and lists as a flag takes them;
# a settings key in braces ({pageSize}) stands for its flag.
MESSAGES = {
    'not_whole': '{text} is not a whole number (allowed: {low}..{high})',
    'outside': '{value} is outside {low}..{high}',
    'not_on_off': '{text} is not on or off',
    'not_prefix': '{text} is not a path prefix such as /files/ (starts and ends with /, '
                  'no ? or #, no spaces: percent-encode them)',
    'not_script_url': '{text} is neither a path on the listing\'s server (one / first) nor an '
                      'https URL given in full (https://host/path)',
    'script_url_parts': '{text} must not hold a query, a fragment, a backslash, an encoded '
                        'slash or backslash (%2F, %5C), spaces or quotes',
    'not_package': '{text} is not an npm package at an exact version such as '
                   'autoindex-sitemap@1.2.3: a range, a tag or part of a version (^1.2.0, '
                   '1.x, latest, 1) may name other bytes than the loader pins',
    'package_version': '{cdnPackage} {text} is version {version}, but the loader pins the '
                       'sitemap.js of this build, {release}: only that version\'s package '
                       'holds it',
    'size_twice': '{pageSizes} {sizes} offers a size twice',
    'size_not_offered': '{pageSize} {size} must be one of {pageSizes} {sizes}',
    'prefix_alone': '{jsonPrefixFrom} and {jsonPrefixTo} go together: give both or neither',
    'prefix_same': '{jsonPrefixTo} must differ from {jsonPrefixFrom}',
}

# The one rule of scriptUrl, which the install page applies with the same patterns: a
# path on the listing's origin, or an https URL given in full (http only on this machine,
# which browsers count as secure); refused, whatever a browser's URL parser would read as
# another origin than written: a backslash, an encoded slash or backslash, a second '/'.
SCRIPT_URL_PARTS = '[?#\'"<>\\\\\\x00-\\x20\\x7f]|%(?:2[fF]|5[cC])'
SCRIPT_URL_FULL = '^(https?)://([A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)(?::[0-9]{1,5})?/(?!/)'
LOOPBACK = ['127.0.0.1', 'localhost']

# An npm package at an exact version: a name (scoped or not, as npm allows) and a full
# semantic version, a pre-release at most; the groups are the name and the version.
NPM_PACKAGE = ('((?:@[a-z0-9~-][a-z0-9._~-]*/)?[a-z0-9~-][a-z0-9._~-]*)@((?:0|[1-9][0-9]*)'
               '\\.(?:0|[1-9][0-9]*)\\.(?:0|[1-9][0-9]*)(?:-[0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*)?)')

# A whole number as a flag or the install page takes it: ASCII digits, a minus at most.
WHOLE_NUMBER = '-?[0-9]{1,15}'
ON = ['on', 'true', 'yes', '1']
OFF = ['off', 'false', 'no', '0']


class ValueProblem(Exception):
    """A value a setting's rule refuses; the message is MESSAGES' words, filled."""


def flag_of(key):
    """The command-line flag of a settings key: maxConcurrentRequests, --max-concurrent-requests."""
    return '--' + ''.join('-' + c.lower() if c.isupper() else c for c in key)


def quoted(text):
    """A value as typed, quoted in a message: JSON's quoting, which the page's JSON.stringify
    spells the same."""
    return json.dumps(text, ensure_ascii=False)


def message(name, **values):
    """MESSAGES[name] with its blanks filled: from values, else a settings key's flag."""
    return re.sub(r'\{(\w+)\}', lambda found: str(values[found.group(1)])
                  if found.group(1) in values else flag_of(found.group(1)), MESSAGES[name])


def option_text(value):
    """A setting's value as it is written after its flag: 10,15 for lists, on/off for booleans."""
    if isinstance(value, bool):
        return 'on' if value else 'off'
    if isinstance(value, list):
        return ','.join(str(part) for part in value)
    return str(value)


def whole(text, low, high):
    if not re.fullmatch(WHOLE_NUMBER, text):
        raise ValueProblem(message('not_whole', text=quoted(text), low=low, high=high))
    value = int(text)
    if not low <= value <= high:
        raise ValueProblem(message('outside', value=value, low=low, high=high))
    return value


def parse_value(rule, text):
    """The value text stands for under rule (a RULES entry); raises ValueProblem."""
    kind = rule['kind']
    if kind == 'whole':
        return whole(text, rule['low'], rule['high'])
    if kind == 'list':
        return [whole(part.strip(' '), rule['low'], rule['high'])
                for part in text.split(',') if part.strip(' ') != '']
    if kind == 'onOff':
        if text.lower() in ON:
            return True
        if text.lower() in OFF:
            return False
        raise ValueProblem(message('not_on_off', text=quoted(text)))
    if kind == 'prefix':
        if not is_prefix(text):
            raise ValueProblem(message('not_prefix', text=quoted(text)))
        return text
    if kind == 'scriptUrl':
        if re.search(SCRIPT_URL_PARTS, text):
            raise ValueProblem(message('script_url_parts', text=quoted(text)))
        if not (text.startswith('/') and not text.startswith('//')):
            full = re.match(SCRIPT_URL_FULL, text, re.IGNORECASE)
            if full is None or (full.group(1).lower() == 'http' and
                                full.group(2).lower() not in LOOPBACK):
                raise ValueProblem(message('not_script_url', text=quoted(text)))
        return text
    if kind == 'package':
        if text != '' and not re.fullmatch(NPM_PACKAGE, text):
            raise ValueProblem(message('not_package', text=quoted(text)))
        return text
    return text


def package_problem(package, release):
    """The message for a cdnPackage whose version is not this build's (release), or None:
    its sitemap.js is not the one the loader pins."""
    found = re.fullmatch(NPM_PACKAGE, package)
    if found is None or found.group(2) == release:
        return None
    return message('package_version', text=quoted(package), version=found.group(2),
                   release=release)


class Setting:
    """One setting: its key (as the bookmarklet, sitemap.toml and the install page name
    it), its default, its help, its rule (a dict: kind, and low and high for numbers),
    the flag derived from the key (pageSize: --page-size) and what --help shows after the
    flag."""

    def __init__(self, key, default, help, rule):
        self.key = key
        self.default = default
        self.help = help
        self.rule = rule
        self.flag = flag_of(key)
        self.metavar = METAVARS[rule['kind']]

    def parse(self, text):
        """The value text stands for; argparse's error when the rule refuses it."""
        try:
            return parse_value(self.rule, text)
        except ValueProblem as problem:
            raise argparse.ArgumentTypeError(str(problem))

    def allowed(self):
        """The values the rule takes, in words: 'whole number 1..1000'."""
        return ALLOWED[self.rule['kind']].format(**self.rule)


METAVARS = {'whole': 'N', 'list': 'N,N,...', 'onOff': 'on|off', 'text': 'TEXT',
            'prefix': 'VALUE', 'scriptUrl': 'URL', 'package': 'NAME@VERSION'}
ALLOWED = {'whole': 'whole number {low}..{high}',
           'list': 'comma-separated whole numbers {low}..{high}',
           'onOff': 'on or off', 'text': 'text', 'prefix': 'path prefix such as /files/, or empty',
           'scriptUrl': "a path on the listing's server such as /s/sitemap.js, or an https URL "
                        'given in full',
           'package': 'an npm package at an exact version such as autoindex-sitemap@1.2.3, '
                      'or empty'}


def rule_of(key):
    """The rule ({kind, low, high}) of a setting the bookmarklet carries, from its entry in
    bookmarklet/configured.py's RULES and its default."""
    rule = RULES[key]
    if isinstance(rule, list):
        return {'kind': 'list' if isinstance(DEFAULTS[key], list) else 'whole',
                'low': rule[0], 'high': rule[1]}
    return {'kind': rule}


def carried(key, help):
    """A setting the bookmarklet carries, with the default bookmarklet/settings.py holds and
    the rule bookmarklet/configured.py holds."""
    return Setting(key, DEFAULTS[key], help, rule_of(key))


SETTINGS = [
    carried('title', 'the title of the overlay and of the bookmark'),
    carried('pageSize', 'level-1 entries per page at first'),
    carried('pageSizes', 'page sizes offered in the select'),
    carried('maxConcurrentRequests', 'wave-2 requests in flight at once'),
    carried('timeoutSeconds', 'seconds before a listing request is given up'),
    carried('childrenShown', "level-2 entries shown under a directory before 'Show more'"),
    carried('staleAfterSeconds',
            'seconds after which a cached listing is fetched again even when its mtime '
            'has not moved (0: always)'),
    carried('refreshSeconds', 'seconds between refreshes of the open overlay (0: off)'),
    carried('prefetch', "prefetch the next page's directories (on/off)"),
    carried('mapLimit', 'the most directories a map of the tree fetches'),
    carried('mapDepth', 'the deepest level below the shown root a map goes to'),
    carried('utcOffsetMinutes',
            "the server's UTC offset in minutes, when its HTML listings use local time"),
    carried('jsonPrefixFrom',
            'a path prefix of HTML listings whose JSON listings are served elsewhere '
            '(e.g. /files/); empty: ask each listing its own URL'),
    carried('jsonPrefixTo',
            'the path prefix that replaces --json-prefix-from in listing requests '
            '(e.g. /json/files/)'),
]


def settings_problem(settings):
    """The message for settings that contradict each other (configured.settings_conflict,
    which the script also applies), or None."""
    name = settings_conflict(settings)
    if name == '':
        return None
    return message(name, size=settings['pageSize'], sizes=option_text(settings['pageSizes']))


def check_settings(settings):
    """Checks that span settings; raises BuildError naming the option."""
    problem = settings_problem(settings)
    if problem is not None:
        raise BuildError(problem)


OPTIONS = [
    Setting('scriptUrl', SCRIPT_URL,
            'where sitemap.js is served, for the loader: a path on the listing\'s own server, '
            'or an https URL given in full', {'kind': 'scriptUrl'}),
    Setting('cdnPackage', '',
            'the npm package and exact version whose sitemap.js the loader loads from the CDN '
            '(--cdn-base) instead of --script-url, once published (docs/releasing.md); '
            'empty: --script-url', {'kind': 'package'}),
    Setting('cdnBase', CDN_BASE,
            'the CDN that serves npm packages as BASE/NAME@VERSION/FILE, for --cdn-package',
            {'kind': 'scriptUrl'}),
]


def parse_options(argv, prog='generator.py', build_dir=True):
    """The command line of generator.py, or of the installed command (prog), which
    compiles nothing and so has no --build-dir."""
    parser = argparse.ArgumentParser(
        prog=prog,
        description='Build the autoindex-sitemap bookmarklet, its loader and install page '
                    'into dist/. Every setting can also be given in a TOML file, keyed as '
                    'in the settings table (pageSize = 20); a flag overrides the file.')
    parser.add_argument('--out', default=str(ROOT / 'dist') if build_dir else 'dist',
                        metavar='DIR', help='the folder to write (default: dist/)')
    if build_dir:
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


def settings_of(options, release):
    """The build's settings and options: the defaults, then the config file, then the flags;
    checked before anything is compiled, release (the version this build writes) included."""
    config = read_config(options)
    values = {}
    for setting in SETTINGS + OPTIONS:
        value = getattr(options, setting.key, None)
        if value is None:
            value = config.get(setting.key, setting.default)
        values[setting.key] = value
    settings = {setting.key: values[setting.key] for setting in SETTINGS}
    check_settings(settings)
    problem = package_problem(values['cdnPackage'], release)
    if problem is not None:
        raise BuildError(problem)
    return settings, {setting.key: values[setting.key] for setting in OPTIONS}


