"""Build the bookmarklet: transpile, bundle, minify, write the settings in, write dist/.

    .venv/bin/python generator.py [options]

Transcrypt turns bookmarklet/ into ES modules and esbuild bundles them into
one strict, minified IIFE that reads its settings from one literal; the
compiled parts are kept in build/ under the digest of their inputs, so a
build with other settings only writes them in (toolkit/literal.py). The
script is wrapped in `void` and escaped for a javascript: URL, and dist/ is
replaced only once every step has succeeded. Each step lives in toolkit/,
one module per job.
"""

import sys
import time
from pathlib import Path

from toolkit import ROOT
from toolkit.compile import compiled_bookmarklet, module_table
from toolkit.dist import check_out, write_build
from toolkit.errors import BuildError
from toolkit.release import project_version
from toolkit.settings import parse_options, settings_of


def build(options):
    started = time.monotonic()
    settings, build_options = settings_of(options, project_version())
    check_out(Path(options.out))  # before a compile of seconds, not only before the write
    parts = compiled_bookmarklet(Path(options.build_dir))
    page = (ROOT / 'loader' / 'install.html').read_text(encoding='utf-8')
    write_build(parts, page, settings, build_options, Path(options.out))
    print(module_table(parts['modules'], parts['runtime']))
    print('built in {:.1f} s'.format(time.monotonic() - started))


def main(argv):
    options = parse_options(argv)
    try:
        build(options)
    except BuildError as error:
        print('generator.py: ' + str(error), file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
