"""Browser adapters: fetch, DOMParser, the clock and the page. JavaScript side only.

Each adapter turns a browser object into the plain values the core reads,
so nothing past this module touches a Response or a parsed Document.
"""

from bookmarklet.portable import JSError, strip_spaces, part, joined
from bookmarklet.times import parse_http_date

JSON_ACCEPT = 'application/json, application/xml;q=0.9, text/html;q=0.8, */*;q=0.7'


def now_seconds():
    """The client clock in whole epoch seconds."""
    return Math.floor(Date.now() / 1000)


def every(seconds, task):
    """Run task every seconds; the function that stops it."""
    timer = setInterval(task, seconds * 1000)
    return lambda: clearInterval(timer)


# A listing's body larger than this is refused unread (200,000 entries of nginx's JSON
# are about 20 MB): the tab would hold it, decoded, several times over.
BODY_LIMIT = 48 * 1024 * 1024
TOO_LARGE = 'the listing is larger than ' + str(BODY_LIMIT // (1024 * 1024)) + ' MB: not read'


def failed_response(message):
    """A response record for a request that gave no listing."""
    return {'ok': False, 'message': message, 'contentType': '', 'body': '', 'url': '',
            'date': None}


async def fetch_listing(url, timeout_seconds):
    """{ok, message, contentType, body, url, date} for a listing URL asked for as JSON.

    body is the body's bytes as a byte string (names.py: fetch's text() would turn
    bytes that are not UTF-8 into U+FFFD, and names are bytes); url is where fetch's
    redirects ended. The listing carries no validators, so the HTTP cache is
    bypassed; date is the server's Date header in epoch seconds, or None.
    """
    controller = __new__(AbortController())
    # A Headers object, not a dict: Transcrypt's dict looks iterable to fetch.
    headers = __new__(Headers())
    headers.set('Accept', JSON_ACCEPT)
    timer = setTimeout(lambda: controller.abort(), timeout_seconds * 1000)
    try:
        response = await fetch(url, {
            'headers': headers,
            'cache': 'no-store',
            'credentials': 'same-origin',
            'signal': controller.signal,
        })
        if not response.ok:
            return failed_response('HTTP ' + str(response.status))
        body = await read_bytes(response, BODY_LIMIT)
    except JSError:
        timed_out = controller.signal.aborted
        return failed_response('timed out after ' + str(timeout_seconds) + ' s' if timed_out
                               else 'network error or blocked by CORS')
    finally:
        clearTimeout(timer)
    if body == None:
        return failed_response(TOO_LARGE)
    date_header = response.headers.js_get('Date')
    return {
        'ok': True,
        'message': '',
        'contentType': response.headers.js_get('Content-Type') or '',
        'body': body,
        'url': response.url,
        'date': parse_http_date(date_header) if date_header != None else None,
    }


async def read_bytes(response, limit):
    """A response's body as a byte string (one character per byte), or None once it passes
    limit bytes: the rest is not read."""
    if response.body == None:
        return ''
    reader = response.body.getReader()
    parts = []
    size = 0
    while True:
        step = await reader.read()
        if step.done:
            return joined(parts, '')
        chunk = step.value
        size += chunk.length
        if size > limit:
            reader.cancel()
            return None
        start = 0
        # fromCharCode takes its characters as arguments: a slice at a time.
        while start < chunk.length:
            parts.append(String.fromCharCode.apply(None, chunk.subarray(start, start + 8192)))
            start += 8192


def anchors_of_html(text):
    """The anchor records of an HTML text, parsed inertly (no script runs, nothing loads)."""
    document = __new__(DOMParser()).parseFromString(text, 'text/html')
    return anchors_of_document(document)


def read_open_page(document):
    """{anchors, title} of the page already open, to read as a listing."""
    return {'anchors': anchors_of_document(document), 'title': document.title}


def anchors_of_document(document):
    """The anchor records {href, text, tail, datetime} of every <a href> in a document."""
    found = []
    links = document.querySelectorAll('a[href]')
    for index in range(0, links.length):
        link = links[index]
        found.append(new_anchor(link.getAttribute('href'), link.textContent, tail_of(link),
                                datetime_of(link)))
    return found


def new_anchor(href, text, tail, datetime):
    """An anchor record."""
    return {'href': href, 'text': text, 'tail': tail, 'datetime': datetime}


def later_cells(link):
    """The cells after the one holding link in its table row; [] outside a table."""
    cells = []
    cell = link.closest('td')
    node = cell.nextElementSibling if cell != None else None
    while node != None:
        cells.append(node)
        node = node.nextElementSibling
    return cells


def datetime_of(link):
    """The datetime attribute of the first <time datetime> in the row's later cells, or ''."""
    for cell in later_cells(link):
        time = cell.querySelector('time[datetime]')
        if time != None:
            return time.getAttribute('datetime')
    return ''


def tail_of(link):
    """The text after a link on its line: in a table the row's later cells, else the
    sibling text up to the next link or line break."""
    if link.closest('td') != None:
        texts = []
        for cell in later_cells(link):
            texts.append(cell.textContent)
        return joined(texts, ' ')
    text = ''
    node = link.nextSibling
    while node != None and node.nodeName != 'A' and node.nodeName != 'BR':
        text += node.textContent
        if text.find('\n') >= 0:
            break
        node = node.nextSibling
    line_end = text.find('\n')
    return strip_spaces(part(text, 0, line_end) if line_end >= 0 else text)
