"""The overlay's rows: one per level-1 entry of the page, each directory's level-2
entries inside it, updated in place as its listing settles. JavaScript side only."""

from bookmarklet.portable import new_object, dict_key, part
from bookmarklet.display import entry_view, totals_text
from bookmarklet.freshness import appeared_since
from bookmarklet.tree import totals_of
from bookmarklet.panel import add
from bookmarklet.words import NEW, PENDING, FAILED, UNDECODABLE, UNDECODABLE_TITLE

# The attributes a row or child carries, each from the entry_view field of that name.
ENTRY_ATTRIBUTES = ['name', 'type', 'href', 'mtime', 'size', 'undecodable']
REFRESH_TITLE = 'Refresh'


def new_rows(row_list, settings, actions):
    """No rows yet in row_list; actions.refresh(url) is what a row's ↻ does,
    actions.open_directory(url) what a directory's ▸ does."""
    rows = new_object()
    rows.row_list = row_list
    rows.children_shown = settings['childrenShown']
    rows.actions = actions
    rows.by_url = {}
    return rows


def clear(rows):
    rows.row_list.textContent = ''
    rows.by_url = {}


def show_rows(rows, entries, root_url, now):
    """Replace the rows with the entries of one page; directories start pending."""
    clear(rows)
    for entry in entries:
        row = add_entry(rows, rows.row_list, 'row', entry_view(entry, root_url, now))
        if entry['type'] == 'directory':
            track_directory(rows, row, row.getAttribute('data-href'))


def track_directory(rows, row, url):
    """A directory row waits for its listing: kept by its URL, marked pending, with its ↻ button."""
    rows.by_url[dict_key(url)] = row
    add_mark(row, PENDING)
    add(row.firstChild, 'button', {'data-role': 'refresh', 'title': REFRESH_TITLE, 'aria-label': REFRESH_TITLE,
                                   'click': lambda event: rows.actions.refresh(url)}, '↻')


def show_hits(rows, hits, now):
    """Replace the rows with search or what's-new hits, each named by its path."""
    clear(rows)
    for hit in hits:
        view = entry_view(hit, '', now)
        view['href'] = hit['href']
        element = add_entry(rows, rows.row_list, 'hit', view)
        element.setAttribute('data-path', hit['path'])
        element.querySelector('a').textContent = hit['path']
        if 'change' in hit:
            element.setAttribute('data-change', hit['change'])
            add_mark(element, hit['change'])


def add_mark(element, word):
    add(element.firstChild, 'span', {'class': 'mark', 'data-status': word}, word)


def add_entry(rows, parent, role, view):
    """A row, child or hit at the end of parent, carrying an entry's attributes and texts;
    a directory's opens in place."""
    attributes = {'data-role': role}
    for key in ENTRY_ATTRIBUTES:
        attributes['data-' + key] = view[key]
    element = add(parent, 'li', attributes, '')
    line = add(element, 'div', {'class': 'line'}, '')
    directory = view['type'] == 'directory'
    add(line, 'a', {'href': view['href']}, view['name'] + ('/' if directory else ''))
    if view['undecodable'] != '':
        add(line, 'span', {'class': 'meta', 'title': UNDECODABLE_TITLE}, UNDECODABLE)
    if view['mtime'] != '':
        add(line, 'time', {'class': 'meta', 'datetime': view['mtime'], 'title': view['mtime']}, view['age'])
    if view['sizeText'] != '':
        add(line, 'span', {'class': 'meta', 'title': view['size'] + ' bytes' if view['size'] != '' else ''},
            view['sizeText'])
    if directory:
        add(line, 'button', {'data-role': 'open', 'title': 'Open here',
                             'click': lambda event: rows.actions.open_directory(view['href'])}, '▸')
    return element


def show_children(rows, url, status, entries, message, visit, now):
    """Show a directory's settled level-2 entries (or why there are none) in its row."""
    key = dict_key(url)
    if not (key in rows.by_url):
        return
    row = rows.by_url[key]
    line = row.firstChild
    mark = line.querySelector('.mark')
    row.setAttribute('data-status', status)
    mark.setAttribute('data-status', status)
    mark.textContent = status
    for old in row.querySelectorAll('ul,[data-role=more],[data-role=total]'):
        old.remove()
    if status != PENDING and status != FAILED:
        totals = totals_of(entries)
        total = add(line, 'span', {'data-role': 'total', 'class': 'meta',
                                   'data-count': str(totals['count']),
                                   'data-bytes': str(totals['bytes'])}, totals_text(totals))
        line.insertBefore(total, mark)
    children = add(row, 'ul', {}, '')
    if message != '':
        add(children, 'li', {'class': 'note'}, message)
    shown = rows.children_shown

    def fill(count):
        """Show the newest count level-2 entries (all of them for count None)."""
        for old in children.querySelectorAll('[data-role=child]'):
            old.remove()
        for entry in part(entries, 0, count):
            child = add_entry(rows, children, 'child', entry_view(entry, url, now))
            if appeared_since(entry, visit):
                child.setAttribute('data-appeared', 'true')
                add_mark(child, NEW)

    fill(shown)
    if len(entries) > shown:
        more_text = 'Show ' + str(len(entries) - shown) + ' more'

        def toggle(event):
            expanded = more.getAttribute('aria-expanded') == 'true'
            fill(shown if expanded else None)
            more.setAttribute('aria-expanded', 'false' if expanded else 'true')
            more.textContent = more_text if expanded else 'Show fewer'

        more = add(row, 'button', {'data-role': 'more', 'aria-expanded': 'false', 'click': toggle}, more_text)
