"""The click's crawl: wave 1 for the root, wave 2 for the directories of the page shown.

Wave 2 asks the cache first: a record that is still trustworthy is served
without a request. Every navigation starts a new generation; a wave-2 result
is always kept, but only the generation current when it arrives renders it,
so a slow answer from an earlier page never lands on the page now shown.
"""

from bookmarklet.portable import JSError, dict_key, drop_key, last_char
from bookmarklet.entries import ListingError
from bookmarklet.listing import read_listing
from bookmarklet.html_listing import read_html_listing
from bookmarklet.order import sorted_entries
from bookmarklet.paging import page_count, clamped_page, page_entries, matching_entries
from bookmarklet.display import likely_cause
from bookmarklet.names import child_url, listing_request_url
from bookmarklet.freshness import HIT, RECHECK, cache_decision, status_after_fetch, \
    new_record, same_mtime
from bookmarklet.pool import Pool
from bookmarklet.store import open_store
from bookmarklet.browser import fetch_listing, anchors_of_html, anchors_of_document, now_seconds
from bookmarklet.words import NEW


def directory_url_of(href):
    """The URL of the directory a page URL shows: no query or fragment, ending in '/'."""
    url = href
    for mark in ['#', '?']:
        at = url.find(mark)
        if at >= 0:
            url = url[:at]
    if last_char(url) != '/':
        url = url[:url.rfind('/') + 1]
    return url


def new_result(status, entries, problem, mtime):
    """A directory's settled state for this session: what its row shows.

    problem says why no listing could be had ('' when one was)."""
    message = ''
    if problem != '':
        message = ('Could not revalidate: ' if status == 'stale' else 'Not loaded: ') + problem
    return {'status': status, 'entries': entries, 'problem': problem, 'message': message,
            'mtime': mtime}


class Crawl:
    def __init__(self, page, settings, overlay_class):
        self.page = page
        self.settings = settings
        self.root_url = directory_url_of(page.location.href)
        self.entries = []
        self.shown = []
        self.query = ''
        self.precision = 1
        self.live = False
        self.current_page = 1
        self.size = settings['pageSize']
        self.generation = 0
        self.closed = False
        self.clock_offset = 0
        self.previous_visit = None
        self.store = None
        self.cache = None
        self.write_failed = False
        self.results = {}
        self.loads = {}
        self.wanted = {}
        self.timer = None
        self.polling = False
        self.pool = Pool(settings['maxConcurrentRequests'])
        self.overlay = overlay_class(page, settings, {
            'page': lambda step: self.go_to_page(self.current_page + step),
            'resize': lambda size: self.resize(size),
            'filter': lambda query: self.filter(query),
            'refresh': lambda url: self.refresh(url),
            'refreshStale': lambda: self.refresh_stale(),
            'forget': lambda: self.forget(),
            'close': lambda: self.close(),
        })
        self.overlay.show_root(self.root_url)

    def now(self):
        """The server's clock as best known: the client's, corrected by wave 1's Date."""
        return now_seconds() + self.clock_offset

    async def run(self):
        try:
            # Wave 1 needs no store, and page 1's rows need none either: the
            # store opens meanwhile, and each directory waits for it.
            self.cache = self.open_cache()
            root = await self.read_root()
            if root == None:
                return
            if not root['listing']['dated']:
                self.overlay.add_note('This server lists no dates: they are shown as unknown '
                                      + 'and entries are in name order.')
            self.precision = root['listing']['precision']
            self.live = root['live']
            self.list_entries(sorted_entries(root['listing']['entries']))
            self.show_page()
            await self.cache
            # Bookkeeping that changes nothing the page shows.
            if self.live:
                await self.keep(self.store.write_visit(self.root_url, self.now()))
                await self.keep(self.prune())
            if self.settings['refreshSeconds'] > 0 and not self.closed:
                self.timer = setInterval(lambda: self.poll(), self.settings['refreshSeconds'] * 1000)
        except JSError as error:
            self.overlay.show_status('broken', 0, 0, 0, 'Something went wrong: ' + str(error))

    async def open_cache(self):
        """Open the store and read this root's previous visit; the store, once both are done."""
        store = await open_store()
        if not store.persistent:
            self.overlay.add_note('Not caching: ' + store.reason + '.')
        self.previous_visit = await store.read_visit(self.root_url)
        self.store = store
        return store

    async def fetch_root(self):
        """{listing} from one request for the root, or {problem} saying why not."""
        response = await fetch_listing(listing_request_url(self.root_url, self.settings),
                                       self.settings['timeoutSeconds'])
        if not response['ok']:
            return {'problem': response['message']}
        if response['date'] != None:
            self.clock_offset = response['date'] - now_seconds()
        try:
            return {'listing': read_listing(response['contentType'], response['text'],
                                            anchors_of_html, self.settings)}
        except ListingError as error:
            return {'problem': error.message}

    async def read_root(self):
        """Wave 1: {listing, live} by one request, else from the page already open."""
        fetched = await self.fetch_root()
        if 'listing' in fetched:
            return {'listing': fetched['listing'], 'live': True}
        try:
            listing = read_html_listing(anchors_of_document(self.page.document),
                                        self.page.document.title, self.settings)
        except ListingError:
            self.overlay.show_status('broken', 0, 0, 0, 'This page cannot be read as a directory '
                                     + 'listing (' + fetched['problem'] + ').')
            return None
        self.overlay.add_note('The listing request failed (' + fetched['problem']
                               + '); showing the page as it was loaded.')
        return {'listing': listing, 'live': False}

    async def prune(self):
        """Drop the records of directories gone from the live root listing."""
        live = {}
        for entry in self.entries:
            if entry['type'] == 'directory':
                live[dict_key(self.url_of(entry))] = True
        gone = []
        for url in await self.store.level_one_urls(self.root_url):
            if not (dict_key(url) in live):
                gone.append(url)
        if len(gone) > 0:
            await self.store.remove(gone)

    async def keep(self, promise):
        """Wait for a store write; a failing store is reported once, never fatal."""
        try:
            await promise
        except JSError as error:
            if not self.write_failed:
                self.write_failed = True
                self.overlay.add_note('The cache could not be written (' + str(error)
                                      + '); listings are not kept.')
            return False
        return True

    def list_entries(self, entries):
        """Take a new sorted level-1 list, and the part of it the filter lets through."""
        self.entries = entries
        self.shown = matching_entries(entries, self.query)
        self.current_page = clamped_page(self.current_page, len(self.shown), self.size)
        if len(self.query) > 0:
            self.overlay.show_matches(str(len(self.shown)) + ' of ' + str(len(entries)) + ' match')
        else:
            self.overlay.show_matches('')

    def filter(self, query):
        self.query = query
        self.current_page = 1
        self.list_entries(self.entries)
        self.show_page()

    def go_to_page(self, page):
        self.current_page = clamped_page(page, len(self.shown), self.size)
        self.show_page()

    def resize(self, size):
        if size != None and size > 0:
            self.size = size
        self.current_page = 1
        self.show_page()

    def close(self):
        self.closed = True
        self.generation += 1
        if self.timer != None:
            clearInterval(self.timer)

    def directories_on(self, page):
        """The directory entries of a page of the current size."""
        found = []
        for entry in page_entries(self.shown, page, self.size):
            if entry['type'] == 'directory':
                found.append(entry)
        return found

    def url_of(self, entry):
        return child_url(self.root_url, entry['name'], True)

    def show_page(self):
        """Render the current page and settle its directories: cache first, then wave 2."""
        self.generation += 1
        generation = self.generation
        pages = page_count(len(self.shown), self.size)
        self.overlay.show_page(page_entries(self.shown, self.current_page, self.size),
                               self.root_url, self.current_page, pages, self.size, self.now())
        self.wanted = {}
        directories = self.directories_on(self.current_page)
        for entry in directories:
            self.wanted[dict_key(self.url_of(entry))] = True
        for entry in directories:
            self.show_directory(entry, generation)
        self.show_progress()

    def show_directory(self, entry, generation):
        url = self.url_of(entry)
        settled = self.settled_result(entry)
        if settled != None:
            self.show_result(url, settled, generation)
        else:
            self.result_of(entry, False).then(lambda result: self.show_result(url, result, generation))

    def settled_result(self, entry):
        """This session's result for a directory, if it was settled at its current mtime."""
        key = dict_key(self.url_of(entry))
        if key in self.results and same_mtime(self.results[key]['mtime'], entry['mtime'], 1):
            return self.results[key]
        return None

    def result_of(self, entry, forced):
        """A Promise of a directory's result: in flight already, or newly settled."""
        key = dict_key(self.url_of(entry))
        if not (key in self.loads):
            self.loads[key] = self.settle(self.url_of(entry), entry['mtime'], forced)
        return self.loads[key]

    async def settle(self, url, mtime, forced):
        """Serve a directory from its record when trustworthy, else fetch it through the pool."""
        key = dict_key(url)
        await self.cache
        record = await self.store.read(url)
        decision = cache_decision(record, mtime, self.precision, self.now(),
                                  self.settings['staleAfterSeconds'])
        if forced or (decision == HIT and not self.live):
            # Forced, or the root came from the open page: its mtimes may be old news.
            decision = NEW if record == None else RECHECK
        if decision == HIT:
            result = new_result('fresh', record['entries'], '', mtime)
        else:
            result = await self.pool.run(lambda: self.fetch_directory(url, mtime, decision, record))
        drop_key(self.loads, key)
        if result != None:
            self.results[key] = result
        return result

    async def fetch_directory(self, url, mtime, decision, record):
        """Wave 2 for one directory, unless it left the page while queued."""
        if not (dict_key(url) in self.wanted) or self.closed:
            return None
        response = await fetch_listing(listing_request_url(url, self.settings),
                                       self.settings['timeoutSeconds'])
        problem = response['message']
        if response['ok']:
            try:
                listing = read_listing(response['contentType'], response['text'], anchors_of_html,
                                       self.settings)
                listing['entries'] = sorted_entries(listing['entries'])
                fetched_at = response['date'] if response['date'] != None else self.now()
                fresh = new_record(url, mtime, self.precision, listing, fetched_at, record)
                # Written at once, but the row need not wait for the commit.
                self.keep(self.store.write(fresh))
                return new_result(status_after_fetch(decision, record, fresh['entries']),
                                  fresh['entries'], '', mtime)
            except ListingError as error:
                problem = error.message
        if record != None:
            return new_result('stale', record['entries'], problem, mtime)
        return new_result('failed', [], problem, mtime)

    def show_result(self, url, result, generation):
        if generation != self.generation or result == None:
            return
        self.overlay.show_children(url, result['status'], result['entries'], result['message'],
                                   self.previous_visit, self.now())
        self.show_progress()

    def show_progress(self):
        """The status line's counts for the current page, and prefetch once it settles."""
        loaded = 0
        problems = []
        directories = self.directories_on(self.current_page)
        for entry in directories:
            result = self.settled_result(entry)
            if result != None:
                if result['status'] == 'failed':
                    problems.append(result['problem'])
                else:
                    loaded += 1
        failed = len(problems)
        total = len(directories)
        settled = loaded + failed == total
        text = str(loaded) + ' of ' + str(total) + ' directories loaded'
        if failed > 0:
            text += ', ' + str(failed) + ' failed'
        text += ' · ' + str(len(self.entries)) + ' entries here'
        state = 'done' if settled else 'loading'
        # A single failure is only a mark, but nearly nothing loaded is a breakage
        # (CORS, a server gone) to show plainly (docs/design.md, Failure).
        if settled and failed > 0 and loaded * 10 <= total:
            state = 'broken'
            text = 'Nearly nothing could be loaded (' + str(loaded) + ' of ' + str(total) \
                + '): ' + likely_cause(problems) + '.'
        self.overlay.show_status(state, loaded, total, failed, text)
        if settled and self.settings['prefetch']:
            self.prefetch()

    def prefetch(self):
        """Settle the next page's directories so that paging on is instant."""
        if self.current_page >= page_count(len(self.shown), self.size):
            return
        for entry in self.directories_on(self.current_page + 1):
            if self.settled_result(entry) == None:
                self.wanted[dict_key(self.url_of(entry))] = True
                self.result_of(entry, False)

    def refresh(self, url):
        """Fetch one directory of the page now, whatever its record says."""
        for entry in self.directories_on(self.current_page):
            if self.url_of(entry) == url:
                self.refresh_entry(entry)

    def refresh_entry(self, entry):
        url = self.url_of(entry)
        key = dict_key(url)
        if key in self.results:
            drop_key(self.results, key)
        self.overlay.show_children(url, 'pending', [], '', self.previous_visit, self.now())
        self.show_progress()
        generation = self.generation
        self.result_of(entry, True).then(lambda result: self.show_result(url, result, generation))

    def refresh_stale(self):
        """Refresh every directory of the page shown stale or failed."""
        for entry in self.directories_on(self.current_page):
            result = self.settled_result(entry)
            if result != None and (result['status'] == 'stale' or result['status'] == 'failed'):
                self.refresh_entry(entry)

    async def forget(self):
        """Drop this root's records and visit, then settle the page afresh."""
        self.generation += 1
        self.results = {}
        self.previous_visit = None
        self.overlay.show_status('loading', 0, 0, 0, 'Forgetting the cache of this directory…')
        await self.cache
        await self.keep(self.store.forget(self.root_url))
        self.show_page()

    async def poll(self):
        """Near-real-time mode: re-read the root and re-settle only what moved."""
        if self.polling or self.closed or self.page.document.visibilityState != 'visible':
            return
        self.polling = True
        try:
            fetched = await self.fetch_root()
            if 'listing' in fetched and not self.closed:
                entries = sorted_entries(fetched['listing']['entries'])
                if not same_entries(entries, self.entries):
                    self.list_entries(entries)
                    self.show_page()
        finally:
            self.polling = False


def same_entries(a, b):
    """True when two sorted level-1 lists name the same entries with the same mtimes."""
    if len(a) != len(b):
        return False
    for index in range(len(a)):
        if a[index]['name'] != b[index]['name'] or a[index]['mtime'] != b[index]['mtime']:
            return False
    return True
