"""The defaults a build carries. generator.py writes its own copy of this module
into the build with the options it was given; this one is what a plain build uses."""

SETTINGS = {
    'title': 'Sitemap',
    'pageSize': 10,
    'pageSizes': [10, 15, 20, 30],
    'maxConcurrentRequests': 10,
    'timeoutSeconds': 20,
    'staleAfterSeconds': 86400,
    'refreshSeconds': 0,
    'prefetch': True,
    'utcOffsetMinutes': 0,
}
