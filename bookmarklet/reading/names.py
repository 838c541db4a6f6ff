"""Entry names are bytes: from the listing to the link, the cache key and the request.

A file's name is the bytes its file system holds, which need not be UTF-8
(docs/design.md, Names are bytes). Three forms of them:

- a byte string: text of one character per byte, U+0000..U+00FF (a body as
  the browser adapter reads it, a name once decoded from an href);
- listing text: the body decoded by body_text, each byte that is not part of
  UTF-8 kept as one character U+DC80..U+DCFF (CPython's 'surrogateescape'),
  so JSON, XML and HTML are parsed as text and every name's bytes are still
  there;
- an entry's name fields (name_of_bytes): href, the bytes percent-encoded as
  nginx writes them, which links, cache keys and requests use; name, what a
  person reads: the UTF-8 text, each byte that is not UTF-8 shown as \\xe9;
  undecodable, whether any byte was shown so.

decodeURIComponent throws on bytes that are not UTF-8 and urllib replaces
them its own way, so portable.py decodes them alike on both sides.
"""

from bookmarklet.portable import is_ascii, utf8_text, decode_utf8, utf8_bytes, percent_encode, \
    percent_decode, part
from bookmarklet.reading.entries import is_plain_name
from bookmarklet.reading.problems import redirected

BYTE_ORDER_MARK = '\ufeff'


def body_text(data):
    """Listing text of a response body given as a byte string (module docstring). A
    leading byte order mark is dropped, as fetch's text() drops it."""
    text = utf8_text(data)
    if text == None:
        text = decode_utf8(data, False)
    return part(text, 1) if text.startswith(BYTE_ORDER_MARK) else text


def name_of_bytes(data):
    """An entry's name fields {name, href, undecodable} for its bytes (module docstring)."""
    # ASCII is its own UTF-8, and most names are ASCII.
    text = data if is_ascii(data) else utf8_text(data)
    return {'name': text if text != None else decode_utf8(data, True), 'href': percent_encode(data),
            'undecodable': text == None}


def name_of_text(text):
    """The name fields of a name a JSON or XML listing gives as listing text."""
    return name_of_bytes(utf8_bytes(text))


def name_of_href(segment):
    """The name fields of the href an HTML listing links an entry with (one segment, without
    './' or the directory's '/'), taken as sent: its %XX are the name's bytes."""
    return name_of_bytes(percent_decode(segment))


def listed_name(segment):
    """The name fields of an href segment spelled as a listing spells an entry: the exact
    encoding of a plain name's bytes; else None. What a record or an export is checked by."""
    named = name_of_href(segment)
    return named if named['href'] == segment and is_plain_name(named['name']) else None


def entry_url(directory_url, entry):
    """The absolute URL of an entry of the listing at directory_url; directories end in '/'."""
    return directory_url + entry['href'] + ('/' if entry['type'] == 'directory' else '')


def path_start(url):
    """Where the path of an absolute URL starts, or -1 for one without ('http://h')."""
    return url.find('/', url.find('://') + 3)


def without_query(url):
    """url up to its query or fragment, whichever comes first."""
    return url.split('#')[0].split('?')[0]


def address_path(url):
    """The path of an absolute URL as its address writes it, without its query or fragment;
    '/' for none."""
    at = path_start(url)
    return without_query(part(url, at) if at >= 0 else '/')


def readable_path(url):
    """The path of an absolute URL as a person reads it: its bytes shown as names are
    (never decodeURI, which throws on bytes that are not UTF-8)."""
    return name_of_href(address_path(url))['name']


def redirect_problem(asked, reached, scope):
    """'' when the answer to a request for asked came from reached (where fetch's redirects
    ended) at asked or inside scope, a listing URL of the same origin (the missing-slash
    redirect); else the words of where it went, which is not this listing."""
    if len(reached) == 0 or reached == asked or reached.startswith(scope):
        return ''
    return redirected(reached)


def listing_request_url(url, settings, api):
    """The URL to request a listing from: with api, the path of the listing API of the page's
    server that takes a directory's path (HFS's, browser.listing_api), that API asked for the
    listing's path, percent-encoded whole as a query's value; else, with jsonPrefixFrom/
    jsonPrefixTo set, a listing shown at a path starting with the first is asked for at the
    second (JSON served at a separate location, nginx/json-at-prefix.conf); else the listing's
    own URL."""
    prefix = settings['jsonPrefixFrom']
    path_at = path_start(url)
    if len(api) > 0:
        return part(url, 0, path_at) + api + percent_encode(part(url, path_at))
    if len(prefix) == 0 or path_at < 0 or not url.startswith(prefix, path_at):
        return url
    return part(url, 0, path_at) + settings['jsonPrefixTo'] + part(url, path_at + len(prefix))
