"""The overlay's DOM: a panel in an open shadow root, built with textContent and
attributes only, and what it shows besides the rows (title, status, notes, pager).

The data-role attributes are the contract users and tests read (docs/contract.md);
everything else here is presentation. JavaScript side only.
"""

from bookmarklet.portable import new_object, parse_int
from bookmarklet.style import STYLE
from bookmarklet.words import OVERLAY_ID, CLOSE_EVENT, SCOPES, PAGE_SCOPE

KEYS_HELP = 'Keys: ↑ ↓ or j k move · n p page · / filter · ⌫ or Alt+← up · Esc close'


def new_element(document, tag, role, text):
    """An element with an optional data-role and text (as text, never markup)."""
    element = document.createElement(tag)
    if role != '':
        element.setAttribute('data-role', role)
    if text != '':
        element.textContent = text
    return element


def new_classed(document, tag, class_name, text):
    """An element of a class, without a data-role."""
    element = new_element(document, tag, '', text)
    element.className = class_name
    return element


def new_button(document, role, text, handler):
    button = new_element(document, 'button', role, text)
    button.setAttribute('type', 'button')
    button.addEventListener('click', handler)
    return button


def remove_children(element):
    """Empty an element."""
    while element.firstChild != None:
        element.removeChild(element.firstChild)


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
    document = page.document
    panel = new_object()
    panel.page = page
    panel.document = document
    panel.title = settings['title']
    panel.host = new_element(document, 'div', '', '')
    panel.host.id = OVERLAY_ID
    panel.shadow = panel.host.attachShadow({'mode': 'open'})
    add_style(panel)
    backdrop = new_classed(document, 'div', 'backdrop', '')
    backdrop.addEventListener('click', lambda event: close())
    panel.shadow.appendChild(backdrop)
    section = new_classed(document, 'section', 'panel', '')
    section.setAttribute('role', 'dialog')
    section.setAttribute('aria-modal', 'true')
    section.setAttribute('aria-labelledby', 'title')
    section.tabIndex = -1
    panel.section = section
    panel.shadow.appendChild(section)

    header = new_element(document, 'header', '', '')
    panel.heading = new_element(document, 'h1', '', panel.title)
    panel.heading.id = 'title'
    header.appendChild(panel.heading)
    closer = new_button(document, 'close', '✕', lambda event: close())
    closer.setAttribute('aria-label', 'Close the sitemap')
    header.appendChild(closer)
    section.appendChild(header)

    panel.status = new_element(document, 'p', 'status', 'Reading the listing…')
    panel.status.setAttribute('data-state', 'loading')
    panel.status.setAttribute('aria-live', 'polite')
    section.appendChild(panel.status)
    panel.crumbs = new_classed(document, 'nav', 'crumbs', '')
    panel.crumbs.setAttribute('aria-label', 'Directories opened')
    section.appendChild(panel.crumbs)
    panel.open_directory = actions.open_directory
    panel.note = new_classed(document, 'p', 'note', '')
    section.appendChild(panel.note)
    section.appendChild(new_tools(panel, actions))
    section.appendChild(new_pager(panel, settings, actions))
    panel.row_list = new_element(document, 'ol', '', '')
    section.appendChild(panel.row_list)
    section.appendChild(new_classed(document, 'p', 'keys', KEYS_HELP))
    return panel


def add_style(panel):
    """Styles through a constructed sheet, which a page's style-src cannot strip."""
    if panel.shadow.adoptedStyleSheets != None and panel.page.CSSStyleSheet != None:
        sheet = __new__(panel.page.CSSStyleSheet())
        sheet.replaceSync(STYLE)
        panel.shadow.adoptedStyleSheets = [sheet]
    else:
        panel.shadow.appendChild(new_element(panel.document, 'style', '', STYLE))


def new_select(document, role, values, chosen, handler):
    """A <select> of values, one chosen; handler(value) on a change."""
    select = new_element(document, 'select', role, '')
    for value in values:
        option = new_element(document, 'option', '', str(value))
        option.value = str(value)
        select.appendChild(option)
    select.value = str(chosen)
    select.addEventListener('change', lambda event: handler(select.value))
    return select


def new_tools(panel, actions):
    """The filter, its scope, its count of matches, and what's new."""
    document = panel.document
    tools = new_classed(document, 'div', 'tools', '')
    query = new_element(document, 'input', 'filter', '')
    query.setAttribute('type', 'search')
    query.setAttribute('placeholder', 'Filter by name')
    query.setAttribute('aria-label', 'Filter entries by name')
    query.addEventListener('input', lambda event: actions.filter_by(query.value))
    panel.query = query
    tools.appendChild(query)
    panel.scope = new_select(document, 'scope', SCOPES, PAGE_SCOPE, actions.choose_scope)
    panel.scope.setAttribute('aria-label', 'Search this page or the cached tree')
    tools.appendChild(panel.scope)
    tools.appendChild(new_button(document, 'whats-new', "What's new", lambda event: actions.show_news()))
    panel.matches = new_element(document, 'span', 'matches', '')
    panel.matches.setAttribute('aria-live', 'polite')
    tools.appendChild(panel.matches)
    return tools


def new_pager(panel, settings, actions):
    """Paging, the page size and the cache's buttons."""
    document = panel.document
    nav = new_element(document, 'nav', '', '')
    panel.newer = new_button(document, 'prev', '‹ Newer', lambda event: actions.turn_page(-1))
    nav.appendChild(panel.newer)
    panel.pager = new_element(document, 'span', 'pager', '')
    nav.appendChild(panel.pager)
    panel.older = new_button(document, 'next', 'Older ›', lambda event: actions.turn_page(1))
    nav.appendChild(panel.older)
    label = new_element(document, 'label', '', 'Per page ')
    sizes = new_select(document, 'page-size', settings['pageSizes'], settings['pageSize'],
                       lambda value: actions.resize(parse_int(value)))
    panel.sizes = sizes
    label.appendChild(sizes)
    nav.appendChild(label)
    nav.appendChild(new_button(document, 'refresh-stale', 'Refresh stale',
                               lambda event: actions.refresh_stale()))
    nav.appendChild(new_button(document, 'forget', 'Forget cache', lambda event: actions.forget()))
    return nav


def show_root(panel, root_url, crumbs):
    """The title names the directory shown, decoded for reading; the crumbs lead back,
    and the filter starts empty."""
    panel.heading.textContent = panel.title + ' of '
    remove_children(panel.crumbs)
    for crumb in crumbs:
        panel.heading.textContent += crumb['label']
        add_crumb(panel, crumb['href'], crumb['label'])
    panel.status.setAttribute('data-root', root_url)
    panel.query.value = ''


def add_crumb(panel, href, label):
    button = new_button(panel.document, 'crumb', label, lambda event: panel.open_directory(href))
    button.setAttribute('data-href', href)
    panel.crumbs.appendChild(button)


def add_note(panel, text):
    """Add a line to the notes under the status: caching, dates, the open page."""
    if panel.note.firstChild != None:
        panel.note.appendChild(panel.document.createElement('br'))
    panel.note.appendChild(new_element(panel.document, 'span', '', text))


def show_status(panel, state, loaded, total, failed, text):
    panel.status.setAttribute('data-state', state)
    panel.status.setAttribute('data-loaded', str(loaded))
    panel.status.setAttribute('data-total', str(total))
    panel.status.setAttribute('data-failed', str(failed))
    panel.status.textContent = text


def show_pager(panel, page, pages, size):
    panel.pager.setAttribute('data-page', str(page))
    panel.pager.setAttribute('data-pages', str(pages))
    panel.pager.textContent = 'Page ' + str(page) + ' of ' + str(pages)
    panel.newer.disabled = page <= 1
    panel.older.disabled = page >= pages
    panel.sizes.value = str(size)
