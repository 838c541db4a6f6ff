"""Caddy listing a tree with `file_server browse`: its HTML page, or JSON when asked for."""

import json
import os

from servers.process import Server

CADDY = os.environ.get('CADDY', '/usr/bin/caddy')

CADDYFILE = """\
{{
    admin off
    # Its own messages go to a file: a pipe nobody reads would fill and stop it.
    log {{
        output file {work}/caddy.log
    }}
}}
http://127.0.0.1:{port} {{
    root * {root}
    file_server browse
    log {{
        output file {work}/access.log {{
            roll_disabled
        }}
        format json
    }}
{extra}
}}
"""


class Caddy(Server):
    """Caddy serving root at /; extra is added inside its site block."""

    name = 'caddy'
    config_name = 'Caddyfile'
    config_template = CADDYFILE

    def command(self, config):
        return [CADDY, 'run', '--adapter', 'caddyfile', '--config', str(config)]

    def environment(self):
        # Caddy keeps state under its home folders: the work folder, never the user's.
        return dict(super().environment(), HOME=str(self.work), XDG_DATA_HOME=str(self.work),
                    XDG_CONFIG_HOME=str(self.work))

    def log_record(self, line):
        """Caddy logs one JSON object per request."""
        try:
            entry = json.loads(line)
            request = entry['request']
        except (ValueError, KeyError, TypeError):
            return None
        return {'time': entry['ts'], 'duration': entry['duration'],
                'status': entry['status'], 'bytes': entry['size'], 'method': request['method'],
                'uri': request['uri'], 'accept': ', '.join(request['headers'].get('Accept', []))}
