"""Packaging a script as a javascript: URL: the wrapping, the escaping, the size limits."""

from toolkit.errors import BuildError

def bookmarklet_url(script):
    """The self-contained bookmarklet: the script, run in the page.

    It adds nothing to the page's built-in prototypes and no global (the bundle is a
    strict IIFE), so it needs no frame of its own and no eval, which a page's CSP may
    forbid. `void` makes the IIFE's call yield undefined whatever it returns."""
    return javascript_url('void' + script)


def javascript_url(code):
    """A javascript: URL that runs code, which must yield undefined (start it with `void`:
    Firefox replaces the page with any other value).

    Browsers percent-decode a bookmarked URL before running it and drop tabs
    and line breaks from it, so '%' and every control character are escaped. '#' and '?'
    are escaped too: past the first of either, a URL parser reads a fragment or a query,
    and Chromium and WebKit store a query's spaces, quotes, '<' and '>' escaped: a
    script's '?' cost two characters each, those escapes about ten times more.
    """
    escaped = []
    for char in code:
        if char in '%#?' or ord(char) < 0x20 or ord(char) >= 0x7F:
            escaped.append(''.join('%{:02X}'.format(b) for b in char.encode('utf-8')))
        else:
            escaped.append(char)
    return 'javascript:' + ''.join(escaped)


# The most characters the self-contained bookmarklet may take, every feature included (60
# KiB), counted on the string a browser stores for the bookmark (the URL as the WHATWG URL
# parser writes it back): 4 KiB below Firefox's limit, which the build enforces; phones and
# synced bookmarks use the loader. A test holds the build to it; the size table in
# docs/benchmarks.md shows what each concern costs of it. A ceiling, not an allowance: a
# change that adds bytes says what it bought.
SIZE_BUDGET = 61440

# Where a bookmarklet's length matters (docs/bookmarklets.md): (place, limit in characters,
# what happens past it). Only the first one fails the build.
URL_LIMITS = [
    ('Firefox desktop', 65536, 'refuses to save the bookmark'),
    ('Chromium and Chrome desktop', 2 * 1024 * 1024, 'refuses the URL'),
    ('Chrome bookmark sync', 7600, 'does not sync it (reported near 7,600)'),
    ('Chrome on Android', 5000, 'fails to run it (reported near 5,000)'),
    ('Safari with iCloud sync', 4000, 'does not sync it (about 4 KB)'),
]


def check_sizes(url):
    """Stop the build when the self-contained bookmarklet is too long for Firefox."""
    place, limit, effect = URL_LIMITS[0]
    if len(url) > limit:
        raise BuildError(
            'the self-contained bookmarklet is {:,} characters after escaping; {} {} past '
            '{:,}. Install the loader (dist/loader.url, a few hundred characters) instead, '
            'or make the script smaller.'.format(len(url), place, effect, limit))


def size_table(urls):
    """The printed table: each bookmarklet's length against each browser's limit."""
    names = list(urls)
    width = max(len('{} ({:,})'.format(place, limit)) for place, limit, _ in URL_LIMITS)
    lines = ['{:<{w}}  {}'.format('', '  '.join('{:>16}'.format(n) for n in names), w=width),
             '{:<{w}}  {}'.format('characters', '  '.join(
                 '{:>16,}'.format(len(urls[n])) for n in names), w=width)]
    for place, limit, _ in URL_LIMITS:
        lines.append('{:<{w}}  {}'.format('{} ({:,})'.format(place, limit), '  '.join(
            '{:>16}'.format('fits' if len(urls[n]) <= limit else 'TOO LONG') for n in names),
            w=width))
    return '\n'.join(lines)


