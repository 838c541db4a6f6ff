"""Reading listings: JSON (nginx, Caddy, serve), XML, JSONP and any server's HTML page;
dates and sizes in every form; names as bytes. Pure: imports under CPython.

- entries: what every listing reader gives: entries, the listing around them, its error
- order: the display order, newest mtime first, then name ascending by code point
- names: entry names as bytes, from the listing to the link, the cache key and the request
- times: times as whole seconds since the epoch, UTC, parsed by hand
- problems: why a request gave no listing, the reasons the fetch and the readers give
- html_listing: HTML listing pages, read as a person reads them, whichever server wrote them
- listing: a response's Content-Type and text into a listing
- signs: the signs a listing server writes on its page, for the offer's cheap question
"""
