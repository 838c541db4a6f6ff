"""The cache's bounds, and what it gives up to stay within them.

The cache holds a record per directory listed below a root the browser visited
(at level 1, or at any depth once mapped), the root's own, and a visit per root.
Without bounds it only grows: every root ever opened stays. Past a bound, whole
roots go, least recently visited first (their visit and the records that belong
to them: at or below the root, and below no nearer visited root), after the
records that belong to no visited root; the root being shown and every record
below it never go, even when they alone pass a bound. The store applies it after
each live visit is written (upkeep.bound).
"""

from bookmarklet.portable import dict_key, part, stable_sorted

# The bounds (docs/design.md, The cache). A record's size is estimated from its
# entries (record_bytes): a record of 10,000 entries is about a megabyte.
BOUNDS = {'roots': 100, 'records': 10000, 'bytes': 64 * 1024 * 1024}


def record_bytes(record):
    """About how many bytes a record takes in storage: its names twice (name and href),
    and a few dozen for each entry's other fields."""
    total = 200 + len(record['url'])
    for entry in record['entries']:
        total += 2 * len(entry['name']) + len(entry['href']) + 80
    return total


def parent_url(url):
    """The URL of the directory that lists a directory's URL (ending in '/')."""
    return part(url, 0, part(url, 0, len(url) - 1).rfind('/') + 1)


def owner_of(url, by_root):
    """The visited root a record at url belongs to: the nearest one it is at or below (a map
    keeps records at any depth), or None."""
    while not (dict_key(url) in by_root):
        parent = parent_url(url)
        if len(parent) >= len(url) or parent.find('//') < 0:
            return None
        url = parent
    return url


def evictions(visits, records, current_root, bounds):
    """{roots, records}: the visits (root URLs) and records (URLs) to delete so that the
    cache is within bounds (BOUNDS). visits are {root, visitedAt}, records {url, bytes}."""
    by_root = {}
    for visit in visits:
        by_root[dict_key(visit['root'])] = []
    orphans = []
    total_bytes = 0
    for record in records:
        total_bytes += record['bytes']
        owner = owner_of(record['url'], by_root)
        if owner != None:
            by_root[dict_key(owner)].append(record)
        elif not record['url'].startswith(current_root):
            orphans.append(record)
    found = {'roots': [], 'records': []}
    count = len(records)
    roots = len(visits)
    for record in orphans:
        if count <= bounds['records'] and total_bytes <= bounds['bytes']:
            break
        found['records'].append(record['url'])
        count -= 1
        total_bytes -= record['bytes']
    oldest_first = stable_sorted(visits, lambda a, b: a['visitedAt'] - b['visitedAt'])
    for visit in oldest_first:
        if roots <= bounds['roots'] and count <= bounds['records'] \
                and total_bytes <= bounds['bytes']:
            break
        if visit['root'] == current_root:
            continue
        found['roots'].append(visit['root'])
        roots -= 1
        for record in by_root[dict_key(visit['root'])]:
            if record['url'].startswith(current_root):
                continue
            found['records'].append(record['url'])
            count -= 1
            total_bytes -= record['bytes']
    return found
