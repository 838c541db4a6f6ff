"""What is shown, as text to take away: a URL list, input for wget or aria2c, or JSON.

Items are hits (tree.py): {path, href, type, mtime, size, sizeApprox}. Every URL
is an entry's own, percent-encoded from its name, so an input file holds no
character a tool would read as anything but the URL; only aria2c's out= and
dir= carry names, where a control character is written as %XX (a line break
would end the option). Pure.
"""

from bookmarklet.portable import to_json, part, percent_encode
from bookmarklet.times import format_iso

FORMATS = ['urls', 'wget', 'aria2', 'json']


def export_text(items, format_name):
    """The items in a format of FORMATS, one line (or block) each."""
    if format_name == 'json':
        return to_json(json_items(items))
    text = ''
    for item in items:
        # wget -x makes the directories from the URLs, aria2c from dir=: files only.
        if format_name == 'urls' or item['type'] == 'file':
            text += item['href'] + '\n'
            if format_name == 'aria2':
                text += aria2_options(item['path'])
    return text


def aria2_options(path):
    """dir= and out= lines of aria2c's input for a file at path below the root."""
    cut = path.rfind('/')
    return ' dir=' + without_controls('.' if cut < 0 else part(path, 0, cut)) + \
        '\n out=' + without_controls(part(path, cut + 1, None)) + '\n'


def without_controls(text):
    """text with each control character as %XX, so that a line break cannot end the option."""
    found = ''
    for char in text:
        found += percent_encode(char) if char < ' ' or char == '\x7f' else char
    return found


def json_items(items):
    found = []
    for item in items:
        found.append({'path': item['path'], 'url': item['href'], 'type': item['type'],
                      'mtime': None if item['mtime'] == None else format_iso(item['mtime']),
                      'size': None if item['sizeApprox'] else item['size']})
    return found


def tool_hint(format_name, root_url):
    """The command that reads the export saved as sitemap.txt, from the directory to fill."""
    if format_name == 'wget':
        depth = len(root_url.split('/')) - 4
        return 'wget -x -nH --cut-dirs=' + str(depth) + \
            ' --restrict-file-names=nocontrol -i sitemap.txt'
    if format_name == 'aria2':
        return 'aria2c -i sitemap.txt'
    return ''
