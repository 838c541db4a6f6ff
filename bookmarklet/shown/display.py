"""What a row shows for an entry: the attribute values and texts, as strings."""

from bookmarklet.reading.names import entry_url
from bookmarklet.portable import dict_key, floor, floor_mod, iso_time
from bookmarklet.reading.times import format_age
from bookmarklet.words import SIZE_UNITS


def format_size(size):
    """A short size in 1024-based units: '999 B', '1.5 KB', '12 MB'."""
    unit = 0
    divisor = 1
    while size >= divisor * 1024 and unit < len(SIZE_UNITS) - 1:
        divisor = divisor * 1024
        unit += 1
    text = str(size)
    if unit > 0:
        # Floats round identically in both engines; round() does not (half to even).
        tenths = floor(size / divisor * 10 + 0.5)
        text = str(floor(size / divisor + 0.5)) if tenths >= 100 \
            else str(tenths // 10) + '.' + str(floor_mod(tenths, 10))
    return text + ' ' + SIZE_UNITS[unit]


def entry_view(entry, directory_url, now):
    """The strings a row or child shows for an entry of the listing at directory_url.

    The keys are the overlay's data- attribute names; '' means absent. A size read
    from a rounded human form ('10K') is shown as '~10 KB' and has no data-size,
    which promises bytes. undecodable is 'true' for a name whose bytes are not all
    UTF-8 (shown as \\xe9), so the row can say why it looks odd.
    """
    mtime = entry['mtime']
    size = entry['size']
    return {
        'name': entry['name'],
        'type': entry['type'],
        'href': entry_url(directory_url, entry),
        'undecodable': 'true' if entry['undecodable'] else '',
        'mtime': '' if mtime == None else iso_time(mtime),
        'age': '' if mtime == None else format_age(now - mtime),
        'size': str(size) if size != None and not entry['sizeApprox'] else '',
        'sizeText': '' if size == None else ('~' if entry['sizeApprox'] else '') + format_size(size),
    }


def totals_text(totals):
    """Entries and their files' size (tree.totals_of), as rows and the status line say
    them: '12 entries · 3.4 MB'."""
    return str(totals['count']) + ' entries · ' + format_size(totals['bytes'])


def likely_cause(problems):
    """What most probably went wrong: the problem most of the failed requests had, in its
    own words (problems holds one at least)."""
    counts = {}
    common = problems[0]
    for problem in problems:
        key = dict_key(problem)
        counts[key] = counts[key] + 1 if key in counts else 1
        if counts[key] > counts[dict_key(common)]:
            common = problem
    return common
