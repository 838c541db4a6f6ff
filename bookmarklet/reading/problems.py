"""Why a request gave no listing: the reasons the fetch (browser/browser.py) and the listing
readers (names.py, html_listing.py) give, which a row's message and the status line then
say (shown/phrases.py). They live below both so that no reader imports what the overlay says."""

NETWORK_PROBLEM = 'network error or blocked by CORS'
NOT_A_LISTING = 'a page of its own, not a directory listing'


def http_problem(status):
    return 'HTTP ' + str(status)


def timed_out(seconds):
    return 'timed out after ' + str(seconds) + ' s'


def too_large(megabytes):
    return 'the listing is over ' + str(megabytes) + ' MB'


def redirected(reached):
    return 'redirected to ' + reached + ', outside this listing'
