"""Capture real listings from real servers into tests/fixtures/.

    .venv/bin/python -m tools.capture_fixtures [--only SERVER] [--expected-only]

Writes one hostile tree (tests/support/fixture_tree.py) into a temp folder, serves
it with each server on 127.0.0.1 with a configuration written into that temp
folder (never a system service), and stores every response as it arrived:

    tests/fixtures/NAME.body           the body, byte for byte
    tests/fixtures/NAME.meta.json      status, Content-Type, request, server and version
    tests/fixtures/NAME.expected.json  the entries the reader must give, derived from
                                       the tree and the server's known quirks
                                       (tests/support/fixture_tree.py), not from the reader

--expected-only rewrites each .expected.json from its .meta.json, without a server,
after a rule of tests/support/fixture_tree.py changed.

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
from email.utils import parsedate_to_datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from nginx.server import Nginx, NGINX  # noqa: E402
from servers.apache import Apache, APACHE  # noqa: E402
from servers.caddy import Caddy, CADDY  # noqa: E402
from servers.lighttpd import Lighttpd, LIGHTTPD  # noqa: E402
from servers.fancyindex import FancyIndex  # noqa: E402
from servers.webfs import Webfs  # noqa: E402
from servers.mini_httpd import MiniHttpd, MINI_HTTPD  # noqa: E402
from servers.micro_httpd import MicroHttpd  # noqa: E402
from servers.h2o import H2o, H2O  # noqa: E402
from servers.rclone import Rclone, RCLONE  # noqa: E402
from servers.twisted_web import TwistedWeb  # noqa: E402
from servers.node import HttpServer, Serve  # noqa: E402
from servers.yaws import Yaws, YAWS  # noqa: E402
from servers.go_fileserver import GoFileServer, go_version  # noqa: E402
from servers.tomcat import Tomcat, tomcat_version  # noqa: E402
from servers.jetty import Jetty, jetty_version  # noqa: E402
from servers.process import free_port, stop_process, version_of, wait_listening  # noqa: E402
from tests.support import fixture_tree  # noqa: E402

FIXTURES = ROOT / 'tests' / 'fixtures'
JSON_ACCEPT = 'application/json'
HTML_ACCEPT = 'text/html'
# A fixed zone, no daylight saving: the local-time captures are 5 h 30 min ahead of UTC.
LOCAL_ZONE = 'XST-5:30'
LOCAL_OFFSET_MINUTES = 330
# The same offset as a zone name, for servers that read zones only from the zone files
# (Go, Java): each server below runs in it, so a page in local time shows it.
LOCAL_ZONE_NAME = 'Asia/Kolkata'
# Where each server's pages of a directory that serves its own page, of an empty one, and
# of one that does not exist are asked for.
OWN_PAGE_PATH = '/' + fixture_tree.quote(fixture_tree.OWN_PAGE, safe='/') + '/'
MISSING_PATH = '/no-such-dir/'


def fetch(port, path, accept):
    request = urllib.request.Request('http://127.0.0.1:{}{}'.format(port, path),
                                     headers={'Accept': accept})
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def write_expected(name, quirks):
    try:
        expected = fixture_tree.expected_listing(quirks)
    except KeyError as missing:
        print('no rule yet for', name, missing)
        return
    (FIXTURES / (name + '.expected.json')).write_text(
        json.dumps(expected, indent=1, ensure_ascii=False) + '\n', encoding='utf-8')


def save(name, server, version, port, path, accept, quirks):
    """Fetch path and store body, meta and expected entries under name."""
    status, headers, body = fetch(port, path, accept)
    if 'now' in quirks:
        # When the page was made, for pages that leave out a recent date's year.
        quirks = dict(quirks, now=int(parsedate_to_datetime(headers['Date']).timestamp()))
    FIXTURES.mkdir(parents=True, exist_ok=True)
    (FIXTURES / (name + '.body')).write_bytes(body)
    meta = {
        'server': server,
        'version': version,
        'request': {'path': path, 'accept': accept},
        'status': status,
        'contentType': headers.get('Content-Type', ''),
        'date': headers.get('Date', ''),
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


def save_others(prefix, server, version, port, base, quirks, empty=True, own_page=True,
                missing=True, lists_own_page=False):
    """The pages of one server besides its listing: an empty directory's (quirks plus
    empty), a directory that serves its own page (or, for a server that lists every
    directory, its listing of that index.html), and a directory that does not exist."""
    if empty:
        save(prefix + '-empty', server, version, port, base + 'empty/', HTML_ACCEPT,
             dict(quirks, empty=True))
    if own_page and lists_own_page:
        save(prefix + '-own-page', server, version, port, base + OWN_PAGE_PATH[1:], HTML_ACCEPT,
             dict(quirks, ownPageListed=True))
    elif own_page:
        save(prefix + '-own-page', server, version, port, base + OWN_PAGE_PATH[1:], HTML_ACCEPT,
             {'server': quirks['server'], 'error': True, 'ownPage': True})
    if missing:
        save(prefix + '-404', server, version, port, base + MISSING_PATH[1:], HTML_ACCEPT,
             {'server': quirks['server'], 'error': True})


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
        save_others('nginx-html', 'nginx', version, port, '/html/', {'server': 'nginx'},
                    empty=False, missing=False)


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


# mod_autoindex's IndexOptions as sites set them, one alias each. The icons are Debian's
# (autoindex.conf); the pages link them whether or not the images are there.
APACHE_ICONS = """\
AddIconByType (TXT,/icons/text.gif) text/*
AddIcon /icons/back.gif ..
AddIcon /icons/folder.gif ^^DIRECTORY^^
AddIcon /icons/blank.gif ^^BLANKICON^^
DefaultIcon /icons/unknown.gif
"""
# A header and readme as sites write them: links that are no entries (mail, script, another
# site, the site's own top) and links to entries before and after the listing.
HEADER_LINKS = """\
<p>Mirror of the example files. Mail <a href="mailto:files@example.org">the maintainers</a>,
<a href="javascript:history.back()">go back</a>, read <a href="https://www.example.org/about/">about
the project</a>, or start with <a href="same-a.txt">same-a.txt</a>.</p>
"""
README_LINKS = """\
<p>Problems? <a href="mailto:files@example.org?subject=mirror">Write to us</a>. The biggest file is
<a href="huge.iso">huge.iso</a>; mirrors: <a href="http://mirror.example.net/files/">elsewhere</a>,
<a href="/">home</a>, <a href="#top">top</a>.</p>
"""
APACHE_HEADERS = {
    # Shown inside Apache's own page.
    'HEADER.html': '<h2>Example files</h2>\n' + HEADER_LINKS,
    'README.html': README_LINKS,
    # With SuppressHTMLPreamble the header is the page's start: its own title.
    'PREAMBLE.html': '<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>Example files'
                     '</title></head>\n<body>\n<h1>Example files</h1>\n' + HEADER_LINKS,
    # And with an empty title: nothing says "Index of".
    'NOTITLE.html': '<html><head><title></title></head>\n<body>\n',
}
APACHE_INDEX_OPTIONS = [
    ('fancy-icons', 'FancyIndexing IconsAreLinks'),
    ('table-icons', 'FancyIndexing HTMLTable IconsAreLinks NameWidth=* Charset=UTF-8'),
    ('table-nodate', 'FancyIndexing HTMLTable IconsAreLinks SuppressLastModified '
                     'SuppressDescription NameWidth=*'),
    ('nosort', 'FancyIndexing HTMLTable SuppressColumnSorting SuppressHTMLPreamble NameWidth=*'),
    ('preamble', 'FancyIndexing SuppressHTMLPreamble IconsAreLinks'),
    ('header-readme', 'FancyIndexing HTMLTable IconsAreLinks NameWidth=*'),
    ('charset', 'FancyIndexing Charset=UTF-8'),
]
APACHE_HEADER_NAMES = {
    'nosort': 'HeaderName /_headers/NOTITLE.html',
    'preamble': 'HeaderName /_headers/PREAMBLE.html\nReadmeName /_headers/README.html',
    'header-readme': 'HeaderName /_headers/HEADER.html\nReadmeName /_headers/README.html',
}


def apache_variants(tree, headers):
    """The Alias and Location blocks of every variant, headers served at /_headers/."""
    blocks = [APACHE_VARIANTS.format(tree=tree), 'Alias /icons/ /usr/share/apache2/icons/',
              'Alias /_headers/ {}/\n'.format(headers)]
    for variant, options in APACHE_INDEX_OPTIONS:
        blocks.append('Alias /{0}/ {1}/\n<Location /{0}/>\n    IndexOptions {2}\n{3}\n{4}\n'
                      '</Location>\n'.format(variant, tree, options, APACHE_ICONS,
                                              APACHE_HEADER_NAMES.get(variant, '')))
    return '\n'.join(blocks)


def capture_apache(work, tree):
    version = version_of([APACHE, '-v'])
    headers = work / 'apache-headers'
    headers.mkdir()
    for name, text in APACHE_HEADERS.items():
        (headers / name).write_text(text, encoding='utf-8')
    os.chmod(headers, 0o755)
    with Apache(tree, work / 'apache', index_options='',
                extra=apache_variants(tree, headers)) as server:
        for variant in ['plain', 'fancy', 'table']:
            save('apache-' + variant, 'apache', version, server.port, '/' + variant + '/',
                 HTML_ACCEPT, {'server': 'apache', 'format': variant})
        save('apache-table-empty', 'apache', version, server.port, '/table/empty/', HTML_ACCEPT,
             {'server': 'apache', 'format': 'table', 'empty': True})
        save('apache-404', 'apache', version, server.port, '/table/no-such-dir/', HTML_ACCEPT,
             {'server': 'apache', 'error': True})
        save_others('apache-table', 'apache', version, server.port, '/table/',
                    {'server': 'apache'}, empty=False, missing=False)
        for variant, _ in APACHE_INDEX_OPTIONS:
            save('apache-' + variant, 'apache', version, server.port, '/' + variant + '/',
                 HTML_ACCEPT, {'server': 'apache', 'format': variant})


def capture_lighttpd(work, tree):
    version = version_of([LIGHTTPD, '-v'])
    with Lighttpd(tree, work / 'lighttpd') as server:
        save('lighttpd', 'lighttpd', version, server.port, '/', HTML_ACCEPT,
             {'server': 'lighttpd', 'format': 'html'})
        save('lighttpd-empty', 'lighttpd', version, server.port, '/empty/', HTML_ACCEPT,
             {'server': 'lighttpd', 'format': 'html', 'empty': True})
        save_others('lighttpd', 'lighttpd', version, server.port, '/', {'server': 'lighttpd'},
                    empty=False)


def capture_caddy(work, tree):
    version = 'Caddy ' + version_of([CADDY, 'version'])
    with Caddy(tree, work / 'caddy') as server:
        save('caddy-html', 'caddy', version, server.port, '/', HTML_ACCEPT,
             {'server': 'caddy', 'format': 'html'})
        save('caddy-json', 'caddy', version, server.port, '/', JSON_ACCEPT,
             {'server': 'caddy', 'format': 'json'})
        save('caddy-json-empty', 'caddy', version, server.port, '/empty/', JSON_ACCEPT,
             {'server': 'caddy', 'format': 'json', 'empty': True})
        save_others('caddy-html', 'caddy', version, server.port, '/',
                    {'server': 'caddy', 'format': 'html'})


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
        save_others('python-http-server', 'python-http.server', version, port, '/',
                    {'server': 'python'}, empty=False)
    finally:
        stop_process(server)


# nginx's fancyindex module: its defaults, and as sites theme it (a header and footer of
# their own with links, served from a location of their own; human sizes, local time,
# dotfiles shown). A theme's header ends where the module goes on with the path.
# One header for every directory: its links lead out of the listing, never to an entry.
FANCY_HEADER = """\
<!DOCTYPE html><html><head><title>Example files</title></head><body>
<p>Mail <a href="mailto:files@example.org">the maintainers</a>, <a href="javascript:history.back()">go
back</a>, read <a href="https://www.example.org/about/">about the project</a>, <a href="/">home</a>,
<a href="?C=M&amp;O=D">newest first</a>.</p>
<h1>Files in """
FANCY_FOOTER = """\
<p><a href="#top">Top</a>; mirrors: <a href="http://mirror.example.net/files/">elsewhere</a>.</p>
</body></html>
"""
FANCY_THEME = """\
        fancyindex_header /_fancy/header.html;
        fancyindex_footer /_fancy/footer.html;
        fancyindex_exact_size off;
        fancyindex_localtime on;
        fancyindex_show_dotfiles on;
"""
FANCY_LOCATION = '    location /_fancy/ {{ alias {}/; }}'


def capture_fancyindex(work, tree):
    version = version_of([NGINX, '-v']) + ' fancyindex ' + package_version(
        'libnginx-mod-http-fancyindex')
    quirks: dict = {'server': 'nginx-fancyindex', 'format': 'default'}
    with FancyIndex(tree, work / 'fancyindex', timezone=LOCAL_ZONE_NAME) as server:
        save('nginx-fancyindex', 'nginx-fancyindex', version, server.port, '/', HTML_ACCEPT,
             quirks)
        save_others('nginx-fancyindex', 'nginx-fancyindex', version, server.port, '/', quirks)
    themed = work / 'fancyindex-theme'
    themed.mkdir()
    (themed / 'header.html').write_text(FANCY_HEADER, encoding='utf-8')
    (themed / 'footer.html').write_text(FANCY_FOOTER, encoding='utf-8')
    quirks = {'server': 'nginx-fancyindex', 'format': 'theme',
              'utcOffsetMinutes': LOCAL_OFFSET_MINUTES}
    with FancyIndex(tree, themed / 'run', options=FANCY_THEME,
                    locations=FANCY_LOCATION.format(themed), timezone=LOCAL_ZONE_NAME) as server:
        save('nginx-fancyindex-theme', 'nginx-fancyindex', version, server.port, '/', HTML_ACCEPT,
             quirks)
        save_others('nginx-fancyindex-theme', 'nginx-fancyindex', version, server.port, '/', quirks,
                    own_page=False, missing=False)


def package_version(package):
    """The Debian package's version, for servers that print none of their own."""
    done = subprocess.run(['dpkg-query', '-W', '-f', '${Version}', package], capture_output=True,
                          text=True)
    return done.stdout.strip() or 'unknown'


def capture_server(name, kind, version, work, tree, quirks, start=None, leave_out=(), path='/',
                   lists_own_page=False, json_too=False):
    """Serve the tree (without the names in leave_out, when the server cannot serve them)
    with kind, in the local zone, and capture its listing and its other pages (and its
    listing as JSON, json_too, for a server that answers the bookmarklet's Accept so)."""
    if leave_out:
        tree = work / (name + '-tree')
        fixture_tree.write(tree, leave_out)
        quirks = dict(quirks, leftOut=[item.decode('latin-1') for item in leave_out])
    server = (start or kind)(tree, work / name, timezone=LOCAL_ZONE_NAME)
    with server:
        save(name, quirks['server'], version, server.port, path, HTML_ACCEPT, quirks)
        if json_too:
            save(name + '-json', quirks['server'], version, server.port, path, JSON_ACCEPT,
                 dict(quirks, format='json'))
        save_others(name, quirks['server'], version, server.port, path, quirks,
                    lists_own_page=lists_own_page)


def directory_size(tree):
    """What stat gives as a directory's size here: pages that show it show this."""
    return os.stat(tree / 'empty').st_size


def capture_webfs(work, tree):
    capture_server('webfs', Webfs, 'webfs ' + package_version('webfs'), work, tree,
                   {'server': 'webfs', 'format': 'html', 'now': None})


def capture_mini_httpd(work, tree):
    capture_server('mini-httpd', MiniHttpd, version_of([MINI_HTTPD, '-V']), work, tree,
                   {'server': 'mini_httpd', 'format': 'html', 'directorySize': directory_size(tree),
                    'utcOffsetMinutes': LOCAL_OFFSET_MINUTES})


def capture_micro_httpd(work, tree):
    capture_server('micro-httpd', MicroHttpd, 'micro_httpd ' + package_version('micro-httpd'),
                   work, tree, {'server': 'micro_httpd', 'format': 'html',
                                'directorySize': directory_size(tree),
                                'utcOffsetMinutes': LOCAL_OFFSET_MINUTES})


def capture_h2o(work, tree):
    capture_server('h2o', H2o, version_of([H2O, '--version']), work, tree,
                   {'server': 'h2o', 'format': 'html'})


def capture_rclone(work, tree):
    # rclone serves no index.html of its own: it lists that directory too.
    capture_server('rclone', Rclone, version_of([RCLONE, 'version']) + ' serve http', work, tree,
                   {'server': 'rclone', 'format': 'html'}, lists_own_page=True)


def capture_twisted(work, tree):
    # twisted.web.static quotes each name as text: a name that is not UTF-8 fails the
    # whole page (500), so its tree leaves that one out.
    capture_server('twisted', TwistedWeb, 'Twisted ' + package_version('python3-twisted'),
                   work, tree, {'server': 'twisted', 'format': 'html'},
                   leave_out=[b'bad\xffname.bin'])


def node_version(package):
    return '{} {}'.format(package, json.loads(
        (ROOT / 'node_modules' / package / 'package.json').read_text(encoding='utf-8'))['version'])


def capture_node(work, tree):
    capture_server('http-server', HttpServer, node_version('http-server'), work, tree,
                   {'server': 'http-server', 'format': 'html',
                    'utcOffsetMinutes': LOCAL_OFFSET_MINUTES})
    # serve-handler decodes each name as text: a name that is not UTF-8 fails the whole
    # page (404), so its tree leaves that one out.
    capture_server('serve', Serve, node_version('serve'), work, tree,
                   {'server': 'serve', 'format': 'html'}, leave_out=[b'bad\xffname.bin'],
                   json_too=True)


def capture_yaws(work, tree):
    # Yaws links a name's characters below U+0100 as single bytes (caf%E9) and takes
    # that link back as the name it lists; the name is the one its text and title show.
    capture_server('yaws', Yaws, version_of([YAWS, '--version']), work, tree,
                   {'server': 'yaws', 'format': 'html', 'utcOffsetMinutes': LOCAL_OFFSET_MINUTES})


# Heavy to install on every CI run (a JVM, Go's toolchain): captured here, read from the
# saved pages by the tests.
def capture_go(work, tree):
    capture_server('go-fileserver', GoFileServer, go_version() + ' net/http FileServer', work,
                   tree, {'server': 'go', 'format': 'html'})


def capture_tomcat(work, tree):
    capture_server('tomcat', Tomcat, tomcat_version(), work, tree,
                   {'server': 'tomcat', 'format': 'html'})


def capture_jetty(work, tree):
    capture_server('jetty', Jetty, jetty_version(), work, tree,
                   {'server': 'jetty', 'format': 'html', 'utcOffsetMinutes': LOCAL_OFFSET_MINUTES})


CAPTURES = {
    'nginx': capture_nginx,
    'apache': capture_apache,
    'lighttpd': capture_lighttpd,
    'caddy': capture_caddy,
    'python': capture_python,
    'fancyindex': capture_fancyindex,
    'webfs': capture_webfs,
    'mini_httpd': capture_mini_httpd,
    'micro_httpd': capture_micro_httpd,
    'h2o': capture_h2o,
    'rclone': capture_rclone,
    'twisted': capture_twisted,
    'node': capture_node,
    'yaws': capture_yaws,
    'go': capture_go,
    'tomcat': capture_tomcat,
    'jetty': capture_jetty,
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
