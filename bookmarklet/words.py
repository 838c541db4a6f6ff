"""The words more than one place spells: the names the overlay leaves on the page,
the row statuses, the status line while reading, the mark of an undecodable name,
the size units.

The crawler reads them from here; the build (toolkit/) imports this module under
CPython and fills the loader from it. The public ones are in docs/contract.md.
"""

# On the page: the overlay's element, the event a second click (the script's or the
# loader's) sends an open overlay to make it close, named as the overlay so the loader
# can read it off the element, and the IndexedDB database.
OVERLAY_ID = 'autoindex-sitemap'
CLOSE_EVENT = OVERLAY_ID
DATABASE = 'autoindex-sitemap'

# The offer (browser/offer.py): the element of the button that opens the sitemap, the button's
# data-role, and the attribute of the script element by which a server's listing asks
# sitemap.js for the button rather than the sitemap (nginx/offer-to-visitors.conf).
BUTTON_ID = OVERLAY_ID + '-button'
OPEN_ROLE = 'open-sitemap'
OFFER_ATTRIBUTE = 'data-offer'

# The row statuses (data-status). NEW and CHANGED are also the cache decisions
# that lead to them (cache/decision.py).
NEW = 'new'
CHANGED = 'changed'
FRESH = 'fresh'
STALE = 'stale'
FAILED = 'failed'
PENDING = 'pending'

# The status line's states (data-state), and its words while a root's listing is read.
LOADING = 'loading'
DONE = 'done'
BROKEN = 'broken'

# A map's states (data-state of data-role=map-progress), DONE besides; and the change of an
# entry that disappeared, in what's new (data-change) beside NEW and CHANGED.
RUNNING = 'running'
PAUSED = 'paused'
STOPPED = 'stopped'
MAP_STATES = [RUNNING, PAUSED, STOPPED, DONE]
GONE = 'gone'
READING = 'Reading the listing…'

# The mark of a name whose bytes are not all UTF-8 (reading/names.py), and its tooltip.
UNDECODABLE = 'not UTF-8'
UNDECODABLE_TITLE = 'Each \\xNN is a byte of the name; the link opens it.'

# What the filter searches (data-role=scope): the shown root's names, or every entry
# cached below it.
PAGE_SCOPE = 'page'
TREE_SCOPE = 'tree'
SCOPES = [PAGE_SCOPE, TREE_SCOPE]

# What an export takes (data-source of data-role=export-source): what is shown, or the
# entries a person selected.
SHOWN = 'shown'
SELECTION = 'selection'

# 1024-based, as listings and the overlay write sizes.
SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB']
