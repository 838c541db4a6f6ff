"""The root: the directory the page shows, its listing (wave 1) and the server's clock.

Wave 1 is one request for the root; when it gives no listing, for whatever
reason, the page already open is read instead (it is the same listing).

Every listing the crawl reads comes from here, its entries in display order
(in_order): the rows, each directory's record and its row, the map's, the root's
own record are all made of these, and nothing after sorts (docs/design.md, *One
place for the order*). Adapters used: listing_api, fetch_listing, page_of_html, read_open_page, now.
"""

from bookmarklet.portable import JSError, floor, new_object, part, problem_of
from bookmarklet.reading.listing import read_listing
from bookmarklet.reading.html_listing import read_html_listing
from bookmarklet.reading.names import entry_url, listing_request_url, redirect_problem, without_query
from bookmarklet.reading.order import sorted_entries


def directory_url_of(href):
    """The URL of the directory a page URL shows: no query or fragment, ending in '/'."""
    url = without_query(href)
    return part(url, 0, url.rfind('/') + 1)


def new_root(href, settings, adapters):
    """The root of the page at href. Until wave 1 is read: no listing is live, mtimes
    are to the second, and the server's clock is the client's."""
    root = new_object()
    root.root_url = directory_url_of(href)
    root.run_settings = settings
    root.io_adapters = adapters
    root.is_live = False
    root.in_place = False
    root.listing_api = adapters.listing_api()   # '' but on HFS (names.listing_request_url)
    root.mtime_precision = 1
    root.clock_offset = 0
    root.read_at = 0                # the server's clock when wave 1 was read
    return root


def server_now(root):
    """The server's clock as best known, in whole seconds: the client's, set by wave 1's
    Date. Never ahead of the server's: Date was cut to its second before it arrived."""
    return floor(root.io_adapters.clock_now() + root.clock_offset)


def url_of(root, entry):
    """The absolute URL of a level-1 entry: of its bytes (reading/names.py), never its name's text."""
    return entry_url(root.root_url, entry)


def in_order(listing):
    """The listing, its entries in display order, whichever order the server wrote."""
    listing['entries'] = sorted_entries(listing['entries'])
    return listing


async def request_listing(root, url):
    """The answer to one request for the listing at url: its listing, else None and the
    problem saying why not ('' when there is a listing); date is the server's Date
    header in epoch seconds, None when unknown; retry_after, for a 429 or 503, the
    seconds it asks to wait (0: unsaid), else None.

    A redirect is followed inside the root's listing only (the missing-slash one): an
    answer from anywhere else is not this directory's listing, and is not read."""
    fetched = new_object()
    fetched.listing_read = None
    fetched.date_sent = None
    fetched.retry_after = None
    try:
        asked = listing_request_url(url, root.run_settings, root.listing_api)
        response = await root.io_adapters.fetch_listing(asked, root.run_settings['timeoutSeconds'])
        if response['ok']:
            fetched.date_sent = response['date']
            fetched.fetch_problem = redirect_problem(asked, response['url'],
                                                     listing_request_url(root.root_url, root.run_settings,
                                                                         root.listing_api))
            if fetched.fetch_problem == '':
                source = {'url': response['url'] or asked,
                          'now': fetched.date_sent if fetched.date_sent != None else server_now(root)}
                fetched.listing_read = in_order(read_listing(
                    response['contentType'], response['text'], root.io_adapters.page_of_html, source,
                    root.run_settings))
        else:
            fetched.fetch_problem = response['message']
            if 'wait' in response:
                fetched.retry_after = response['wait']
    except JSError as error:
        fetched.fetch_problem = problem_of(error)
    return fetched


async def fetch_root(root):
    """request_listing of the root; its Date sets the clock."""
    fetched = await request_listing(root, root.root_url)
    if fetched.date_sent != None:
        root.clock_offset = fetched.date_sent - root.io_adapters.clock_now()
    return fetched


async def read_root(root):
    """Wave 1: fetch_root's answer. Its listing is the live one (problem ''), else the
    open page's (problem: why the request gave none), else None (problem: why neither).
    A root opened in place is not the open page: its listing is the live one or none."""
    fetched = await fetch_root(root)
    root.is_live = fetched.listing_read != None
    if not root.is_live and not root.in_place:
        try:
            fetched.listing_read = in_order(read_html_listing(
                root.io_adapters.read_open_page(), {'url': root.root_url, 'now': server_now(root)},
                root.run_settings))
        except JSError:
            fetched.listing_read = None
    if fetched.listing_read != None:
        root.mtime_precision = fetched.listing_read['precision']
    root.read_at = server_now(root)
    return fetched
