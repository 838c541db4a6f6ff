"""Headless Firefox for pytest: one node process (tests/support/firefox/driver.js) that runs
Debian's firefox-esr through puppeteer-core over WebDriver BiDi.

Commands go to the driver as JSON lines and answers come back the same way, so
one browser serves the whole session: the parity cases in SpiderMonkey and the
end-to-end tests alike, the latter as tests/support/browsers.py asks of an engine.
"""

import json
import os
import queue
import shutil
import signal
import subprocess
import tempfile
import threading
from pathlib import Path

from tests.support.browsers import Page, WATCH, WATCHED_ERRORS, call_expression, element_expression, \
    finished_downloads

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
DRIVER = HERE / 'firefox' / 'driver.js'
FIREFOX = '/usr/bin/firefox-esr'


# The preferences that make a media feature match: the user's reduced motion; colours
# forced as a high-contrast theme forces them (the page's never used).
MEDIA_PREFERENCES = {
    ('prefers-reduced-motion', 'reduce'): {'ui.prefersReducedMotion': 1},
    ('forced-colors', 'active'): {'browser.display.document_color_use': 2},
}


class FirefoxError(RuntimeError):
    """The driver reported a failed command, or stopped answering."""


class Firefox:
    """The driver process; call(op, **args) sends one command and returns its value."""

    def __init__(self, timeout=60, preferences=None, extension=None):
        self.timeout = timeout
        self.preferences = preferences or {}
        self.extension = extension  # a folder, installed at the start for every profile
        self.process = None
        self.answers = queue.Queue()
        self.stderr = []
        self.downloads = tempfile.mkdtemp(prefix='firefox-downloads-')  # a folder per profile
        self.variants = {}  # {preferences as JSON: the browser started with them}

    def start(self):
        # The browser's own download folder too, which Firefox makes (~/Downloads) otherwise.
        preferences = dict(self.preferences, **{'browser.download.folderList': 2,
                                                'browser.download.dir': self.downloads})
        environment = dict(os.environ, FIREFOX=FIREFOX, FIREFOX_PREFERENCES=json.dumps(preferences),
                           FIREFOX_EXTENSION=str(self.extension or ''))
        self.process = subprocess.Popen(
            ['node', str(DRIVER)], cwd=str(ROOT), env=environment, stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding='utf-8', bufsize=1)
        threading.Thread(target=self._read_answers, daemon=True).start()
        threading.Thread(target=self._read_errors, daemon=True).start()
        self.version = self.call('version', timeout=120)
        return self

    def new_page(self, init_script=None, color_scheme=None, media=None, extension=None):
        """A tab in a fresh profile: empty cache, empty IndexedDB. The system's colour
        scheme, the user's media preferences and an installed extension (a folder) are the
        whole browser's, so a page that asks for one gets a browser of its own with them,
        started at the first such page and kept for the next (each page still a fresh
        profile of its own)."""
        preferences = {}
        if color_scheme is not None:
            preferences['ui.systemUsesDarkTheme'] = int(color_scheme == 'dark')
        for feature, value in (media or {}).items():
            preferences.update(MEDIA_PREFERENCES[feature, value])
        browser = self
        if preferences or extension:
            key = json.dumps([preferences, str(extension or '')], sort_keys=True)
            if key not in self.variants:
                self.variants[key] = Firefox(preferences=preferences, extension=extension).start()
            browser = self.variants[key]
        downloads = tempfile.mkdtemp(dir=browser.downloads)
        return FirefoxPage(browser, browser.call('profile', downloads=downloads), init_script,
                           downloads=downloads)

    def _read_answers(self):
        for line in self.process.stdout:
            self.answers.put(line)
        self.answers.put(None)

    def _read_errors(self):
        for line in self.process.stderr:
            self.stderr.append(line)

    def call(self, op, timeout=None, **args):
        if self.process is None or self.process.poll() is not None:
            raise FirefoxError('the Firefox driver is not running: ' + ''.join(self.stderr))
        self.process.stdin.write(json.dumps(dict(args, op=op)) + '\n')
        self.process.stdin.flush()
        try:
            line = self.answers.get(timeout=timeout or self.timeout)
        except queue.Empty:
            self.stop()
            raise FirefoxError('no answer to {} within {} s'.format(op, timeout or self.timeout))
        if line is None:
            raise FirefoxError('the Firefox driver stopped: ' + ''.join(self.stderr))
        answer = json.loads(line)
        if 'error' in answer:
            raise FirefoxError('{} failed: {}'.format(op, answer['error']))
        return answer['ok']

    def stop(self):
        """Close the browser through the driver; SIGTERM (which closes it too) if that hangs."""
        for variant in self.variants.values():
            variant.stop()
        shutil.rmtree(self.downloads, ignore_errors=True)
        if self.process is None:
            return
        if self.process.poll() is None:
            try:
                self.process.stdin.write(json.dumps({'op': 'quit'}) + '\n')
                self.process.stdin.close()
                self.process.wait(timeout=20)
            except (OSError, ValueError, subprocess.TimeoutExpired):
                self.process.send_signal(signal.SIGTERM)
                try:
                    self.process.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    self.process.kill()
                    self.process.wait()
        self.process = None


class FirefoxPage(Page):
    """A tab of a Firefox profile."""

    engine = 'firefox'

    def __init__(self, firefox, tab, init_script=None, downloads=None):
        self.firefox, self.tab, self.init_script = firefox, tab, init_script
        self.downloads_folder = downloads  # where its profile saves files

    def _call(self, op, **args):
        return self.firefox.call(op, tab=self.tab, **args)

    def goto(self, url):
        self._call('goto', url=url)
        self.evaluate(WATCH, self.init_script)

    def navigate_javascript(self, url):
        self._call('bookmarklet', url=url)

    def evaluate(self, script, *args):
        return self._call('evaluate', expression=call_expression(script, args))

    def click_element(self, in_overlay, selector):
        self._call('click', element=element_expression(in_overlay, selector))

    def select_element(self, in_overlay, selector, value):
        self._call('select', element=element_expression(in_overlay, selector), value=value)

    def press(self, key):
        self._call('press', key=key)

    def type(self, text):
        self._call('type', text=text)

    @property
    def errors(self):
        return self.evaluate(WATCHED_ERRORS)

    def dialogs(self):
        return self._call('dialogs')

    def downloads(self):
        return finished_downloads(self.downloads_folder, '.part')

    def set_viewport(self, width, height):
        self._call('viewport', width=width, height=height)

    def new_tab(self):
        return FirefoxPage(self.firefox, self._call('tab'), self.init_script,
                           downloads=self.downloads_folder)

    def close(self):
        self._call('close')
