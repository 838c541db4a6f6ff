"""Browser adapters: fetch, DOMParser, the clock and the page. JavaScript side only.

Each adapter turns a browser object into the plain values the core reads,
so nothing past this module touches a Response or a parsed Document.
"""

from bookmarklet.portable import JSError, strip_spaces, joined
from bookmarklet.times import parse_http_date
from bookmarklet.names import body_text

JSON_ACCEPT = 'application/json, application/xml;q=0.9, text/html;q=0.8, */*;q=0.7'


def now_seconds():
    """The client clock in epoch seconds, to the millisecond."""
    return Date.now() / 1000


def every(seconds, task):
    """Run task every seconds; the function that stops it."""
    timer = setInterval(task, seconds * 1000)
    return lambda: clearInterval(timer)


# A listing's body larger than this is refused before the page reads it (200,000 entries
# of nginx's JSON are about 20 MB): the tab would hold it, decoded, several times over.
BODY_LIMIT_MB = 48
BODY_LIMIT = BODY_LIMIT_MB * 1024 * 1024
TOO_LARGE = 'the listing is over ' + str(BODY_LIMIT_MB) + ' MB'


def failed_response(message):
    """The response record of a request that gave no listing."""
    return {'ok': False, 'message': message}


async def fetch_listing(url, timeout_seconds):
    """{ok, contentType, text, url, date} for a listing URL asked for as JSON, or {ok,
    message} saying why there is none.

    text is the body as listing text (names.py: fetch's text() would turn bytes that
    are not UTF-8 into U+FFFD, and names are bytes); url is where fetch's redirects
    ended. The listing carries no validators, so the HTTP cache is
    bypassed; date is the server's Date header in epoch seconds, or None. Cookies go
    along to the same origin only (fetch's default).
    """
    controller = __new__(AbortController())
    timer = setTimeout(lambda: controller.abort(), timeout_seconds * 1000)
    try:
        response = await fetch(url, {
            'headers': {'Accept': JSON_ACCEPT},
            'cache': 'no-store',
            'signal': controller.signal,
        })
        if not response.ok:
            return failed_response('HTTP ' + str(response.status))
        text = await read_text(response, BODY_LIMIT)
    except JSError:
        return failed_response('timed out after ' + str(timeout_seconds) + ' s'
                               if controller.signal.aborted else 'network error or blocked by CORS')
    finally:
        clearTimeout(timer)
    if text == None:
        return failed_response(TOO_LARGE)
    return {
        'ok': True,
        'contentType': response.headers.js_get('Content-Type') or '',
        'text': text,
        'url': response.url,
        'date': parse_http_date(response.headers.js_get('Date') or ''),
    }


async def read_text(response, limit):
    """A response's body as listing text (names.py), or None when it passes limit bytes.

    The body is taken whole as a Blob, which the browser holds outside the page (on disk
    when large), so one past the limit never enters the page's memory. And it comes in
    one answer, not one per chunk: while other listings are being shown, each chunk's
    answer would wait its turn behind them."""
    blob = await response.blob()
    if blob.size > limit:
        return None
    # A Blob's own arrayBuffer() is Safari 14's.
    data = __new__(Uint8Array(await __new__(Response(blob)).arrayBuffer()))
    try:
        # Valid UTF-8 is its own listing text, decoded natively (a byte order mark dropped).
        return __new__(TextDecoder('utf8', {'fatal': True})).decode(data)
    except JSError:
        parts = []
        # fromCharCode takes its characters as arguments: a slice at a time.
        for start in range(0, data.length, 8192):
            parts.append(String.fromCharCode.apply(None, data.subarray(start, start + 8192)))
        return body_text(joined(parts, ''))


def anchors_of_html(text):
    """The anchor records of an HTML text, parsed inertly (no script runs, nothing loads)."""
    return anchors_of_document(__new__(DOMParser()).parseFromString(text, 'text/html'))


def read_open_page(document):
    """{anchors, title} of the page already open, to read as a listing."""
    return {'anchors': anchors_of_document(document), 'title': document.title}


def anchors_of_document(document):
    """The anchor records {href, tail, datetime} of every <a href> in a document."""
    found = []
    # nginx's pages have no table: then no link is asked for its cell.
    tabled = document.querySelector('td') != None
    for link in document.querySelectorAll('a[href]'):
        found.append(anchor_of(link, tabled))
    return found


def anchor_of(link, tabled):
    """A link's anchor record: in a table its tail is the text of the row's later cells,
    its datetime that of the first <time datetime> in them; else its tail is the sibling
    text up to the next link or line break, and its datetime ''. tabled: whether the
    document has a table cell at all."""
    stamp = None
    cell = link.closest('td') if tabled else None
    if cell == None:
        text = ''
        node = link.nextSibling
        while node != None and not (node.nodeName in ['A', 'BR']) and text.find('\n') < 0:
            text += node.textContent
            node = node.nextSibling
        tail = strip_spaces(text.split('\n')[0])
    else:
        texts = []
        cell = cell.nextElementSibling
        while cell != None:
            texts.append(cell.textContent)
            time = cell.querySelector('time[datetime]')
            if stamp == None and time != None:
                stamp = time.getAttribute('datetime')
            cell = cell.nextElementSibling
        tail = joined(texts, ' ')
    return {'href': link.getAttribute('href'), 'tail': tail, 'datetime': stamp or ''}
