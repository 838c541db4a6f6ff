"""nginx with the fancyindex module (Debian's libnginx-mod-http-fancyindex) listing a tree.

The module is loaded in the main context, before `http { }`; the site is written
into the work folder, so nginx/server.py runs it as any other site.
"""

from nginx.server import Nginx

MODULE = '/usr/lib/nginx/modules/ngx_http_fancyindex_module.so'

SITE = """\
server {{
    listen 127.0.0.1:8080;
    root /srv/files;
    location / {{
        fancyindex on;
{options}
    }}
{locations}
}}
"""


class FancyIndex(Nginx):
    """nginx serving root at / with `fancyindex on` and options, more fancyindex_*
    directives (none: the module's defaults); locations are more location blocks (where
    a header and footer are served from)."""

    name = 'nginx-fancyindex'

    def __init__(self, root, work, options='', locations='', **settings):
        super().__init__(str(work) + '/fancyindex.conf', root, work, **settings)
        self.options = options
        self.locations = locations

    def write_config(self):
        self.work.mkdir(parents=True, exist_ok=True)
        (self.work / 'fancyindex.conf').write_text(SITE.format(options=self.options,
                                                             locations=self.locations),
                                                  encoding='utf-8')
        main = super().write_config()
        main.write_text('load_module {};\n'.format(MODULE) + main.read_text(encoding='utf-8'),
                        encoding='utf-8')
        return main
