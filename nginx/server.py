"""Run Debian's nginx on 127.0.0.1 with one of the configurations in this folder.

The configuration users copy is the one that runs: its placeholders (listen
address, root, and where a configuration has them, the dist folder and the
allowed origin) are swapped for a free port, the tree to serve and the test's
values, nothing else. Every request is logged with the time it ended and how
long it took, so tests count requests, and measure overlaps, in nginx's own log.
"""

import os
import subprocess
from pathlib import Path

# free_port and stop_process are still offered from here.
from servers.process import Server, free_port, stop_process  # noqa: F401

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


class Nginx(Server):
    """One nginx serving root with the configuration file `site` from nginx/ (or a path).

    dist is the folder served for the dist placeholder, allow_origin the origin
    put in place of the example origin of cors.conf, timezone the TZ nginx runs
    in (what `autoindex_localtime on` shows).
    """

    name = 'nginx'

    def __init__(self, site, root, work, port=None, extra='', dist=None, allow_origin=None,
                 timezone=None):
        super().__init__(root, work, port, timezone, extra)
        self.site = site
        self.dist = dist
        self.allow_origin = allow_origin

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

    def command(self, config):
        return [NGINX, '-p', str(self.work), '-c', str(config), '-e', str(self.work / 'error.log')]

    def test_config(self):
        """nginx -t on the written configuration; raises with nginx's words on failure."""
        done = subprocess.run([NGINX, '-t'] + self.command(self.write_config())[1:],
                              capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError('nginx -t failed for {}:\n{}'.format(self.site, done.stderr))
        return done.stderr
