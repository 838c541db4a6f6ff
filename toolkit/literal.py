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
# Where the compiled script holds the URL a loader passes settings in: sitemap.js reads its own
# script element there (OWN_SCRIPT_SOURCE), the self-contained bookmarklet nothing ('""').
SOURCE_PLACEHOLDER = '__autoindexSitemapSource__'
# The src of the script element running sitemap.js, asked of the browser's own getter on
# Document.prototype: document.currentScript can be clobbered by markup alone
# (<img name="currentScript" src="...#{...}">), the getter cannot, and what it gives is
# taken only when it is a script element.
OWN_SCRIPT_SOURCE = ('(()=>{try{var s=Object.getOwnPropertyDescriptor(Document.prototype,'
                     '"currentScript").get.call(document);return s instanceof HTMLScriptElement?'
                     's.src:""}catch(e){return""}})()')
SETTINGS_START = '/*settings*/'
SETTINGS_END = '/*/settings*/'

# Whether the script offers the sitemap (a button and a key, bookmarklet/browser/offer.py) or opens
# it: the compiled script holds a placeholder for it, which the build marks as false; the
# userscript is the same script with the mark turned to true (offering).
OFFER_PLACEHOLDER = '__autoindexSitemapOffer__'
OFFER_MARKS = {False: '/*offer*/!1', True: '/*offer*/!0'}
# Whether the script is the self-contained bookmarklet: a name the bundler defines, true
# there, false for sitemap.js and the userscript (toolkit/compile.py). The bookmarklet then
# carries neither the offer nor the reading of a loader's settings, which it never needs.
BOOKMARKLET_NAME = '__autoindexSitemapBookmarklet__'


def json_text(value):
    """Compact JSON in ASCII: the script's file must read the same in any charset a page
    gives it. The install page's jsonText writes the same text."""
    return json.dumps(value, ensure_ascii=True, separators=(',', ':'))


def json_lines(value):
    """The same JSON in lines, each member and item on its own, indented by two spaces a
    level: the readable script's literal, which would otherwise be one long line. The
    install page's jsonLines writes the same text."""
    return json.dumps(value, ensure_ascii=True, indent=2)


def literal_text(settings, lines):
    return json_lines(settings) if lines else json_text(settings)


def marked(compiled, settings, bookmarklet, lines=False):
    """The compiled script with its placeholders replaced by the marked literal of settings
    (in lines with lines: json_lines) and the mark of a script that does not offer the
    sitemap; the source placeholder stays, for hosted() and self_contained(). The
    bookmarklet's (bookmarklet) has neither of the last two."""
    for placeholder, count in [(PLACEHOLDER, 1), (SOURCE_PLACEHOLDER, 0 if bookmarklet else 1),
                               (OFFER_PLACEHOLDER, 0 if bookmarklet else 1)]:
        if compiled.count(placeholder) != count:
            raise BuildError('the compiled script holds {} {} placeholders, not {}'.format(
                compiled.count(placeholder), placeholder, count))
    return compiled.replace(PLACEHOLDER, SETTINGS_START + literal_text(settings, lines)
                            + SETTINGS_END).replace(OFFER_PLACEHOLDER, OFFER_MARKS[False])


def offering(script):
    """A built script (any settings in it) that offers the sitemap instead of opening it:
    its offer mark, outside the settings literal (a title may spell one), turned to true.
    The install page's offering writes the same."""
    start = script.index(SETTINGS_START)
    end = script.rindex(SETTINGS_END)
    head, tail = script[:start], script[end:]
    if head.count(OFFER_MARKS[False]) + tail.count(OFFER_MARKS[False]) != 1:
        raise BuildError('the script holds no single offer mark')
    return head.replace(OFFER_MARKS[False], OFFER_MARKS[True]) + script[start:end] + \
        tail.replace(OFFER_MARKS[False], OFFER_MARKS[True])


def hosted(script):
    """sitemap.js: a script that takes the settings its loader passes in its own URL."""
    return script.replace(SOURCE_PLACEHOLDER, OWN_SCRIPT_SOURCE, 1)


def self_contained(script):
    """The bookmarklet's code: a script that reads nothing from the page."""
    return script.replace(SOURCE_PLACEHOLDER, '""', 1)


def with_settings(script, settings):
    """A built script (or bookmarklet code) with settings in its literal's place, written
    as the literal there is: in lines (json_lines) where it holds a line break, which
    compact JSON never does, else compact. The literal starts after the first
    SETTINGS_START and ends at the last SETTINGS_END: outside it is the compiled code, which
    holds neither, while a title may hold both."""
    start = script.index(SETTINGS_START) + len(SETTINGS_START)
    end = script.rindex(SETTINGS_END)
    return script[:start] + literal_text(settings, '\n' in script[start:end]) + script[end:]


def settings_in(script):
    """The settings a built script carries."""
    return json.loads(script[script.index(SETTINGS_START) + len(SETTINGS_START):
                             script.rindex(SETTINGS_END)])
