"""HFS 3 (HttpFileServer, the npm package hfs, pinned in package.json) sharing a tree at /.

Its pages are an app drawn in the browser, which asks HFS's API for each listing
(docs/design.md, Reading listings). It keeps its configuration, its logs and its plugins
folder in its current folder: the work folder. It listens on 127.0.0.1 alone, opens no
browser, runs no plugin, gives no one the admin panel (localhost_admin off, no account)
and logs every request, from 127.0.0.1 too, the pages and the app's files among them, in
Apache's common log format. It asks nothing of the network unless the admin panel asks
(updates, the public address, certificates), but for the UPnP gateway it looks for from
every network interface, as it starts and every ten minutes: it is shown the loopback
alone (servers/hfs_loopback.js), so it sends nothing past it.
"""

import json
import re
from datetime import datetime
from pathlib import Path

from servers.process import Server

BIN = Path(__file__).resolve().parent.parent / 'node_modules' / '.bin'
# What HFS is shown of the network interfaces: the loopback alone (its own comment says why).
LOOPBACK = Path(__file__).resolve().parent / 'hfs_loopback.js'

CONFIG = """\
port: {port}
listen_interface: 127.0.0.1
open_browser_at_start: false
localhost_admin: false
enable_plugins: []
log: {log}
error_log: {log}
log_rotation: ""
log_gui: true
dont_log_net: ""
vfs:
  source: {root}
"""

# One line of Apache's common log format as HFS writes it: address, user, local time, the
# request line, status, body bytes.
LOG_LINE = re.compile(r'^\S+ - \S+ \[([^\]]+)\] "(\S+) (\S+) HTTP/[^"]*" (\d+) (\d+|-)')


class Hfs(Server):
    """HFS sharing root at /; its access log is work/access.log."""

    name = 'hfs'
    config_name = 'config.yaml'
    config_template = CONFIG

    def config_fields(self):
        # YAML reads a JSON string as the same string, whatever the path holds.
        return dict(super().config_fields(), root=json.dumps(str(self.root)),
                    log=json.dumps(str(self.access_log)))

    def command(self, config):
        return ['node', '--require', str(LOOPBACK), str(BIN / 'hfs'), '--cwd', str(self.work)]

    def log_record(self, line):
        """HFS logs no duration and no Accept header."""
        match = LOG_LINE.match(line)
        if not match:
            return None
        return {'time': datetime.strptime(match.group(1), '%d/%b/%Y:%H:%M:%S %z').timestamp(),
                'duration': 0.0, 'status': int(match.group(4)),
                'bytes': 0 if match.group(5) == '-' else int(match.group(5)),
                'method': match.group(2), 'uri': match.group(3), 'accept': ''}
