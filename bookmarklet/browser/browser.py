"""Browser adapters: fetch, DOMParser, the clock and the page. JavaScript side only.

Each adapter turns a browser object into the plain values the core reads,
so nothing past this module touches a Response or a parsed Document.
"""

from bookmarklet.portable import JSError, joined, new_object, parse_digits, strip_spaces
from bookmarklet.reading.html_listing import new_row, new_link, class_words, HEADS, ITEMS, BLOCKS, \
    SKIPPED, STAMPS
from bookmarklet.reading.times import parse_http_date
from bookmarklet.reading.names import body_text
from bookmarklet.reading.problems import NETWORK_PROBLEM, http_problem, timed_out, too_large

JSON_ACCEPT = 'application/json, application/xml;q=0.9, text/html;q=0.8, */*;q=0.7'


def now_seconds():
    """The client clock in epoch seconds, to the millisecond."""
    return Date.now() / 1000


def every(seconds, task):
    """Run task every seconds; the function that stops it."""
    timer = setInterval(task, seconds * 1000)
    return lambda: clearInterval(timer)


def wait_seconds(seconds):
    """A Promise that settles after seconds."""
    return __new__(Promise(lambda resolve: setTimeout(resolve, seconds * 1000)))


# A frame's longest wait for the page to draw it, in ms.
FRAME_WAIT_MS = 100


def next_frame(task):
    """task once: at the page's next frame, or FRAME_WAIT_MS later where no frame comes. A
    hidden tab draws none, and a browser may stop drawing a window it deems unseen while
    its page still says 'visible': the answers are shown all the same."""
    due = [True]

    def run():
        if due[0]:
            due[0] = False
            task()
    requestAnimationFrame(run)
    setTimeout(run, FRAME_WAIT_MS)


def hold_lock(name, task):
    """What task() gives while this tab holds the lock name (Web Locks: one tab at a time, let
    go when the tab closes), or None at once where another tab holds it. Without Web Locks
    (a page not served securely, an older browser), task() alone."""
    locks = globalThis.navigator.locks
    if locks == None:
        return task()
    return locks.request(name, {'ifAvailable': True}, lambda lock: None if lock == None else task())


# A listing's body larger than this is refused before the page reads it (200,000 entries
# of nginx's JSON are about 20 MB): the tab would hold it, decoded, several times over.
BODY_LIMIT_MB = 48
BODY_LIMIT = BODY_LIMIT_MB * 1024 * 1024
TOO_LARGE = too_large(BODY_LIMIT_MB)


def failed_response(message):
    """The response record of a request that gave no listing."""
    return {'ok': False, 'message': message}


async def fetch_listing(url, timeout_seconds):
    """{ok, contentType, text, url, date} for a listing URL asked for as JSON, or {ok,
    message} saying why there is none (and wait, the seconds a 429 or 503 asks to wait).

    text is the body as listing text (reading/names.py: fetch's text() would turn bytes that
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
            failed = failed_response(http_problem(response.status))
            if response.status == 429 or response.status == 503:
                failed['wait'] = retry_after(response.headers.js_get('Retry-After') or '')
            return failed
        text = await read_text(response, BODY_LIMIT)
    except JSError:
        return failed_response(timed_out(timeout_seconds) if controller.signal.aborted
                               else NETWORK_PROBLEM)
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


def retry_after(header):
    """The seconds a Retry-After header asks to wait (a number or an HTTP date), 0 when it
    says nothing that can be read."""
    seconds = parse_digits(strip_spaces(header), 10)
    if seconds != None:
        return seconds
    date = parse_http_date(header)
    return max(0, date - now_seconds()) if date != None else 0


async def read_text(response, limit):
    """A response's body as listing text (reading/names.py), or None when it passes limit bytes.

    The body is read chunk by chunk, and the reading stops at the chunk that passes the
    limit, so a body far past it never enters the page's memory. A stream reader answers
    sooner than the body taken whole (as text, a Blob or an ArrayBuffer): 2,000 listings,
    10 at once, took 14.1 s read so against 16.4 s through a Blob (docs/design.md)."""
    reader = response.body.getReader() if response.body else None
    chunks = []
    size = 0
    while reader:
        read = await reader.read()
        if read.done:
            break
        size += read.value.length
        if size > limit:
            reader.cancel()
            return None
        chunks.append(read.value)
    data = __new__(Uint8Array(size))
    at = 0
    for chunk in chunks:
        data.set(chunk, at)
        at += chunk.length
    try:
        # Valid UTF-8 is its own listing text, decoded natively (a byte order mark dropped).
        return __new__(TextDecoder('utf8', {'fatal': True})).decode(data)
    except JSError:
        parts = []
        # fromCharCode takes its characters as arguments: a slice at a time.
        for start in range(0, data.length, 8192):
            parts.append(String.fromCharCode.apply(None, data.subarray(start, start + 8192)))
        return body_text(joined(parts, ''))


def page_of_html(text):
    """The page reading (reading/html_listing.py) of an HTML text, parsed inertly (no script runs,
    nothing loads)."""
    return page_of_document(__new__(DOMParser()).parseFromString(text, 'text/html'))


def read_open_page(document):
    """The page reading of the page already open."""
    return page_of_document(document)


def page_of_document(document):
    """{heads, rows} of a document, as reading/html_listing.py describes them: one walk in document
    order, a row ended by a table row, a list item, any other block or a line break."""
    walk = new_object()
    walk.rows_found = []
    walk.link_open = None
    walk.item_depth = 0
    walk.pre_depth = 0
    walk.row_open = new_row()
    walk.kept_by = False
    read_children(walk, document.documentElement)
    end_row(walk, False)
    heads = []
    for head in document.querySelectorAll(HEADS):
        heads.append(head.textContent)
    return {'heads': heads, 'rows': walk.rows_found}


def end_row(walk, block):
    """End the row being read, kept when it holds a link, and start the next. block is the
    element it ends with, else False: a block (not a table row or a list item) of words
    alone right after the block whose end kept the last row gives them to that row (HFS 2.4
    writes an entry's date and size in a block after its link's)."""
    row = walk.row_open
    if len(row['links']) > 0:
        walk.rows_found.append(row)
        walk.kept_by = block
    elif block and block.previousElementSibling == walk.kept_by:
        links = walk.rows_found[len(walk.rows_found) - 1]['links']
        link = links[len(links) - 1]
        link['after'] += row['text']
        for stamp in row['stamps']:
            link['stamps'].append(stamp)
    walk.row_open = new_row()


def add_text(walk, text):
    """Text read: a link's own while one is open, else what stands after the row's last
    link, or before its first."""
    if walk.link_open != None:
        walk.link_open['text'] += text
    else:
        add_words(walk, text)


def add_words(walk, text):
    """Words of the row's: after its last link, or before its first."""
    links = walk.row_open['links']
    if len(links) > 0:
        links[len(links) - 1]['after'] += text
    else:
        walk.row_open['text'] += text


def read_children(walk, parent):
    """Read each child of parent: a line break in preformatted text ends a row, but for
    one in a link's text (nginx writes a name's as it is)."""
    for node in parent.childNodes:
        if node.nodeType == 3:
            lines = node.data.split('\n') if walk.pre_depth > 0 and walk.item_depth == 0 \
                and walk.link_open == None else [node.data]
            add_text(walk, lines[0])
            for index in range(1, len(lines)):
                end_row(walk, False)
                add_text(walk, lines[index])
        elif node.nodeType == 1:
            read_element(walk, node)


def read_element(walk, element):
    """Read an element and its children into the walk's rows."""
    kind = ' ' + element.nodeName + ' '
    if SKIPPED.find(kind) >= 0:
        return
    item = ITEMS.find(kind) >= 0
    # Inside a table row or a list item, only another ends the row.
    block = item or (walk.item_depth == 0 and (BLOCKS.find(kind) >= 0 or kind == ' BR '))
    if block:
        end_row(walk, False)
    walk.item_depth += 1 if item else 0
    walk.pre_depth += 1 if kind == ' PRE ' else 0
    linked = walk.link_open == None and kind == ' A ' and element.hasAttribute('href')
    if linked:
        walk.link_open = new_link(element.getAttribute('href'))
        walk.row_open['links'].append(walk.link_open)
    else:
        links = walk.row_open['links']
        for key in STAMPS:
            stamp = element.getAttribute(key)
            if stamp:
                (links[len(links) - 1] if len(links) > 0 else walk.row_open)['stamps'].append(stamp)
    if kind == ' IMG ':
        add_words(walk, ' ' + (element.getAttribute('alt') or '') + ' ')
    read_children(walk, element)
    if linked:
        walk.link_open = None
    walk.pre_depth -= 1 if kind == ' PRE ' else 0
    walk.item_depth -= 1 if item else 0
    # Cells, links and images are words apart; an element's class marks a folder after its
    # text. Only an svg element's className is no text, and svg is skipped.
    add_words(walk, class_words(element.className) + ' ')
    if block:
        end_row(walk, not item and element)
