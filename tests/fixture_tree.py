"""The hostile tree the fixture corpus is captured from, and what each server shows of it.

Names are bytes, since some are not UTF-8. expected_listing() derives the
entries a listing must give from this spec and each server's known quirks,
written down here by hand, independently of bookmarklet/.
"""

import os
from urllib.parse import quote

BASE = 1788266096  # 2026-09-01T12:34:56Z
EPOCH = 0
FAR_FUTURE = 4102444845  # 2100-01-01T00:00:45Z
GIB = 1024 ** 3


def node(name, kind, mtime, size=0, target=None):
    return {'name': name, 'kind': kind, 'mtime': mtime, 'size': size, 'target': target}


TREE = [
    node(b'dir one', 'dir', BASE + 3600),
    node(b'empty', 'dir', BASE + 7200),
    node(b'same-a.txt', 'file', BASE, 1),
    node(b'same-b.txt', 'file', BASE, 1023),
    node(b'same-dir', 'dir', BASE),
    node(b'a&b <c> "d" \'e\'.txt', 'file', BASE - 60, 1024),
    node(b'100% #1 ?.txt', 'file', BASE - 120, 1536),
    node('café crème.txt'.encode(), 'file', BASE - 180, 10240),
    node('日本語の名前.txt'.encode(), 'file', BASE - 240, 2 * 1024 * 1024 + 1),
    node(b'n' * 45 + b'.txt', 'file', BASE - 300, 9999),          # 49 bytes
    node(b'n' * 46 + b'.txt', 'file', BASE - 301, 10000),         # 50 bytes
    node(b'n' * 47 + b'.txt', 'file', BASE - 302, 99999),         # 51 bytes
    node(b'n' * 66 + b'.txt', 'file', BASE - 303, 1048575),       # 70 bytes
    node('漢字'.encode() * 8 + b'.txt', 'file', BASE - 304, 3),   # 52 bytes, cut mid character
    node(b'tab\there.txt', 'file', BASE - 360, 4),
    node(b'bell\x07.txt', 'file', BASE - 420, 5),
    node(b'bad\xffname.bin', 'file', BASE - 480, 6),
    node(b'link-to-dir', 'link', BASE - 540, target=b'dir one'),
    node(b'broken-link', 'link', BASE - 600, target=b'no-such-target'),
    node(b'epoch.txt', 'file', EPOCH, 7),
    node(b'far-future.txt', 'file', FAR_FUTURE, 8),
    node(b'huge.iso', 'file', BASE - 660, 5 * GIB + 123456789),
    node(b'.hidden', 'file', BASE - 720, 9),
]


def write(root):
    """Write TREE below root, setting every mtime (links: the link's own)."""
    top = os.fsencode(str(root))
    os.makedirs(top)
    for item in TREE:
        path = os.path.join(top, item['name'])
        if item['kind'] == 'dir':
            os.mkdir(path)
        elif item['kind'] == 'link':
            os.symlink(item['target'], path)
        else:
            with open(path, 'wb') as handle:
                handle.truncate(item['size'])
    for item in TREE:
        path = os.path.join(top, item['name'])
        os.utime(path, (item['mtime'], item['mtime']), follow_symlinks=False)
    for item in TREE:
        if item['kind'] == 'dir':
            os.chmod(os.path.join(top, item['name']), 0o755)
    os.chmod(top, 0o755)


def minute(seconds):
    return seconds - seconds % 60


def human_value(text):
    """Bytes a human size stands for: the number times its 1024-based unit, fraction cut."""
    number, unit = text, ''
    while number and not number[-1].isdigit():
        number, unit = number[:-1], number[-1] + unit
    unit = unit.strip()
    power = 0 if unit in ('', 'B') else 'KMGTPE'.index(unit[0]) + 1
    whole, _, fraction = number.strip().partition('.')
    value = int(whole) * 1024 ** power
    if fraction:
        value += int(fraction) * 1024 ** power // 10 ** len(fraction)
    return value


def nginx_human(size):
    """nginx's autoindex_exact_size off: 1024-based, rounded half up, no fraction."""
    for power, unit in ((3, 'G'), (2, 'M'), (1, 'K')):
        step = 1024 ** power
        if size >= step if power > 1 else size > 9999:
            return '{}{}'.format(size // step + (1 if size % step >= step // 2 else 0), unit)
    return str(size)


def apache_human(size):
    """Apache's apr_strfsize, as mod_autoindex prints sizes."""
    if size < 973:
        return str(size)
    units = 'KMGTPE'
    unit = 0
    while True:
        remain = size & 1023
        size >>= 10
        if size >= 973:
            unit += 1
            continue
        if size < 9 or (size == 9 and remain < 973):
            remain = (remain * 5 + 256) // 512
            if remain >= 10:
                size, remain = size + 1, 0
            return '{}.{}{}'.format(size, remain, units[unit])
        if remain >= 512:
            size += 1
        return '{}{}'.format(size, units[unit])


def lighttpd_human(size):
    """lighttpd's mod_dirlisting size: always with one decimal and a unit, tiny files 0.1K."""
    if 0 < size < 100:
        size += 99
    unit = -1
    while True:
        remain = size & 1023
        size >>= 10
        unit += 1
        if not size & ~1023:
            break
    remain = min(remain // 100, 9)
    if size > 999:
        size, remain, unit = 0, 9, unit + 1
    return '{}.{}{}'.format(size, remain, 'KMGTPE'[unit])


def caddy_human(size):
    """Caddy's browse page: go-humanize IBytes ('9 B', '1.5 KiB', '98 KiB')."""
    if size < 10:
        return '{} B'.format(size)
    power = 0
    while size >= 1024 ** (power + 1):
        power += 1
    value = int(size / 1024 ** power * 10 + 0.5) / 10
    number = '{:.0f}'.format(value) if value >= 10 else '{:.1f}'.format(value)
    return number + ' ' + ['B', 'KiB', 'MiB', 'GiB', 'TiB'][power]


HUMAN = {'nginx': nginx_human, 'apache': apache_human, 'lighttpd': lighttpd_human,
         'caddy': caddy_human}


def expected_listing(quirks):
    """The listing the reader must give for a capture described by quirks
    {server, format, empty, error, utcOffsetMinutes}; {'error': True} when it is
    not a listing. Each rule below was checked against the captured bodies."""
    if quirks.get('error'):
        return {'error': True}
    server, form = quirks['server'], quirks['format']
    listing_format = {'json': 'json', 'jsonp': 'jsonp', 'xml': 'xml'}.get(form, 'html')
    # nginx and Caddy JSON carry seconds, lighttpd and Caddy's page too; nginx and Apache
    # pages show minutes; http.server and Apache's plain list show no dates at all.
    dated = not (server == 'python' or form == 'plain')
    exact_time = listing_format != 'html' or server in ('lighttpd', 'caddy')
    exact_size = listing_format != 'html' or (server == 'nginx' and form != 'html-human')
    items = [] if quirks.get('empty') else TREE
    targets = by_name(TREE)
    entries = []
    for item in items:
        name, kind, mtime, size = item['name'], item['kind'], item['mtime'], item['size']
        hidden = name.startswith(b'.')
        if hidden and server in ('nginx', 'lighttpd'):
            continue  # both hide dotfiles
        if kind == 'link':
            target = targets.get(item['target'])
            if target is None:
                # A broken link: Apache and lighttpd leave it out; nginx's JSON and XML
                # call it other; pages without a trailing slash show a file of the
                # link's own size (the target path's length).
                if server in ('apache', 'lighttpd'):
                    continue
                if listing_format != 'html' and server == 'nginx' or \
                        (server == 'caddy' and form == 'json'):
                    kind, size = 'other', None
                else:
                    kind, size = 'file', len(item['target'])
            else:
                kind = 'dir'
                # Caddy shows a link's own mtime, the others follow it to the target.
                mtime = mtime if server == 'caddy' else target['mtime']
        if server == 'python' and b'\xff' in name:
            # http.server quotes the surrogate-escaped name: %ED%B3%BF, three bad bytes.
            name = name.replace(b'\xff', b'\xed\xb3\xbf')
        # Names are bytes: the link is every byte but A-Z a-z 0-9 - . _ ~ as %XX, the text
        # what Python shows of bytes that are not UTF-8 (\xff).
        is_file = kind == 'file'
        entry = {'name': name.decode('utf-8', 'backslashreplace'),
                 'href': quote(name, safe='-._~'),
                 'undecodable': name.decode('utf-8', 'replace') != name.decode('utf-8', 'ignore'),
                 'type': 'directory' if kind == 'dir' else kind,
                 'mtime': None, 'size': None, 'sizeApprox': False}
        if dated:
            entry['mtime'] = mtime if exact_time else minute(mtime)
        if is_file and server != 'python' and form != 'plain':
            if exact_size:
                entry['size'] = size
            else:
                text = HUMAN[server](size)
                entry['size'] = human_value(text)
                entry['sizeApprox'] = not text.replace(' B', '').isdigit()
        entries.append(entry)
    entries.sort(key=lambda entry: entry['name'])
    precision = 60 if dated and not exact_time and entries else 1
    return {'format': listing_format, 'precision': precision, 'dated': dated or not entries,
            'undecodable': sum(1 for entry in entries if entry['undecodable']),
            'entries': entries}


def by_name(tree):
    return {item['name']: item for item in tree}
