"""The release: its one version (pyproject.toml), the licence header the hosted script and
the userscript start with, the userscript's metadata block, and the script element by which
a server offers the sitemap on its listings."""

import html
import tomllib

from bookmarklet.words import OFFER_ATTRIBUTE
from toolkit import ROOT
from toolkit.errors import BuildError

SCRIPT_NAME = 'sitemap.js'
USERSCRIPT_NAME = 'autoindex-sitemap.user.js'
INSTALL_PAGE_NAME = 'install.html'
OFFER_ELEMENT_NAME = 'offer.html'
APACHE_OFFER_NAME = 'offer-apache.conf'
# What a build wrote into its folder, each file with its digest (toolkit/dist.py): the
# files a later build may replace there.
MANIFEST_NAME = '.autoindex-sitemap-build.json'


def project():
    """pyproject.toml's [project] table: the release's name, version, description, licence."""
    try:
        return tomllib.loads((ROOT / 'pyproject.toml').read_text(encoding='utf-8'))['project']
    except (OSError, KeyError, tomllib.TOMLDecodeError) as error:
        raise BuildError('pyproject.toml gives no project: ' + str(error))


def project_version():
    """The version pyproject.toml gives: the one version of a release."""
    return project()['version']


def license_header(version):
    """One comment naming the project, its version and its licence. Written `/*! @license`,
    esbuild keeps it and uglify-js keeps it with --comments, so a script minified again
    still says what it is and under which terms."""
    return ('/*! @license autoindex-sitemap {} | MIT License | Copyright (c) 2026 the '
            'autoindex-sitemap authors | see LICENSE */'.format(version))


def beside_script(script_location, name):
    """The URL of the file name beside the hosted script, when the build knows where that is
    (an absolute http(s) URL); None for a path, whose origin is any listing's."""
    lowered = script_location.lower()
    if not (lowered.startswith('http://') or lowered.startswith('https://')):
        return None
    return script_location[:script_location.rfind('/') + 1] + name


def hosted_at(script_location):
    """The URL of the userscript beside the hosted script, or None (beside_script)."""
    return beside_script(script_location, USERSCRIPT_NAME)


def userscript_head(version, script_location):
    """The metadata block the userscript managers (Violentmonkey, Tampermonkey,
    Greasemonkey) read, then the licence header.

    Where the build knows where it is served, its install page beside the script is the
    userscript's home and its support: the page says what the script does, how to install
    it, what a page's Content-Security-Policy does to it, where it updates from and which
    version it is. The project has no address of its own to name instead, and a build
    given a path knows no origin: it names neither."""
    lines = ['// ==UserScript==',
             '// @name         autoindex-sitemap',
             '// @namespace    autoindex-sitemap',
             '// @version      ' + version,
             '// @description  A button on directory listings that opens a paginated sitemap '
             'of the two levels below, newest first (Alt+Shift+M)',
             '// @license      MIT',
             '// @match        http://*/*',
             '// @match        https://*/*',
             # Apart from the page's script where the manager can: Violentmonkey's content
             # world, Tampermonkey's isolated one (no @grant: `none` turns its sandbox
             # off); Greasemonkey always runs it there.
             '// @inject-into  content',
             '// @sandbox      DOM',
             '// @run-at       document-idle',
             '// @noframes']
    page = beside_script(script_location, INSTALL_PAGE_NAME)
    if page is not None:
        lines += ['// @homepageURL  ' + page, '// @supportURL   ' + page]
    url = hosted_at(script_location)
    if url is not None:
        lines += ['// @downloadURL  ' + url, '// @updateURL    ' + url]
    return '\n'.join(lines + ['// ==/UserScript==', license_header(version)]) + '\n'


def offer_element(script_location, pin):
    """The script element a server adds to each listing: sitemap.js at script_location, pinned
    to this build (its URL carries the hash, Subresource Integrity checks the bytes), asking
    for the button (bookmarklet/browser/offer.py). Its attributes are quoted with ', so the element
    also fits in a double-quoted Apache directive."""
    return ("<script src='{}?v={}' integrity='{}' crossorigin {} defer></script>").format(
        html.escape(script_location, quote=True), pin['version'], pin['integrity'],
        OFFER_ATTRIBUTE)
