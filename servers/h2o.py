"""h2o listing a tree with `file.dirlisting: ON`."""

import os

from servers.process import Server

H2O = os.environ.get('H2O', '/usr/bin/h2o')

CONF = """\
listen:
  host: 127.0.0.1
  port: {port}
pid-file: {work}/h2o.pid
error-log: {work}/error.log
{user}access-log:
  path: {work}/access.log
  format: "%{{%s}}t.%{{msec_frac}}t %{{duration}}x %s %b \\"%r\\" \\"%{{Accept}}i\\""
hosts:
  default:
    paths:
      /:
        file.dir: {root}
        file.dirlisting: ON
{extra}
"""


class H2o(Server):
    """h2o serving root at /, listing directories; extra is more of its YAML configuration."""

    name = 'h2o'
    config_name = 'h2o.conf'
    config_template = CONF

    def config_fields(self):
        # h2o started by root must be told to stay root; started by anyone else, a `user`
        # line makes it try to change its user, which only root may, and it stops.
        return dict(super().config_fields(), user='user: root\n' if os.geteuid() == 0 else '')

    def command(self, config):
        return [H2O, '-c', str(config)]
