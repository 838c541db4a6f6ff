"""Usable by everyone, in each browser engine: axe-core's audit of every state of the overlay a
person reaches, light, dark and at phone width, and of the install page.

A state is one line of STATES: its name and the step that takes the overlay there from the
state before. The audit runs each state in turn on one page, so a state added there is
audited light, dark and narrow in every engine.
"""

import time

import pytest

from tests.browsers import OVERLAY_OPEN, limit
from tests.test_install_page import fill, open_page, shown_error
from tests.trees import write_tree, directory, file, touch, standard_tree, SEPT_2026

# axe's context for the overlay: its host, whose open shadow root axe walks into.
OVERLAY = [['#autoindex-sitemap']]
# The install page is the project's whole document: every rule, the page-level ones too.
WHOLE_PAGE = {'exclude': []}


def spec():
    return {
        'docs': directory(SEPT_2026 + 500, {
            'guide.txt': file(SEPT_2026 + 50, 10),
            'deep': directory(SEPT_2026 + 400, {'inner.bin': file(SEPT_2026 + 10, 11)}),
        }),
        'has-index': directory(SEPT_2026 + 480, {'index.html': file(SEPT_2026, 0)}),
        'media': directory(SEPT_2026 + 450, {
            'mix-{:02d}.ogg'.format(i): file(SEPT_2026 + 100 + i, 1000 * i) for i in range(8)}),
        'top.txt': file(SEPT_2026 + 60, 5),
    }


@pytest.fixture
def site(tmp_path, serve):
    www = tmp_path / 'www'
    write_tree(www, spec())
    (www / 'has-index' / 'index.html').write_text('<html><body>Welcome</body></html>')
    return serve('json-by-accept.conf', www), www


def visit_then_change(page, server, www, bookmarklet):
    """A first visit, then changes since: a new file in docs/, a file of media/ rewritten."""
    page.open_sitemap(server.url('/'), bookmarklet)
    page.run_bookmarklet(bookmarklet)
    now = time.time()  # in the visit's second or after it: since the visit
    (www / 'docs' / 'new.txt').write_bytes(b'new')
    for path in [www / 'docs' / 'new.txt', www / 'docs', www / 'media' / 'mix-07.ogg', www / 'media']:
        touch(path, now)


IN_OVERLAY = """(selector) => document.getElementById('autoindex-sitemap').shadowRoot
    .querySelector(selector) !== null"""
MATCHES = """(start) => (document.getElementById('autoindex-sitemap').shadowRoot
    .querySelector('[data-role=matches]').textContent || '').startsWith(start)"""
SHOWS_ROOT = """(end) => {
  const status = document.getElementById('autoindex-sitemap').shadowRoot.querySelector('[data-role=status]');
  return status.getAttribute('data-root').endsWith(end) && status.getAttribute('data-state') !== 'loading';
}"""
EXPORTED = """(format) => {
  const root = document.getElementById('autoindex-sitemap').shadowRoot;
  return root.querySelector('details.export').open
    && root.querySelector('[data-role=export-format]').value === format
    && root.querySelector('[data-role=export-text]').value !== '';
}"""


def shows(page, selector):
    page.wait_for(IN_OVERLAY, selector)


def search(page, query, said):
    page.control('filter').fill(query)
    page.wait_for(MATCHES, said)


def export_as(page, chosen):
    if not page.evaluate("document.getElementById('autoindex-sitemap').shadowRoot"
                         ".querySelector('details.export').open"):
        # In view first: WebKit's driver clicks where an element in the scrolled panel was.
        page.evaluate("document.getElementById('autoindex-sitemap').shadowRoot"
                      ".querySelector('.export summary').scrollIntoView()")
        page.find('.export summary').click()
    page.control('export-format').select_option(chosen)
    page.wait_for(EXPORTED, chosen)


def opened_in_place(page):
    page.find('[data-role=row][data-name=docs] [data-role=open]').click()
    page.wait_for(SHOWS_ROOT, '/docs/')


# Every state a person reaches, in an order one page goes through: its name, and the step
# from the state before (a function of the page; a tuple runs its calls in turn). One line
# each: a running and a finished map join here when the map is built.
STATES = [
    ('first rows, one of them failed', lambda page: shows(page, '[data-role=row][data-status=failed] .note')),
    ("a row's children all shown", lambda page: page.find('[data-role=more]').click()),
    ('search with hits', lambda page: search(page, 'e', '2 of 4 match')),
    ('search with none', lambda page: search(page, 'nothing such', '0 of 4 match')),
    ('tree scope', lambda page: (page.control('scope').select_option('tree'), search(page, 'i', '11 hits'))),
    ("what's new", lambda page: (search(page, '', ''), page.control('scope').select_option('page'),
                                 page.control('whats-new').click(), page.wait_for(MATCHES, '4 new or changed'))),
    ('export box open: urls', lambda page: (page.control('whats-new').click(), shows(page, '[data-role=row]'),
                                            export_as(page, 'urls'))),
    ('export box open: wget', lambda page: export_as(page, 'wget')),
    ('export box open: aria2', lambda page: export_as(page, 'aria2')),
    ('export box open: json', lambda page: export_as(page, 'json')),
    ('a directory opened in place', opened_in_place),
    ('a directory that is no listing, opened in place', lambda page: (
        page.find('[data-role=crumb]').click(), page.wait_for(SHOWS_ROOT, page.url),
        page.find('[data-role=row][data-name=has-index] [data-role=open]').click(),
        shows(page, '[data-role=status][data-state=broken]'))),
]

# Where the states are audited: the system's colour scheme, and the viewport's width.
PHONE = 360
THEMES = {'light': ('light', None), 'dark': ('dark', None), 'phone width': ('light', PHONE)}


def violations_in_every_state(page, site, bookmarklet):
    """{state: axe's violations there} for every state of STATES with one at least, the
    overlay opened after a first visit and changes since."""
    server, www = site
    visit_then_change(page, server, www, bookmarklet)
    page.open_sitemap(server.url('/'), bookmarklet)
    found = {}
    for name, step in STATES:
        step(page)
        violations = page.audit(OVERLAY)
        if violations:
            found[name] = said(violations)
    return found


def said(violations):
    """axe's violations as lines to read: rule (impact) at each node, and what fails there."""
    return ['{} ({}) at {}: {}'.format(violation['rule'], violation['impact'], target,
                                       summary.replace('\n', ' '))
            for violation in violations for target, summary in violation['nodes']]


@pytest.mark.parametrize('theme', sorted(THEMES))
def test_every_state_of_the_overlay_passes_axe(new_page, site, bookmarklet, theme):
    scheme, width = THEMES[theme]
    page = new_page(color_scheme=scheme)
    if width:
        # The phone layout starts below 600 px; WebKit's window stops at its toolbar's width.
        page.set_viewport(480 if limit(page.engine, 'phone-width') else width, 700)
    found = violations_in_every_state(page, site, bookmarklet)
    assert found == {}, '\n'.join(state + ': ' + line for state, lines in found.items() for line in lines)
    assert page.errors == []


def test_the_install_page_passes_axe_with_a_valid_and_an_invalid_value(page, dist):
    open_page(page, dist)
    fill(page, {'pageSize': '20', 'title': 'Files'})
    assert shown_error(page) == ''
    valid = said(page.audit(WHOLE_PAGE))
    fill(page, {'pageSize': '0'})
    assert shown_error(page) != ''
    invalid = said(page.audit(WHOLE_PAGE))
    assert valid + invalid == [], '\n'.join(['valid: ' + line for line in valid] +
                                            ['invalid: ' + line for line in invalid])


# Records, from the moment the overlay is put on the page, each text a live region of its
# shadow root comes to hold: [[the region's data-role or class, its aria-live, the text]]
# in window.sitemapTestSaid.
LISTEN = """() => {
  const said = [];
  Object.defineProperty(window, 'sitemapTestSaid', {value: said});
  const listen = (root) => {
    const last = new Map();
    const regions = () => root.querySelectorAll('[aria-live]:not([aria-live=off]), [role=status], [role=alert]');
    for (const region of regions()) last.set(region, region.textContent);
    new MutationObserver(() => {
      for (const region of regions()) {
        const text = region.textContent;
        if (last.get(region) !== text && text !== '')
          said.push([region.getAttribute('data-role') || region.className,
                     region.getAttribute('aria-live') || region.getAttribute('role'), text]);
        last.set(region, text);
      }
    }).observe(root, {subtree: true, childList: true, characterData: true});
  };
  new MutationObserver((records, observer) => {
    const host = document.getElementById('autoindex-sitemap');
    if (host) { observer.disconnect(); listen(host.shadowRoot); }
  }).observe(document.body, {childList: true});
}"""
SAID = 'window.sitemapTestSaid'

IN_LIVE_REGION = """() => [...document.getElementById('autoindex-sitemap').shadowRoot
    .querySelectorAll('[data-role=row], [data-role=hit]')].filter((row) =>
      row.closest('[aria-live]:not([aria-live=off]), [role=status], [role=log], [role=alert]')).length"""


def test_the_status_is_announced_politely_once_a_page_settles_not_at_every_row(page, serve, tmp_path,
                                                                               bookmarklet):
    write_tree(tmp_path / 'www', standard_tree(12))
    server = serve('json-by-accept.conf', tmp_path / 'www')
    page.goto(server.url('/'))
    page.evaluate(LISTEN)
    page.run_bookmarklet(bookmarklet)
    overlay = page.wait_settled()
    assert len([row for row in overlay['rows'] if row['type'] == 'directory']) == 9
    time.sleep(0.5)  # what the next page's prefetch might say
    said = page.evaluate(SAID)
    assert {politeness for _, politeness, _ in said} == {'polite'}
    assert [text for _, _, text in said] == [overlay['status']['text']]
    assert page.evaluate(IN_LIVE_REGION) == 0


# What has focus in the overlay: its index among the shadow root's elements, a name to
# read, its box, whether it shows as keyboard focus (:focus-visible) and its ring: the
# outline's style, width and colour, and the panel's background colour behind it.
FOCUSED = """() => {
  const root = document.getElementById('autoindex-sitemap').shadowRoot;
  const active = root.activeElement;
  if (!active) return null;
  // Its box in the panel's content, wherever focus scrolled the panel.
  const panel = root.querySelector('.panel'), outer = panel.getBoundingClientRect();
  const style = getComputedStyle(active), box = active.getBoundingClientRect();
  const down = panel.scrollTop - outer.top, right = panel.scrollLeft - outer.left;
  const row = active.closest('[data-role=row], [data-role=child], [data-role=hit]');
  return {
    index: [...root.querySelectorAll('*')].indexOf(active),
    name: (active.getAttribute('data-role') || active.tagName.toLowerCase())
      + (row ? ' of ' + row.getAttribute('data-name') : ''),
    top: box.top + down, bottom: box.bottom + down, left: box.left + right,
    visible: active.matches(':focus-visible'),
    ring: [style.outlineStyle, parseFloat(style.outlineWidth), style.outlineColor],
    behind: getComputedStyle(panel).backgroundColor,
  };
}"""

# Every control a person can work in the panel now, as FOCUSED's indexes: those with a box,
# not disabled, not inside a closed box but its summary.
CONTROLS = """() => {
  const root = document.getElementById('autoindex-sitemap').shadowRoot;
  const all = [...root.querySelectorAll('*')];
  return all.filter((element) => element.matches(
      'a[href], button:enabled, select:enabled, input:enabled, textarea, summary, [tabindex]:not([tabindex="-1"])')
    && element.getClientRects().length > 0
    && !(element.closest('details:not([open])') && element.tagName !== 'SUMMARY'))
    .map((element) => all.indexOf(element));
}"""


def tab_round(page):
    """What Tab focuses, from the control after the one focused, once round the panel."""
    seen = []
    while not seen or seen[-1]['index'] != seen[0]['index'] or len(seen) == 1:
        assert len(seen) < 100, 'Tab never comes back to ' + seen[0]['name']
        page.press('Tab')
        seen.append(page.evaluate(FOCUSED))
    return seen[:-1]


def tab_to(page, selector):
    """Tab until the control selector names has focus."""
    for _ in range(100):
        page.press('Tab')
        if page.evaluate(IS_FOCUSED, selector):
            return
    raise AssertionError('Tab never reaches ' + selector)


IS_FOCUSED = """(selector) => {
  const root = document.getElementById('autoindex-sitemap').shadowRoot;
  return root.activeElement !== null && root.activeElement === root.querySelector(selector);
}"""


def contrast(first, second):
    """WCAG's contrast ratio of two computed colours, 'rgb(r, g, b)'."""
    def luminance(colour):
        red, green, blue = [float(part) / 255 for part in colour[colour.index('(') + 1:].rstrip(')').split(',')[:3]]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (red, green, blue)]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    light, dark = sorted([luminance(first), luminance(second)], reverse=True)
    return (light + 0.05) / (dark + 0.05)


def assert_reading_order(seen):
    """Each control focused after the one before, in the DOM and on the screen: further down,
    or on the same line further right."""
    start = min(range(len(seen)), key=lambda at: seen[at]['index'])
    ordered = seen[start:] + seen[:start]
    assert [each['index'] for each in ordered] == sorted(each['index'] for each in ordered), \
        [each['name'] for each in ordered]
    for before, after in zip(ordered, ordered[1:]):
        same_line = after['top'] < before['bottom'] and before['top'] < after['bottom']
        assert (after['left'] > before['left']) if same_line else after['top'] >= before['bottom'] - 1, \
            '{} comes after {} but is above or left of it'.format(after['name'], before['name'])


def assert_rings(seen):
    for each in seen:
        style, width, colour = each['ring']
        assert each['visible'] and style not in ('none', 'hidden') and width >= 2, each
        assert contrast(colour, each['behind']) >= 3, each


def test_the_keyboard_alone_reaches_every_control_in_order_with_a_ring(page, site, bookmarklet):
    server, _ = site
    page.open_sitemap(server.url('/'), bookmarklet)
    shows(page, '[data-role=row][data-status=failed] .note')
    seen = tab_round(page)
    assert sorted(each['index'] for each in seen) == sorted(page.evaluate(CONTROLS)), \
        [each['name'] for each in seen]
    assert_reading_order(seen)
    assert_rings(seen)
    # The export box opens from the keyboard, and its controls join the round.
    tab_to(page, '.export summary')
    page.press('Enter')
    shows(page, 'details.export[open]')
    seen = tab_round(page)
    assert sorted(each['index'] for each in seen) == sorted(page.evaluate(CONTROLS))
    assert {'export-format', 'copy', 'save', 'export-text'} <= {each['name'] for each in seen}
    assert_reading_order(seen)
    assert_rings(seen)
    page.press('Shift+Tab')
    assert page.evaluate(FOCUSED)['index'] == seen[-1]['index']


def test_the_keyboard_alone_works_every_kind_of_control(page, site, bookmarklet):
    server, _ = site
    page.open_sitemap(server.url('/'), bookmarklet)
    shows(page, '[data-role=more]')
    tab_to(page, '[data-role=more]')
    page.press('Enter')
    assert page.find('[data-role=more]').get_attribute('aria-expanded') == 'true'
    tab_to(page, '[data-role=whats-new]')
    page.press('Enter')
    page.wait_for(MATCHES, 'No previous visit')
    page.press('Enter')
    shows(page, '[data-role=row]')
    # A choice moves with the arrow keys, as in any <select>.
    tab_to(page, '[data-role=page-size]')
    page.press('ArrowDown')
    page.wait_for("() => document.getElementById('autoindex-sitemap').shadowRoot"
                  ".querySelector('[data-role=page-size]').value === '15'")
    tab_to(page, '[data-role=scope]')
    page.press('ArrowDown')
    page.wait_for("() => document.getElementById('autoindex-sitemap').shadowRoot"
                  ".querySelector('[data-role=scope]').value === 'tree'")
    tab_to(page, '.export summary')
    page.press(' ')
    shows(page, 'details.export[open]')
    tab_to(page, '[data-role=export-format]')
    page.press('ArrowDown')
    page.wait_for(EXPORTED, 'wget')
    tab_to(page, '[data-role=row][data-name=docs] [data-role=open]')
    page.press('Enter')
    page.wait_for(SHOWS_ROOT, '/docs/')
    tab_to(page, '[data-role=crumb]')
    page.press('Enter')
    page.wait_for(SHOWS_ROOT, server.url('/'))
    tab_to(page, '[data-role=close]')
    page.press('Enter')
    page.wait_for('!' + OVERLAY_OPEN)
