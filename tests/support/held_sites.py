"""An nginx site for tests that need listings held back: JSON by Accept, as
nginx/json-by-accept.conf serves it, with the JSON listings below one path answered only
once an auth_request to the delaying upstream (tests/support/faulty_upstream.py) returns,
and, if asked, a 503 with a Retry-After while a marker file exists."""

SITE = """
map $http_accept $autoindex_sitemap_json {
    default 0;
    "~*application/json" 1;
}

server {
    listen 127.0.0.1:8080;
    root /srv/files;

    location / {
        autoindex on;
        add_header Vary Accept always;
        if ($autoindex_sitemap_json) {
            rewrite ^(.*/)$ /.autoindex-json$1 last;
        }
    }

    location /.autoindex-json/ {
        internal;
        alias /srv/files/;
        autoindex on;
        autoindex_format json;
%(all)s
    }

    location /.autoindex-json%(held)s {
        internal;
        alias /srv/files%(held)s;
        autoindex on;
        autoindex_format json;
%(busy)s
    }

    location = /.delay {
        internal;
        proxy_pass http://127.0.0.1:%(port)d;
        proxy_pass_request_body off;
        proxy_set_header Content-Length "";
    }
}
"""

BUSY = """        if (-f /srv/files/%s) {
            add_header Retry-After 2 always;
            return 503;
        }"""


def held_site(folder, port, held, busy=''):
    """The configuration file, written in folder: the JSON listings at and below the path
    held (starting and ending in '/') wait for the upstream at port; with busy, a file name,
    every one of them is answered 503 with `Retry-After: 2` while that file is in the
    served folder."""
    rules = '        auth_request /.delay;\n' + (BUSY % busy if busy else '')
    site = folder / 'held.conf'
    # Held at the root, every JSON listing waits; the second location then matches nothing.
    site.write_text(SITE % {'all': rules if held == '/' else '', 'busy': rules,
                            'held': held if held != '/' else '/.nothing/', 'port': port},
                    encoding='utf-8')
    return site
