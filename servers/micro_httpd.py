"""micro_httpd (Debian's micro-httpd) listing a tree. It answers one request on its
standard input and output, as inetd starts it: servers/inetd.py does inetd's part."""

import os
import sys

from servers.process import Server

MICRO_HTTPD = os.environ.get('MICRO_HTTPD', '/usr/sbin/micro-httpd')


class MicroHttpd(Server):
    """micro_httpd serving root at /, one process per connection."""

    name = 'micro_httpd'

    def write_config(self):
        return None

    def command(self, config):
        return [sys.executable, '-m', 'servers.inetd', str(self.port), MICRO_HTTPD, str(self.root)]

    def environment(self):
        here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        return dict(super().environment(), PYTHONPATH=here)
