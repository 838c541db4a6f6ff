"""The checkers find nothing: ruff (ruff.toml) in the repository, mypy over what mypy.ini
names."""

import subprocess
import sys

from toolkit import ROOT


def run(*command):
    return subprocess.run([sys.executable, '-m'] + list(command), cwd=ROOT,
                          capture_output=True, text=True)


def test_ruff_finds_nothing():
    done = run('ruff', 'check', '--no-cache', '--quiet', '--output-format', 'concise', str(ROOT))
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_finds_nothing():
    done = run('mypy')
    assert done.returncode == 0, done.stdout + done.stderr
