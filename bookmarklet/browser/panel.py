"""The overlay's DOM: a panel in an open shadow root, built with textContent and
attributes only, and what it shows besides the rows (title, status, notes, pager).

The data-role attributes are the contract users and tests read (docs/contract.md);
everything else here is presentation. JavaScript side only.
"""

from bookmarklet.portable import new_object, parse_int, keys_of, is_text
from bookmarklet.browser.style import STYLE
from bookmarklet.words import OVERLAY_ID, CLOSE_EVENT, SCOPES, PAGE_SCOPE, READING, LOADING, \
    RUNNING, PAUSED
from bookmarklet.shown.phrases import map_offer
from bookmarklet.shown.selection import selection_text

FILTER_LABEL = 'Filter by name'
KEYS_HELP = 'Keys: ↑ ↓ or j k move, Space select, n p page, / filter, ⌫ or Alt+← up, Esc close'


def show(element, attributes, text):
    """element with attributes, {name: value}, and a text, as text, never markup: a value ''
    leaves the attribute out, and a function listens to the event of that name (it is called
    with the event)."""
    for name in keys_of(attributes):
        value = attributes[name]
        if not is_text(value):
            element.addEventListener(name, value)
        elif value != '':
            element.setAttribute(name, value)
    element.textContent = text
    return element


def add(parent, tag, attributes, text):
    """A new element at the end of parent, shown with attributes and a text (show)."""
    return parent.appendChild(show(parent.ownerDocument.createElement(tag), attributes, text))


def add_button(parent, role, text, handler):
    return add(parent, 'button', {'data-role': role, 'click': handler}, text)


def add_select(parent, role, values, chosen, handler):
    """A <select> of values, one chosen; handler(value) on a change."""
    select = add(parent, 'select', {'data-role': role, 'change': lambda event: handler(select.value)}, '')
    for value in values:
        add(select, 'option', {'value': str(value)}, str(value))
    select.value = chosen
    return select


def add_style(page, shadow, style):
    """Style a shadow root: a constructed sheet, which a page's style-src cannot strip,
    where there are such."""
    if shadow.adoptedStyleSheets != None:
        sheet = __new__(page.CSSStyleSheet())
        sheet.replaceSync(style)
        shadow.adoptedStyleSheets = [sheet]
    else:
        add(shadow, 'style', {}, style)


def focus_quietly(element):
    """Focus element without scrolling the page or the panel to it."""
    element.focus({'preventScroll': True})


def close_existing(document):
    """Close the overlay if one is open; True when there was one (the toggle)."""
    host = document.getElementById(OVERLAY_ID)
    if host == None:
        return False
    host.dispatchEvent(__new__(Event(CLOSE_EVENT)))
    host.remove()
    return True


def build_panel(page, settings, actions, close):
    """The overlay's elements, not yet on the page (panel.shadow_host goes into the body), and what
    the screen shows through them: the screen's functions (crawl/seams.py SCREEN) but those of
    the rows and the export box, and show_pager(page, pages, size) for overlay.py.

    actions: what the controls do (crawl/seams.py ACTIONS); close(): the
    close button's and the backdrop's."""
    panel = new_object()
    panel.page_window = page
    panel.shadow_host = page.document.createElement('div')
    panel.shadow_host.id = OVERLAY_ID
    shadow = panel.shadow_host.attachShadow({'mode': 'open'})
    panel.shadow_root = shadow
    add_style(page, shadow, STYLE)
    add(shadow, 'div', {'class': 'backdrop', 'click': close}, '')
    section = add(shadow, 'section', {'class': 'panel', 'role': 'dialog', 'aria-modal': 'true',
                                      'aria-labelledby': 'title', 'tabindex': '-1'}, '')
    panel.main_section = section
    header = add(section, 'header', {}, '')
    heading = add(header, 'h1', {'id': 'title'}, settings['title'])
    add(header, 'button', {'data-role': 'close', 'aria-label': 'Close', 'click': close}, '✕')
    status = add(section, 'p', {'data-role': 'status', 'data-state': LOADING}, READING)
    # What the status line says once settled, said politely: not at each directory loaded.
    said = add(section, 'p', {'class': 'said', 'aria-live': 'polite'}, '')
    crumbs = add(section, 'nav', {'aria-label': 'Path'}, '')
    notes = add(section, 'div', {'class': 'note'}, '')

    tools = add(section, 'div', {'class': 'tools'}, '')
    query = add(tools, 'input', {'data-role': 'filter', 'type': 'search', 'placeholder': FILTER_LABEL,
                                 'aria-label': FILTER_LABEL,
                                 'input': lambda event: actions.filter_by(query.value)}, '')
    panel.query_input = query
    scope = add_select(tools, 'scope', SCOPES, PAGE_SCOPE, actions.choose_scope)
    scope.setAttribute('aria-label', 'Search in')
    add_button(tools, 'whats-new', "What's new", actions.show_news)
    matches = add(tools, 'span', {'data-role': 'matches', 'class': 'meta', 'aria-live': 'polite'}, '')

    # The map: its button, its controls while it runs, and its progress, named by its text.
    mapped = add(section, 'div', {'class': 'tools'}, '')
    map_button = add_button(mapped, 'map', map_offer(0), actions.start_map)
    pause = add(mapped, 'button', {'data-role': 'pause', 'click': actions.pause_map, 'hidden': 'true'},
                'Pause')
    resume = add(mapped, 'button', {'data-role': 'resume', 'click': actions.resume_map,
                                    'hidden': 'true'}, 'Resume')
    stop = add(mapped, 'button', {'data-role': 'stop', 'click': actions.stop_map, 'hidden': 'true'},
               'Stop')
    progress = add(mapped, 'progress', {'data-role': 'map-progress', 'aria-labelledby': 'map-text',
                                        'hidden': 'true'}, '')
    map_text = add(mapped, 'span', {'id': 'map-text', 'class': 'meta'}, '')

    bar = add(section, 'nav', {}, '')
    panel.page_bar = bar
    newer = add_button(bar, 'prev', '‹ Newer', lambda event: actions.turn_page(-1))
    pager = add(bar, 'span', {'data-role': 'pager'}, '')
    older = add_button(bar, 'next', 'Older ›', lambda event: actions.turn_page(1))
    sizes = add_select(add(bar, 'label', {}, 'Per page '), 'page-size', settings['pageSizes'],
                       settings['pageSize'], lambda value: actions.set_size(parse_int(value)))
    add_button(bar, 'refresh-stale', 'Refresh stale', actions.refresh_stale)
    add_button(bar, 'forget', 'Forget cache', actions.forget_root)
    # The selection: what every export takes once there is one.
    picks = add(section, 'div', {'class': 'tools'}, '')
    add_button(picks, 'select-shown', 'Select all shown', actions.select_shown)
    add_button(picks, 'select-none', 'Clear', actions.select_none)
    selected = add(picks, 'span', {'data-role': 'selected', 'class': 'meta', 'aria-live': 'polite'}, '')
    panel.row_list = add(section, 'ol', {}, '')
    add(section, 'p', {'class': 'keys'}, KEYS_HELP)

    def show_root(root_url, trail):
        """The title names the directory shown, decoded for reading; the crumbs lead back,
        and the filter starts empty."""
        heading.textContent = settings['title'] + ' of '
        crumbs.textContent = ''
        for crumb in trail:
            heading.textContent += crumb['label']
            add_crumb(crumbs, crumb, actions.open_directory)
        status.setAttribute('data-root', root_url)
        query.value = ''

    def add_note(text):
        """Add a line to the notes under the status: caching, dates, the open page."""
        add(notes, 'div', {}, text)

    def show_matches(text):
        matches.textContent = text

    def show_status(state, loaded, total, failed, text):
        show(status, {'data-state': state, 'data-loaded': str(loaded), 'data-total': str(total),
                      'data-failed': str(failed)}, text)
        if state != LOADING and said.textContent != text:
            said.textContent = text

    def show_pager(number, pages, size):
        show(pager, {'data-page': str(number), 'data-pages': str(pages)},
             'Page ' + str(number) + ' of ' + str(pages))
        newer.disabled = number <= 1
        older.disabled = number >= pages
        sizes.value = size

    def show_scope(chosen):
        scope.value = chosen

    def show_map(shown):
        """The map as mapping.map_shown gives it: its progress, and the controls that apply."""
        state = shown['state']
        running_here = not shown['elsewhere']
        progress.hidden = state == ''
        show(progress, {'data-state': state, 'data-done': str(shown['done']),
                        'data-known': str(shown['known']), 'data-failed': str(shown['failed']),
                        'data-entries': str(shown['entries'])}, '')
        progress.max = max(1, shown['known'])
        progress.value = shown['done']
        map_text.textContent = shown['text']
        map_button.textContent = shown['offer']
        map_button.disabled = state == RUNNING or state == PAUSED or not running_here
        pause.hidden = state != RUNNING or not running_here
        resume.hidden = state != PAUSED or not running_here
        stop.hidden = pause.hidden and resume.hidden

    def show_selection(counts):
        """The selection's count, and each box shown ticked as the selection says."""
        show(selected, {'data-count': str(counts['picked']), 'data-entries': str(counts['entries']),
                        'data-unloaded': str(counts['unloaded'])},
             selection_text(counts))
        for box in panel.row_list.querySelectorAll('[data-role=select]'):
            box.checked = actions.is_selected(box.closest('li').getAttribute('data-href'))
        panel.tick_tiles()

    panel.show_root = show_root
    panel.show_selection = show_selection
    panel.add_note = add_note
    panel.show_matches = show_matches
    panel.show_status = show_status
    panel.show_pager = show_pager
    panel.show_scope = show_scope
    panel.show_map = show_map
    return panel


def add_crumb(crumbs, crumb, open_directory):
    add(crumbs, 'button', {'data-role': 'crumb', 'data-href': crumb['href'],
                           'click': lambda event: open_directory(crumb['href'])}, crumb['label'])
