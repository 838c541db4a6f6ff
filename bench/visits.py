"""Requests and bytes per visit over a scripted history, against a naive crawl.

One browser profile lives through the whole history, so the cache carries
over from visit to visit as it does for a user. nginx's access log counts
the requests and the body bytes ($body_bytes_sent).
"""

import os

from bench.common import NAIVE_CRAWL, Server, click_and_wait, write_flat_tree
from tests.support.visits import quiet_requests

DIRECTORIES = 60
FILES_EACH = 20
PAGE_SIZE = 10

NEXT_PAGE = """(page) => {
  const root = document.getElementById('autoindex-sitemap').shadowRoot;
  root.querySelector('[data-role=next]').click();
}"""

PAGE_SETTLED = """(page) => {
  const host = document.getElementById('autoindex-sitemap');
  const root = host && host.shadowRoot;
  const pager = root && root.querySelector('[data-role=pager]');
  const status = root && root.querySelector('[data-role=status]');
  return pager && pager.getAttribute('data-page') === String(page)
      && status.getAttribute('data-state') !== 'loading';
}"""


def change(tree, names, mtime):
    """A new file in each named directory; its mtime moves to mtime (newest first)."""
    for offset, name in enumerate(names):
        path = tree / name
        (path / 'new-{}.txt'.format(mtime + offset)).write_bytes(b'new')
        os.utime(path, (mtime + offset, mtime + offset))


def cost(requests):
    return {'requests': len(requests), 'bytes': sum(r['bytes'] for r in requests)}


def visit(page, server, bookmarklet, pages):
    """Open the root, click, page on to page `pages`; the requests this cost."""
    page.goto(server.url('/'))
    quiet_requests(server, settle=0.2)
    server.forget_requests()
    click_and_wait(page, bookmarklet, 'settled')
    for number in range(2, pages + 1):
        page.wait_for_function(PAGE_SETTLED, arg=number - 1)
        page.evaluate(NEXT_PAGE)
        page.wait_for_function(PAGE_SETTLED, arg=number)
    return quiet_requests(server, timeout=60)


def naive(browser, server):
    """What fetching the root and every directory costs, once."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(server.url('/'))
        quiet_requests(server, settle=0.2)
        server.forget_requests()
        page.evaluate(NAIVE_CRAWL, 10)
        return cost(quiet_requests(server, timeout=60))
    finally:
        context.close()


def display_order(tree):
    """The level-1 directories as the overlay lists them: newest first, then by name."""
    entries = [[-os.stat(path).st_mtime, path.name] for path in tree.iterdir()]
    return [[name, -negated] for negated, name in sorted(entries)]


def history(browser, bookmarklet, work, now):
    """Rows {visit, changed, expected, requests, bytes, naive_requests, naive_bytes}.

    expected is what the cache promises: the root, plus every directory on the
    pages viewed (and the page prefetched after them) that is not cached at
    its current mtime. On a revisit that is 1 + the changed directories.
    """
    tree = write_flat_tree(work / 'visits', DIRECTORIES, now, FILES_EACH)
    names = sorted(entry.name for entry in tree.iterdir())
    steps = [['cold visit', 0, 1], ['revisit, nothing changed', 0, 1],
             ['revisit, 1 directory changed', 1, 1], ['revisit, 5 directories changed', 5, 1],
             ['revisit, paging through 3 pages', 0, 3]]
    rows = []
    cached = {}
    changed_at = now - 3600
    with Server('json-by-accept.conf', tree, work / 'nginx-visits') as server:
        context = browser.new_context()
        page = context.new_page()
        try:
            for label, changed, pages in steps:
                # Directories from the end of the name order, a different few each time.
                picked = names[len(names) - changed * (len(rows) + 1):][:changed]
                change(tree, picked, changed_at)
                changed_at += 60
                # Page n + 1 is prefetched once page n settles.
                wanted = display_order(tree)[:(pages + 1) * PAGE_SIZE]
                needed = [name for name, mtime in wanted if cached.get(name) != mtime]
                for name, mtime in wanted:
                    cached[name] = mtime
                requests = visit(page, server, bookmarklet, pages)
                baseline = naive(browser, server)
                rows.append(dict(cost(requests), visit=label, changed=changed,
                                 expected=1 + len(needed), naive_requests=baseline['requests'],
                                 naive_bytes=baseline['bytes']))
        finally:
            context.close()
    return rows
