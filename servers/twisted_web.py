"""Twisted's static file server (`twistd web --path`, Debian's python3-twisted) listing a tree.

It runs under the system Python that python3-twisted belongs to, not the tests'
virtual environment."""

import os

from servers.process import Server

TWISTD = os.environ.get('TWISTD', '/usr/bin/twistd3')


class TwistedWeb(Server):
    """twistd web serving root at /, in the foreground."""

    name = 'twisted'

    def write_config(self):
        return None

    def command(self, config):
        return [TWISTD, '--nodaemon', '--pidfile', str(self.work / 'twistd.pid'),
                '--logfile', str(self.work / 'twistd.log'), 'web',
                '--listen', 'tcp:{}:interface=127.0.0.1'.format(self.port), '--path', str(self.root)]
