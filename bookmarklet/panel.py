"""The overlay's DOM: a panel in an open shadow root, built with textContent and
attributes only, and what it shows besides the rows (title, status, notes, pager).

The data-role attributes are the contract users and tests read (docs/contract.md);
everything else here is presentation. JavaScript side only.
"""

from bookmarklet.portable import new_object, parse_int, keys_of, is_text
from bookmarklet.style import STYLE
from bookmarklet.words import OVERLAY_ID, CLOSE_EVENT, SCOPES, PAGE_SCOPE

FILTER_LABEL = 'Filter by name'
KEYS_HELP = 'Keys: ↑ ↓ or j k move · n p page · / filter · ⌫ or Alt+← up · Esc close'


def set_attributes(element, attributes):
    """Give element attributes, {name: value}: a value '' leaves the attribute out, and
    a function listens to the event of that name (it is called with the event)."""
    for name in keys_of(attributes):
        value = attributes[name]
        if not is_text(value):
            element.addEventListener(name, value)
        elif value != '':
            element.setAttribute(name, value)
    return element


def add(parent, tag, attributes, text):
    """A new element at the end of parent, with attributes (set_attributes) and a text,
    as text, never markup."""
    element = set_attributes(parent.ownerDocument.createElement(tag), attributes)
    element.textContent = text
    return parent.appendChild(element)


def add_button(parent, role, text, handler):
    return add(parent, 'button', {'data-role': role, 'click': handler}, text)


def add_select(parent, role, values, chosen, handler):
    """A <select> of values, one chosen; handler(value) on a change."""
    select = add(parent, 'select', {'data-role': role, 'change': lambda event: handler(select.value)}, '')
    for value in values:
        add(select, 'option', {}, str(value))
    select.value = str(chosen)
    return select


def close_existing(document):
    """Close the overlay if one is open; True when there was one (the toggle)."""
    host = document.getElementById(OVERLAY_ID)
    if host == None:
        return False
    host.dispatchEvent(__new__(Event(CLOSE_EVENT)))
    host.remove()
    return True


def build_panel(page, settings, actions, close):
    """The overlay's elements, not yet on the page (panel.host goes into the body).

    actions: what the controls do (crawl.start_crawl names them); close(): the
    close button's and the backdrop's."""
    panel = new_object()
    panel.page = page
    panel.title = settings['title']
    panel.open_directory = actions.open_directory
    panel.host = page.document.createElement('div')
    panel.host.id = OVERLAY_ID
    shadow = panel.host.attachShadow({'mode': 'open'})
    panel.shadow = shadow
    # A constructed sheet, which a page's style-src cannot strip, where there are such.
    if shadow.adoptedStyleSheets != None:
        sheet = __new__(page.CSSStyleSheet())
        sheet.replaceSync(STYLE)
        shadow.adoptedStyleSheets = [sheet]
    else:
        add(shadow, 'style', {}, STYLE)
    add(shadow, 'div', {'class': 'backdrop', 'click': close}, '')
    section = add(shadow, 'section', {'class': 'panel', 'role': 'dialog', 'aria-modal': 'true',
                                      'aria-labelledby': 'title', 'tabindex': '-1'}, '')
    panel.section = section
    header = add(section, 'header', {}, '')
    panel.heading = add(header, 'h1', {'id': 'title'}, panel.title)
    add(header, 'button', {'data-role': 'close', 'aria-label': 'Close the sitemap', 'click': close}, '✕')
    panel.status = add(section, 'p', {'data-role': 'status', 'data-state': 'loading',
                                      'aria-live': 'polite'}, 'Reading the listing…')
    panel.crumbs = add(section, 'nav', {'class': 'crumbs', 'aria-label': 'Directories opened'}, '')
    panel.note = add(section, 'div', {'class': 'note'}, '')

    tools = add(section, 'div', {'class': 'tools'}, '')
    panel.query = add(tools, 'input', {'data-role': 'filter', 'type': 'search', 'placeholder': FILTER_LABEL,
                                       'aria-label': FILTER_LABEL,
                                       'input': lambda event: actions.filter_by(panel.query.value)}, '')
    panel.scope = add_select(tools, 'scope', SCOPES, PAGE_SCOPE, actions.choose_scope)
    panel.scope.setAttribute('aria-label', 'Search this page or the cached tree')
    add_button(tools, 'whats-new', "What's new", actions.show_news)
    panel.matches = add(tools, 'span', {'data-role': 'matches', 'aria-live': 'polite'}, '')

    pager = add(section, 'nav', {}, '')
    panel.newer = add_button(pager, 'prev', '‹ Newer', lambda event: actions.turn_page(-1))
    panel.pager = add(pager, 'span', {'data-role': 'pager'}, '')
    panel.older = add_button(pager, 'next', 'Older ›', lambda event: actions.turn_page(1))
    panel.sizes = add_select(add(pager, 'label', {}, 'Per page '), 'page-size', settings['pageSizes'],
                             settings['pageSize'], lambda value: actions.resize(parse_int(value)))
    add_button(pager, 'refresh-stale', 'Refresh stale', actions.refresh_stale)
    add_button(pager, 'forget', 'Forget cache', actions.forget)
    panel.row_list = add(section, 'ol', {}, '')
    add(section, 'p', {'class': 'keys'}, KEYS_HELP)
    return panel


def show_root(panel, root_url, crumbs):
    """The title names the directory shown, decoded for reading; the crumbs lead back,
    and the filter starts empty."""
    panel.heading.textContent = panel.title + ' of '
    panel.crumbs.textContent = ''
    for crumb in crumbs:
        panel.heading.textContent += crumb['label']
        add_crumb(panel, crumb['href'], crumb['label'])
    panel.status.setAttribute('data-root', root_url)
    panel.query.value = ''


def add_crumb(panel, href, label):
    add(panel.crumbs, 'button', {'data-role': 'crumb', 'data-href': href,
                                 'click': lambda event: panel.open_directory(href)}, label)


def add_note(panel, text):
    """Add a line to the notes under the status: caching, dates, the open page."""
    add(panel.note, 'div', {}, text)


def show_status(panel, state, loaded, total, failed, text):
    set_attributes(panel.status, {'data-state': state, 'data-loaded': str(loaded),
                                  'data-total': str(total), 'data-failed': str(failed)})
    panel.status.textContent = text


def show_pager(panel, page, pages, size):
    set_attributes(panel.pager, {'data-page': str(page), 'data-pages': str(pages)})
    panel.pager.textContent = 'Page ' + str(page) + ' of ' + str(pages)
    panel.newer.disabled = page <= 1
    panel.older.disabled = page >= pages
    panel.sizes.value = str(size)
