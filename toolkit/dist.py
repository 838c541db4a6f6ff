"""dist/ from the compiled parts and the settings: text replacements only, no compiler.

generator.py hands it the parts it compiled (or kept), the installed command
the parts its package carries; both write the same dist/ for the same
settings.
"""

import hashlib
import json
import os
import tempfile
import urllib.parse
from pathlib import Path

from toolkit.errors import BuildError
from toolkit.javascript_url import bookmarklet_url, check_sizes, size_table
from toolkit.literal import hosted, offering, self_contained, with_settings
from toolkit.loader import install_page, loaded_script, loader_url, page_data, script_pin
from toolkit.release import APACHE_OFFER_NAME, MANIFEST_NAME, OFFER_ELEMENT_NAME, \
    SCRIPT_NAME, USERSCRIPT_NAME, license_header, offer_element, userscript_head
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
    userscript, made of the readable script (toolkit/compile.py), reads nothing from the
    page (self_contained), and the bookmarklet is built unable to. sitemap.js and the
    userscript start with the licence header; the bookmarklet, whose every character
    counts, does not. The npm package holds the sitemap.js of the default settings
    (docs/releasing.md), which a loader that loads it from a CDN pins."""
    script = sitemap_script(parts, settings)
    pins = {'own': script_pin(script), 'package': script_pin(sitemap_script(
        parts, {setting.key: setting.default for setting in SETTINGS}))}
    urls = {
        'bookmarklet': bookmarklet_url(with_settings(parts['bookmarklet'], settings)),
        'loader': loader_url(parts['loader'], loaded_script(settings, options, pins),
                             settings['timeoutSeconds']),
    }
    check_sizes(urls['bookmarklet'])
    offered = self_contained(parts['userscript'])
    userscript = userscript_text(with_settings(offered, settings), parts['version'],
                                 options['scriptUrl'])
    page = install_page(template, urls, settings, options,
                        page_data(parts['loader'], pins, settings, options, parts['version'], offered),
                        userscript)
    element = offer_element(options['scriptUrl'], pins['own'])
    return {'bookmarklet.url': urls['bookmarklet'] + '\n', 'loader.url': urls['loader'] + '\n',
            SCRIPT_NAME: script, 'install.html': page, USERSCRIPT_NAME: userscript,
            OFFER_ELEMENT_NAME: element + '\n',
            APACHE_OFFER_NAME: 'IndexHeadInsert "' + element + '"\n'}


def sitemap_script(parts, settings):
    """sitemap.js with settings: the licence header, then the script that takes the settings
    its loader passes (toolkit/literal.py hosted)."""
    return license_header(parts['version']) + '\n' + \
        hosted(with_settings(parts['script'], settings)) + '\n'


def digest(data):
    return hashlib.sha256(data).hexdigest()


def manifest_text(files):
    """The record of what a build wrote into its folder: each file's name and SHA-256."""
    return json.dumps({'files': {name: digest(text.encode('utf-8'))
                                 for name, text in sorted(files.items())}}, indent=1) + '\n'


def recorded_files(out):
    """{name: SHA-256} of the files the build that wrote out recorded (manifest_text); None
    when out holds no such record, or one that is damaged."""
    path = out / MANIFEST_NAME
    try:
        if path.is_symlink():
            return None
        record = json.loads(path.read_text(encoding='utf-8'))
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    files = record.get('files') if isinstance(record, dict) else None
    if not isinstance(files, dict) or not all(isinstance(value, str) for value in files.values()):
        return None
    return files


# What every build writes: a folder of these alone, whose bookmarklet.url is one, is a build
# made before builds kept their record, replaced as one (`make` after an update).
BUILD_NAMES = {'bookmarklet.url', 'loader.url', SCRIPT_NAME, 'install.html', USERSCRIPT_NAME,
               OFFER_ELEMENT_NAME, APACHE_OFFER_NAME}


def earlier_build_files(out):
    """The names of the files of a build made before builds kept their record: those named
    as a build names them, where its bookmarklet.url is one; [] when out holds none."""
    path = os.path.join(out, 'bookmarklet.url')
    if not os.path.isfile(path) or os.path.islink(path):
        return []
    with open(path, 'rb') as file:
        if file.read(len(b'javascript:')) != b'javascript:':
            return []
    return [entry.name for entry in os.scandir(out)
            if entry.name in BUILD_NAMES and entry.is_file(follow_symlinks=False)]


def foreign_entries(out):
    """[(name, why)] of what out holds that a build did not write, by name: all of it but the
    record of an earlier build and the regular files it names, each with the bytes it
    recorded; [] when out is missing. Raises BuildError when out itself is no folder."""
    if not os.path.lexists(out):
        return []
    if out.is_symlink() or not out.is_dir():
        raise BuildError('--out {} is {}. Nothing was changed; name a folder to write'.format(
            out, 'a symbolic link' if out.is_symlink() else 'not a folder'))
    recorded = recorded_files(out)
    earlier = earlier_build_files(out) if recorded is None else []
    found = []
    for entry in sorted(os.scandir(out), key=lambda entry: entry.name):
        if entry.name == MANIFEST_NAME and recorded is not None or entry.name in earlier:
            continue
        if recorded is None or entry.name not in recorded or \
                not entry.is_file(follow_symlinks=False):
            found.append((entry.name, 'which the build did not write'))
        else:
            with open(entry.path, 'rb') as file:
                if digest(file.read()) != recorded[entry.name]:
                    found.append((entry.name, 'which changed since the build wrote it'))
    return found


def check_out(out):
    """Refuse an out holding what the build did not write, before anything is written: the
    build replaces the whole folder, so it writes only into a new or empty folder or one
    holding an earlier build alone, as that build recorded it."""
    found = foreign_entries(out)
    if found:
        name, why = found[0]
        raise BuildError(
            '--out {} holds {}{}, {}: the build replaces the whole folder, so it writes only '
            'into a new or empty folder or one holding an earlier build alone, as that build '
            'recorded it in {}{}. Nothing was changed; move it away or choose another '
            '--out'.format(out, json.dumps(name, ensure_ascii=False),
                           ' and {} more'.format(len(found) - 1) if len(found) > 1 else '', why,
                           MANIFEST_NAME, '' if recorded_files(out) is not None else
                           ' (none is there: a build made before builds kept that record '
                           'is removed by hand)'))


def write_dist(files, out):
    """Replace out with the given files and their record (manifest_text) at once, so no
    half-written dist/ is ever left, when out holds nothing but an earlier build (check_out).
    The files are written into a folder of their own beside out, into which the earlier
    build then moves to be removed file by file: nothing else is ever deleted, whatever
    stands beside out or comes into it meanwhile."""
    check_out(out)
    files = dict(files, **{MANIFEST_NAME: manifest_text(files)})
    place = Path(os.path.abspath(out))
    # What the earlier build holds, as checked: plain names, whatever its record says.
    earlier = os.listdir(place) if os.path.lexists(place) else []
    place.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix='.' + place.name + '.', dir=place.parent))
    fresh, old = staging / 'new', staging / 'old'
    try:
        fresh.mkdir()
        for name, text in files.items():
            (fresh / name).write_text(text, encoding='utf-8')
        check_out(out)
        if os.path.lexists(place):
            place.rename(old)
        try:
            fresh.rename(place)
        except OSError:
            if old.is_dir():
                old.rename(place)
            raise
    finally:
        for folder, names in [(fresh, files), (old, earlier)]:
            if folder.is_dir():
                for name in names:
                    (folder / name).unlink(missing_ok=True)
                folder.rmdir()
        staging.rmdir()


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
