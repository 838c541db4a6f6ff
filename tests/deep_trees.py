"""A deep tree for the map's checks (tests/test_e2e_map.py, bench/): directories at every
level down to a given depth, each holding two files, mtimes set by hand; and what is below a
folder on disk, read with os.walk, which the map's results are held to."""

import os

from tests.trees import SEPT_2026

# Directories per level, 6 levels deep: 2,000 in all.
LEVELS = [4, 12, 36, 108, 540, 1300]
FILES = 2  # in each directory


def write_deep_tree(root, levels=LEVELS):
    """levels[i] directories at depth i + 1 below root, spread evenly over those of the level
    above; each holds FILES files. Returns the directories' paths relative to root, each
    ending in '/'."""
    parents = ['']
    written = []
    for depth, count in enumerate(levels, 1):
        level = []
        for index in range(count):
            parent = parents[index % len(parents)]
            path = '{}l{}-{:04d}/'.format(parent, depth, index)
            os.makedirs(os.path.join(root, path), exist_ok=True)
            for number in range(FILES):
                touch(os.path.join(root, path, 'f{}.txt'.format(number)),
                      SEPT_2026 - depth * 3600 - index * 7 - number, depth + number)
            level.append(path)
        parents = level
        written += level
    # Deepest first: a directory's mtime is set after its children are written.
    for path in reversed(written):
        stamp = SEPT_2026 - path.count('/') * 60
        os.utime(os.path.join(root, path), (stamp, stamp))
    return written


def touch(path, mtime, size):
    with open(path, 'wb') as handle:
        handle.write(b'x' * size)
    os.utime(path, (mtime, mtime))


def tree_on_disk(root):
    """{path relative to root: 'directory' or 'file'} of everything below root, symlinks to
    directories listed as directories and not followed."""
    found = {}
    for folder, directories, files in os.walk(root):
        relative = os.path.relpath(folder, root)
        prefix = '' if relative == '.' else relative + '/'
        for name in directories:
            found[prefix + name + '/'] = 'directory'
        for name in files:
            found[prefix + name] = 'file'
    return found
