"""Times as whole seconds since the epoch, UTC: parsed by hand, the calendar native.

Listing dates are parsed here rather than by Date or datetime: engines
disagree on which strings Date accepts, datetime costs 47 KB in the bundle,
and both must give the same second for 1970, 2038 and 2100 alike. Every form
(RFC 1123, ISO 8601, the listing pages' dates) is read as a date and a clock by
parse_table_date. The calendar is Date's arithmetic on numbers, which engines agree
on (portable.days_from_civil and iso_time; the same arithmetic in CPython).
"""

from bookmarklet.portable import parse_int, words, part, days_from_civil, iso_time, floor_mod, \
    dict_key, new_object, digit_pair

# The months' abbreviations, three letters each.
MONTHS = 'JanFebMarAprMayJunJulAugSepOctNovDec'


def month_number(abbreviation):
    """1 for 'Jan' up to 12 for 'Dec', else None."""
    at = MONTHS.find(abbreviation)
    return at // 3 + 1 if len(abbreviation) == 3 and floor_mod(at, 3) == 0 else None


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
    """[local epoch seconds, precision] of a listing's date and clock words, else None.

    The date is nginx's '15-Jul-2019', Apache's '2019-07-15' or lighttpd's
    '2019-Jul-15'; the clock 'HH:MM' (precision 60) or 'HH:MM:SS' (precision 1).
    """
    days = date_days(date_text)
    in_day = clock_seconds(clock_text)
    if days == None or in_day == None:
        return None
    return [days * 86400 + in_day, 1 if len(clock_text) > 5 else 60]


# The days of the dates read lately, by dict_key of the date: a listing repeats a few
# dates many times. Emptied when full, so a long crawl holds little.
RECENT_DATES = new_object()
RECENT_DATES.days_of = {}
RECENT_DATES.date_count = 0
DATES_REMEMBERED = 4096


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
    """date_days, without the memory."""
    date = date_text.split('-')
    if len(date) != 3:
        return None
    year_first = len(date[0]) == 4
    year_text = date[0] if year_first else date[2]
    day_text = date[2] if year_first else date[0]
    year = parse_int(year_text)
    day = parse_int(day_text)
    month = parse_int(date[1]) if year_first and len(date[1]) == 2 else month_number(date[1])
    # Four-digit years: the longest an RFC 1123 date could carry would pass 2**53
    # seconds, which JavaScript cannot hold exactly.
    if len(year_text) != 4 or len(day_text) != 2 or year == None or day == None or month == None \
            or month < 1 or month > 12 or day < 1:
        return None
    days = days_from_civil(year, month, day)
    return days if days < days_from_civil(year, month + 1, 1) else None


def parse_http_date(text):
    """Epoch seconds of an RFC 1123 date ('Mon, 15 Jul 2019 12:34:56 GMT'), else None.
    The weekday is not read."""
    # nginx writes each field in its place: read there first (splitting 100,000 dates
    # into words took half their time), else as words.
    if len(text) == 29 and part(text, 3, 5) + text[7] + text[11] + text[16] \
            + part(text, 25, None) == ',     GMT':
        found = parse_table_date(part(text, 5, 7) + '-' + part(text, 8, 11) + '-'
                                 + part(text, 12, 16), part(text, 17, 25))
        if found != None:
            return found[0]
    parts = words(text)
    if len(parts) != 6 or parts[5] != 'GMT':
        return None
    # A day of one digit gets its '0'; one of three or more fails the date's check.
    day = '0' + parts[1] if len(parts[1]) == 1 else parts[1]
    found = parse_table_date(day + '-' + parts[2] + '-' + parts[3], parts[4])
    return found[0] if found != None else None


def parse_iso_time(text):
    """Epoch seconds of an ISO 8601 time ('2019-07-15T12:34:56Z', '+02:00', fractions), else None."""
    if len(text) < 16 or (text[10] != 'T' and text[10] != ' '):
        return None
    # The zone ends the text: 'Z', or a sign and 'HH:MM'. A sign or 'Z' left in the
    # clock fails the clock's own check.
    zone_at = len(text) - 1
    offset = 0
    if text[zone_at] != 'Z':
        zone_at = len(text) - 6
        zone_seconds = clock_seconds(part(text, zone_at + 1, None))
        sign = text[zone_at]
        if zone_seconds == None or (sign != '+' and sign != '-'):
            return None
        offset = zone_seconds if sign == '+' else -zone_seconds
    clock_text = part(text, 11, zone_at)
    fraction_at = clock_text.find('.')
    if fraction_at >= 0:
        if parse_int(part(clock_text, fraction_at + 1, None)) == None:
            return None
        clock_text = part(clock_text, 0, fraction_at)
    found = parse_table_date(part(text, 0, 10), clock_text)
    return found[0] - offset if found != None else None


def parse_listing_date(text, utc_offset_minutes):
    """Epoch seconds of nginx's HTML listing date ('15-Jul-2019 12:34'), else None.

    The listing shows the server's local time when autoindex_localtime is on;
    utc_offset_minutes is that zone's offset, 0 for GMT.
    """
    parts = words(text)
    if len(parts) != 2:
        return None
    found = parse_table_date(parts[0], parts[1])
    if found == None:
        return None
    return found[0] - utc_offset_minutes * 60


# '2026-09-10T14:32:01Z' for epoch seconds; '' past what a JavaScript Date holds.
format_iso = iso_time

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
