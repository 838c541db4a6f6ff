"""The overlay: DOM built with textContent and attributes only, in an open shadow root.

A name is data and some names are hostile, so no string ever reaches
innerHTML. The data-role attributes are the contract users and tests read
(CONTRACT.md); everything else here is presentation.
"""

from bookmarklet.portable import dict_key, parse_int
from bookmarklet.display import entry_view

OVERLAY_ID = 'autoindex-sitemap'
CLOSE_EVENT = 'autoindex-sitemap-close'

STYLE = """
:host { all: initial; }
.panel { position: fixed; z-index: 2147483647; top: 2vh; right: 2vw; bottom: 2vh;
  width: min(56rem, 96vw); overflow: auto; box-sizing: border-box; padding: 1rem 1.25rem;
  font: 14px/1.45 system-ui, sans-serif; color: #1d1f23; background: #fff;
  border: 1px solid #c8ccd2; border-radius: 8px; box-shadow: 0 8px 32px rgba(0,0,0,.25); }
header { display: flex; align-items: baseline; gap: .75rem; }
h1 { font-size: 1.1rem; margin: 0; flex: 1; overflow-wrap: anywhere; }
button, select { font: inherit; }
[data-role=status] { margin: .5rem 0; color: #4a4f57; }
[data-role=status][data-state=broken] { color: #8a1c1c; font-weight: 600; }
nav { display: flex; align-items: center; gap: .5rem; flex-wrap: wrap; margin-bottom: .5rem; }
ol, ul { list-style: none; margin: 0; padding: 0; }
[data-role=row] { padding: .4rem 0; border-top: 1px solid #e3e5e8; }
.line { display: flex; flex-wrap: wrap; gap: .25rem .75rem; align-items: baseline; }
.line a { font-weight: 600; overflow-wrap: anywhere; }
a { color: #0b57d0; text-decoration: none; }
a:hover { text-decoration: underline; }
.meta { color: #5f6670; font-size: .9em; }
.mark { font-size: .8em; padding: 0 .35em; border-radius: 3px; background: #eef0f3; }
.mark[data-status=failed] { background: #fbe3e3; color: #8a1c1c; }
.mark[data-status=new], .mark[data-status=changed] { background: #e3f1e6; color: #1c5b2c; }
ul { margin: .2rem 0 0 1.25rem; }
[data-role=child] .line a { font-weight: 400; }
.note { color: #8a1c1c; font-size: .9em; }
"""


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


def close_existing(document):
    """Remove the overlay if one is open; True when there was one (the toggle)."""
    host = document.getElementById(OVERLAY_ID)
    if host == None:
        return False
    host.dispatchEvent(__new__(document.defaultView.CustomEvent(CLOSE_EVENT)))
    if host.parentNode != None:
        host.parentNode.removeChild(host)
    return True


class Overlay:
    """The panel over the page. actions: {page(n), resize(size), close()}."""

    def __init__(self, page, settings, actions):
        self.page = page
        self.document = page.document
        self.settings = settings
        self.actions = actions
        self.rows = {}
        self.host = new_element(self.document, 'div', '', '')
        self.host.id = OVERLAY_ID
        self.root = self.host.attachShadow({'mode': 'open'})
        self.add_style()
        self.panel = new_element(self.document, 'section', '', '')
        self.panel.setAttribute('role', 'dialog')
        self.panel.setAttribute('aria-label', 'Sitemap')
        self.root.appendChild(self.panel)
        self.build_header()
        self.status = new_element(self.document, 'p', 'status', 'Reading the listing…')
        self.status.setAttribute('data-state', 'loading')
        self.panel.appendChild(self.status)
        self.note = new_element(self.document, 'p', '', '')
        self.note.className = 'note'
        self.panel.appendChild(self.note)
        self.build_pager()
        self.list = new_element(self.document, 'ol', '', '')
        self.panel.appendChild(self.list)
        self.on_key = lambda event: self.handle_key(event)
        self.document.addEventListener('keydown', self.on_key, True)
        self.host.addEventListener(CLOSE_EVENT, lambda event: self.release())
        self.document.body.appendChild(self.host)

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
        header.appendChild(self.title)
        close = new_element(self.document, 'button', 'close', '✕')
        close.setAttribute('type', 'button')
        close.setAttribute('aria-label', 'Close the sitemap')
        close.addEventListener('click', lambda event: self.close())
        header.appendChild(close)
        self.panel.appendChild(header)

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
        self.panel.appendChild(nav)

    def new_button(self, role, text, handler):
        button = new_element(self.document, 'button', role, text)
        button.setAttribute('type', 'button')
        button.addEventListener('click', handler)
        return button

    def handle_key(self, event):
        if event.key == 'Escape':
            event.stopPropagation()
            self.close()

    def show_root(self, root_url):
        self.title.textContent = self.settings['title'] + ' of ' + \
            self.page.decodeURI(__new__(self.page.URL(root_url)).pathname)

    def show_note(self, text):
        self.note.textContent = text

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

    def set_row_status(self, row, status):
        row.setAttribute('data-status', status)
        mark = row.querySelector('.mark')
        if mark == None:
            mark = new_element(self.document, 'span', '', '')
            mark.className = 'mark'
            row.firstChild.appendChild(mark)
        mark.setAttribute('data-status', status)
        mark.textContent = status

    def show_children(self, url, status, entries, message, now):
        """Show a directory's settled level-2 entries (or why there are none) in its row."""
        key = dict_key(url)
        if not (key in self.rows):
            return
        row = self.rows[key]
        self.set_row_status(row, status)
        old = row.querySelector('ul')
        if old != None:
            row.removeChild(old)
        children = new_element(self.document, 'ul', '', '')
        if message != '':
            note = new_element(self.document, 'li', '', message)
            note.className = 'note'
            children.appendChild(note)
        for entry in entries:
            children.appendChild(self.new_entry_element('child', entry_view(entry, url, now)))
        row.appendChild(children)

    def close(self):
        self.release()
        if self.host.parentNode != None:
            self.host.parentNode.removeChild(self.host)
        self.actions['close']()

    def release(self):
        """Drop the listeners this overlay put on the page."""
        self.document.removeEventListener('keydown', self.on_key, True)
