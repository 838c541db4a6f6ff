"""Bookkeeping that changes nothing the page shows: store writes, the visit, pruning, the timer.

A failing store is reported once and never stops the crawl. Adapters used:
the store (given), every (the timer).
"""

from bookmarklet.portable import JSError, new_object, dict_key, problem_of, is_exactly
from bookmarklet.cache.records import new_record
from bookmarklet.cache.checked import DAMAGED
from bookmarklet.crawl.root import server_now, url_of
from bookmarklet.cache.eviction import evictions, BOUNDS
from bookmarklet.shown.phrases import write_failed


def new_upkeep(root, say_uncached):
    """Nothing kept yet for root; say_uncached(reason) tells the user that the store
    fails, and why."""
    upkeep = new_object()
    upkeep.root_dir = root
    upkeep.say_uncached = say_uncached
    upkeep.write_failed = False
    upkeep.end_timer = lambda: None  # what stops the timer: nothing, until one starts
    upkeep.root_record = None        # the root's own listing, as kept at this visit
    return upkeep


async def keep(upkeep, promise):
    """Wait for a store write. A failure is reported once."""
    try:
        await promise
    except JSError as error:
        if not upkeep.write_failed:
            upkeep.write_failed = True
            upkeep.say_uncached(write_failed(problem_of(error)))


async def read_store(store_ready, read, fallback):
    """What read(store) gives once the store is ready, or fallback when either fails: a
    store that cannot answer costs a fetch or a default, never the crawl."""
    try:
        return await read(await store_ready)
    except JSError:
        return fallback


async def record_visit(upkeep, store, listing):
    """After a live wave 1: the visit's time, the root's own listing as a record (so its
    entries know when they were first seen), no records of directories gone from it, and
    the cache within its bounds."""
    root = upkeep.root_dir
    await keep(upkeep, store.write_visit(root.root_url, server_now(root)))
    previous = None
    try:
        found = await store.read_records([root.root_url])
        if dict_key(root.root_url) in found and not is_exactly(found[dict_key(root.root_url)], DAMAGED):
            previous = found[dict_key(root.root_url)]
    except JSError:
        previous = None
    upkeep.root_record = new_record(root.root_url, None if previous == None else previous['mtime'],
                                    root.mtime_precision, listing, root.read_at, previous)
    await keep(upkeep, store.write_records([upkeep.root_record]))
    await keep(upkeep, prune(upkeep, store, listing['entries']))
    await keep(upkeep, bound(upkeep, store))


async def bound(upkeep, store):
    """Give up what passes the cache's bounds: roots least recently visited first, never
    this one (cache/eviction.py)."""
    found = evictions(await store.read_visits(), await store.read_sizes(), upkeep.root_dir.root_url,
                      BOUNDS)
    if len(found['records']) > 0:
        await store.remove_urls(found['records'])
    if len(found['roots']) > 0:
        await store.remove_visits(found['roots'])


async def prune(upkeep, store, entries):
    """Drop the records of directories gone from the live root listing."""
    live = {}
    for entry in entries:
        if entry['type'] == 'directory':
            live[dict_key(url_of(upkeep.root_dir, entry))] = True
    gone = []
    for url in await store.level_one_urls(upkeep.root_dir.root_url):
        if not (dict_key(url) in live):
            gone.append(url)
    if len(gone) > 0:
        await store.remove_urls(gone)


def start_timer(upkeep, seconds, task):
    """Run task every seconds until stop_timer."""
    upkeep.end_timer = upkeep.root_dir.io_adapters.run_every(seconds, task)


def stop_timer(upkeep):
    upkeep.end_timer()
