"""Fixtures shared by every test layer: the built dist/, nginx and the other servers, and
the browsers: one per engine for the session, a fresh profile per test."""

import fcntl
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from nginx.server import Nginx  # noqa: E402
from servers.apache import Apache  # noqa: E402
from servers.caddy import Caddy  # noqa: E402
from servers.lighttpd import Lighttpd  # noqa: E402
from servers.fancyindex import FancyIndex  # noqa: E402
from servers.webfs import Webfs  # noqa: E402
from servers.mini_httpd import MiniHttpd  # noqa: E402
from servers.micro_httpd import MicroHttpd  # noqa: E402
from servers.h2o import H2o  # noqa: E402
from servers.rclone import Rclone  # noqa: E402
from servers.twisted_web import TwistedWeb  # noqa: E402
from servers.node import HttpServer, Serve  # noqa: E402
from servers.yaws import Yaws  # noqa: E402
from servers.hfs import Hfs  # noqa: E402
from tests.support.firefox_driver import Firefox  # noqa: E402
from tests.support import parity_harness, edge_trees  # noqa: E402
from tests.support.faulty_upstream import FaultyUpstream  # noqa: E402
from tests.support.browsers import ENGINES, limit  # noqa: E402
from tests.support.chromium_driver import Chromium  # noqa: E402
from tests.support.webkit_driver import WebKit  # noqa: E402
from tests.support.corpus import FIGURE  # noqa: E402
from tests.support.builds import stale_dist  # noqa: E402

DIST = ROOT / 'dist'


@pytest.fixture(scope='session')
def dist():
    """The dist/ folder `make` built; the tests read exactly what ships, so never a dist/
    older than the sources it is built from (tests/support/builds.py stale_dist). Every
    browser test comes through here (the `browser` fixture asks for it)."""
    problem = stale_dist()
    if problem:
        pytest.fail(problem)
    return DIST


PARITY_FOLDER = ROOT / 'build'


@pytest.fixture(scope='session')
def parity_build(pytestconfig):
    """The parity test build of this checkout's sources: {script, runtime, modules}, with
    the bundle at build/parity.js. Built once per run: the first pytest-xdist worker to
    need it builds, and a worker that needs it meanwhile waits and reads what it wrote."""
    run = getattr(pytestconfig, 'workerinput', {}).get('testrunuid')
    PARITY_FOLDER.mkdir(exist_ok=True)
    with open(PARITY_FOLDER / 'parity.lock', 'w') as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        made = PARITY_FOLDER / 'parity-build.json'
        if run and made.exists():
            kept = json.loads(made.read_text(encoding='utf-8'))
            if kept['run'] == run:
                return kept['build']
        built = parity_harness.build_parity_bundle(PARITY_FOLDER)
        made.write_text(json.dumps({'run': run, 'build': built}), encoding='utf-8')
        return built


@pytest.fixture(scope='session')
def parity_bundle(parity_build):
    """build/parity.js: the core modules and the parity case runner, built as dist/ is."""
    return PARITY_FOLDER / 'parity.js'


@pytest.fixture(scope='session')
def bookmarklet(dist):
    return (dist / 'bookmarklet.url').read_text(encoding='utf-8').strip()


@pytest.fixture
def delaying_upstream():
    """delaying_upstream(seconds) starts tests/support/faulty_upstream.py on 127.0.0.1, which
    answers 204 after that many seconds (but to /cut and /eof); returns its port.
    nginx's auth_request to it holds a listing back without changing it."""
    servers = []

    def start(seconds):
        servers.append(FaultyUpstream(delay=seconds).start())
        return servers[-1].port

    yield start
    for server in servers:
        server.stop()


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


# The servers run by kind; nginx also needs its site configuration.
SERVERS = {'apache': Apache, 'lighttpd': Lighttpd, 'caddy': Caddy, 'nginx-fancyindex': FancyIndex,
           'webfs': Webfs, 'mini_httpd': MiniHttpd, 'micro_httpd': MicroHttpd, 'h2o': H2o,
           'rclone': Rclone, 'twisted': TwistedWeb, 'http-server': HttpServer, 'serve': Serve,
           'yaws': Yaws, 'hfs': Hfs}


@pytest.fixture(scope='session')
def public_tmp():
    """A folder every user can read: Apache, run as root, serves as www-data, which
    cannot enter pytest's own temporary folders."""
    folder = Path(tempfile.mkdtemp(prefix='autoindex-sitemap-'))
    os.chmod(folder, 0o755)
    yield folder
    shutil.rmtree(folder)


@pytest.fixture(scope='session')
def live_server(tmp_path_factory):
    """live_server(kind, root, **options) is a server of that kind ('nginx', which needs a
    site=, or one of SERVERS) serving root: started at the first call, and
    the same process for every later call alike, until the session ends."""
    running = {}

    def start(kind, root, **options):
        key = (kind, str(root), tuple(sorted((name, str(value)) for name, value in options.items())))
        if key not in running:
            work = tmp_path_factory.mktemp(kind)
            if kind == 'nginx':
                options = dict(options)
                server = Nginx(options.pop('site'), root, work, **options)
            else:
                server = SERVERS[kind](root, work, **options)
            running[key] = server.start()
        return running[key]

    yield start
    for server in running.values():
        server.stop()


@pytest.fixture(scope='session')
def edge_tree(public_tmp):
    """The tree of tests/support/edge_trees.py, written once."""
    root = public_tmp / 'edges'
    edge_trees.write(root)
    return root


def pytest_configure(config):
    config.addinivalue_line('markers', 'needs(*capabilities): skip the test in the engines that '
                            'lack one of them (tests/support/browsers.py LIMITS), saying why')
    config.addinivalue_line('markers', 'browser: drives a browser (every test given a page); '
                            "`make test-fast` runs -m 'not browser and not slow'")


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
def browser(request, dist):
    """Each engine in turn, unless the test's `needs` marker names what it cannot do; never
    on a dist/ older than its sources, even for a test that runs a build of its own."""
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
    """new_page(init_script=None, color_scheme=None, media=None, extension=None): more tabs in
    fresh profiles, closed after the test."""
    pages = []

    def open_page(init_script=None, color_scheme=None, media=None, extension=None):
        pages.append(browser.new_page(init_script, color_scheme, media, extension))
        return pages[-1]

    yield open_page
    for page in pages:
        page.close()


OUTCOMES = {}


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """In a pytest-xdist worker, the summary lines a test added go with its report to the
    process that writes the summary."""
    report = (yield).get_result()
    if hasattr(item.config, 'workerinput') and report.when == 'teardown':
        report.user_properties.append(('summary', {'figure': list(FIGURE),
                                                   'parity': list(parity_harness.REPORTS)}))
        del parity_harness.REPORTS[:]


def pytest_runtest_logreport(report):
    """Count each browser test's outcome under its engine, for the summary; take the summary
    lines a worker's test added (in the process that writes the summary only: a worker that
    took back what it sent would send it again with its next test)."""
    for name, value in report.user_properties if 'PYTEST_XDIST_WORKER' not in os.environ else []:
        if name == 'summary':
            FIGURE[:] = value['figure'] or FIGURE
            parity_harness.REPORTS.extend(value['parity'])
    engine = next((word for word in report.nodeid.partition('[')[2].rstrip(']').split('-')
                   if word in ENGINES), None)
    if engine and (report.when == 'call' or report.outcome != 'passed'):
        counts = OUTCOMES.setdefault(engine, {})
        counts[report.outcome] = counts.get(report.outcome, 0) + 1


def pytest_terminal_summary(terminalreporter):
    """Say what ran in each browser engine, how many captured pages of each server kind
    read exactly, and how many parity cases ran and how many differed, in which engines."""
    if OUTCOMES:
        terminalreporter.section('browser engines')
        for engine in ENGINES:
            counts = OUTCOMES.get(engine, {})
            terminalreporter.write_line('{:9} {}'.format(engine, ', '.join(
                '{} {}'.format(counts[outcome], outcome) for outcome in sorted(counts)) or 'none'))
    if FIGURE:
        terminalreporter.section('pages read exactly, per server kind')
        for line in FIGURE:
            terminalreporter.write_line(line)
    if parity_harness.REPORTS:
        terminalreporter.section('parity')
        for line in parity_harness.REPORTS:
            terminalreporter.write_line(line)
