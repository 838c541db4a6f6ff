"""Where records live: IndexedDB, or memory when the browser refuses it.

Both stores are objects of the same functions, each giving a Promise:
read_records(urls), write_records(records) (in one transaction), remove_urls(urls),
level_one_urls(root_url), records_below(root_url), read_visit(root_url),
write_visit(root_url, visited_at), forget_root(root_url),
read_sizes() ([{url, bytes}] of every record), read_visits() ([{root, visitedAt}]),
remove_visits(roots), read_choices() and write_choices(choices) (what a person chose,
for every root), read_map(root_url) and read_frontier(root_url) (a map's record and the
frontier items left, crawl/mapping.py), apply_steps(steps) (puts and drops over several object
stores in one transaction: [{store, put: value} or {store, drop: key}]);
is_persistent says whether records outlive the tab, uncached_reason why not. Whatever
IndexedDB hands back is checked by checked.py, on every path that reads it,
before anyone trusts it: a damaged record reads as checked.DAMAGED, a damaged
visit or choice as none. The memory store runs under CPython too.

Each store is written once (new_store) over its tables: read_values(name, keys)
(a value or None for each key), found_below(name, root, keys) (the keys, or the
values, of the keys starting with root), put_values(name, values),
delete_keys(name, keys), apply_steps(steps) and read_sizes(), where name is an object
store: records, visits, choices, frontier or maps.
"""

from bookmarklet.portable import JSError, Problem, new_object, dict_key, drop_key, keys_of, \
    problem_of, record_field, is_record, is_text, is_exactly
from bookmarklet.cache.records import level_one_urls
from bookmarklet.cache.checked import DAMAGED, stored_record, stored_visit, stored_choices, \
    sound_visits, is_path_below, stored_frontier, stored_map, frontier_key
from bookmarklet.words import DATABASE

# The IndexedDB version: raise it with a new step in upgrade() when the stores change.
VERSION = 4
RECORDS = 'records'
VISITS = 'visits'
CHOICES = 'choices'
FRONTIER = 'frontier'
MAPS = 'maps'
STORES = [RECORDS, VISITS, CHOICES, FRONTIER, MAPS]
# How long an open or a read may wait: a page another holds the store open or busy in (an
# older version, a transaction of a page kept for the back button) must not hold this one.
WAIT_MS = 3000


def key_path(name):
    """The field a value of the object store name is kept under (its IndexedDB keyPath);
    None for choices, whose one value is kept under CHOICES."""
    return 'url' if name == RECORDS else 'key' if name == FRONTIER else None if name == CHOICES \
        else 'root'


def new_store(persistent, reason, tables):
    """The store's functions over its tables (module docstring)."""
    store = new_object()
    store.is_persistent = persistent
    store.uncached_reason = reason
    store.read_records = lambda urls: read_records(tables, urls)
    store.write_records = lambda records: tables.put_values(RECORDS, records)
    store.remove_urls = lambda urls: tables.delete_keys(RECORDS, urls)
    store.level_one_urls = lambda root_url: read_level_one_urls(tables, root_url)
    store.records_below = lambda root_url: read_records_below(tables, root_url)
    store.read_visit = lambda root_url: read_visit(tables, root_url)
    store.write_visit = lambda root_url, visited_at: tables.put_values(
        VISITS, [{'root': root_url, 'visitedAt': visited_at}])
    store.forget_root = lambda root_url: drop_root(tables, root_url)
    store.read_sizes = tables.read_sizes
    store.read_visits = lambda: read_visits(tables)
    store.remove_visits = lambda roots: tables.delete_keys(VISITS, roots)
    store.read_choices = lambda: read_choices(tables)
    store.write_choices = lambda choices: tables.put_values(CHOICES, [choices])
    store.read_map = lambda root_url: read_map(tables, root_url)
    store.read_frontier = lambda root_url: read_frontier(tables, root_url)
    store.apply_steps = tables.apply_steps
    return store


async def read_records(tables, urls):
    """{dict_key(url): record} for those urls with a record: the records of a page's
    directories, read together in one transaction; checked.DAMAGED for one that cannot be
    trusted."""
    values = await tables.read_values(RECORDS, urls)
    found = {}
    for index in range(0, len(urls)):
        record = stored_record(values[index], urls[index])
        if record != None:
            found[dict_key(urls[index])] = record
    return found


async def read_level_one_urls(tables, root_url):
    """The URLs of the records kept for directories directly below root_url."""
    return level_one_urls(await tables.found_below(RECORDS, root_url, True), root_url)


async def read_records_below(tables, root_url):
    """Every trusted record of a directory below root_url, at any depth: what a search of
    the tree reads, once. One that is damaged is left out, and stays until its directory
    is fetched again and written over it."""
    found = []
    for value in await tables.found_below(RECORDS, root_url, False):
        url = record_field(value, 'url') if is_record(value) else None
        record = stored_record(value, url) if is_text(url) and is_path_below(url, root_url) \
            else DAMAGED
        if not is_exactly(record, DAMAGED):
            found.append(record)
    return found


async def read_visit(tables, root_url):
    """The server time of the previous visit of root_url, or None."""
    values = await tables.read_values(VISITS, [root_url])
    return stored_visit(values[0], root_url)


async def read_visits(tables):
    """Every sound visit kept ({root, visitedAt}): what the cache's bounds weigh."""
    return sound_visits(await tables.found_below(VISITS, '', False))


async def read_choices(tables):
    """The choices kept ({pageSize, scope}), or None."""
    values = await tables.read_values(CHOICES, [CHOICES])
    return stored_choices(values[0])


async def read_map(tables, root_url):
    """The map kept for root_url, or None."""
    values = await tables.read_values(MAPS, [root_url])
    return stored_map(values[0], root_url)


async def read_frontier(tables, root_url):
    """The frontier items kept for the map of root_url."""
    return stored_frontier(await tables.found_below(FRONTIER, frontier_key(root_url, ''), False), root_url)


async def drop_root(tables, root_url):
    """Drop every record below root_url at any depth, its own, its visit, and its map."""
    steps = [{'store': VISITS, 'drop': root_url}, {'store': MAPS, 'drop': root_url}]
    for url in await tables.found_below(RECORDS, root_url, True):
        steps.append({'store': RECORDS, 'drop': url})
    for key in await tables.found_below(FRONTIER, frontier_key(root_url, ''), True):
        steps.append({'store': FRONTIER, 'drop': key})
    await tables.apply_steps(steps)


# IndexedDB ----------------------------------------------------------------
#
# A read that cannot be done (the database closed under the page, a damaged
# store) rejects: every reader takes that as nothing kept, and fetches.

async def open_store():
    """The IndexedDB store, or a memory store saying why IndexedDB could not be had."""
    try:
        factory = globalThis.indexedDB
        if factory == None:
            return memory_store('no IndexedDB here')
        database = await open_database(factory, 'another tab holds an older cache open')
        for name in STORES:
            if not database.objectStoreNames.contains(name):
                # Created by something else at our version: start it over (made anew,
                # it holds every store).
                database.close()
                await settled(factory.deleteDatabase(DATABASE))
                database = await open_database(factory, 'the cache could not be recreated')
        # A newer version opened elsewhere (or the cache deleted) must not wait on
        # this page; the reads after that read as nothing kept, the writes say they failed.
        database.onversionchange = lambda event: database.close()
        return new_store(True, '', indexed_tables(database))
    except JSError as error:
        return refused_store(error)


def refused_store(error):
    """A memory store, saying the error that kept IndexedDB from opening."""
    return memory_store('IndexedDB refused (' + problem_of(error) + ')')


def indexed_tables(database):
    """The tables of an open database: its object stores."""
    tables = new_object()
    tables.read_values = lambda name, keys: in_one_transaction(
        database, name, 'readonly', lambda kept, key: kept.js_get(key), keys)
    tables.found_below = lambda name, root, keys: in_one_transaction(
        database, name, 'readonly', lambda kept, root: kept['getAllKeys' if keys else 'getAll'](
            IDBKeyRange.bound(root, root + '\uffff')), [root]).then(lambda found: found[0])
    tables.put_values = lambda name, values: in_one_transaction(
        database, name, 'readwrite', lambda kept, value: kept.put(value, CHOICES) if name == CHOICES
        else kept.put(value), values)
    tables.delete_keys = lambda name, keys: in_one_transaction(
        database, name, 'readwrite', lambda kept, key: kept.delete(key), keys)
    tables.read_sizes = lambda: read_sizes(database)
    tables.apply_steps = lambda steps: change_in(database, steps)
    return tables


def change_in(database, steps):
    """Apply steps ({store, put} or {store, drop}) in one transaction: a Promise of its
    commit."""
    names = {}
    for step in steps:
        names[step['store']] = True
    transaction = new_transaction(database, keys_of(names), 'readwrite')
    for step in steps:
        kept = transaction.objectStore(step['store'])
        if 'put' in step:
            kept.put(step['put'])
        else:
            kept.delete(step['drop'])
    return settled(transaction)


def settled(target):
    """A Promise of an IDBRequest's result, or of an IDBTransaction's commit: each fires
    one of success and complete. It fails with a Problem, also for a transaction aborted
    by script, which carries no error of its own and still needs a reason to show."""
    def executor(resolve, reject):
        done = lambda event: resolve(target.result)
        fail = lambda event: reject(Problem(String(target.error or 'the write was aborted')))
        target.onsuccess = done
        target.oncomplete = done
        target.onerror = fail
        target.onabort = fail
    return __new__(Promise(executor))


def upgrade(database, transaction, old_version):
    """Bring the object stores from old_version to VERSION, one step at a time."""
    if old_version < 1:
        for name in [RECORDS, VISITS]:
            database.createObjectStore(name, {'keyPath': key_path(name)})
    # A database something else made at version 1 has no stores: open_store starts it over.
    if old_version < 2 and database.objectStoreNames.contains(RECORDS):
        # Records say their size (the cache's bounds, eviction.py), read through an index
        # without their entries. Older records hold names as text, not bytes: dropped.
        records = transaction.objectStore(RECORDS)
        records.js_clear()
        records.createIndex('bytes', 'bytes')
    if old_version < 3:
        database.createObjectStore(CHOICES)
    if old_version < 4:
        for name in [FRONTIER, MAPS]:
            database.createObjectStore(name, {'keyPath': key_path(name)})
        # Records of schema 3 keep what is gone and a map's loops: older ones are dropped.
        if old_version >= 2 and database.objectStoreNames.contains(RECORDS):
            transaction.objectStore(RECORDS).js_clear()


def within_wait(promise, message):
    """promise, or a Promise rejected with message after WAIT_MS."""
    def give_up(resolve, reject):
        setTimeout(lambda: reject(Problem(message)), WAIT_MS)
    return Promise.race([promise, __new__(Promise(give_up))])


def open_database(factory, message):
    """A Promise of the database at VERSION, rejected with message after WAIT_MS.

    An open blocked by another tab may still succeed once given up on: that
    connection is closed at once, or it would block every later upgrade. An open that
    fails is said once, by the Promise returned."""
    request = factory.open(DATABASE, VERSION)
    request.onupgradeneeded = lambda event: upgrade(request.result, request.transaction,
                                                    event.oldVersion)
    opened = settled(request)
    late = lambda error: opened.then(lambda database: database.close(), lambda failed: None) \
        and Promise.reject(error)
    return within_wait(opened, message).then(None, late)


def new_transaction(database, names, mode):
    """A transaction over the object stores names, aborted if the page is left before it
    ends: WebKit keeps a page left for the back button with its transactions suspended,
    and each then holds every later page's. A write dropped so is fetched again."""
    transaction = database.transaction(names, mode)

    def leave(event):
        try:
            transaction.abort()
        except JSError:
            pass  # committing already
    globalThis.addEventListener('pagehide', leave)
    ended = lambda event: globalThis.removeEventListener('pagehide', leave)
    transaction.addEventListener('complete', ended)
    transaction.addEventListener('abort', ended)
    return transaction


def object_store(database, name, mode):
    """An object store in a new transaction of its own."""
    return new_transaction(database, name, mode).objectStore(name)


async def in_one_transaction(database, name, mode, ask, keys):
    """[ask(object store, key) for each key], asked in one transaction of mode: the result
    of each request, once a write commits or a read has its last answer (it fails when
    any request does)."""
    kept = object_store(database, name, mode)
    requests = []
    for key in keys:
        requests.append(ask(kept, key))
    # Requests answer in order, and a read's commit comes a task or more after its last
    # answer, which can put a frame between them; wave 2's requests wait for the first reads.
    # A read that waits too long is one that cannot be done: nothing kept, and no word.
    if mode == 'readonly' and len(requests) > 0:
        await within_wait(settled(requests[len(requests) - 1]), '')
    else:
        await settled(kept.transaction)
    found = []
    for request in requests:
        found.append(request.result)
    return found


async def read_sizes(database):
    """[{url, bytes}] for every record, read from the size index alone. The cursor moves on
    while its transaction is still active: in the microtasks of each success event."""
    found = []
    # index and continue by their quoted names: Transcrypt keeps js_index and
    # js_continue as they are, and the bundler would shorten them.
    request = object_store(database, RECORDS, 'readonly')['index']('bytes').openKeyCursor()
    while True:
        cursor = await settled(request)
        if cursor == None:
            return found
        found.append({'url': cursor.primaryKey, 'bytes': cursor.key})
        cursor['continue']()


# Memory -------------------------------------------------------------------

def memory_store(reason):
    """The same functions, kept for this session only; reason says why not in IndexedDB.
    A table in memory holds each value with its key under dict_key(key)."""
    kept = {}
    for name in STORES:
        kept[name] = {}

    async def read_values(name, keys):
        found = []
        for key in keys:
            found.append(kept[name][dict_key(key)].kept_value if dict_key(key) in kept[name]
                         else None)
        return found

    async def found_below(name, root, keys):
        found = []
        for key in keys_of(kept[name]):
            entry = kept[name][key]
            if entry.kept_key.startswith(root):
                found.append(entry.kept_key if keys else entry.kept_value)
        return found

    async def put_values(name, values):
        for value in values:
            entry = new_object()
            entry.kept_key = CHOICES if name == CHOICES else value[key_path(name)]
            entry.kept_value = value
            kept[name][dict_key(entry.kept_key)] = entry

    async def delete_keys(name, keys):
        for key in keys:
            drop_key(kept[name], dict_key(key))

    async def change(steps):
        for step in steps:
            if 'put' in step:
                await put_values(step['store'], [step['put']])
            else:
                await delete_keys(step['store'], [step['drop']])

    tables = new_object()
    tables.read_values = read_values
    tables.found_below = found_below
    tables.put_values = put_values
    tables.delete_keys = delete_keys
    tables.apply_steps = change
    # A record says its own url and bytes: all read_sizes gives of each.
    tables.read_sizes = lambda: found_below(RECORDS, '', False)
    return new_store(False, reason, tables)
