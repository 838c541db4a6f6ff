"""Wave 2 under latency: a page of n directories through a pool of c requests,
with Chromium's network emulation adding a round trip to every request.

The floor is ceil(n / c) round trips. Over HTTP/1.1 Chromium opens at most 6
connections to one host, so the pool cannot beat ceil(n / min(c, 6)) there;
the same runs over HTTP/2 (TLS, one connection, many streams) show what the
pool does when the browser does not cap it.
"""

import math
import shutil
import subprocess
import sys

from bench.common import ROOT, Server, click_and_wait, longest_task, median, throttled_page, \
    write_flat_tree

BROWSER_CONNECTIONS_PER_HOST = 6


def build_variant(work, size, concurrency):
    """A dist/ with this page size and pool; returns its bookmarklet URL."""
    out = work / 'dist-{}-{}'.format(size, concurrency)
    if (out / 'bookmarklet.url').exists():
        return (out / 'bookmarklet.url').read_text(encoding='utf-8').strip()
    subprocess.run([sys.executable, str(ROOT / 'generator.py'), '--out', str(out),
                    '--build-dir', str(work / 'build-{}-{}'.format(size, concurrency)),
                    '--page-size', str(size), '--page-sizes', '10,20,30',
                    '--max-concurrent-requests', str(concurrency)],
                   check=True, capture_output=True, text=True)
    return (out / 'bookmarklet.url').read_text(encoding='utf-8').strip()


def http2_site(work):
    """A copy of json-by-accept.conf served over TLS with HTTP/2, and its certificate."""
    key = work / 'bench.key'
    certificate = work / 'bench.crt'
    subprocess.run(['openssl', 'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1',
                    '-subj', '/CN=127.0.0.1', '-keyout', str(key), '-out', str(certificate)],
                   check=True, capture_output=True)
    text = (ROOT / 'nginx' / 'json-by-accept.conf').read_text(encoding='utf-8')
    text = text.replace('listen 127.0.0.1:8080;',
                        'listen 127.0.0.1:8080 ssl http2;\n'
                        '    ssl_certificate {};\n    ssl_certificate_key {};'.format(
                            certificate, key))
    site = work / 'json-by-accept-http2.conf'
    site.write_text(text, encoding='utf-8')
    return site


# The baseline: the same n directory listings fetched by plain JavaScript in the
# same page, c at a time, after one request for the root (which, like wave 1,
# opens the first connection). What is left between it and the sitemap is the
# sitemap's own work: the cache reads, reading each listing, the rows.
PLAIN_WAVE = """async ([count, concurrency]) => {
  const ask = {headers: {Accept: 'application/json'}, cache: 'no-store'};
  const listing = await (await fetch(location.href, ask)).json();
  const urls = listing.filter((e) => e.type === 'directory')
    .sort((a, b) => Date.parse(b.mtime) - Date.parse(a.mtime) || (a.name < b.name ? -1 : 1))
    .slice(0, count).map((e) => location.href + encodeURIComponent(e.name) + '/');
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < urls.length) { await (await fetch(urls[next++], ask)).text(); }
  };
  await Promise.all(Array.from({length: Math.min(concurrency, urls.length)}, worker));
  return performance.now() - started;
}"""


def emulated_page(context, url, rtt, rate):
    """A page of context at url, every request of it delayed by rtt ms from now on, its CPU
    rate times slower."""
    page = throttled_page(context, rate)
    page.goto(url)
    page.cdp.send('Network.enable')
    page.cdp.send('Network.emulateNetworkConditions', {
        'offline': False, 'latency': rtt, 'downloadThroughput': -1, 'uploadThroughput': -1})
    return page


def one_wave(browser, url, bookmarklet, rtt, rate):
    """{ms from page 1's rows to page 1 settled, the longest task meanwhile}, in a fresh
    profile, with rtt ms per request and the CPU rate times slower."""
    context = browser.new_context(ignore_https_errors=True)
    try:
        marks = click_and_wait(emulated_page(context, url, rtt, rate), bookmarklet, 'settled')
        return {'ms': marks['settled'] - marks['rows'],
                'longest': longest_task(marks, marks['rows'], marks['settled'])}
    finally:
        context.close()


def one_plain_wave(browser, url, rtt, size, concurrency, rate):
    """ms for the baseline to fetch the same size listings, concurrency at a time."""
    context = browser.new_context(ignore_https_errors=True)
    try:
        return emulated_page(context, url, rtt, rate).evaluate(PLAIN_WAVE, [size, concurrency])
    finally:
        context.close()


def wave_two(browser, work, now, rtts, sizes, concurrencies, runs, protocols, rate=1):
    """Rows {protocol, rtt, size, concurrency, ms, plain, floor, ratio, browser_floor,
    longest, rate}: the sitemap and plain fetch alike with the CPU rate times slower."""
    tree = work / 'latency'
    if not tree.exists():
        write_flat_tree(tree, max(sizes) + 10, now, 5)
    variants = {}
    for size in sizes:
        for concurrency in concurrencies:
            variants[(size, concurrency)] = build_variant(work, size, concurrency)
    rows = []
    for protocol in protocols:
        if protocol != 'HTTP/1.1' and shutil.which('openssl') is None:
            continue    # no certificate, no HTTP/2 in a browser
        site = 'json-by-accept.conf' if protocol == 'HTTP/1.1' else str(http2_site(work))
        with Server(site, tree, work / 'nginx-latency-{}-{}'.format(len(rows), rate)) as server:
            url = server.url('/')
            if protocol != 'HTTP/1.1':
                url = url.replace('http://', 'https://')
            for rtt in rtts:
                for size in sizes:
                    for concurrency in concurrencies:
                        times = []
                        longest = []
                        plain = []
                        for _ in range(runs):
                            wave = one_wave(browser, url, variants[(size, concurrency)], rtt,
                                            rate)
                            times.append(wave['ms'])
                            longest.append(wave['longest'])
                            plain.append(one_plain_wave(browser, url, rtt, size, concurrency,
                                                        rate))
                        floor = math.ceil(size / concurrency) * rtt
                        cap = concurrency if protocol != 'HTTP/1.1' else \
                            min(concurrency, BROWSER_CONNECTIONS_PER_HOST)
                        rows.append({'protocol': protocol, 'rtt': rtt, 'size': size,
                                     'concurrency': concurrency, 'ms': median(times),
                                     'plain': median(plain),
                                     'floor': floor, 'ratio': median(times) / floor,
                                     'browser_floor': math.ceil(size / cap) * rtt,
                                     'longest': max(longest), 'rate': rate})
    return rows
