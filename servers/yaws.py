"""Yaws (Debian's yaws, on Erlang) listing a tree with `dir_listings = true`.

The yaws script starts Erlang under a shell of its own: the server runs in a
session of its own, and stopping it ends that whole process group.
"""

import os
import signal
import subprocess

from servers.process import Server, wait_listening

YAWS = os.environ.get('YAWS', '/usr/bin/yaws')

CONF = """\
logdir = {work}/logs
<server localhost>
    port = {port}
    listen = 127.0.0.1
    docroot = {root}
    dir_listings = true
{extra}
</server>
"""


class Yaws(Server):
    """Yaws serving root at /, in the foreground without a shell (-noinput)."""

    name = 'yaws'
    config_name = 'yaws.conf'
    config_template = CONF

    def write_config(self):
        (self.work / 'logs').mkdir(parents=True, exist_ok=True)
        return super().write_config()

    def command(self, config):
        return [YAWS, '--conf', str(config), '--id', 'sitemap{}'.format(self.port),
                '--erlarg', '-noinput']

    def environment(self):
        # Yaws keeps state under HOME: the work folder's, never the user's.
        return dict(super().environment(), HOME=str(self.work))

    def start(self):
        self.work.mkdir(parents=True, exist_ok=True)
        config = self.write_config()
        self.process = subprocess.Popen(self.command(config), stdin=subprocess.DEVNULL,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                        env=self.environment(), start_new_session=True)
        wait_listening(self.process, self.port, self.name, seconds=30)
        return self

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGTERM)
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
            except ProcessLookupError:
                pass
        self.process = None
