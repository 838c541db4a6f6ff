"""The linter (ruff, configured in ruff.toml) finds nothing in the repository."""

import subprocess
import sys

from toolkit import ROOT


def test_ruff_finds_nothing():
    done = subprocess.run([sys.executable, '-m', 'ruff', 'check', '--no-cache', '--quiet',
                           '--output-format', 'concise', str(ROOT)],
                          cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
