"""Build the bookmarklet: transpile, bundle, minify, wrap, write dist/.

    .venv/bin/python generator.py [options]

Transcrypt turns bookmarklet/ into ES modules, esbuild bundles them into one
strict, minified IIFE, and the result is wrapped in `void` and escaped for a
javascript: URL. dist/ is replaced only once every step has succeeded. Each
step lives in toolkit/, one module per job.
"""

import shutil
import sys
import time
from pathlib import Path

from toolkit.bundle import stage_sources
from toolkit.compile import compile_script, module_table
from toolkit.errors import BuildError
from toolkit.javascript_url import bookmarklet_url, check_sizes, size_table
from toolkit.loader import install_page, loader_url
from toolkit.settings import parse_options, settings_of


def write_dist(files, out):
    """Replace out with the given files at once, so no half-written dist/ is ever left."""
    fresh = out.with_name(out.name + '.new')
    old = out.with_name(out.name + '.old')
    for folder in (fresh, old):
        if folder.exists():
            shutil.rmtree(folder)
    fresh.mkdir(parents=True)
    for name, text in files.items():
        (fresh / name).write_text(text, encoding='utf-8')
    if out.exists():
        out.rename(old)
    fresh.rename(out)
    if old.exists():
        shutil.rmtree(old)


def build(options):
    started = time.monotonic()
    build_dir = Path(options.build_dir)
    settings, build_options = settings_of(options)
    entry = stage_sources(settings, build_dir / 'src')
    compiled = compile_script(entry, 'bookmarklet/main.py', build_dir / 'src',
                              build_dir / 'transcrypt', build_dir / 'bundle.js')
    script = compiled['script'] + '\n'
    urls = {
        'bookmarklet.url': bookmarklet_url(script.strip()),
        'loader.url': loader_url(script, build_options['scriptUrl'], settings, build_dir),
    }
    check_sizes(urls['bookmarklet.url'])
    files = {
        'bookmarklet.url': urls['bookmarklet.url'] + '\n',
        'loader.url': urls['loader.url'] + '\n',
        'sitemap.js': script,
        'install.html': install_page(urls, settings, build_options),
    }
    out = Path(options.out)
    write_dist(files, out)
    elapsed = time.monotonic() - started
    for name in sorted(files):
        print('wrote {}: {:,} bytes'.format(out / name, len(files[name].encode('utf-8'))))
    print(size_table(urls))
    print(module_table(compiled['modules'], compiled['runtime']))
    print('built in {:.1f} s'.format(elapsed))


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
