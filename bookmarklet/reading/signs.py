"""The signs a listing server writes on its page, asked for where the script decides alone
whether a page is a listing: the userscript, on every page a person opens (browser/offer.py).

A click on the bookmarklet is the person saying "this is a listing", and the reader takes
a page on lenient evidence (html_listing.py). The offer has no one to ask, and a button on
a shop's product grid is worse than a listing missed (the bookmarklet still reads that
one), so it asks for more, in two steps:

- is_directory_address and maybe_listing, before anything walks the page: its address is
  a directory's (a path ending in '/', which every listing server redirects to), and its
  title or first headings name that directory, or its first links hold a name column's
  sort link or a parent link, or it is nothing but preformatted text (Go's FileServer
  writes no title). Most pages stop here, having read a few of their first elements.
- offers_sitemap, once the reader has read the page as a listing: a title or heading in a
  listing server's form, naming the directory ('Index of /a/b/', 'Directory listing for
  /a/b/', Caddy's '/a/b/', webfs's 'host:port/a/b/'); or, with at least one entry, a sort
  link, a page whose every link is to a child by its own name, or a parent link ('../',
  'Parent Directory') beside entries that each show a date or a size. A listing's words
  alone ('Contents of the box', 'Index of recipes'), product cards that each link into a
  folder of their own with a date, and breadcrumbs are none of these.

Pure: the page is given as facts (browser/offer.py gathers them) and as the reader's page reading.
"""

from bookmarklet.portable import strip_spaces, part, new_object, percent_decode, joined
from bookmarklet.reading.html_listing import is_listing_head, is_sort_link, directory_of, \
    segments_of, NAVIGATION_TEXTS
from bookmarklet.reading.names import readable_path, address_path
from bookmarklet.reading.times import without_last

# The texts of a parent link, in lower case, as listing servers write them.
PARENT_TEXTS = ' .. ../ parent directory parent directory/ up [parent directory]' + NAVIGATION_TEXTS


def names_directory(head, path):
    """True when a title's or heading's text names the directory at path (its readable
    path, '/' at the root): by its path, with or without its last '/' ('/a/b/', Apache's
    '/a/b'), by its name and a slash ('b/', micro_httpd's), or by its name alone (Caddy's);
    at the root, any '/' ('./', 'host:port/')."""
    text = strip_spaces(head)
    if path == '/':
        return text.find('/') >= 0
    trimmed = without_last(path, '/')
    name = part(trimmed, trimmed.rfind('/') + 1)
    return text.find(trimmed) >= 0 or text.find(name + '/') >= 0 or text == name


def is_listing_form(head, path):
    """True when a title's or heading's text is a listing server's: it names the directory
    (names_directory) with a listing's words, or it ends with the directory's path (Caddy's
    and rclone's headings, webfs's 'host:port/a/b/'). A heading that is the directory's name
    alone ('2.3.0' on a release's page) is not: Caddy's title is, but its heading is the path."""
    text = strip_spaces(head)
    if not names_directory(text, path):
        return False
    return is_listing_head([text]) or text.endswith(path) or text.endswith(without_last(path, '/'))


def directory_paths(url):
    """The directory's path as a person reads it (readable_path), and as its address writes
    it, where they differ: thttpd's title shows '/pub/old%20dir/'."""
    readable = readable_path(url)
    written = address_path(url)
    return [readable] if written == readable else [readable, written]


def is_directory_address(url):
    """True for the address of a page that may be a directory's listing: its path ends in
    '/'. The first question, since it asks nothing of the page."""
    return url.split('#')[0].split('?')[0].endswith('/')


# How much of the page the first question reads: listing servers write their heading and
# their parent and sort links first, and a page that is no listing may be very long.
FIRST_ELEMENTS = 64
FIRST_LINKS = 16


def maybe_listing(facts):
    """The second question, of a page at a directory's address (is_directory_address), from
    facts {url, heads, links, bare}: its address, its title and the texts of the headings
    among its body's first FIRST_ELEMENTS elements, its first FIRST_LINKS links {href,
    text}, and whether its body is nothing but preformatted text. False for most pages that
    are no listing."""
    url = facts['url']
    for path in directory_paths(url):
        for head in facts['heads']:
            if names_directory(head, path):
                return True
    directory = directory_of(url)
    for link in facts['links']:
        if is_parent_link(link, directory) or is_sort_link(link['href']):
            return True
    return facts['bare']


def parent_path(directory):
    """The path of the parent of directory (directory_of), as its bytes."""
    return joined(part(directory['segments'], 0, len(directory['segments']) - 1), '/') + '/'


def is_parent_link(link, directory):
    """True for a link a listing server writes to the parent directory: its text is one of
    PARENT_TEXTS, its href the parent's ('../' or the parent's path)."""
    text = strip_spaces(link['text']).lower()
    href = strip_spaces(link['href'])
    return PARENT_TEXTS.find(' ' + text + ' ') >= 0 and \
        (href == '../' or href == '..' or percent_decode(href) == parent_path(directory))


def offers_sitemap(reading, listing, url):
    """The last question, once the reader has read the page reading as listing: True
    when the page shows the signs of a listing server (module docstring)."""
    for path in directory_paths(url):
        for head in reading['heads']:
            if is_listing_form(head, path):
                return True
    if len(listing['entries']) == 0:
        return False
    directory = directory_of(url)
    evidence = new_object()
    evidence.is_sorting = False
    evidence.named_only = True
    has_parent = False
    for row in reading['rows']:
        segments_of(row, directory, evidence)
        for link in row['links']:
            has_parent = has_parent or is_parent_link(link, directory)
    shown = True
    for entry in listing['entries']:
        shown = shown and (entry['mtime'] != None or entry['size'] != None)
    return evidence.is_sorting or evidence.named_only or (has_parent and shown)
