"""autoindex-sitemap: dist/ with any settings, from the compiled parts this package carries.

    autoindex-sitemap [options]        (the options of generator.py but --build-dir)

The package built from a checkout (pyproject.toml) carries the bookmarklet as
`make` compiled it, in compiled.json beside this module, with the install
page's template: writing other settings into it needs neither Transcrypt nor
node nor the checkout. Rebuilding from the Python source stays `make`.
"""

import json
import sys
from pathlib import Path

from toolkit.dist import write_build
from toolkit.errors import BuildError
from toolkit.settings import parse_options, settings_of

PACKAGED = Path(__file__).with_name('compiled.json')


def main(argv=None):
    prog = Path(sys.argv[0]).name  # the name it was installed as: autoindex-sitemap
    options = parse_options(sys.argv[1:] if argv is None else argv, prog, build_dir=False)
    try:
        parts = json.loads(PACKAGED.read_text(encoding='utf-8'))
        settings, build_options = settings_of(options, parts['version'])
        write_build(parts, parts['page'], settings, build_options, Path(options.out))
    except BuildError as error:
        print(prog + ': ' + str(error), file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
