"""Node's listing servers from the npm registry (pinned in package.json): http-server
(ecstatic's listing) and Vercel's serve (serve-handler's listing)."""

from pathlib import Path

from servers.process import Server

BIN = Path(__file__).resolve().parent.parent / 'node_modules' / '.bin'


class HttpServer(Server):
    """http-server serving root at /, without caching headers or its own logging."""

    name = 'http-server'

    def write_config(self):
        return None

    def command(self, config):
        return [str(BIN / 'http-server'), str(self.root), '-a', '127.0.0.1', '-p', str(self.port),
                '-c-1', '-s']


class Serve(Server):
    """serve serving root at /, without asking the registry for a newer version."""

    name = 'serve'

    def write_config(self):
        return None

    def command(self, config):
        return [str(BIN / 'serve'), '--listen', 'tcp://127.0.0.1:{}'.format(self.port),
                '--no-clipboard', '--no-port-switching', '--no-request-logging', str(self.root)]

    def environment(self):
        return dict(super().environment(), NO_UPDATE_CHECK='1')
