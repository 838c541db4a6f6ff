"""Every sentence the overlay says about the crawl: the status line's, the notes', and each
directory row's message, with the problems that fill them (reading/problems.py).

A row's message is its status's preamble and the problem, the reason no listing could be
had; the status line counts the page's directories, or says why nearly nothing loaded.
"""

from bookmarklet.portable import floor
from bookmarklet.words import STALE

# A directory's row.
DAMAGED_NOTE = 'Damaged in the cache: fetched again.'


def row_message(status, problem):
    """What a directory's row says of a result whose listing could not be had ('' when it
    could): stale rows keep their record's entries, the others have none."""
    if problem == '':
        return ''
    return ('Not revalidated: ' if status == STALE else 'Not loaded: ') + problem


def not_shown(problem):
    return 'could not be shown (' + problem + ')'


# The status line and the notes.
FORGETTING = 'Forgetting the cache…'
NO_DATES = 'No dates listed: sorted by name.'
NO_VISIT = 'No previous visit here'


def loaded_text(loaded, total, failed, totals_text):
    """'3 of 5 directories loaded, 1 failed · 12 entries · 3.4 MB'."""
    text = str(loaded) + ' of ' + str(total) + ' directories loaded'
    if failed > 0:
        text += ', ' + str(failed) + ' failed'
    return text + ' · ' + totals_text


def broken_text(loaded, total, cause):
    return 'Nearly nothing could be loaded (' + str(loaded) + ' of ' + str(total) + '): ' \
        + cause + '.'


def no_listing(problem):
    return 'No listing could be read here (' + problem + ').'


def listing_request_failed(problem):
    return 'The listing request failed (' + problem + '); showing the page as loaded.'


def went_wrong(problem):
    return 'Something went wrong: ' + problem


def directory_not_shown(problem):
    return 'A directory could not be shown: ' + problem


def uncached(reason):
    return 'Not caching: ' + reason + '.'


def write_failed(problem):
    return 'a write failed (' + problem + ')'


def map_too_deep(depth):
    return 'The map goes no deeper than ' + str(depth) + ' levels.'


def map_too_large(count):
    return 'The map stops at ' + str(count) + ' directories.'


def map_failing(count, cause):
    return 'The map stopped after ' + str(count) + ' failures in a row: ' + cause + '.'


def map_text(done, known, failed, age, left):
    """'3412 of 3412 directories mapped 2 h ago, 3 failed' while it runs (age '') and once
    done; a map that stopped never says those words: 'Stopped 2 h ago: 5000 directories
    mapped, 860 known left, maybe more below them' (left: None unless stopped)."""
    when = '' if age == '' else ' ' + age
    text = str(done) + ' of ' + str(known) + ' directories mapped' + when if left == None else \
        'Stopped' + when + ': ' + str(done) + ' directories mapped'
    if failed > 0:
        text += ', ' + str(failed) + ' failed'
    return text if left == None else text + ', ' + map_left(left)


def map_left(left):
    """What a stopped map knows is left: never what lies below it."""
    return ('' if left == 0 else str(left) + ' known left, ') + 'maybe more below them'


def map_offer(left):
    return 'Map everything below' if left == 0 else 'Resume the map: ' + map_left(left)


def map_pace(entries, rate, left):
    """' · 4512 entries · 35 directories/s, about 2 min left' while a map runs."""
    text = ' · ' + str(entries) + ' entries'
    # Under one a second, no pace: '0 directories/s, about 39919961 min left' says nothing.
    if rate >= 1:
        text += ' · ' + str(floor(rate)) + ' directories/s, about ' + \
            (str(floor(left)) + ' s' if left < 60 else str(floor(left / 60)) + ' min') + ' left'
    return text


MAP_ELSEWHERE = 'Running in another tab: '


def loop_note(path):
    return 'looks like a loop of ' + path


def news_text(count, age):
    return str(count) + ' new or changed since the visit ' + age
