"""Trees written to disk for the end-to-end tests, with mtimes set by hand.

A spec is a dict name -> node; a node is {'mtime': epoch seconds} plus
'children' (a dict, for a directory) or 'size' (bytes, for a file).
Children are written before their directory's mtime is set, since creating
them moves it.
"""

import os
from urllib.parse import quote

SEPT_2026 = 1788220800  # 2026-09-01T00:00:00Z


def write_tree(root, spec):
    """Write spec below root (created if missing)."""
    os.makedirs(root, exist_ok=True)
    for name, node in spec.items():
        write_node(os.path.join(root, name), node)


def write_node(path, node):
    if 'children' in node:
        os.makedirs(path, exist_ok=True)
        for name, child in node['children'].items():
            write_node(os.path.join(path, name), child)
    else:
        with open(path, 'wb') as handle:
            handle.truncate(node.get('size', 0))
    os.utime(path, (node['mtime'], node['mtime']), follow_symlinks=False)


def touch(path, mtime):
    os.utime(path, (mtime, mtime), follow_symlinks=False)


def directory(mtime, children=None):
    return {'mtime': mtime, 'children': children or {}}


def file(mtime, size):
    return {'mtime': mtime, 'size': size}


def standard_tree(count=35):
    """count level-1 directories (plus two files) whose mtimes tie in pairs and
    carry seconds, so the order tests the tie-break and HTML's minute precision."""
    spec = {}
    for index in range(count):
        name = 'project-{:02d}'.format((index * 13) % count)
        mtime = SEPT_2026 + (index // 2) * 3600 + (index % 3) * 17
        children = {}
        for child in range(index % 5):
            child_mtime = SEPT_2026 - 86400 + child * 600 + index
            if child % 2 == 0:
                children['file {}.txt'.format(child)] = file(child_mtime, 1000 * child + index)
            else:
                children['sub-{}'.format(child)] = directory(child_mtime)
        spec[name] = directory(mtime, children)
    spec['notes é.txt'] = file(SEPT_2026 + 5 * 3600 + 30, 4321)
    spec['readme.md'] = file(SEPT_2026 - 7 * 86400, 12)
    return spec


def expected_entries(spec, precision):
    """The entries of a spec as the overlay shows them, in display order.

    precision is 1 for JSON listings, 60 for HTML ones (seconds cut off).
    Written independently of the bookmarklet's own code.
    """
    entries = []
    for name, node in spec.items():
        mtime = node['mtime'] - node['mtime'] % precision
        entries.append({'name': name, 'mtime': mtime,
                        'type': 'directory' if 'children' in node else 'file',
                        'size': node.get('size')})
    entries.sort(key=lambda e: (-e['mtime'], e['name']))
    return entries


def href_of(base, name, is_directory):
    return base + quote(name.encode('utf-8'), safe='-._~') + ('/' if is_directory else '')
