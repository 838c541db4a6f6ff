"""The click measured in a Chromium driven over a bare DevTools pipe, which never enables the
Network domain.

Playwright watches every page's network. Where DevTools does, each request records the
JavaScript stack that made it, and the click's first request then has V8 parse the whole
bookmarklet again for its positions: its `fetch()` call held the main thread 8.8 to 13.1
ms under Playwright and 1.2 to 2.8 ms without DevTools (bench notes, seventh round). Nobody
without DevTools open pays that, and the baseline's stack is a few lines, so this driver
gives the click's figures as people get them.
"""

import json
import os
import shutil
import subprocess
import tempfile
import time

from bench.common import BASELINE_ROWS, CLICK, MARKS, PROBE, SETTLE
from tests.support.overlay_reader import CHROMIUM, CHROMIUM_ARGS

POLL_SECONDS = 0.05
TIMEOUT_SECONDS = 120


class BareChromium:
    """A headless Chromium and its DevTools pipe (--remote-debugging-pipe: commands in on
    descriptor 3, answers out on 4, each message JSON ending in a NUL byte)."""

    def __init__(self):
        commands_read, commands_write = os.pipe()
        answers_read, answers_write = os.pipe()
        self.profile = tempfile.mkdtemp(prefix='bench-bare-')
        command = [CHROMIUM, '--headless', '--remote-debugging-pipe',
                   '--user-data-dir=' + self.profile] + CHROMIUM_ARGS + ['about:blank']
        self.process = subprocess.Popen(
            ['bash', '-c', 'exec "$@" 3<&{} 4>&{}'.format(commands_read, answers_write),
             'chromium'] + command,
            pass_fds=(commands_read, answers_write), stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(commands_read)
        os.close(answers_write)
        self.commands = os.fdopen(commands_write, 'wb', buffering=0)
        self.answers = os.fdopen(answers_read, 'rb', buffering=0)
        self.unread = b''
        self.last_id = 0
        self.spare = None   # the second page of open_page's pair, kept for its next call

    def send(self, method, params=None, session=None):
        """The result of one DevTools command; events that arrive meanwhile are dropped."""
        self.last_id += 1
        message = {'id': self.last_id, 'method': method, 'params': params or {}}
        if session is not None:
            message['sessionId'] = session
        self.commands.write(json.dumps(message).encode('utf-8') + b'\0')
        while True:
            while b'\0' not in self.unread:
                chunk = self.answers.read(65536)
                if not chunk:
                    raise RuntimeError('Chromium closed its DevTools pipe')
                self.unread += chunk
            line, self.unread = self.unread.split(b'\0', 1)
            answer = json.loads(line)
            if answer.get('id') == self.last_id:
                if 'error' in answer:
                    raise RuntimeError('{}: {}'.format(method, answer['error']))
                return answer['result']

    def evaluate(self, session, expression, await_promise=False):
        """The value of a JavaScript expression in the page of session."""
        result = self.send('Runtime.evaluate', {'expression': expression, 'returnByValue': True,
                                                'awaitPromise': await_promise}, session)
        if 'exceptionDetails' in result:
            raise RuntimeError(result['exceptionDetails'].get('text', 'the page threw'))
        return result['result'].get('value')

    def wait_for(self, session, expression):
        """Poll until the expression is true in the page of session."""
        deadline = time.monotonic() + TIMEOUT_SECONDS
        while not self.evaluate(session, expression):
            if time.monotonic() > deadline:
                raise TimeoutError(expression)
            time.sleep(POLL_SECONDS)

    def open_page(self, url, profile, paired=False):
        """{context, session, rate} of a page at url in a fresh profile, as a person of
        profile (bench/profiles.py) has it: its viewport, and once the page has loaded and
        settled, its CPU rate times slower. paired, two such pages are loaded at once and
        the second kept for the next call alike (a listing of 100,000 lines takes four
        seconds of one core to load, two take five of both); close_spare closes it."""
        key = [url, profile['name']]
        if paired and self.spare is not None and self.spare['key'] == key:
            page, self.spare = self.spare, None
            return page
        self.close_spare()
        pages = [self.new_page(profile) for _ in range(2 if paired else 1)]
        for page in pages:
            self.start_going(page, url)
        for page in pages:
            self.end_going(page, url)
        if paired:
            self.spare = dict(pages[1], key=key)
        return pages[0]

    def new_page(self, profile):
        """{context, session, rate} of a blank page in a fresh profile, as a person of
        profile has it."""
        context = self.send('Target.createBrowserContext')['browserContextId']
        target = self.send('Target.createTarget', {'url': 'about:blank',
                                                   'browserContextId': context})['targetId']
        session = self.send('Target.attachToTarget', {'targetId': target,
                                                      'flatten': True})['sessionId']
        device = profile['context']
        if device:  # what Playwright's context options of a device send
            self.send('Emulation.setDeviceMetricsOverride', {
                'width': device['viewport']['width'], 'height': device['viewport']['height'],
                'screenWidth': device['screen']['width'],
                'screenHeight': device['screen']['height'],
                'deviceScaleFactor': device['device_scale_factor'],
                'mobile': device['is_mobile']}, session)
            self.send('Emulation.setTouchEmulationEnabled', {'enabled': device['has_touch']},
                      session)
        return {'context': context, 'session': session, 'rate': profile['rate']}

    def go(self, page, url):
        """Open url in page and wait until it has loaded and settled, its CPU at the
        machine's speed meanwhile: only what follows is measured, and a page of 100,000
        lines loads for seconds with the CPU throttled."""
        self.start_going(page, url)
        self.end_going(page, url)

    def start_going(self, page, url):
        session = page['session']
        self.send('Emulation.setCPUThrottlingRate', {'rate': 1}, session)
        self.send('Page.navigate', {'url': url}, session)

    def end_going(self, page, url):
        session = page['session']
        self.wait_for(session, 'document.readyState == "complete" && location.href == '
                      + json.dumps(url))
        self.evaluate(session, '(' + SETTLE + ')()', await_promise=True)
        self.send('Emulation.setCPUThrottlingRate', {'rate': page['rate']}, session)

    def close_spare(self):
        """Close the page open_page kept, if any."""
        if self.spare is not None:
            self.close_page(self.spare)
            self.spare = None

    def click(self, session, url):
        """{rows, settled}: ms from a click of the bookmarklet url to page 1's rows and to
        page 1 settled."""
        self.evaluate(session, '(' + PROBE + ')()')
        self.evaluate(session, '(' + CLICK + ')(' + json.dumps(url) + ')')
        self.wait_for(session, 'window.__sitemapBench.settled !== undefined')
        marks = self.evaluate(session, '(' + MARKS + ')()')
        return {'rows': marks['rows'] - marks['click'], 'settled': marks['settled'] - marks['click']}

    def close_page(self, page):
        self.send('Target.disposeBrowserContext', {'browserContextId': page['context']})

    def close(self):
        self.process.kill()
        self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)


def clicks(chromium, url, click, profile, paired=False):
    """{rows, settled} of a click in a fresh profile (bench/profiles.py). A loader's are of its
    second click, once the page is opened again (sitemap.js in the HTTP cache, as on a
    person's next listing), and cold is then the first click's rows. paired: as open_page."""
    page = chromium.open_page(url, profile, paired)
    try:
        first = chromium.click(page['session'], click)
        if not profile['loader']:
            return first
        chromium.go(page, url)
        return dict(chromium.click(page['session'], click), cold=first['rows'])
    finally:
        chromium.close_page(page)


def run_baseline(chromium, url, script, profile, paired=False):
    """ms the baseline script takes for page 1 in a fresh profile. paired: as open_page."""
    page = chromium.open_page(url, profile, paired)
    try:
        return chromium.evaluate(page['session'], '(' + script + ')(' + str(BASELINE_ROWS) + ')',
                                 await_promise=True)
    finally:
        chromium.close_page(page)
