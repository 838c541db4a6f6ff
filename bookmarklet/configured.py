"""The settings a click runs with: the build's own, or those a loader passes, by the build's
rules.

The build writes its settings into the script as one JSON literal
(toolkit/literal.py), after checking them by RULES, the one table of what each
setting takes: toolkit/settings.py reads it for the command line, sitemap.toml
and the install page, and the same rules check here what a loader passes. One
hosted sitemap.js serves loaders made with other settings: such a loader adds
the settings it changes to the script's URL, as the JSON of an object after
'#', which no server sees. The browser may have percent-encoded some characters
of it (a quote, a space), so it is decoded (as UTF-8); the loader writes a '%'
of a value as a JSON escape, so every '%' left is the browser's.

Only the script element the loader adds is read, and only by sitemap.js: the
self-contained bookmarklet reads nothing from the page (toolkit/literal.py). A
passed value the rules refuse, or an unknown key, leaves the build's settings
in place, all of them, and the overlay says so (docs/design.md, Trust).
"""

# __pragma__ ('skip')
import re as _re
# __pragma__ ('noskip')

from bookmarklet.names import body_text
from bookmarklet.portable import JSError, is_record, is_list, is_text, is_exactly, exact_integer, \
    keys_of, parse_json, part, percent_decode


def whole_number(low, high):
    return {'kind': 'whole', 'low': low, 'high': high}


def number_list(low, high):
    return {'kind': 'list', 'low': low, 'high': high}


# What each setting the bookmarklet carries takes.
RULES = {
    'title': {'kind': 'text'},
    'pageSize': whole_number(1, 1000),
    'pageSizes': number_list(1, 1000),
    'maxConcurrentRequests': whole_number(1, 100),
    'timeoutSeconds': whole_number(1, 600),
    'childrenShown': whole_number(1, 1000),
    'staleAfterSeconds': whole_number(0, 31536000),
    'refreshSeconds': whole_number(0, 86400),
    'prefetch': {'kind': 'onOff'},
    'utcOffsetMinutes': whole_number(-1440, 1440),
    'jsonPrefixFrom': {'kind': 'prefix'},
    'jsonPrefixTo': {'kind': 'prefix'},
}

# What the overlay says when a loader passed settings the rules refuse.
REFUSED = 'Loader settings refused ('


# __pragma__ ('skip')
def is_prefix(text):
    """True for a path prefix of a listing URL (jsonPrefixFrom, jsonPrefixTo): empty, or
    starting and ending with '/', with no '?', '#', backslash, space or control character.
    Put after the listing's origin, it names a path there and nothing else."""
    return _re.fullmatch('(/[^?#\\\\\\x00-\\x20\\x7f]*/|/)?', text) is not None
# __pragma__ ('noskip')


# __pragma__ ('ecom')
# The same pattern, native.
#?is_prefix = lambda text: __pragma__ ('js', '{}', '/^(\\/[^?#\\\\\\x00-\\x20\\x7f]*\\/|\\/)?$/.test (text)')
# __pragma__ ('noecom')


def is_whole(value, rule):
    return exact_integer(value) != None and rule['low'] <= value and value <= rule['high']


def value_allowed(rule, value):
    """True for a value (as JSON gives it) that rule takes."""
    kind = rule['kind']
    if kind == 'whole':
        return is_whole(value, rule)
    if kind == 'list':
        if not is_list(value):
            return False
        for item in value:
            if not is_whole(item, rule):
                return False
        return True
    if kind == 'onOff':
        return is_exactly(value, True) or is_exactly(value, False)
    if kind == 'prefix':
        return is_text(value) and is_prefix(value)
    return is_text(value)


def settings_conflict(settings):
    """The name of the message (toolkit/settings.py MESSAGES) for settings that contradict
    each other, else ''."""
    sizes = settings['pageSizes']
    offered = False
    # Sizes are whole numbers by now: == compares them exactly.
    for at in range(0, len(sizes)):
        offered = offered or sizes[at] == settings['pageSize']
        for before in range(0, at):
            if sizes[before] == sizes[at]:
                return 'size_twice'
    if not offered:
        return 'size_not_offered'
    if (len(settings['jsonPrefixFrom']) == 0) != (len(settings['jsonPrefixTo']) == 0):
        return 'prefix_alone'
    if len(settings['jsonPrefixFrom']) > 0 and settings['jsonPrefixFrom'] == settings['jsonPrefixTo']:
        return 'prefix_same'
    return ''


def chosen_settings(settings, script_url):
    """{used, problem}: settings, with each value the fragment of script_url passes in
    its place, when every one of them is allowed (RULES, settings_conflict); else the
    build's settings, and problem says why, for the overlay. A fragment that is not a JSON
    object passes nothing."""
    chosen = {'used': settings, 'problem': ''}
    at = script_url.find('#')
    if at < 0:
        return chosen
    try:
        passed = parse_json(body_text(percent_decode(part(script_url, at + 1, None))))
    except JSError as error:  # noqa: F841 (house style names it; nothing to tell)
        return chosen
    if not is_record(passed):
        return chosen
    values = {}
    for key in keys_of(settings):
        values[key] = settings[key]
    for key in keys_of(passed):
        if not (key in RULES) or not value_allowed(RULES[key], passed[key]):
            chosen['problem'] = REFUSED + key + '): using the build\'s.'
            return chosen
        values[key] = passed[key]
    conflict = settings_conflict(values)
    if conflict != '':
        chosen['problem'] = REFUSED + conflict + '): using the build\'s.'
        return chosen
    chosen['used'] = values
    return chosen
