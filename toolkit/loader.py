"""The loader bookmarklet and the install page, filled from the templates in loader/."""

import base64
import hashlib
import html
import json
import urllib.parse
from string import Template

from bookmarklet.words import OVERLAY_ID
from toolkit import ROOT
from toolkit.bundle import minify
from toolkit.errors import BuildError
from toolkit.javascript_url import URL_LIMITS, javascript_url
from toolkit.literal import OFFER_MARKS, SETTINGS_END, SETTINGS_START, json_text
from toolkit.release import INSTALL_PAGE_NAME, SCRIPT_NAME, USERSCRIPT_NAME, hosted_at, \
    userscript_head
from toolkit.settings import MESSAGES, OPTIONS, SETTINGS, WHOLE_NUMBER, ON, OFF, option_text, \
    SCRIPT_URL_PARTS, SCRIPT_URL_FULL, LOOPBACK, NPM_PACKAGE

LOADER = ROOT / 'loader'

# The loader's values are written into it after it is minified, each in the place of a
# name esbuild keeps as it is (a free global): settings then need no minifier.
LOADER_BLANKS = {'script_url': '__loaderScriptUrl__', 'integrity': '__loaderIntegrity__',
                 'timeout_ms': '__loaderTimeoutMs__', 'failure': '__loaderFailure__'}


def fill_template(text, values):
    """A template with each ${name} replaced by its value, which the caller has already
    written in the template's own language (JSON for JavaScript, escaped text for HTML);
    a template must write a literal dollar sign as $$."""
    return Template(text).substitute(values)


def minified_loader(build_dir):
    """The loader's code, minified, with LOADER_BLANKS where its values go."""
    source = fill_template((LOADER / 'loader.js').read_text(encoding='utf-8'), dict(
        LOADER_BLANKS, overlay_id=json.dumps(OVERLAY_ID)))
    minified = minify(source, build_dir)
    # esbuild's IIFE around one call of an arrow function: `void` takes its place, which
    # yields undefined and binds no name in the page.
    if not (minified.startswith('(()=>{((') and minified.endswith(');})();')):
        raise BuildError('loader/loader.js must be one call of an arrow function')
    return 'void' + minified[len('(()=>{'):-len(';})();')]


def cdn_script_url(options):
    """sitemap.js of the package's exact version on the CDN (cdnPackage, cdnBase), or None
    when the build names no package."""
    if options['cdnPackage'] == '':
        return None
    base = options['cdnBase']
    return base + ('' if base.endswith('/') else '/') + options['cdnPackage'] + '/' + SCRIPT_NAME


def failure_message(script_url):
    """What the loader says when the build's own sitemap.js does not run: it names the
    install page beside it, a path on the listing's server or a URL given in full. The
    loader stays within 500 characters, so the message is short."""
    return 'Sitemap failed to load. Use the self-contained bookmarklet from ' + \
        urllib.parse.urljoin(script_url, INSTALL_PAGE_NAME)


# What the loader says when the package's sitemap.js does not run: a CDN serves no page to
# name (jsDelivr serves HTML as text); the install page says which CDN, and what a page's
# policy does to it.
CDN_FAILURE = 'Sitemap failed to load from the CDN. Use the self-contained bookmarklet'


def js_string(text):
    """text as a single-quoted JavaScript string: JSON's double quotes need no escape in it."""
    return "'" + text.replace('\\', '\\\\').replace("'", "\\'") + "'"


def script_pin(script_text):
    """{version, integrity}: the first 12 hex digits of the script's SHA-256, which its URL
    carries so that no cache serves another build, and its Subresource Integrity value.
    One digest serves both: SHA-256 is as strong a pin as SRI's longer hashes, and its
    base64 is 21 characters shorter than SHA-384's."""
    digest = hashlib.sha256(script_text.encode('utf-8')).digest()
    return {'version': digest.hex()[:12],
            'integrity': 'sha256-' + base64.b64encode(digest).decode('ascii')}


def loaded_script(settings, options, pins):
    """{url, pin, passed, failure}: the script the loader of a build with settings and
    options loads, its pin (script_pin), the settings it passes (those that differ from
    the script's own) and what the loader says when it does not run. The install page's
    loadedScript does the same for its form, whose values may differ from its build's.

    From the package's exact version on the CDN when options name one: the default
    build's sitemap.js, which the package holds (pins['package']), its exact version
    already pinning its bytes, and CDN_FAILURE. Else from scriptUrl: the build's own
    sitemap.js, which carries settings (pins['own']), its hash as ?v= so that no cache
    serves another build, and the install page beside it."""
    cdn = cdn_script_url(options)
    if cdn is None:
        return {'url': options['scriptUrl'] + '?v=' + pins['own']['version'],
                'pin': pins['own'], 'passed': {},
                'failure': failure_message(options['scriptUrl'])}
    return {'url': cdn, 'pin': pins['package'], 'failure': CDN_FAILURE,
            'passed': {setting.key: settings[setting.key] for setting in SETTINGS
                       if json_text(settings[setting.key]) != json_text(setting.default)}}


def loader_url(loader, loaded, timeout_seconds):
    """The loader bookmarklet: loads loaded['url'] pinned by loaded['pin'], passing the
    settings in loaded['passed'] after '#' in its URL, as JSON in which a '%' is an escape
    (bookmarklet/configured.py reads it), and saying loaded['failure'] if it fails. The
    timeout is written in seconds with `e3`, a character shorter than milliseconds."""
    url = loaded['url']
    if loaded['passed']:
        url += '#' + json_text(loaded['passed']).replace('%', '\\u0025')
    code = loader.replace(LOADER_BLANKS['script_url'], js_string(url)) \
        .replace(LOADER_BLANKS['integrity'], json.dumps(loaded['pin']['integrity'])) \
        .replace(LOADER_BLANKS['timeout_ms'], str(timeout_seconds) + 'e3') \
        .replace(LOADER_BLANKS['failure'], js_string(loaded['failure']))
    return javascript_url(code)


def page_data(loader, pins, settings, options, version, script):
    """What the install page's script needs to build both bookmarklets and the userscript
    for any settings: the settings table with each rule, the messages, this build's values,
    the loader with its blanks, the pins of the hosted script and of the package's (both
    as loaded_script takes them) with what the loader says when each fails, and the userscript's metadata
    block as this build writes it (toolkit/release.py), with the offer marks and the script
    it is made of (the bookmarklet's carries no offer). The block's update URLs are the
    build's alone: the page's form and fragment choose settings, never where the userscript
    updates from."""
    return {
        'version': version,
        'userscript': {'head': userscript_head(version, options['scriptUrl']),
                       'offer': [OFFER_MARKS[False], OFFER_MARKS[True]], 'script': script},
        'settings': [{'key': setting.key, 'flag': setting.flag, 'rule': setting.rule,
                      'carried': setting in SETTINGS} for setting in SETTINGS + OPTIONS],
        'messages': MESSAGES, 'wholeNumber': WHOLE_NUMBER, 'on': ON, 'off': OFF,
        'scriptUrlRule': {'parts': SCRIPT_URL_PARTS, 'full': SCRIPT_URL_FULL, 'loopback': LOOPBACK},
        'packageRule': NPM_PACKAGE, 'scriptName': SCRIPT_NAME,
        'defaults': {setting.key: setting.default for setting in SETTINGS + OPTIONS},
        'build': dict(settings, **options),
        'literal': [SETTINGS_START, SETTINGS_END],
        'loader': loader, 'blanks': LOADER_BLANKS, 'pins': pins,
        'failures': {'own': failure_message(options['scriptUrl']), 'cdn': CDN_FAILURE},
    }


def userscript_updates(script_location):
    """What the install page says, in the userscript's part, of where the userscript updates
    from: the address this build gives it (toolkit/release.py hosted_at), or none."""
    url = hosted_at(script_location)
    if url is None:
        return ("It names no address to update from, since this build's script URL is a path "
                "on each listing's own server: its manager does not update it. Install it "
                "again from here for a new version.")
    return ('Its manager updates it from <code>{}</code>, the address this build gives it; '
            'an update brings the settings that file carries. No setting on this page changes '
            'where it updates from.').format(html.escape(url))


def install_page(template, urls, settings, options, data, userscript):
    """dist/install.html: the configurator with both bookmarklets and the userscript for this
    build's settings, their sizes (the bookmarklets' against each browser's limits), this
    release's version, and how to install."""
    size_rows = []
    for place, limit, _ in URL_LIMITS:
        size_rows.append('<tr><th scope="row">{}</th><td>{:,}</td>{}</tr>'.format(
            html.escape(place), limit, ''.join(
                '<td data-fits="{}" data-limit="{}" data-state="{}">{}</td>'.format(
                    name, limit, *(['fits'] * 2 if len(urls[name]) <= limit else
                                   ['too-long', 'too long']))
                for name in urls)))
    setting_rows = []
    for setting in SETTINGS + OPTIONS:
        value = settings[setting.key] if setting.key in settings else options[setting.key]
        setting_rows.append(
            '<div class="setting"><label for="s-{key}"><code>{key}</code></label>'
            '<input type="text" id="s-{key}" name="{key}" value="{value}" spellcheck="false" '
            'autocomplete="off"{mode} aria-describedby="d-{key}">'
            '<p id="d-{key}">{help}. <span class="allowed">Allowed: {allowed}. Default: '
            '<code>{default}</code>. Flag: <code>{flag}</code>.</span></p></div>'.format(
                key=setting.key, value=html.escape(option_text(value)),
                mode=' inputmode="numeric"' if setting.rule['kind'] == 'whole' else '',
                help=html.escape(setting.help[:1].upper() + setting.help[1:]),
                allowed=html.escape(setting.allowed()),
                default=html.escape(option_text(setting.default)) or '(empty)',
                flag=setting.flag))
    return fill_template(template, {
        'title': html.escape(settings['title']),
        'bookmarklet_href': html.escape(urls['bookmarklet'], quote=True),
        'loader_href': html.escape(urls['loader'], quote=True),
        'bookmarklet_size': '{:,} characters'.format(len(urls['bookmarklet'])),
        'loader_size': '{:,} characters'.format(len(urls['loader'])),
        'script_url': html.escape(cdn_script_url(options) or options['scriptUrl']),
        'userscript_name': USERSCRIPT_NAME,
        'userscript_size': '{:,} bytes'.format(len(userscript.encode('utf-8'))),
        'userscript_updates': userscript_updates(options['scriptUrl']),
        'version': html.escape(data['version']),
        'size_rows': '\n'.join(size_rows),
        'setting_rows': '\n'.join(setting_rows),
        # No '<' in the data, so no '</script>' can end the element holding it.
        'data': json_text(data).replace('<', '\\u003c'),
    })
