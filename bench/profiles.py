"""The two people the click and wave 2 are measured for.

*desktop*: the self-contained bookmarklet (`dist/bookmarklet.url`) at the machine's speed.
*phone*: the loader (`dist/loader.url`), since Chrome on Android fails on bookmarklets of a
few thousand characters and synced bookmarks keep about 4 KB; its `sitemap.js` is an
ordinary script the browser caches, compiled code included. The CPU four times slower
(CDP `Emulation.setCPUThrottlingRate`) in a phone's viewport (Playwright's Pixel 7).
"""

import re

from bench.common import ROOT

THROTTLED = 4

# Playwright's descriptor of a Pixel 7, less its user agent: the browser stays the one measured.
PHONE_CONTEXT = {'viewport': {'width': 412, 'height': 839}, 'screen': {'width': 412, 'height': 915},
                 'device_scale_factor': 2.625, 'is_mobile': True, 'has_touch': True}

DESKTOP = {'name': 'desktop', 'rate': 1, 'loader': False, 'context': {}}
PHONE = {'name': 'phone', 'rate': THROTTLED, 'loader': True, 'context': PHONE_CONTEXT}
# The self-contained bookmarklet with the phone's CPU: a figure, held to no target.
THROTTLED_DESKTOP = {'name': 'throttled', 'rate': THROTTLED, 'loader': False, 'context': {}}

# Where the loader finds sitemap.js: the block of the configuration that serves dist/ beside
# the listings, as `make demo` serves it.
HOSTING = ROOT / 'nginx' / 'sitemap-host.conf'


def click_of(dist, profile):
    """The URL a person of profile clicks, from a dist/ folder."""
    name = 'loader.url' if profile['loader'] else 'bookmarklet.url'
    return (dist / name).read_text(encoding='utf-8').strip()


def hosted(site_text):
    """A site's configuration text with sitemap-host.conf's location for dist/ added to its
    server block (its last closing brace), and the map that location reads before it, so
    that the loader's sitemap.js is served as there."""
    hosting = HOSTING.read_text(encoding='utf-8')
    block = re.search(r'\n    location \^~ /\.autoindex-sitemap/ \{.*?\n    \}\n', hosting,
                      re.S).group(0)
    cache = re.search(r'\nmap \$arg_v .*?\n\}\n', hosting, re.S).group(0)
    end = site_text.rindex('}')
    return cache.lstrip('\n') + site_text[:end] + block.lstrip('\n') + site_text[end:]


def hosted_site(work, site):
    """The path of a copy of nginx/<site> (or of a site file) that also serves dist/ (the
    placeholder Nginx's dist replaces)."""
    path = ROOT / 'nginx' / site
    copy = work / ('hosted-' + path.name)
    copy.write_text(hosted(path.read_text(encoding='utf-8')), encoding='utf-8')
    return copy
