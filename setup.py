"""Put the compiled bookmarklet into the package (pyproject.toml holds the rest).

The wheel carries toolkit/compiled.json: the parts `make` compiled and kept
in build/ (toolkit/compile.py), with the install page's template. They are
compiled here when build/ holds none for these sources, which takes
Transcrypt and node as `make` does.
"""

import json
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))


class BuildWithCompiled(build_py):
    def run(self):
        super().run()
        from toolkit.compile import compiled_bookmarklet
        parts = compiled_bookmarklet(HERE / 'build')
        parts['page'] = (HERE / 'loader' / 'install.html').read_text(encoding='utf-8')
        target = Path(self.build_lib) / 'toolkit' / 'compiled.json'
        target.write_text(json.dumps(parts, sort_keys=True) + '\n', encoding='utf-8')


setup(cmdclass={'build_py': BuildWithCompiled})
