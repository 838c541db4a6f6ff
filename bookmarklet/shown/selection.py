"""The selection: the entries a person ticked, for the visit, which every export then takes
instead of what is shown.

Each entry is kept by its exact URL (dict_key of its href: names are bytes), as a hit
(tree.py) whose path is read afresh below the page's directory (the base), so entries
ticked at different shown roots export together. A ticked directory takes with it every
entry below it that the browser holds (take_below: its cached listings, all of them after
a map), and counts the directories below it never loaded. Pure.
"""

from bookmarklet.portable import dict_key, drop_key, keys_of, part
from bookmarklet.reading.names import name_of_href
from bookmarklet.shown.tree import tree_index, newest_first
from bookmarklet.shown.display import format_size


def new_selection(base_url):
    """Nothing ticked yet; the paths of what is ticked read below base_url."""
    return {'base': base_url, 'picked': {}, 'below': {}, 'count': 0, 'bytes': 0}


def is_picked(selection, href):
    return dict_key(href) in selection['picked']


def pick(selection, hit, picked):
    """Tick (picked True) or untick the entry of hit; untick drops what came with it."""
    key = dict_key(hit['href'])
    if picked == (key in selection['picked']):
        return
    step = 1 if picked else -1
    selection['count'] += step
    if hit['type'] == 'file' and hit['size'] != None:
        selection['bytes'] += step * hit['size']
    if picked:
        selection['picked'][key] = hit
    else:
        drop_key(selection['picked'], key)
        if key in selection['below']:
            drop_key(selection['below'], key)


def pick_all(selection, hits):
    for hit in hits:
        pick(selection, hit, True)


def picked_directories(selection):
    """The URLs of the directories ticked."""
    found = []
    for key in keys_of(selection['picked']):
        hit = selection['picked'][key]
        if hit['type'] == 'directory':
            found.append(hit['href'])
    return found


def take_below(selection, records):
    """What the browser holds below each directory ticked: records, every record at or below
    the base (a store's records_below). A directory whose own listing was never loaded
    counts as one never loaded."""
    held = {}  # the records at or below each directory ticked
    for url in picked_directories(selection):
        held[dict_key(url)] = []
    for record in records:
        url = record['url']
        # Each directory the record is at or below, from the base down.
        cut = len(selection['base']) - 1
        while cut >= 0:
            key = dict_key(part(url, 0, cut + 1))
            if key in held:
                held[key].append(record)
            cut = url.find('/', cut + 1)
    selection['below'] = {}
    for url in picked_directories(selection):
        own = []
        unloaded = 1
        for record in held[dict_key(url)]:
            if record['url'] == url:
                own = record['entries']
                unloaded = 0
        index = tree_index(url, own, held[dict_key(url)])
        selection['below'][dict_key(url)] = {'hits': index['hits'],
                                             'unloaded': index['unloaded'] + unloaded}


def selected_items(selection):
    """Every entry ticked and every one a ticked directory took, once each, with its path
    below the base, newest first: what an export takes."""
    return newest_first(taken_items(selection))


def taken_items(selection):
    """selected_items, in no order."""
    taken = {}
    items = []
    base = selection['base']

    def take(hit):
        key = dict_key(hit['href'])
        if not (key in taken) and hit['href'].startswith(base):
            taken[key] = True
            item = {}
            for field in keys_of(hit):
                item[field] = hit[field]
            item['path'] = name_of_href(part(hit['href'], len(base)))['name']
            items.append(item)

    for key in keys_of(selection['picked']):
        take(selection['picked'][key])
        if key in selection['below']:
            for hit in selection['below'][key]['hits']:
                take(hit)
    return items


def selection_counts(selection):
    """{picked, entries, bytes, unloaded}: how many entries are ticked, how many an export
    takes with what ticked directories took, their files' bytes, and how many directories
    below those ticked were never loaded. Kept as entries are ticked while no directory took
    anything, so that ticking stays quick in a selection of 100,000."""
    counts = {'picked': selection['count'], 'entries': selection['count'],
              'bytes': selection['bytes'], 'unloaded': 0}
    if len(keys_of(selection['below'])) > 0:
        items = taken_items(selection)
        counts['entries'] = len(items)
        counts['bytes'] = 0
        for item in items:
            if item['type'] == 'file' and item['size'] != None:
                counts['bytes'] += item['size']
        for key in keys_of(selection['below']):
            counts['unloaded'] += selection['below'][key]['unloaded']
    return counts


def selection_text(counts):
    """What the selection's count says: '' for none, '3 selected · 1.2 KB', and with
    directories ticked '2 selected (40 entries) · 1.2 KB · 3 never loaded', as a search
    counts the directories never loaded."""
    if counts['picked'] == 0:
        return ''
    text = str(counts['picked']) + ' selected'
    if counts['entries'] != counts['picked']:
        text += ' (' + str(counts['entries']) + ' entries)'
    text += ' · ' + format_size(counts['bytes'])
    if counts['unloaded'] > 0:
        text += ' · ' + str(counts['unloaded']) + ' never loaded'
    return text
