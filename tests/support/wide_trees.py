"""Wide trees for the scale checks (tests/e2e/test_e2e_scale.py) and the soak (bench/soak.py):
many empty files written fast, with set mtimes, plus a few directories."""

import os

from tests.support.trees import SEPT_2026


def write_wide_directory(path, files, directories=0, name_length=12, children=0):
    """files empty files and directories directories (each with children files) in path.

    Names are `f-000001...` padded with `x` to name_length characters; mtimes
    step a minute apart with ties every third entry, newest last written.
    Returns the number of entries written.
    """
    os.makedirs(path, exist_ok=True)
    for index in range(files):
        name = 'f-{:07d}'.format(index).ljust(name_length, 'x')
        target = os.path.join(path, name)
        os.close(os.open(target, os.O_CREAT | os.O_WRONLY, 0o644))
        mtime = SEPT_2026 - (index // 3) * 60
        os.utime(target, (mtime, mtime))
    for index in range(directories):
        target = os.path.join(path, 'd-{:05d}'.format(index))
        os.makedirs(target, exist_ok=True)
        for child in range(children):
            inner = os.path.join(target, 'c-{:03d}'.format(child))
            os.close(os.open(inner, os.O_CREAT | os.O_WRONLY, 0o644))
            os.utime(inner, (SEPT_2026 - child, SEPT_2026 - child))
        mtime = SEPT_2026 + 3600 - index * 7
        os.utime(target, (mtime, mtime))
    mtime = SEPT_2026 + 7200
    os.utime(path, (mtime, mtime))
    return files + directories
