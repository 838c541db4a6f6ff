"""WebKit for pytest: WebKitGTK's MiniBrowser (Debian's webkit2gtk-driver) under a W3C
WebDriver session of WebKitWebDriver, on an Xvfb display of its own, as
tests/support/browsers.py asks of an engine.

WebKitWebDriver holds one session at a time and each session starts its own
MiniBrowser with an ephemeral profile, so a fresh profile is a driver process
of its own (about half a second); one Xvfb serves them all.
"""

import concurrent.futures
import json
import os
import shutil
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from nginx.server import free_port, stop_process
from tests.support.browsers import Page, WATCH, WATCHED_ERRORS, call_expression, element_expression, \
    finished_downloads, limit

DRIVER = '/usr/bin/WebKitWebDriver'
XVFB = '/usr/bin/Xvfb'

# WebDriver's code points for the keys the tests press (W3C WebDriver, "Keyboard actions").
KEYS = {
    'Escape': '\ue00c', 'Tab': '\ue004', 'Enter': '\ue007', 'Backspace': '\ue003',
    'ArrowUp': '\ue013', 'ArrowDown': '\ue015', 'ArrowLeft': '\ue012', 'ArrowRight': '\ue014',
    'Home': '\ue011', 'End': '\ue010', 'PageUp': '\ue00e', 'PageDown': '\ue00f',
    'Shift': '\ue008', 'Control': '\ue009', 'Alt': '\ue00a', 'Meta': '\ue03d',
}

# With the default page load strategy, WebKitWebDriver holds every command while it
# deems a navigation pending, and a javascript: URL, or a frame a page's CSP blocks,
# leaves one pending for good. So commands never wait on loads (strategy 'none'),
# and goto waits for the document it asked for itself: marks the one it leaves, and
# waits for a complete one at url without the mark. Only up to the fragment, which
# the page's own script may rewrite as it loads (the install page does).
LEAVING = "void Object.defineProperty(window, 'sitemapTestLeaving', {value: true})"
LOADED = """(url) => location.href.split('#')[0] === url.split('#')[0]
  && document.readyState === 'complete' && !window.sitemapTestLeaving"""

# _in_view's script: the element brought to the middle of the view after the frames
# already asked for, again and again until its place is the same twice, or STEADY times.
STEADY = 20
IN_VIEW = """const element = arguments[0], done = arguments[1];
let last = '', turns = 0;
const turn = () => {
  let gone = false;
  const go = () => {
    if (gone) return;
    gone = true;
    element.scrollIntoView({block: 'center', inline: 'nearest'});
    const box = element.getBoundingClientRect();
    const place = [box.x, box.y, box.width, box.height].join();
    if (place === last || ++turns >= %d) done(null); else { last = place; turn(); }
  };
  requestAnimationFrame(() => requestAnimationFrame(go));
  setTimeout(go, 100);
};
turn();""" % STEADY

# The key of a WebDriver element reference (W3C WebDriver, "Elements").
ELEMENT = 'element-6066-11e4-a52e-4f735466cecf'

# An alert that opens while a script runs holds the script's command until this (ms).
SCRIPT_WAIT = 10000
# One that opens just as a command is sent holds the command until the alert goes, whatever
# SCRIPT_WAIT says: while a command waits, an alert is looked for (and taken) this often (s).
ALERT_LOOK = 1
# A new session's MiniBrowser answers within a few seconds, or (now and then) never: then
# after this (s) the driver is stopped and another started.
SESSION_WAIT = 20


class WebDriverError(RuntimeError):
    def __init__(self, error, message):
        super().__init__('{}: {}'.format(error, message))
        self.error = error


class WebKit:
    """The display the session's MiniBrowsers draw on."""

    def __init__(self):
        self.xvfb = subprocess.Popen(
            [XVFB, '-displayfd', '1', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        assert self.xvfb.stdout is not None
        self.display = ':' + self.xvfb.stdout.readline().strip()
        self.profiles = tempfile.mkdtemp(prefix='webkit-')
        first = self.new_page()
        self.version = 'webkitgtk ' + first.session.version
        first.close()

    def new_page(self, init_script=None, color_scheme=None, media=None, extension=None):
        """The window of a fresh MiniBrowser: empty cache, empty IndexedDB. WebKitGTK takes
        prefers-color-scheme from the GTK theme, and prefers-reduced-motion from GTK's
        animations setting; it has no forced colours and loads no extension (browsers.LIMITS)."""
        media = media or {}
        if 'forced-colors' in media:
            raise ValueError(limit('webkit', 'forced-colors'))
        if extension:
            raise ValueError(limit('webkit', 'isolated-world'))
        theme = {None: {}, 'light': {'GTK_THEME': 'Adwaita'}, 'dark': {'GTK_THEME': 'Adwaita:dark'}}
        # MiniBrowser saves a download, unasked, into the user's download folder (GLib's, from
        # user-dirs.dirs): a folder of this profile's own.
        profile = Path(tempfile.mkdtemp(dir=self.profiles))
        (profile / 'downloads').mkdir()
        (profile / 'user-dirs.dirs').write_text('XDG_DOWNLOAD_DIR="{}"\n'.format(profile / 'downloads'))
        if media.get('prefers-reduced-motion') == 'reduce':
            (profile / 'gtk-3.0').mkdir()
            (profile / 'gtk-3.0' / 'settings.ini').write_text('[Settings]\ngtk-enable-animations=false\n')
        # With accelerated compositing, GL in software on Xvfb: without it
        # (WEBKIT_DISABLE_COMPOSITING_MODE) WebKit took a third less CPU, but now and then
        # left a page's frames undrawn for seconds, and the overlay's answers with them.
        environment = dict(os.environ, DISPLAY=self.display, XDG_CONFIG_HOME=str(profile),
                           **theme[color_scheme])
        try:
            session = Session(environment)
        except (OSError, WebDriverError):  # now and then a MiniBrowser never answers
            session = Session(environment)
        return WebKitPage(session, session.window, init_script, owns_session=True,
                          downloads=profile / 'downloads')

    def stop(self):
        stop_process(self.xvfb)
        shutil.rmtree(self.profiles, ignore_errors=True)


class Session:
    """One WebKitWebDriver process and its one session."""

    def __init__(self, environment):
        self.port = free_port()
        self.process = subprocess.Popen(
            [DRIVER, '--port={}'.format(self.port)], env=environment,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.base = 'http://127.0.0.1:{}'.format(self.port)
        try:
            created = self._create()
        except (OSError, WebDriverError):
            stop_process(self.process)
            raise
        self.base += '/session/' + created['sessionId']
        self.version = created['capabilities']['browserVersion']
        self.window = self.current = self.request('GET', '/window')

    def _create(self):
        deadline = time.monotonic() + 20
        while True:
            try:
                self.request('GET', '/status')
                break
            except (OSError, WebDriverError):
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
        return self.request('POST', '/session', {'capabilities': {'alwaysMatch': {
            'unhandledPromptBehavior': 'ignore', 'pageLoadStrategy': 'none',
            'timeouts': {'script': SCRIPT_WAIT}}}}, timeout=SESSION_WAIT)

    def request(self, method, path, body=None, timeout=120):
        data = None if body is None else json.dumps(body).encode('utf-8')
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={'Content-Type': 'application/json'})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return json.loads(response.read())['value']
        except urllib.error.HTTPError as error:
            value = json.loads(error.read())['value']
            raise WebDriverError(value['error'], value.get('message', '')) from None

    def stop(self):
        try:
            self.request('DELETE', '', timeout=20)
        except (OSError, WebDriverError):
            pass
        stop_process(self.process)


class WebKitPage(Page):
    engine = 'webkit'

    def __init__(self, session, window, init_script, owns_session, downloads):
        self.session, self.window, self.init_script = session, window, init_script
        self.owns_session, self.downloads_folder = owns_session, downloads
        self._dialogs = []

    def _command(self, method, path, body=None):
        """A command to this window; an alert in the way is noted, dismissed, and the
        command sent again (what 'dismiss and notify' does, keeping the message)."""
        if self.session.current != self.window:
            self.session.request('POST', '/window', {'handle': self.window})
            self.session.current = self.window
        taken = len(self._dialogs)
        try:
            return self._answer(method, path, body)
        except WebDriverError as error:
            if error.error != 'unexpected alert open' or not (
                    self._take_alert() or len(self._dialogs) > taken):
                raise
            return self._answer(method, path, body)

    def _answer(self, method, path, body):
        """The command's answer; an alert that opens while it waits is taken (ALERT_LOOK),
        which lets WebKitWebDriver answer a command it would otherwise hold until it ends."""
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            answer = pool.submit(self.session.request, method, path, body)
            while concurrent.futures.wait([answer], timeout=ALERT_LOOK).not_done:
                self._take_alert()
            return answer.result()

    def _take_alert(self):
        try:
            self._dialogs.append(self.session.request('GET', '/alert/text'))
            self.session.request('POST', '/alert/dismiss', {})
            return True
        except WebDriverError as error:
            if error.error == 'no such alert':
                return False
            raise

    def goto(self, url):
        self.evaluate(LEAVING)
        self._command('POST', '/url', {'url': url})
        self.wait_for(LOADED, url, timeout=30000)
        self.evaluate(WATCH, self.init_script)

    def navigate_javascript(self, url):
        self._command('POST', '/url', {'url': url})

    def evaluate(self, script, *args):
        answer = self._command('POST', '/execute/async', {'args': [], 'script': (
            'const done = arguments[arguments.length - 1]; ' + call_expression(script, args) +
            '.then((value) => done({ok: value === undefined ? null : value}),'
            ' (error) => done({error: String(error && error.stack || error)}));')})
        if 'error' in answer:
            raise WebDriverError('javascript error', answer['error'])
        return answer['ok']

    def _element(self, in_overlay, selector, then=''):
        """The WebDriver reference of the element FIND finds (or of `then` applied to it)."""
        found = self._command('POST', '/execute/sync', {
            'script': 'return ' + element_expression(in_overlay, selector) + then, 'args': []})
        return next(iter(found.values()))

    def _in_view(self, element):
        """WebKitWebDriver clicks where an element is in the viewport, and brings the page
        there, but not the panel scrolled inside the overlay: that is done first, to the
        middle (a button left at a viewport's bottom edge gets mousedown and mouseup, and in
        MiniBrowser no click; an option of a select out of view is not interactable). The
        overlay draws answers once per frame, which can move the element after it was
        brought into view (a click then lands beside it): it is brought there again after
        the frames already asked for, until it stays where it is, for at most STEADY turns
        (a tab in the background draws no frame: there a tenth of a second stands in)."""
        self._command('POST', '/execute/async', {'script': IN_VIEW, 'args': [{ELEMENT: element}]})
        return element

    def click_element(self, in_overlay, selector):
        element = self._in_view(self._element(in_overlay, selector))
        self._command('POST', '/element/{}/click'.format(element), {})

    def select_element(self, in_overlay, selector, value):
        self._in_view(self._element(in_overlay, selector))
        option = self._element(in_overlay, selector, '.querySelector({})'.format(
            json.dumps('option[value="{}"]'.format(value))))
        self._command('POST', '/element/{}/click'.format(option), {})

    def _keys(self, keys, held=()):
        """Press and release each of keys in turn while those in held are down."""
        actions = [{'type': 'keyDown', 'value': key} for key in held]
        for key in keys:
            actions += [{'type': 'keyDown', 'value': key}, {'type': 'keyUp', 'value': key}]
        actions += [{'type': 'keyUp', 'value': key} for key in reversed(held)]
        self._command('POST', '/actions', {'actions': [{'type': 'key', 'id': 'keyboard',
                                                         'actions': actions}]})

    def press(self, key):
        *held, last = key.split('+') if len(key) > 1 else [key]
        self._keys([KEYS.get(last, last)], [KEYS[modifier] for modifier in held])

    def type(self, text):
        self._keys(list(text))

    @property
    def errors(self):
        return self.evaluate(WATCHED_ERRORS)

    def dialogs(self):
        self._take_alert()
        return list(self._dialogs)

    def downloads(self):
        return finished_downloads(self.downloads_folder, '.wkdownload')

    def set_viewport(self, width, height):
        """Under Xvfb, with no window manager, GTK applies a window's new size a little after
        the command returns, and now and then not at all: it is waited for, and asked
        for once more."""
        for _ in range(2):
            inner = self.evaluate('[innerWidth, innerHeight, outerWidth, outerHeight]')
            self._command('POST', '/window/rect', {'width': width + inner[2] - inner[0],
                                                   'height': height + inner[3] - inner[1]})
            try:
                self.wait_for('(width, height) => innerWidth === width && innerHeight === height',
                              width, height, timeout=3000)
                return
            except TimeoutError:
                pass
        got = self.evaluate('[innerWidth, innerHeight]')
        if got != [width, height]:
            raise AssertionError('asked for a {}x{} viewport, got {}x{}'.format(width, height, *got))

    def new_tab(self):
        window = self._command('POST', '/window/new', {'type': 'tab'})['handle']
        return WebKitPage(self.session, window, self.init_script, owns_session=False,
                          downloads=self.downloads_folder)

    def close(self):
        if self.owns_session:
            self.session.stop()
        else:
            self._command('DELETE', '/window')
            self.session.current = None
