"""Where records live: IndexedDB, or memory when the browser refuses it.

Both stores are objects of the same functions, each giving a Promise:
read_records(urls), write(record), remove(urls), level_one_urls(root_url),
records_below(root_url),
read_visit(root_url), write_visit(root_url, visited_at), forget(root_url),
read_sizes() ([{url, bytes}] of every record), read_visits() ([{root, visitedAt}]),
remove_visits(roots), read_choices() and write_choices(choices) (what a person chose,
for every root);
persistent says whether records outlive the tab, reason why not. What
IndexedDB hands back is checked by freshness.stored_record before anyone
trusts it. The memory store runs under CPython too.
"""

from bookmarklet.portable import JSError, Problem, new_object, dict_key, drop_key, keys_of, \
    is_number, is_record, problem_of, record_field
from bookmarklet.freshness import stored_record, level_one_urls
from bookmarklet.words import DATABASE

# The IndexedDB version: raise it with a new step in upgrade() when the stores change.
VERSION = 3
CHOICES = 'choices'
OPEN_TIMEOUT_MS = 3000


def new_store(persistent, reason):
    """A store's common facts; open_store and memory_store add the functions."""
    store = new_object()
    store.persistent = persistent
    store.reason = reason
    return store


async def open_store():
    """The IndexedDB store, or a memory store saying why IndexedDB could not be had."""
    try:
        factory = globalThis.indexedDB
        if factory == None:
            return memory_store('this browser offers no IndexedDB here')
        database = await open_database(factory, 'another tab holds an older version of the cache open')
        if not database.objectStoreNames.contains('records') \
                or not database.objectStoreNames.contains('visits') \
                or not database.objectStoreNames.contains(CHOICES):
            # Created by something else at our version: start it over.
            database.close()
            await request_done(factory.deleteDatabase(DATABASE))
            database = await open_database(factory, 'the cache could not be recreated')
        # A newer version opened elsewhere (or the cache deleted) must not wait on
        # this page; the reads after that find nothing, the writes fail and say so.
        database.onversionchange = lambda event: database.close()
        return indexed_store(database)
    except JSError as error:
        return memory_store('IndexedDB refused (' + problem_of(error) + ')')


# IndexedDB ----------------------------------------------------------------
#
# A read that fails (the database closed under the page, a damaged store)
# answers as if nothing were kept, so the listing is fetched instead.

def indexed_store(database):
    """Records keyed by directory URL, and each root's last visit, in IndexedDB."""
    store = new_store(True, '')
    store.read_records = lambda urls: read_records(database, urls)
    store.write = lambda record: changed(database, 'records', lambda records: records.put(record))
    store.remove = lambda urls: changed(database, 'records', lambda records: delete_all(records, urls))
    store.level_one_urls = lambda root_url: read_level_one_urls(database, root_url)
    store.records_below = lambda root_url: read_records_below(database, root_url)
    store.read_visit = lambda root_url: read_visit(database, root_url)
    store.write_visit = lambda root_url, visited_at: changed(
        database, 'visits', lambda visits: visits.put({'root': root_url, 'visitedAt': visited_at}))
    store.forget = lambda root_url: forget(database, root_url)
    store.read_sizes = lambda: read_sizes(database)
    store.read_visits = lambda: read_all_visits(database)
    store.remove_visits = lambda roots: changed(database, 'visits',
                                                lambda visits: delete_all(visits, roots))
    store.read_choices = lambda: read_choices(database)
    store.write_choices = lambda choices: changed(database, CHOICES,
                                                  lambda kept: kept.put(choices, CHOICES))
    return store


def request_done(request):
    """A Promise of an IDBRequest's result."""
    def executor(resolve, reject):
        request.onsuccess = lambda event: resolve(request.result)
        request.onerror = lambda event: reject(request.error)
    return __new__(Promise(executor))


def transaction_done(transaction):
    """A Promise that settles when a transaction commits (or fails, or aborts: an abort
    by script carries no error of its own, and still needs a reason to show)."""
    def executor(resolve, reject):
        fail = lambda event: reject(Problem(String(transaction.error or 'the write was aborted')))
        transaction.oncomplete = lambda event: resolve(True)
        transaction.onerror = fail
        transaction.onabort = fail
    return __new__(Promise(executor))


def within(promise, milliseconds, message):
    """promise, or a rejection with message once milliseconds have passed."""
    def executor(resolve, reject):
        setTimeout(lambda: reject(__new__(Error(message))), milliseconds)
    return Promise.race([promise, __new__(Promise(executor))])


def upgrade(database, transaction, old_version):
    """Bring the object stores from old_version to VERSION, one step at a time."""
    if old_version < 1:
        database.createObjectStore('records', {'keyPath': 'url'})
        database.createObjectStore('visits', {'keyPath': 'root'})
    # A database something else made at version 1 has no stores: open_store starts it over.
    if old_version < 2 and database.objectStoreNames.contains('records'):
        # Records say their size (the cache's bounds, eviction.py), read through an index
        # without their entries. Older records hold names as text, not bytes: dropped.
        records = transaction.objectStore('records')
        records.js_clear()
        records.createIndex('bytes', 'bytes')
    if old_version < 3:
        database.createObjectStore(CHOICES)


def open_database(factory, message):
    """A Promise of the database at VERSION, rejected with message after OPEN_TIMEOUT_MS.

    An open blocked by another tab may still succeed once given up on: that
    connection is closed at once, or it would block every later upgrade."""
    request = factory.open(DATABASE, VERSION)
    request.onupgradeneeded = lambda event: upgrade(request.result, request.transaction,
                                                    event.oldVersion)
    opened = request_done(request)
    late = lambda error: opened.then(lambda database: database.close()) and Promise.reject(error)
    return within(opened, OPEN_TIMEOUT_MS, message).then(None, late)


def objects(database, name, mode):
    """{transaction, store}: a new transaction on one object store, and that store."""
    transaction = database.transaction(name, mode)
    return {'transaction': transaction, 'store': transaction.objectStore(name)}


async def changed(database, name, change):
    """Run change(object store) in one read-write transaction; settles when it commits."""
    found = objects(database, name, 'readwrite')
    change(found['store'])
    await transaction_done(found['transaction'])


def delete_all(records, urls):
    for url in urls:
        records.delete(url)


def answers(database, name, ask, keys, fallback):
    """A Promise of [ask(object store, key) for each key], all in one transaction; fallback
    for each answer that cannot be had."""
    try:
        found = objects(database, name, 'readonly')['store']
        requests = []
        for key in keys:
            requests.append(request_done(ask(found, key)).then(None, lambda error: fallback))
        return Promise.all(requests)
    except JSError:
        return Promise.resolve([])


async def read_records(database, urls):
    """{dict_key(url): record} for those urls with a record that can be trusted: the
    records of a page's directories, read together in one transaction."""
    values = await answers(database, 'records', lambda records, url: records.js_get(url), urls, None)
    found = {}
    for index in range(0, len(values)):
        record = stored_record(values[index], urls[index])
        if record != None:
            found[dict_key(urls[index])] = record
    return found


async def read_level_one_urls(database, root_url):
    """The URLs of the records kept for directories directly below root_url."""
    keys = await answers(database, 'records', lambda records, root: records.getAllKeys(below(root)),
                         [root_url], [])
    return level_one_urls(keys[0] if len(keys) > 0 else [], root_url)


def below(root_url):
    """The keys of every URL that starts with root_url."""
    return IDBKeyRange.bound(root_url, root_url + '\uffff')


async def read_records_below(database, root_url):
    """Every trusted record of a directory below root_url, at any depth: what a search of
    the tree reads, once."""
    values = await answers(database, 'records', lambda records, root: records.getAll(below(root)),
                           [root_url], [])
    return trusted(values[0] if len(values) > 0 else [])


def trusted(values):
    found = []
    for value in values:
        record = stored_record(value, record_field(value, 'url'))
        if record != None:
            found.append(record)
    return found


async def read_visit(database, root_url):
    """The server time of the previous visit of root_url, or None."""
    values = await answers(database, 'visits', lambda visits, root: visits.js_get(root),
                           [root_url], None)
    value = values[0] if len(values) > 0 else None
    if value == None or not is_number(value['visitedAt']):
        return None
    return value['visitedAt']


def read_sizes(database):
    """A Promise of [{url, bytes}] for every record, read from the size index alone."""
    def executor(resolve, reject):
        found = []
        # index and continue by their quoted names: Transcrypt keeps js_index and
        # js_continue as they are, and the bundler would shorten them.
        records = objects(database, 'records', 'readonly')['store']
        cursor = records['index']('bytes').openKeyCursor()
        cursor.onerror = lambda event: reject(cursor.error)
        cursor.onsuccess = lambda event: add_size(found, cursor.result, resolve)
    return __new__(Promise(executor))


def add_size(found, cursor, resolve):
    if cursor == None:
        resolve(found)
        return
    found.append({'url': cursor.primaryKey, 'bytes': cursor.key})
    cursor['continue']()


def read_all_visits(database):
    """A Promise of every root's visit {root, visitedAt}."""
    return request_done(objects(database, 'visits', 'readonly')['store'].getAll())


async def read_choices(database):
    """The choices kept, or None; what they hold is checked where they are used."""
    values = await answers(database, CHOICES, lambda kept, key: kept.js_get(key), [CHOICES], None)
    return values[0] if len(values) > 0 and is_record(values[0]) else None


async def forget(database, root_url):
    """Drop every record below root_url and its visit."""
    urls = await read_level_one_urls(database, root_url)
    await changed(database, 'records', lambda records: delete_all(records, urls))
    await changed(database, 'visits', lambda visits: visits.delete(root_url))


# Memory -------------------------------------------------------------------

def memory_store(reason):
    """The same functions, kept for this session only; reason says why not in IndexedDB."""
    store = new_store(False, reason)
    records = {}
    visits = {}
    choices = {}
    store.read_records = lambda urls: read_kept(records, urls)
    store.write = lambda record: keep_value(records, record['url'], record)
    store.remove = lambda urls: drop_kept(records, urls)
    store.level_one_urls = lambda root_url: kept_level_one_urls(records, root_url)
    store.records_below = lambda root_url: kept_below(records, root_url)
    store.read_visit = lambda root_url: read_kept_visit(visits, root_url)
    store.write_visit = lambda root_url, visited_at: keep_value(
        visits, root_url, {'root': root_url, 'visitedAt': visited_at})
    store.forget = lambda root_url: forget_kept(records, visits, root_url)
    store.read_sizes = lambda: kept_sizes(records)
    store.read_visits = lambda: kept_visits(visits)
    store.remove_visits = lambda roots: drop_kept(visits, roots)
    store.read_choices = lambda: read_kept_value(choices, CHOICES)
    store.write_choices = lambda chosen: keep_value(choices, CHOICES, chosen)
    return store


async def read_kept(values, keys):
    found = {}
    for key in keys:
        if dict_key(key) in values:
            found[dict_key(key)] = values[dict_key(key)]
    return found


async def read_kept_value(values, key):
    return values[dict_key(key)] if dict_key(key) in values else None


async def read_kept_visit(visits, root_url):
    visit = await read_kept_value(visits, root_url)
    return visit['visitedAt'] if visit != None else None


async def keep_value(values, key, value):
    values[dict_key(key)] = value


async def drop_kept(values, keys):
    for key in keys:
        drop_key(values, dict_key(key))


async def kept_level_one_urls(records, root_url):
    urls = []
    for key in keys_of(records):
        urls.append(records[key]['url'])
    return level_one_urls(urls, root_url)


async def kept_below(records, root_url):
    found = []
    for key in keys_of(records):
        if records[key]['url'].startswith(root_url):
            found.append(records[key])
    return found


async def forget_kept(records, visits, root_url):
    await drop_kept(records, await kept_level_one_urls(records, root_url))
    await drop_kept(visits, [root_url])


async def kept_sizes(records):
    found = []
    for key in keys_of(records):
        found.append({'url': records[key]['url'], 'bytes': records[key]['bytes']})
    return found


async def kept_visits(visits):
    found = []
    for key in keys_of(visits):
        found.append(visits[key])
    return found
