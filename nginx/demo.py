"""`make demo`: a sample two-level tree served by nginx with the bookmarklet's files.

    .venv/bin/python -m nginx.demo [--port 8080] [--dist dist]

Writes the tree into a temporary folder, serves it with sitemap-host.conf
(listings as HTML and, when asked, JSON; dist/ under /.autoindex-sitemap/),
prints the URLs to open, and on Ctrl-C (or SIGTERM) stops nginx and removes
the folder.
"""

import argparse
import random
import shutil
import signal
import socket
import sys
import tempfile
import time
from pathlib import Path

from nginx.server import Nginx
from tests.support.trees import write_tree, directory, file

HERE = Path(__file__).resolve().parent
DAY = 86400

PROJECTS = ['website-redesign', 'annual-report-2025', 'kitchen renovation', 'thesis drafts',
            'release-v2.4.1', 'release-v2.5.0', 'podcast episodes', 'Übersetzungen',
            'photos & scans', 'tax-2025', 'conference-talk', 'client-acme', 'client-globex',
            'datasets', 'backups', 'newsletter', 'recipes', 'garden-plans', 'music practice',
            'vacation-lisbon', 'house-insurance', 'car', 'school-forms', 'old-laptop',
            'invoices', 'contracts', 'design-assets', 'video edits', 'research-papers',
            'logs', 'firmware', 'ebooks', 'board games', 'wedding', 'moving-2024']
FILES = ['README.md', 'notes.txt', 'budget.ods', 'draft-v3.docx', 'IMG_{:04d}.jpg',
         'scan-{:03d}.pdf', 'export-{:02d}.csv', 'recording-{:02d}.flac', 'slides.pdf',
         'archive-{:02d}.tar.gz', 'todo.md', 'photo {:02d}.heic']
SUBFOLDERS = ['old', 'final', 'raw', 'attachments', 'drafts', 'exports', '2024', '2025']


def sample_tree(now, seed=2026):
    """About 40 level-1 entries with 0 to 12 children each, changed from minutes to
    two years ago, with names as people give them (spaces, &, non-ASCII)."""
    chance = random.Random(seed)
    spec = {}
    for name in PROJECTS:
        mtime = now - int(chance.expovariate(1 / (60 * DAY)))
        children = {}
        for index in range(chance.randrange(0, 13)):
            child_mtime = mtime - chance.randrange(0, 30 * DAY)
            if chance.random() < 0.2:
                children[chance.choice(SUBFOLDERS)] = directory(child_mtime)
            else:
                children[chance.choice(FILES).format(index + 1)] = file(
                    child_mtime, int(chance.lognormvariate(11, 2.5)))
        spec[name] = directory(mtime, children)
    for name in ['index-of-everything.txt', 'shopping list.md', 'Lebenslauf.pdf']:
        spec[name] = file(now - chance.randrange(0, 400 * DAY), chance.randrange(100, 900000))
    return spec


def main(argv):
    parser = argparse.ArgumentParser(prog='python -m nginx.demo', description=__doc__.split('\n')[0])
    parser.add_argument('--port', type=int, default=8080, help='the port on 127.0.0.1 (default: 8080)')
    parser.add_argument('--dist', default=str(HERE.parent / 'dist'), metavar='DIR',
                        help='the built dist/ folder to serve (default: dist/)')
    options = parser.parse_args(argv)
    dist = Path(options.dist).resolve()
    with socket.socket() as probe:
        try:
            probe.bind(('127.0.0.1', options.port))
        except OSError as error:
            print('demo: port {} on 127.0.0.1: {} (PORT= picks another)'.format(
                options.port, error.strerror), file=sys.stderr)
            return 1
    if not (dist / 'install.html').exists():
        print('demo: {} holds no build; run `make` first'.format(dist), file=sys.stderr)
        return 1
    # Ctrl-C stops the demo, as it says, also when started from something that ignores
    # SIGINT (a shell's background job, a CI runner), which Python would otherwise keep.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    folder = Path(tempfile.mkdtemp(prefix='autoindex-sitemap-demo-'))
    server = Nginx('sitemap-host.conf', folder / 'files', folder / 'nginx', port=options.port,
                   dist=dist)
    try:
        write_tree(folder / 'files', sample_tree(int(time.time())))
        try:
            server.start()
        except RuntimeError as error:
            print('demo: ' + str(error).strip(), file=sys.stderr)
            return 1
        print('Serving a sample tree with nginx. Open:')
        print('  install page: ' + server.url('/.autoindex-sitemap/install.html'))
        print('  a listing:    ' + server.url('/'))
        print('Press Ctrl-C to stop.', flush=True)
        while server.process.poll() is None:
            time.sleep(0.2)
        print('demo: nginx exited', file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print('\nStopped.', flush=True)
        return 0
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
