"""Headless Firefox for pytest: one node process (tests/firefox/driver.js) that runs
Debian's firefox-esr through puppeteer-core over WebDriver BiDi.

Commands go to the driver as JSON lines and answers come back the same way, so
one browser serves the whole session: the parity cases in SpiderMonkey and the
end-to-end tests alike.
"""

import json
import os
import queue
import signal
import subprocess
import threading
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DRIVER = HERE / 'firefox' / 'driver.js'
FIREFOX = '/usr/bin/firefox-esr'


class FirefoxError(RuntimeError):
    """The driver reported a failed command, or stopped answering."""


class Firefox:
    """The driver process; call(op, **args) sends one command and returns its value."""

    def __init__(self, timeout=60):
        self.timeout = timeout
        self.process = None
        self.answers = queue.Queue()
        self.stderr = []

    def start(self):
        environment = dict(os.environ, FIREFOX=FIREFOX)
        self.process = subprocess.Popen(
            ['node', str(DRIVER)], cwd=str(ROOT), env=environment, stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding='utf-8', bufsize=1)
        threading.Thread(target=self._read_answers, daemon=True).start()
        threading.Thread(target=self._read_errors, daemon=True).start()
        self.version = self.call('version', timeout=120)
        return self

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


class FirefoxPage:
    """The tab of a fresh Firefox profile, with the calls the end-to-end tests make."""

    def __init__(self, firefox):
        self.firefox = firefox
        firefox.call('profile')

    def goto(self, url):
        return self.firefox.call('goto', url=url)

    def run_bookmarklet(self, url):
        """Navigate the tab to the javascript: URL, as a bookmark click does."""
        self.firefox.call('bookmarklet', url=url)

    def read_overlay(self):
        return self.firefox.call('read')

    def wait_settled(self, timeout=15000):
        return self.firefox.call('settled', timeout=timeout)

    def wait_for(self, expression, timeout=15000):
        self.firefox.call('wait', expression=expression, timeout=timeout)

    def click(self, role):
        self.firefox.call('click', role=role)

    def select(self, role, value):
        self.firefox.call('select', role=role, value=value)

    def press(self, key):
        self.firefox.call('press', key=key)

    def evaluate(self, expression):
        return self.firefox.call('evaluate', expression=expression)

    @property
    def url(self):
        return self.evaluate('location.href')

    @property
    def errors(self):
        return self.firefox.call('errors')

    def open_sitemap(self, listing_url, bookmarklet):
        """Open a listing page, click the bookmarklet, and wait for page 1 to settle."""
        self.goto(listing_url)
        self.run_bookmarklet(bookmarklet)
        return self.wait_settled()
