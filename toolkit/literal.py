"""The settings literal: where the script carries its settings, so that other settings
need no compiler.

The compiled script reads its settings from one JSON object that the build
writes between two comments, SETTINGS_START and SETTINGS_END, after esbuild
has run: no minifier sees it, so none can rename or fold its keys. Putting
other settings in a built script is a text replacement (with_settings), which
generator.py, the installed command and the install page's script all do the
same way.
"""

import json

from toolkit.errors import BuildError

# What the compiled script holds in the literal's place; esbuild keeps a free global
# name as it is, and the build checks it is there exactly once.
PLACEHOLDER = '__autoindexSitemapSettings__'
SETTINGS_START = '/*settings*/'
SETTINGS_END = '/*/settings*/'


def json_text(value):
    """Compact JSON in ASCII: the script's file must read the same in any charset a page
    gives it. The install page's jsonText writes the same text."""
    return json.dumps(value, ensure_ascii=True, separators=(',', ':'))


def marked(compiled, settings):
    """The compiled script with its placeholder replaced by the marked literal of settings."""
    if compiled.count(PLACEHOLDER) != 1:
        raise BuildError('the compiled script holds {} settings placeholders, not one'.format(
            compiled.count(PLACEHOLDER)))
    return compiled.replace(PLACEHOLDER, SETTINGS_START + json_text(settings) + SETTINGS_END)


def with_settings(script, settings):
    """A built script (or bookmarklet code) with settings in its literal's place. The
    literal starts after the first SETTINGS_START and ends at the last SETTINGS_END:
    outside it is the compiled code, which holds neither, while a title may hold both."""
    start = script.index(SETTINGS_START) + len(SETTINGS_START)
    end = script.rindex(SETTINGS_END)
    return script[:start] + json_text(settings) + script[end:]


def settings_in(script):
    """The settings a built script carries."""
    return json.loads(script[script.index(SETTINGS_START) + len(SETTINGS_START):
                             script.rindex(SETTINGS_END)])
