"""Run generator.py as a user does, in a folder of the test's own (so no sitemap.toml
of the developer's is read), into an --out and --build-dir of the test's own."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


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
