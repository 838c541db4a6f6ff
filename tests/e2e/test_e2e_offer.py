"""The sitemap where people already are (issue 27), in every engine.

The userscript, run as a manager runs it (once the page is loaded, document-idle: in the
page's realm, and in Chromium and Firefox as a content script, in a manager's isolated
world), adds one button and one key on the listings of nginx, Apache, lighttpd, Caddy
and HFS, and nothing at all on ordinary pages: no enumerable property on a built-in
prototype, no global, no frame (bench/footprint.py's measure), no element, no listener.
Its button and its key open the sitemap, which is then the bookmarklet's. nginx
(nginx/offer-to-visitors.conf), Apache (apache/offer-to-visitors.conf) and Caddy
(caddy/) offer the same button on every listing, under `script-src 'self'`.
"""

import json
import re
import shutil
import subprocess
import time
import urllib.request

import pytest

from bench.footprint import PAGE_STATE, added
from bookmarklet.words import BUTTON_ID, OPEN_ROLE
from servers.apache import Apache
from servers.caddy import Caddy
from toolkit import ROOT
from toolkit.release import APACHE_OFFER_NAME, OFFER_ELEMENT_NAME, USERSCRIPT_NAME
from tests.e2e.test_e2e_listing_servers import small_tree  # noqa: F401 (a fixture)
from tests.e2e.test_nginx_configs import get
from tests.support.browsers import limit

CSP = "default-src 'self'; script-src 'self'; style-src 'self'"
OPEN = '[data-role={}]'.format(OPEN_ROLE)

# As a manager that does not isolate it runs the userscript: in the page's own realm.
INJECT = '(code) => { (0, eval)(code); }'

# What a script leaves on the page that the footprint measure cannot see: elements and
# listeners. COUNT_LISTENERS counts every addEventListener from then on, keeping the
# method's own property (its name and enumerability) as it was.
COUNT_LISTENERS = """() => {
  const counted = {count: 0};
  Object.defineProperty(window, 'sitemapTestListeners', {value: counted});
  const own = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (...args) {
    counted.count += 1;
    return own.apply(this, args);
  };
}"""
PAGE_NOW = """() => ({html: document.documentElement.outerHTML,
                 listeners: window.sitemapTestListeners.count})"""
BUTTON = """(id, selector) => {
  const host = document.getElementById(id);
  const button = host && host.shadowRoot && host.shadowRoot.querySelector(selector);
  return button ? {text: button.textContent, keys: button.getAttribute('aria-keyshortcuts'),
                   first: document.body.firstElementChild === host,
                   hosts: document.querySelectorAll('#' + id).length} : null;
}"""

# Five pages that are no listing: an article, a login form, a page whose links lead
# elsewhere, a directory's own index.html, and nginx's own error page.
ORDINARY = {
    'article/index.html': '<!DOCTYPE html><title>On caching</title><h1>On caching</h1>'
                          '<p>A listing changes when a name is added. <a href="https://example.org/">More</a>'
                          ' and <a href="/about/">about us</a>.</p>',
    'login/index.html': '<!DOCTYPE html><title>Sign in</title><form method="post"><label>Name '
                        '<input name="user"></label><label>Password <input type="password" '
                        'name="password"></label><button>Sign in</button></form>',
    'links/index.html': '<!DOCTYPE html><title>Links</title><ul><li><a href="https://example.org/a">'
                        'A</a></li><li><a href="/elsewhere/b">B</a></li><li><a href="#top">Top</a>'
                        '</li></ul>',
    'docs/index.html': '<!DOCTYPE html><title>Documentation</title><nav><a href="guide.html">Read '
                       'the guide</a> <a href="faq.html">Questions</a></nav><main><h1>Welcome</h1>'
                       '<p>Start with the guide.</p></main>',
    # An app of its own at a user's folder, loaded as HFS loads its own: not HFS's.
    'app/index.html': '<!DOCTYPE html><title>Files</title><script type="module" '
                      'src="/~alice/frontend/app.js"></script><div id="root"></div>',
}
ORDINARY_URLS = ['/article/', '/login/', '/links/', '/docs/', '/app/', '/missing/']


@pytest.fixture(scope='session')
def userscript(dist):
    return (dist / USERSCRIPT_NAME).read_text(encoding='utf-8')


@pytest.fixture(scope='session')
def ordinary_tree(public_tmp):
    root = public_tmp / 'ordinary'
    for name, text in ORDINARY.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding='utf-8')
    return root


def inject(page, userscript):
    """Run the userscript in the page as a manager does; returns what the page had before,
    by the footprint measure, with its elements and listeners."""
    page.evaluate(COUNT_LISTENERS)
    before = dict(page.evaluate(PAGE_STATE), **page.evaluate(PAGE_NOW))
    page.evaluate(INJECT, userscript)
    return before


def footprint(page, before):
    """What the page gained since before: {measure, elements, listeners}."""
    now = dict(page.evaluate(PAGE_STATE), **page.evaluate(PAGE_NOW))
    return {'measure': added(before, now), 'elements': now['html'] != before['html'],
            'listeners': now['listeners'] - before['listeners']}


def the_button(page):
    """{text, keys, first, hosts} of the offer's button once it is there: its label, its
    aria-keyshortcuts, whether its host is the body's first element, how many hosts."""
    return page.wait_for(BUTTON, BUTTON_ID, OPEN, timeout=10000)


# What the engine reports of the button to the offer's IntersectionObserver, passed on to it
# unchanged and also written on the root element, where a test reads it in whichever world
# the userscript runs: so a test waits for the report, not for a time.
REPORTS_SIGHT = """(() => {
  const Observer = window.IntersectionObserver;
  window.IntersectionObserver = function (report, options) {
    return new Observer((found, observer) => {
      document.documentElement.setAttribute('data-sitemap-test-seen',
                                            String(found[found.length - 1].isVisible));
      report(found, observer);
    }, options);
  };
})()"""
SEEN = "(seen) => document.documentElement.getAttribute('data-sitemap-test-seen') === seen"


def wait_until_seen(page, visible):
    """Wait until the engine has reported the button visible (or not), where it can tell
    (IntersectionObserver v2); elsewhere the offer asks it nothing, and nothing is waited for."""
    if not limit(page.engine, 'sees-what-covers'):
        page.wait_for(SEEN, 'true' if visible else 'false')


def offer_on(page, url, userscript):
    """Open url and run the userscript there as a manager does; returns once its button is
    on the page (in the shadow root of #autoindex-sitemap-button: an audit reaches it as
    page.find(OPEN, in_overlay=BUTTON_ID)) and the engine has reported it in sight."""
    page.goto(url)
    page.evaluate(REPORTS_SIGHT)
    page.evaluate(INJECT, userscript)
    button = the_button(page)
    wait_until_seen(page, True)
    return button


def same_sitemap(page, new_page, url, bookmarklet, reference=None):
    """The overlay the offer opened, settled, is the one the bookmarklet opens on url in a
    fresh profile; or on the same page of reference, a server like url's but for its
    Content-Security-Policy, which keeps some engines from running a javascript: URL."""
    offered = page.wait_settled()
    other = new_page()
    reference = reference or url
    other.open_sitemap(reference, bookmarklet)
    origin, other_origin = [address[:address.index('/', len('http://'))] for address in [url, reference]]
    # The export box follows the rows a moment later: read both until they agree.
    deadline = time.monotonic() + 5
    while True:
        offered = page.read_overlay()
        clicked = json.loads(json.dumps(other.read_overlay()).replace(other_origin, origin))
        if offered == clicked or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert offered['status']['state'] == 'done'
    assert offered == clicked


def open_both_ways(page, new_page, url, bookmarklet, reference=None):
    """The button opens the sitemap, Esc closes it, the key opens it and closes it again."""
    page.find(OPEN, in_overlay=BUTTON_ID).click()
    same_sitemap(page, new_page, url, bookmarklet, reference)
    page.press('Escape')
    page.wait_for('document.getElementById("autoindex-sitemap") === null', timeout=5000)
    page.press('Alt+Shift+M')
    assert page.wait_settled()['status']['state'] == 'done'
    page.press('Alt+Shift+M')
    page.wait_for('document.getElementById("autoindex-sitemap") === null', timeout=5000)


LISTINGS = {'nginx': {'site': 'html-listings.conf'}, 'apache': {}, 'lighttpd': {}, 'caddy': {}}


@pytest.mark.parametrize('kind', sorted(LISTINGS))
def test_the_userscript_offers_the_sitemap_on_every_listing_server(
        page, new_page, live_server, small_tree, userscript, bookmarklet, kind):  # noqa: F811
    server = live_server(kind, small_tree, **LISTINGS[kind])
    page.goto(server.url('/'))
    before = inject(page, userscript)
    button = the_button(page)
    assert button == {'text': 'Sitemap', 'keys': 'Alt+Shift+M', 'first': True, 'hosts': 1}
    # The measure sees what the userscript adds here: one element, two listeners (the
    # button's click and the window's key),
    # and still nothing on a prototype, no global, no frame.
    assert footprint(page, before) == {'measure': 0, 'elements': True, 'listeners': 2}
    # Run again (two managers, or a server that offers it too): still one button.
    page.evaluate(INJECT, userscript)
    assert the_button(page)['hosts'] == 1
    open_both_ways(page, new_page, server.url('/'), bookmarklet)
    assert page.errors == []


def test_the_userscript_offers_the_sitemap_on_hfs(
        page, new_page, live_server, small_tree, userscript, bookmarklet):  # noqa: F811
    """HFS's page holds no listing, its app draws it from HFS's API: the app's script in the
    page's head is HFS's sign (bookmarklet/browser/gate.py), and the sitemap reads the API."""
    server = live_server('hfs', small_tree)
    page.goto(server.url('/'))
    page.evaluate(INJECT, userscript)
    assert the_button(page) == {'text': 'Sitemap', 'keys': 'Alt+Shift+M', 'first': True, 'hosts': 1}
    open_both_ways(page, new_page, server.url('/'), bookmarklet)
    assert page.errors == []


@pytest.mark.parametrize('path', ORDINARY_URLS)
def test_the_userscript_adds_nothing_to_an_ordinary_page(page, live_server, ordinary_tree,
                                                        userscript, path):
    server = live_server('nginx', ordinary_tree, site='html-listings.conf')
    page.goto(server.url(path))
    before = inject(page, userscript)
    assert footprint(page, before) == {'measure': 0, 'elements': False, 'listeners': 0}
    page.press('Alt+Shift+M')
    assert page.evaluate('document.getElementById("autoindex-sitemap")') is None
    assert page.errors == []


# A page that watches for the userscript: it hooks the document's lookups and records each
# one's argument, in order, before the userscript runs.
WATCH_LOOKUPS = """() => {
  const seen = [];
  Object.defineProperty(window, 'sitemapTestLookups', {value: seen});
  for (const [prototype, names] of [
      [Document.prototype, ['getElementById', 'getElementsByName', 'getElementsByTagName',
                            'getElementsByClassName', 'querySelector', 'querySelectorAll']],
      [Element.prototype, ['querySelector', 'querySelectorAll', 'closest', 'matches',
                           'getElementsByTagName', 'getElementsByClassName']]]) {
    for (const name of names) {
      const own = prototype[name];
      prototype[name] = function (...args) {
        seen.push(name + ' ' + String(args[0]));
        return own.apply(this, args);
      };
    }
  }
}"""


@pytest.mark.parametrize('path', ['/', '/article/', '/login/', '/links/', '/docs/', '/app/', '/missing/'])
def test_a_page_learns_nothing_of_the_userscript_before_it_reads_as_a_listing(
        page, live_server, ordinary_tree, small_tree, userscript, path):  # noqa: F811
    """Whether the page reads as a listing is the first thing the userscript asks of it: no
    lookup of its own names before, so a page that hooks the lookups learns of it only where
    it offers the sitemap anyway."""
    listing = path == '/'
    server = live_server('nginx', small_tree if listing else ordinary_tree,
                         site='html-listings.conf')
    page.goto(server.url(path))
    page.evaluate(WATCH_LOOKUPS)
    page.evaluate(INJECT, userscript)
    if listing:
        the_button(page)
    seen = page.evaluate('window.sitemapTestLookups')
    own = [at for at, lookup in enumerate(seen) if 'autoindex' in lookup]
    if listing:
        assert own and own[0] > 0, 'its own names looked up only after the page was read'
    else:
        assert own == [], seen
    assert page.errors == []


# A page of its own that handles Alt+Shift+M, and a field to type into.
PAGE_KEEPS_THE_KEY = """() => {
  const keep = (event) => {
    if (event.code === 'KeyM' && event.altKey && event.shiftKey) {
      event.preventDefault();
      document.removeEventListener('keydown', keep);
    }
  };
  document.addEventListener('keydown', keep);
  const field = document.body.appendChild(document.createElement('input'));
  field.id = 'sitemap-test-field';
}"""
OVERLAY_OPEN = 'document.getElementById("autoindex-sitemap") !== null'


def test_the_key_is_left_to_a_page_that_handles_it_and_to_a_field(
        page, live_server, small_tree, userscript):  # noqa: F811
    server = live_server('nginx', small_tree, site='html-listings.conf')
    offer_on(page, server.url('/'), userscript)
    page.evaluate(PAGE_KEEPS_THE_KEY)
    page.press('Alt+Shift+M')
    assert stays_closed(page), 'the page prevented it: the page keeps the key'
    page.find('#sitemap-test-field', in_overlay=False).click()
    page.press('Alt+Shift+M')
    assert stays_closed(page), 'a key typed into a field is the field\'s'
    page.evaluate('document.activeElement.blur()')
    page.press('Alt+Shift+M')
    assert page.wait_settled()['status']['state'] == 'done'


# Every site is a page that may try (docs/design.md, Trust): what its own script can do to the
# offer's key and button, each through the page's own DOM, in the page's realm.
FORGED_PRESSES = """() => {
  const button = document.getElementById('autoindex-sitemap-button').shadowRoot
    .querySelector('button');
  const key = {code: 'KeyM', key: 'M', altKey: true, shiftKey: true, bubbles: true,
               composed: true, cancelable: true};
  for (const target of [document.body, document, window])
    target.dispatchEvent(new KeyboardEvent('keydown', key));
  button.click();
  button.dispatchEvent(new MouseEvent('click', {bubbles: true, composed: true}));
  button.dispatchEvent(new PointerEvent('click', {bubbles: true, composed: true}));
}"""


def stays_closed(page):
    time.sleep(0.5)
    return not page.evaluate(OVERLAY_OPEN)


def test_a_page_cannot_open_the_sitemap_by_itself(
        page, live_server, small_tree, userscript):  # noqa: F811
    server = live_server('nginx', small_tree, site='html-listings.conf')
    offer_on(page, server.url('/'), userscript)
    page.evaluate(FORGED_PRESSES)
    assert stays_closed(page), 'a key or a click the page made opened the sitemap'
    page.press('Alt+Shift+M')
    assert page.wait_settled()['status']['state'] == 'done', 'the person\'s key opens it'
    assert page.errors == []


# A web component of the page with a field in its open shadow root, the field focused (a
# click there, which WebKitWebDriver takes for a click on the host's cover).
COMPONENT = """() => {
  const host = document.body.appendChild(document.createElement('div'));
  host.id = 'sitemap-test-component';
  host.attachShadow({mode: 'open'}).appendChild(document.createElement('input')).focus();
}"""


def test_the_key_typed_into_a_field_in_a_shadow_root_is_the_field_s(
        page, live_server, small_tree, userscript):  # noqa: F811
    server = live_server('nginx', small_tree, site='html-listings.conf')
    offer_on(page, server.url('/'), userscript)
    page.evaluate(COMPONENT)
    page.press('Alt+Shift+M')
    assert stays_closed(page), 'typed into a web component\'s field'
    page.evaluate("document.getElementById('sitemap-test-component').remove()")
    page.press('Alt+Shift+M')
    page.wait_settled()
    page.press('/')  # to the filter
    page.press('Alt+Shift+M')
    time.sleep(0.5)
    assert page.evaluate(OVERLAY_OPEN), 'typed into the overlay\'s own filter: it stays open'
    assert page.errors == []


# The page lays the button, drawn invisible, over a button of its own (the attack: the
# person presses "Play" and presses the sitemap's button).
UNDER_THE_CURSOR = """(drawn) => {
  const play = document.body.appendChild(document.createElement('button'));
  play.textContent = 'Play';
  play.style.cssText = 'position:fixed;left:40px;top:200px;width:160px;height:60px';
  const host = document.getElementById('autoindex-sitemap-button');
  host.style.cssText = 'position:fixed;left:40px;top:200px;z-index:2147483647;margin:0;' + drawn;
}"""
# What makes the button invisible while it still takes presses, on its host or above it.
INVISIBLE = {'transparent': 'opacity:0.01', 'filtered': 'filter:opacity(0)',
             'masked': 'mask-image:linear-gradient(transparent,transparent);'
                       '-webkit-mask-image:linear-gradient(transparent,transparent)',
             'blended': 'mix-blend-mode:multiply;opacity:1'}
DRAWN_PLAIN = """() => { document.getElementById('autoindex-sitemap-button').style.cssText = ''; }"""


@pytest.mark.parametrize('how', sorted(INVISIBLE))
def test_the_button_is_not_pressed_through_while_invisible(
        page, live_server, small_tree, userscript, how):  # noqa: F811
    server = live_server('nginx', small_tree, site='html-listings.conf')
    offer_on(page, server.url('/'), userscript)
    page.evaluate(UNDER_THE_CURSOR, INVISIBLE[how])
    page.find(OPEN, in_overlay=BUTTON_ID).click()
    assert stays_closed(page), 'pressed through, drawn ' + how
    page.evaluate(DRAWN_PLAIN)
    wait_until_seen(page, True)
    page.find(OPEN, in_overlay=BUTTON_ID).click()
    assert page.wait_settled()['status']['state'] == 'done', 'drawn plain, the press opens it'


# The engine's reports to the offer's IntersectionObserver held back until the test lets them
# go, as a busy machine holds them: the button is drawn and pressed before the engine says
# what it saw of it. The observer is the engine's own.
REPORTS_HELD = """() => {
  const Observer = window.IntersectionObserver, held = [];
  Object.defineProperty(window, 'sitemapTestReports', {value: held});
  window.IntersectionObserver = function (report, options) {
    return new Observer((found, observer) => held.push(() => report(found, observer)), options);
  };
}"""
REPORTS_LET_GO = """() => window.sitemapTestReports.splice(0).forEach((report) => report())"""
# A click heard after the offer's own listener: the press has been answered once it is.
PRESSES_HEARD = """() => {
  const heard = {count: 0};
  Object.defineProperty(window, 'sitemapTestPresses', {value: heard});
  document.getElementById('autoindex-sitemap-button').shadowRoot.querySelector('button')
    .addEventListener('click', () => { heard.count += 1; });
}"""


def test_a_press_before_the_engine_reports_on_the_button_is_answered_by_what_it_can_tell(
        page, live_server, small_tree, userscript):  # noqa: F811
    """Where the engine cannot tell what is painted over the button (no IntersectionObserver
    v2), the press opens the sitemap, report or not: on a busy machine WebKit took a press
    before its report, and the press did nothing. Where it can tell (Chromium), a press
    before it has looked is refused, and one after it saw the button opens the sitemap."""
    server = live_server('nginx', small_tree, site='html-listings.conf')
    page.goto(server.url('/'))
    page.evaluate(REPORTS_HELD)
    page.evaluate(INJECT, userscript)
    the_button(page)
    page.evaluate(PRESSES_HEARD)
    page.find(OPEN, in_overlay=BUTTON_ID).click()
    page.wait_for('window.sitemapTestPresses.count === 1')
    if limit(page.engine, 'sees-what-covers'):
        assert page.wait_settled()['status']['state'] == 'done', 'pressed before a report that says nothing'
        return
    assert not page.evaluate(OVERLAY_OPEN), 'pressed before the engine looked at the button'
    page.wait_for('window.sitemapTestReports.length > 0')
    page.evaluate(REPORTS_LET_GO)
    page.find(OPEN, in_overlay=BUTTON_ID).click()
    assert page.wait_settled()['status']['state'] == 'done', 'seen, the press opens it'


# The page focuses the button and covers it with a picture of its own that takes presses:
# Space, which the person presses for the page's game, presses the focused button.
COVERED_AND_FOCUSED = """() => {
  const host = document.getElementById('autoindex-sitemap-button');
  host.shadowRoot.querySelector('button').focus();
  const box = host.getBoundingClientRect();
  const cover = document.body.appendChild(document.createElement('div'));
  cover.id = 'sitemap-test-cover';
  cover.textContent = 'Press Space to play';
  cover.style.cssText = 'position:absolute;background:#fff;z-index:2147483647;left:0;top:' +
    (box.top + scrollY) + 'px;width:100%;height:' + (box.height + 20) + 'px';
}"""
# A picture over the button that takes no presses: the press goes through it to the button.
PAINTED_OVER = COVERED_AND_FOCUSED.replace(
    "cover.textContent", "cover.style.pointerEvents = 'none'; cover.textContent").replace(
    "'position:absolute", "'pointer-events:none;position:absolute")
UNCOVERED = "() => { document.getElementById('sitemap-test-cover').remove(); }"


def test_a_covered_button_is_not_pressed_by_a_key(
        page, live_server, small_tree, userscript):  # noqa: F811
    server = live_server('nginx', small_tree, site='html-listings.conf')
    offer_on(page, server.url('/'), userscript)
    page.evaluate(COVERED_AND_FOCUSED)
    page.press(' ')
    assert stays_closed(page), 'Space pressed the covered button'
    page.evaluate(UNCOVERED)
    wait_until_seen(page, True)
    page.evaluate("""() => document.getElementById('autoindex-sitemap-button').shadowRoot
        .querySelector('button').focus()""")
    page.press(' ')
    assert page.wait_settled()['status']['state'] == 'done', 'uncovered, Space opens it'


@pytest.mark.needs('sees-what-covers')
def test_a_button_painted_over_is_not_pressed_through(
        page, live_server, small_tree, userscript):  # noqa: F811
    server = live_server('nginx', small_tree, site='html-listings.conf')
    offer_on(page, server.url('/'), userscript)
    page.evaluate(PAINTED_OVER)
    wait_until_seen(page, False)
    page.find(OPEN, in_overlay=BUTTON_ID).click()
    assert stays_closed(page), 'pressed through a picture that takes no presses'
    page.evaluate(UNCOVERED)
    wait_until_seen(page, True)
    page.find(OPEN, in_overlay=BUTTON_ID).click()
    assert page.wait_settled()['status']['state'] == 'done'


def test_a_page_element_named_current_script_cannot_turn_the_bookmarklet_into_an_offer(
        page, live_server, small_tree, bookmarklet):  # noqa: F811
    server = live_server('nginx', small_tree, site='html-listings.conf')
    page.goto(server.url('/'))
    page.evaluate("""() => {
      const image = document.body.appendChild(document.createElement('img'));
      image.name = 'currentScript';
      image.setAttribute('data-offer', '');
    }""")
    assert page.evaluate('document.currentScript && document.currentScript.nodeName') == 'IMG'
    page.run_bookmarklet(bookmarklet)
    assert page.wait_settled()['status']['state'] == 'done'
    assert page.evaluate('document.getElementById({})'.format(json.dumps(BUTTON_ID))) is None


def csp_copy(source, work, lines, after='add_header Vary Accept always;'):
    """A copy of a configuration with lines after each of its lines that ends with after
    (by default, each that adds a Vary header)."""
    text = source.read_text(encoding='utf-8')
    assert after + '\n' in text, 'no line of {} ends with {}'.format(source.name, after)
    text = text.replace(after + '\n', after + '\n'
                        + ''.join('            {}\n'.format(line) for line in lines))
    work.mkdir(parents=True, exist_ok=True)
    copy = work / source.name
    copy.write_text(text, encoding='utf-8')
    return copy


def test_nginx_offers_the_sitemap_on_every_listing_under_script_src_self(
        page, new_page, serve, tmp_path, small_tree, dist, bookmarklet):  # noqa: F811
    site = csp_copy(ROOT / 'nginx' / 'offer-to-visitors.conf', tmp_path / 'site',
                    ['add_header Content-Security-Policy "{}" always;'.format(CSP)])
    server = serve(str(site), small_tree, dist=dist)
    reference = serve('offer-to-visitors.conf', small_tree, dist=dist)
    for path in ['/docs/', '/']:
        page.goto(server.url(path))
        assert the_button(page)['first']
    open_both_ways(page, new_page, server.url('/'), bookmarklet, reference.url('/'))
    assert page.errors == []


# What visitors load from the folder apache/offer-to-visitors.conf serves; offer-apache.conf
# goes to Apache's own configuration instead.
VISITORS_LOAD = ['sitemap.js', 'install.html', USERSCRIPT_NAME]


def apache_folders(dist, public_tmp, name):
    """(served, configuration), filled from dist as apache/offer-to-visitors.conf says: what
    visitors load in a folder www-data can read, offer-apache.conf in a folder of Apache's
    configuration, which only its root process reads."""
    served, configuration = public_tmp / name, public_tmp / (name + '-configuration')
    if not served.exists():
        served.mkdir()
        configuration.mkdir(mode=0o700)
        for file in VISITORS_LOAD:
            shutil.copy(dist / file, served)
        shutil.copy(dist / APACHE_OFFER_NAME, configuration)
    return served, configuration


def offering_apache(root, work, folders, csp=CSP):
    """Apache with apache/offer-to-visitors.conf, as a user includes it, and the CSP."""
    served, configuration = folders
    text = (ROOT / 'apache' / 'offer-to-visitors.conf').read_text(encoding='utf-8')
    text = text.replace('/srv/autoindex-sitemap/', str(served) + '/').replace(
        '/srv/files/', str(root) + '/').replace('/etc/apache2/autoindex-sitemap/',
                                                str(configuration) + '/')
    policy = 'Header always set Content-Security-Policy "{}"\n'.format(csp) if csp else ''
    return Apache(root, work, extra='LoadModule headers_module /usr/lib/apache2/modules/mod_headers.so\n'
                  + policy + text)


def test_apache_accepts_the_offer_and_writes_it_into_each_listing(tmp_path, public_tmp,
                                                                   small_tree, dist):  # noqa: F811
    server = offering_apache(small_tree, tmp_path / 'apache',
                             apache_folders(dist, public_tmp, 'dist-apache'))
    server.work.mkdir(parents=True)
    done = subprocess.run(server.command(server.write_config())[:-1] + ['-t'],
                          capture_output=True, text=True)
    assert done.returncode == 0 and 'Syntax OK' in done.stderr, done.stderr
    element = (dist / OFFER_ELEMENT_NAME).read_text(encoding='utf-8').strip()
    assert (dist / APACHE_OFFER_NAME).read_text(encoding='utf-8') == \
        'IndexHeadInsert "' + element + '"\n'


def test_whoever_writes_the_served_folder_writes_no_apache_configuration(
        tmp_path, public_tmp, small_tree, dist):  # noqa: F811
    """A deploy that writes the folder visitors load from (or anyone who can) plants an
    offer-apache.conf there, as copying dist/ whole would: Apache never reads it."""
    served, configuration = apache_folders(dist, public_tmp, 'dist-apache-planted')
    (served / APACHE_OFFER_NAME).write_text(
        'IndexHeadInsert "<script src=\'//planted.example/x.js\'></script>"\n', encoding='utf-8')
    with offering_apache(small_tree, tmp_path / 'apache', (served, configuration)) as server:
        with urllib.request.urlopen(server.url('/')) as answer:
            listing = answer.read().decode('utf-8')
    assert 'planted.example' not in listing
    assert (dist / OFFER_ELEMENT_NAME).read_text(encoding='utf-8').strip() in listing


def test_apache_offers_the_sitemap_on_every_listing_under_script_src_self(
        page, new_page, tmp_path, public_tmp, small_tree, dist, bookmarklet):  # noqa: F811
    folders = apache_folders(dist, public_tmp, 'dist-apache')
    with offering_apache(small_tree, tmp_path / 'apache', folders) as server, \
            offering_apache(small_tree, tmp_path / 'reference', folders, csp=None) as reference:
        page.goto(server.url('/'))
        assert the_button(page)['first']
        open_both_ways(page, new_page, server.url('/'), bookmarklet, reference.url('/'))
        assert page.errors == []


class OfferingCaddy(Caddy):
    """Caddy with caddy/offer-to-visitors.Caddyfile as a user fills it in, its template
    caddy/browse.html, and the CSP."""

    def __init__(self, root, work, dist, csp=CSP):
        super().__init__(root, work)
        self.dist = dist
        self.csp = csp

    def write_config(self):
        text = (ROOT / 'caddy' / 'offer-to-visitors.Caddyfile').read_text(encoding='utf-8')
        text = text.replace('http://127.0.0.1:8080 {', '{{\n    admin off\n    log {{\n        '
                            'output file {}/caddy.log\n    }}\n}}\nhttp://127.0.0.1:{} {{'.format(
                                self.work, self.port).replace('{{', '{').replace('}}', '}'))
        text = text.replace('/srv/files', str(self.root)).replace(
            '/srv/autoindex-sitemap-caddy/browse.html', str(ROOT / 'caddy' / 'browse.html')).replace(
            '/srv/autoindex-sitemap', str(self.dist))
        if self.csp:
            text = text.replace('    handle {', '    header Content-Security-Policy "{}"\n    handle {{'
                                .format(self.csp).replace('{{', '{'))
        config = self.work / 'Caddyfile'
        config.write_text(text, encoding='utf-8')
        return config


def test_caddy_offers_the_sitemap_on_every_listing_under_script_src_self(
        page, new_page, tmp_path, small_tree, dist, bookmarklet):  # noqa: F811
    with OfferingCaddy(small_tree, tmp_path / 'caddy', dist) as server, \
            OfferingCaddy(small_tree, tmp_path / 'reference', dist, csp=None) as reference:
        # sitemap.js pinned by its hash is kept (a click asks for nothing), the rest revalidated.
        assert get(server.url('/.autoindex-sitemap/sitemap.js?v=1'))[1]['Cache-Control'] \
            == 'max-age=315360000'
        assert get(server.url('/.autoindex-sitemap/install.html'))[1]['Cache-Control'] == 'no-cache'
        for path in ['/docs/', '/']:
            page.goto(server.url(path))
            assert the_button(page)['first']
        open_both_ways(page, new_page, server.url('/'), bookmarklet, reference.url('/'))
        assert page.errors == []


# A manager's isolated world: Violentmonkey (@inject-into content), Tampermonkey (@sandbox DOM)
# and Greasemonkey run the userscript as an extension's content script, beside the page's
# DOM but apart from its script. So do these tests: an extension whose content script is the
# built userscript, made from its own metadata block (its @match lines, its @run-at, its
# @noframes), after REPORTS_SIGHT in the same world.
METADATA = re.compile(r'^// @(\S+)(?:[ \t]+(.*))?$', re.M)


@pytest.fixture(scope='session')
def isolated_userscript(dist, tmp_path_factory):
    """A folder holding that extension, for new_page(extension=...)."""
    folder = tmp_path_factory.mktemp('isolated-userscript')
    shutil.copy(dist / USERSCRIPT_NAME, folder)
    (folder / 'reports-sight.js').write_text(REPORTS_SIGHT, encoding='utf-8')
    head = (dist / USERSCRIPT_NAME).read_text(encoding='utf-8').split('// ==/UserScript==')[0]
    keys = METADATA.findall(head)
    fields = dict(keys)  # the last of each key: one each but @match
    script = {'matches': [value for key, value in keys if key == 'match'],
              'js': ['reports-sight.js', USERSCRIPT_NAME], 'world': 'ISOLATED',
              'run_at': fields['run-at'].replace('-', '_'), 'all_frames': 'noframes' not in fields}
    (folder / 'manifest.json').write_text(json.dumps({
        'manifest_version': 3, 'name': 'the userscript in a content script', 'version': '1',
        'browser_specific_settings': {'gecko': {'id': 'userscript@autoindex-sitemap.test'}},
        'content_scripts': [script]}), encoding='utf-8')
    return folder


@pytest.mark.needs('isolated-world')
@pytest.mark.parametrize('kind', ['nginx', 'hfs'])
def test_in_a_manager_s_isolated_world_the_userscript_offers_and_opens_the_sitemap(
        new_page, live_server, small_tree, isolated_userscript, bookmarklet, kind):  # noqa: F811
    """HFS too: its sign is in the page's DOM, which the isolated world shares."""
    server = live_server(kind, small_tree, **LISTINGS.get(kind, {}))
    page = new_page(extension=isolated_userscript)
    page.goto(server.url('/'))
    assert the_button(page) == {'text': 'Sitemap', 'keys': 'Alt+Shift+M', 'first': True, 'hosts': 1}
    open_both_ways(page, new_page, server.url('/'), bookmarklet)
    assert page.errors == []


@pytest.mark.needs('isolated-world')
def test_in_a_manager_s_isolated_world_a_policy_against_inline_scripts_keeps_nothing_out(
        new_page, serve, tmp_path, small_tree, isolated_userscript, bookmarklet):  # noqa: F811
    """GitHub's policy, which keeps Violentmonkey's page-world injection out in Firefox."""
    site = csp_copy(ROOT / 'nginx' / 'html-listings.conf', tmp_path / 'site',
                    ['add_header Content-Security-Policy "{}" always;'.format(CSP)],
                    after='autoindex on;')
    server = serve(str(site), small_tree)
    reference = serve('html-listings.conf', small_tree)
    page = new_page(extension=isolated_userscript)
    page.goto(server.url('/'))
    assert the_button(page)['first']
    open_both_ways(page, new_page, server.url('/'), bookmarklet, reference.url('/'))


# The page replaces what a press asks of the engine before the userscript runs, so that the
# button, drawn transparent under the cursor, would seem drawn as it is and in sight: its
# computed styles say what DRAWN asks, and its IntersectionObserver sees everything.
REPLACED_SIGHT = """(() => {
  const own = window.getComputedStyle;
  const drawn = {opacity: '1', visibility: 'visible', filter: 'none', 'mix-blend-mode': 'normal',
                 'mask-image': 'none', '-webkit-mask-image': 'none'};
  window.getComputedStyle = function (element, pseudo) {
    const style = own.call(window, element, pseudo);
    return new Proxy(style, {get: (target, name) => name === 'getPropertyValue'
      ? (property) => drawn[property] || target.getPropertyValue(property)
      : typeof target[name] === 'function' ? target[name].bind(target) : target[name]});
  };
  window.IntersectionObserver = class {
    constructor(callback) { this.callback = callback; }
    observe(target) { setTimeout(() => this.callback([{target, isVisible: true}], this), 0); }
    unobserve() {}
    disconnect() {}
  };
})()"""


@pytest.mark.needs('isolated-world')
def test_in_a_manager_s_isolated_world_what_the_page_replaces_does_not_reach_the_press(
        new_page, live_server, small_tree, isolated_userscript):  # noqa: F811
    server = live_server('nginx', small_tree, site='html-listings.conf')
    page = new_page(init_script=REPLACED_SIGHT, extension=isolated_userscript)
    page.goto(server.url('/'))
    the_button(page)
    assert page.evaluate('getComputedStyle(document.body).opacity') == '1'
    page.evaluate(UNDER_THE_CURSOR, INVISIBLE['transparent'])
    assert page.evaluate("""() => getComputedStyle(document.getElementById(
        'autoindex-sitemap-button')).getPropertyValue('opacity')""") == '1', 'the page lies'
    page.find(OPEN, in_overlay=BUTTON_ID).click()
    assert stays_closed(page), "pressed through, the page's own answers believed"
    page.evaluate(DRAWN_PLAIN)
    wait_until_seen(page, True)
    page.find(OPEN, in_overlay=BUTTON_ID).click()
    assert page.wait_settled()['status']['state'] == 'done', 'drawn plain, the press opens it'
