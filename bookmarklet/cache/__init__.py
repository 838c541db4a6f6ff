"""The cache: records of listings and visits in IndexedDB or memory, when a record may
stand in for a listing, and the cache's bounds.

- eviction: the cache's bounds, and what it gives up to stay within them
- freshness: the cache decision, may a record stand in for a listing right now, and the
  records themselves
- stored: the one check of what the store hands back (records, visits, choices)
- store: where records live, IndexedDB or memory when the browser refuses it
"""
