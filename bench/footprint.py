"""What the bookmarklet leaves on the page: enumerable properties on the built-in
prototypes, globals and frames, while the overlay is open and after closing it, on a
plain listing page and on one whose CSP forbids eval, inline scripts and frames."""

from bench.common import PROBE, Server, write_flat_tree

CSP = "default-src 'self'; script-src 'self'; style-src 'self'; frame-src 'none'"
PAGES = [['plain', 'json-by-accept.conf', ''],
         ['CSP without eval', 'html-listings.conf',
          '    add_header Content-Security-Policy "{}" always;'.format(CSP)]]

# What the page has: each built-in prototype's enumerable properties, its globals, frames.
PAGE_STATE = """() => {
  const enumerable = (object) => { const found = []; for (const key in object) found.push(key); return found; };
  const prototypes = [Array, String, Object, Function, Number, Boolean, Promise, Element, Node,
                      EventTarget, Document, Window].map((type) => enumerable(type.prototype).length);
  return {prototypes: prototypes.reduce((a, b) => a + b, 0), globals: Object.keys(window),
          frames: document.querySelectorAll('iframe').length};
}"""


def added(before, after):
    """How many properties, globals and frames after has that before had not."""
    return (max(0, after['prototypes'] - before['prototypes'])
            + len(set(after['globals']) - set(before['globals']))
            + max(0, after['frames'] - before['frames']))


def run(page, bookmarklet):
    try:
        page.goto(bookmarklet)
    except Exception:  # Chromium reports the javascript: navigation as aborted
        pass


def footprint(browser, bookmarklet, work, now):
    """Rows {page, open, closed}: what the page has gained with the overlay open, and
    once it is closed."""
    tree = write_flat_tree(work / 'footprint', 30, now)
    rows = []
    for name, site, extra in PAGES:
        with Server(site, tree, work / 'nginx-footprint-{}'.format(site), extra=extra) as server:
            context = browser.new_context()
            try:
                page = context.new_page()
                page.goto(server.url('/'), timeout=120000)
                page.evaluate(PROBE)
                before = page.evaluate(PAGE_STATE)
                run(page, bookmarklet)
                page.wait_for_function('() => window.__sitemapBench.settled !== undefined',
                                       timeout=120000, polling=50)
                opened = page.evaluate(PAGE_STATE)
                page.keyboard.press('Escape')
                page.wait_for_function(
                    "() => document.getElementById('autoindex-sitemap') === null",
                    timeout=120000, polling=50)
                closed = page.evaluate(PAGE_STATE)
            finally:
                context.close()
        rows.append({'page': name, 'open': added(before, opened),
                     'closed': added(before, closed)})
    return rows
