"""The one browser the end-to-end suites talk to, in three engines.

A suite asks for `page` (a tab in a fresh profile) and gets it once per engine:
Chromium through Playwright, Firefox ESR through puppeteer-core over WebDriver
BiDi (tests/support/firefox_driver.py), WebKitGTK's MiniBrowser through WebKitWebDriver
(tests/support/webkit_driver.py). Every engine implements the same few primitives
(open a URL, navigate to a javascript: URL as a bookmark click does, evaluate a
script, click, type, choose, press a key, read the page's errors and alerts and
the files it saved); everything else, the overlay read as docs/contract.md
(*The overlay DOM*) describes it included, is written once here on top of them.

A browser (one per engine for the session) gives pages: new_page(init_script=None,
color_scheme=None, media=None) is a tab in a fresh profile, whose frames run init_script
before anything else a test does there, and whose system prefers color_scheme and the
user preferences media names ({'prefers-reduced-motion': 'reduce', 'forced-colors':
'active'}, as CSS media features say them).

Where an engine cannot do what a test needs, the test says so with the `needs`
marker, which skips it in that engine with the reason in LIMITS; a test that
leaves out one check where an engine cannot make it asks `limit()`.
"""

import json
import time
from pathlib import Path

from servers.process import on_this_machine

ENGINES = ['chromium', 'firefox', 'webkit']

# capability -> {engine: why that engine's driver cannot do it}
LIMITS = {
    'phone-width': {
        'webkit': "MiniBrowser's window is never narrower than its toolbar (447 px)",
    },
    'javascript-url-past-csp': {
        'webkit': "WebKit runs no javascript: URL on a page whose CSP script-src forbids "
                  'inline scripts (at least as WebKitWebDriver navigates to it)',
    },
    'forced-colors': {
        'webkit': 'WebKitGTK has no forced colours mode: it never matches (forced-colors: active)',
    },
    'sees-what-covers': {
        'firefox': 'no IntersectionObserver v2 (trackVisibility) in Firefox: what is painted over '
                   'an element and takes no presses (pointer-events: none) goes unseen',
        'webkit': 'no IntersectionObserver v2 (trackVisibility) in WebKit: what is painted over '
                  'an element and takes no presses (pointer-events: none) goes unseen',
    },
    'isolated-world': {
        'webkit': 'MiniBrowser loads no extension, so nothing runs a script apart from the page '
                  'as a userscript manager does (a content script)',
    },
    'http-cache': {
        'webkit': 'MiniBrowser under WebKitWebDriver keeps no HTTP cache: it asks again, with no '
                  'validator, for a file the server lets it keep for years',
    },
    'several-downloads': {
        'webkit': 'MiniBrowser under WebKitWebDriver was not seen to save the three downloads one '
                  'click of Save starts (not investigated further)',
    },
    'long-tasks': {
        'firefox': 'no Long Tasks API (PerformanceObserver longtask) in Firefox',
        'webkit': 'no Long Tasks API (PerformanceObserver longtask) in WebKit',
    },
}

# The overlay as docs/contract.md describes it: a function of no arguments, in the page
# (read_overlay.js without its leading comment).
READ_OVERLAY = (Path(__file__).resolve().parent / 'read_overlay.js').read_text(
    encoding='utf-8').split('\n', 2)[2].strip()

OVERLAY_OPEN = "(document.getElementById('autoindex-sitemap') !== null)"

# axe-core, as package-lock.json pins it: put into a page once, by the first audit there.
AXE = Path(__file__).resolve().parents[2] / 'node_modules' / 'axe-core' / 'axe.min.js'
AXE_PRESENT = "typeof window.axe === 'object' && typeof window.axe.run === 'function'"

# axe's violations, every rule axe runs by default and every impact, of what a context
# names (axe's context: a CSS selector, or a list of them, a list reaching into a shadow
# root): each as {rule, impact, help, nodes: [each node's selector and what fails]}.
AUDIT = """async (context) => {
  const results = await window.axe.run(context, {resultTypes: ['violations']});
  return results.violations.map((violation) => ({
    rule: violation.id, impact: violation.impact, help: violation.help,
    nodes: violation.nodes.map((node) => [node.target, node.failureSummary])}));
}"""

SETTLED = """() => {
  const host = document.getElementById('autoindex-sitemap');
  const status = host && host.shadowRoot.querySelector('[data-role=status]');
  return Boolean(status && status.getAttribute('data-state') !== 'loading');
}"""

# The element a selector names: in the overlay's shadow root (inOverlay true), in the
# shadow root of the element whose id inOverlay names (the offer's button), or in the document.
FIND = """(inOverlay, selector) => {
  const host = inOverlay === true ? 'autoindex-sitemap' : inOverlay;
  const root = inOverlay ? document.getElementById(host).shadowRoot : document;
  const found = root.querySelector(selector);
  if (!found) throw new Error('nothing matches ' + selector);
  return found;
}"""

EMPTY_FIELD = """(inOverlay, selector) => {
  const field = (%s)(inOverlay, selector);
  field.focus();
  field.value = '';
  field.dispatchEvent(new Event('input', {bubbles: true}));
}""" % FIND

PROPERTY = '(inOverlay, selector, name) => (%s)(inOverlay, selector)[name]' % FIND
# An element a person could work: there, with a box on the page. Playwright waits for this
# before it acts; the other drivers act at once, and a control drawn a frame after the
# click that shows it has no box yet.
SHOWN = '(inOverlay, selector) => (%s)(inOverlay, selector).getClientRects().length > 0' % FIND
ATTRIBUTE = '(inOverlay, selector, name) => (%s)(inOverlay, selector).getAttribute(name)' % FIND

# Counts what the element a test works next sees: a driver may return from a click
# or a choice before the page has handled it, so the action is done when the count
# moves. The listeners sit on the element itself, since some events a driver sends
# (a change, puppeteer's input) do not cross a shadow root; what they add to the
# page is not enumerable.
USER_EVENTS = """(inOverlay, selector) => {
  if (!Object.getOwnPropertyDescriptor(window, 'sitemapTestEvents'))
    Object.defineProperty(window, 'sitemapTestEvents', {value: 0, writable: true});
  const target = (%s)(inOverlay, selector);
  for (const type of ['click', 'input', 'change'])
    target.addEventListener(type, () => { window.sitemapTestEvents += 1; }, {once: true});
  return window.sitemapTestEvents;
}""" % FIND
HANDLED = '(before) => window.sitemapTestEvents > before'

# For the engines whose drivers have neither page-error events for every frame nor
# scripts run before a page's own: run after each load, it records uncaught errors
# in the page and in every frame a script reaches through contentWindow or
# contentDocument (the bookmarklet's realm frame included), and runs initScript in
# each of them, as Playwright's init scripts do (listing pages have no scripts of
# their own to come before). What it adds to the page is not enumerable.
WATCH = """(initScript) => {
  if (Object.getOwnPropertyDescriptor(window, 'sitemapTestErrors')) return;
  const errors = [];
  Object.defineProperty(window, 'sitemapTestErrors', {value: errors});
  const watch = (scope) => {
    scope.addEventListener('error', (event) => errors.push(String(event.message)));
    scope.addEventListener('unhandledrejection', (event) => errors.push(
      'unhandled rejection: ' + String(event.reason && event.reason.message || event.reason)));
    if (initScript) scope.eval(initScript);
  };
  watch(window);
  const seen = new WeakSet([window]);
  for (const name of ['contentWindow', 'contentDocument']) {
    const own = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, name);
    Object.defineProperty(HTMLIFrameElement.prototype, name, Object.assign({}, own, {get() {
      const value = own.get.call(this);
      const frame = value && (name === 'contentWindow' ? value : value.defaultView);
      if (frame && !seen.has(frame)) {
        seen.add(frame);
        watch(frame);
      }
      return value;
    }}));
  }
}"""
WATCHED_ERRORS = '(window.sitemapTestErrors || [])'

# A fresh textarea, focused, for a paste to land in.
PASTE_HERE = """() => {
  document.getElementById('sitemap-test-pasted')?.remove();
  const area = document.body.appendChild(document.createElement('textarea'));
  area.id = 'sitemap-test-pasted';
  area.focus();
}"""
PASTED = "document.getElementById('sitemap-test-pasted').value"


def limit(engine, capability):
    """Why engine cannot do capability, or None when it can."""
    return LIMITS[capability].get(engine)


def finished_downloads(folder, unfinished):
    """The files of a download folder, each whole: {name: bytes}, but those still being written
    (to name + unfinished, the engine's suffix, beside a placeholder at name). An empty file
    is such a placeholder too: WebKit makes it a moment before the file it writes to, and no
    export is empty."""
    folder = Path(folder)
    return {path.name: path.read_bytes() for path in folder.iterdir()
            if path.suffix != unfinished and not folder.joinpath(path.name + unfinished).exists()
            and path.stat().st_size > 0}


def first_of(read, timeout, failure):
    """read()'s first value that is not empty, asked every tenth of a second for timeout s
    (on_this_machine)."""
    timeout = on_this_machine(timeout)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = read()
        if found:
            return found
        time.sleep(0.1)
    raise AssertionError('{} within {:.1f} s'.format(failure, timeout))


def call_expression(script, args):
    """One JavaScript expression whose value is script's: script is an expression, or a
    function called with args; a promise is awaited. Arguments travel as JSON (NaN too,
    which json.dumps writes as the JavaScript global it names)."""
    return 'Promise.resolve().then(async () => {{ const value = ({}); return typeof value === ' \
           '"function" ? await value(...{}) : await value; }})'.format(script, json.dumps(list(args)))


def element_expression(in_overlay, selector):
    """A JavaScript expression whose value is the element FIND finds."""
    return '({})({})'.format(FIND, ', '.join(json.dumps(arg) for arg in (in_overlay, selector)))


class Control:
    """One element of the overlay (or of the document), found by a CSS selector when used,
    and worked as a user works it."""

    def __init__(self, page, selector, in_overlay=True):
        self.page, self.selector, self.in_overlay = page, selector, in_overlay

    def _act(self, action, *args):
        """Run the driver's action on the element; done once the element has seen it (as
        long as any other wait: WebKit on a busy machine now and then takes seconds)."""
        self.page.wait_for(SHOWN, self.in_overlay, self.selector)
        before = self.page.evaluate(USER_EVENTS, self.in_overlay, self.selector)
        action(self.in_overlay, self.selector, *args)
        self.page.wait_for(HANDLED, before)

    def click(self):
        self._act(self.page.click_element)

    def fill(self, text):
        """Empty the field, then type text into it key by key."""
        self.page.evaluate(EMPTY_FIELD, self.in_overlay, self.selector)
        if text:
            self.page.type(text)

    def select_option(self, value):
        """Choose an option; the one already chosen sends no event in WebKit, and changes nothing."""
        if self._property('value') != value:
            self._act(self.page.select_element, value)

    def _property(self, name):
        return self.page.evaluate(PROPERTY, self.in_overlay, self.selector, name)

    def text_content(self):
        return self._property('textContent')

    def inner_text(self):
        return self._property('innerText')

    def is_disabled(self):
        return self._property('disabled')

    def input_value(self):
        return self._property('value')

    def get_attribute(self, name):
        return self.page.evaluate(ATTRIBUTE, self.in_overlay, self.selector, name)


class Page:
    """A tab. Engines implement the primitives below `engine`; the rest is shared."""

    engine = ''

    # -- primitives, one implementation per engine --

    def goto(self, url):
        """Load url and wait for its load event."""
        raise NotImplementedError

    def navigate_javascript(self, url):
        """Navigate to a javascript: URL as a bookmark click does, without waiting on it."""
        raise NotImplementedError

    def evaluate(self, script, *args):
        """The value of script in the page: an expression, or a function called with args
        (JSON values); a promise is awaited."""
        raise NotImplementedError

    def click_element(self, in_overlay, selector):
        raise NotImplementedError

    def select_element(self, in_overlay, selector, value):
        raise NotImplementedError

    def press(self, key):
        """One key as Playwright names it: 'Escape', 'Tab', 'j', '/'; or a chord, its
        modifiers held while the last key is pressed: 'Shift+Tab', 'Control+a', 'Alt+ArrowLeft'."""
        raise NotImplementedError

    def type(self, text):
        raise NotImplementedError

    @property
    def errors(self):
        """Uncaught errors and unhandled rejections seen in the tab, its frames included."""
        raise NotImplementedError

    def dialogs(self):
        """The messages of the alerts shown so far, each dismissed."""
        raise NotImplementedError

    def set_viewport(self, width, height):
        raise NotImplementedError

    def downloads(self):
        """The files the tab's profile has saved so far, each whole: {file name: bytes}."""
        raise NotImplementedError

    def new_tab(self):
        """Another tab of the same profile."""
        raise NotImplementedError

    def close(self):
        raise NotImplementedError

    # -- shared --

    @property
    def url(self):
        return self.evaluate('location.href')

    def wait_for(self, script, *args, timeout=15000):
        """Poll until script (as evaluate takes it) is truthy; returns its value. A failed
        evaluation (a document being replaced) counts as not yet. timeout is in ms on an idle
        machine (on_this_machine)."""
        seconds = on_this_machine(timeout / 1000)
        deadline = time.monotonic() + seconds
        failure = ''
        while True:
            try:
                value = self.evaluate(script, *args)
                if value:
                    return value
            except Exception as error:  # noqa: BLE001 - any engine's own error type
                failure = ' (last: {})'.format(error)
            if time.monotonic() > deadline:
                raise TimeoutError('{:.1f} s without {}{}'.format(seconds, script[:200], failure))
            time.sleep(0.05)

    def run_bookmarklet(self, url):
        """Run a bookmarklet as a click does. Firefox and WebKit run a javascript: URL a
        little after the command returns, so a click is done once the overlay appeared or
        went away, and waited for here rather than in every test."""
        had_overlay = self.evaluate(OVERLAY_OPEN)
        self.navigate_javascript(url)
        if had_overlay:
            self.wait_for('!' + OVERLAY_OPEN, timeout=5000)
        else:  # a loader that fails never opens one: wait a little, not forever
            try:
                self.wait_for(OVERLAY_OPEN, timeout=2000)
            except TimeoutError:
                pass

    def read_overlay(self):
        """The overlay's contract attributes, or None when no overlay is open."""
        return self.evaluate(READ_OVERLAY)

    def wait_settled(self, timeout=15000):
        """Wait until the status line leaves 'loading'; returns the overlay. A wait that
        ends says what the page showed then: no overlay (the click never ran) or its status."""
        try:
            self.wait_for(SETTLED, timeout=timeout)
        except TimeoutError as error:
            raise TimeoutError('{}; the page at {} showed {}, its errors: {}'.format(
                error, self.url, self.read_overlay(), self.errors)) from None
        return self.read_overlay()

    def open_sitemap(self, listing_url, bookmarklet, timeout=15000):
        """Open a listing page, click the bookmarklet, and wait for page 1 to settle."""
        self.goto(listing_url)
        self.run_bookmarklet(bookmarklet)
        return self.wait_settled(timeout)

    def open_root(self, listing_url, bookmarklet, timeout=8000):
        """Open a listing page and click; the overlay once settled, or as it is after timeout
        ms (None if none opened), for tests of what must not wait forever."""
        self.goto(listing_url)
        self.run_bookmarklet(bookmarklet)
        try:
            return self.wait_settled(timeout)
        except TimeoutError:
            return self.read_overlay()

    def control(self, role):
        """The overlay control with this data-role."""
        return Control(self, '[data-role={}]'.format(role))

    def find(self, selector, in_overlay=True):
        """The first element a CSS selector names in the overlay (or the document)."""
        return Control(self, selector, in_overlay)

    def paste(self):
        """Paste the clipboard into a fresh textarea of the document, as a user pastes;
        returns what arrived. No engine but Chromium lets a test allow a script to read
        the clipboard, and every engine lets it press Control+V."""
        self.evaluate(PASTE_HERE)
        self.press('Control+V')
        try:
            return self.wait_for(PASTED, timeout=5000)
        except TimeoutError:  # an empty clipboard pastes nothing
            return self.evaluate(PASTED)

    def audit(self, context):
        """axe-core's violations (AUDIT) of what context names, axe put into the page first
        if it is not there yet: [] when there are none."""
        if not self.evaluate(AXE_PRESENT):
            # A function whose body is axe's own script: the driver runs it as it runs any
            # script, past a page's CSP, and axe sets window.axe.
            self.evaluate('() => {\n' + AXE.read_text(encoding='utf-8') + '\n}')
        return self.evaluate(AUDIT, context)

    def wait_for_downloads(self, timeout=10):
        return first_of(self.downloads, timeout, 'nothing saved')

    def wait_for_dialog(self, timeout=10):
        return first_of(self.dialogs, timeout, 'no alert')[0]
