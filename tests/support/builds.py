"""Run generator.py as a user does, in a folder of the test's own (so no sitemap.toml
of the developer's is read), into an --out and --build-dir of the test's own: from
nothing (run_generator), or after `make` (build), as a user who regenerates with
other defaults does."""

import json
import shutil
import subprocess
import tarfile
import sys
from pathlib import Path

from toolkit.compile import inputs_digest

ROOT = Path(__file__).resolve().parents[2]
# The compiled parts `make` kept (toolkit/compile.py compiled_bookmarklet).
COMPILED = ROOT / 'build' / 'compiled.json'

# What writes dist/ from the compiled parts, beside the compile's own inputs (toolkit/
# compile.py COMPILE_INPUTS, which build/compiled.json carries the digest of): a change to
# one of these after the last `make` leaves dist/ behind too.
DIST_WRITERS = ['generator.py', 'toolkit/*.py', 'loader/*', 'pyproject.toml']


def run_generator(folder, *options):
    """generator.py with options, run in folder; returns the finished process."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    return subprocess.run(
        [sys.executable, str(ROOT / 'generator.py'), '--out', str(folder / 'dist'),
         '--build-dir', str(folder / 'build')] + list(options),
        cwd=folder, capture_output=True, text=True)


def build(folder, *options):
    """A finished build's dist/ folder; fails the test with the generator's words otherwise.

    Its --build-dir starts with the compiled parts `make` kept (build/compiled.json), as
    generator.py's own default --build-dir does after `make`: the build writes the settings
    into them in a second instead of compiling for twenty (it compiles anyway where
    they are not those of today's sources)."""
    if COMPILED.exists():
        (Path(folder) / 'build').mkdir(parents=True, exist_ok=True)
        shutil.copy(COMPILED, Path(folder) / 'build')
    done = run_generator(folder, *options)
    assert done.returncode == 0, done.stdout + done.stderr
    return Path(folder) / 'dist'


def built_bookmarklet(folder, *options):
    """The self-contained bookmarklet a build with options writes, as a click runs it."""
    return (build(folder, *options) / 'bookmarklet.url').read_text(encoding='utf-8').strip()


def stale_dist():
    """Why dist/ is not what `make` would build from the checkout now, saying "run make";
    None when it is. dist/ must be newer than build/compiled.json, whose digest must be
    that of the compile's inputs today, and newer than every file that writes it."""
    url = ROOT / 'dist' / 'bookmarklet.url'
    if not url.exists() or not COMPILED.exists():
        return 'dist/ is missing: run make (or make test) first'
    built = url.stat().st_mtime
    if json.loads(COMPILED.read_text(encoding='utf-8'))['inputs'] != inputs_digest():
        return 'dist/ is older than the sources it is built from (bookmarklet/, the build ' \
               'steps or the pinned tools changed since): run make'
    newer = [path.relative_to(ROOT).as_posix() for pattern in DIST_WRITERS
             for path in sorted(ROOT.glob(pattern))
             if path.is_file() and path.stat().st_mtime > built] \
        + (['build/compiled.json'] if COMPILED.stat().st_mtime > built else [])
    if newer:
        return 'dist/ is older than {}: run make'.format(', '.join(newer))
    return None


def installed_command(work):
    """The autoindex-sitemap command as a user gets it: a wheel built from a copy of this
    checkout's sources and the compiled parts `make` kept (so the checkout gets none of
    setuptools' build files), installed in a fresh venv under work. Returns the venv's
    bin folder."""
    work = Path(work)
    if not COMPILED.exists():
        raise AssertionError('build/compiled.json is missing: run `make` first')
    source = work / 'source'
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        '.git', '.venv', 'node_modules', 'build', 'dist', 'tests', 'docs', '*.egg-info',
        '__pycache__', '.pytest_cache', '.hypothesis'))
    (source / 'build').mkdir()
    shutil.copy(COMPILED, source / 'build')
    for command in [[sys.executable, '-m', 'pip', 'wheel', '--no-deps', '--quiet', '--wheel-dir',
                     str(work / 'wheels'), str(source)],
                    [sys.executable, '-m', 'venv', str(work / 'venv')]]:
        done = subprocess.run(command, capture_output=True, text=True)
        assert done.returncode == 0, done.stdout + done.stderr
    [wheel] = (work / 'wheels').glob('*.whl')
    done = subprocess.run([str(work / 'venv' / 'bin' / 'pip'), 'install', '--quiet', str(wheel)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    return work / 'venv' / 'bin'


def unpacked_package(dist, folder):
    """The npm package `make dist` writes, packed from dist into folder as the Makefile packs
    it (toolkit/package.py), then unpacked there: {tgz, files} with files its package/
    folder."""
    folder = Path(folder)
    done = subprocess.run([sys.executable, '-m', 'toolkit.package', str(dist), str(folder)],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    [tgz] = folder.glob('*.tgz')
    with tarfile.open(tgz) as archive:
        # Python's own check of each member where it has one (3.11.4 on; Debian 12's
        # 3.11.2 has none): the archive is the one just packed.
        if hasattr(tarfile, 'data_filter'):
            archive.extractall(folder, filter='data')
        else:
            archive.extractall(folder)
    return {'tgz': tgz, 'files': folder / 'package'}
