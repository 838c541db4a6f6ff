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

Every site is a page that may try to open the sitemap itself (docs/design.md, Trust):
only the person's own press acts. The key and the button act on trusted events alone,
the key's target is where it was typed, even inside a shadow root, and the button does
not act while it is drawn transparent, hidden, filtered, masked or covered where it is
pressed (pressed_in_sight): a press is refused then, rather than asked again, since a
second question would be drawn by the same page that hid the first.
"""

from bookmarklet.portable import JSError, new_object
from bookmarklet.words import BUTTON_ID, OPEN_ROLE, OFFER_ATTRIBUTE
from bookmarklet.browser.panel import add, add_style
from bookmarklet.reading.html_listing import read_html_listing
from bookmarklet.reading.signs import offers_sitemap
from bookmarklet.browser.gate import may_be_listing, is_hfs_page
from bookmarklet.browser.browser import read_open_page, now_seconds
from bookmarklet.crawl.root import directory_url_of

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


def reads_as_listing(page, settings, alone):
    """True when the reader reads the open page as a listing; alone (the userscript, with
    no server's word for it), only when the page also shows a listing server's signs
    (reading/signs.py): the cheap ones first, the reader's walk and the rest where they say
    "maybe". HFS's page is its listing, which its API gives (browser/gate.py)."""
    url = page.location.href
    if alone and not may_be_listing(page):
        return False
    if is_hfs_page(page.document):
        return True
    reading = read_open_page(page.document)
    directory = directory_url_of(url)
    try:
        listing = read_html_listing(reading, {'url': directory, 'now': now_seconds()}, settings)
    except JSError:
        return False
    return not alone or offers_sitemap(reading, listing, directory)


def is_offer_key(event):
    """True for Alt+Shift+M pressed once by the person, outside a field, that the page left
    alone. Where it was typed is the composed path's first element: event.target, heard on
    the window, is the host of a shadow root the field sits in (a web component's, the
    overlay's filter)."""
    target = event.composedPath()[0]
    return event.isTrusted and event.code == OFFER_KEY and event.altKey and event.shiftKey and \
        not (event.ctrlKey or event.metaKey or event.repeat or event.defaultPrevented
             or target.isContentEditable or FIELDS.find(' ' + target.nodeName + ' ') >= 0)


# What a press needs of how the button is drawn: these computed styles, property and value
# in turn, on the button and on every element it sits in, through the shadow root to the
# document's root element; each can make it transparent, hidden or another picture while it
# still takes presses. One text, so that no word of it is shared with the bookmarklet's
# (toolkit/rewrite.py shared_values).
DRAWN = 'opacity 1 visibility visible filter none mix-blend-mode normal mask-image none ' \
    '-webkit-mask-image none'


def is_drawn(page, element):
    """True when element and every element it sits in are drawn as they are (DRAWN); a
    property the engine does not have ('') is no matter."""
    drawn = DRAWN.split(' ')
    while element != None:
        style = page.getComputedStyle(element)
        for at in range(0, len(drawn), 2):
            value = style.getPropertyValue(drawn[at])
            if value != drawn[at + 1] and value != '':
                return False
        element = element.parentElement or element.getRootNode().host
    return True


def sight_of(page, button):
    """A function that says whether the engine last saw button unobscured: the
    isVisible of IntersectionObserver v2 (Chromium), which also sees what is painted over it
    and takes no presses (pointer-events: none); False before it has looked at all. A report
    the engine has made and not yet delivered (a press can come first on a busy machine) is
    taken at the press. An engine that cannot tell (no isVisible: Firefox, WebKit) is not
    asked: its report would say nothing, and a press that came before it was turned away."""
    if not Object.prototype.hasOwnProperty.call(page.IntersectionObserverEntry.prototype, 'isVisible'):
        return lambda: True
    sight = new_object()
    sight.is_visible = False

    def look(found):
        if len(found) > 0:
            sight.is_visible = found[len(found) - 1].isVisible

    observer = __new__(page.IntersectionObserver(look, {'trackVisibility': True, 'delay': 100}))
    observer.observe(button)

    def is_seen():
        look(observer.takeRecords())
        return sight.is_visible
    return is_seen


def pressed_in_sight(page, shadow, button, event, is_seen):
    """True for a press of the person's (a trusted click, by pointer or key) on the button
    as drawn: not transparent or hidden (is_drawn), the browser's own hit test finding it
    at its centre (an element over it that takes presses is found instead: a key press on a
    covered button), and, where the engine can tell, nothing painted over it (is_seen). The
    document's hit test finds the host and the shadow root's the button: Firefox's shadow
    root finds its own topmost element even under the page's."""
    box = button.getBoundingClientRect()
    hit = lambda root: root.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
    return event.isTrusted and is_drawn(page, button) and is_seen() and \
        hit(page.document) == shadow.host and hit(shadow) == button


def offer(page, settings, open_sitemap, alone):
    """On a page that reads as a listing (reads_as_listing; alone, the userscript's own
    decision) and has no button yet, the button and the key, each calling open_sitemap();
    on any other page, nothing. The listing test comes first: a page that hooks the
    document's lookups sees no name of the offer's before it."""
    document = page.document
    if document.body == None or not reads_as_listing(page, settings, alone) or \
            document.getElementById(BUTTON_ID) != None:
        return
    host = document.createElement('div')
    host.id = BUTTON_ID
    shadow = host.attachShadow({'mode': 'open'})
    add_style(page, shadow, OFFER_STYLE)

    def on_press(event):
        if pressed_in_sight(page, shadow, button, event, is_seen):
            open_sitemap()

    button = add(shadow, 'button', {'type': 'button', 'data-role': OPEN_ROLE,
                                    'aria-keyshortcuts': OFFER_SHORTCUT,
                                    'title': 'Open the sitemap (' + OFFER_SHORTCUT + ')',
                                    'click': on_press}, settings['title'])
    document.body.prepend(host)
    is_seen = sight_of(page, button)

    def on_key(event):
        if is_offer_key(event):
            event.preventDefault()
            open_sitemap()

    page.addEventListener('keydown', on_key)
