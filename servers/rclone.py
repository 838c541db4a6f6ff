"""rclone's `serve http` listing a local tree."""

import os

from servers.process import Server

RCLONE = os.environ.get('RCLONE', '/usr/bin/rclone')


class Rclone(Server):
    """rclone serve http of root, read only, its own configuration kept in the work folder."""

    name = 'rclone'

    def write_config(self):
        config = self.work / 'rclone.conf'
        config.write_text('', encoding='utf-8')
        return config

    def command(self, config):
        return [RCLONE, 'serve', 'http', str(self.root), '--addr', '127.0.0.1:{}'.format(self.port),
                '--read-only', '--config', str(config), '--cache-dir', str(self.work / 'cache'),
                '--log-file', str(self.work / 'rclone.log')]
