"""The click's crawl: wave 1 for the root, wave 2 for the directories of the page shown.

Every navigation starts a new generation. A wave-2 response is always kept,
but only the generation that is current when it arrives renders it, so a
slow answer from an earlier page never lands on the page now shown.
"""

from bookmarklet.portable import JSError, dict_key, last_char
from bookmarklet.entries import ListingError
from bookmarklet.listing import read_listing
from bookmarklet.html_listing import read_html_listing
from bookmarklet.order import sorted_entries
from bookmarklet.paging import page_count, clamped_page, page_entries
from bookmarklet.names import child_url, listing_request_url
from bookmarklet.pool import Pool
from bookmarklet.browser import fetch_listing, anchors_of_html, anchors_of_document, now_seconds


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


class Crawl:
    def __init__(self, page, settings, overlay_class):
        self.page = page
        self.settings = settings
        self.root_url = directory_url_of(page.location.href)
        self.entries = []
        self.current_page = 1
        self.size = settings['pageSize']
        self.generation = 0
        self.closed = False
        self.clock_offset = 0
        self.results = {}
        self.loads = {}
        self.wanted = {}
        self.pool = Pool(settings['maxConcurrentRequests'])
        self.overlay = overlay_class(page, settings, {
            'page': lambda step: self.go_to_page(self.current_page + step),
            'resize': lambda size: self.resize(size),
            'close': lambda: self.close(),
        })
        self.overlay.show_root(self.root_url)

    def now(self):
        """The server's clock as best known: the client's, corrected by wave 1's Date."""
        return now_seconds() + self.clock_offset

    async def run(self):
        try:
            listing = await self.read_root()
            if listing == None:
                return
            if not listing['dated']:
                self.overlay.show_note('This server lists no dates: they are shown as unknown '
                                       + 'and entries are in name order.')
            self.entries = sorted_entries(listing['entries'])
            self.show_page()
        except JSError as error:
            self.overlay.show_status('broken', 0, 0, 0, 'Something went wrong: ' + str(error))

    async def read_root(self):
        """Wave 1: the root listing by one request, else from the page already open."""
        response = await fetch_listing(listing_request_url(self.root_url, self.settings),
                                       self.settings['timeoutSeconds'])
        problem = response['message']
        if response['ok']:
            if response['date'] != None:
                self.clock_offset = response['date'] - now_seconds()
            try:
                return read_listing(response['contentType'], response['text'], anchors_of_html,
                                    self.settings)
            except ListingError as error:
                problem = error.message
        try:
            listing = read_html_listing(anchors_of_document(self.page.document),
                                        self.page.document.title, self.settings)
        except ListingError as error:
            self.overlay.show_status('broken', 0, 0, 0,
                                     'This page cannot be read as a directory listing (' + problem + ').')
            return None
        self.overlay.show_note('The listing request failed (' + problem + '); showing the open page.')
        return listing

    def go_to_page(self, page):
        self.current_page = clamped_page(page, len(self.entries), self.size)
        self.show_page()

    def resize(self, size):
        if size != None and size > 0:
            self.size = size
        self.current_page = 1
        self.show_page()

    def close(self):
        self.closed = True
        self.generation += 1

    def directories_on(self, page):
        """The directory entries of a page of the current size."""
        found = []
        for entry in page_entries(self.entries, page, self.size):
            if entry['type'] == 'directory':
                found.append(entry)
        return found

    def show_page(self):
        """Render the current page and start wave 2 for its directories."""
        self.generation += 1
        generation = self.generation
        pages = page_count(len(self.entries), self.size)
        self.overlay.show_page(page_entries(self.entries, self.current_page, self.size),
                               self.root_url, self.current_page, pages, self.size, self.now())
        self.wanted = {}
        directories = self.directories_on(self.current_page)
        for entry in directories:
            self.wanted[dict_key(self.url_of(entry))] = True
        for entry in directories:
            self.show_directory(self.url_of(entry), generation)
        self.show_progress()

    def url_of(self, entry):
        return child_url(self.root_url, entry['name'], True)

    def show_directory(self, url, generation):
        self.result_of(url).then(lambda result: self.show_result(url, result, generation))

    def result_of(self, url):
        """A Promise of a directory's result: settled earlier, in flight, or newly queued."""
        key = dict_key(url)
        if key in self.results:
            return Promise.resolve(self.results[key])
        if not (key in self.loads):
            self.loads[key] = self.pool.run(lambda: self.load_directory(url))
        return self.loads[key]

    async def load_directory(self, url):
        """Wave 2 for one directory, unless it left the page while queued."""
        key = dict_key(url)
        if not (key in self.wanted) or self.closed:
            self.loads.pop(key)
            return None
        response = await fetch_listing(listing_request_url(url, self.settings),
                                       self.settings['timeoutSeconds'])
        result = {'status': 'failed', 'entries': [], 'message': response['message']}
        if response['ok']:
            try:
                listing = read_listing(response['contentType'], response['text'], anchors_of_html,
                                       self.settings)
                result = {'status': 'new', 'entries': sorted_entries(listing['entries']),
                          'message': ''}
            except ListingError as error:
                result['message'] = error.message
        self.results[key] = result
        self.loads.pop(key)
        return result

    def show_result(self, url, result, generation):
        if generation != self.generation or result == None:
            return
        message = '' if result['message'] == '' else 'Not loaded: ' + result['message']
        self.overlay.show_children(url, result['status'], result['entries'], message, self.now())
        self.show_progress()

    def show_progress(self):
        """The status line's counts for the current page, and prefetch once it settles."""
        loaded = 0
        failed = 0
        directories = self.directories_on(self.current_page)
        for entry in directories:
            key = dict_key(self.url_of(entry))
            if key in self.results:
                if self.results[key]['status'] == 'failed':
                    failed += 1
                else:
                    loaded += 1
        total = len(directories)
        settled = loaded + failed == total
        state = 'done' if settled else 'loading'
        if settled and failed > 0 and loaded == 0:
            state = 'broken'
        text = str(loaded) + ' of ' + str(total) + ' directories loaded'
        if failed > 0:
            text += ', ' + str(failed) + ' failed'
        text += ' · ' + str(len(self.entries)) + ' entries in this directory'
        self.overlay.show_status(state, loaded, total, failed, text)
        if settled and self.settings['prefetch']:
            self.prefetch()

    def prefetch(self):
        """Queue the next page's directories so that paging on feels instant."""
        if self.current_page >= page_count(len(self.entries), self.size):
            return
        for entry in self.directories_on(self.current_page + 1):
            key = dict_key(self.url_of(entry))
            if not (key in self.results) and not (key in self.loads):
                self.wanted[key] = True
                self.result_of(self.url_of(entry))
