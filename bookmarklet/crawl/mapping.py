"""The map: every directory below the shown root, any depth, through the crawl's pool.

Its frontier lives in the store (cache/store.py): a directory found is written there, in
the transaction that commits the listing it was found in, before it is fetched; its
own record and its removal from the frontier commit together. Closing the tab loses
only the requests in flight, and a resume fetches no directory whose record was
committed. The map's own record (its state and counts) commits with them, so any
later visit, or another tab, reads how far it got.

A first map lets a record stand in for a fetch where the cache's own rules trust it
(decision.cache_decision): what a map of a directory below, or this visit's wave 2,
fetched is used. A re-map, and a resume, let none stand in, so that a re-map sees every
change at every depth however soon after the last map it came; those whose parent lists
a new mtime are fetched first, then the others, oldest record first.

It is polite: a 429 or 503 holds every request of the map for its Retry-After (or a
back-off that doubles), and failures in a row stop it with their likely cause. A loop is
proven, never guessed from a likeness (loop_step): a listing the same as an ancestor's is
followed along the path back to itself only, until LOOP_LEVELS listings in a row repeat
those a period above (a symlink loop), or one does not (real directories, then read whole).
One tab maps a root at a time (adapters.hold_lock); another shows its progress.
Adapters used: those of root.py, hold_lock, wait_seconds, is_visible.
"""

from bookmarklet.portable import JSError, new_object, new_latch, started, dict_key, part, \
    problem_of, stable_sorted, is_exactly, remove_at, text_sum
from bookmarklet.cache.decision import HIT, RECHECK, cache_decision
from bookmarklet.cache.records import new_record
from bookmarklet.crawl.pool import run_in_pool
from bookmarklet.crawl.root import request_listing, server_now
from bookmarklet.reading.names import entry_url
from bookmarklet.cache.checked import DAMAGED, frontier_key
from bookmarklet.shown.display import likely_cause
from bookmarklet.crawl.upkeep import read_store
from bookmarklet.reading.times import format_age
from bookmarklet.shown.phrases import map_too_deep, map_too_large, map_failing, map_text, map_offer, \
    map_pace, MAP_ELSEWHERE
from bookmarklet.words import RUNNING, PAUSED, STOPPED, DONE

# Failures in a row that stop a map; the longest back-off a 429 or 503 without a
# Retry-After waits, in seconds.
FAILURES_IN_A_ROW = 10
LONGEST_WAIT = 60
# The store steps one transaction takes at most (but a directory's own, which commit
# together): each put holds the page about a tenth of a millisecond in Chromium, and a tree
# read before would put or read thousands at once.
STEPS_AT_ONCE = 100
# Listings in a row along one path, each the same as the one a period above, that prove a
# loop: a loop costs LOOP_LEVELS - 1 requests more than a guess from the first likeness.
LOOP_LEVELS = 8
NO_LOOP = {'period': 0, 'repeats': 0}


def new_map(root, store_ready, pool, on_change):
    """The map of root as nothing is known of it yet (read_map reads what the store
    keeps); on_change() is called at each change the screen shows."""
    mapping = new_object()
    mapping.root_dir = root
    mapping.store_ready = store_ready
    mapping.fetch_pool = pool
    mapping.on_change = on_change
    mapping.map_state = ''          # '' for no map kept, else RUNNING, PAUSED, STOPPED or DONE
    mapping.is_elsewhere = False    # running in another tab
    mapping.started_at = 0          # the server's clock when the map began
    mapping.ended_at = None
    mapping.done_count = 0          # directories settled, the failed among them
    mapping.known_count = 0
    mapping.failed_count = 0
    mapping.entry_count = 0
    mapping.byte_count = 0
    mapping.stop_reason = ''        # why it stopped short, said once
    mapping.urgent_tasks = []       # to fetch: no record, or a new mtime
    mapping.later_tasks = []        # to fetch again: oldest record first
    mapping.later_sorted = True
    mapping.fetch_count = 0         # requests in flight, and records standing in
    mapping.hold_until = 0          # the client's clock before which no request starts
    mapping.hold_seconds = 0        # the last back-off, doubled at the next
    mapping.failures_in_row = 0
    mapping.failure_problems = []
    mapping.failed_steps = []       # the frontier items that failed: dropped once the map is done
    mapping.unwritten_steps = []    # the store steps of each directory waiting for a commit
    mapping.is_writing = False
    mapping.wake_latch = None
    mapping.is_remap = False
    mapping.suspect_records = {}    # the records taken for a loop until proven, by URL
    mapping.run_clock = 0           # the client's clock when this tab's run began,
    mapping.run_done = 0            # and the directories done then: the rate
    return mapping


def lock_name(mapping):
    return 'autoindex-sitemap map ' + mapping.root_dir.root_url


def map_value(mapping):
    """The map's own record, as the store keeps it."""
    return {'root': mapping.root_dir.root_url, 'state': mapping.map_state,
            'done': mapping.done_count, 'known': mapping.known_count,
            'failed': mapping.failed_count, 'entries': mapping.entry_count,
            'bytes': mapping.byte_count, 'startedAt': mapping.started_at,
            # Until it ends, when it last went on: what a map left with its tab says.
            'endedAt': mapping.ended_at if mapping.ended_at != None
            else server_now(mapping.root_dir)}


async def read_kept(mapping, first):
    """Take the state and counts of the map's record kept in the store (first: only where
    nothing was taken or started yet); True when there was one to take."""
    kept = await read_store(mapping.store_ready,
                            lambda store: store.read_map(mapping.root_dir.root_url), None)
    if kept == None or first and mapping.map_state != '':
        return False
    mapping.map_state = kept['state']
    mapping.done_count = kept['done']
    mapping.known_count = kept['known']
    mapping.failed_count = kept['failed']
    mapping.entry_count = kept['entries']
    mapping.byte_count = kept['bytes']
    mapping.started_at = kept['startedAt']
    mapping.ended_at = kept['endedAt']
    return True


async def recall_map(mapping):
    """Read the map kept for the root: its record, its frontier left, and whether another
    tab runs it now. A map that says it runs but whose tab is gone was stopped."""
    if not await read_kept(mapping, True):
        return
    if is_active(mapping):
        # Another tab's until the lock says otherwise: a frame drawn while the lock is
        # asked shows the map as that tab's, never as this tab's own with a pace.
        mapping.is_elsewhere = True
        free = await mapping.root_dir.io_adapters.hold_lock(lock_name(mapping), lambda: True)
        if free == None:
            started(follow_elsewhere(mapping))
        else:
            mapping.is_elsewhere = False
            mapping.map_state = STOPPED
    mapping.on_change()


async def follow_elsewhere(mapping):
    """Show the progress of the map another tab runs, read from the store each second,
    until it ends there."""
    while mapping.is_elsewhere:
        await mapping.root_dir.io_adapters.wait_seconds(1)
        if mapping.is_elsewhere and await read_kept(mapping, False):
            mapping.is_elsewhere = is_active(mapping)
            mapping.on_change()


def is_active(mapping):
    return mapping.map_state == RUNNING or mapping.map_state == PAUSED


async def start_map(mapping, entries):
    """Map everything below the root whose listing holds entries, or resume the map kept:
    in this tab, unless another holds it (then follow that one)."""
    if is_active(mapping) or mapping.is_elsewhere:
        return
    ran = await mapping.root_dir.io_adapters.hold_lock(lock_name(mapping),
                                                       lambda: run_map(mapping, entries))
    if ran == None:
        mapping.is_elsewhere = True
        mapping.map_state = RUNNING
        mapping.on_change()
        await follow_elsewhere(mapping)


async def run_map(mapping, entries):
    root = mapping.root_dir
    store = await mapping.store_ready
    frontier = await read_store(mapping.store_ready, lambda kept: kept.read_frontier(root.root_url), [])
    # A map of a root mapped before trusts only what it fetches itself.
    mapping.is_remap = mapping.map_state != ''
    mapping.stop_reason = ''
    mapping.failures_in_row = 0
    mapping.failure_problems = []
    mapping.failed_steps = []
    if len(frontier) > 0:
        # A resume: the counts go on, and what failed is tried again.
        mapping.done_count -= mapping.failed_count
        mapping.failed_count = 0
        found = frontier
        mapping.known_count = max(mapping.known_count, mapping.done_count + len(frontier))
        steps = []
    else:
        mapping.started_at = root.read_at
        mapping.done_count = 0
        mapping.known_count = 0
        mapping.failed_count = 0
        mapping.entry_count = 0
        mapping.byte_count = 0
        found = found_items(mapping, root.root_url, 0, entries, [listing_sum(entries)], NO_LOOP)
        steps = frontier_puts(found)
    mapping.map_state = RUNNING
    mapping.ended_at = None
    mapping.run_clock = root.io_adapters.clock_now()
    mapping.run_done = mapping.done_count
    steps.append({'store': 'maps', 'put': map_value(mapping)})
    await store.apply_steps(steps)
    mapping.on_change()
    await queue_items(mapping, found)
    await dispatch(mapping)
    # Done: what failed is said, and not left to resume (a map begun again asks for it);
    # stopped, it is (the failures in a row of a network gone).
    await write_steps(mapping, mapping.failed_steps if mapping.map_state == DONE else [])
    return True


def found_items(mapping, url, depth, entries, sums, step):
    """The frontier items of the directories among entries, the listing of url at depth,
    each to fetch at depth + 1 with the sums of its ancestors' listings and where it stands
    on a loop (step: loop_step's); none past the map's limits, which say so."""
    settings = mapping.root_dir.run_settings
    items = []
    for entry in entries:
        if entry['type'] != 'directory':
            continue
        if depth + 1 > settings['mapDepth']:
            mapping.stop_reason = map_too_deep(settings['mapDepth'])
            break
        if mapping.known_count >= settings['mapLimit']:
            mapping.stop_reason = map_too_large(settings['mapLimit'])
            break
        mapping.known_count += 1
        child = entry_url(url, entry)
        items.append({'key': frontier_key(mapping.root_dir.root_url, child),
                      'root': mapping.root_dir.root_url, 'url': child, 'depth': depth + 1,
                      'mtime': entry['mtime'], 'sums': sums, 'period': step['period'],
                      'repeats': step['repeats']})
    return items


def frontier_puts(items):
    """The store steps that put each frontier item."""
    steps = []
    for item in items:
        steps.append({'store': 'frontier', 'put': item})
    return steps


async def queue_items(mapping, items):
    """Read the records of items, STEPS_AT_ONCE in a transaction, and queue each: first when
    it has none, its mtime moved or the record stands in, later (fetched again) when it has
    one."""
    root = mapping.root_dir
    start = 0
    while start < len(items):
        some = part(items, start, start + STEPS_AT_ONCE)
        start += STEPS_AT_ONCE
        # A task of its own for each read: those of many listings at once held the page.
        await take_turn(mapping)
        urls = []
        for item in some:
            urls.append(item['url'])
        records = await read_store(mapping.store_ready, lambda store: store.read_records(urls), {})
        now = server_now(root)
        for item in some:
            key = dict_key(item['url'])
            record = records[key] if key in records and not is_exactly(records[key], DAMAGED) else None
            # None stands in for a re-map, as for a person's Refresh: a change made a moment
            # before it began can hide behind any record. (Whether a record came after the
            # re-map began cannot be told: the server's Date counts whole seconds.)
            task = {'item': item, 'record': record,
                    'decision': cache_decision(record, item['mtime'], root.mtime_precision, now,
                                               root.run_settings['staleAfterSeconds'],
                                               mapping.is_remap, True)}
            if task['decision'] != RECHECK:
                mapping.urgent_tasks.append(task)
            else:
                mapping.later_tasks.append(task)
                mapping.later_sorted = False
        wake(mapping)


def next_task(mapping):
    """The next directory to fetch, or None."""
    tasks = mapping.urgent_tasks if len(mapping.urgent_tasks) > 0 else mapping.later_tasks
    if len(tasks) == 0:
        return None
    if tasks == mapping.later_tasks and not mapping.later_sorted:
        tasks = stable_sorted(tasks, lambda a, b: a['record']['fetchedAt'] - b['record']['fetchedAt'])
        mapping.later_tasks = tasks
        mapping.later_sorted = True
    task = tasks[0]
    remove_at(tasks, 0)
    return task


def wake(mapping):
    if mapping.wake_latch != None:
        mapping.wake_latch.latch_resolve(True)


async def dispatch(mapping):
    """Start the fetches, as many at once as the settings allow, until every directory
    known is settled or the map is stopped. A record standing in takes a place too, so that
    those of a whole tree read before come in turns, not in one long task."""
    adapters = mapping.root_dir.io_adapters
    limit = mapping.root_dir.run_settings['maxConcurrentRequests']
    while mapping.map_state == RUNNING or mapping.map_state == PAUSED:
        if mapping.map_state == RUNNING and mapping.fetch_count < limit:
            wait = mapping.hold_until - adapters.clock_now()
            task = next_task(mapping) if wait <= 0 else None
            if task != None:
                mapping.fetch_count += 1
                started(map_directory(mapping, task))
                if task['decision'] == HIT:
                    await take_turn(mapping)  # records standing in, each in a task of its own
                continue
            if wait > 0:
                await adapters.wait_seconds(wait)
                continue
        if mapping.done_count >= mapping.known_count:
            mapping.map_state = STOPPED if mapping.stop_reason != '' else DONE
            mapping.ended_at = server_now(mapping.root_dir)
            break
        mapping.wake_latch = new_latch()
        await mapping.wake_latch.latch_promise


async def map_directory(mapping, task):
    """Settle one directory: its record, or a fetch; then commit what it found. Its place
    is free when its fetch ends, or once a record standing in has queued its children."""
    try:
        await settle_for_map(mapping, task)
    finally:
        if task['decision'] == HIT:
            free_place(mapping)


async def settle_for_map(mapping, task):
    root = mapping.root_dir
    item = task['item']
    try:
        listing = task['record']
        if task['decision'] != HIT:
            fetched = await run_in_pool(mapping.fetch_pool, lambda: request_listing(root, item['url']))
            free_place(mapping)
            if fetched.retry_after != None:
                hold_map(mapping, task, fetched.retry_after)
                return
            if fetched.listing_read == None:
                fail_task(mapping, task, fetched.fetch_problem)
                return
            listing = new_record(item['url'], item['mtime'], root.mtime_precision,
                                 fetched.listing_read, fetched.date_sent if fetched.date_sent != None
                                 else server_now(root), listing)
        total = listing_sum(listing['entries'])
        step = loop_step(item, total)
        follow = listing['entries']
        loop = ''
        if step['period'] > 0:
            # Followed along the path back to itself only: to the child that led from the
            # ancestor it repeats towards it.
            loop = ancestor_url(mapping, item['url'], item['depth'] - step['period'])
            ahead = ancestor_url(mapping, item['url'], item['depth'] - step['period'] + 1)
            follow = []
            for entry in listing['entries']:
                if entry_url(loop, entry) == ahead:
                    follow.append(entry)
            if len(follow) == 0:
                step = NO_LOOP
                follow = listing['entries']
                loop = ''
        steps = []
        if loop != listing['loopOf'] or task['decision'] != HIT:
            listing['loopOf'] = loop
            steps.append({'store': 'records', 'put': listing})
        if loop != '':
            mapping.suspect_records[dict_key(item['url'])] = listing
        children = []
        if step['repeats'] < LOOP_LEVELS and mapping.map_state != STOPPED:
            sums = part(item['sums'], 0)
            sums.append(total)
            children = found_items(mapping, item['url'], item['depth'], follow, sums, step)
        if item['repeats'] > 0 and step['repeats'] <= 1:
            await release_above(mapping, item, steps, children)
    except JSError as error:
        # Something unforeseen: the directory fails, the map goes on.
        fail_task(mapping, task, problem_of(error))
        return
    mapping.failures_in_row = 0
    mapping.hold_seconds = 0
    mapping.done_count += 1
    mapping.entry_count += len(listing['entries'])
    for entry in listing['entries']:
        if entry['type'] == 'file' and entry['size'] != None:
            mapping.byte_count += entry['size']
    for child in children:
        steps.append({'store': 'frontier', 'put': child})
    steps.append({'store': 'frontier', 'drop': item['key']})
    await write_steps(mapping, steps)
    await queue_items(mapping, children)
    mapping.on_change()
    wake(mapping)


async def take_turn(mapping):
    """Let the page draw and answer before the next piece of work, where it is seen: a
    hidden tab's timers wait a second or more."""
    adapters = mapping.root_dir.io_adapters
    if adapters.is_visible():
        await adapters.wait_seconds(0)


def free_place(mapping):
    mapping.fetch_count -= 1
    wake(mapping)


def hold_map(mapping, task, seconds):
    """A 429 or 503: no request of the map starts for the seconds it asks (0: unsaid, then
    a back-off that doubles), and the directory is asked for again first."""
    mapping.hold_seconds = seconds if seconds > 0 else min(LONGEST_WAIT, max(1, mapping.hold_seconds * 2))
    mapping.hold_until = max(mapping.hold_until, mapping.root_dir.io_adapters.clock_now()
                             + mapping.hold_seconds)
    tasks = [task]
    for waiting in mapping.urgent_tasks:
        tasks.append(waiting)
    mapping.urgent_tasks = tasks
    wake(mapping)


def fail_task(mapping, task, problem):
    """A directory with no listing: it counts as failed and stays in the frontier for a
    resume; failures in a row stop the map with their likely cause."""
    mapping.failed_count += 1
    mapping.done_count += 1
    mapping.failures_in_row += 1
    mapping.failure_problems.append(problem)
    mapping.failed_steps.append({'store': 'frontier', 'drop': task['item']['key']})
    if mapping.failures_in_row >= FAILURES_IN_A_ROW:
        stop_map(mapping, map_failing(mapping.failures_in_row, likely_cause(mapping.failure_problems)))
    mapping.on_change()
    wake(mapping)


async def write_steps(mapping, steps):
    """Commit steps (one directory's, whole) with the map's record; those that come while a
    commit runs go in the next transactions, STEPS_AT_ONCE at most to each unless one
    directory's are more. Transactions commit in order, so a directory's record never
    commits before the frontier item its parent's listing added."""
    mapping.unwritten_steps.append(steps)
    if mapping.is_writing:
        return
    mapping.is_writing = True
    try:
        store = await mapping.store_ready
        while len(mapping.unwritten_steps) > 0:
            batch = []
            waiting = mapping.unwritten_steps
            while len(waiting) > 0 and (len(batch) == 0 or len(batch) + len(waiting[0]) <= STEPS_AT_ONCE):
                for step in waiting[0]:
                    batch.append(step)
                remove_at(waiting, 0)
            batch.append({'store': 'maps', 'put': map_value(mapping)})
            await store.apply_steps(batch)
    except JSError as error:
        stop_map(mapping, problem_of(error))
    finally:
        mapping.is_writing = False


def loop_step(item, total):
    """Where the directory of item, whose listing sums to total, stands on a loop: period,
    the levels up to the ancestor its listing repeats (0: none), and repeats, how many
    listings in a row along its path, its own the last, repeat those a period above. A
    chain of them goes on at its period, else starts at the nearest ancestor alike."""
    depth = item['depth']
    if item['period'] > 0 and item['sums'][depth - item['period']] == total:
        return {'period': item['period'], 'repeats': item['repeats'] + 1}
    for period in range(1, depth + 1):
        if item['sums'][depth - period] == total:
            return {'period': period, 'repeats': 1}
    return NO_LOOP


def ancestor_url(mapping, url, depth):
    """The directory on url's path depth levels below the root."""
    end = len(mapping.root_dir.root_url)
    for _ in range(depth):
        end = url.find('/', end) + 1
    return part(url, 0, end)


async def release_above(mapping, item, steps, children):
    """The directories above item taken for a loop that its listing disproves: real, so
    each loses its loopOf and the rest of its listing is read (their records put and
    frontier items found added to steps and children)."""
    urls = []
    for depth in range(item['depth'] - item['repeats'], item['depth']):
        urls.append(ancestor_url(mapping, item['url'], depth))
    # Those of this tab's run, whose commit may still wait; a resume's, from the store.
    records = await read_store(mapping.store_ready, lambda store: store.read_records(urls), {})
    for at in range(len(urls)):
        url = urls[at]
        key = dict_key(url)
        record = mapping.suspect_records[key] if key in mapping.suspect_records else \
            records[key] if key in records and not is_exactly(records[key], DAMAGED) else None
        if record != None:
            record['loopOf'] = ''
            steps.append({'store': 'records', 'put': record})
            depth = item['depth'] - item['repeats'] + at
            ahead = ancestor_url(mapping, item['url'], depth + 1)
            others = []
            for entry in record['entries']:
                if entry_url(url, entry) != ahead:
                    others.append(entry)
            for child in found_items(mapping, url, depth, others, part(item['sums'], 0, depth + 1),
                                     NO_LOOP):
                children.append(child)


def listing_sum(entries):
    """A number that tells listings apart: of each entry's href, mtime and size."""
    text = ''
    for entry in entries:
        text += entry['href'] + ' ' + str(entry['mtime']) + ' ' + str(entry['size']) + '/'
    return text_sum(text)


def map_shown(mapping):
    """What the screen shows of the map: {state ('' for none), done, known, failed, entries,
    text (how far it is), said (the same for the status line once it ran: '' or ' · …'),
    offer (the map button's words), note (why it stopped short, or ''), elsewhere}."""
    state = mapping.map_state
    active = is_active(mapping)
    age = '' if active or mapping.ended_at == None else \
        format_age(server_now(mapping.root_dir) - mapping.ended_at)
    # What a resume would fetch: the frontier kept, as the counts committed with it say.
    left = mapping.known_count - mapping.done_count + mapping.failed_count if state == STOPPED else None
    text = '' if state == '' else map_text(mapping.done_count, mapping.known_count,
                                           mapping.failed_count, age, left)
    if active and not mapping.is_elsewhere:
        seconds = mapping.root_dir.io_adapters.clock_now() - mapping.run_clock
        rate = (mapping.done_count - mapping.run_done) / seconds if seconds > 1 else 0
        text += map_pace(mapping.entry_count, rate, (mapping.known_count - mapping.done_count)
                         / rate if rate > 0 else 0)
    if mapping.is_elsewhere:
        text = MAP_ELSEWHERE + text
    return {'state': state, 'done': mapping.done_count, 'known': mapping.known_count,
            'failed': mapping.failed_count, 'entries': mapping.entry_count, 'text': text,
            'said': '' if active or state == '' else ' · ' + text,
            'offer': map_offer(0 if left == None else left),
            'note': mapping.stop_reason, 'elsewhere': mapping.is_elsewhere}


def pause_map(mapping):
    if mapping.map_state == RUNNING:
        mapping.map_state = PAUSED
        mapping.on_change()


def resume_map(mapping):
    if mapping.map_state == PAUSED:
        mapping.map_state = RUNNING
        mapping.on_change()
        wake(mapping)


def stop_map(mapping, reason):
    """Stop the map: no request starts any more; the frontier stays for a resume."""
    mapping.is_elsewhere = False
    if not is_active(mapping):
        return
    mapping.map_state = STOPPED
    mapping.ended_at = server_now(mapping.root_dir)
    mapping.stop_reason = reason
    mapping.urgent_tasks = []
    mapping.later_tasks = []
    started(write_steps(mapping, []))
    mapping.on_change()
    wake(mapping)
