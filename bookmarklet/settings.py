"""The defaults a build carries, and the one place they are written: generator.py
reads them for its options and writes its own copy of this module
into the build with the options it was given; this one is what a plain build uses."""

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
    'utcOffsetMinutes': 0,
    'jsonPrefixFrom': '',
    'jsonPrefixTo': '',
}
