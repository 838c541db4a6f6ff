"""The settings a click runs with: the build's own, or those a loader passes.

The build writes its settings into the script as one JSON literal
(toolkit/literal.py). One hosted sitemap.js serves loaders made with other
settings: such a loader adds the settings it changes to the script's URL, as
the JSON of an object after '#', which no server sees. The browser may have
percent-encoded some characters of it (a quote, a space), so it is decoded (as UTF-8);
the loader writes a '%' of a value as a JSON escape, so every '%' left is
the browser's.
"""

from bookmarklet.names import body_text
from bookmarklet.portable import JSError, is_record, keys_of, parse_json, part, record_field, \
    percent_decode


def with_passed(settings, script_url):
    """settings, with each value the fragment of script_url passes in its place; a
    fragment that is not a JSON object, and keys the build does not know, change nothing."""
    at = script_url.find('#')
    if at < 0:
        return settings
    try:
        passed = parse_json(body_text(percent_decode(part(script_url, at + 1, None))))
    except JSError as error:  # noqa: F841 (house style names it; nothing to tell)
        return settings
    if not is_record(passed):
        return settings
    chosen = {}
    for key in keys_of(settings):
        value = record_field(passed, key)
        chosen[key] = value if value != None else settings[key]
    return chosen
