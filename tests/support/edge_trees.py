"""The tree of issue 13's edges: names that are not UTF-8 or that URLs treat specially,
roots whose own path is such a name, a directory that serves a page, and listings
written by hand.

Names are bytes, written with bytes paths, so the tests say what a link must
decode to from what was written here, never from what the bookmarklet shows.
Each file holds its own name, so fetching a link tells which file it opened.
"""

import json
import os

BASE = 1788266096  # 2026-09-01T12:34:56Z

LATIN1 = b'caf\xe9'                           # 'café' in Latin-1: not UTF-8
REPLACED = 'caf\ufffd'.encode('utf-8')        # what LATIN1 becomes once decoded leniently
INSIDE = b'inside.txt'                        # the one file in LATIN1
# Characters a URL gives a meaning: each a directory holding a file of the same name.
URL_CHARACTERS = [b'100% sure', b'semi;colon', b'plus+sign', b'hash#tag', b'what?',
                  b'with space']

# Roots whose own path is such a name, each holding one directory with one file.
LATIN1_ROOT = b'/archive/' + LATIN1 + b'/'
URL_CHARACTERS_ROOT = b'/archive/a;b+c%d/'
ROOT_DIRECTORY = b'inner'
ROOT_FILE = b'deep.txt'

# A directory that serves a page rather than a listing; the page links to its parent,
# as a listing does.
SITE = b'site'
INDEX_HTML = b"""<!DOCTYPE html>
<html><head><title>Welcome</title></head>
<body><h1>Welcome</h1><p><a href="../">Up</a> <a href="page.html">Our page</a></p></body></html>
"""
PLAIN = b'plain'

# Listings written by hand (nginx answers a directory holding .listing.json with it).
LISTING_FILE = b'.listing.json'
MTIME_TEXT = 'Tue, 01 Sep 2026 12:34:56 GMT'
# Items that also carry a '__class__' key, which Transcrypt's runtime reads as a class.
CLASSY = {'one': {'type': 'directory'}, 'two.txt': {'type': 'file', 'size': 2}}
# A type that loose equality must turn into a string, and cannot: a native TypeError.
THROWING = {'odd': {'type': {'toString': 1}}}
# Values that are something else under loose equality.
LOOSE = {
    'as-list': {'type': ['directory']},   # a list, not the word 'directory'
    'five.bin': {'type': 'file', 'size': 5.0},
    'huge.bin': {'type': 'file', 'size': 1e300},
    'sound': {'type': 'directory'},
}


def handwritten(items, extra=None):
    """The JSON body of a listing in nginx's shape: {name: fields}, each item with extra."""
    return json.dumps([dict({'name': name, 'mtime': MTIME_TEXT}, **fields, **(extra or {}))
                       for name, fields in items.items()]).encode()


def handwritten_tree(folder, items, extra=None):
    """{path: content} of a folder answering with the listing of items, and holding a real
    directory (with one file) for each directory item."""
    files = {folder + LISTING_FILE: handwritten(items, extra)}
    for name, fields in items.items():
        if fields['type'] == 'directory':
            files[folder + name.encode() + b'/readme.txt'] = b'readme.txt'
    return files


def tree():
    """{relative bytes path: file content}; directories are made for every path."""
    files = {b'names/' + LATIN1 + b'/' + INSIDE: INSIDE,
             b'names/' + REPLACED: REPLACED}
    for name in URL_CHARACTERS:
        files[b'names/' + name + b'/' + name] = name
    for root in (LATIN1_ROOT, URL_CHARACTERS_ROOT):
        files[root[1:] + ROOT_DIRECTORY + b'/' + ROOT_FILE] = ROOT_FILE
    files[b'sites/' + SITE + b'/index.html'] = INDEX_HTML
    files[b'sites/' + SITE + b'/page.html'] = b'page.html'
    files[b'sites/' + PLAIN + b'/readme.txt'] = b'readme.txt'
    # Redirected directories (their answers are in the server's configuration) and
    # where they lead: inside the listing's root and outside it.
    for name in (b'away', b'outside', b'moved'):
        files[b'redirects/' + name + b'/never-listed.txt'] = b'never-listed.txt'
    files[b'redirects/kept/kept.txt'] = b'kept.txt'
    files[b'elsewhere/outside.txt'] = b'outside.txt'
    # Listings written by hand.
    files.update(handwritten_tree(b'odd/classy/', CLASSY, {'__class__': {'__name__': 'dict'}}))
    files.update(handwritten_tree(b'odd/loose/', LOOSE))
    files.update(handwritten_tree(b'odd/pool/throwing/', THROWING))
    files[b'odd/pool/' + PLAIN + b'/readme.txt'] = b'readme.txt'
    files.update(handwritten_tree(b'odd/mixed/', THROWING))
    files[b'odd/mixed/' + PLAIN + b'/readme.txt'] = b'readme.txt'
    return files


def write(root):
    """Write tree() below root, every folder readable by all (Apache serves as www-data),
    every mtime BASE minus a minute per path in order, so listings are the same each run."""
    top = os.fsencode(str(root))
    paths = set()
    for path, content in tree().items():
        full = os.path.join(top, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, 'wb') as handle:
            handle.write(content)
        parts = path.split(b'/')
        for depth in range(1, len(parts) + 1):
            paths.add(b'/'.join(parts[:depth]))
    for index, path in enumerate(sorted(paths)):
        full = os.path.join(top, path)
        os.chmod(full, 0o755 if os.path.isdir(full) else 0o644)
        os.utime(full, (BASE - 60 * index, BASE - 60 * index))
    os.chmod(top, 0o755)
