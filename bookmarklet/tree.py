"""The cached tree below a root: every entry of every listing the cache holds for it, as
hits to search, to tell what is new, and to count.

A hit is an entry with where it is: {name, type, mtime, size, sizeApprox, seen,
path, href}; path is below the root, decoded, '/'-separated, directories
ending in '/', what a search looks in. Pure: the records come in, nothing is
fetched.
"""

from bookmarklet.portable import dict_key, part, record_field, stable_sorted
from bookmarklet.names import entry_url, name_of_href, readable_path
from bookmarklet.order import compare_newest
from bookmarklet.paging import matching_entries
from bookmarklet.freshness import after_visit
from bookmarklet.words import NEW, CHANGED


def new_hit(entry, directory_url, directory_path):
    is_directory = entry['type'] == 'directory'
    path = directory_path + entry['name'] + ('/' if is_directory else '')
    return {'name': entry['name'], 'type': entry['type'], 'mtime': entry['mtime'],
            'size': entry['size'], 'sizeApprox': entry['sizeApprox'],
            'seen': record_field(entry, 'seen'), 'path': path,
            'href': entry_url(directory_url, entry)}


def tree_index(root_url, entries, records):
    """{hits, listings, unloaded}: every entry of the root's listing (entries) and of the
    records below root_url, newest first; how many listings that is, and how many
    directories among the hits have no record (never loaded)."""
    hits = []
    kept = {}
    listings = 1
    for entry in entries:
        hits.append(new_hit(entry, root_url, ''))
    for record in records:
        url = record['url']
        if url.startswith(root_url) and len(url) > len(root_url):
            kept[dict_key(url)] = True
            listings += 1
            path = name_of_href(part(url, len(root_url), None))['name']
            for entry in record['entries']:
                hits.append(new_hit(entry, url, path))
    unloaded = 0
    for hit in hits:
        if hit['type'] == 'directory' and not (dict_key(hit['href']) in kept):
            unloaded += 1
    return {'hits': stable_sorted(hits, lambda a, b: compare_newest(a, b, 'path')),
            'listings': listings, 'unloaded': unloaded}


def found_hits(index, query):
    """The hits whose path contains query, ignoring case, newest first."""
    return matching_entries(index['hits'], query, 'path')


def change_of(hit, visit):
    """NEW when the entry was first seen after the visit, CHANGED when its mtime moved past
    it (freshness.after_visit), else ''. The root's own listing is not kept, so its entries
    know no first sighting: past the visit, a file counts as NEW, a directory (whose mtime
    moves with what it holds) as CHANGED."""
    if after_visit(hit['seen'], visit):
        return NEW
    if after_visit(hit['mtime'], visit):
        return NEW if hit['seen'] == None and hit['type'] == 'file' else CHANGED
    return ''


def news_since(index, visit):
    """The hits that appeared or changed since the visit, newest first, each with change."""
    found = []
    for hit in index['hits']:
        change = change_of(hit, visit)
        if change != '':
            hit['change'] = change
            found.append(hit)
    return found


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
