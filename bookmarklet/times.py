"""Times as whole seconds since the epoch, UTC: parsed by hand, formatted by hand.

Listing dates are parsed here rather than by Date or datetime: engines
disagree on which strings Date accepts, datetime costs 47 KB in the bundle,
and both must give the same second for 1970, 2038 and 2100 alike.
"""

from bookmarklet.portable import parse_int, pad, floor_mod, words, part

MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun',
          'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

SECONDS_PER_DAY = 86400


def days_from_civil(year, month, day):
    """Days from 1970-01-01 to the proleptic Gregorian date given."""
    if month <= 2:
        year -= 1
    era = year // 400
    year_of_era = year - era * 400
    shifted_month = month - 3 if month > 2 else month + 9
    day_of_year = (153 * shifted_month + 2) // 5 + day - 1
    day_of_era = year_of_era * 365 + year_of_era // 4 - year_of_era // 100 + day_of_year
    return era * 146097 + day_of_era - 719468


def civil_from_days(days):
    """[year, month, day] of the date that many days after 1970-01-01."""
    shifted = days + 719468
    era = shifted // 146097
    day_of_era = shifted - era * 146097
    year_of_era = (day_of_era - day_of_era // 1460 + day_of_era // 36524
                   - day_of_era // 146096) // 365
    day_of_year = day_of_era - (365 * year_of_era + year_of_era // 4 - year_of_era // 100)
    shifted_month = (5 * day_of_year + 2) // 153
    day = day_of_year - (153 * shifted_month + 2) // 5 + 1
    month = shifted_month + 3 if shifted_month < 10 else shifted_month - 9
    year = year_of_era + era * 400
    if month <= 2:
        year += 1
    return [year, month, day]


def seconds_of(year, month, day, hour, minute, second):
    """Epoch seconds of a UTC date and time whose fields are all in range, else None."""
    if year == None or month == None or day == None:
        return None
    if hour == None or minute == None or second == None:
        return None
    if year > 9999:
        # Listing dates have four-digit years; the longest an RFC 1123 date could
        # carry would pass 2**53 seconds, which JavaScript cannot hold exactly.
        return None
    if month < 1 or month > 12 or day < 1 or day > days_in_month(year, month):
        return None
    if hour > 23 or minute > 59 or second > 60:
        return None
    return (days_from_civil(year, month, day) * SECONDS_PER_DAY
            + hour * 3600 + minute * 60 + second)


def days_in_month(year, month):
    """How many days the month has in that year."""
    return days_from_civil(year + 1 if month == 12 else year, 1 if month == 12 else month + 1, 1) \
        - days_from_civil(year, month, 1)


def month_number(abbreviation):
    """1 for 'Jan' up to 12 for 'Dec', else None."""
    for index in range(12):
        if MONTHS[index] == abbreviation:
            return index + 1
    return None


def clock_fields(text):
    """[hour, minute, second] of 'HH:MM' or 'HH:MM:SS', else None."""
    parts = text.split(':')
    if len(parts) < 2 or len(parts) > 3:
        return None
    for field in parts:
        if len(field) != 2:
            return None
    second = parse_int(parts[2]) if len(parts) == 3 else 0
    return [parse_int(parts[0]), parse_int(parts[1]), second]


def parse_http_date(text):
    """Epoch seconds of an RFC 1123 date ('Mon, 15 Jul 2019 12:34:56 GMT'), else None."""
    parts = words(text)
    if len(parts) != 6 or parts[5] != 'GMT' or len(parts[1]) > 2:
        return None
    clock = clock_fields(parts[4])
    if clock == None or len(parts[3]) < 4:
        return None
    return seconds_of(parse_int(parts[3]), month_number(parts[2]), parse_int(parts[1]),
                      clock[0], clock[1], clock[2])


def parse_iso_time(text):
    """Epoch seconds of an ISO 8601 time ('2019-07-15T12:34:56Z', '+02:00', fractions), else None."""
    if len(text) < 16 or (text[10] != 'T' and text[10] != ' '):
        return None
    date = part(text, 0, 10).split('-')
    if len(date) != 3 or len(date[0]) != 4 or len(date[1]) != 2 or len(date[2]) != 2:
        return None
    rest = part(text, 11, None)
    offset = 0
    zone_at = -1
    for index in range(len(rest)):
        if rest[index] == 'Z' or rest[index] == '+' or rest[index] == '-':
            zone_at = index
            break
    if zone_at < 0:
        return None
    zone = part(rest, zone_at, None)
    if zone != 'Z':
        zone_clock = clock_fields(part(zone, 1, None))
        if zone_clock == None or len(zone) != 6 or zone_clock[0] == None or zone_clock[1] == None:
            return None
        offset = zone_clock[0] * 3600 + zone_clock[1] * 60
        if zone[0] == '-':
            offset = -offset
    clock_text = part(rest, 0, zone_at)
    fraction_at = clock_text.find('.')
    if fraction_at >= 0:
        if parse_int(part(clock_text, fraction_at + 1, None)) == None:
            return None
        clock_text = part(clock_text, 0, fraction_at)
    clock = clock_fields(clock_text)
    if clock == None:
        return None
    local = seconds_of(parse_int(date[0]), parse_int(date[1]), parse_int(date[2]),
                       clock[0], clock[1], clock[2])
    if local == None:
        return None
    return local - offset


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


def parse_table_date(date_text, clock_text):
    """[local epoch seconds, precision] of a listing's date and clock words, else None.

    The date is nginx's '15-Jul-2019', Apache's '2019-07-15' or lighttpd's
    '2019-Jul-15'; the clock 'HH:MM' (precision 60) or 'HH:MM:SS' (precision 1).
    """
    date = date_text.split('-')
    clock = clock_fields(clock_text)
    if len(date) != 3 or clock == None:
        return None
    if len(date[0]) == 4:
        year = date[0]
        day = date[2]
        month = parse_int(date[1]) if len(date[1]) == 2 else month_number(date[1])
    else:
        year = date[2]
        day = date[0]
        month = month_number(date[1])
    if len(year) != 4 or len(day) != 2:
        return None
    seconds = seconds_of(parse_int(year), month, parse_int(day), clock[0], clock[1], clock[2])
    if seconds == None:
        return None
    return [seconds, 1 if len(clock_text) > 5 else 60]


def format_iso(seconds):
    """'2026-09-10T14:32:01Z' for epoch seconds."""
    days = seconds // SECONDS_PER_DAY
    in_day = floor_mod(seconds, SECONDS_PER_DAY)
    date = civil_from_days(days)
    return (pad(date[0], 4) + '-' + pad(date[1], 2) + '-' + pad(date[2], 2) + 'T'
            + pad(in_day // 3600, 2) + ':' + pad(floor_mod(in_day // 60, 60), 2) + ':'
            + pad(floor_mod(in_day, 60), 2) + 'Z')


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
