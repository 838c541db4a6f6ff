"""No button on an ordinary page, a button on every listing of the corpus (issue 43), in
every engine.

The userscript runs on every page a person opens, so the pages that are no listing are
most of what it meets. tests/fixtures/ordinary/ holds such pages of many kinds (SOURCES.md
says where each comes from): documentation that Sphinx, MkDocs, Hugo, rustdoc, JSDoc and
the coverage reporters made here, pages that other projects saved from the web, and three
of our own in the shapes that once read as listings. nginx serves them, each folder's
index.html at the folder's URL, and on each the userscript, run as a manager runs it, adds
nothing: no element, no listener, nothing the footprint measure sees, and Alt+Shift+M opens
nothing. So do the pages of the corpus that are no listing: a server's error page, a
directory's own index.html.

Every listing page of the corpus (tests/fixtures/, captured here, and tests/fixtures/saved/,
saved by other projects) gets the button, served at the path its server served it at, its
own origin's absolute links made this server's. Which pages are listings comes from what
each capture recorded (EXCEPTED says why the others are not visited).

One test per engine runs through every page in one tab, then lists every page that failed.
"""

import re
import shutil
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from bookmarklet.words import BUTTON_ID, OVERLAY_ID
from tests.support.fixture_corpus import FIXTURES, fixture_names, load
from tests.support.saved_corpus import SAVED, saved_names, load_saved
from tests.e2e.test_e2e_offer import BUTTON, INJECT, OPEN, footprint, inject, \
    userscript  # noqa: F401 (a fixture)

ORDINARY = FIXTURES / 'ordinary'
# What made the generated pages (SOURCES.md): kept, never served.
INPUTS = 'inputs'
NOTHING = {'measure': 0, 'elements': False, 'listeners': 0}
# The pages' links to other sites (images, styles, frames) refused by the browser at once:
# no engine waits for a host it cannot reach. What the page itself holds still loads and
# runs, and so does the userscript, which a manager's eval runs.
OFFLINE = 'add_header Content-Security-Policy "default-src \'self\' \'unsafe-inline\' ' \
    '\'unsafe-eval\' data: blob:" always;'
# The overlay: its host with its shadow root (a page may have an element of that id: the
# README's heading has it).
OVERLAY_OPEN = """(id) => {
  const host = document.getElementById(id);
  return Boolean(host && host.shadowRoot);
}"""


def ordinary_pages():
    """The URL path of every page under tests/fixtures/ordinary/ (but its inputs): a
    folder's index.html at the folder's own URL, any other page at its file's."""
    found = []
    for path in sorted(ORDINARY.rglob('*.html')):
        relative = path.relative_to(ORDINARY)
        if relative.parts[0] != INPUTS:
            url = '/' + relative.as_posix()
            found.append(url[:-len('index.html')] if path.name == 'index.html' else url)
    return found


def why_captured_is_no_listing(meta):
    """Why a captured page is not visited for its button, from what its capture recorded;
    None for a listing."""
    quirks = meta['quirks']
    if quirks.get('ownPage'):
        return "a directory's own index.html, which the server sends instead of a listing"
    if quirks.get('error'):
        return 'the error page ({}) of a directory that does not exist'.format(meta['status'])
    if 'html' not in meta['contentType']:
        return '{}: the browser shows it as data, no listing page'.format(meta['contentType'])
    if quirks.get('empty'):
        return 'an empty directory: no entry to show beside its heading, as on a page that ' \
               'only borrows a listing\'s words ("Contents of the box")'
    return None


def corpus():
    """{name: {path, body, origin, excepted}} of every page of the corpus: the path and
    origin its server served it at, its bytes, and why it is not a listing (None for one)."""
    pages = {}
    for name in fixture_names():
        meta = load(name)['meta']
        pages[name] = {'path': meta['request']['path'], 'origin': None,
                       'body': (FIXTURES / (name + '.body')).read_bytes(),
                       'excepted': why_captured_is_no_listing(meta), 'meta': meta}
    for name in saved_names():
        saved = load_saved(name)
        address = urlsplit(saved['meta']['url'])
        pages[name] = {'path': address.path, 'origin': '{}://{}'.format(address.scheme, address.netloc),
                       'body': (SAVED / (name + '.html')).read_bytes(),
                       'excepted': 'no listing, as its expected reading says'
                       if saved['expected'].get('error') else None, 'meta': saved['meta']}
    return pages


CORPUS = corpus()
EXCEPTED = {name: page['excepted'] for name, page in CORPUS.items() if page['excepted']}
LISTINGS = sorted(name for name in CORPUS if name not in EXCEPTED)
# The listings the userscript offers nothing on, and why (a click on the bookmarklet is
# the person's word that a page is a listing, which the userscript has not).
UNOFFERED = {
    'httpdirectory/stil': "its title is its server's name and its only other link the folder "
                          'itself: none of the signs a listing server writes',
    'go-fileserver': "Go's page is nothing but its links, so each link's text must name its "
                     'bytes; the open page shows a name that is not UTF-8 as U+FFFD',
    'ant-ivy/archiva-collection': "Archiva leaves each <a> open: every engine's parser opens it "
                                  'again, empty, in the next item, a link whose text names no '
                                  'child, and its title names the collection, not the address',
    'maven-wagon/archiva-collection': 'an Archiva page as ant-ivy/archiva-collection is',
}


def no_listings():
    """The pages of the corpus that are no listing but HTML a person meets (error pages, a
    directory's own index.html), each body once (every server sends the same own page)."""
    found = {}
    for name, page in sorted(CORPUS.items()):
        quirks = page['meta'].get('quirks', {})
        if (quirks.get('ownPage') or quirks.get('error')) and 'html' in page['meta']['contentType']:
            found.setdefault(page['body'], name)
    return sorted(found.values())


NO_LISTING = no_listings()


@pytest.fixture(scope='session')
def ordinary_server(live_server, public_tmp):
    """nginx over a copy of tests/fixtures/ordinary/ without its inputs."""
    root = public_tmp / 'ordinary-pages'
    if not root.exists():
        shutil.copytree(ORDINARY, root, ignore=lambda folder, names: [INPUTS] if Path(folder) == ORDINARY
                        else [])
    return live_server('nginx', root, site='html-listings.conf', extra=OFFLINE)


@pytest.fixture(scope='session')
def corpus_urls(live_server, public_tmp):
    """{name: URL} of every corpus page visited, each as index.html at the path its server
    served it at: as many nginx as pages share one path (most are at /), each page in the
    first whose root has its path free."""
    taken: list = []
    urls = {}
    for name in LISTINGS + NO_LISTING:
        page = CORPUS[name]
        at = next((number for number, paths in enumerate(taken) if page['path'] not in paths), len(taken))
        if at == len(taken):
            taken.append(set())
        taken[at].add(page['path'])
        root = public_tmp / 'corpus-pages-{}'.format(at)
        folder = root / unquote(page['path']).strip('/')
        folder.mkdir(parents=True, exist_ok=True)
        server = live_server('nginx', root, site='html-listings.conf', extra=OFFLINE)
        body = page['body']
        if page['origin']:
            body = body.replace(page['origin'].encode('ascii'), server.origin.encode('ascii'))
        (folder / 'index.html').write_bytes(body)
        urls[name] = server.url(page['path'])
    return urls


def what_it_added(page, url, userscript):  # noqa: F811
    """What the userscript, run on url as a manager runs it, then the person's Alt+Shift+M,
    left on the page: the parts of the footprint that are not nothing, and an overlay."""
    page.goto(url)
    before = inject(page, userscript)
    page.press('Alt+Shift+M')
    found = {key: value for key, value in footprint(page, before).items() if value != NOTHING[key]}
    # The overlay is an element: looked for only where the page has one more.
    if found.get('elements') and page.evaluate(OVERLAY_OPEN, OVERLAY_ID):
        found['overlay'] = True
    return found


def test_the_userscript_adds_nothing_to_any_ordinary_page(page, ordinary_server, corpus_urls,
                                                           userscript):  # noqa: F811
    pages = [(path, ordinary_server.url(path)) for path in ordinary_pages()] + \
        [(name, corpus_urls[name]) for name in NO_LISTING]
    added = {}
    for name, url in pages:
        found = what_it_added(page, url, userscript)
        if found:
            added[name] = found
    assert added == {}, '{} of {} pages got something:\n{}'.format(
        len(added), len(pages), '\n'.join('{}: {}'.format(name, found) for name, found in added.items()))


def test_every_listing_of_the_corpus_gets_the_button(page, corpus_urls, userscript):  # noqa: F811
    missing = []
    for name in LISTINGS:
        page.goto(corpus_urls[name])
        page.evaluate(INJECT, userscript)
        try:
            page.wait_for(BUTTON, BUTTON_ID, OPEN, timeout=2000)
        except TimeoutError:
            missing.append(name)
    assert missing == sorted(UNOFFERED), '{} of {} listings got no button: {}'.format(
        len(missing), len(LISTINGS), ', '.join(missing))


def test_every_ordinary_page_says_where_it_comes_from():
    """SOURCES.md names each page (its URL path, in backticks) and each licence file it
    cites is there."""
    sources = (ORDINARY / 'SOURCES.md').read_text(encoding='utf-8')
    assert [path for path in ordinary_pages() if '`{}`'.format(path) not in sources] == []
    cited = set(re.findall(r'licences/([\w.-]+)', sources))
    assert cited and all((ORDINARY / 'licences' / name).is_file() for name in cited)
    assert len(ordinary_pages()) >= 30


def test_the_pages_not_visited_for_a_button_are_error_pages_own_pages_data_and_empty_ones():
    """EXCEPTED, read from each capture's record, agrees with the capture's name."""
    assert sorted(EXCEPTED) == sorted(name for name in CORPUS if re.search(
        r'-(404|own-page|empty)$|-(json|jsonp|xml)$', name) and name != 'rclone-own-page')
