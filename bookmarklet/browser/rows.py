"""The overlay's rows: one per level-1 entry of the page, each directory's level-2
entries inside it, updated in place as its listing settles. JavaScript side only."""

from bookmarklet.portable import new_object, part, dict_key
from bookmarklet.shown.display import entry_view, totals_text
from bookmarklet.cache.records import appeared_since
from bookmarklet.shown.tree import totals_of, loop_text, new_hit
from bookmarklet.browser.panel import add, show
from bookmarklet.words import NEW, PENDING, FAILED, UNDECODABLE, UNDECODABLE_TITLE

# The attributes a row or child carries, each from the entry_view field of that name.
ENTRY_ATTRIBUTES = ['name', 'type', 'href', 'mtime', 'size', 'undecodable']
REFRESH_TITLE = 'Refresh'
SELECT = 'Select '  # what an entry's box is named, before the entry's name


def new_rows(row_list, settings, actions):
    """No rows yet in row_list; actions.refresh_one(url) is what a row's ↻ does,
    actions.open_directory(url) what a directory's ▸ does.

    Every entry is a copy of one template, and one listener on the list serves every
    button: a page of rows costs no closure and no listener per entry."""
    rows = new_object()
    rows.row_list = row_list
    rows.children_shown = settings['childrenShown']
    rows.row_actions = actions
    rows.row_template = row_list.ownerDocument.createElement('li')
    line = add(rows.row_template, 'div', {'class': 'line'}, '')
    add(line, 'input', {'type': 'checkbox', 'data-role': 'select'}, '')
    add(line, 'a', {}, '')
    row_list.addEventListener('click', lambda event: press(rows, event.target))
    rows.by_href = {}  # each directory row of the page, by dict_key of its data-href
    rows.hit_by_key = {}  # each entry shown, as a hit to select, by dict_key of its data-href
    return rows


def show_rows(rows, entries, root_url, now):
    """Replace the rows with one page: entries of the listing at root_url, its directories
    pending, or for root_url None search or what's-new hits, each named by its path."""
    rows.row_list.textContent = ''
    rows.by_href = {}
    rows.hit_by_key = {}
    for entry in entries:
        if root_url != None:
            view = entry_view(entry, root_url, now)
            rows.by_href[dict_key(view['href'])] = add_entry(rows, rows.row_list, 'row', view,
                                                            new_hit(entry, root_url, ''))
        else:
            view = entry_view(entry, '', now)
            view['href'] = entry['href']
            hit = add_entry(rows, rows.row_list, 'hit', view, entry)
            hit.setAttribute('data-path', entry['path'])
            if 'change' in entry:
                hit.setAttribute('data-change', entry['change'])
                add_mark(hit, entry['change'])
            if 'loopOf' in entry:
                add(hit.firstChild, 'span', {'class': 'meta', 'data-role': 'note'}, loop_text(entry))


def add_mark(element, word):
    add(element.firstChild, 'span', {'class': 'mark', 'data-status': word}, word)


def add_entry(rows, parent, role, view, hit):
    """A row, child or hit at the end of parent, carrying an entry's attributes and texts,
    and its box to select it (hit), both named by the hit's path (a row's and a child's is
    its name); a directory's opens in place, and a directory row waits for its listing,
    with its ↻."""
    element = rows.row_template.cloneNode(True)
    element.setAttribute('data-role', role)
    for key in ENTRY_ATTRIBUTES:
        if view[key] != '':
            element.setAttribute('data-' + key, view[key])
    line = element.firstChild
    directory = view['type'] == 'directory'
    label = hit['path']
    box = line.firstChild
    box.setAttribute('aria-label', SELECT + label)
    box.checked = rows.row_actions.is_selected(view['href'])
    rows.hit_by_key[dict_key(view['href'])] = hit
    show(box.nextSibling, {'href': view['href']}, label)
    parent.appendChild(element)
    if view['undecodable'] != '':
        # A row's own message (data-role=note) says why its name looks odd; a child's only
        # marks it.
        add(line, 'span', {'class': 'meta', 'title': UNDECODABLE_TITLE,
                           'data-role': 'note' if role == 'row' else ''}, UNDECODABLE)
    if view['mtime'] != '':
        add(line, 'time', {'class': 'meta', 'datetime': view['mtime'], 'title': view['mtime']}, view['age'])
    if view['sizeText'] != '':
        add(line, 'span', {'class': 'meta', 'title': view['size'] + ' bytes' if view['size'] != '' else ''},
            view['sizeText'])
    if directory:
        add(line, 'button', {'data-role': 'open', 'title': 'Open here'}, '▸')
        if role == 'row':
            add_mark(element, PENDING)
            add(line, 'button', {'data-role': 'refresh', 'title': REFRESH_TITLE,
                                 'aria-label': REFRESH_TITLE}, '↻')
    return element


def press(rows, target):
    """A click in the list: an entry's box selects it, its ▸ opens its directory here, a
    row's ↻ refreshes it."""
    if target.matches('[data-role=select]'):
        rows.row_actions.select_entry(rows.hit_by_key[dict_key(target.closest('li').getAttribute('data-href'))],
                                target.checked)
        return
    button = target.closest('button')
    entry = None if button == None else button.closest('li')
    if entry == None:
        return
    href = entry.getAttribute('data-href')
    role = button.getAttribute('data-role')
    if role == 'open':
        rows.row_actions.open_directory(href)
    elif role == 'refresh':
        rows.row_actions.refresh_one(href)


def show_children(rows, url, status, entries, message, visit, now):
    """Show a directory's settled level-2 entries (or why there are none) in its row."""
    if not (dict_key(url) in rows.by_href):
        return
    row = rows.by_href[dict_key(url)]
    line = row.firstChild
    mark = line.querySelector('.mark')
    row.setAttribute('data-status', status)
    show(mark, {'data-status': status}, status)
    for old in row.querySelectorAll('ul,[data-role=more],[data-role=total]'):
        old.remove()
    if status != PENDING and status != FAILED:
        totals = totals_of(entries)
        total = add(line, 'span', {'data-role': 'total', 'class': 'meta',
                                   'data-count': str(totals['count']),
                                   'data-bytes': str(totals['bytes'])}, totals_text(totals))
        line.insertBefore(total, mark)
    children = add(row, 'ul', {}, '')
    shown = rows.children_shown

    def fill_children(count):
        """Show the message, if any, and the newest count level-2 entries (all of them for
        count None)."""
        children.textContent = ''
        if message != '':
            add(children, 'li', {'class': 'note', 'data-role': 'note'}, message)
        for entry in part(entries, 0, count):
            child = add_entry(rows, children, 'child', entry_view(entry, url, now),
                              new_hit(entry, url, ''))
            if appeared_since(entry, visit):
                child.setAttribute('data-appeared', 'true')
                add_mark(child, NEW)

    fill_children(shown)
    if len(entries) > shown:
        more_text = 'Show ' + str(len(entries) - shown) + ' more'

        def toggle_more(event):
            expanded = more.getAttribute('aria-expanded') == 'true'
            fill_children(shown if expanded else None)
            show(more, {'aria-expanded': 'false' if expanded else 'true'},
                 more_text if expanded else 'Show fewer')

        more = add(row, 'button', {'data-role': 'more', 'aria-expanded': 'false', 'click': toggle_more}, more_text)
