"""The overlay as people use it, and the page it leaves behind, in each browser engine."""

import json
import time
from urllib.parse import quote

import pytest

from tests.support.browsers import limit
from tests.support.links import OPEN_LINK
from tests.support.trees import standard_tree, write_tree, expected_entries, href_of, SEPT_2026, \
    directory, file, touch

PAGE_STATE = """() => {
  const enumerable = (object) => { const found = []; for (const key in object) found.push(key); return found.sort(); };
  return {
    array: enumerable(Array.prototype), string: enumerable(String.prototype),
    object: enumerable(Object.prototype), fn: enumerable(Function.prototype),
    globals: Object.keys(window).sort(),
    frames: document.querySelectorAll('iframe').length,
  };
}"""

ACTIVE_ROLE = """() => {
  const host = document.getElementById('autoindex-sitemap');
  if (!host || document.activeElement !== host) return 'outside';
  const active = host.shadowRoot.activeElement;
  if (!active) return 'none';
  const row = active.closest('[data-role=row]');
  return active.getAttribute('data-role') || (row ? 'row:' + row.getAttribute('data-name') : active.tagName);
}"""
FOCUS_INSIDE = "() => (" + ACTIVE_ROLE + ")() !== 'outside'"


@pytest.fixture
def listing(tmp_path, serve):
    spec = standard_tree(35)
    spec['many-children'] = directory(SEPT_2026 + 40 * 3600, {
        'entry-{:02d}'.format(i): file(SEPT_2026 + i * 60, i) for i in range(12)})
    write_tree(tmp_path / 'www', spec)
    return spec, serve('json-by-accept.conf', tmp_path / 'www')


def names_shown(page):
    return [row['name'] for row in page.read_overlay()['rows']]


def test_the_filter_narrows_by_name_and_says_how_many_match(page, listing, bookmarklet):
    spec, server = listing
    page.open_sitemap(server.url('/'), bookmarklet)
    page.control('next').click()
    page.control('filter').fill('PROJECT-2')
    overlay = page.wait_settled()
    expected = [e['name'] for e in expected_entries(spec, 1) if 'project-2' in e['name']]
    assert [row['name'] for row in overlay['rows']] == expected[:10]
    assert overlay['pager'] == {'page': '1', 'pages': str((len(expected) + 9) // 10)}
    assert page.control('matches').text_content() == '{} of {} match'.format(
        len(expected), len(spec))
    page.control('filter').fill('')
    assert len(names_shown(page)) == 10
    assert page.control('matches').text_content() == ''


def test_keyboard_moves_rows_pages_and_focus_stays_inside(page, listing, bookmarklet):
    spec, server = listing
    names = [e['name'] for e in expected_entries(spec, 1)]
    page.open_sitemap(server.url('/'), bookmarklet)
    page.press('j')
    page.press('j')
    assert page.evaluate(ACTIVE_ROLE) == 'row:' + names[1]
    page.press('k')
    assert page.evaluate(ACTIVE_ROLE) == 'row:' + names[0]
    page.press('n')
    assert page.wait_settled()['pager']['page'] == '2'
    page.press('p')
    assert page.wait_settled()['pager']['page'] == '1'
    page.press('/')
    assert page.evaluate(ACTIVE_ROLE) == 'filter'
    page.type('nope')
    assert names_shown(page) == [] and page.read_overlay()['pager']['page'] == '1'
    for _ in range(40):
        page.press('Tab')
        assert page.evaluate(ACTIVE_ROLE) != 'outside'
    page.press('Escape')
    assert page.read_overlay() is None


def test_tab_reaches_every_control_and_comes_back_to_the_first(page, listing, bookmarklet):
    _, server = listing
    page.open_sitemap(server.url('/'), bookmarklet)
    seen = []
    while len(seen) < 2 or seen[-1] != 'close':
        assert len(seen) < 200, 'Tab stuck at ' + seen[-1]
        page.press('Tab')
        seen.append(page.evaluate(ACTIVE_ROLE))
    assert seen[0] == 'close'
    # The export box opens from the keyboard; its closed controls are passed over.
    assert 'SUMMARY' in seen and 'export-format' not in seen


def test_closing_gives_focus_back_to_where_it_was(page, listing, bookmarklet):
    _, server = listing
    page.goto(server.url('/'))
    page.evaluate("document.querySelectorAll('a')[2].focus()")
    page.run_bookmarklet(bookmarklet)
    page.wait_settled()
    # The overlay takes focus in the frame that lays it out, which a loaded machine may
    # draw after the rows are settled.
    page.wait_for(FOCUS_INSIDE)
    page.press('Escape')
    assert page.read_overlay() is None
    assert page.evaluate("document.activeElement === document.querySelectorAll('a')[2]")


def test_a_row_shows_its_newest_children_and_all_of_them_on_request(page, listing, bookmarklet):
    _, server = listing
    overlay = page.open_sitemap(server.url('/'), bookmarklet)
    row = overlay['rows'][0]
    assert row['name'] == 'many-children'
    assert [c['name'] for c in row['children']] == ['entry-{:02d}'.format(i) for i in (11, 10, 9, 8, 7)]
    more = page.find('[data-role=row][data-name=many-children] [data-role=more]')
    more.click()
    assert len(page.read_overlay()['rows'][0]['children']) == 12
    more.click()
    assert len(page.read_overlay()['rows'][0]['children']) == 5


def panel_style(page):
    return page.evaluate("""() => {
      const panel = document.getElementById('autoindex-sitemap').shadowRoot.querySelector('.panel');
      const style = getComputedStyle(panel), box = panel.getBoundingClientRect();
      return {background: style.backgroundColor, color: style.color, position: style.position,
              left: box.left, width: box.width, overflow: panel.scrollWidth - panel.clientWidth};
    }""")


def test_light_and_dark_themes_follow_the_system(new_page, listing, bookmarklet):
    _, server = listing
    styles = {}
    for scheme in ('light', 'dark'):
        page = new_page(color_scheme=scheme)
        page.open_sitemap(server.url('/'), bookmarklet)
        styles[scheme] = panel_style(page)
    light, dark = styles['light'], styles['dark']
    assert light['background'] == 'rgb(255, 255, 255)'
    assert dark['background'] != light['background'] and dark['color'] != light['color']


@pytest.mark.parametrize('width', [
    pytest.param(360, marks=pytest.mark.needs('phone-width')), 640])
def test_phone_width_and_high_zoom_fit_without_sideways_scrolling(page, listing, bookmarklet, width):
    _, server = listing
    page.set_viewport(width, 700)
    page.open_sitemap(server.url('/'), bookmarklet)
    style = panel_style(page)
    assert style['position'] == 'fixed'
    assert style['left'] >= 0 and style['left'] + style['width'] <= width
    assert style['overflow'] <= 0


def test_the_page_is_left_as_it_was_found(page, listing, bookmarklet):
    _, server = listing
    page.goto(server.url('/'))
    before = page.evaluate(PAGE_STATE)
    page.run_bookmarklet(bookmarklet)
    page.wait_settled()
    # While open too: the script runs in the page, and adds nothing but the overlay.
    assert page.evaluate(PAGE_STATE) == before
    page.control('next').click()
    page.wait_settled()
    page.press('Escape')
    assert page.read_overlay() is None
    assert page.evaluate(PAGE_STATE) == before
    for _ in range(3):
        page.run_bookmarklet(bookmarklet)
    page.wait_settled()
    page.run_bookmarklet(bookmarklet)
    assert page.read_overlay() is None
    assert page.evaluate(PAGE_STATE) == before
    assert page.errors == []


HOSTILE = [
    '<img src=x onerror="window.pwned=1">',
    '"><svg onload=window.pwned=1>',
    "javascript:window.pwned=1",
    "'-alert(1)-'",
    '<li data-role=row data-name=fake>',
    'evil\u202etxt.exe',
    '%3Cscript%3E',
    '&lt;b&gt;',
    '{{constructor.constructor("window.pwned=1")()}}',
    '__proto__',
    'constructor',
    # CSS: a rule that would hide the overlay, or load a URL, if it were markup
    '<style>*{visibility:hidden!important}',
    'x{background:url(javascript:window.pwned=1)}',
    # bidi controls that reorder what follows them
    '\u2067isolated\u2069 \u202dforced\u202c.txt',
    # the longest names Linux allows: 255 bytes, ASCII and two-byte UTF-8
    'a' * 255,
    '\u00e9' * 127 + 'x',
    # the same word in NFC and NFD: two names, two entries
    'caf\u00e9',
    'cafe\u0301',
]

LINKS_OF_ROWS = """() => [...document.getElementById('autoindex-sitemap').shadowRoot
    .querySelectorAll('[data-role=row]')].map((row) => [row.querySelector(':scope > .line > a').href,
      row.querySelector('[data-role=child] > .line > a').href])"""


def all_pages(page):
    """The rows of every page, paging on from page 1 until the last."""
    rows = []
    overlay = page.read_overlay()
    while True:
        rows += overlay['rows']
        if overlay['pager']['page'] == overlay['pager']['pages']:
            return rows
        page.control('next').click()
        overlay = page.wait_settled()


@pytest.mark.parametrize('site', ['json-by-accept.conf', 'html-listings.conf'])
def test_hostile_names_are_shown_as_text_and_never_run(page, serve, tmp_path, bookmarklet, site):
    assert len(set(HOSTILE)) == len(HOSTILE)
    assert all(len(name.encode('utf-8')) <= 255 for name in HOSTILE)
    spec = {name: directory(SEPT_2026 + i, {name: file(SEPT_2026, 1)}) for i, name in enumerate(HOSTILE)}
    www = tmp_path / 'www'
    write_tree(www, spec)
    for name in HOSTILE:  # each file holds its own name, to tell which one a link opened
        (www / name / name).write_bytes(name.encode('utf-8'))
        touch(www / name / name, SEPT_2026)
    server = serve(site, www)
    page.open_sitemap(server.url('/'), bookmarklet)
    rows = all_pages(page)
    page.control('prev').click()
    page.wait_settled()
    assert page.evaluate('window.pwned') is None
    assert page.errors == []
    assert page.evaluate("getComputedStyle(document.getElementById('autoindex-sitemap')).visibility") \
        == 'visible'
    expected = [e['name'] for e in expected_entries(spec, 1 if 'json' in site else 60)]
    assert [row['name'] for row in rows] == expected
    shown = {row['name']: row for row in rows}
    for name in expected:
        row = shown[name]
        assert row['href'] == href_of(server.url('/'), name, True)
        assert row['status'] == 'new'
        assert row['children'][0]['name'] == name
        assert row['children'][0]['href'] == href_of(row['href'], name, False)
    # Each link opens its own entry: the directory lists its one file under the
    # same name, and the file holds that name (NFC and NFD apart).
    links = []
    page.control('next').click()
    page.wait_settled()
    links += page.evaluate(LINKS_OF_ROWS)
    page.control('prev').click()
    page.wait_settled()
    links = page.evaluate(LINKS_OF_ROWS) + links
    assert len(links) == len(expected)
    for name, (row_href, child_href) in zip(expected, links):
        listing = page.evaluate(OPEN_LINK, row_href)
        assert listing['status'] == 200 and not listing['redirected'] and listing['url'] == row_href
        if 'json' in site:
            assert [entry['name'] for entry in json.loads(listing['text'])] == [name]
        else:
            assert 'href="{}"'.format(quote(name.encode('utf-8'), safe='-._~')) in listing['text']
        opened = page.evaluate(OPEN_LINK, child_href)
        assert opened['status'] == 200 and opened['text'] == name
    texts = page.evaluate("""() => [...document.getElementById('autoindex-sitemap').shadowRoot
        .querySelectorAll('[data-role=row] > .line > a')].map((a) => a.textContent)""")
    assert texts == [name + '/' for name in expected[:10]]


STRICT_CSP = "default-src 'self'; script-src 'self'; style-src 'self'; frame-src 'none'"


def strict_csp_site(serve, tmp_path):
    spec = standard_tree(12)
    write_tree(tmp_path / 'www', spec)
    server = serve('html-listings.conf', tmp_path / 'www',
                   extra="    add_header Content-Security-Policy \"{}\" always;".format(STRICT_CSP))
    return spec, server


@pytest.mark.needs('javascript-url-past-csp')
def test_a_page_with_a_strict_csp_still_gets_a_styled_overlay(page, serve, tmp_path, bookmarklet):
    spec, server = strict_csp_site(serve, tmp_path)
    page.goto(server.url('/'))
    assert STRICT_CSP in page.evaluate(
        "fetch(location.href).then(r => r.headers.get('content-security-policy'))")
    overlay = page.open_sitemap(server.url('/'), bookmarklet)
    assert [row['name'] for row in overlay['rows']] == [e['name'] for e in expected_entries(spec, 60)][:10]
    assert {row['status'] for row in overlay['rows'] if row['type'] == 'directory'} == {'new'}
    assert panel_style(page)['position'] == 'fixed', 'the constructed stylesheet applies'
    page.run_bookmarklet(bookmarklet)
    assert page.read_overlay() is None
    assert page.evaluate("document.querySelectorAll('iframe').length") == 0


def test_where_a_javascript_url_obeys_the_page_csp_a_click_does_nothing(page, serve, tmp_path,
                                                                        bookmarklet):
    """The limit behind the skip above, as it stands: WebKit runs no javascript: URL
    on a page whose script-src forbids inline scripts, so the click leaves the page
    as it was, with no overlay and no error."""
    if not limit(page.engine, 'javascript-url-past-csp'):
        pytest.skip('{} runs a javascript: URL past the page\'s CSP'.format(page.engine))
    _, server = strict_csp_site(serve, tmp_path)
    page.goto(server.url('/'))
    before = page.evaluate(PAGE_STATE)
    page.run_bookmarklet("javascript:void(document.title='ran')")
    page.run_bookmarklet(bookmarklet)
    time.sleep(1)
    assert page.evaluate('document.title') == 'Index of /'
    assert page.read_overlay() is None
    assert page.evaluate(PAGE_STATE) == before
    assert page.errors == []
