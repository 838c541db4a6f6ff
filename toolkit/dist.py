"""dist/ from the compiled parts and the settings: text replacements only, no compiler.

generator.py hands it the parts it compiled (or kept), the installed command
the parts its package carries; both write the same dist/ for the same
settings.
"""

import shutil
import urllib.parse

from toolkit.javascript_url import bookmarklet_url, check_sizes, size_table
from toolkit.literal import hosted, offering, self_contained, with_settings
from toolkit.loader import install_page, loader_url, page_data, script_pin, with_install_page
from toolkit.release import APACHE_OFFER_NAME, OFFER_ELEMENT_NAME, USERSCRIPT_NAME, \
    license_header, offer_element, userscript_head
from toolkit.settings import OPTIONS, SETTINGS, option_text


def userscript_text(script, version, script_location):
    """The userscript: the metadata block and licence header, then the script (with its
    settings) made to offer the sitemap (toolkit/literal.py offering)."""
    return userscript_head(version, script_location) + offering(script.strip()) + '\n'


def dist_files(parts, template, settings, options):
    """{name: text} of dist/: the parts with settings written in, the install page made
    from template, the userscript, and what a server adds to its listings to offer the
    sitemap; stops the build when the self-contained bookmarklet is too long.

    sitemap.js takes the settings its loader passes (toolkit/literal.py hosted); the
    userscript reads nothing from the page (self_contained), and the bookmarklet is built
    unable to. sitemap.js
    and the userscript start with the licence header; the bookmarklet, whose every
    character counts, does not."""
    script = license_header(parts['version']) + '\n' + \
        hosted(with_settings(parts['script'], settings)) + '\n'
    pin = script_pin(script)
    loader = with_install_page(parts['loader'], options['scriptUrl'])
    urls = {
        'bookmarklet': bookmarklet_url(with_settings(parts['bookmarklet'], settings)),
        'loader': loader_url(loader, pin, options['scriptUrl'], settings['timeoutSeconds'], {}),
    }
    check_sizes(urls['bookmarklet'])
    offered = self_contained(parts['script'])
    userscript = userscript_text(with_settings(offered, settings), parts['version'],
                                 options['scriptUrl'])
    page = install_page(template, urls, settings, options,
                        page_data(loader, pin, settings, options, parts['version'], offered),
                        userscript)
    element = offer_element(options['scriptUrl'], pin)
    return {'bookmarklet.url': urls['bookmarklet'] + '\n', 'loader.url': urls['loader'] + '\n',
            'sitemap.js': script, 'install.html': page, USERSCRIPT_NAME: userscript,
            OFFER_ELEMENT_NAME: element + '\n',
            APACHE_OFFER_NAME: 'IndexHeadInsert "' + element + '"\n'}


def write_dist(files, out):
    """Replace out with the given files at once, so no half-written dist/ is ever left."""
    fresh = out.with_name(out.name + '.new')
    old = out.with_name(out.name + '.old')
    for folder in (fresh, old):
        if folder.exists():
            shutil.rmtree(folder)
    fresh.mkdir(parents=True)
    for name, text in files.items():
        (fresh / name).write_text(text, encoding='utf-8')
    if out.exists():
        out.rename(old)
    fresh.rename(out)
    if old.exists():
        shutil.rmtree(old)


def settings_fragment(values, base):
    """The install page's fragment for values: key=value for each setting that differs
    from base, in the table's order, percent-encoded as encodeURIComponent does."""
    pairs = []
    for setting in SETTINGS + OPTIONS:
        value = values[setting.key]
        if value != base[setting.key]:
            pairs.append(setting.key + '=' + urllib.parse.quote(option_text(value),
                                                                safe="!'()*,/:"))
    return '&'.join(pairs)


def configurator_link(out, settings, options):
    """The install page this build wrote, its fragment naming the settings that differ
    from the defaults: opened, on this page or on any other build's, it shows them."""
    fragment = settings_fragment(dict(settings, **options),
                                 {setting.key: setting.default for setting in SETTINGS + OPTIONS})
    return (out / 'install.html').resolve().as_uri() + ('#' + fragment if fragment else '')


def write_build(parts, page, settings, options, out):
    """Write dist/ into out and say what was written: each file, the bookmarklets' sizes
    against the browsers' limits, and the link to the install page showing these settings."""
    files = dist_files(parts, page, settings, options)
    write_dist(files, out)
    for name in sorted(files):
        print('wrote {}: {:,} bytes'.format(out / name, len(files[name].encode('utf-8'))))
    print(size_table({name: files[name].strip() for name in ['bookmarklet.url', 'loader.url']}))
    print('the userscript: {:,} bytes'.format(len(files[USERSCRIPT_NAME].encode('utf-8'))))
    print('configure it further: ' + configurator_link(out, settings, options))
