"""The cache: records of listings and visits in IndexedDB or memory, when a record may
stand in for a listing, and the cache's bounds.

- eviction: the cache's bounds, and what it gives up to stay within them
- records: a record's schema, the record of a listing just fetched, and what is new in it
  since a visit
- decision: the cache decision, may a record stand in for a listing right now
- checked: the one check of what the store hands back (records, visits, choices)
- store: where records live, IndexedDB or memory when the browser refuses it
"""
