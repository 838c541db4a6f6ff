"""What is shown or selected, as text to take away: a URL list, input for wget or aria2c,
JSON, a playlist of its sound and video (shown/media.py), or a sitemap.xml (sitemap_files).

Items are hits (tree.py): {path, href, type, mtime, size, sizeApprox}. A file
a tool saves lands at the entry's local path (local_path), the one place that
decides it for every format: the path below the root that the URL spells, read
as wget and aria2c read it. An entry whose local path would not be exactly its
own name, or would not stay inside the folder, is left out of every format and
named in the export box, never rewritten into another name (docs/design.md,
Trust); a playlist is read by a player from the URLs, and leaves nothing out. Pure.
"""

# __pragma__ ('skip')
import re as _re
# __pragma__ ('noskip')

from bookmarklet.portable import to_json, part, dict_key, last_char, iso_time
from bookmarklet.reading.names import listed_name
from bookmarklet.shown.tree import loop_text
from bookmarklet.shown.media import playlist_text

FORMATS = ['urls', 'wget', 'aria2', 'json', 'm3u8', 'sitemap']
# The file's ending of each format but those saved as .txt.
ENDINGS = {'json': 'json', 'm3u8': 'm3u8', 'sitemap': 'xml'}
# The sitemaps protocol's bounds: URLs and bytes a file, and a URL's length (sitemaps.org).
SITEMAP_URLS = 50000
SITEMAP_BYTES = 52428800
SITEMAP_URL_LENGTH = 2048
SITEMAP_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<'
SITEMAP_SCHEMA = ' xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
# Names shown in the box's count of those left out, before '…'.
LEFT_OUT_SHOWN = 3


# __pragma__ ('skip')
def has_unsafe_char(text):
    """True for a name holding a control character (C0, DEL, C1), a backslash or a %XX."""
    return _re.search('[\\x00-\\x1f\\x7f-\\x9f\\\\]|%[0-9a-fA-F]{2}', text) is not None
# __pragma__ ('noskip')


# __pragma__ ('ecom')
# Native, the same pattern: a tree of 100,000 hits is exported at once.
#?has_unsafe_char = lambda text: __pragma__ ('js', '{}', '/[\\x00-\\x1f\\x7f-\\x9f\\\\]|%[0-9a-f]{2}/i.test (text)')
# __pragma__ ('noecom')


def safe_name(segment):
    """The name a segment of an entry's URL spells, when every tool saves it as exactly that
    name; else None. Refused: a segment that is not the exact encoding of its bytes (a tool
    would decode it otherwise), bytes that are not UTF-8 (aria2c's out= is text, and \\xe9
    is another name), what is no plain name (empty, '.', '..', a '/'), a backslash, a
    control character (C0, DEL, C1), a space at either end (aria2c trims them), and a %XX
    (wget decodes the URL's %25XX into %XX, then that again: '%2e' is saved as '.')."""
    named = listed_name(segment)
    # A name that is not UTF-8 shows each such byte as \xe9: its backslash refuses it.
    if named == None or named['name'].startswith(' ') or named['name'].endswith(' ') or \
            has_unsafe_char(named['name']):
        return None
    return named['name']


def local_path(href, root_url):
    """Where a tool saves the entry at href, below the folder it runs in: its names from
    root_url on, '/'-separated, a directory's ending in '/'; '' when one of them is not
    safe (safe_name) or href is not below root_url."""
    if not href.startswith(root_url):
        return ''
    rest = part(href, len(root_url))
    is_folder = last_char(rest) == '/'  # a directory's closing '/'
    path = ''
    # The root itself ('') and an empty name ('a//b') are no safe name.
    for segment in (part(rest, 0, len(rest) - 1) if is_folder else rest).split('/'):
        name = safe_name(segment)
        if name == None:
            return ''
        path += ('' if path == '' else '/') + name
    return path + ('/' if is_folder else '')


def file_name(format_name):
    """The name the export is saved as, in the folder the tools fill (a sitemap's index, or
    its only file)."""
    return 'sitemap.' + (ENDINGS[format_name] if format_name in ENDINGS else 'txt')


def carried_items(items, root_url, format_name):
    """{items, left}: the items whose local paths are safe and taken by no other item, as a
    file or as a folder holding one, nor by the export's own file; the paths of the others,
    as a person reads them."""
    files = {}
    files[dict_key(file_name(format_name))] = True
    folders = {}
    found = {'items': [], 'left': []}
    for item in items:
        path = local_path(item['href'], root_url)
        is_folder = last_char(path) == '/'
        bare = part(path, 0, len(path) - 1) if is_folder else path
        taken = path == '' or dict_key(bare) in files or (not is_folder and dict_key(bare) in folders)
        needed = []  # the folders it is in
        cut = bare.find('/')
        while cut > 0:
            folder = dict_key(part(bare, 0, cut))
            needed.append(folder)
            taken = taken or folder in files
            cut = bare.find('/', cut + 1)
        if taken:
            found['left'].append(item['path'])
            continue
        found['items'].append(item)
        if is_folder:
            needed.append(dict_key(bare))
        else:
            files[dict_key(bare)] = True
        for key in needed:
            folders[key] = True
    return found


def export_of(items, format_name, root_url):
    """{text, left, files}: the items below root_url in a format of FORMATS, one line (or
    block) each, the paths of those left out (carried_items, or for a sitemap
    sitemap_files), and the files to save, [{name, text}]: the text as file_name, or a
    sitemap's files and their index."""
    if format_name == 'sitemap':
        return sitemap_files(items, root_url)
    if format_name == 'm3u8':
        text = playlist_text(items)
        return {'text': text, 'left': [], 'files': [{'name': file_name(format_name), 'text': text}]}
    carried = carried_items(items, root_url, format_name)
    if format_name == 'json':
        text = to_json(json_items(carried['items']))
        return {'text': text, 'left': carried['left'], 'files': [{'name': file_name(format_name), 'text': text}]}
    text = ''
    for item in carried['items']:
        # wget -x makes the directories from the URLs, aria2c from dir=: files only.
        if format_name == 'urls' or item['type'] == 'file':
            text += item['href'] + '\n'
            if format_name == 'aria2':
                text += aria2_options(local_path(item['href'], root_url))
    return {'text': text, 'left': carried['left'], 'files': [{'name': file_name(format_name), 'text': text}]}


def xml_text(text):
    """text as XML's character data holds it: & and < escaped, and > (as in ']]>')."""
    return text.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;')


def sitemap_files(items, root_url):
    """export_of's {text, left, files} for a sitemap of the items' URLs, each with its mtime
    as <lastmod>: sitemap.xml, or past SITEMAP_URLS URLs or SITEMAP_BYTES bytes a file,
    sitemap-1.xml, sitemap-2.xml … and sitemap.xml, their index, which names them in
    root_url: where they are to be served. Its text is sitemap.xml's. A URL the protocol
    does not take (SITEMAP_URL_LENGTH characters or more) is left out; every URL is ASCII
    (names are percent-encoded), so a character is a byte."""
    # The index first, written once there are several sitemaps.
    files = [{'name': file_name('sitemap'), 'text': ''}]
    left = []
    opening = SITEMAP_HEAD + 'urlset' + SITEMAP_SCHEMA
    end = '</urlset>\n'
    text = opening
    count = 0
    for item in items:
        url = item['href']
        if len(url) >= SITEMAP_URL_LENGTH:
            left.append(item['path'])
            continue
        line = '<url><loc>' + xml_text(url) + '</loc>' + (
            '' if item['mtime'] == None else '<lastmod>' + iso_time(item['mtime']) + '</lastmod>') + '</url>\n'
        if count == SITEMAP_URLS or len(text) + len(line) + len(end) > SITEMAP_BYTES:
            files.append({'name': 'sitemap-' + str(len(files)) + '.xml', 'text': text + end})
            text = opening
            count = 0
        text += line
        count += 1
    files.append({'name': 'sitemap-' + str(len(files)) + '.xml', 'text': text + end})
    if len(files) == 2:
        files = [{'name': files[0]['name'], 'text': text + end}]
    else:
        index = SITEMAP_HEAD + 'sitemapindex' + SITEMAP_SCHEMA
        for each in part(files, 1):
            index += '<sitemap><loc>' + xml_text(root_url) + each['name'] + '</loc></sitemap>\n'
        files[0]['text'] = index + '</sitemapindex>\n'
    return {'text': files[0]['text'], 'left': left, 'files': files}


def aria2_options(path):
    """dir= and out= lines of aria2c's input for a file at a safe local path."""
    cut = path.rfind('/')
    return ' dir=' + ('.' if cut < 0 else part(path, 0, cut)) + \
        '\n out=' + part(path, cut + 1) + '\n'


def left_out_text(paths):
    """What the export box says of the paths left out: '' for none, else their count and
    the first of them, quoted as JSON quotes them, so a space or a line break shows."""
    if len(paths) == 0:
        return ''
    text = str(len(paths)) + ' name' + ('' if len(paths) == 1 else 's') + ' left out:'
    for path in part(paths, 0, LEFT_OUT_SHOWN):
        text += ' ' + to_json(path)
    return text + (' …' if len(paths) > LEFT_OUT_SHOWN else '')


def json_items(items):
    found = []
    for item in items:
        found.append({'path': item['path'], 'url': item['href'], 'type': item['type'],
                      'mtime': None if item['mtime'] == None else iso_time(item['mtime']),
                      'size': None if item['sizeApprox'] else item['size']})
        if 'loopOf' in item:
            found[len(found) - 1]['note'] = loop_text(item)
    return found


def tool_hint(format_name, root_url):
    """The command that reads the export saved as file_name, from the directory to fill.
    wget's own rule for local names (unix) writes a control byte as %XX, never raw."""
    if format_name == 'wget':
        depth = len(root_url.split('/')) - 4
        return 'wget -x -nH --cut-dirs=' + str(depth) + ' -i ' + file_name(format_name)
    if format_name == 'aria2':
        return 'aria2c -i ' + file_name(format_name)
    return ''


def files_text(saved):
    """What the box says of the files Save writes (export_of's files), when there are
    several: '3 files: sitemap.xml sitemap-1.xml sitemap-2.xml'."""
    if len(saved) < 2:
        return ''
    text = str(len(saved)) + ' files:'
    for each in saved:
        text += ' ' + each['name']
    return text
