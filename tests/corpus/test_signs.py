"""The signs the userscript asks of a page before it offers the sitemap (bookmarklet/reading/signs.py),
under CPython: every listing page of the corpus shows them, every page that is no listing
there does not, and neither do the pages that once got the button (issue 43).

Which corpus page is a listing comes from its expected reading, written by hand or from the
server's own listing (tests/support/expectations.py, saved_expected.py), not from the signs.
The browser's side (browser/offer.py's lookups, the reader's walk) is tried in every engine by
tests/e2e/test_e2e_offer.py and tests/e2e/test_e2e_ordinary_pages.py."""

import pytest

from bookmarklet.reading.html_listing import read_html_listing
from bookmarklet.reading.names import body_text
from bookmarklet.portable import Problem
from bookmarklet.reading.signs import is_directory_address, maybe_listing, offers_sitemap, \
    FIRST_ELEMENTS, FIRST_LINKS
from tests.support.corpus import pages
from tests.support.html_page import page_of_html, parsed
from tests.support.parity_cases import HFS_2_4

# Listing pages of the corpus that show none of a listing server's signs, and why: the
# bookmarklet still reads them when clicked.
UNSIGNED = {
    'httpdirectory/stil': "its title is the server's name, its only other link the "
                          'directory itself: nothing a listing server alone writes',
}
SETTINGS = {'utcOffsetMinutes': 0}


def signs_of(text, url):
    """The page reading of text, and what gate.py's signs_of reads of it in the browser:
    the title, the headings among the body's first elements, the first links."""
    reading = page_of_html(text)
    soup = parsed(text)
    body = soup.body or soup
    first = body.find_all(True, limit=FIRST_ELEMENTS)
    heads = [soup.title.get_text() if soup.title else ''] + \
        [element.get_text() for element in first if element.name in ('h1', 'h2')]
    links = [{'href': link['href'], 'text': link.get_text()}
             for link in soup.find_all(['a', 'area'], href=True, limit=FIRST_LINKS)]
    return reading, {'url': url, 'heads': heads, 'links': links,
                     'bare': heads == [''] and bool(first) and first[0].name == 'pre'}


def offered(text, url):
    """True when the userscript would offer the sitemap on the page text at url."""
    if not is_directory_address(url):
        return False
    reading, facts = signs_of(text, url)
    if not maybe_listing(facts):
        return False
    try:
        listing = read_html_listing(reading, {'url': url, 'now': 0}, SETTINGS)
    except Problem:
        return False
    return offers_sitemap(reading, listing, url)


HTML_PAGES = [page for page in pages() if 'html' in page['contentType']]


def test_every_listing_page_of_the_corpus_shows_the_signs_and_no_other_page_does():
    wrong = []
    for page in HTML_PAGES:
        listing = not page['expected'].get('error')
        if offered(body_text(page['body']), page['source']['url']) != listing and \
                page['name'] not in UNSIGNED:
            wrong.append(('missed ' if listing else 'offered ') + page['name'])
    assert wrong == []
    assert len([page for page in HTML_PAGES if not page['expected'].get('error')]) > 80


@pytest.mark.parametrize('name', sorted(UNSIGNED))
def test_the_listings_without_signs_are_still_listings_that_show_none(name):
    page = next(page for page in HTML_PAGES if page['name'] == name)
    assert not page['expected'].get('error')
    assert not offered(body_text(page['body']), page['source']['url'])


CARD = ('<div class="card"><a href="item-{0}/"><img src="/i/{0}.jpg" alt=""> Walnut stool {0}'
        '</a> <time datetime="2026-09-1{1}">1{1} Sep</time> <span>{0}9.00 EUR</span></div>')
# The pages that got the button before the signs (issue 43), each at a directory's address.
ONCE_OFFERED = {
    'a shop grid whose every card links into a folder of its own, with a date': (
        'http://shop.example/shop/',
        '<!DOCTYPE html><title>Shop</title><nav><a href="/">Home</a> / <a href="/shop/">Shop'
        '</a></nav><h1>Stools</h1><main>' + ''.join(CARD.format(n, n % 9 + 1) for n in range(60))
        + '</main>'),
    'the same grid under its breadcrumb to the parent': (
        'http://shop.example/shop/stools/',
        '<!DOCTYPE html><title>Stools</title><nav><a href="/shop/">Shop</a></nav><main>'
        + ''.join(CARD.format(n, n % 9 + 1) for n in range(60)) + '</main>'),
    'a page whose only sign is its title': (
        'http://recipes.example/recipes/',
        '<!DOCTYPE html><title>Index of recipes</title><p>Soups, breads and cakes.</p>'),
    "a project's page whose title names its folder among other words": (
        'http://code.example/ann/kettle/',
        '<!DOCTYPE html><title>Source of /ann/kettle, the kettle that boils twice</title>'
        '<nav><a href="/">Home</a></nav><ul>' + ''.join(
            '<li><a href="{0}/">{0}</a> 2026-08-0{1}</li>'.format(name, day)
            for day, name in enumerate(['docs', 'firmware', 'case'], 1)) + '</ul>'),
    "a release's page whose heading names its folder alone, over its files' sizes and dates": (
        'http://code.example/releases/2.3.0/',
        '<!DOCTYPE html><title>2.3.0 - Larder</title><nav><a href="/releases/">Releases</a></nav>'
        '<h1>2.3.0</h1><table>' + ''.join(
            '<tr><td><a href="{0}">{0}</a></td><td>18.2 KB</td><td>2026-02-14 09:00</td></tr>'
            .format(name) for name in ['larder-2.3.0.tar.gz', 'larder-2.3.0.whl']) + '</table>'),
    "a review whose heading has a listing's words": (
        'http://reviews.example/reviews/kettle/',
        '<!DOCTYPE html><title>The kettle, reviewed</title><h2>Contents of the box</h2>'
        '<ul><li><a href="manual/">The manual</a> 2 MB</li><li><a href="photos/">Photos</a>'
        ' 2026-08-01</li></ul>'),
}


@pytest.mark.parametrize('shape', sorted(ONCE_OFFERED))
def test_pages_that_once_got_the_button_show_no_listing_signs(shape):
    """Each is a listing to the reader (a click on the bookmarklet reads it), and the offer
    does not take it; all but a title that names the folder stop at the first question,
    which reads none of the page's text."""
    url, text = ONCE_OFFERED[shape]
    reading, facts = signs_of(text, url)
    listing = read_html_listing(reading, {'url': url, 'now': 0}, SETTINGS)
    assert not offers_sitemap(reading, listing, url)
    assert maybe_listing(facts) == ('names its folder' in shape)


def test_a_listing_at_an_address_that_is_no_directory_s_is_left_to_the_bookmarklet():
    page = next(page for page in HTML_PAGES if page['name'] == 'nginx-html')
    text = body_text(page['body'])
    assert offered(text, 'http://127.0.0.1/html/')
    assert not offered(text, 'http://127.0.0.1/html/index.html')


def test_an_hfs_2_4_page_is_offered_by_its_title_that_ends_with_its_path():
    """HFS 2.4's title is 'HFS ' and the directory's path, a listing server's form (as
    Caddy's heading); its page has no sort link and no parent link."""
    assert offered(HFS_2_4, 'http://127.0.0.1/files/')
    assert offered(HFS_2_4.replace('HFS /files/', 'HFS /'), 'http://127.0.0.1/')
    assert not offered(HFS_2_4.replace('HFS /files/', 'HFS'), 'http://127.0.0.1/files/')
