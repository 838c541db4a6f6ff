"""The overlay's rows: one per level-1 entry of the page, each directory's level-2
entries inside it, updated in place as its listing settles. JavaScript side only."""

from bookmarklet.portable import new_object, dict_key, part
from bookmarklet.display import entry_view, format_size
from bookmarklet.freshness import appeared_since
from bookmarklet.tree import totals_of
from bookmarklet.panel import new_element, new_classed, new_button, remove_children
from bookmarklet.words import NEW, PENDING, FAILED, UNDECODABLE, UNDECODABLE_TITLE

# The attributes a row or child carries, each from the entry_view field of that name.
ENTRY_ATTRIBUTES = ['name', 'type', 'href', 'mtime', 'size', 'undecodable']



def new_rows(row_list, settings, actions):
    """No rows yet in row_list; actions.refresh(url) is what a row's ↻ does,
    actions.open_directory(url) what a directory's ▸ does."""
    rows = new_object()
    rows.row_list = row_list
    rows.document = row_list.ownerDocument
    rows.children_shown = settings['childrenShown']
    rows.refresh = actions.refresh
    rows.open_directory = actions.open_directory
    rows.by_url = {}
    return rows


def show_rows(rows, entries, root_url, now):
    """Replace the rows with the entries of one page; directories start pending."""
    remove_children(rows.row_list)
    rows.by_url = {}
    for entry in entries:
        row = new_entry_element(rows, 'row', entry_view(entry, root_url, now))
        if entry['type'] == 'directory':
            url = row.getAttribute('data-href')
            add_refresh_button(rows, row, url)
            set_row_status(rows.document, row, PENDING)
            rows.by_url[dict_key(url)] = row
        rows.row_list.appendChild(row)


def show_hits(rows, hits, now):
    """Replace the rows with search or what's-new hits, each named by its path."""
    remove_children(rows.row_list)
    rows.by_url = {}
    for hit in hits:
        view = entry_view(hit, '', now)
        view['href'] = hit['href']
        element = new_entry_element(rows, 'hit', view)
        element.setAttribute('data-path', hit['path'])
        element.querySelector('a').textContent = hit['path']
        if 'change' in hit:
            element.setAttribute('data-change', hit['change'])
            add_mark(rows.document, element, hit['change'])
        rows.row_list.appendChild(element)


def add_mark(document, element, word):
    mark = new_classed(document, 'span', 'mark', word)
    mark.setAttribute('data-status', word)
    element.firstChild.appendChild(mark)


def new_entry_element(rows, role, view):
    """A row, child or hit carrying an entry's attributes and texts; a directory's opens
    in place."""
    document = rows.document
    element = new_element(document, 'li', role, '')
    for key in ENTRY_ATTRIBUTES:
        if view[key] != '':
            element.setAttribute('data-' + key, view[key])
    line = new_classed(document, 'div', 'line', '')
    link = new_element(document, 'a', '', view['name'] + ('/' if view['type'] == 'directory' else ''))
    link.href = view['href']
    line.appendChild(link)
    if view['undecodable'] != '':
        odd = new_classed(document, 'span', 'meta', UNDECODABLE)
        odd.title = UNDECODABLE_TITLE
        line.appendChild(odd)
    if view['mtime'] != '':
        time = new_classed(document, 'time', 'meta', view['age'])
        time.setAttribute('datetime', view['mtime'])
        time.title = view['mtime']
        line.appendChild(time)
    if view['sizeText'] != '':
        size = new_classed(document, 'span', 'meta', view['sizeText'])
        if view['size'] != '':
            size.title = view['size'] + ' bytes'
        line.appendChild(size)
    if view['type'] == 'directory':
        opener = new_button(document, 'open', '▸', lambda event: rows.open_directory(view['href']))
        opener.title = 'Open here'
        line.appendChild(opener)
    element.appendChild(line)
    return element


def add_refresh_button(rows, row, url):
    button = new_button(rows.document, 'refresh', '↻', lambda event: rows.refresh(url))
    button.className = 'refresh'
    button.setAttribute('aria-label', 'Refresh this directory now')
    button.title = 'Refresh this directory now'
    row.firstChild.appendChild(button)


def set_row_status(document, row, status):
    row.setAttribute('data-status', status)
    mark = row.querySelector('.mark')
    if mark == None:
        mark = new_classed(document, 'span', 'mark', '')
        row.firstChild.insertBefore(mark, row.querySelector('.refresh'))
    mark.setAttribute('data-status', status)
    mark.textContent = status


def show_children(rows, url, status, entries, message, visit, now):
    """Show a directory's settled level-2 entries (or why there are none) in its row."""
    key = dict_key(url)
    if not (key in rows.by_url):
        return
    row = rows.by_url[key]
    set_row_status(rows.document, row, status)
    for old in [row.querySelector('ul'), row.querySelector('[data-role=more]'),
                row.querySelector('[data-role=total]')]:
        if old != None:
            old.remove()
    if status != PENDING and status != FAILED:
        totals = totals_of(entries)
        total = new_element(rows.document, 'span', 'total', str(totals['count']) + ' entries · '
                            + format_size(totals['bytes']))
        total.className = 'meta'
        total.setAttribute('data-count', str(totals['count']))
        total.setAttribute('data-bytes', str(totals['bytes']))
        row.firstChild.insertBefore(total, row.querySelector('.mark'))
    children = new_element(rows.document, 'ul', '', '')
    if message != '':
        children.appendChild(new_classed(rows.document, 'li', 'note', message))
    row.appendChild(children)
    fill_children(rows, children, url, entries, visit, now, rows.children_shown)
    if len(entries) > rows.children_shown:
        add_more_button(rows, row, children, url, entries, visit, now)


def fill_children(rows, children, url, entries, visit, now, count):
    """Show the newest count level-2 entries (all of them for count < 0)."""
    for old in children.querySelectorAll('[data-role=child]'):
        children.removeChild(old)
    for entry in (entries if count < 0 else part(entries, 0, count)):
        child = new_entry_element(rows, 'child', entry_view(entry, url, now))
        if appeared_since(entry, visit):
            child.setAttribute('data-appeared', 'true')
            add_mark(rows.document, child, NEW)
        children.appendChild(child)


def add_more_button(rows, row, children, url, entries, visit, now):
    """A button that shows every level-2 entry of the row, and back the newest few."""
    hidden = len(entries) - rows.children_shown
    more = new_element(rows.document, 'button', 'more', 'Show ' + str(hidden) + ' more')
    more.setAttribute('type', 'button')
    more.setAttribute('aria-expanded', 'false')

    def toggle(event):
        expanded = more.getAttribute('aria-expanded') == 'true'
        fill_children(rows, children, url, entries, visit, now,
                      rows.children_shown if expanded else -1)
        more.setAttribute('aria-expanded', 'false' if expanded else 'true')
        more.textContent = 'Show ' + str(hidden) + ' more' if expanded else 'Show fewer'

    more.addEventListener('click', toggle)
    row.appendChild(more)
