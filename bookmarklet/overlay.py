"""The overlay: DOM built with textContent and attributes only, in an open shadow root.

A name is data and some names are hostile, so no string ever reaches
innerHTML. The data-role attributes are the contract users and tests read
(docs/contract.md); everything else here is presentation.
"""

from bookmarklet.portable import dict_key, parse_int
from bookmarklet.display import entry_view
from bookmarklet.freshness import appeared_since
from bookmarklet.style import STYLE

OVERLAY_ID = 'autoindex-sitemap'
# A second click (its script, or the loader) sends the open overlay an event named as the
# overlay, which then closes.
CLOSE_EVENT = OVERLAY_ID
REALM_MARK = 'data-autoindex-sitemap-realm'

KEYS_HELP = 'Keys: ↑ ↓ or j k move · n p page · / filter · Esc close'


def new_element(document, tag, role, text):
    """An element with an optional data-role and text (as text, never markup)."""
    element = document.createElement(tag)
    if role != '':
        element.setAttribute('data-role', role)
    if text != '':
        element.textContent = text
    return element


def remove_children(element):
    """Empty an element."""
    while element.firstChild != None:
        element.removeChild(element.firstChild)


def leave_realm():
    """Remove the hidden frame this script runs in, if it runs in one of its own.

    Its realm ends with it, so nothing may run after this call.
    """
    frame = window.frameElement
    if frame != None and frame.hasAttribute(REALM_MARK) and frame.parentNode != None:
        frame.parentNode.removeChild(frame)


def close_existing(document):
    """Close the overlay if one is open; True when there was one (the toggle)."""
    host = document.getElementById(OVERLAY_ID)
    if host == None:
        return False
    host.dispatchEvent(__new__(Event(CLOSE_EVENT)))
    if host.parentNode != None:
        host.parentNode.removeChild(host)
    return True


class Overlay:
    """The panel over the page.

    actions: {page(step), resize(size), filter(query), refresh(url), refreshStale(),
    forget(), close()}.
    """

    def __init__(self, page, settings, actions):
        self.page = page
        self.document = page.document
        self.settings = settings
        self.actions = actions
        self.rows = {}
        self.closed = False
        self.focus_before = self.document.activeElement
        self.host = new_element(self.document, 'div', '', '')
        self.host.id = OVERLAY_ID
        self.root = self.host.attachShadow({'mode': 'open'})
        self.add_style()
        backdrop = new_element(self.document, 'div', '', '')
        backdrop.className = 'backdrop'
        backdrop.addEventListener('click', lambda event: self.close())
        self.root.appendChild(backdrop)
        self.panel = new_element(self.document, 'section', '', '')
        self.panel.className = 'panel'
        self.panel.setAttribute('role', 'dialog')
        self.panel.setAttribute('aria-modal', 'true')
        self.panel.setAttribute('aria-labelledby', 'title')
        self.panel.tabIndex = -1
        self.root.appendChild(self.panel)
        self.build_header()
        self.status = new_element(self.document, 'p', 'status', 'Reading the listing…')
        self.status.setAttribute('data-state', 'loading')
        self.status.setAttribute('aria-live', 'polite')
        self.panel.appendChild(self.status)
        self.note = new_element(self.document, 'p', '', '')
        self.note.className = 'note'
        self.panel.appendChild(self.note)
        self.build_tools()
        self.build_pager()
        self.list = new_element(self.document, 'ol', '', '')
        self.panel.appendChild(self.list)
        keys = new_element(self.document, 'p', '', KEYS_HELP)
        keys.className = 'keys'
        self.panel.appendChild(keys)
        self.on_key = lambda event: self.handle_key(event)
        self.on_focus = lambda event: self.keep_focus(event)
        self.document.addEventListener('keydown', self.on_key, True)
        self.document.addEventListener('focusin', self.on_focus, True)
        # A second click's script tells this one to close: listeners, crawl and realm go.
        self.host.addEventListener(CLOSE_EVENT, lambda event: self.close())
        self.document.body.appendChild(self.host)
        self.panel.focus({'preventScroll': True})

    def add_style(self):
        """Styles through a constructed sheet, which a page's style-src cannot strip."""
        if self.root.adoptedStyleSheets != None and self.page.CSSStyleSheet != None:
            sheet = __new__(self.page.CSSStyleSheet())
            sheet.replaceSync(STYLE)
            self.root.adoptedStyleSheets = [sheet]
        else:
            self.root.appendChild(new_element(self.document, 'style', '', STYLE))

    def build_header(self):
        header = new_element(self.document, 'header', '', '')
        self.title = new_element(self.document, 'h1', '', self.settings['title'])
        self.title.id = 'title'
        header.appendChild(self.title)
        close = self.new_button('close', '✕', lambda event: self.close())
        close.setAttribute('aria-label', 'Close the sitemap')
        header.appendChild(close)
        self.panel.appendChild(header)

    def build_tools(self):
        tools = new_element(self.document, 'div', '', '')
        tools.className = 'tools'
        self.filter = new_element(self.document, 'input', 'filter', '')
        self.filter.setAttribute('type', 'search')
        self.filter.setAttribute('placeholder', 'Filter by name')
        self.filter.setAttribute('aria-label', 'Filter entries by name')
        self.filter.addEventListener('input', lambda event: self.actions['filter'](self.filter.value))
        tools.appendChild(self.filter)
        self.matches = new_element(self.document, 'span', 'matches', '')
        self.matches.setAttribute('aria-live', 'polite')
        tools.appendChild(self.matches)
        self.panel.appendChild(tools)

    def build_pager(self):
        nav = new_element(self.document, 'nav', '', '')
        self.prev = self.new_button('prev', '‹ Newer', lambda event: self.actions['page'](-1))
        nav.appendChild(self.prev)
        self.pager = new_element(self.document, 'span', 'pager', '')
        nav.appendChild(self.pager)
        self.next = self.new_button('next', 'Older ›', lambda event: self.actions['page'](1))
        nav.appendChild(self.next)
        label = new_element(self.document, 'label', '', 'Per page ')
        self.size_select = new_element(self.document, 'select', 'page-size', '')
        for size in self.settings['pageSizes']:
            option = new_element(self.document, 'option', '', str(size))
            option.value = str(size)
            self.size_select.appendChild(option)
        self.size_select.value = str(self.settings['pageSize'])
        self.size_select.addEventListener(
            'change', lambda event: self.actions['resize'](parse_int(self.size_select.value)))
        label.appendChild(self.size_select)
        nav.appendChild(label)
        nav.appendChild(self.new_button('refresh-stale', 'Refresh stale',
                                        lambda event: self.actions['refreshStale']()))
        nav.appendChild(self.new_button('forget', 'Forget cache',
                                        lambda event: self.actions['forget']()))
        self.panel.appendChild(nav)

    def new_button(self, role, text, handler):
        button = new_element(self.document, 'button', role, text)
        button.setAttribute('type', 'button')
        button.addEventListener('click', handler)
        return button

    # Keyboard and focus ---------------------------------------------------

    def handle_key(self, event):
        """Keys while the overlay is open; the page does not see the ones handled here."""
        key = event.key
        typing = self.root.activeElement == self.filter
        handled = True
        if key == 'Escape':
            self.close()
        elif key == 'Tab':
            self.cycle_focus(event.shiftKey)
        elif key == 'ArrowDown' or (key == 'j' and not typing):
            self.move_row(1)
        elif key == 'ArrowUp' or (key == 'k' and not typing):
            self.move_row(-1)
        elif key == '/' and not typing:
            self.filter.focus()
        elif key == 'n' and not typing:
            self.actions['page'](1)
        elif key == 'p' and not typing:
            self.actions['page'](-1)
        else:
            handled = False
        if handled:
            event.preventDefault()
            event.stopPropagation()

    def focusable(self):
        """The overlay's controls and links that take focus, in document order."""
        found = []
        candidates = self.panel.querySelectorAll('a[href], button, select, input')
        for index in range(candidates.length):
            if not candidates[index].disabled:
                found.append(candidates[index])
        return found

    def cycle_focus(self, backwards):
        """Tab within the overlay only: past the last control comes the first."""
        controls = self.focusable()
        if len(controls) == 0:
            return
        at = -1
        for index in range(len(controls)):
            if controls[index] == self.root.activeElement:
                at = index
        step = -1 if backwards else 1
        target = at + step
        if at < 0 or target >= len(controls):
            target = 0 if not backwards else len(controls) - 1
        elif target < 0:
            target = len(controls) - 1
        controls[target].focus()

    def keep_focus(self, event):
        """Focus that wanders to the page comes back to the overlay."""
        if not self.closed and event.target != self.host:
            self.panel.focus({'preventScroll': True})

    def move_row(self, step):
        """Move focus to the next or previous row's link."""
        links = self.list.querySelectorAll('[data-role=row] > .line > a')
        if links.length == 0:
            return
        current = -1
        for index in range(links.length):
            if links[index] == self.root.activeElement:
                current = index
        target = max(0, min(links.length - 1, current + step))
        links[target].focus()
        links[target].scrollIntoView({'block': 'nearest'})

    # What the crawl shows -------------------------------------------------

    def show_root(self, root_url):
        self.title.textContent = self.settings['title'] + ' of ' + \
            self.page.decodeURI(__new__(self.page.URL(root_url)).pathname)

    def add_note(self, text):
        """Add a line to the notes under the status: caching, dates, the open page."""
        line = new_element(self.document, 'span', '', text)
        if self.note.firstChild != None:
            self.note.appendChild(self.document.createElement('br'))
        self.note.appendChild(line)

    def show_matches(self, text):
        self.matches.textContent = text

    def show_status(self, state, loaded, total, failed, text):
        self.status.setAttribute('data-state', state)
        self.status.setAttribute('data-loaded', str(loaded))
        self.status.setAttribute('data-total', str(total))
        self.status.setAttribute('data-failed', str(failed))
        self.status.textContent = text

    def show_page(self, entries, root_url, page, pages, size, now):
        """Replace the rows with the entries of one page; directories start pending."""
        self.pager.setAttribute('data-page', str(page))
        self.pager.setAttribute('data-pages', str(pages))
        self.pager.textContent = 'Page ' + str(page) + ' of ' + str(pages)
        self.prev.disabled = page <= 1
        self.next.disabled = page >= pages
        self.size_select.value = str(size)
        remove_children(self.list)
        self.rows = {}
        for entry in entries:
            row = self.new_entry_element('row', entry_view(entry, root_url, now))
            if entry['type'] == 'directory':
                self.add_refresh_button(row, row.getAttribute('data-href'))
                self.set_row_status(row, 'pending')
                self.rows[dict_key(row.getAttribute('data-href'))] = row
            self.list.appendChild(row)

    def new_entry_element(self, role, view):
        """A row or child element carrying an entry's attributes and texts."""
        element = new_element(self.document, 'li', role, '')
        for key in ['name', 'type', 'href', 'mtime', 'size']:
            if view[key] != '':
                element.setAttribute('data-' + key, view[key])
        line = new_element(self.document, 'div', '', '')
        line.className = 'line'
        link = new_element(self.document, 'a', '', view['name'] + ('/' if view['type'] == 'directory' else ''))
        link.href = view['href']
        line.appendChild(link)
        if view['mtime'] != '':
            time = new_element(self.document, 'time', '', view['age'])
            time.className = 'meta'
            time.setAttribute('datetime', view['mtime'])
            time.title = view['mtime']
            line.appendChild(time)
        if view['sizeText'] != '':
            size = new_element(self.document, 'span', '', view['sizeText'])
            size.className = 'meta'
            if view['size'] != '':
                size.title = view['size'] + ' bytes'
            line.appendChild(size)
        element.appendChild(line)
        return element

    def add_refresh_button(self, row, url):
        button = self.new_button('refresh', '↻', lambda event: self.actions['refresh'](url))
        button.className = 'refresh'
        button.setAttribute('aria-label', 'Refresh this directory now')
        button.title = 'Refresh this directory now'
        row.firstChild.appendChild(button)

    def set_row_status(self, row, status):
        row.setAttribute('data-status', status)
        mark = row.querySelector('.mark')
        if mark == None:
            mark = new_element(self.document, 'span', '', '')
            mark.className = 'mark'
            row.firstChild.insertBefore(mark, row.querySelector('.refresh'))
        mark.setAttribute('data-status', status)
        mark.textContent = status

    def show_children(self, url, status, entries, message, visit, now):
        """Show a directory's settled level-2 entries (or why there are none) in its row."""
        key = dict_key(url)
        if not (key in self.rows):
            return
        row = self.rows[key]
        self.set_row_status(row, status)
        for old in [row.querySelector('ul'), row.querySelector('[data-role=more]')]:
            if old != None:
                row.removeChild(old)
        children = new_element(self.document, 'ul', '', '')
        if message != '':
            note = new_element(self.document, 'li', '', message)
            note.className = 'note'
            children.appendChild(note)
        row.appendChild(children)
        self.fill_children(children, url, entries, visit, now, self.settings['childrenShown'])
        if len(entries) > self.settings['childrenShown']:
            self.add_more_button(row, children, url, entries, visit, now)

    def fill_children(self, children, url, entries, visit, now, count):
        """Show the newest count level-2 entries (all of them for count < 0)."""
        for old in children.querySelectorAll('[data-role=child]'):
            children.removeChild(old)
        shown = entries if count < 0 else entries[:count]
        for entry in shown:
            child = self.new_entry_element('child', entry_view(entry, url, now))
            if appeared_since(entry, visit):
                child.setAttribute('data-appeared', 'true')
                mark = new_element(self.document, 'span', '', 'new')
                mark.className = 'mark'
                mark.setAttribute('data-status', 'new')
                child.firstChild.appendChild(mark)
            children.appendChild(child)

    def add_more_button(self, row, children, url, entries, visit, now):
        """A button that shows every level-2 entry of the row, and back the newest few."""
        hidden = len(entries) - self.settings['childrenShown']
        more = new_element(self.document, 'button', 'more', 'Show ' + str(hidden) + ' more')
        more.setAttribute('type', 'button')
        more.setAttribute('aria-expanded', 'false')

        def toggle(event):
            expanded = more.getAttribute('aria-expanded') == 'true'
            self.fill_children(children, url, entries, visit, now,
                               self.settings['childrenShown'] if expanded else -1)
            more.setAttribute('aria-expanded', 'false' if expanded else 'true')
            more.textContent = 'Show ' + str(hidden) + ' more' if expanded else 'Show fewer'

        more.addEventListener('click', toggle)
        row.appendChild(more)

    def close(self):
        """Remove the overlay and everything it put on the page; ends this script's realm."""
        if self.closed:
            return
        self.closed = True
        self.document.removeEventListener('keydown', self.on_key, True)
        self.document.removeEventListener('focusin', self.on_focus, True)
        if self.host.parentNode != None:
            self.host.parentNode.removeChild(self.host)
        if self.focus_before != None and self.focus_before.focus != None:
            self.focus_before.focus({'preventScroll': True})
        self.actions['close']()
        leave_realm()
