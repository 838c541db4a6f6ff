"""The offer: where the script is run to offer the sitemap rather than to open it (the
userscript, or a listing whose server adds sitemap.js), a page that reads as a listing
gets one button and one key, and both open the sitemap as a click on the bookmarklet
does. Any other page gets nothing at all: no element, no listener. JavaScript side only.

The button lives in an open shadow root, in the flow at the top of the body, so it hides
nothing of the page. The key is Alt+Shift+M (M for map): no browser binds it (Chrome,
Edge, Firefox and Safari take Ctrl, Cmd or Alt with a letter, Firefox's menus Alt with
F, E, V, S, B, T or H), and a page that handles it itself keeps it: the offer listens
last, on the window, and leaves a key whose default the page has prevented, and keys
typed into a field.
"""

from bookmarklet.portable import JSError
from bookmarklet.words import BUTTON_ID, OPEN_ROLE, OFFER_ATTRIBUTE
from bookmarklet.panel import add, add_style
from bookmarklet.html_listing import read_html_listing
from bookmarklet.browser import read_open_page, now_seconds
from bookmarklet.root import directory_url_of

OFFER_KEY = 'KeyM'
OFFER_SHORTCUT = 'Alt+Shift+M'
OFFER_STYLE = ':host{all:initial;display:block;margin:4px 8px}' \
    'button{font:14px/1.5 system-ui,sans-serif;padding:2px 12px;cursor:pointer}'
FIELDS = ' INPUT TEXTAREA SELECT '


def is_offered_here(document):
    """True when the script runs from a script element that asks for the offer: the one a
    server adds to its listings. The element is asked of the browser's own getter, as
    toolkit/literal.py's OWN_SCRIPT_SOURCE asks it: markup can shadow document.currentScript
    (<img name="currentScript">), the getter not."""
    script = Object.getOwnPropertyDescriptor(Document.prototype, 'currentScript').js_get.call(document)
    return script != None and script.nodeName == 'SCRIPT' and script.hasAttribute(OFFER_ATTRIBUTE)


def reads_as_listing(page, settings):
    """True when the reader reads the open page as a listing: its own test, whatever the
    page is (html_listing.py's read_html_listing, on the page's directory)."""
    try:
        read_html_listing(read_open_page(page.document),
                          {'url': directory_url_of(page.location.href), 'now': now_seconds()},
                          settings)
        return True
    except JSError:
        return False


def is_offer_key(event):
    """True for Alt+Shift+M pressed once, outside a field, that the page left alone."""
    target = event.target
    return event.code == OFFER_KEY and event.altKey and event.shiftKey and not (
        event.ctrlKey or event.metaKey or event.repeat or event.defaultPrevented
        or target.isContentEditable or FIELDS.find(' ' + target.nodeName + ' ') >= 0)


def offer(page, settings, open_sitemap):
    """On a page that reads as a listing (and has no button yet), the button and the key,
    each calling open_sitemap(); on any other page, nothing."""
    document = page.document
    if document.body == None or document.getElementById(BUTTON_ID) != None or \
            not reads_as_listing(page, settings):
        return
    host = document.createElement('div')
    host.id = BUTTON_ID
    shadow = host.attachShadow({'mode': 'open'})
    add_style(page, shadow, OFFER_STYLE)
    add(shadow, 'button', {'type': 'button', 'data-role': OPEN_ROLE,
                           'aria-keyshortcuts': OFFER_SHORTCUT,
                           'title': 'Open the sitemap (' + OFFER_SHORTCUT + ')',
                           'click': lambda event: open_sitemap()}, settings['title'])
    document.body.prepend(host)

    def on_key(event):
        if is_offer_key(event):
            event.preventDefault()
            open_sitemap()

    page.addEventListener('keydown', on_key)
