"""Go's net/http FileServer (servers/go/fileserver.go) listing a tree: built with Debian's
golang-go into the work folder, then run."""

import os
import subprocess
from pathlib import Path

from servers.process import Server

GO = os.environ.get('GO', '/usr/bin/go')
SOURCE = Path(__file__).resolve().parent / 'go' / 'fileserver.go'


def go_version():
    return subprocess.run([GO, 'version'], capture_output=True, text=True).stdout.strip()


class GoFileServer(Server):
    """http.FileServer(http.Dir(root)) at /."""

    name = 'go-fileserver'

    def write_config(self):
        program = self.work / 'fileserver'
        # Go keeps its build cache under HOME: the work folder's, never the user's.
        subprocess.run([GO, 'build', '-o', str(program), str(SOURCE)], check=True,
                       env=dict(self.environment(), GOCACHE=str(self.work / 'go-cache'),
                                HOME=str(self.work), GO111MODULE='off'))
        return program

    def command(self, config):
        return [str(config), '-addr', '127.0.0.1:{}'.format(self.port), '-root', str(self.root)]
