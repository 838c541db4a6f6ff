"""The loader and the install page in each browser engine, against nginx with sitemap-host.conf
(the configuration `make demo` serves), and against another origin with cors.conf."""

import shutil
import socket
import subprocess
import time

from toolkit.release import license_header, project_version
from tests.support.browsers import limit
from tests.support.builds import build, unpacked_package, ROOT
from tests.support.trees import standard_tree, write_tree
from nginx.server import free_port

SCRIPT = '/.autoindex-sitemap/sitemap.js'


def script_requests(server):
    """The logged requests for sitemap.js, once there is one (nginx logs just after answering)."""
    for _ in range(50):
        found = [r for r in server.requests() if r['uri'].startswith(SCRIPT)]
        if found:
            return found
        time.sleep(0.05)
    return []


def test_the_loader_opens_the_sitemap_and_a_second_click_closes_it(page, serve, tmp_path, dist):
    loader = (dist / 'loader.url').read_text(encoding='utf-8').strip()
    write_tree(tmp_path / 'www', standard_tree(12))
    server = serve('sitemap-host.conf', tmp_path / 'www', dist=dist)
    overlay = page.open_sitemap(server.url('/'), loader)
    assert len(overlay['rows']) == 10 and overlay['status']['state'] == 'done'
    [request] = script_requests(server)
    assert request['status'] == 200 and '?v=' in request['uri']

    page.run_bookmarklet(loader)
    assert page.read_overlay() is None
    page.press('Escape')  # the closed overlay no longer listens
    assert len(script_requests(server)) == 1, 'closing needs no request'
    page.run_bookmarklet(loader)
    assert len(page.wait_settled()['rows']) == 10
    assert page.evaluate("document.querySelectorAll('#autoindex-sitemap').length") == 1
    assert page.evaluate("document.querySelectorAll('script[src*=sitemap]').length") == 0
    assert page.dialogs() == [] and page.errors == []
    assert page.url == server.url('/')


def test_the_next_listing_loads_the_script_from_the_browser_s_cache(page, serve, tmp_path, dist):
    """sitemap.js?v= is pinned by its hash, so the server lets browsers keep it: a click on
    the next listing makes no request for it (a phone's round trip)."""
    loader = (dist / 'loader.url').read_text(encoding='utf-8').strip()
    write_tree(tmp_path / 'www', standard_tree(12))
    server = serve('sitemap-host.conf', tmp_path / 'www', dist=dist)
    page.open_sitemap(server.url('/'), loader)
    overlay = page.open_sitemap(server.url('/project-01/'), loader)
    assert overlay['status']['state'] == 'done' and page.dialogs() == []
    kept = not limit(page.engine, 'http-cache')  # else asked for afresh (LIMITS)
    assert len(script_requests(server)) == (1 if kept else 2), 'the second click asked again'


def test_the_loader_says_so_when_the_script_changed(page, serve, tmp_path, dist):
    loader = (dist / 'loader.url').read_text(encoding='utf-8').strip()
    changed = tmp_path / 'dist'
    shutil.copytree(dist, changed)
    with open(changed / 'sitemap.js', 'a', encoding='utf-8') as script:
        script.write(';\n')
    write_tree(tmp_path / 'www', standard_tree(3))
    server = serve('sitemap-host.conf', tmp_path / 'www', dist=changed)
    page.goto(server.url('/'))
    page.run_bookmarklet(loader)
    message = page.wait_for_dialog()
    assert 'failed to load' in message and 'self-contained bookmarklet' in message
    assert message.endswith(' from /.autoindex-sitemap/install.html'), \
        'the install page the build was made with, and no other'
    assert [r['status'] for r in script_requests(server)] == [200], 'loaded, then refused'
    assert page.read_overlay() is None


def test_the_loader_says_so_when_the_server_is_gone(page, serve, tmp_path, dist):
    loader = (dist / 'loader.url').read_text(encoding='utf-8').strip()
    write_tree(tmp_path / 'www', standard_tree(3))
    server = serve('sitemap-host.conf', tmp_path / 'www', dist=dist)
    page.goto(server.url('/'))
    server.stop()
    page.run_bookmarklet(loader)
    assert 'failed to load' in page.wait_for_dialog()
    assert page.read_overlay() is None


def test_a_loader_with_the_script_on_another_origin_needs_cors(page, new_page, serve, tmp_path):
    write_tree(tmp_path / 'www', standard_tree(12))
    pages = serve('html-listings.conf', tmp_path / 'www')
    port = free_port()
    dist = build(tmp_path / 'build', '--script-url',
                 'http://127.0.0.1:{}{}'.format(port, SCRIPT))
    loader = (dist / 'loader.url').read_text(encoding='utf-8').strip()

    hosts = serve('cors.conf', tmp_path / 'www', dist=dist, port=port, allow_origin=pages.origin)
    overlay = page.open_sitemap(pages.url('/'), loader)
    assert len(overlay['rows']) == 10 and page.dialogs() == []
    hosts.stop()

    # Without the CORS header the integrity check cannot read the script
    # (a fresh profile, so that the cached script is not revalidated).
    serve('sitemap-host.conf', tmp_path / 'www', dist=dist, port=port)
    page = new_page()
    page.goto(pages.url('/'))
    page.run_bookmarklet(loader)
    assert 'failed to load' in page.wait_for_dialog()


def test_a_loader_pointed_at_the_package_on_a_cdn_loads_it_and_refuses_a_changed_byte(
        page, new_page, serve, tmp_path, dist):
    """The npm package make dist writes, unpacked and served as a CDN serves it (another
    origin, /npm/NAME@VERSION/FILE, Access-Control-Allow-Origin: *): a loader built with
    --cdn-package, pointed there, opens the sitemap on a listing of another server; a byte
    changed in the served sitemap.js, and it refuses the script and says so."""
    package = 'autoindex-sitemap@' + project_version()
    files = tmp_path / 'cdn' / 'npm' / package
    shutil.copytree(unpacked_package(dist, tmp_path / 'packed')['files'], files)
    cdn = serve(str(ROOT / 'tests' / 'support' / 'cdn.conf'), tmp_path / 'cdn')
    built = build(tmp_path / 'build', '--cdn-package', package, '--cdn-base', cdn.url('/npm/'))
    loader = (built / 'loader.url').read_text(encoding='utf-8').strip()
    write_tree(tmp_path / 'www', standard_tree(12))
    pages = serve('html-listings.conf', tmp_path / 'www')

    overlay = page.open_sitemap(pages.url('/'), loader)
    assert len(overlay['rows']) == 10 and overlay['status']['state'] == 'done'
    assert page.dialogs() == [] and page.errors == []
    assert [(r['uri'], r['status']) for r in cdn.requests()] == \
        [('/npm/{}/sitemap.js'.format(package), 200)]

    # One byte of the licence comment: the script would still run, were it not pinned.
    script = files / 'sitemap.js'
    text = script.read_text(encoding='utf-8')
    header = license_header(project_version())
    script.write_text(text.replace(header, header.replace('MIT', 'MIU'), 1), encoding='utf-8')
    assert len(script.read_bytes()) == len(text.encode('utf-8')) and script.read_text() != text
    page = new_page()  # a fresh profile: nothing cached
    page.goto(pages.url('/'))
    page.run_bookmarklet(loader)
    message = page.wait_for_dialog()
    assert message == 'Sitemap failed to load from the CDN. Use the self-contained bookmarklet'
    assert [r['status'] for r in cdn.requests()] == [200, 200], 'served, then refused'
    assert page.read_overlay() is None


def test_the_install_page_links_run_on_a_listing_and_copy(page, serve, tmp_path, dist):
    write_tree(tmp_path / 'www', standard_tree(12))
    server = serve('sitemap-host.conf', tmp_path / 'www', dist=dist)
    page.goto(server.url('/.autoindex-sitemap/install.html'))
    assert page.evaluate("performance.getEntriesByType('resource').map((entry) => entry.name)"
                         ".filter((name) => !name.endsWith('/favicon.ico'))") \
        == [], 'nothing else loads'
    links = {}
    for name in ['bookmarklet', 'loader']:
        links[name] = page.find('#' + name, in_overlay=False).get_attribute('href')
        assert links[name] == (dist / (name + '.url')).read_text(encoding='utf-8').strip()
        button = 'button[data-copy={}]'.format(name)
        page.find(button, in_overlay=False).click()
        page.wait_for('(button) => document.querySelector(button).textContent === "Copied"', button)
        assert page.paste() == links[name], name
    page.find('#loader', in_overlay=False).click()
    assert page.url == server.url('/.autoindex-sitemap/install.html'), 'a click only hints'
    assert 'Drag' in page.find('[data-hint=loader]', in_overlay=False).text_content()

    for name, url in links.items():
        overlay = page.open_sitemap(server.url('/'), url)
        assert len(overlay['rows']) == 10 and overlay['status']['state'] == 'done', name


def html_validate(path):
    return subprocess.run([str(ROOT / 'node_modules' / '.bin' / 'html-validate'), str(path)],
                          cwd=ROOT, capture_output=True, text=True)


def test_the_install_page_is_valid_html(dist, tmp_path):
    done = html_validate(dist / 'install.html')
    assert done.returncode == 0, done.stdout + done.stderr
    broken = tmp_path / 'broken.html'
    broken.write_text((dist / 'install.html').read_text(encoding='utf-8').replace(
        'id="loader"', 'id="bookmarklet"'), encoding='utf-8')
    assert html_validate(broken).returncode != 0, 'the validator can fail'


def test_the_loader_gives_up_after_its_timeout(page, serve, tmp_path):
    silent = socket.socket()  # accepts connections (the kernel does) and never answers
    silent.bind(('127.0.0.1', 0))
    silent.listen(8)
    try:
        dist = build(tmp_path / 'build', '--timeout-seconds', '1', '--script-url',
                     'http://127.0.0.1:{}{}'.format(silent.getsockname()[1], SCRIPT))
        loader = (dist / 'loader.url').read_text(encoding='utf-8').strip()
        write_tree(tmp_path / 'www', standard_tree(3))
        server = serve('html-listings.conf', tmp_path / 'www')
        page.goto(server.url('/'))
        started = time.monotonic()
        # Not run_bookmarklet: its wait for an overlay that never opens grows with the
        # machine's load, and would be counted as the loader's time.
        page.navigate_javascript(loader)
        assert 'failed to load' in page.wait_for_dialog(timeout=5)
        assert 0.9 <= time.monotonic() - started < 4
        time.sleep(0.5)
        assert len(page.dialogs()) == 1, 'one alert, however the load ends'
    finally:
        silent.close()


def test_the_loader_leaves_the_page_as_it_found_it(page, serve, tmp_path, dist):
    from tests.e2e.test_e2e_overlay import PAGE_STATE
    loader = (dist / 'loader.url').read_text(encoding='utf-8').strip()
    write_tree(tmp_path / 'www', standard_tree(12))
    server = serve('sitemap-host.conf', tmp_path / 'www', dist=dist)
    page.goto(server.url('/'))
    before = page.evaluate(PAGE_STATE)
    page.run_bookmarklet(loader)
    page.wait_settled()
    assert page.evaluate(PAGE_STATE) == before, \
        "the script, loaded into the page, adds nothing to its prototypes or globals"
    page.run_bookmarklet(loader)
    assert page.read_overlay() is None
    assert page.evaluate(PAGE_STATE) == before


def test_only_sitemap_js_reads_its_script_element_and_nothing_reads_the_page_s(dist):
    """The self-contained bookmarklet reads nothing from the page; sitemap.js asks the
    browser's own getter for its script element, never document.currentScript, which
    markup can shadow (<img name="currentScript">)."""
    from urllib.parse import unquote
    from toolkit.literal import OWN_SCRIPT_SOURCE, SOURCE_PLACEHOLDER
    code = unquote((dist / 'bookmarklet.url').read_text(encoding='utf-8'))
    script = (dist / 'sitemap.js').read_text(encoding='utf-8')
    assert 'currentScript' not in code and SOURCE_PLACEHOLDER not in code
    assert script.count(OWN_SCRIPT_SOURCE) == 1 and SOURCE_PLACEHOLDER not in script
    # The offer (bookmarklet/browser/offer.py) asks the same getter whether its element offers.
    assert script.count('currentScript') == script.count('"currentScript").get.call(') == 2
