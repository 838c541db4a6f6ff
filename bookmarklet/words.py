"""The words more than one place spells: the names the overlay leaves on the page,
the row statuses, the size units.

The crawler reads them from here; the build (toolkit/) imports this module under
CPython and fills the loader and the realm wrapper from it; a test checks the
JavaScript it cannot fill. The public ones are in docs/contract.md.
"""

# On the page: the overlay's element, the event that tells an open overlay to
# close, the attribute that marks a frame as the script's own realm, the
# IndexedDB database, and the global through which the realm wrapper hands the
# script the page's window.
OVERLAY_ID = 'autoindex-sitemap'
CLOSE_EVENT = 'autoindex-sitemap-close'
REALM_MARK = 'data-autoindex-sitemap-realm'
DATABASE = 'autoindex-sitemap'
PAGE_GLOBAL = 'autoindexSitemapPage'

# The row statuses (data-status). NEW and CHANGED are also the cache decisions
# that lead to them (freshness.py).
NEW = 'new'
CHANGED = 'changed'
FRESH = 'fresh'
STALE = 'stale'
FAILED = 'failed'
PENDING = 'pending'

# 1024-based, as listings and the overlay write sizes.
SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB']
