"""The loader bookmarklet and the install page, filled from the templates in loader/."""

import base64
import hashlib
import html
import json
from string import Template

from bookmarklet.words import OVERLAY_ID
from toolkit import ROOT
from toolkit.bundle import minify
from toolkit.errors import BuildError
from toolkit.javascript_url import URL_LIMITS, javascript_url
from toolkit.settings import OPTIONS, SETTINGS, option_text

LOADER = ROOT / 'loader'


def fill_template(name, values):
    """A template from loader/ with each ${name} replaced by its value, which the caller
    has already written in the template's own language (JSON for JavaScript, escaped
    text for HTML); a template must write a literal dollar sign as $$."""
    text = (LOADER / name).read_text(encoding='utf-8')
    return Template(text).substitute(values)


def loader_url(script_text, script_location, settings, build_dir):
    """The loader bookmarklet: loads script_location pinned to script_text's hash."""
    # One digest for both: SHA-256 is as strong a pin as SRI's longer hashes, and its
    # base64 is 21 characters shorter than SHA-384's.
    digest = hashlib.sha256(script_text.encode('utf-8')).digest()
    integrity = 'sha256-' + base64.b64encode(digest).decode('ascii')
    pinned = script_location + '?v=' + digest.hex()[:12]
    source = fill_template('loader.js', {
        'script_url': json.dumps(pinned),
        'integrity': json.dumps(integrity),
        'timeout_ms': json.dumps(settings['timeoutSeconds'] * 1000),
        'overlay_id': json.dumps(OVERLAY_ID),
    })
    minified = minify(source, build_dir)
    # esbuild's IIFE around one call of an arrow function: `void` takes its place, which
    # yields undefined and binds no name in the page.
    if not (minified.startswith('(()=>{((') and minified.endswith(');})();')):
        raise BuildError('loader/loader.js must be one call of an arrow function')
    return javascript_url('void' + minified[len('(()=>{'):-len(';})();')])


def install_page(urls, settings, options):
    """dist/install.html: both bookmarklets, their sizes, this build's settings, how to install."""
    size_rows = []
    for place, limit, _ in URL_LIMITS:
        size_rows.append('<tr><th scope="row">{}</th><td>{:,}</td>{}</tr>'.format(
            html.escape(place), limit, ''.join(
                '<td class="fits">fits</td>' if len(urls[name]) <= limit else
                '<td class="too-long">too long</td>' for name in urls)))
    setting_rows = []
    for setting in SETTINGS + OPTIONS:
        value = settings[setting.key] if setting.key in settings else options[setting.key]
        setting_rows.append(
            '<tr><th scope="row"><code>{}</code></th><td><code>{}</code></td>'
            '<td><code>{}</code></td><td>{}</td></tr>'.format(
                setting.key, html.escape(option_text(value)), setting.flag,
                html.escape(setting.help)))
    return fill_template('install.html', {
        'title': html.escape(settings['title']),
        'bookmarklet_href': html.escape(urls['bookmarklet.url'], quote=True),
        'loader_href': html.escape(urls['loader.url'], quote=True),
        'bookmarklet_size': '{:,}'.format(len(urls['bookmarklet.url'])),
        'loader_size': '{:,}'.format(len(urls['loader.url'])),
        'script_url': html.escape(options['scriptUrl']),
        'size_rows': '\n'.join(size_rows),
        'setting_rows': '\n'.join(setting_rows),
    })


