"""Times as whole seconds since the epoch, UTC: parsed by hand, the calendar native.

Listing dates are parsed here rather than by Date or datetime: engines
disagree on which strings Date accepts, datetime costs 47 KB in the bundle,
and both must give the same second for 1970, 2038 and 2100 alike. Every form
(RFC 1123, ISO 8601, the listing pages' dates) is read as a date and a clock by
parse_table_date. The calendar is Date's arithmetic on numbers, which engines agree
on (portable.days_from_civil and iso_time; the same arithmetic in CPython).
"""

from bookmarklet.portable import parse_int, words, part, days_from_civil, iso_time, \
    dict_key, new_object, digit_pair, last_char, floor_mod, record_field

# The months' names; the first three letters of each are its abbreviation.
MONTHS = 'january february march april may june july august september october november ' \
    'december'.split(' ')


DAY = 86400


def month_number(word):
    """1 for 'Jan' or 'January' up to 12 for 'Dec' or 'December', in any case, else None."""
    spelled = word.lower()
    for index in range(12):
        if spelled == MONTHS[index] or spelled == part(MONTHS[index], 0, 3):
            return index + 1
    return None


def clock_seconds(text):
    """The seconds into the day of 'HH:MM' or 'HH:MM:SS' (a leap second too), else None.
    Straight code, no loop: a listing of 100,000 lines has as many clocks, read while the
    engine is still cold."""
    with_seconds = len(text) == 8
    hours = digit_pair(text, 0)
    minutes = digit_pair(text, 3)
    seconds = digit_pair(text, 6) if with_seconds else 0
    if not (len(text) == 5 or with_seconds) or text[2] != ':' or (with_seconds and text[5] != ':') \
            or hours < 0 or hours > 23 or minutes < 0 or minutes > 59 or seconds < 0 or seconds > 60:
        return None
    return (hours * 60 + minutes) * 60 + seconds


def parse_table_date(date_text, clock_text):
    """Local epoch seconds of a date and a clock word, else None.

    The date is nginx's '15-Jul-2019', Apache's '2019-07-15' or lighttpd's
    '2019-Jul-15'; the clock 'HH:MM' or 'HH:MM:SS'.
    """
    days = date_days(date_text)
    in_day = clock_seconds(clock_text)
    return days * DAY + in_day if days != None and in_day != None else None


# The days of the dates read lately, by dict_key of the date: a listing repeats a few
# dates many times. Emptied when full, so a long crawl holds little. day_first: the '/'
# dates that could be either ('03/04/2022') are read day first, else month first, as
# en-US writes them; shown_day_first: a date read since showed its day first
# ('17/10/2022'). read_html_listing decides the order for a whole page by them.
RECENT_DATES = new_object()
RECENT_DATES.days_of = {}
RECENT_DATES.date_count = 0
RECENT_DATES.day_first = False
RECENT_DATES.shown_day_first = False
DATES_REMEMBERED = 4096


def read_day_first(day_first):
    """From now on read the '/' dates that could be either day first, or month first;
    forget the dates read so far, and that one showed its day first."""
    RECENT_DATES.days_of = {}
    RECENT_DATES.date_count = 0
    RECENT_DATES.day_first = day_first
    RECENT_DATES.shown_day_first = False


def date_days(date_text):
    """Days since the epoch of a listing's date word (parse_table_date), else None."""
    key = dict_key(date_text)
    if key in RECENT_DATES.days_of:
        return RECENT_DATES.days_of[key]
    if RECENT_DATES.date_count >= DATES_REMEMBERED:
        RECENT_DATES.days_of = {}
        RECENT_DATES.date_count = 0
    days = civil_days(date_text)
    RECENT_DATES.days_of[key] = days
    RECENT_DATES.date_count += 1
    return days


def civil_days(date_text):
    """date_days, without the memory. Read: day-month-year and year-month-day with '-' or
    '.' ('17-Oct-2022', '2022-10-17', '2022-Oct-17', '2001-APR-26', '17.10.2022'),
    month/day/year with '/' ('10/17/2022') but where the first can be no month
    ('17/10/2022') or the page's dates are day first (RECENT_DATES), and '17Oct2022';
    months as numbers or names in any case."""
    date = date_text.replace('.', '-').split('/')
    # A '/' date whose first number can be no month is day first, or year first, which
    # reads alike in either order and so shows the page nothing (below).
    day_first = len(date) > 1 and (parse_int(date[0]) or 0) > 12
    us_order = len(date) > 1 and not day_first and not RECENT_DATES.day_first
    date = date if len(date) > 1 else date[0].split('-')
    if len(date) == 1 and len(date_text) == 9:
        date = [part(date_text, 0, 2), part(date_text, 2, 5), part(date_text, 5)]
    if len(date) != 3:
        return None
    year_first = len(date[0]) == 4
    year_text = date[0] if year_first else date[2]
    month_text = date[0] if us_order and not year_first else date[1]
    day_text = date[2] if year_first else date[1] if us_order else date[0]
    year = parse_int(year_text)
    day = parse_int(day_text) if len(day_text) <= 2 else None
    month = parse_int(month_text) if len(month_text) <= 2 else month_number(month_text)
    # Four-digit years: the longest an RFC 1123 date could carry would pass 2**53
    # seconds, which JavaScript cannot hold exactly.
    if len(year_text) != 4 or year == None or day == None or month == None \
            or month < 1 or month > 12 or day < 1:
        return None
    days = days_from_civil(year, month, day)
    if days >= days_from_civil(year, month + 1, 1):
        return None
    # A year first ('2017/8/10', IIS in Chinese) is no sign of the page's order: its page
    # is read once.
    RECENT_DATES.shown_day_first = RECENT_DATES.shown_day_first or (day_first and not year_first)
    return days


def find_date(fields, now):
    """{at, end, seconds, precision, zoned} of the first date among a row's words: fields
    at to end hold it; seconds are local unless zoned (it named its zone); precision is
    1, 60 for a clock without seconds, DAY for a day without a clock. now, epoch seconds
    or None, gives the year of a date that leaves it out. Else None."""
    for at in range(len(fields)):
        found = date_at(fields, at, now)
        if found != None:
            return found
    return None


def without_last(text, mark):
    """text without one trailing mark (a date's ',', a directory's '/')."""
    return part(text, 0, len(text) - 1) if last_char(text) == mark else text


def date_at(fields, at, now):
    """find_date's date starting at fields[at], else None. A date is one word (ISO 8601
    with its clock, or a date_days word) or three spelled out ('Oct 17, 2022', '17 Oct
    2022'), after a weekday ('Monday,') or not; then a clock, 'AM' or 'PM', a zone. Or, as
    ls writes a date of the last six months, a month, a day and a clock ('Sep 01 13:34')."""
    word = fields[at]
    if len(word) > 10 and word[10] == 'T':
        zoned = parse_iso_time(word)
        local = parse_iso_time(word + 'Z') if zoned == None else None
        if zoned == None and local == None:
            return None
        return {'at': at, 'end': at + 1, 'seconds': zoned if local == None else local,
                'precision': 1 if len(word) > 16 and word[16] == ':' else 60, 'zoned': local == None}
    days = date_days(word)
    end = at + 1
    if days == None:
        start = at + 1 if last_char(word) == ',' and month_number(without_last(word, ',')) == None \
            else at
        if start + 2 >= len(fields):
            return None
        first = without_last(fields[start], ',')
        second = without_last(fields[start + 1], ',')
        year = without_last(fields[start + 2], ',')
        clock = clock_at(fields, start + 2) if month_number(first) != None else None
        if clock != None:
            return year_last_date(fields, at, first, second, clock, now)
        spelled = first + '-' + second if month_number(second) != None else second + '-' + first
        days = civil_days(spelled + '-' + year) if len(year) == 4 else None
        if days == None:
            return None
        end = start + 3
    clock = clock_at(fields, end)
    if clock == None:
        return clock_date(at, end, days, WHOLE_DAY, None)
    end = clock['end']
    offset = zone_offset(fields[end]) if end < len(fields) else None
    return clock_date(at, end if offset == None else end + 1, days, clock, offset)


# A date shown without its clock: the day's start, to the day.
WHOLE_DAY = {'seconds': 0, 'precision': DAY}


def clock_date(at, end, days, clock, offset):
    """find_date's date of fields at to end: days since the epoch and a clock_at clock,
    offset the zone's seconds ahead of UTC, None where it named none (local)."""
    return {'at': at, 'end': end, 'seconds': days * DAY + clock['seconds'] - (offset or 0),
            'precision': clock['precision'], 'zoned': offset != None}


def year_last_date(fields, at, month, day, clock, now):
    """date_at's date of a month, a day and a clock at fields[at]: with a zone (or not)
    and the year after them, as C's asctime and Java write it ('Sep 29 21:19:50 CEST
    2011'), else without a year, as ls writes a recent one (now's year). None for neither."""
    end = clock['end']
    offset = zone_offset(fields[end]) if end < len(fields) else None
    # A zone not known here is read as the server's own.
    year_at = end if is_year(fields, end) else end + 1
    # ls shows no seconds, and a size may follow its clock.
    if clock['precision'] == 1 and is_year(fields, year_at):
        days = civil_days(day + '-' + month + '-' + fields[year_at])
        return clock_date(at, year_at + 1, days, clock, offset) if days != None else None
    days = recent_days(month, day, now) if now != None else None
    return clock_date(at, end, days, clock, None) if days != None else None


def is_year(fields, at):
    """True when fields[at] is there and four digits."""
    return at < len(fields) and len(fields[at]) == 4 and parse_int(fields[at]) != None


def recent_days(month, day, now):
    """Days since the epoch of ls's month and day: in now's year, or the year before where
    that would put it more than a day after now (a day: the server's zone is not known
    here). None for a day no month has."""
    year = parse_int(part(iso_time(now), 0, 4))
    days = civil_days(day + '-' + month + '-' + str(year))
    if days != None and days * DAY > now + DAY:
        days = civil_days(day + '-' + month + '-' + str(year - 1))
    return days


HALVES = ['AM', 'PM']
# IIS in Korean, Japanese and Chinese writes the half before the clock ('오후 5:35'): the
# three words of the morning, then those of the afternoon, two characters each.
HALVES_BEFORE = '오전午前上午오후午後下午'


def clock_at(fields, at):
    """{seconds, precision, end} of the clock at fields[at]: 'HH:MM' or 'HH:MM:SS', the hour
    of one digit too, and 'AM' or 'PM' after it or in it, or a half of HALVES_BEFORE before
    it; end is the word after. Else None."""
    if at >= len(fields):
        return None
    where = HALVES_BEFORE.find(fields[at])
    if len(fields[at]) == 2 and floor_mod(where, 2) == 0 and at + 1 < len(fields):
        clock = clock_at([fields[at + 1], HALVES[where // 6]], 0)
        if clock != None:
            clock['end'] = at + 2
        return clock
    text = without_last(fields[at], ',').upper()
    end = at + 1
    half = part(text, len(text) - 2)
    if half in HALVES:
        text = part(text, 0, len(text) - 2)
    else:
        half = fields[end].upper() if end < len(fields) else ''
        half = half if half in HALVES else ''
        end += 1 if len(half) > 0 else 0
    if text.find(':') == 1:
        text = '0' + text
    seconds = clock_seconds(text)
    if seconds == None or (len(half) > 0 and (seconds < 3600 or seconds >= 13 * 3600)):
        return None
    # 12 AM is midnight, 12 PM noon.
    if len(half) > 0:
        seconds = floor_mod(seconds, 12 * 3600) + (12 * 3600 if half == 'PM' else 0)
    return {'seconds': seconds, 'precision': 1 if len(text) > 5 else 60, 'end': end}


# Zones by their abbreviations, each with its hours ahead of UTC; those that name two
# zones (CST, IST, BST) are not here.
ZONE_HOURS = {'GMT': 0, 'UTC': 0, 'Z': 0, 'WET': 0, 'WEST': 1, 'CET': 1, 'CEST': 2, 'EET': 2,
              'EEST': 3, 'MSK': 3, 'JST': 9, 'KST': 9, 'AEST': 10, 'AEDT': 11, 'NZST': 12,
              'NZDT': 13, 'HST': -10, 'AKST': -9, 'AKDT': -8, 'PST': -8, 'PDT': -7, 'MST': -7,
              'MDT': -6, 'CDT': -5, 'EST': -5, 'EDT': -4}


def zone_offset(word):
    """The seconds a zone word ('GMT', 'CEST', 'Z', '+02:00', '-0700') puts the clock ahead
    of UTC, else None."""
    hours = record_field(ZONE_HOURS, word.upper())
    if hours != None:
        return hours * 3600
    sign = 1 if word.startswith('+') else -1 if word.startswith('-') else 0
    text = part(word, 1)
    if len(text) == 4:
        text = part(text, 0, 2) + ':' + part(text, 2)
    seconds = clock_seconds(text) if sign != 0 and len(text) == 5 else None
    return sign * seconds if seconds != None else None


def parse_http_date(text):
    """Epoch seconds of an RFC 1123 date ('Mon, 15 Jul 2019 12:34:56 GMT'), else None.
    The weekday is not read."""
    # nginx writes each field in its place: read there first (splitting 100,000 dates
    # into words took half their time), else as words.
    if len(text) == 29 and part(text, 3, 5) + text[7] + text[11] + text[16] \
            + part(text, 25) == ',     GMT':
        found = parse_table_date(part(text, 5, 7) + '-' + part(text, 8, 11) + '-'
                                 + part(text, 12, 16), part(text, 17, 25))
        if found != None:
            return found
    parts = words(text)
    if len(parts) != 6 or parts[5] != 'GMT':
        return None
    # A day of one digit gets its '0'; one of three or more fails the date's check.
    day = '0' + parts[1] if len(parts[1]) == 1 else parts[1]
    return parse_table_date(day + '-' + parts[2] + '-' + parts[3], parts[4])


def parse_iso_time(text):
    """Epoch seconds of an ISO 8601 time ('2019-07-15T12:34:56Z', '+02:00', fractions), else None."""
    if len(text) < 16 or (text[10] != 'T' and text[10] != ' '):
        return None
    # The zone ends the text: 'Z', or a sign and 'HH:MM'. A sign or 'Z' left in the
    # clock fails the clock's own check.
    zone_at = len(text) - (1 if last_char(text) == 'Z' else 6)
    offset = zone_offset(part(text, zone_at))
    if offset == None:
        return None
    clock_text = part(text, 11, zone_at)
    fraction_at = clock_text.find('.')
    if fraction_at >= 0:
        if parse_int(part(clock_text, fraction_at + 1)) == None:
            return None
        clock_text = part(clock_text, 0, fraction_at)
    found = parse_table_date(part(text, 0, 10), clock_text)
    return found - offset if found != None else None


def parse_listing_date(text, utc_offset_minutes):
    """Epoch seconds of nginx's HTML listing date ('15-Jul-2019 12:34'), else None.

    The listing shows the server's local time when autoindex_localtime is on;
    utc_offset_minutes is that zone's offset, 0 for GMT.
    """
    parts = words(text)
    if len(parts) != 2:
        return None
    found = parse_table_date(parts[0], parts[1])
    return found - utc_offset_minutes * 60 if found != None else None


AGE_UNITS = [[31536000, 'y'], [86400, 'd'], [3600, 'h'], [60, 'min']]


def format_age(seconds):
    """A short age for a number of seconds: '3 d ago', 'just now', 'in 2 h'."""
    ahead = seconds < 0
    span = -seconds if ahead else seconds
    for unit in AGE_UNITS:
        if span >= unit[0]:
            count = str(span // unit[0]) + ' ' + unit[1]
            return 'in ' + count if ahead else count + ' ago'
    return 'just now'
