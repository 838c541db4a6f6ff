"""Run generator.py as a user does, in a folder of the test's own (so no sitemap.toml
of the developer's is read), into an --out and --build-dir of the test's own."""

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_generator(folder, *options):
    """generator.py with options, run in folder; returns the finished process."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    return subprocess.run(
        [sys.executable, str(ROOT / 'generator.py'), '--out', str(folder / 'dist'),
         '--build-dir', str(folder / 'build')] + list(options),
        cwd=folder, capture_output=True, text=True)


def build(folder, *options):
    """A finished build's dist/ folder; fails the test with the generator's words otherwise."""
    done = run_generator(folder, *options)
    assert done.returncode == 0, done.stdout + done.stderr
    return Path(folder) / 'dist'


def built_bookmarklet(folder, *options):
    """The self-contained bookmarklet a build with options writes, as a click runs it."""
    return (build(folder, *options) / 'bookmarklet.url').read_text(encoding='utf-8').strip()


def installed_command(work):
    """The autoindex-sitemap command as a user gets it: a wheel built from a copy of this
    checkout's sources and the compiled parts `make` kept (so the checkout gets none of
    setuptools' build files), installed in a fresh venv under work. Returns the venv's
    bin folder."""
    work = Path(work)
    if not (ROOT / 'build' / 'compiled.json').exists():
        raise AssertionError('build/compiled.json is missing: run `make` first')
    source = work / 'source'
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        '.git', '.venv', 'node_modules', 'build', 'dist', 'tests', 'docs', '*.egg-info',
        '__pycache__', '.pytest_cache', '.hypothesis'))
    (source / 'build').mkdir()
    shutil.copy(ROOT / 'build' / 'compiled.json', source / 'build')
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
