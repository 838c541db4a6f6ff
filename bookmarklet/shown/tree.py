"""The cached tree below a root: every entry of every listing the cache holds for it, as
hits to search, to tell what is new, and to count.

A hit is an entry with where it is: {name, type, mtime, size, sizeApprox, seen,
path, href}; path is below the root, decoded, '/'-separated, directories
ending in '/', what a search looks in. Pure: the records come in, nothing is
fetched.
"""

from bookmarklet.portable import dict_key, part, record_field, stable_sorted
from bookmarklet.reading.names import entry_url, name_of_href, readable_path
from bookmarklet.shown.phrases import loop_note
from bookmarklet.reading.order import compare_newest
from bookmarklet.cache.records import after_visit
from bookmarklet.words import NEW, CHANGED, GONE


def new_hit(entry, directory_url, directory_path):
    is_directory = entry['type'] == 'directory'
    path = directory_path + entry['name'] + ('/' if is_directory else '')
    return {'name': entry['name'], 'type': entry['type'], 'mtime': entry['mtime'],
            'size': entry['size'], 'sizeApprox': entry['sizeApprox'],
            'seen': record_field(entry, 'seen'), 'path': path,
            'href': entry_url(directory_url, entry)}


def tree_index(root_url, entries, records):
    """{hits, gone, listings, unloaded}: every entry of the root's listing (entries) and of
    the records below root_url, newest first, and those gone from them; how many listings
    that is, and how many directories among the hits have no record (never loaded). A
    listing a map found to loop is counted, not followed: its directory's hit says which
    ancestor it repeats (loopOf)."""
    hits = []
    gone = []
    kept = {}
    listings = 1
    for entry in entries:
        hits.append(new_hit(entry, root_url, ''))
    for record in records:
        url = record['url']
        if url.startswith(root_url) and len(url) > len(root_url):
            kept[dict_key(url)] = record['loopOf']
            listings += 1
            path = name_of_href(part(url, len(root_url)))['name']
            for entry in record['gone']:
                gone.append(new_hit(entry, url, path))
            if record['loopOf'] == '':
                for entry in record['entries']:
                    hits.append(new_hit(entry, url, path))
    unloaded = 0
    for hit in hits:
        key = dict_key(hit['href'])
        if hit['type'] == 'directory' and not (key in kept):
            unloaded += 1
        elif key in kept and kept[key] != '':
            hit['loopOf'] = kept[key]
    hits = newest_first(hits)
    # Each path lower-cased once, not at every keystroke: a mapped tree holds 500,000.
    lowered = []
    for hit in hits:
        lowered.append(hit['path'].lower())
    return {'hits': hits, 'lowered': lowered, 'gone': gone, 'listings': listings,
            'unloaded': unloaded}


def loop_text(hit):
    """What a directory a map found to loop says: 'looks like a loop of /a/'."""
    return loop_note(readable_path(hit['loopOf']))


def newest_first(hits):
    return stable_sorted(hits, lambda a, b: compare_newest(a, b, 'path'))


def found_hits(index, query):
    """The hits whose path contains query, ignoring case, newest first."""
    wanted = query.lower()
    found = []
    lowered = index['lowered']
    for at in range(0, len(lowered)):
        if lowered[at].find(wanted) >= 0:
            found.append(index['hits'][at])
    return found


def change_of(hit, visit):
    """NEW when the entry was first seen after the visit, CHANGED when its mtime moved past
    it (records.after_visit), else ''. Where the root's own listing is not kept (wave 1
    read the open page), its entries know no first sighting: past the visit, a file counts
    as NEW, a directory (whose mtime moves with what it holds) as CHANGED."""
    if after_visit(hit['seen'], visit):
        return NEW
    if after_visit(hit['mtime'], visit):
        return NEW if hit['seen'] == None and hit['type'] == 'file' else CHANGED
    return ''


def news_since(index, visit):
    """The hits that appeared, changed or went (GONE: seen gone after it) since the visit,
    newest first, each with change."""
    found = []
    for hit in index['hits']:
        change = change_of(hit, visit)
        if change != '':
            hit['change'] = change
            found.append(hit)
    for hit in index['gone']:
        if after_visit(hit['seen'], visit):
            hit['change'] = GONE
            found.append(hit)
    return newest_first(found)


def totals_of(entries):
    """{count, bytes}: how many entries, and the sum of the files' sizes."""
    total = 0
    for entry in entries:
        if entry['type'] == 'file' and entry['size'] != None:
            total += entry['size']
    return {'count': len(entries), 'bytes': total}


def index_text(index, found):
    """What the search says: '3 hits in 12 listings · 4 never loaded'."""
    text = str(len(found)) + ' hits in ' + str(index['listings']) + ' listings'
    if index['unloaded'] > 0:
        text += ' · ' + str(index['unloaded']) + ' never loaded'
    return text


def crumbs_of(page_url, url):
    """[{href, label}]: the breadcrumbs from the page's directory to url below it; the
    first is labelled with the page's path, the others with their name, read as names
    are (bytes that are not UTF-8 as \\xe9)."""
    crumbs = [{'href': page_url, 'label': readable_path(page_url)}]
    at = len(page_url)
    end = url.find('/', at)
    while end >= 0:
        crumbs.append({'href': part(url, 0, end + 1),
                       'label': name_of_href(part(url, at, end + 1))['name']})
        at = end + 1
        end = url.find('/', at)
    return crumbs
