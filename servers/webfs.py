"""webfs (webfsd) listing a tree: one command line, no configuration file."""

import os

from servers.process import Server

WEBFSD = os.environ.get('WEBFSD', '/usr/bin/webfsd')


class Webfs(Server):
    """webfsd serving root at /, in the foreground; a directory with an index.html serves
    that page (-f, which Debian's webfsd.conf leaves empty but sites set)."""

    name = 'webfsd'

    def write_config(self):
        return None

    def command(self, config):
        return [WEBFSD, '-F', '-4', '-i', '127.0.0.1', '-p', str(self.port), '-r', str(self.root),
                '-n', '127.0.0.1', '-f', 'index.html', '-k', str(self.work / 'webfsd.pid')]
