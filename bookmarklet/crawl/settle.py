"""Directory settling: each level-1 directory's listing, from its record or by wave 2.

A directory asks the cache first: a record that is still trustworthy is
served without a request (decision.cache_decision). The records of the
directories settled together (a page) are read together, in one go, and only
for those that have one (kept: read once as the store opens). Those it cannot
serve are fetched through one pool; a directory queued for a page the user
has left is dropped before its request starts, and one in flight is shared
with whoever asks for it next, never fetched twice. Every directory settles,
whatever throws: `failed`, or `stale` with its record, and a message.

A result is {status, entries, problem, message, mtime}, kept for the session:
problem says why no listing could be had ('' when one was), message is what
its row says about it.
"""

from bookmarklet.portable import JSError, new_object, started, dict_key, drop_key, problem_of, \
    is_exactly
from bookmarklet.cache.decision import HIT, cache_decision, status_after_fetch, same_mtime
from bookmarklet.cache.records import new_record
from bookmarklet.crawl.upkeep import keep, read_store
from bookmarklet.crawl.pool import new_pool, run_in_pool
from bookmarklet.crawl.root import request_listing, server_now, url_of
from bookmarklet.cache.checked import DAMAGED
from bookmarklet.words import FRESH, STALE, FAILED
from bookmarklet.shown.phrases import DAMAGED_NOTE, row_message
from bookmarklet.shown.tree import loop_text

def new_settling(root, store_ready, upkeep):
    """Nothing settled yet for root. store_ready: something to await for the store; upkeep:
    where a failing store write is reported (upkeep.keep)."""
    settling = new_object()
    settling.root_dir = root
    settling.store_ready = store_ready
    settling.upkeep_unit = upkeep
    settling.fetch_pool = new_pool(root.run_settings['maxConcurrentRequests'])
    settling.settled_keys = {}
    settling.load_tasks = {}
    settling.wanted_keys = {}
    settling.unwritten_records = None  # the records fetched while a write runs: written after it
    settling.kept_promise = started(kept_urls(settling))
    return settling


async def kept_urls(settling):
    """{dict_key(url): True} of the directories with a record, read as the store opens
    (while wave 1 travels), and those written since; None when the store cannot say.
    A directory not among them needs no read: it is fetched at once."""
    urls = await read_store(settling.store_ready,
                            lambda store: store.level_one_urls(settling.root_dir.root_url), None)
    if urls == None:
        return None
    kept = {}
    for url in urls:
        kept[dict_key(url)] = True
    return kept


def key_of(settling, entry):
    """What a directory entry is known by in settled, loads and wanted: its URL's key."""
    return dict_key(url_of(settling.root_dir, entry))


def new_result(status, entries, problem, mtime):
    """A directory's settled state for this session: what its row shows."""
    return {'status': status, 'entries': entries, 'problem': problem,
            'message': row_message(status, problem), 'mtime': mtime}


def settled_result(settling, entry):
    """This session's result for a directory, if it was settled at its current mtime."""
    key = key_of(settling, entry)
    if key in settling.settled_keys and same_mtime(settling.settled_keys[key]['mtime'], entry['mtime'], 1):
        return settling.settled_keys[key]
    return None


def fail_result(settling, entry, problem):
    """Settle a directory as failed with problem, whatever it had: its result."""
    result = new_result(FAILED, [], problem, entry['mtime'])
    settling.settled_keys[key_of(settling, entry)] = result
    return result


def drop_result(settling, entry):
    """Forget a directory's result, so that it is settled again."""
    drop_key(settling.settled_keys, key_of(settling, entry))


def drop_results(settling):
    """Forget every result."""
    settling.settled_keys = {}


def want(settling, entries):
    """Let the queued requests of these directories go ahead (wanted since their page shows,
    or is prefetched)."""
    for entry in entries:
        settling.wanted_keys[key_of(settling, entry)] = True


def want_none(settling):
    """Drop every queued request before it starts: its page was left or the overlay closed."""
    settling.wanted_keys = {}


def settle(settling, entries, forced):
    """One awaitable per directory entry, in order, of its result (None once dropped).

    A directory in flight already shares that settling; the records of the others
    are read together. forced: fetch whatever the record says."""
    fresh = []
    for entry in entries:
        if not (key_of(settling, entry) in settling.load_tasks):
            fresh.append(entry)
    records = started(read_kept_records(settling, fresh))
    loads = []
    for entry in entries:
        key = key_of(settling, entry)
        if not (key in settling.load_tasks):
            settling.load_tasks[key] = started(settle_directory(settling, entry, forced, records))
        loads.append(settling.load_tasks[key])
    return loads


async def read_kept_records(settling, entries):
    """{dict_key(url): record} of these directories, reading only those kept; {} when the
    store cannot say, so that they are fetched."""
    kept = await settling.kept_promise
    urls = []
    for entry in entries:
        url = url_of(settling.root_dir, entry)
        if kept == None or dict_key(url) in kept:
            urls.append(url)
    if len(urls) == 0:
        return {}
    return await read_store(settling.store_ready, lambda store: store.read_records(urls), {})


async def settle_directory(settling, entry, forced, records):
    """Serve a directory from its record when trustworthy, else fetch it through the pool."""
    root = settling.root_dir
    url = url_of(root, entry)
    key = dict_key(url)
    try:
        found = await records
        record = found[key] if key in found else None
        damaged = is_exactly(record, DAMAGED)
        if damaged:
            record = None
        decision = cache_decision(record, entry['mtime'], root.mtime_precision, server_now(root),
                                  root.run_settings['staleAfterSeconds'], forced, root.is_live)
        if decision == HIT:
            result = new_result(FRESH, record['entries'], '', entry['mtime'])
            if record['loopOf'] != '':
                result['message'] = loop_text(record)
        else:
            result = await run_in_pool(settling.fetch_pool, lambda: fetch_directory(
                settling, url, entry['mtime'], decision, record))
            if damaged and result != None and result['message'] == '':
                result['message'] = DAMAGED_NOTE
    except JSError as error:
        # Something unforeseen, the record perhaps: it can vouch for nothing.
        result = fail_result(settling, entry, problem_of(error))
    finally:
        drop_key(settling.load_tasks, key)
    if result != None:
        settling.settled_keys[key] = result
    return result


async def fetch_directory(settling, url, mtime, decision, record):
    """Wave 2 for one directory: its result, or None when it left the page while queued."""
    if not (dict_key(url) in settling.wanted_keys):
        return None
    root = settling.root_dir
    fetched = await request_listing(root, url)
    listing = fetched.listing_read
    if listing == None:
        # No listing: the record's entries, stale, else none.
        if record != None:
            return new_result(STALE, record['entries'], fetched.fetch_problem, mtime)
        return new_result(FAILED, [], fetched.fetch_problem, mtime)
    fetched_at = fetched.date_sent if fetched.date_sent != None else server_now(root)
    fresh = new_record(url, mtime, root.mtime_precision, listing, fetched_at, record)
    kept = await settling.kept_promise
    if kept != None:
        kept[dict_key(url)] = True
    # The row need not wait for the commit.
    if settling.unwritten_records == None:
        settling.unwritten_records = [fresh]
        started(keep(settling.upkeep_unit, write_records(settling)))
    else:
        settling.unwritten_records.append(fresh)
    return new_result(status_after_fetch(decision, record, fresh['entries']), fresh['entries'],
                      '', mtime)


async def write_records(settling):
    """Write the records fetched, in one transaction, and those fetched meanwhile in the
    next: one transaction per directory would cost each listing's row a few milliseconds."""
    try:
        store = await settling.store_ready
        while len(settling.unwritten_records) > 0:
            records = settling.unwritten_records
            settling.unwritten_records = []
            await store.write_records(records)
    finally:
        settling.unwritten_records = None
