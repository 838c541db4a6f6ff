"""Run Debian's nginx on 127.0.0.1 with one of the configurations in this folder.

The configuration users copy is the one that runs: its placeholders (listen
address, root, and where a configuration has them, the dist folder and the
allowed origin) are swapped for a free port, the tree to serve and the test's
values, nothing else. Every request is logged with the time it ended and how
long it took, so tests count requests, and measure overlaps, in nginx's own log.
"""

import os
import re
import socket
import subprocess
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
NGINX = os.environ.get('NGINX', '/usr/sbin/nginx')
PLACEHOLDER_LISTEN = '127.0.0.1:8080'
PLACEHOLDER_ROOT = '/srv/files'
PLACEHOLDER_DIST = '/srv/autoindex-sitemap'
PLACEHOLDER_ORIGIN = 'https://pages.example.com'

MAIN_CONF = """\
daemon off;
worker_processes 1;
{user}
pid {work}/nginx.pid;
error_log {work}/error.log warn;
events {{ worker_connections 512; }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    log_format sitemap '$msec $request_time $status $body_bytes_sent "$request" "$http_accept"';
    access_log {work}/access.log sitemap;
    client_body_temp_path {work}/tmp/body;
    proxy_temp_path {work}/tmp/proxy;
    fastcgi_temp_path {work}/tmp/fastcgi;
    uwsgi_temp_path {work}/tmp/uwsgi;
    scgi_temp_path {work}/tmp/scgi;
    sendfile on;
    gzip on;
{extra}
    include {site};
}}
"""

LOG_LINE = re.compile(r'^(\S+) (\S+) (\d+) (\d+) "(\S+) (\S+) [^"]*" "([^"]*)"$')


def stop_process(process, timeout=10):
    """End a child process: ask it to stop, and kill it if it has not within timeout seconds."""
    if process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def wait_listening(process, port, name, timeout=10):
    """Return once a child process listens on 127.0.0.1:port; raise, in its own words
    where it left some, when it exits first or is not listening within timeout seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            said = process.stderr.read().decode(errors='replace') if process.stderr else ''
            raise RuntimeError('{} did not start: {}'.format(name, said))
        try:
            socket.create_connection(('127.0.0.1', port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.05)
    stop_process(process)
    raise RuntimeError('{} did not listen on port {} within {} s'.format(name, port, timeout))


def free_port():
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind(('127.0.0.1', 0))
        return probe.getsockname()[1]


class Nginx:
    """One nginx serving root with the configuration file `site` from nginx/ (or a path).

    dist is the folder served for the dist placeholder, allow_origin the origin
    put in place of the example origin of cors.conf, timezone the TZ nginx runs
    in (what `autoindex_localtime on` shows).
    """

    def __init__(self, site, root, work, port=None, extra='', dist=None, allow_origin=None,
                 timezone=None):
        self.site = site
        self.root = Path(root)
        self.work = Path(work)
        self.port = port or free_port()
        self.extra = extra
        self.dist = dist
        self.allow_origin = allow_origin
        self.timezone = timezone
        self.process = None

    @property
    def origin(self):
        return 'http://127.0.0.1:{}'.format(self.port)

    def url(self, path='/'):
        return self.origin + path

    def write_config(self):
        """Write the site and main configuration into the work folder; returns the main one."""
        (self.work / 'tmp').mkdir(parents=True, exist_ok=True)
        text = (HERE / self.site).read_text(encoding='utf-8')
        text = text.replace(PLACEHOLDER_LISTEN, '127.0.0.1:{}'.format(self.port))
        text = text.replace(PLACEHOLDER_ROOT, str(self.root))
        if self.dist is not None:
            text = text.replace(PLACEHOLDER_DIST, str(self.dist))
        if self.allow_origin is not None:
            text = text.replace(PLACEHOLDER_ORIGIN, self.allow_origin)
        site = self.work / Path(self.site).name
        site.write_text(text, encoding='utf-8')
        main = self.work / 'nginx.conf'
        main.write_text(MAIN_CONF.format(
            work=self.work, site=site, extra=self.extra,
            user='user root;' if os.geteuid() == 0 else ''), encoding='utf-8')
        return main

    def test_config(self):
        """nginx -t on the written configuration; raises with nginx's words on failure."""
        main = self.write_config()
        done = subprocess.run([NGINX, '-t', '-p', str(self.work), '-c', str(main),
                               '-e', str(self.work / 'error.log')],
                              capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError('nginx -t failed for {}:\n{}'.format(self.site, done.stderr))
        return done.stderr

    def start(self):
        main = self.write_config()
        environment = dict(os.environ)
        if self.timezone is not None:
            environment['TZ'] = self.timezone
        self.process = subprocess.Popen(
            [NGINX, '-p', str(self.work), '-c', str(main), '-e', str(self.work / 'error.log')],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=environment)
        wait_listening(self.process, self.port, 'nginx')
        return self

    def stop(self):
        if self.process is not None:
            stop_process(self.process)
        self.process = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    def requests(self):
        """Every request logged so far: dicts {time, duration, status, bytes, method, uri, accept}."""
        log = self.work / 'access.log'
        if not log.exists():
            return []
        found = []
        for line in log.read_text(encoding='utf-8', errors='replace').splitlines():
            match = LOG_LINE.match(line)
            if match:
                found.append({
                    'time': float(match.group(1)), 'duration': float(match.group(2)),
                    'status': int(match.group(3)), 'bytes': int(match.group(4)),
                    'method': match.group(5), 'uri': match.group(6), 'accept': match.group(7)})
        return found

    def forget_requests(self):
        """Empty the access log, so the next count starts at zero."""
        log = self.work / 'access.log'
        if log.exists():
            log.write_text('')
