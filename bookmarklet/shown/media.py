"""Which entries are pictures, sound or video, told by their names' endings, and the
playlist of the sound and video among what is shown. Pure.

The kind only chooses the element a file is given to (img, audio, video: docs/design.md,
Trust): the browser reads the file itself, and says when it cannot.
"""

from bookmarklet.portable import part, dict_key

IMAGE = 'image'
AUDIO = 'audio'
VIDEO = 'video'


def kinds_of(endings):
    """{dict_key(ending): kind} of [[kind, its endings, lower-cased, space-separated]]."""
    kinds = {}
    for pair in endings:
        for ending in pair[1].split(' '):
            kinds[dict_key(ending)] = pair[0]
    return kinds


# What browsers show in an img, or play.
KINDS = kinds_of([[IMAGE, 'jpg jpeg jpe png apng gif webp avif svg bmp ico'],
                  [AUDIO, 'mp3 ogg oga opus flac wav m4a aac weba'],
                  [VIDEO, 'mp4 m4v webm ogv mov mkv']])


def media_kind(item):
    """IMAGE, AUDIO or VIDEO for a file item (a hit, shown/tree.py) whose name ends so, else ''."""
    name = item['name']
    ending = dict_key(part(name, name.rfind('.') + 1).lower())
    return KINDS[ending] if item['type'] == 'file' and name.rfind('.') > 0 and ending in KINDS else ''


def media_of(items):
    """The items that are pictures, sound or video, in their order."""
    found = []
    for item in items:
        if media_kind(item) != '':
            found.append(item)
    return found


def playlist_text(items):
    """An extended M3U playlist (UTF-8, .m3u8) of the sound and video among items, in their
    order: each titled by its path on one line (a line break in a name would start another
    entry), then its URL, which percent-encoding keeps on one line."""
    text = '#EXTM3U\n'
    for item in items:
        kind = media_kind(item)
        if kind == AUDIO or kind == VIDEO:
            title = item['path'].replace('\n', ' ').replace('\r', ' ')
            text += '#EXTINF:-1,' + title + '\n' + item['href'] + '\n'
    return text
