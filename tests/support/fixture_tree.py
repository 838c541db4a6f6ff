"""The hostile tree the fixture corpus is captured from, and what each server shows of it.

Names are bytes, since some are not UTF-8. expected_listing() derives the
entries a listing must give from this spec and each server's known quirks,
written down here by hand, independently of bookmarklet/.
"""

import calendar
import os
import time
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


# A directory below the top that serves its own page, as a site's folder does: servers
# send this index.html for it, not a listing. It changes nothing the top shows.
OWN_PAGE = b'dir one/site'
OWN_PAGE_HTML = b"""<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Example project</title></head>
<body><h1>Example project</h1>
<p>Read <a href="guide/">the guide</a>, <a href="./news.html">the news</a> or
<a href="download/example-1.0.tar.gz">download it</a> (1.2 MB, 2026-09-01 12:34).</p>
<ul><li><a href="docs/">docs/</a></li><li><a href="faq.html">faq.html</a></li></ul>
</body></html>
"""


def write(root, leave_out=()):
    """Write TREE below root, but the names in leave_out (for a server that cannot serve
    them), and OWN_PAGE; set every mtime (links: the link's own)."""
    top = os.fsencode(str(root))
    os.makedirs(top)
    os.makedirs(os.path.join(top, OWN_PAGE))
    with open(os.path.join(top, OWN_PAGE, b'index.html'), 'wb') as handle:
        handle.write(OWN_PAGE_HTML)
    os.utime(os.path.join(top, OWN_PAGE, b'index.html'), (BASE, BASE))
    os.chmod(os.path.join(top, OWN_PAGE), 0o755)
    for item in tree_for(leave_out):
        path = os.path.join(top, item['name'])
        if item['kind'] == 'dir':
            os.makedirs(path, exist_ok=True)
        elif item['kind'] == 'link':
            os.symlink(item['target'], path)
        else:
            with open(path, 'wb') as handle:
                handle.truncate(item['size'])
    for item in tree_for(leave_out):
        path = os.path.join(top, item['name'])
        os.utime(path, (item['mtime'], item['mtime']), follow_symlinks=False)
    for item in tree_for(leave_out):
        if item['kind'] == 'dir':
            os.chmod(os.path.join(top, item['name']), 0o755)
    os.chmod(top, 0o755)


def tree_for(leave_out):
    """TREE without the names in leave_out."""
    return [item for item in TREE if item['name'] not in leave_out]


def minute(seconds):
    return seconds - seconds % 60


def human_value(text):
    """Bytes a human size stands for, the number times its 1024-based unit, fraction cut;
    and whether it is near (a unit above bytes) rather than exact."""
    number, unit = text, ''
    while number and not number[-1].isdigit():
        number, unit = number[:-1], number[-1] + unit
    unit = unit.strip().upper()
    power = 0 if unit in ('', 'B') else 'KMGTPE'.index(unit[0]) + 1
    whole, _, fraction = number.strip().partition('.')
    value = int(whole) * 1024 ** power
    if fraction:
        value += int(fraction) * 1024 ** power // 10 ** len(fraction)
    return value, power > 0


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


def fancyindex_human(size):
    """fancyindex_exact_size off: bytes below 1 KiB ('9 B'), then one decimal and an IEC unit
    ('1.5 KiB', '1024.0 KiB': the unit is chosen before rounding)."""
    if size < 1024:
        return '{} B'.format(size)
    power = 0
    while size >= 1024 ** (power + 1):
        power += 1
    return '{:.1f} {}'.format(size / 1024 ** power, ['B', 'KiB', 'MiB', 'GiB', 'TiB'][power])


def http_server_human(size):
    """http-server (Node): '9B' below 1 KiB, then one decimal and k, M, G ('1.5k', '1024.0k')."""
    if size < 1024:
        return '{}B'.format(size)
    power = 0
    while size >= 1024 ** (power + 1):
        power += 1
    return '{:.1f}{}'.format(size / 1024 ** power, 'BkMGT'[power])


def twisted_human(size):
    """twisted.web.static's formatFileSize: whole units, cut, never rounded ('1K' for 1536)."""
    for power, unit in ((3, 'G'), (2, 'M'), (1, 'K')):
        if size >= 1024 ** power:
            return '{}{}'.format(size // 1024 ** power, unit)
    return '{}B'.format(size)


def webfs_human(size):
    """webfs: bytes below 9 KiB, then whole kB, MB, GB (1024-based, cut) below nine of the next."""
    for power, unit in ((0, 'B'), (1, 'kB'), (2, 'MB')):
        if size < 9 * 1024 ** (power + 1):
            return '{} {}'.format(size >> 10 * power, unit)
    return '{} GB'.format(size >> 30)


def tomcat_human(size):
    """Tomcat's DefaultServlet: always KiB with one digit after the point, cut, not rounded
    (the tenths are the remainder over 103); a file below 103 bytes shows 0.1."""
    whole, tenths = size // 1024, size % 1024 // 103
    if whole == 0 and tenths == 0 and size > 0:
        tenths = 1
    return '{}.{} KiB'.format(whole, tenths)


def yaws_human(size):
    """Yaws: 1000-based; one decimal of M above 1,000,000 bytes, whole k (cut) above 1,000,
    and 1k for any smaller file but an empty one (0k), "as apache does it"."""
    if size > 1000000:
        return '{:.1f}M'.format(size / 1000000)
    if size > 1000:
        return '{}k'.format(size // 1000)
    return '0k' if size == 0 else '1k'


def serve_human(size):
    """serve's JSON: the npm package bytes, 1024-based, no decimals (toFixed: half up)."""
    for power, unit in ((3, 'GB'), (2, 'MB'), (1, 'KB')):
        if size >= 1024 ** power:
            return '{} {}'.format(int(size / 1024 ** power + 0.5), unit)
    return '{} B'.format(size)


HUMAN = {'nginx': nginx_human, 'apache': apache_human, 'lighttpd': lighttpd_human,
         'caddy': caddy_human, 'nginx-fancyindex': fancyindex_human,
         'http-server': http_server_human, 'twisted': twisted_human, 'webfs': webfs_human,
         'tomcat': tomcat_human, 'yaws': yaws_human, 'serve': serve_human}
# Links a server adds to every listing that are children but no files of the directory:
# Yaws's all.zip, a zip of the directory made when asked for, shown without date or size.
ADDED = {'yaws': [b'all.zip']}

# webfs shows a date without its year when it is less than this before the page was made
# (as ls does), so the year is the one that puts it there.
SIX_MONTHS = 180 * 86400


def shows(quirks):
    """What a server's page shows of the tree, by the rules seen on its captured pages:
    dates: None, 'minute', 'second' or 'yearless' (minutes, the year left out when recent);
    sizes: None, 'exact' or 'human'; dotfiles: listed or not; broken links: 'omit', 'own'
    (a file of the link's own size and time), 'other', or 'unread' (a file shown without
    date or size); links to a directory: 'target' (a directory with the target's time),
    'own-dir' (a directory with the link's time) or 'own-file' (a file of the link's own
    size and time); directories: 'marked' (slash, class or column), or 'unmarked' (nothing
    tells them from files: a file, of the size stat gives when the page shows sizes)."""
    server, form = quirks['server'], quirks.get('format')
    listing_format = {'json': 'json', 'jsonp': 'jsonp', 'xml': 'xml'}.get(form, 'html')
    rule = {'format': listing_format, 'dates': 'minute', 'sizes': 'exact', 'dotfiles': True,
            'broken': 'own', 'links': 'target', 'directories': 'marked', 'undecodable': 'keep',
            'unreadSize': None, 'epoch': True}
    if server == 'nginx':
        # JSON and XML carry seconds and call a broken link other; pages show minutes.
        rule.update(dotfiles=False)
        if listing_format != 'html':
            rule.update(dates='second', broken='other')
        elif form == 'html-human':
            rule.update(sizes='human')
    elif server == 'apache':
        # The plain list shows neither dates nor sizes; a table may leave out its dates.
        rule.update(broken='omit', sizes='human')
        if form == 'plain':
            rule.update(dates=None, sizes=None)
        elif form == 'table-nodate':
            rule.update(dates=None)
    elif server == 'lighttpd':
        rule.update(dates='second', sizes='human', dotfiles=False, broken='omit')
    elif server == 'caddy':
        rule.update(dates='second', links='own-dir')
        if listing_format == 'json':
            rule.update(broken='other')
        else:
            rule.update(sizes='human')
    elif server == 'python':
        rule.update(dates=None, sizes=None)
    elif server == 'nginx-fancyindex':
        # Its defaults hide dotfiles and show exact sizes; the theme shows both its way.
        if form == 'theme':
            rule.update(sizes='human')
        else:
            rule.update(dotfiles=False)
    elif server == 'webfs':
        rule.update(dates='yearless', sizes='human', broken='omit')
    elif server in ('mini_httpd', 'micro_httpd'):
        # ls -l's view: no slash after a directory, links not followed.
        rule.update(links='own-file', directories='unmarked')
    elif server == 'h2o':
        rule.update(dates=None, sizes=None, links='own-file', directories='unmarked')
    elif server == 'rclone':
        # Symbolic links are skipped (rclone's local backend without --links/--copy-links).
        rule.update(dates='second', broken='omit', links='omit')
    elif server == 'twisted':
        rule.update(dates=None, sizes='human', broken='omit')
    elif server == 'http-server':
        rule.update(sizes='human', broken='unread')
    elif server == 'serve':
        # Its page shows names alone; its JSON (asked for with Accept) sizes too.
        rule.update(dates=None, sizes='human' if listing_format == 'json' else None,
                    links='own-file')
    elif server == 'go':
        # http.FileServer: names only, a slash after a directory; links not followed.
        rule.update(dates=None, sizes=None, links='own-file')
    elif server == 'tomcat':
        # Symbolic links and names that are not UTF-8 are left out.
        rule.update(dates='second', sizes='human', broken='omit', links='omit',
                    undecodable='omit')
    elif server == 'jetty':
        # What it cannot stat (a broken link, the name it made of bytes that are not UTF-8)
        # shows no date and 0 bytes; the epoch shows no date either.
        rule.update(dates='second', broken='unread', unreadSize=0, epoch=False)
    elif server == 'yaws':
        # Names that are not UTF-8 and broken links are left out.
        rule.update(sizes='human', broken='omit', undecodable='omit')
    elif server == 'hfs':
        # Its API's listing (src/api.get_file_list.js), seen live: seconds and exact sizes;
        # what it cannot stat (a broken link, a name it read from bytes that are not UTF-8)
        # is left out.
        rule.update(dates='second', broken='omit', undecodable='omit')
    else:
        raise KeyError(server)
    return rule


def displayed_name(server, name):
    """The bytes a server's page names an entry with, where it changes them."""
    if server == 'python' and b'\xff' in name:
        # http.server quotes the surrogate-escaped name: %ED%B3%BF, three bad bytes.
        return name.replace(b'\xff', b'\xed\xb3\xbf')
    if server in ('http-server', 'jetty') and b'\xff' in name:
        # Node and Java read the name as UTF-8: U+FFFD in its text and link, a name that is
        # not there.
        return name.replace(b'\xff', '\ufffd'.encode())
    if server == 'rclone':
        # rclone's local backend shows control characters as their pictures (U+2400 + c),
        # in its text and its links, and takes them back when asked for them.
        return b''.join(chr(0x2400 + byte).encode() if byte < 0x20 else bytes([byte])
                        for byte in name)
    return name


def yearless(mtime, now):
    """A time as webfs shows it: without its year when recent, the year then being the one
    that puts it at most a day after the page was made."""
    if now - mtime >= SIX_MONTHS:
        return minute(mtime)
    shown = time.gmtime(mtime)
    year = time.gmtime(now).tm_year
    moved = calendar.timegm((year, shown.tm_mon, shown.tm_mday, shown.tm_hour, shown.tm_min, 0))
    if moved > now + 86400:
        moved = calendar.timegm((year - 1, shown.tm_mon, shown.tm_mday, shown.tm_hour,
                                 shown.tm_min, 0))
    return moved


def expected_listing(quirks):
    """The listing the reader must give for a capture described by quirks
    {server, format, empty, error, ownPage, ownPageListed, utcOffsetMinutes, leftOut,
    directorySize, now}; {'error': True} when it is not a listing ({'error': True, 'ownPage': True} for
    a directory that serves its own page). Each rule was checked against the captured
    bodies."""
    if quirks.get('error'):
        # A directory that serves its own page is told apart from other pages that are no listing.
        return {'error': True, 'ownPage': True} if quirks.get('ownPage') else {'error': True}
    server = quirks['server']
    if server == 'go' and quirks.get('empty'):
        # Go writes an empty directory as an empty page: nothing on it says listing.
        return {'error': True}
    rule = shows(quirks)
    left_out = [name.encode('latin-1') for name in quirks.get('leftOut', [])]
    items = [] if quirks.get('empty') else tree_for(left_out)
    if quirks.get('ownPageListed'):
        # A server that lists every directory lists the one with an index.html too.
        items = [node(b'index.html', 'file', BASE, len(OWN_PAGE_HTML))]
    targets = by_name(TREE)
    entries = []
    for item in items:
        name, kind, mtime, size = item['name'], item['kind'], item['mtime'], item['size']
        if name.startswith(b'.') and not rule['dotfiles']:
            continue
        if rule['undecodable'] == 'omit' and name.decode('utf-8', 'replace') != \
                name.decode('utf-8', 'ignore'):
            continue
        dated, sized = True, True
        if kind == 'link':
            target = targets.get(item['target'])
            how = rule['broken'] if target is None else rule['links']
            if how == 'omit':
                continue
            if how in ('own', 'own-file'):
                kind, size = 'file', len(item['target'])
            elif how == 'other':
                kind, size = 'other', None
            elif how == 'unread':
                kind, dated, sized, size = 'file', False, rule['unreadSize'] is not None, \
                    rule['unreadSize']
            elif how == 'own-dir':
                kind = 'dir'
            else:
                kind, mtime = 'dir', target['mtime']
        if kind == 'dir' and rule['directories'] == 'unmarked':
            kind, size = 'file', quirks.get('directorySize')
        name = displayed_name(server, name)
        if name != item['name'] and server in ('http-server', 'jetty'):
            # It cannot stat the name it made: no date, and no size or the one it shows then.
            dated, sized, size = False, rule['unreadSize'] is not None, rule['unreadSize']
        if mtime == EPOCH and not rule['epoch']:
            dated = False
        # Names are bytes: the link is every byte but A-Z a-z 0-9 - . _ ~ as %XX, the text
        # what Python shows of bytes that are not UTF-8 (\xff).
        entry = {'name': name.decode('utf-8', 'backslashreplace'),
                 'href': quote(name, safe='-._~'),
                 'undecodable': name.decode('utf-8', 'replace') != name.decode('utf-8', 'ignore'),
                 'type': 'directory' if kind == 'dir' else kind,
                 'mtime': None, 'size': None, 'sizeApprox': False}
        if rule['dates'] and dated:
            entry['mtime'] = {'second': mtime, 'minute': minute(mtime),
                              'yearless': yearless(mtime, quirks.get('now', 0))}[rule['dates']]
        if kind == 'file' and rule['sizes'] and sized and size is not None:
            if rule['sizes'] == 'exact':
                entry['size'] = size
            else:
                # Yaws's k and M are 1000-based, Apache 1.3's k 1024-based: the page does not
                # say which, so a rounded size is read 1024-based, and near either way.
                entry['size'], entry['sizeApprox'] = human_value(HUMAN[server](size))
        entries.append(entry)
    for name in [] if quirks.get('ownPageListed') else ADDED.get(server, []):
        entries.append({'name': name.decode(), 'href': quote(name, safe='-._~'),
                        'undecodable': False, 'type': 'file', 'mtime': None, 'size': None,
                        'sizeApprox': False})
    entries.sort(key=lambda entry: entry['name'])
    # A listing whose entries show no date at all is undated, whatever its columns say.
    dated = any(entry['mtime'] is not None for entry in entries)
    precision = 60 if dated and rule['dates'] != 'second' else 1
    return {'format': rule['format'], 'precision': precision, 'dated': dated or not entries,
            'entries': entries}


def by_name(tree):
    return {item['name']: item for item in tree}
