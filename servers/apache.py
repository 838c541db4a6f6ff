"""Apache httpd (Debian's apache2-bin, no service) listing a tree with mod_autoindex.

Run as root, Apache serves as www-data (it refuses to serve as root), so the
tree and every folder above it must be readable by others; its own files stay
in the work folder, which only the parent process touches.
"""

import os

from servers.process import Server

APACHE = os.environ.get('APACHE', '/usr/sbin/apache2')
MODULES = '/usr/lib/apache2/modules'

# Debian's own listing options (mods-available/autoindex.conf), without icons.
INDEX_OPTIONS = 'FancyIndexing HTMLTable NameWidth=* Charset=UTF-8'

CONF = """\
ServerRoot {work}
Listen 127.0.0.1:{port}
PidFile {work}/httpd.pid
DefaultRuntimeDir {work}
ErrorLog {work}/error.log
LogLevel warn
LoadModule mpm_event_module {modules}/mod_mpm_event.so
LoadModule authz_core_module {modules}/mod_authz_core.so
LoadModule alias_module {modules}/mod_alias.so
LoadModule mime_module {modules}/mod_mime.so
LoadModule dir_module {modules}/mod_dir.so
LoadModule autoindex_module {modules}/mod_autoindex.so
StartServers 1
ServerLimit 1
ThreadsPerChild 16
MaxRequestWorkers 16
MinSpareThreads 1
MaxSpareThreads 16
TypesConfig /etc/mime.types
User www-data
Group www-data
ServerName 127.0.0.1
LogFormat "%{{end:sec}}t.%{{end:msec_frac}}t %D %>s %B \\"%r\\" \\"%{{Accept}}i\\"" sitemap
CustomLog {work}/access.log sitemap
DocumentRoot {root}
DirectoryIndex index.html
{index_options}
<Directory />
    Options FollowSymLinks Indexes
    AllowOverride None
    Require all granted
</Directory>
{extra}
"""


class Apache(Server):
    """Apache serving root at / with mod_autoindex's index_options (none: Apache's own
    defaults); extra is appended to its configuration (more Alias or Location blocks)."""

    name = 'apache2'
    duration_unit = 0.000001  # %D

    def __init__(self, root, work, index_options=INDEX_OPTIONS, **options):
        super().__init__(root, work, **options)
        self.index_options = index_options

    config_name = 'httpd.conf'
    config_template = CONF

    def config_fields(self):
        return dict(super().config_fields(), modules=MODULES, index_options='IndexOptions '
                    + self.index_options if self.index_options else '')

    def command(self, config):
        return [APACHE, '-f', str(config), '-DFOREGROUND']
