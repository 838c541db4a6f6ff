"""The userscript's first question, asked before the rest of it starts: may the open page be
a listing, by the signs a listing server writes where they are cheap to see (reading/signs.py)? On
any other page the userscript stops here; the build runs the rest of it only where this
says "maybe" (toolkit/bundle.py gated), so a page that is no listing pays for compiling the
script and a few lookups, nothing more. HFS's sign is here too (listing_api), which the
bookmarklet also asks, to know where a listing is asked for. JavaScript side only.
"""

from bookmarklet.reading.signs import is_directory_address, maybe_listing, FIRST_ELEMENTS, FIRST_LINKS

# The element names of the headings the first question reads, as a DOM spells them.
HEAD_NAMES = ' H1 H2 '

# HFS 3 (HttpFileServer) writes no listing into its page: its app, which the page loads
# from /~/frontend/ as no other server's page does, asks its API for one, by the
# directory's path (docs/design.md, Reading listings).
HFS_APP = '[src^="/~/frontend/"]'
HFS_LISTINGS = '/~/api/get_file_list?uri='


def listing_api(scope):
    """The path of the API that answers the open page's server's listings by a directory's
    path (reading/names.py listing_request_url): HFS's where scope (the page's document, or
    its head, where HFS puts its app: a query of the head alone costs nothing on a long
    page) holds HFS's app, else ''."""
    return HFS_LISTINGS if scope.querySelector(HFS_APP) != None else ''


def following(element, root):
    """The element after element in document order, below root; None after the last. (A
    TreeWalker does the same, but its creation alone cost 0.7 ms on an article.)"""
    if element.firstElementChild != None:
        return element.firstElementChild
    while element != root:
        if element.nextElementSibling != None:
            return element.nextElementSibling
        element = element.parentElement
    return None


def signs_of(page):
    """What maybe_listing asks of the open page (reading/signs.py), read from its first elements and
    links alone: a long page costs no more than a short one."""
    document = page.document
    heads = [document.title]
    element = following(document.body, document.body)
    for count in range(FIRST_ELEMENTS):
        if element == None:
            break
        if HEAD_NAMES.find(' ' + element.nodeName + ' ') >= 0:
            heads.append(element.textContent)
        element = following(element, document.body)
    links = []
    for index in range(FIRST_LINKS):
        link = document.links.item(index)
        if link == None:
            break
        links.append({'href': link.getAttribute('href'), 'text': link.textContent})
    first = document.body.firstElementChild
    return {'url': page.location.href, 'heads': heads, 'links': links,
            'bare': len(heads) == 1 and heads[0] == '' and first != None and first.nodeName == 'PRE'}


def may_be_listing(page):
    """True where the open page may be a listing: an HTML page at a directory's address
    that is HFS's, or whose title, first headings and first links show a listing server's
    signs."""
    return page.document.contentType == 'text/html' and is_directory_address(page.location.href) \
        and (is_hfs_page(page.document) or maybe_listing(signs_of(page)))


def is_hfs_page(document):
    """True for HFS's page, by its head (listing_api)."""
    return len(listing_api(document.head or document)) > 0
