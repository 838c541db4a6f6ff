"""lighttpd listing a tree with mod_dirlisting."""

import os

from servers.process import Server

LIGHTTPD = os.environ.get('LIGHTTPD', '/usr/sbin/lighttpd')

CONF = """\
server.document-root = "{root}"
server.bind = "127.0.0.1"
server.port = {port}
server.modules = ("mod_dirlisting", "mod_accesslog")
server.errorlog = "{work}/error.log"
server.pid-file = "{work}/lighttpd.pid"
index-file.names = ("index.html")
mimetype.assign = (".html" => "text/html", ".txt" => "text/plain", ".json" => "application/json")
dir-listing.activate = "enable"
dir-listing.encoding = "utf-8"
# A file is written once a second; a pipe at once, so tests read a log that is up to date.
accesslog.filename = "|/bin/cat >> {work}/access.log"
accesslog.format = "%{{end:sec}}t.%{{end:msec_frac}}t %D %>s %b \\"%r\\" \\"%{{Accept}}i\\""
{extra}
"""


class Lighttpd(Server):
    """lighttpd serving root at /; extra is appended to its configuration."""

    name = 'lighttpd'
    duration_unit = 0.000001  # %D
    config_name = 'lighttpd.conf'
    config_template = CONF

    def command(self, config):
        return [LIGHTTPD, '-D', '-f', str(config)]
