"""mini_httpd (Debian's mini-httpd) listing a tree; run as root it serves as nobody,
so the tree must be readable by others."""

import os

from servers.process import Server

MINI_HTTPD = os.environ.get('MINI_HTTPD', '/usr/sbin/mini_httpd')

CONF = """\
host=127.0.0.1
port={port}
dir={root}
pidfile={work}/mini_httpd.pid
logfile={work}/mini_httpd.log
nochroot
"""


class MiniHttpd(Server):
    """mini_httpd serving root at /, in the foreground (-D)."""

    name = 'mini_httpd'
    config_name = 'mini_httpd.conf'
    config_template = CONF

    def command(self, config):
        return [MINI_HTTPD, '-C', str(config), '-D']
