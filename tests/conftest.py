"""Fixtures shared by every test layer: the built dist/, nginx, headless Chromium and Firefox."""

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from nginx.server import Nginx  # noqa: E402
from tests.overlay_reader import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.firefox_driver import Firefox, FirefoxPage  # noqa: E402
from tests import parity_harness  # noqa: E402

DIST = ROOT / 'dist'


@pytest.fixture(scope='session')
def dist():
    """The dist/ folder `make` built; the tests read exactly what ships."""
    if not (DIST / 'bookmarklet.url').exists():
        pytest.fail('dist/ is missing: run `make` (or `make test`) first')
    return DIST


@pytest.fixture(scope='session')
def parity_build():
    """The parity test build of this checkout's sources: {script, runtime, modules}, with
    the bundle at build/parity.js."""
    return parity_harness.build_parity_bundle(ROOT / 'build')


@pytest.fixture(scope='session')
def parity_bundle(parity_build):
    """build/parity.js: the core modules and the parity case runner, built as dist/ is."""
    return ROOT / 'build' / 'parity.js'


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


@pytest.fixture(scope='session')
def playwright_driver():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope='session')
def chromium(playwright_driver):
    browser = playwright_driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


@pytest.fixture
def context(chromium):
    """A fresh browser profile: empty cache, empty IndexedDB."""
    context = chromium.new_context()
    yield context
    context.close()


@pytest.fixture
def page(context):
    page = context.new_page()
    page.errors = []
    page.on('pageerror', lambda error: page.errors.append(str(error)))
    return page


@pytest.fixture(scope='session')
def firefox():
    """One headless firefox-esr for the session, driven over WebDriver BiDi."""
    browser = Firefox().start()
    yield browser
    browser.stop()


@pytest.fixture
def firefox_page(firefox):
    """The tab of a fresh Firefox profile: empty cache, empty IndexedDB."""
    return FirefoxPage(firefox)


def pytest_terminal_summary(terminalreporter):
    """Say how many parity cases ran and how many differed, in which engines."""
    if parity_harness.REPORTS:
        terminalreporter.section('parity')
        for line in parity_harness.REPORTS:
            terminalreporter.write_line(line)
