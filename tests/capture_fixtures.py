"""Capture real listings from real servers into tests/fixtures/.

    .venv/bin/python -m tests.capture_fixtures [--only SERVER] [--expected-only]

Writes one hostile tree (tests/fixture_tree.py) into a temp folder, serves
it with each server on 127.0.0.1 with a configuration written into that temp
folder (never a system service), and stores every response as it arrived:

    tests/fixtures/NAME.body           the body, byte for byte
    tests/fixtures/NAME.meta.json      status, Content-Type, request, server and version
    tests/fixtures/NAME.expected.json  the entries the reader must give, derived from
                                       the tree and the server's known quirks
                                       (tests/fixture_tree.py), not from the reader

--expected-only rewrites each .expected.json from its .meta.json, without a server,
after a rule of tests/fixture_tree.py changed.

Needs Debian's nginx-light, apache2-bin, lighttpd and caddy (servers/ runs each), and this
Python.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from nginx.server import Nginx, NGINX  # noqa: E402
from servers.apache import Apache, APACHE  # noqa: E402
from servers.caddy import Caddy, CADDY  # noqa: E402
from servers.lighttpd import Lighttpd, LIGHTTPD  # noqa: E402
from servers.process import free_port, stop_process, version_of, wait_listening  # noqa: E402
from tests import fixture_tree  # noqa: E402

FIXTURES = ROOT / 'tests' / 'fixtures'
JSON_ACCEPT = 'application/json'
HTML_ACCEPT = 'text/html'
# A fixed zone, no daylight saving: the local-time captures are 5 h 30 min ahead of UTC.
LOCAL_ZONE = 'XST-5:30'
LOCAL_OFFSET_MINUTES = 330


def fetch(port, path, accept):
    request = urllib.request.Request('http://127.0.0.1:{}{}'.format(port, path),
                                     headers={'Accept': accept})
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def write_expected(name, quirks):
    expected = fixture_tree.expected_listing(quirks)
    (FIXTURES / (name + '.expected.json')).write_text(
        json.dumps(expected, indent=1, ensure_ascii=False) + '\n', encoding='utf-8')


def save(name, server, version, port, path, accept, quirks):
    """Fetch path and store body, meta and expected entries under name."""
    status, headers, body = fetch(port, path, accept)
    FIXTURES.mkdir(parents=True, exist_ok=True)
    (FIXTURES / (name + '.body')).write_bytes(body)
    meta = {
        'server': server,
        'version': version,
        'request': {'path': path, 'accept': accept},
        'status': status,
        'contentType': headers.get('Content-Type', ''),
        'quirks': quirks,
    }
    (FIXTURES / (name + '.meta.json')).write_text(
        json.dumps(meta, indent=1, ensure_ascii=False) + '\n', encoding='utf-8')
    write_expected(name, quirks)
    print('{:28} {} {} {:>6} bytes'.format(name, status, headers.get('Content-Type', ''),
                                          len(body)))


# Served with the main configuration the tests use (nginx/server.py).
NGINX_SITE = """\
server {
    listen 127.0.0.1:8080;
    location /html/ { alias /srv/files/; autoindex on; }
    location /human/ { alias /srv/files/; autoindex on; autoindex_exact_size off; }
    location /local/ { alias /srv/files/; autoindex on; autoindex_localtime on; }
    location /json/ { alias /srv/files/; autoindex on; autoindex_format json; }
    location /jsonp/ { alias /srv/files/; autoindex on; autoindex_format jsonp; }
    location /xml/ { alias /srv/files/; autoindex on; autoindex_format xml; }
    location /charset/ { alias /srv/files/; autoindex on; charset utf-8; }
}
"""


def capture_nginx(work, tree):
    (work / 'nginx').mkdir()
    site = work / 'nginx' / 'capture.conf'
    site.write_text(NGINX_SITE, encoding='utf-8')
    version = version_of([NGINX, '-v'])
    with Nginx(site, tree, work / 'nginx' / 'run', timezone=LOCAL_ZONE) as server:
        port = server.port
        for variant, path, accept in [('html', '/html/', HTML_ACCEPT),
                                      ('html-human', '/human/', HTML_ACCEPT),
                                      ('html-localtime', '/local/', HTML_ACCEPT),
                                      ('html-charset', '/charset/', HTML_ACCEPT),
                                      ('json', '/json/', JSON_ACCEPT),
                                      ('jsonp', '/jsonp/?callback=show.listing_1', '*/*'),
                                      ('xml', '/xml/', '*/*')]:
            save('nginx-' + variant, 'nginx', version, port, path, accept,
                 {'server': 'nginx', 'format': variant,
                  'utcOffsetMinutes': LOCAL_OFFSET_MINUTES if variant == 'html-localtime' else 0})
        save('nginx-json-empty', 'nginx', version, port, '/json/empty/', JSON_ACCEPT,
             {'server': 'nginx', 'format': 'json', 'empty': True})
        save('nginx-html-empty', 'nginx', version, port, '/html/empty/', HTML_ACCEPT,
             {'server': 'nginx', 'format': 'html', 'empty': True})
        save('nginx-404', 'nginx', version, port, '/html/no-such-dir/', HTML_ACCEPT,
             {'server': 'nginx', 'error': True})


# The three ways mod_autoindex lists, one alias each.
APACHE_VARIANTS = """\
Alias /plain/ {tree}/
Alias /fancy/ {tree}/
Alias /table/ {tree}/
<Location /plain/>
    IndexOptions -FancyIndexing
</Location>
<Location /fancy/>
    IndexOptions FancyIndexing
</Location>
<Location /table/>
    IndexOptions FancyIndexing HTMLTable NameWidth=* Charset=UTF-8
</Location>
"""


def capture_apache(work, tree):
    version = version_of([APACHE, '-v'])
    with Apache(tree, work / 'apache', index_options='',
                extra=APACHE_VARIANTS.format(tree=tree)) as server:
        for variant in ['plain', 'fancy', 'table']:
            save('apache-' + variant, 'apache', version, server.port, '/' + variant + '/',
                 HTML_ACCEPT, {'server': 'apache', 'format': variant})
        save('apache-table-empty', 'apache', version, server.port, '/table/empty/', HTML_ACCEPT,
             {'server': 'apache', 'format': 'table', 'empty': True})
        save('apache-404', 'apache', version, server.port, '/table/no-such-dir/', HTML_ACCEPT,
             {'server': 'apache', 'error': True})


def capture_lighttpd(work, tree):
    version = version_of([LIGHTTPD, '-v'])
    with Lighttpd(tree, work / 'lighttpd') as server:
        save('lighttpd', 'lighttpd', version, server.port, '/', HTML_ACCEPT,
             {'server': 'lighttpd', 'format': 'html'})
        save('lighttpd-empty', 'lighttpd', version, server.port, '/empty/', HTML_ACCEPT,
             {'server': 'lighttpd', 'format': 'html', 'empty': True})


def capture_caddy(work, tree):
    version = 'Caddy ' + version_of([CADDY, 'version'])
    with Caddy(tree, work / 'caddy') as server:
        save('caddy-html', 'caddy', version, server.port, '/', HTML_ACCEPT,
             {'server': 'caddy', 'format': 'html'})
        save('caddy-json', 'caddy', version, server.port, '/', JSON_ACCEPT,
             {'server': 'caddy', 'format': 'json'})
        save('caddy-json-empty', 'caddy', version, server.port, '/empty/', JSON_ACCEPT,
             {'server': 'caddy', 'format': 'json', 'empty': True})


def capture_python(work, tree):
    version = 'Python ' + sys.version.split()[0] + ' http.server'
    port = free_port()
    server = subprocess.Popen([sys.executable, '-m', 'http.server', str(port),
                               '--bind', '127.0.0.1', '--directory', str(tree)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        wait_listening(server, port, 'http.server')
        save('python-http-server', 'python-http.server', version, port, '/', HTML_ACCEPT,
             {'server': 'python', 'format': 'html'})
        save('python-http-server-empty', 'python-http.server', version, port, '/empty/',
             HTML_ACCEPT, {'server': 'python', 'format': 'html', 'empty': True})
    finally:
        stop_process(server)


CAPTURES = {
    'nginx': capture_nginx,
    'apache': capture_apache,
    'lighttpd': capture_lighttpd,
    'caddy': capture_caddy,
    'python': capture_python,
}


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--only', choices=sorted(CAPTURES), action='append')
    parser.add_argument('--expected-only', action='store_true')
    options = parser.parse_args(argv)
    if options.expected_only:
        for meta in sorted(FIXTURES.glob('*.meta.json')):
            write_expected(meta.name[:-len('.meta.json')],
                           json.loads(meta.read_text(encoding='utf-8'))['quirks'])
        return 0
    work = Path(tempfile.mkdtemp(prefix='autoindex-fixtures-'))
    os.chmod(work, 0o755)
    try:
        tree = work / 'tree'
        fixture_tree.write(tree)
        for name in options.only or sorted(CAPTURES):
            CAPTURES[name](work, tree)
    finally:
        shutil.rmtree(work)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
