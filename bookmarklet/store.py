"""Where records live: IndexedDB, or memory when the browser refuses it. JavaScript side only.

Both stores answer the same calls with Promises. What IndexedDB hands back
is checked by freshness.stored_record before anyone trusts it.
"""

from bookmarklet.portable import JSError, dict_key, drop_key, is_number
from bookmarklet.freshness import stored_record, level_one_urls
from bookmarklet.words import DATABASE

# The IndexedDB version: raise it with a new step in upgrade() when the stores change.
VERSION = 1
OPEN_TIMEOUT_MS = 3000


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
        fail = lambda event: reject(transaction.error or 'aborted')
        transaction.oncomplete = lambda event: resolve(True)
        transaction.onerror = fail
        transaction.onabort = fail
    return __new__(Promise(executor))


def within(promise, milliseconds, message):
    """promise, or a rejection with message once milliseconds have passed."""
    def executor(resolve, reject):
        setTimeout(lambda: reject(__new__(Error(message))), milliseconds)
    return Promise.race([promise, __new__(Promise(executor))])


def upgrade(database, old_version):
    """Bring the object stores from old_version to VERSION, one step at a time."""
    if old_version < 1:
        database.createObjectStore('records', {'keyPath': 'url'})
        database.createObjectStore('visits', {'keyPath': 'root'})


def open_database(factory, message):
    """A Promise of the database at VERSION, rejected with message after OPEN_TIMEOUT_MS.

    An open blocked by another tab may still succeed once given up on: that
    connection is closed at once, or it would block every later upgrade."""
    request = factory.open(DATABASE, VERSION)
    request.onupgradeneeded = lambda event: upgrade(request.result, event.oldVersion)
    opened = request_done(request)
    late = lambda error: opened.then(lambda database: database.close()) and Promise.reject(error)
    return within(opened, OPEN_TIMEOUT_MS, message).then(None, late)


async def open_store():
    """The IndexedDB store, or a memory store saying why IndexedDB could not be had."""
    try:
        factory = globalThis.indexedDB
        if factory == None:
            return MemoryStore('this browser offers no IndexedDB here')
        database = await open_database(factory, 'another tab holds an older version of the cache open')
        if not database.objectStoreNames.contains('records') \
                or not database.objectStoreNames.contains('visits'):
            # Created by something else at our version: start it over.
            database.close()
            await request_done(factory.deleteDatabase(DATABASE))
            database = await open_database(factory, 'the cache could not be recreated')
        # A newer version opened elsewhere (or the cache deleted) must not wait on
        # this page; the reads after that find nothing, the writes fail and say so.
        database.onversionchange = lambda event: database.close()
        return IndexedStore(database)
    except JSError as error:
        return MemoryStore('IndexedDB refused (' + str(error) + ')')


class IndexedStore:
    """Records keyed by directory URL, and each root's last visit, in IndexedDB.

    A read that fails (the database closed under the page, a damaged store)
    answers as if nothing were kept, so the listing is fetched instead.
    """

    def __init__(self, database):
        self.database = database
        self.persistent = True
        self.reason = ''

    def objects(self, name, mode):
        transaction = self.database.transaction(name, mode)
        return [transaction, transaction.objectStore(name)]

    def answer(self, name, ask, fallback):
        """A Promise of the result of ask(object store), or fallback when it cannot be read."""
        try:
            request = ask(self.objects(name, 'readonly')[1])
        except JSError:
            return Promise.resolve(fallback)
        return request_done(request).then(None, lambda error: fallback)

    async def read(self, url):
        """The record for url, or None (also for one from another schema or damaged)."""
        return stored_record(await self.answer('records', lambda store: store.js_get(url), None), url)

    async def write(self, record):
        found = self.objects('records', 'readwrite')
        found[1].put(record)
        await transaction_done(found[0])

    async def remove(self, urls):
        found = self.objects('records', 'readwrite')
        for url in urls:
            found[1].delete(url)
        await transaction_done(found[0])

    async def level_one_urls(self, root_url):
        """The URLs of the records kept for directories directly below root_url."""
        keys = await self.answer('records', lambda store: store.getAllKeys(
            IDBKeyRange.bound(root_url, root_url + '\uffff')), [])
        return level_one_urls(keys, root_url)

    async def read_visit(self, root_url):
        """The server time of the previous visit of root_url, or None."""
        value = await self.answer('visits', lambda store: store.js_get(root_url), None)
        if value == None or not is_number(value['visitedAt']):
            return None
        return value['visitedAt']

    async def write_visit(self, root_url, visited_at):
        found = self.objects('visits', 'readwrite')
        found[1].put({'root': root_url, 'visitedAt': visited_at})
        await transaction_done(found[0])

    async def forget(self, root_url):
        """Drop every record below root_url and its visit."""
        await self.remove(await self.level_one_urls(root_url))
        found = self.objects('visits', 'readwrite')
        found[1].delete(root_url)
        await transaction_done(found[0])


class MemoryStore:
    """The same calls, kept for this session only."""

    def __init__(self, reason):
        self.persistent = False
        self.reason = reason
        self.records = {}
        self.visits = {}

    async def read(self, url):
        key = dict_key(url)
        return self.records[key] if key in self.records else None

    async def write(self, record):
        self.records[dict_key(record['url'])] = record

    async def remove(self, urls):
        for url in urls:
            key = dict_key(url)
            if key in self.records:
                drop_key(self.records, key)

    async def level_one_urls(self, root_url):
        urls = []
        for key in self.records.keys():
            urls.append(self.records[key]['url'])
        return level_one_urls(urls, root_url)

    async def read_visit(self, root_url):
        key = dict_key(root_url)
        return self.visits[key] if key in self.visits else None

    async def write_visit(self, root_url, visited_at):
        self.visits[dict_key(root_url)] = visited_at

    async def forget(self, root_url):
        await self.remove(await self.level_one_urls(root_url))
        key = dict_key(root_url)
        if key in self.visits:
            drop_key(self.visits, key)
