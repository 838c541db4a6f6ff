"""The defaults a build carries, and the one place they are written: toolkit/settings.py
reads them for its options. The build stages a settings module of its own, which reads
the literal the build writes into the script, or what a loader passes
(bookmarklet/configured.py), and PROBLEM, what the overlay says when a loader passed
settings the rules refuse; this one is what CPython imports."""

SETTINGS = {
    'title': 'Sitemap',
    'pageSize': 10,
    'pageSizes': [10, 15, 20, 30],
    'maxConcurrentRequests': 10,
    'timeoutSeconds': 20,
    'childrenShown': 5,
    'prefetch': True,
    'staleAfterSeconds': 86400,
    'refreshSeconds': 0,
    'mapLimit': 5000,
    'mapDepth': 32,
    'utcOffsetMinutes': 0,
    'jsonPrefixFrom': '',
    'jsonPrefixTo': '',
}

PROBLEM = ''
