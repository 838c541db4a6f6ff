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

from bookmarklet.reading.names import body_text
from bookmarklet.portable import JSError, is_record, is_list, is_text, is_exactly, exact_integer, \
    keys_of, parse_json, part, percent_decode


# What each setting the bookmarklet carries takes: whole numbers in a range [low, high] (a
# list of them where the default is a list), or a kind of text or switch. toolkit/settings.py
# makes its rules ({kind, low, high}) of these.
RULES = {
    'title': 'text',
    'pageSize': [1, 1000],
    'pageSizes': [1, 1000],
    'maxConcurrentRequests': [1, 100],
    'timeoutSeconds': [1, 600],
    'childrenShown': [1, 1000],
    'staleAfterSeconds': [0, 31536000],
    'refreshSeconds': [0, 86400],
    # A map's directories are records, which the cache's bounds hold 10,000 of.
    'mapLimit': [1, 10000],
    'mapDepth': [1, 64],
    'prefetch': 'onOff',
    'utcOffsetMinutes': [-1440, 1440],
    'jsonPrefixFrom': 'prefix',
    'jsonPrefixTo': 'prefix',
}

# What the overlay says when a loader passed settings the rules refuse.
REFUSED = 'Loader settings refused: '


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
    return exact_integer(value) != None and rule[0] <= value and value <= rule[1]


def value_allowed(rule, value, default):
    """True for a value (as JSON gives it) that rule (a RULES entry) takes, of a setting
    whose default is default."""
    if is_list(rule):
        if not is_list(default):
            return is_whole(value, rule)
        if not is_list(value):
            return False
        for item in value:
            if not is_whole(item, rule):
                return False
        return True
    if rule == 'onOff':
        return is_exactly(value, True) or is_exactly(value, False)
    return is_text(value) and (rule != 'prefix' or is_prefix(value))


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
        passed = parse_json(body_text(percent_decode(part(script_url, at + 1))))
    except JSError as error:  # noqa: F841 (house style names it; nothing to tell)
        return chosen
    if not is_record(passed):
        return chosen
    values = {}
    for key in keys_of(settings):
        values[key] = settings[key]
    for key in keys_of(passed):
        if not (key in RULES) or not value_allowed(RULES[key], passed[key], settings[key]):
            chosen['problem'] = REFUSED + key
            return chosen
        values[key] = passed[key]
    conflict = settings_conflict(values)
    if conflict != '':
        chosen['problem'] = REFUSED + conflict
        return chosen
    chosen['used'] = values
    return chosen
