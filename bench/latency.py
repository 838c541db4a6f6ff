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

from bench.common import ROOT, Server, click_and_wait, longest_task, median, throttled_page, \
    write_flat_tree
from bench.profiles import DESKTOP, click_of, hosted, hosted_site
from bench.series import compared, interleaved
from tests.support.builds import build

BROWSER_CONNECTIONS_PER_HOST = 6


def build_variant(work, size, concurrency):
    """A dist/ with this page size and pool, in the variants folder that hosted sites serve
    as /.autoindex-sitemap/ (its loader loads its own sitemap.js from there); returns the
    folder. Built from the compiled parts `make` kept, as a user rebuilds with other
    settings: a second each, where compiling each took twenty."""
    name = 'dist-{}-{}'.format(size, concurrency)
    out = work / 'variants' / name
    if not (out / 'bookmarklet.url').exists():
        build(work / 'build-{}-{}'.format(size, concurrency), '--out', str(out),
              '--script-url', '/.autoindex-sitemap/{}/sitemap.js'.format(name),
              '--page-size', str(size), '--page-sizes', '10,20,30',
              '--max-concurrent-requests', str(concurrency))
    return out


def http2_site(work):
    """A copy of json-by-accept.conf served over TLS with HTTP/2, dist/ hosted beside it
    (bench/profiles.py), and its certificate."""
    key = work / 'bench.key'
    certificate = work / 'bench.crt'
    subprocess.run(['openssl', 'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1',
                    '-subj', '/CN=127.0.0.1', '-keyout', str(key), '-out', str(certificate)],
                   check=True, capture_output=True)
    text = hosted((ROOT / 'nginx' / 'json-by-accept.conf').read_text(encoding='utf-8'))
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
    page = throttled_page(context, url, rate)
    page.cdp.send('Network.enable')
    page.cdp.send('Network.emulateNetworkConditions', {
        'offline': False, 'latency': rtt, 'downloadThroughput': -1, 'uploadThroughput': -1})
    return page


def one_wave(browser, url, click, rtt, profile):
    """{ms from page 1's rows to page 1 settled, the longest task meanwhile}, in a fresh
    profile of a person of profile, with rtt ms per request."""
    context = browser.new_context(ignore_https_errors=True, **profile['context'])
    try:
        marks = click_and_wait(emulated_page(context, url, rtt, profile['rate']), click,
                               'settled')
        return {'ms': marks['settled'] - marks['rows'],
                'longest': longest_task(marks, marks['rows'], marks['settled'])}
    finally:
        context.close()


def one_plain_wave(browser, url, rtt, size, concurrency, profile):
    """ms for the baseline to fetch the same size listings, concurrency at a time."""
    context = browser.new_context(ignore_https_errors=True, **profile['context'])
    try:
        return emulated_page(context, url, rtt, profile['rate']).evaluate(
            PLAIN_WAVE, [size, concurrency])
    finally:
        context.close()


def wave_two(browser, work, now, rtts, sizes, concurrencies, runs, protocols, profile=DESKTOP,
             log=None):
    """Rows {protocol, rtt, size, concurrency, profile, rate, subject, baseline, again (each
    [Q1, median, Q3] of ms: wave 2, plain fetch, plain fetch again), ratio, noise, runs,
    floor, browser_floor, longest, longest_median}: wave 2 as a person of profile clicks
    (bench/profiles.py), against plain fetch in the same kind of page, interleaved
    (bench/series.py). log, given, gets a line per turn."""
    tree = work / 'latency'
    if not tree.exists():
        write_flat_tree(tree, max(sizes) + 10, now, 5)
    clicks = {(size, concurrency): click_of(build_variant(work, size, concurrency), profile)
              for size in sizes for concurrency in concurrencies}
    rows = []
    for protocol in protocols:
        if protocol != 'HTTP/1.1' and shutil.which('openssl') is None:
            continue    # no certificate, no HTTP/2 in a browser
        site = hosted_site(work, 'json-by-accept.conf') if protocol == 'HTTP/1.1' else \
            http2_site(work)
        folder = work / 'nginx-latency-{}-{}-{}'.format(len(rows), protocol[-1], profile['name'])
        with Server(str(site), tree, folder, dist=work / 'variants') as server:
            url = server.url('/')
            if protocol != 'HTTP/1.1':
                url = url.replace('http://', 'https://')
            for rtt in rtts:
                for size in sizes:
                    for concurrency in concurrencies:
                        def said(turn, ran):
                            log('wave 2, {}, {} at {} ms, n = {}, c = {}, run {} of {}: {:.0f} '
                                'ms, plain {:.0f} and {:.0f} ms'.format(
                                    profile['name'], protocol, rtt, size, concurrency, turn,
                                    runs, ran['wave']['ms'], ran['plain'], ran['again']))
                        series = interleaved({
                            'wave': lambda: one_wave(browser, url, clicks[(size, concurrency)],
                                                     rtt, profile),
                            'plain': lambda: one_plain_wave(browser, url, rtt, size,
                                                            concurrency, profile),
                            'again': lambda: one_plain_wave(browser, url, rtt, size,
                                                            concurrency, profile)},
                            runs, said if log else None)
                        longest = [wave['longest'] for wave in series['wave']]
                        cap = concurrency if protocol != 'HTTP/1.1' else \
                            min(concurrency, BROWSER_CONNECTIONS_PER_HOST)
                        row = compared([wave['ms'] for wave in series['wave']], series['plain'],
                                       series['again'])
                        row.update({'protocol': protocol, 'rtt': rtt, 'size': size,
                                    'concurrency': concurrency, 'profile': profile['name'],
                                    'rate': profile['rate'],
                                    'floor': math.ceil(size / concurrency) * rtt,
                                    'browser_floor': math.ceil(size / cap) * rtt,
                                    'longest': max(longest), 'longest_median': median(longest)})
                        rows.append(row)
    return rows
