"""Links read as bytes: what a row's data-href opens, decoded as a server decodes it."""

from urllib.parse import unquote_to_bytes, urlsplit

# Fetch a link as the bookmarklet's reader would, and say where it led.
OPEN_LINK = """(href) => fetch(href, {headers: {Accept: 'application/json'}, cache: 'no-store'})
    .then(async (r) => ({status: r.status, url: r.url, redirected: r.redirected, text: await r.text()}))"""


def open_link(page, href):
    """{status, url, redirected, text} of fetching href from the page."""
    return page.evaluate(OPEN_LINK, href)


def path_bytes(href):
    """The bytes the path of an absolute link percent-decodes to: the name a server opens.
    A '?' or '#' left raw in a link ends its path, as it does for the browser."""
    return unquote_to_bytes(urlsplit(href).path)


def row_at(overlay, path):
    """The row (or child) whose link opens path (bytes); fails naming the links there are."""
    rows = overlay['rows'] + [child for row in overlay['rows'] for child in row['children']]
    for row in rows:
        if path_bytes(row['href']) == path:
            return row
    raise AssertionError('no row links to {!r}; the links are {}'.format(
        path, [row['href'] for row in overlay['rows']]))


def note_text(page, href):
    """The row's message (its [data-role=note] elements) whose data-href is href."""
    return page.evaluate("""(href) => [...[...document.getElementById('autoindex-sitemap')
        .shadowRoot.querySelectorAll('[data-role=row]')].find((row) => row.getAttribute('data-href')
        === href).querySelectorAll('[data-role=note]')].map((note) => note.textContent).join(' ')""",
                         href)


def row_text(page, href):
    """The text a person reads in the row whose data-href is href."""
    return page.evaluate("""(href) => [...document.getElementById('autoindex-sitemap').shadowRoot
        .querySelectorAll('[data-role=row]')].find((row) => row.getAttribute('data-href') === href)
        .textContent""", href)
