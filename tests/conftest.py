"""Fixtures shared by every test layer: the built dist/, nginx, and the browsers: one per
engine for the session, a fresh profile per test."""

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from nginx.server import Nginx  # noqa: E402
from tests.browsers import ENGINES, limit  # noqa: E402
from tests.chromium_driver import Chromium  # noqa: E402
from tests.firefox_driver import Firefox  # noqa: E402
from tests.webkit_driver import WebKit  # noqa: E402
from tests import parity_harness  # noqa: E402

DIST = ROOT / 'dist'


@pytest.fixture(scope='session')
def dist():
    """The dist/ folder `make` built; the tests read exactly what ships."""
    if not (DIST / 'bookmarklet.url').exists():
        pytest.fail('dist/ is missing: run `make` (or `make test`) first')
    return DIST


@pytest.fixture(scope='session')
def bookmarklet(dist):
    return (dist / 'bookmarklet.url').read_text(encoding='utf-8').strip()


@pytest.fixture
def delaying_upstream():
    """delaying_upstream(seconds) starts an HTTP server on 127.0.0.1 that answers every
    GET with 204 after that many seconds; returns its port. nginx's auth_request to it
    holds a listing back without changing it."""
    import http.server
    import threading
    import time
    servers = []

    def start(seconds):
        class Delay(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                time.sleep(seconds)
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args):
                pass

        server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), Delay)
        server.daemon_threads = True
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return server.server_address[1]

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.fixture
def serve(tmp_path):
    """serve(site, root) starts nginx with nginx/<site> over root; stopped after the test."""
    started = []

    def start(site, root, **options):
        server = Nginx(site, root, tmp_path / ('nginx-{}'.format(len(started))), **options)
        started.append(server)
        return server.start()

    yield start
    for server in started:
        server.stop()


def pytest_configure(config):
    config.addinivalue_line('markers', 'needs(*capabilities): skip the test in the engines that '
                            'lack one of them (tests/browsers.py LIMITS), saying why')
    config.addinivalue_line('markers', 'browser: drives a browser (every test given a page); '
                            "`make test-fast` runs -m 'not browser'")


def pytest_collection_modifyitems(items):
    for item in items:
        if 'browser' in getattr(item, 'fixturenames', ()):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope='session')
def playwright_driver():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope='session')
def chromium(playwright_driver):
    """One headless Chromium for the session, driven by Playwright."""
    browser = Chromium(playwright_driver)
    yield browser
    browser.stop()


@pytest.fixture(scope='session')
def firefox():
    """One headless firefox-esr for the session, driven over WebDriver BiDi."""
    browser = Firefox().start()
    yield browser
    browser.stop()


@pytest.fixture(scope='session')
def webkit():
    """WebKitGTK's MiniBrowser under WebKitWebDriver, on an Xvfb display for the session."""
    browser = WebKit()
    yield browser
    browser.stop()


@pytest.fixture(params=ENGINES)
def browser(request):
    """Each engine in turn, unless the test's `needs` marker names what it cannot do."""
    for marker in request.node.iter_markers('needs'):
        for capability in marker.args:
            reason = limit(request.param, capability)
            if reason:
                pytest.skip('{}: {}'.format(request.param, reason))
    return request.getfixturevalue(request.param)


@pytest.fixture
def page(browser):
    """A tab in a fresh profile: empty cache, empty IndexedDB."""
    page = browser.new_page()
    yield page
    page.close()


@pytest.fixture
def new_page(browser):
    """new_page(init_script=None, color_scheme=None): more tabs in fresh profiles, closed
    after the test."""
    pages = []

    def open_page(init_script=None, color_scheme=None):
        pages.append(browser.new_page(init_script, color_scheme))
        return pages[-1]

    yield open_page
    for page in pages:
        page.close()


OUTCOMES = {}


def pytest_runtest_logreport(report):
    """Count each browser test's outcome under its engine, for the summary."""
    engine = next((word for word in report.nodeid.partition('[')[2].rstrip(']').split('-')
                   if word in ENGINES), None)
    if engine and (report.when == 'call' or report.outcome != 'passed'):
        counts = OUTCOMES.setdefault(engine, {})
        counts[report.outcome] = counts.get(report.outcome, 0) + 1


def pytest_terminal_summary(terminalreporter):
    """Say what ran in each browser engine, and how many parity cases ran and how many
    differed, in which engines."""
    if OUTCOMES:
        terminalreporter.section('browser engines')
        for engine in ENGINES:
            counts = OUTCOMES.get(engine, {})
            terminalreporter.write_line('{:9} {}'.format(engine, ', '.join(
                '{} {}'.format(counts[outcome], outcome) for outcome in sorted(counts)) or 'none'))
    if parity_harness.REPORTS:
        terminalreporter.section('parity')
        for line in parity_harness.REPORTS:
            terminalreporter.write_line(line)
