"""What every benchmark shares: the machine, the versions, trees, nginx, Chromium, probes."""

import os
import platform
import re
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bookmarklet.settings import SETTINGS  # noqa: E402
from nginx.server import Nginx  # noqa: E402
from tests.support.overlay_reader import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

DAY = 86400


def median(values):
    return statistics.median(values)


def run_text(command):
    """The first line a command prints (on stdout or stderr), or '?' when it cannot run."""
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return '?'
    lines = (done.stdout + done.stderr).strip().splitlines()
    return lines[0] if lines else '?'


def machine():
    """{cores, memory, system}: what the figures were measured on."""
    memory = '?'
    try:
        with open('/proc/meminfo') as handle:
            for line in handle:
                if line.startswith('MemTotal:'):
                    memory = '{:.1f} GiB'.format(int(line.split()[1]) / 1024 / 1024)
    except OSError:
        pass
    return {'cores': os.cpu_count(), 'memory': memory,
            'system': platform.system() + ' ' + platform.release()}


def versions(browser):
    """The versions of every tool in the chain."""
    esbuild = ROOT / 'node_modules' / '.bin' / 'esbuild'
    nginx_version = run_text([os.environ.get('NGINX', '/usr/sbin/nginx'), '-v'])
    transcrypt = '?'
    try:
        from importlib.metadata import version
        transcrypt = version('Transcrypt')
    except Exception:
        pass
    return {
        'nginx': nginx_version.split('/')[-1].split()[0],
        'Chromium': browser.version,
        'Transcrypt': transcrypt,
        'esbuild': run_text([str(esbuild), '--version']),
        'node': run_text(['node', '--version']).lstrip('v'),
        'Python': platform.python_version(),
    }


def write_flat_tree(root, count, now, files_each=0):
    """count empty level-1 directories (or with files_each small files) whose
    mtimes are distinct seconds spread over the last year, ending a day ago."""
    root = Path(root)
    root.mkdir(parents=True, exist_ok=True)
    newest = now - DAY
    for index in range(count):
        path = root / 'dir-{:06d}'.format(index)
        path.mkdir()
        for child in range(files_each):
            (path / 'file-{:03d}.txt'.format(child)).write_bytes(b'x' * (100 + child))
        # A scrambled order, so the listing's own order is not the display order.
        mtime = newest - ((index * 7919) % count) * 37 - 60
        os.utime(path, (mtime, mtime))
    return root


class Server:
    """nginx over a tree, with one of the project's configurations (or a file path); dist,
    given, is the folder a hosted site serves as /.autoindex-sitemap/."""

    def __init__(self, site, root, work, extra='', dist=None):
        self.nginx = Nginx(site, root, work, extra=extra, dist=dist)

    def __enter__(self):
        self.nginx.start()
        return self.nginx

    def __exit__(self, *exc):
        self.nginx.stop()


def throttled_page(context, url, rate):
    """A new page of context at url, a listing of a few dozen lines, loaded and settled
    (SMALL_SETTLE) at the machine's speed, whose main thread then runs rate times slower
    (CDP Emulation.setCPUThrottlingRate): only what follows is measured. The CDP session is
    kept on the page, so the throttling lasts as long as the page."""
    page = context.new_page()
    page.cdp = context.new_cdp_session(page)
    page.goto(url)
    page.evaluate(SMALL_SETTLE)
    if rate != 1:
        page.cdp.send('Emulation.setCPUThrottlingRate', {'rate': rate})
    return page


def launch(playwright):
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


# Marks, in the page's performance.now(): when the overlay's first row
# appears, and when its status line leaves 'loading' (page 1 settled); and every task
# that held the main thread over 50 ms (the Long Tasks API), as [start, duration].
PROBE = """() => {
  const marks = window.__sitemapBench = {tasks: []};
  new PerformanceObserver((found) => {
    for (const task of found.getEntries()) marks.tasks.push([task.startTime, task.duration]);
  }).observe({type: 'longtask'});
  const watch = (host) => {
    const root = host.shadowRoot;
    const check = () => {
      const now = performance.now();
      if (marks.rows === undefined && root.querySelector('[data-role=row]')) marks.rows = now;
      const status = root.querySelector('[data-role=status]');
      if (marks.rows !== undefined && marks.settled === undefined && status
          && status.getAttribute('data-state') !== 'loading') marks.settled = now;
    };
    new MutationObserver(check).observe(root, {childList: true, subtree: true, attributes: true});
    check();
  };
  new MutationObserver(() => {
    const host = document.getElementById('autoindex-sitemap');
    if (host && marks.host === undefined) { marks.host = performance.now(); watch(host); }
  }).observe(document.body, {childList: true});
}"""


def settle(tail_ms):
    """A page function that resolves once the page has drawn two frames and tail_ms more
    have passed."""
    return """() => new Promise((done) => requestAnimationFrame(
  () => requestAnimationFrame(() => setTimeout(done, {}))))""".format(tail_ms)


# Before a measure, the page's own work after its load (style, layout, the first frames) is
# let finish, so that it lands in no series: without it, compiling the userscript took 5 to
# 23 ms on a small page (A/A 1.16 to 1.46x), and the click's baseline fell in two groups.
# The tail after the two frames is for what follows them: on a listing of 100,000 lines a
# major collection among 150 ms of tasks, ending some 150 ms after the second frame. On the
# few dozen lines wave 2 and the map are measured over, nothing over 1 ms runs after the
# first frame (traces, bench notes' eighteenth round): SMALL_SETTLE, where the half second
# was 40 % of each of wave 2's 900 runs.
SETTLE = settle(500)
SMALL_SETTLE = settle(100)

CLICK = """(url) => { window.__sitemapBench.click = performance.now(); location.href = url; }"""

MARKS = "() => window.__sitemapBench"


# Whether the bookmarklet's store holds count records (a visit's wave 2 and prefetch are in).
RECORDS = """(count) => new Promise((resolve) => {
  const request = indexedDB.open('autoindex-sitemap');
  request.onsuccess = () => {
    const records = request.result.transaction('records').objectStore('records').count();
    records.onsuccess = () => { request.result.close(); resolve(records.result >= count); };
  };
  request.onerror = () => resolve(false);
})"""


def longest_task(marks, start, end):
    """ms of the longest task over 50 ms between two marks (0 for none)."""
    return max([duration for begun, duration in marks['tasks']
                if begun < end and begun + duration > start] + [0])


def click_and_wait(page, bookmarklet, until='rows', timeout=120000):
    """Run the bookmarklet as a click does; returns the marks once `until` is set."""
    page.evaluate(PROBE)
    # The wait compiles Playwright's injected script in the page on first use: 5 to 8 ms
    # of the page's main thread that would otherwise land between the click and the rows.
    page.wait_for_function('() => true')
    page.evaluate(CLICK, bookmarklet)
    page.wait_for_function('() => window.__sitemapBench.{} !== undefined'.format(until),
                           timeout=timeout, polling=50)
    return page.evaluate(MARKS)


# The baseline: what a few lines of hand-written JavaScript take for the same
# job: fetch the listing, parse it, sort it natively, put page 1 in the DOM (as many
# rows as the bookmarklet's page 1, by default).
BASELINE_ROWS = SETTINGS['pageSize']

BASELINE_JSON = """async (size) => {
  const started = performance.now();
  const response = await fetch(location.href, {headers: {Accept: 'application/json'}, cache: 'no-store'});
  const entries = await response.json();
  for (const entry of entries) entry.time = Date.parse(entry.mtime);
  entries.sort((a, b) => b.time - a.time || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const list = document.createElement('ol');
  for (const entry of entries.slice(0, size)) {
    const item = document.createElement('li');
    item.textContent = entry.name + ' ' + entry.mtime;
    list.appendChild(item);
  }
  document.body.appendChild(list);
  window.__baselineEntries = entries;
  return performance.now() - started;
}"""

BASELINE_HTML = """async (size) => {
  const started = performance.now();
  const response = await fetch(location.href, {cache: 'no-store'});
  const html = await response.text();
  const document_ = new DOMParser().parseFromString(html, 'text/html');
  const entries = [];
  for (const link of document_.querySelectorAll('a[href]')) {
    const href = link.getAttribute('href');
    if (href === '../') continue;
    const tail = link.nextSibling ? link.nextSibling.textContent : '';
    const date = /(\\d\\d)-(\\w\\w\\w)-(\\d{4}) (\\d\\d:\\d\\d)/.exec(tail);
    entries.push({name: decodeURIComponent(href.replace(/\\/$/, '')),
                  time: date ? Date.parse(date[2] + ' ' + date[1] + ' ' + date[3] + ' ' + date[4] + ' GMT') : 0});
  }
  entries.sort((a, b) => b.time - a.time || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const list = document.createElement('ol');
  for (const entry of entries.slice(0, size)) {
    const item = document.createElement('li');
    item.textContent = entry.name;
    list.appendChild(item);
  }
  document.body.appendChild(list);
  window.__baselineEntries = entries;
  return performance.now() - started;
}"""

# The naive crawl the cache is measured against: the root and every directory, every time.
NAIVE_CRAWL = """async (concurrency) => {
  const get = async (url) => {
    const response = await fetch(url, {headers: {Accept: 'application/json'}, cache: 'no-store'});
    return response.json();
  };
  const root = await get(location.href);
  const queue = root.filter((entry) => entry.type === 'directory')
                    .map((entry) => location.href + encodeURIComponent(entry.name) + '/');
  const worker = async () => { while (queue.length > 0) await get(queue.shift()); };
  await Promise.all(Array.from({length: concurrency}, worker));
  return root.length;
}"""


def heap_used(page):
    """The JS heap in use by the page's isolate after a full collection, in bytes."""
    session = page.context.new_cdp_session(page)
    try:
        session.send('HeapProfiler.enable')
        session.send('HeapProfiler.collectGarbage')
        session.send('HeapProfiler.collectGarbage')
        return session.send('Runtime.getHeapUsage')['usedSize']
    finally:
        session.detach()


def slug(text):
    return re.sub(r'[^a-z0-9]+', '-', text.lower()).strip('-')
