"""Usable by everyone, in each browser engine. Every state of the overlay a person reaches
(STATES) goes through axe-core, light, dark, at a phone's width, at 200 % zoom and in
forced colours, with 0 violations at any impact; and through the checks of what axe cannot
see: statuses said in words, nothing lost at a narrow width or high zoom, every control and
status visible in forced colours, nothing moving under reduced motion. The install page goes
through axe-core with a valid and an invalid value. Then the keyboard alone, in order with a
visible ring, and what a screen reader is told and when.

A state is one line of STATES: its name and the step that takes the overlay there from the
state before. Each condition runs the states in turn on one page, so a state added there is
checked in every condition and engine.
"""
import os
import time

import pytest

from tests.support.browsers import OVERLAY_OPEN, limit
from bookmarklet.words import BUTTON_ID, OVERLAY_ID, UNDECODABLE
from toolkit.release import USERSCRIPT_NAME
from tests.e2e.test_e2e_offer import offer_on
from tests.e2e.test_install_page import fill, open_page, shown_error
from tests.support.held_sites import held_site
from tests.support.trees import write_tree, directory, file, touch, standard_tree, SEPT_2026

# What the project puts on a listing page, by its host element, whose open shadow root axe
# walks into: the overlay, and the button the userscript (or a server) offers it with.
HOSTS = ['#' + OVERLAY_ID, '#' + BUTTON_ID]
PRESENT = '(hosts) => hosts.filter((host) => document.querySelector(host) !== null)'
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
def site(tmp_path, serve, delaying_upstream):
    www = tmp_path / 'www'
    write_tree(www, spec())
    (www / 'has-index' / 'index.html').write_text('<html><body>Welcome</body></html>')
    # A name whose bytes are not UTF-8, which its row marks.
    latin = os.path.join(os.fsencode(www), b'caf\xe9.txt')
    open(latin, 'wb').close()
    os.utime(latin, (SEPT_2026, SEPT_2026))
    # Listings below /zz/deeper/ are held back a minute: a map waits for one while the
    # states of a map under way and stopped are checked, however slow the machine.
    return serve(held_site(tmp_path, delaying_upstream(60), '/zz/deeper/'), www), www


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
SELECTED = """(count) => document.getElementById('autoindex-sitemap').shadowRoot
    .querySelector('[data-role=selected]').getAttribute('data-count') === count"""
MATCHES = """(start) => (document.getElementById('autoindex-sitemap').shadowRoot
    .querySelector('[data-role=matches]').textContent || '').startsWith(start)"""
SHOWS_ROOT = """(end) => {
  const status = document.getElementById('autoindex-sitemap').shadowRoot.querySelector('[data-role=status]');
  return status.getAttribute('data-root').endsWith(end) && status.getAttribute('data-state') !== 'loading';
}"""
COPY_SAID = """() => document.getElementById('autoindex-sitemap').shadowRoot
    .querySelector('.export .meta').textContent"""
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
        page.find('.export summary').click()
    page.control('export-format').select_option(chosen)
    page.wait_for(EXPORTED, chosen)


def opened_in_place(page):
    page.find('[data-role=row][data-name=docs] [data-role=open]').click()
    page.wait_for(SHOWS_ROOT, '/docs/')


MAP_STATE = """(state) => document.getElementById('autoindex-sitemap').shadowRoot
    .querySelector('[data-role=map-progress]').getAttribute('data-state') === state"""


def map_under_way(page, www):
    """Back at the root, where a directory has come whose own directory is slow to list
    (site): its map runs until paused, while that listing is held back."""
    (www / 'zz' / 'deeper').mkdir(parents=True)
    page.find('[data-role=crumb]').click()
    page.wait_for(SHOWS_ROOT, page.url)
    shows(page, '[data-role=row][data-name=zz][data-status=new]')
    page.control('map').click()
    page.wait_for(MAP_STATE, 'running')
    page.control('pause').click()
    page.wait_for(MAP_STATE, 'paused')


# Every state a person reaches, in an order one page goes through: its name, and the step
# from the state before (a function of the page and the served folder; a tuple runs its
# calls in turn). One line each.
STATES = [
    ('first rows: one failed, one not UTF-8', lambda page, www: (
        shows(page, '[data-role=row][data-status=failed] .note'), shows(page, '[data-undecodable=true]'))),
    ("a row's children all shown", lambda page, www: page.find('[data-role=more]').click()),
    ('search with hits', lambda page, www: search(page, 'e', '3 of 5 match')),
    ('search with none', lambda page, www: search(page, 'nothing such', '0 of 5 match')),
    ('tree scope', lambda page, www: (page.control('scope').select_option('tree'), search(page, 'i', '11 hits'))),
    ("what's new", lambda page, www: (search(page, '', ''), page.control('scope').select_option('page'),
                                 page.control('whats-new').click(), page.wait_for(MATCHES, '4 new or changed'))),
    ('export box open: urls', lambda page, www: (page.control('whats-new').click(), shows(page, '[data-role=row]'),
                                            export_as(page, 'urls'))),
    ('export box open: wget', lambda page, www: export_as(page, 'wget')),
    ('export box open: aria2', lambda page, www: export_as(page, 'aria2')),
    ('export box open: json', lambda page, www: export_as(page, 'json')),
    ('the export copied, or why not', lambda page, www: (page.control('copy').click(), page.wait_for(COPY_SAID))),
    ('entries selected, a directory among them', lambda page, www: (
        page.find('[data-role=row][data-name=media] > .line > [data-role=select]').click(),
        page.find('[data-role=row][data-name="top.txt"] > .line > [data-role=select]').click(),
        page.wait_for(SELECTED, '2'))),
    ('a directory opened in place', lambda page, www: opened_in_place(page)),
    ('a directory that is no listing, opened in place', lambda page, www: (
        page.find('[data-role=crumb]').click(), page.wait_for(SHOWS_ROOT, page.url),
        page.find('[data-role=row][data-name=has-index] [data-role=open]').click(),
        shows(page, '[data-role=status][data-state=broken]'))),
    ('a map under way, paused', map_under_way),
    ('a map stopped, what is left to resume', lambda page, www: (
        page.control('stop').click(), page.wait_for(MAP_STATE, 'stopped'))),
    ("the gallery of the page's sounds", lambda page, www: (page.control('gallery').click(),
                                                           shows(page, '[data-role=tile]'))),
    ('the player, saying it cannot play a sound', lambda page, www: (
        page.find('[data-role=tile]').click(), page.wait_for(IN_OVERLAY, '[data-role=viewer-note]:not(:empty)'))),
]

# The checks made in every state, each a function of the page: what fails, as lines to read.


def audited(page):
    """axe's violations, at every impact, in what the project has put on the page."""
    return said(page.audit({'include': [[host] for host in page.evaluate(PRESENT, HOSTS)]}))


def said(violations):
    """axe's violations as lines to read: rule (impact) at each node, and what fails there."""
    return ['{} ({}) at {}: {}'.format(violation['rule'], violation['impact'], target,
                                       summary.replace('\n', ' '))
            for violation in violations for target, summary in violation['nodes']]


# Shared by the checks below, in the page: the overlay's root and panel, a name to read for
# an element, the elements shown (with a box; the read-out-only status left out), its
# controls, and WCAG's contrast of two computed colours.
SHOWN = r"""
  const root = document.getElementById('autoindex-sitemap').shadowRoot;
  const panel = root.querySelector('.panel');
  const nameOf = (element) => {
    const row = element.closest('[data-role=row], [data-role=child], [data-role=hit]');
    const own = element.getAttribute('data-role')
      || element.tagName.toLowerCase() + (element.className ? '.' + element.className : '');
    return own + (row ? ' of ' + (row.getAttribute('data-path') || row.getAttribute('data-name')) : '');
  };
  const shown = [...panel.querySelectorAll('*')].filter((element) =>
    element.getClientRects().length > 0 && !element.closest('.said'));
  const controls = shown.filter((element) => element.matches('a[href], button, select, input, textarea, summary'));
  const channels = (colour) => colour.slice(colour.indexOf('(') + 1, -1).split(/[ ,\/]+/).map(Number);
  const luminance = (colour) => {
    const [r, g, b] = channels(colour).slice(0, 3).map((c) => c / 255)
      .map((c) => c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contrast = (a, b) => {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (light + 0.05) / (dark + 0.05);
  };
  const background = (element) => {
    for (let at = element; at; at = at.parentElement) {
      const colour = getComputedStyle(at).backgroundColor;
      if (channels(colour)[3] !== 0) return colour;
    }
    return getComputedStyle(panel).backgroundColor;
  };
"""

# Nothing lost at this width: the panel in the viewport and never scrolled sideways, every
# element shown inside it, no control over another.
LAID_OUT = """() => {""" + SHOWN + """
  const problems = [];
  const outer = panel.getBoundingClientRect();
  const left = outer.left + panel.clientLeft, right = left + panel.clientWidth;
  if (outer.left < 0 || outer.right > innerWidth) problems.push('the panel leaves the viewport');
  if (panel.scrollWidth > panel.clientWidth) problems.push('the panel scrolls sideways');
  for (const element of shown) {
    const box = element.getBoundingClientRect();
    if (box.width > 0 && (box.left < left - 1 || box.right > right + 1))
      problems.push(nameOf(element) + ' reaches past the panel (' + box.left + ' to ' + box.right + ')');
  }
  const boxes = controls.map((control) => control.getBoundingClientRect());
  for (let i = 0; i < boxes.length; i += 1) for (let j = i + 1; j < boxes.length; j += 1) {
    const a = boxes[i], b = boxes[j];
    if (Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
        && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1)
      problems.push(nameOf(controls[i]) + ' and ' + nameOf(controls[j]) + ' overlap');
  }
  return problems;
}"""

# Every status shown in words, where a colour shows it too: a row's, a child's that appeared, a
# hit's change, a failed row's reason, a name that is not UTF-8, the status line; and a name
# for the map's progress bar.
IN_WORDS = """(undecodable) => {""" + SHOWN + """
  const problems = [];
  const says = (element, words) => element !== null && element.getClientRects().length > 0
    && (words === undefined ? element.textContent.trim() !== '' : element.textContent.trim() === words);
  const mark = (element) => element.querySelector(':scope > .line > .mark');
  // What is in the page but not shown (the rows behind the gallery) says nothing.
  const all = (selector) => [...root.querySelectorAll(selector)]
    .filter((element) => element.getClientRects().length > 0);
  for (const row of all('[data-role=row][data-status]'))
    if (!says(mark(row), row.getAttribute('data-status'))) problems.push(nameOf(row) + ' has no word for its status');
  for (const row of all('[data-role=row][data-status=failed]'))
    if (!says(row.querySelector('.note'))) problems.push(nameOf(row) + ' does not say why it failed');
  for (const child of all('[data-appeared=true]'))
    if (!says(mark(child), 'new')) problems.push(nameOf(child) + ' appeared without saying so');
  for (const hit of all('[data-change]'))
    if (!says(mark(hit), hit.getAttribute('data-change'))) problems.push(nameOf(hit) + ' has no word for its change');
  for (const entry of all('[data-undecodable=true]'))
    if (!says(entry.querySelector(':scope > .line > .meta[title]'), undecodable))
      problems.push(nameOf(entry) + ' does not say its name is not UTF-8');
  if (!says(root.querySelector('[data-role=status]'))) problems.push('the status line says nothing');
  // axe does not ask a <progress> for a name: a screen reader would say only its value.
  for (const bar of shown.filter((element) => element.matches('progress'))) {
    const named = (bar.getAttribute('aria-labelledby') || '').split(' ')
      .map((id) => root.getElementById(id)).filter((label) => label !== null)
      .map((label) => label.textContent).join(' ').trim() || (bar.getAttribute('aria-label') || '').trim();
    if (named === '') problems.push(nameOf(bar) + ' has no name');
  }
  return problems;
}"""

# Forced colours keep every control and status visible: their text against what is behind
# it, a border round each field and button, and nothing opted out of the forced colours.
FORCED_VISIBLE = """() => {""" + SHOWN + """
  const problems = [];
  const statuses = shown.filter((element) => element.matches('.mark, .note, [data-role=status], [data-role=matches]'));
  for (const element of new Set([...controls, ...statuses])) {
    const style = getComputedStyle(element);
    if (element.textContent.trim() !== '' && !element.matches(':disabled')
        && contrast(style.color, background(element)) < 4.5)
      problems.push(nameOf(element) + ': ' + style.color + ' on ' + background(element));
    // A checkbox of the engine's own look is drawn in the forced colours, border and all.
    if (element.matches('button, select, input:not([type=checkbox]), textarea')
        && !['Top', 'Right', 'Bottom', 'Left'].some((side) => style['border' + side + 'Style'] !== 'none'
          && parseFloat(style['border' + side + 'Width']) > 0))
      problems.push(nameOf(element) + ' has no border');
  }
  for (const element of [panel, ...shown])
    if (getComputedStyle(element).forcedColorAdjust === 'none')
      problems.push(nameOf(element) + ' keeps its own colours');
  return problems;
}"""

# Nothing moves for a person who asked for reduced motion: no animation, no transition, no
# smooth scrolling, nothing running.
STILL = """() => {""" + SHOWN + """
  const problems = [];
  const moving = (durations) => durations.split(',').some((duration) => parseFloat(duration) > 0);
  for (const element of [root.host, ...root.querySelectorAll('*')]) {
    const style = getComputedStyle(element);
    if (style.animationName !== 'none' && moving(style.animationDuration))
      problems.push(nameOf(element) + ' is animated');
    if (moving(style.transitionDuration)) problems.push(nameOf(element) + ' has a transition');
    if (style.scrollBehavior === 'smooth') problems.push(nameOf(element) + ' scrolls smoothly');
  }
  if (root.getAnimations && root.getAnimations().length > 0) problems.push('animations run');
  return problems;
}"""


def laid_out(page):
    return page.evaluate(LAID_OUT)


def in_words(page):
    return page.evaluate(IN_WORDS, UNDECODABLE)


def forced_visible(page):
    return page.evaluate(FORCED_VISIBLE)


def still(page):
    return page.evaluate(STILL)


# What a person's browser is like, and the checks made in every state there: {name: (what
# new_page is given, the viewport or None, the checks)}. 200 % zoom of a 1280x720 window is
# the 640x360 viewport it leaves; a phone's width is 320 px, the narrowest a page must reflow
# to, but in WebKit, whose window is no narrower than 447 px (LIMITS): there 480 px, below
# 600 px all the same, where the overlay takes its phone layout.
FORCED = {'forced-colors': 'active'}
REDUCED = {'prefers-reduced-motion': 'reduce'}
NARROW = (320, 640)
PASSES = {
    'light': ({}, None, [audited, in_words, laid_out]),
    'dark': ({'color_scheme': 'dark'}, None, [audited, in_words]),
    'phone width': ({}, NARROW, [audited, laid_out]),
    '200 % zoom': ({}, (640, 360), [audited, laid_out]),
    'forced colours': ({'media': FORCED}, None, [forced_visible, audited]),
    'reduced motion': ({'media': REDUCED}, None, [still]),
}


def problems_in_every_state(page, site, bookmarklet, checks):
    """{state: what the checks find there} for every state of STATES where they find
    something, the overlay opened after a first visit and changes since."""
    server, www = site
    visit_then_change(page, server, www, bookmarklet)
    page.open_sitemap(server.url('/'), bookmarklet)
    found = {}
    for name, step in STATES:
        step(page, www)
        problems = [line for check in checks for line in check(page)]
        if problems:
            found[name] = problems
    return found


@pytest.mark.parametrize('condition', [
    pytest.param(name, marks=pytest.mark.needs('forced-colors')) if PASSES[name][0].get('media') == FORCED
    else name for name in sorted(PASSES)])
def test_every_state_of_the_overlay(new_page, site, bookmarklet, condition):
    """axe-core finds nothing at any impact in any state, nor do the checks of what it cannot
    see, in each condition."""
    options, viewport, checks = PASSES[condition]
    page = new_page(**options)
    if viewport == NARROW and limit(page.engine, 'phone-width'):
        viewport = (480, 640)
    if viewport:
        page.set_viewport(*viewport)
    found = problems_in_every_state(page, site, bookmarklet, checks)
    assert found == {}, '\n'.join(state + ': ' + line for state, lines in found.items() for line in lines)
    assert page.errors == []


@pytest.mark.parametrize('condition', [
    pytest.param(name, marks=pytest.mark.needs('forced-colors')) if PASSES[name][0].get('media') == FORCED
    else name for name in sorted(PASSES)])
def test_the_button_the_userscript_offers_the_sitemap_with(new_page, site, dist, condition):
    """axe-core finds nothing at any impact in the button, in each condition, and then in
    the overlay it opens."""
    options, viewport, _ = PASSES[condition]
    page = new_page(**options)
    if viewport:
        page.set_viewport(*(viewport if viewport != NARROW or not limit(page.engine, 'phone-width')
                            else (480, 640)))
    server, _ = site
    offer_on(page, server.url('/'), (dist / USERSCRIPT_NAME).read_text(encoding='utf-8'))
    assert audited(page) == []
    page.find('[data-role=open-sitemap]', in_overlay=BUTTON_ID).click()
    page.wait_settled()
    assert audited(page) == []
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


FOCUS_INSIDE = "document.getElementById('autoindex-sitemap').shadowRoot.activeElement !== null"


def opened_for_keys(page, server, bookmarklet):
    """The overlay, its rows settled and the panel focused, as it is focused once shown."""
    page.open_sitemap(server.url('/'), bookmarklet)
    page.wait_for(FOCUS_INSIDE)


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


@pytest.mark.parametrize('media', [None, pytest.param(FORCED, marks=pytest.mark.needs('forced-colors'))],
                         ids=['own colours', 'forced colours'])
def test_the_keyboard_alone_reaches_every_control_in_order_with_a_ring(new_page, site, bookmarklet, media):
    server, _ = site
    page = new_page(media=media)
    opened_for_keys(page, server, bookmarklet)
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
    opened_for_keys(page, server, bookmarklet)
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
