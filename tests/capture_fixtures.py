"""Capture real listings from real servers into tests/fixtures/.

    .venv/bin/python -m tests.capture_fixtures [--only SERVER]

Writes one hostile tree (tests/fixture_tree.py) into a temp folder, serves
it with each server on 127.0.0.1 with a configuration written into that temp
folder (never a system service), and stores every response as it arrived:

    tests/fixtures/NAME.body           the body, byte for byte
    tests/fixtures/NAME.meta.json      status, Content-Type, request, server and version
    tests/fixtures/NAME.expected.json  the entries the reader must give, derived from
                                       the tree and the server's known quirks
                                       (tests/fixture_tree.py), not from the reader

Needs Debian's nginx-light, apache2, lighttpd and caddy, and this Python.
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

from nginx.server import Nginx, free_port, stop_process, wait_listening  # noqa: E402
from tests import fixture_tree  # noqa: E402

FIXTURES = ROOT / 'tests' / 'fixtures'
JSON_ACCEPT = 'application/json'
HTML_ACCEPT = 'text/html'
# A fixed zone, no daylight saving: the local-time captures are 5 h 30 min ahead of UTC.
LOCAL_ZONE = 'XST-5:30'
LOCAL_OFFSET_MINUTES = 330


class Server:
    """One server process on 127.0.0.1, stopped by stop()."""

    def __init__(self, name, command, port, env=None):
        self.name = name
        self.port = port
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.PIPE, env=env)
        wait_listening(self.process, port, name, timeout=15)

    def stop(self):
        stop_process(self.process)


def version_of(command):
    done = subprocess.run(command, capture_output=True, text=True)
    return (done.stdout + done.stderr).strip().splitlines()[0]


def fetch(port, path, accept):
    request = urllib.request.Request('http://127.0.0.1:{}{}'.format(port, path),
                                     headers={'Accept': accept})
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


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
    expected = fixture_tree.expected_listing(quirks)
    (FIXTURES / (name + '.expected.json')).write_text(
        json.dumps(expected, indent=1, ensure_ascii=False) + '\n', encoding='utf-8')
    print('{:28} {} {} {:>6} bytes'.format(name, status, headers.get('Content-Type', ''),
                                          len(body)))


# Served by nginx/server.py, which swaps the listen address and /srv/files.
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
    version = version_of(['/usr/sbin/nginx', '-v'])
    site = work / 'capture.conf'
    site.write_text(NGINX_SITE, encoding='utf-8')
    with Nginx(site, tree, work / 'nginx', timezone=LOCAL_ZONE) as server:
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


APACHE_CONF = """\
ServerRoot {work}
Listen 127.0.0.1:{port}
PidFile {work}/httpd.pid
ErrorLog {work}/error.log
LogLevel warn
Mutex file:{work}
LoadModule mpm_prefork_module /usr/lib/apache2/modules/mod_mpm_prefork.so
LoadModule authz_core_module /usr/lib/apache2/modules/mod_authz_core.so
LoadModule alias_module /usr/lib/apache2/modules/mod_alias.so
LoadModule mime_module /usr/lib/apache2/modules/mod_mime.so
LoadModule dir_module /usr/lib/apache2/modules/mod_dir.so
LoadModule autoindex_module /usr/lib/apache2/modules/mod_autoindex.so
TypesConfig /etc/mime.types
User www-data
Group www-data
ServerName 127.0.0.1
DocumentRoot {tree}
<Directory />
    Options FollowSymLinks Indexes
    AllowOverride None
    Require all granted
</Directory>
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
    version = version_of(['/usr/sbin/apache2', '-v'])
    port = free_port()
    folder = work / 'apache'
    folder.mkdir()
    os.chmod(folder, 0o777)
    conf = folder / 'httpd.conf'
    conf.write_text(APACHE_CONF.format(work=folder, port=port, tree=tree))
    env = dict(os.environ, TZ='UTC')
    server = Server('apache2', ['/usr/sbin/apache2', '-X', '-f', str(conf)], port, env)
    try:
        for variant in ['plain', 'fancy', 'table']:
            save('apache-' + variant, 'apache', version, port, '/' + variant + '/', HTML_ACCEPT,
                 {'server': 'apache', 'format': variant})
        save('apache-table-empty', 'apache', version, port, '/table/empty/', HTML_ACCEPT,
             {'server': 'apache', 'format': 'table', 'empty': True})
        save('apache-404', 'apache', version, port, '/table/no-such-dir/', HTML_ACCEPT,
             {'server': 'apache', 'error': True})
    finally:
        server.stop()


LIGHTTPD_CONF = """\
server.document-root = "{tree}"
server.bind = "127.0.0.1"
server.port = {port}
server.modules = ("mod_dirlisting")
server.errorlog = "{work}/error.log"
dir-listing.activate = "enable"
dir-listing.encoding = "utf-8"
"""


def capture_lighttpd(work, tree):
    version = version_of(['/usr/sbin/lighttpd', '-v'])
    port = free_port()
    folder = work / 'lighttpd'
    folder.mkdir()
    conf = folder / 'lighttpd.conf'
    conf.write_text(LIGHTTPD_CONF.format(work=folder, port=port, tree=tree))
    env = dict(os.environ, TZ='UTC')
    server = Server('lighttpd', ['/usr/sbin/lighttpd', '-D', '-f', str(conf)], port, env)
    try:
        save('lighttpd', 'lighttpd', version, port, '/', HTML_ACCEPT,
             {'server': 'lighttpd', 'format': 'html'})
        save('lighttpd-empty', 'lighttpd', version, port, '/empty/', HTML_ACCEPT,
             {'server': 'lighttpd', 'format': 'html', 'empty': True})
    finally:
        server.stop()


CADDYFILE = """\
{{
    admin off
}}
http://127.0.0.1:{port} {{
    root * {tree}
    file_server browse
}}
"""


def capture_caddy(work, tree):
    version = 'Caddy ' + version_of(['/usr/bin/caddy', 'version'])
    port = free_port()
    folder = work / 'caddy'
    folder.mkdir()
    conf = folder / 'Caddyfile'
    conf.write_text(CADDYFILE.format(port=port, tree=tree))
    env = dict(os.environ, TZ='UTC', HOME=str(folder), XDG_DATA_HOME=str(folder),
               XDG_CONFIG_HOME=str(folder))
    server = Server('caddy', ['/usr/bin/caddy', 'run', '--adapter', 'caddyfile',
                              '--config', str(conf)], port, env)
    try:
        save('caddy-html', 'caddy', version, port, '/', HTML_ACCEPT,
             {'server': 'caddy', 'format': 'html'})
        save('caddy-json', 'caddy', version, port, '/', JSON_ACCEPT,
             {'server': 'caddy', 'format': 'json'})
        save('caddy-json-empty', 'caddy', version, port, '/empty/', JSON_ACCEPT,
             {'server': 'caddy', 'format': 'json', 'empty': True})
    finally:
        server.stop()


def capture_python(work, tree):
    version = 'Python ' + sys.version.split()[0] + ' http.server'
    port = free_port()
    server = Server('http.server', [sys.executable, '-m', 'http.server', str(port),
                                    '--bind', '127.0.0.1', '--directory', str(tree)], port)
    try:
        save('python-http-server', 'python-http.server', version, port, '/', HTML_ACCEPT,
             {'server': 'python', 'format': 'html'})
        save('python-http-server-empty', 'python-http.server', version, port, '/empty/',
             HTML_ACCEPT, {'server': 'python', 'format': 'html', 'empty': True})
    finally:
        server.stop()


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
    options = parser.parse_args(argv)
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
