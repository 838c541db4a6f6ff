"""HTML listing pages, read as a person reads them, whichever server wrote them.

A page arrives as a page reading {heads, rows} (bookmarklet/browser/browser.py in the
browser, tests/support/html_page.py under CPython, by the same rules): heads are the
texts of its titles and top headings; a row is what a person reads as one line
of the listing (a table row, a list item, a line of preformatted text, any other
block, with a block of words alone right after it): {links, text, stamps}, links
its links in order, text and stamps what stands before the first: its words (an
image's alt text too, and CLASS_MARK after an element whose class names a folder), and
the values of its elements' datetime and title attributes. A link is {href, text,
after, stamps}: its own text, then the words and stamps after it, up to the next link.

The entries are the links to the directory's own children (docs/design.md, Reading
listings); each entry's date, size and kind come from the row that holds its
link, wherever they stand in it. Names come from the href, never from the text,
which servers cut ('..>').
"""

from bookmarklet.portable import Problem, parse_int, strip_spaces, words, last_char, dict_key, \
    part, percent_decode, joined, record_field, parse_digits, char_of, new_object, pattern_of, matched, \
    search_pattern_of, is_found
from bookmarklet.reading.entries import new_entry, new_listing, is_plain_name
from bookmarklet.reading.names import name_of_href, name_of_text, path_start, without_query
from bookmarklet.reading.times import find_date, without_last, parse_table_date, DAY, \
    read_day_first, RECENT_DATES
from bookmarklet.reading.problems import NOT_A_LISTING

# What the page reading is made of: element names as a DOM spells them, each between
# spaces. A table row or a list item is a row whatever it holds; any other block, or a
# line break, ends a row outside them. Skipped elements hold no text a person reads.
ITEMS = ' TR LI '
BLOCKS = ' ADDRESS ARTICLE ASIDE BLOCKQUOTE CAPTION CENTER DD DETAILS DIV DL DT FIELDSET ' \
    'FIGCAPTION FIGURE FOOTER FORM H1 H2 H3 H4 H5 H6 HEADER HR MAIN NAV OL P PRE SECTION ' \
    'SUMMARY TABLE TBODY TFOOT THEAD UL '
SKIPPED = ' SCRIPT STYLE TEMPLATE NOSCRIPT TITLE svg '
STAMPS = ['datetime', 'title']
HEADS = 'title, h1, h2'

# What says a page is a listing: a title or heading's words (any case), or the name
# column's sort link ('?C=N;O=D', '?C=N&O=A', '?sort=name&order=asc').
LISTING_HEADS = ['index of ', 'directory listing', 'listing of ', 'listing:', 'directory: ',
                 'files within ', 'contents of ', 'browsing /']
SORT_QUERIES = ['?c=n;', '?c=n&', '?sort=name']
# The texts of the links a listing's table may start with to the root and the parent, in
# lower case, each between spaces.
NAVIGATION_TEXTS = ' [root] [up] '
# The word the page reading writes in a row for an element whose class names a folder
# (class_words): no date's or size's (read_facts reads those without it).
CLASS_MARK = 'class=folder'
# The words a row may mark a directory by, in lower case, where its link has no '/': IIS's
# '<dir>', an icon's alt text ('[DIR]', 'folder'), a type column's word, a size column's
# '-', an element's class.
DIRECTORY_MARKS = ['<dir>', '[dir]', 'folder', 'directory', '-', CLASS_MARK]
# A class attribute that names a folder: one of its words (split on HTML's spaces alone),
# in any case, is 'folder', 'dir' or 'directory', or ends in '-' and one of them
# ('fa-folder'). One native search per element, for a page's every element is asked.
FOLDER_CLASS = search_pattern_of('(^|[\\t\\n\\f\\r -])(folder|dir|directory)([\\t\\n\\f\\r ]|$)')



def class_words(classes):
    """The words an element's class attribute adds to its row, before the space that ends
    the element: CLASS_MARK where it names a folder (FOLDER_CLASS), else none."""
    return ' ' + CLASS_MARK if is_found(FOLDER_CLASS, classes) else ''


def new_row():
    """An empty row of a page reading."""
    return {'links': [], 'text': '', 'stamps': []}


def new_link(href):
    """A link of a page reading, before its text is read."""
    return {'href': href, 'text': '', 'after': '', 'stamps': []}


# nginx's autoindex page, as it writes every one: its head, then one line per entry in a
# <pre>, then its foot (ngx_http_autoindex_module.c).
NGINX_HEAD = '<html>\r\n<head><title>Index of '
NGINX_FOOT = '</pre><hr></body>\r\n</html>\r\n'
NGINX_LINK = '<a href="'


def nginx_page(text):
    """The page reading of a page exactly as nginx's autoindex writes it, read from its
    text (a parser would take longer than the reading); None for any other page, which is
    parsed. Every line must be nginx's: a link (no reference in its href), its text
    (nginx's named references only), then the date and size; anything else (a name holding a
    line break, a page a module or a proxy changed) is left to the parser. The listing it
    gives is the parser's (tests/core/test_listing_forms.py, and parity)."""
    start = text.find('<pre>')
    if not text.startswith(NGINX_HEAD) or not text.endswith(NGINX_FOOT) or start < 0 \
            or part(text, 0, start).find('<a') >= 0:
        return None
    rows = []
    lines = part(text, start + 5, len(text) - len(NGINX_FOOT)).split('\n')
    for line in lines:
        quote = line.find('">', 9)
        close = line.find('</a>', quote)
        href = part(line, 9, quote)
        shown = part(line, quote + 2, close)
        shown = decode_references(shown, True) if shown.find('<') < 0 else None
        after = part(line, close + 4)
        plain = href + after
        if not line.startswith(NGINX_LINK) or quote < 0 or close < 0 or shown == None \
                or plain.find('&') >= 0 or plain.find('<') >= 0:
            return None if len(line) > 0 else {'heads': [part(text, 0, start)], 'rows': rows}
        row = new_row()
        link = new_link(href)
        link['text'] = shown
        link['after'] = after
        row['links'].append(link)
        rows.append(row)
    return None


# The named references of XML, which HTML reads alike; nginx writes the first four.
NAMED_ENTITIES = {'amp': '&', 'lt': '<', 'gt': '>', 'quot': '"', 'apos': "'"}


def decode_references(text, named_only):
    """text with its references read: XML's, named and numeric, an unknown one kept as it
    is; or, named_only, the named ones alone (nginx's text), and None for a text holding
    any other reference, which an HTML parser reads its own way."""
    pieces = text.split('&')
    found = pieces[0]
    for index in range(1, len(pieces)):
        end = pieces[index].find(';')
        reference = part(pieces[index], 0, end) if end > 0 else ''
        value = record_field(NAMED_ENTITIES, reference) if named_only else entity_value(reference)
        if value == None and named_only:
            return None
        found += '&' + pieces[index] if value == None else value + part(pieces[index], end + 1)
    return found


def entity_value(reference):
    """The text of an entity or character reference without its '&' and ';', else None."""
    named = record_field(NAMED_ENTITIES, reference)
    if named != None:
        return named
    hexadecimal = reference.lower().startswith('#x')
    point = parse_digits(part(reference, 2 if hexadecimal else 1), 16 if hexadecimal else 10) \
        if reference.startswith('#') and len(reference) <= 8 else None
    if point == None or point < 1 or point > 0x10FFFF or (point >= 0xD800 and point <= 0xDFFF):
        return None
    return char_of(point)


def directory_of(url):
    """{origin, segments} of a directory's absolute URL: its scheme and host in lower case,
    and the bytes of each segment of its path before the last '/'."""
    at = path_start(url)
    segments = (part(url, at) if at >= 0 else '/').split('?')[0].split('/')
    found = []
    for index in range(len(segments) - 1):
        found.append(percent_decode(segments[index]))
    return {'origin': (part(url, 0, at) if at >= 0 else url).lower(), 'segments': found}


# A URL scheme as the URL standard reads one: an ASCII letter, then ASCII letters, digits,
# '+', '-' or '.'. A link that starts otherwise ('\u212a:x', a Kelvin sign) is relative.
SCHEME = pattern_of('[A-Za-z][A-Za-z0-9+.-]*')


def is_scheme(text):
    return matched(SCHEME, text) != None


def child_of(href, directory):
    """The name fields of the child of directory (directory_of) that an href links to, and
    slash, whether it links it as a directory; else None.

    A child is linked relatively ('name', './name/'), by an absolute path below the
    directory, or by an absolute URL of its origin; a query or fragment after it is not
    part of it. Anything else (the parent, another place, another origin, a query or a
    fragment alone, mailto:, javascript:) links no child."""
    path = without_query(strip_spaces(href))
    colon = path.find(':')
    if colon > 0 and is_scheme(part(path, 0, colon)):
        if not directory['origin'].startswith(part(path, 0, colon + 1).lower()):
            return None
        path = part(path, colon + 1)
    if path.startswith('//'):
        at = path.find('/', 2)
        at = at if at >= 0 else len(path)
        if not directory['origin'].endswith('//' + part(path, 2, at).lower()):
            return None
        path = part(path, at)
    if path.startswith('/'):
        segments = path.split('/')
        count = len(directory['segments'])
        if len(segments) < count + 1 or len(segments) > count + 2:
            return None
        for index in range(count):
            if percent_decode(segments[index]) != directory['segments'][index]:
                return None
        path = segments[count] + ('/' if len(segments) > count + 1 else '')
        if len(segments) > count + 1 and segments[count + 1] != '':
            return None
    elif path.startswith('./'):
        path = part(path, 2)
    slash = last_char(path) == '/'
    name = without_last(path, '/')
    if len(name) == 0 or name.find('/') >= 0:
        return None
    named = name_of_href(name)
    if not is_plain_name(named['name']):
        return None
    named['slash'] = slash
    return named


def read_facts(segment, now, settings):
    """Set a row's segment's (segments_of) mtime, precision, size and approx to what its
    words and stamps show: its date (local unless it names its zone; now, the server's
    clock, gives a year the date leaves out) and its size."""
    # A size's whole part and its rest in elements of their own are one word ('4 .9M',
    # Cherokee): the walk puts a space after every element.
    text = segment['text'].replace(' .', '.')
    segment['words'] = ' ' + joined(words(text), ' ').lower() + ' '
    fields = words(text.replace(CLASS_MARK, ' '))
    date = find_date(fields, now)
    # The words the date took are no size.
    taken_from = date['at'] if date != None else 0
    taken_to = date['end'] if date != None else 0
    # A stamp that names its zone is written for machines, and exact where the text may be
    # rounded ('11:52 CEST'); any other stamp serves where the text shows no date.
    for stamp in segment['stamps']:
        found = find_date(words(stamp), now)
        if found != None and (date == None or found['zoned']):
            date = found
    segment['mtime'] = None if date == None else \
        date['seconds'] - (0 if date['zoned'] else settings['utcOffsetMinutes'] * 60)
    segment['precision'] = 1 if date == None else date['precision']
    # The size is the last number before the date, else the first after it: ls's columns
    # put the link count before the size (thttpd), every other page has one number.
    size = None
    for index in range(len(fields)):
        if index < taken_from or (size == None and index >= taken_to):
            size = parse_size(fields[index], fields[index + 1] if index + 1 < len(fields) else '') \
                or size
    segment['size'] = size['bytes'] if size != None else None
    segment['approx'] = size != None and size['approx']


def is_listing_head(heads):
    """True when a title or heading says the page is a listing."""
    for head in heads:
        text = head.lower()
        for words_of_listing in LISTING_HEADS:
            if text.find(words_of_listing) >= 0:
                return True
    return False


def is_sort_link(href):
    """True for a column's sort link: a query alone, sorting."""
    query = href.lower()
    for start in SORT_QUERIES:
        if query.startswith(start):
            return True
    return False


def read_html_listing(page, source, settings):
    """The listing of an HTML page reading, from source {url, now}: the directory's URL
    (its links are read against it) and the server's clock then, in epoch seconds.

    A page is a listing when its title or a heading says so, when it has a column's sort
    link, when each child it links shows a date or a size, or when it links nothing but
    its children, each by its name. Any other page (a login page, an error page, a
    directory's own index.html) is an error, never an empty directory or its links.
    Several links to one entry are one entry, whose facts come from the first of their
    rows that shows a date, else a size. The precision is the coarsest clock shown, or a
    day where no date has one (a date shown without its clock is an old one: ls's). The
    '/' dates that could be either are read in the page's one order (times.RECENT_DATES)."""
    directory = directory_of(source['url'])
    # A page whose heading says it is a listing needs no other evidence.
    heads_say = is_listing_head(page['heads'])
    # The '/' dates that could be either are read month first, unless a date of the page
    # shows its day first: then the whole page is read again, day first.
    for day_first in [False, True]:
        read_day_first(day_first)
        found = {}
        keys = []
        evidence = new_object()
        evidence.is_sorting = False
        evidence.named_only = not heads_say
        for row in page['rows']:
            for segment in segments_of(row, directory, evidence):
                read_facts(segment, source['now'], settings)
                key = dict_key(segment['named']['href'])
                if not (key in found):
                    keys.append(key)
                    found[key] = segment
                held = found[key]
                slash = held['slash'] or segment['slash']
                if held['mtime'] == None and (segment['mtime'] != None or (
                        held['size'] == None and segment['size'] != None)):
                    found[key] = segment
                found[key]['slash'] = slash
        if not RECENT_DATES.shown_day_first:
            break
    read_day_first(False)
    # A row's own mark makes its entry a directory where its link has no '/', where the
    # page's other rows agree (docs/design.md, Reading listings): some entry shows a size
    # or (but for a '-') a '/', every entry with a '/' carries the mark, none with a size.
    for mark in DIRECTORY_MARKS:
        agrees = False
        for key in keys:
            held = found[key]
            held['marked'] = held['words'].find(' ' + mark + ' ') >= 0
            agrees = agrees or held['size'] != None or (held['slash'] and mark != '-')
            if (held['size'] != None and held['marked']) or (held['slash'] and not held['marked']):
                agrees = False
                break
        for key in keys:
            held = found[key]
            held['slash'] = held['slash'] or agrees and held['marked']
    shown = len(keys) > 0
    entries = []
    # The coarsest clock, whichever row comes first; a day where no date shows one.
    clock = 0
    day = 1
    for key in keys:
        held = found[key]
        shown = shown and (held['mtime'] != None or held['size'] != None)
        if held['mtime'] != None:
            day = DAY
            clock = max(clock, held['precision'] if held['precision'] < DAY else 0)
        entries.append(new_entry(held['named'], 'directory' if held['slash'] else 'file',
                                 held['mtime'], held['size'], held['approx']))
    if not (heads_say or evidence.is_sorting or shown or (evidence.named_only and len(keys) > 0)):
        raise Problem(NOT_A_LISTING)
    return new_listing('html', clock or day, entries)


def nginx_listing(page, source, settings):
    """read_html_listing of a page reading nginx_page gave, for a fraction of its work:
    each line's facts read where nginx writes them, a date, its clock and a size or '-'.
    None where a line holds anything else, or links a name twice or not in UTF-8: the
    general reader then reads the page (tests/core/test_listing_forms.py holds the two alike).
    nginx's title says the page is a listing, and no line has a stamp."""
    directory = directory_of(source['url'])
    seen = {}
    entries = []
    for row in page['rows']:
        link = row['links'][0]
        shown = strip_spaces(link['text'])
        named = child_of(raw_name_link(link['href'], shown), directory)
        if named == None:
            continue  # the parent's link
        fields = words(link['after'])
        key = dict_key(named['href'])
        if len(fields) != 3 or len(fields[1]) != 5 or named['undecodable'] or key in seen:
            return None
        seconds = parse_table_date(fields[0], fields[1])
        size = parse_size(fields[2], '')
        slash = named['slash'] or last_char(shown) == '/'
        # A word but a size after the clock may be the date's ('PM', 'GMT'); nginx writes
        # a '-' for a directory alone, and a '-' elsewhere may mark one (read_html_listing).
        if seconds == None or (size == None and (fields[2] != '-' or not slash)):
            return None
        seen[key] = True
        entries.append(new_entry(named, 'directory' if slash
                                 else 'file', seconds - settings['utcOffsetMinutes'] * 60,
                                 size['bytes'] if size != None else None,
                                 size != None and size['approx']))
    # A clock to the minute, as the general reader gives any page with a date.
    return new_listing('html', 60 if len(entries) > 0 else 1, entries)


def segments_of(row, directory, evidence):
    """A row's parts, one for each run of its links to one child: {named, slash, text,
    stamps}, named and slash as child_of gives them, text and stamps those after the
    run's links up to the next run (the first run's, those before it too): a grid with no
    row of its own per entry shows each entry's facts after its name. Each link also
    updates evidence: is_sorting, named_only (read_html_listing)."""
    segments = []
    held = {'text': row['text'], 'stamps': row['stamps']}
    for link in row['links']:
        shown = strip_spaces(link['text'])
        named = child_of(raw_name_link(link['href'], shown), directory)
        if named == None:
            evidence.is_sorting = evidence.is_sorting or is_sort_link(link['href'])
            # The parent's link: '../', or '..' (darkhttpd's before 1.14); or a table's
            # link to the root or the parent by its path, labelled so ('[Root]', '[Up]').
            href = strip_spaces(link['href'])
            evidence.named_only = evidence.named_only and (href.replace('/', '') == '..' or (
                NAVIGATION_TEXTS.find(' ' + strip_spaces(link['text']).lower() + ' ') >= 0
                and href.startswith('/') and (joined(directory['segments'], '/') + '/').startswith(
                    without_last(percent_decode(href), '/') + '/')))
        else:
            name = without_last(shown, '/')
            if named['undecodable'] and percent_decode(named['href']) == name:
                # Yaws links a name by its Latin-1 bytes and shows it as it is, in UTF-8.
                slash = named['slash']
                named = name_of_text(name)
                named['slash'] = slash
            evidence.named_only = evidence.named_only and \
                name_of_text(name)['href'] == named['href']
            if len(segments) == 0 or held['named']['href'] != named['href']:
                held = {'named': named, 'slash': False,
                        'text': held['text'] if len(segments) == 0 else '',
                        'stamps': held['stamps'] if len(segments) == 0 else []}
                segments.append(held)
            # A '/' in the link's text or right after it (darkhttpd's before 1.14) marks a
            # directory too.
            held['slash'] = held['slash'] or named['slash'] or last_char(shown) == '/' or \
                strip_spaces(link['after']).startswith('/')
        held['text'] += ' ' + link['after']
        if len(link['stamps']) > 0:
            # A new list: the row's own stays as it was read.
            stamps = part(held['stamps'], 0)
            for stamp in link['stamps']:
                stamps.append(stamp)
            held['stamps'] = stamps
    return segments


def raw_name_link(href, text):
    """href, with each '#' and '?' written %23 and %3F when the link's text ends it and
    holds one: a server that links a name without encoding it ('/100% #1 ?.txt'), not a
    fragment or a query alone ('#top')."""
    if (text.find('#') < 1 and text.find('?') < 1) or not href.endswith(text):
        return href
    return href.replace('#', '%23').replace('?', '%3F')


# Units of a size, by their first letter: 1024 to the power 1 to 4. Past T a byte count
# leaves JavaScript's exact integers.
SIZE_UNITS = 'kmgt'
UNIT_ENDS = ['', 'b', 'ib', 'bytes']


def parse_size(word, next_word):
    """{bytes, approx} of a size a listing shows in word (and, for its unit, next_word):
    '1234' and '1,234,567' exact, '9 B' and '9 bytes' too; a rounded human size ('10K',
    '1.5k', '5.1G', '5.1 GiB', '533 KB', '426 K') near, 1024-based. None for '-' and
    anything else."""
    end = 0
    while end < len(word) and '0123456789.,'.find(word[end]) >= 0:
        end += 1
    number = part(word, 0, end)
    unit = part(word, end).lower()
    # A unit may stand apart ('9 B'); a number alone is bytes.
    power = unit_power(unit) if len(unit) > 0 else unit_power(next_word.lower()) or 0
    if end == 0 or power == None:
        return None
    groups = number.split(',')
    for index in range(1, len(groups)):
        if len(groups[index]) != 3 or len(groups[0]) == 0 or groups[0].find('.') >= 0:
            return None
    digits = number.replace(',', '').split('.')
    value = parse_int(joined(digits, ''))
    if len(digits) > 2 or '' in digits or value == None:
        return None
    # Powers of 10 and 1024 this small are exact in JavaScript too.
    scale = 10 ** len(digits[1]) if len(digits) > 1 else 1
    return {'bytes': value * 1024 ** power // scale, 'approx': power > 0 or len(digits) > 1}


def unit_power(text):
    """The power of 1024 a size's unit in lower case stands for: 0 for 'b' or 'bytes', 1 for
    'k', 'kb' or 'kib', up to 4 for 't'…; None for anything else."""
    if text == 'b' or text == 'bytes':
        return 0
    power = SIZE_UNITS.find(part(text, 0, 1)) + 1
    return power if power > 0 and len(text) > 0 and part(text, 1) in UNIT_ENDS else None
