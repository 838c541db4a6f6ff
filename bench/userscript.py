"""What the userscript costs on a page that is no listing: a userscript manager runs
dist/autoindex-sitemap.user.js on every page a person opens, so on an ordinary page it should
cost little more than compiling it (issue 43).

Three ordinary pages the benchmark writes itself: a long article (about 20,000 elements and
3,000 links), a shop's grid of 5,000 products (each card a link into its own folder, a
`<time>` and a price; its product names are `<h2>`, as WooCommerce writes them) and a small
"about us" page; and two heavy pages without a target, a table of about 300,000 nodes and a
text file of 600,000 lines (text/plain). nginx serves each as the index of a folder, at a
directory's address (a path ending in '/'), where the userscript's first cheap test passes
and it asks the page for the signs of a listing before it gives up; at any other address it
stops at once.

On each ordinary page, in Chromium, runs are interleaved in threes, each three in another of
the six orders: the script's run in the page's own world, as a manager that does not isolate
it runs it (`(0, eval)(code)` in the page once it has loaded), compiling the same source
only (`new Function(code)`), and compiling it again (A/A: the run's noise floor). On the
heavy pages, whose every load takes seconds (the text file's most of a minute on a busy
machine), fewer runs in pairs, the run and the compile, with no A/A. The three of a turn
share one fresh browser context and page, loaded and left to settle (its first frames drawn,
then half a second) before the first; each is timed with performance.now() inside the page,
on a source made fresh by a unique comment so that no code cache serves it (a page of its
own for each put the A/A floor anywhere from 0.83x to 1.46x). Every run checks that the
script added no button: a page that gets one is not on the path measured, and the benchmark
stops there.

Target: on each ordinary page the run's median at most 1.5 times the compile's plus 2 ms.

    .venv/bin/python -m bench.userscript [--runs N] [--heavy-runs N]

prints the section `make bench` writes (bench/run.py).
"""

import argparse
import sys
import tempfile
import time
import uuid
from pathlib import Path

from bench.common import ROOT, SETTLE, Server, median
from bench.report import fine_ms, fine_spread, ratio, table, timed
from bench.series import NOISE_FLOOR, orders, quartiles
from bookmarklet.words import BUTTON_ID

USERSCRIPT = ROOT / 'dist' / 'autoindex-sitemap.user.js'
# Three turns in each of the six orders.
RUNS = 18
# The target: the run's median at most TIMES the compile's median plus PLUS_MS.
TIMES = 1.5
PLUS_MS = 2.0
# The three runs of each turn, in each order in turn (bench/series.py).
ORDERS = orders(['run', 'compile', 'again'])
# On the heavy pages, the run and the compile in turn.
PAIRS = [['run', 'compile'], ['compile', 'run']]
HEAVY_RUNS = 5
PAGE_TIMEOUT_MS = 300000
# nginx serves a folder's index.txt as its index too (text/plain, by its mime types).
INDEX = '    index index.html index.txt;'

# As a manager that does not isolate it runs the userscript, in the page's own realm; the same
# source compiled only. Each says whether the page has the offer's button afterwards.
RUN = """([code, id]) => {
  const started = performance.now();
  (0, eval)(code);
  const ms = performance.now() - started;
  return {ms, button: document.getElementById(id) !== null};
}"""
COMPILE = """([code, id]) => {
  const started = performance.now();
  new Function(code);
  const ms = performance.now() - started;
  return {ms, button: document.getElementById(id) !== null};
}"""
# What the page is: its elements, links and nodes, and its content type.
FACTS = """() => {
  let nodes = 0;
  const walker = document.createTreeWalker(document, NodeFilter.SHOW_ALL);
  while (walker.nextNode()) nodes += 1;
  return {elements: document.getElementsByTagName('*').length, links: document.links.length,
          nodes, type: document.contentType};
}"""

TOPICS = ['caching', 'latency', 'indexes', 'queues', 'retries', 'backoff', 'compression',
          'checksums', 'replication', 'leases', 'clocks', 'quorums']
WORDS = ('a listing changes when a name is added and the server writes its page again so a '
         'client that kept the old one must ask whether it is still fresh before it shows it').split()


def words(seed, count):
    return ' '.join(WORDS[(seed * 7 + step * 3) % len(WORDS)] for step in range(count))


def page(title, body, style='body{font:16px/1.5 serif;max-width:46em;margin:auto}'):
    return ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            '<title>{}</title><style>{}</style></head>\n<body>{}</body></html>\n').format(
                title, style, body)


def site_header(current):
    items = ['<a href="/">Home</a>', '<a href="/blog/">Blog</a>', '<a href="/shop/">Shop</a>',
             '<a href="/about/">About us</a>', '<a href="/contact/">Contact</a>',
             '<a href="/careers/">Careers</a>', '<a href="/press/">Press</a>',
             '<a href="/feed.xml">Feed</a>']
    return ('<header><a class="logo" href="/">Northwind Notes</a><nav aria-label="Site"><ul>{}'
            '</ul></nav><form role="search" action="/search/"><input name="q" aria-label="Search">'
            '<button>Search</button></form></header>\n').format(
                ''.join('<li{}>{}</li>'.format(' class="current"' if current in item else '', item)
                        for item in items))


def site_footer():
    columns = []
    for column in range(4):
        links = ''.join('<li><a href="/{}/{}/">{}</a></li>'.format(
            ['help', 'legal', 'company', 'social'][column], 'page-{}'.format(link),
            words(column * 5 + link, 2)) for link in range(5))
        columns.append('<section><h3>{}</h3><ul>{}</ul></section>'.format(
            ['Help', 'Legal', 'Company', 'Elsewhere'][column], links))
    return '<footer>{}<p><small>&copy; 2026 Northwind Notes</small></p></footer>\n'.format(
        ''.join(columns))


def paragraph(section, index):
    """A paragraph of 4 links and 20 other inline elements."""
    seed = section * 5 + index
    links = ['<a href="https://example.org/papers/{}">{}</a>'.format(seed, words(seed, 3)),
             '<a href="/blog/on-{}/">{}</a>'.format(TOPICS[seed % len(TOPICS)], words(seed + 1, 2)),
             '<a href="#section-{}">section {}</a>'.format((seed * 3) % 150 + 1, (seed * 3) % 150 + 1),
             '<a href="https://example.net/notes/{}#n{}">{}</a>'.format(seed % 40, seed, words(seed + 2, 2))]
    inline = ['<em>{}</em>', '<strong>{}</strong>', '<code>{}</code>', '<span class="term">{}</span>',
              '<abbr title="{0}">{0}</abbr>']
    parts = []
    for step in range(20):
        parts.append(words(seed + step, 6))
        parts.append(inline[step % len(inline)].format(words(seed + step * 2, 2)))
        if step % 5 == 4:
            parts.append(links[step // 5])
    return '<p>{}.</p>'.format(' '.join(parts))


def article():
    """A long article at /blog/on-caching/: about 20,000 elements and 3,000 links."""
    sections = []
    for section in range(150):
        figure = ('<figure><svg width="320" height="80" role="img"><rect width="320" height="80">'
                  '</rect></svg><figcaption>Figure {}: {}</figcaption></figure>'.format(
                      section + 1, words(section, 5))) if section % 3 == 0 else ''
        sections.append('<section id="section-{0}"><h2>{0}. {1}</h2>{2}{3}</section>\n'.format(
            section + 1, words(section, 4).capitalize(),
            ''.join(paragraph(section, index) for index in range(5)), figure))
    body = (site_header('/blog/')
            + '<nav aria-label="Breadcrumb"><a href="/">Home</a> › <a href="/blog/">Blog</a></nav>\n'
            + '<main><article><h1>On caching</h1><p class="byline">By Ada Lovelace, '
            '<time datetime="2026-11-28">28 November 2026</time>, 48 minutes to read</p>\n'
            + ''.join(sections)
            + '<p><a href="../">← All posts</a></p></article></main>\n' + site_footer())
    return page('On caching — Northwind Notes', body)


def shop():
    """A shop's grid at /shop/ of 5,000 products, each card a link into its own folder."""
    cards = []
    for item in range(1, 5001):
        day = 1 + item % 28
        cards.append(
            '<li class="card"><a href="item-{0}/"><span class="thumb"></span><h2>{1} no. {0}</h2></a>'
            '<p class="meta"><time datetime="2026-11-{2:02d}">{2} Nov 2026</time> '
            '<span class="price">€{3}.{4:02d}</span></p><button type="button">Add to cart</button></li>\n'
            .format(item, words(item, 2).capitalize(), day, 5 + item % 95, (item * 37) % 100))
    pages = ''.join('<a href="?page={0}">{0}</a> '.format(number) for number in range(1, 11))
    body = (site_header('/shop/')
            + '<main><h1>All products</h1><form class="filters"><label>Sort by <select name="order">'
            '<option>Newest</option><option>Price</option><option>Name</option></select></label>'
            '<button>Apply</button></form>\n<ul class="grid">\n' + ''.join(cards)
            + '</ul><nav class="pages">' + pages + '</nav></main>\n' + site_footer())
    return page('Shop — Northwind Notes', body,
                '.grid{display:grid;grid-template-columns:repeat(auto-fill,12em);list-style:none}'
                '.thumb{display:block;width:10em;height:10em;background:#ddd}')


def about():
    """A small "about us" page at /about/."""
    team = ''.join('<li><h3>{}</h3><p>{}.</p></li>'.format(name, words(index, 12).capitalize())
                   for index, name in enumerate(['Ada Lovelace', 'Grace Hopper', 'Alan Turing',
                                                 'Edsger Dijkstra', 'Barbara Liskov', 'Ken Thompson']))
    body = (site_header('/about/')
            + '<main><h1>About us</h1><p>{}.</p><p>{}.</p><h2>The team</h2><ul class="team">{}</ul>'
            '<h2>Where we are</h2><p>{} <a href="/contact/">Write to us</a>.</p></main>\n'.format(
                words(1, 30).capitalize(), words(2, 40).capitalize(), team, words(3, 20).capitalize())
            + site_footer())
    return page('About us — Northwind Notes', body)


def table_page():
    """A table at /data/readings/ of about 300,000 nodes (27,000 rows of 5 cells)."""
    rows = ''.join('<tr><td>{}</td><td>2026-11-{:02d} {:02d}:{:02d}</td><td>{:.1f}</td><td>{}</td>'
                   '<td>{}</td></tr>'.format(row, 1 + row % 28, row % 24, row % 60,
                                              (row * 7) % 400 / 10, (row * 13) % 1000, 'ok')
                   for row in range(27000))
    return page('Station readings', '<h1>Station readings</h1><table><thead><tr><th>reading</th>'
                '<th>time</th><th>temperature</th><th>pressure</th><th>state</th></tr></thead>'
                '<tbody>' + rows + '</tbody></table>')


def text_file():
    """A text file of 600,000 lines, served as text/plain at /logs/build/."""
    return ''.join('{:06d} step {} ok in {} ms\n'.format(line, line % 500, line % 97)
                   for line in range(600000))


# [name, address, write, file, judged]: each page, where nginx serves it, and whether the
# target judges it.
PAGES = [['a long article', '/blog/on-caching/', article, 'index.html', True],
         ['a shop\'s grid of 5,000 products', '/shop/', shop, 'index.html', True],
         ['a small "about us" page', '/about/', about, 'index.html', True],
         ['a table of 27,000 rows', '/data/readings/', table_page, 'index.html', False],
         ['a text file of 600,000 lines', '/logs/build/', text_file, 'index.txt', False]]


def write_pages(root, pages):
    """Each page as the index of its folder below root."""
    for _, address, write, name, _ in pages:
        folder = Path(root) / address.strip('/')
        folder.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(write(), encoding='utf-8')
    return root


def turn(browser, url, kinds, code, facts=False):
    """{kind: {ms, button}} of one turn: each of kinds (RUN or COMPILE by name) in its order,
    in one fresh context and page, each on code made fresh; with facts, the page's FACTS
    too, after the turn."""
    context = browser.new_context()
    try:
        tab = context.new_page()
        tab.goto(url, wait_until='load', timeout=PAGE_TIMEOUT_MS)
        tab.evaluate(SETTLE)
        took = {}
        for kind in kinds:
            fresh = code + '\n// ' + uuid.uuid4().hex + '\n'
            took[kind] = tab.evaluate(RUN if kind == 'run' else COMPILE, [fresh, BUTTON_ID])
        if facts:
            took['facts'] = tab.evaluate(FACTS)
        return took
    finally:
        context.close()


def series_of(browser, url, name, runs, orders, code, log):
    """{facts, run, compile, again}: the ms of runs turns of orders on the page at url."""
    series = {'facts': None, 'run': [], 'compile': [], 'again': []}
    for index in range(runs):
        order = orders[index % len(orders)]
        took = turn(browser, url, order, code, facts=series['facts'] is None)
        series['facts'] = series['facts'] or took['facts']
        for kind in order:
            if took[kind]['button']:
                raise RuntimeError('the userscript added its button to {} ({}): the page reads as '
                                   'a listing, and this benchmark measures the pages that do not'
                                   .format(name, url))
            series[kind].append(took[kind]['ms'])
        log('userscript, {}, run {} of {}: {}'.format(name, index + 1, runs, ', '.join(
            '{} {:.1f} ms'.format(kind, series[kind][-1]) for kind in orders[0])))
    return series


def measure(browser, work, runs, heavy_runs=HEAVY_RUNS, code=None, log=print):
    """Rows {page, address, judged, elements, links, nodes, type, runs, run, compile, again
    ([Q1, median, Q3] in ms; again None on the heavy pages), noise (compile against compile),
    limit, met}: runs interleaved threes on each ordinary page, heavy_runs pairs on each heavy
    one (0: none). Raises if the script adds its button to any page."""
    code = code if code is not None else USERSCRIPT.read_text(encoding='utf-8')
    pages = [row for row in PAGES if row[4] or heavy_runs > 0]
    tree = write_pages(work / 'userscript', pages)
    rows = []
    with Server('html-listings.conf', tree, work / 'nginx-userscript', extra=INDEX) as server:
        for name, address, _, _, judged in pages:
            series = series_of(browser, server.url(address), name, runs if judged else heavy_runs,
                               ORDERS if judged else PAIRS, code, log)
            facts = series['facts']
            limit = TIMES * median(series['compile']) + PLUS_MS
            rows.append({'page': name, 'address': address, 'judged': judged,
                         'elements': facts['elements'], 'links': facts['links'],
                         'nodes': facts['nodes'], 'type': facts['type'],
                         'runs': len(series['run']), 'run': quartiles(series['run']),
                         'compile': quartiles(series['compile']),
                         'again': quartiles(series['again']) if series['again'] else None,
                         'noise': median(series['again']) / median(series['compile'])
                         if series['again'] else None,
                         'limit': limit, 'met': median(series['run']) <= limit})
    return rows


def userscript_limit(row):
    """The target of a row of userscript.measure, in words."""
    return '<= {} x {:.1f} + {:.0f} = {}'.format(TIMES, row['compile'][1],
                                                 PLUS_MS, fine_ms(row['limit']))


def userscript_verdict(row):
    """A row's verdict against the userscript's target: none on a heavy page."""
    return timed(row['met'], [row]) if row['judged'] else 'no target'


def userscript_section(rows):
    judged = [row for row in rows if row['judged']]
    lines = ['## The userscript on pages that are no listing', '',
             'A userscript manager runs `dist/autoindex-sitemap.user.js` on every page a person',
             'opens; on a page that is no listing it should stop after a few cheap lookups',
             '(`bookmarklet/reading/signs.py`). Pages the benchmark writes (`bench/userscript.py`): a long',
             'article, a shop\'s grid of 5,000 products (each card a link into its own folder, a',
             '`<time>` and a price, its name an `<h2>`), a small "about us" page; and, without a',
             'target, a table page and a text file (text/plain). nginx serves each at a',
             'directory\'s address, where the script\'s first test passes and it asks the page for',
             'a listing\'s signs; at any other address it stops at once. *Run* is the script run',
             'in the page\'s own world (`(0, eval)(code)` in the loaded page), as a manager that',
             'does not isolate it runs it; *compile* the same source compiled only',
             '(`new Function(code)`), each timed inside',
             'the page, the three of a turn in one fresh context and page, loaded and settled,',
             'each on the source made fresh by a unique comment so that no code cache serves',
             'it. On the ordinary pages the runs are interleaved',
             'in threes (run, compile, compile again; each three in another order), {} of each;'
             .format(judged[0]['runs'] if judged else 0),
             '*compile against compile* is the second compile series against the first, the',
             'run\'s noise floor (A/A): a page whose A/A is over {:.2f}x is not judged. On the heavy'
             .format(NOISE_FLOOR),
             'pages, whose loads take seconds, fewer runs in pairs. Medians with their',
             'quartiles. No page got the offer\'s button (checked at every run). Target: on each',
             'ordinary page, the run at most {}x the compile plus {:.0f} ms.'.format(
                 TIMES, PLUS_MS), '']
    body = []
    for row in rows:
        body.append(['{} (`{}`, {})'.format(row['page'], row['address'], row['type']),
                     '{:,}'.format(row['elements']), '{:,}'.format(row['links']),
                     '{:,}'.format(row['nodes']), row['runs'], fine_spread(row['run']),
                     fine_spread(row['compile']),
                     fine_spread(row['again']) if row['again'] else '',
                     ratio(row['noise']) if row['noise'] else '',
                     userscript_limit(row) if row['judged'] else '', userscript_verdict(row)])
    lines.append(table(['page', 'elements', 'links', 'nodes', 'runs of each', 'run', 'compile',
                        'compile again', 'compile against compile', 'limit', 'target'], body))
    return lines


def userscript_targets(rows):
    """The targets table's rows of userscript.measure's rows."""
    return [['the userscript\'s run on {} (`{}`), against compiling it'.format(
        row['page'], row['address']), '{} (A/A {})'.format(fine_ms(row['run'][1]),
                                                            ratio(row['noise'])),
        userscript_limit(row), userscript_verdict(row)] for row in rows if row['judged']]


def main(argv):
    parser = argparse.ArgumentParser(prog='bench.userscript', description=__doc__.splitlines()[0])
    parser.add_argument('--runs', type=int, default=RUNS,
                        help='interleaved runs of each on each ordinary page')
    parser.add_argument('--heavy-runs', type=int, default=HEAVY_RUNS,
                        help='interleaved runs of each on each heavy page (0: none)')
    options = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright
    from bench.common import launch
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix='autoindex-sitemap-userscript-') as folder, \
            sync_playwright() as driver:
        browser = launch(driver)
        try:
            rows = measure(browser, Path(folder), options.runs, options.heavy_runs,
                           log=lambda line: print(line, flush=True))
        finally:
            browser.close()
    print('\n'.join(userscript_section(rows)))
    print('{:.0f} s'.format(time.monotonic() - started))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
