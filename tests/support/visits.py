"""A visit as a user makes it, counted in nginx's log, and the cache it leaves in the browser."""

import json
import time

from bookmarklet.words import DATABASE
from servers.process import on_this_machine

READ_CACHE = """() => new Promise((resolve, reject) => {
  const request = indexedDB.open(""" + json.dumps(DATABASE) + """);
  request.onerror = () => reject(request.error);
  request.onsuccess = () => {
    const database = request.result;
    if (!database.objectStoreNames.contains('records')) { database.close(); resolve(null); return; }
    const transaction = database.transaction(['records', 'visits']);
    const found = {};
    transaction.objectStore('records').getAll().onsuccess = (e) => { found.records = e.target.result; };
    transaction.objectStore('visits').getAll().onsuccess = (e) => { found.visits = e.target.result; };
    transaction.oncomplete = () => { database.close(); resolve(found); };
  };
})"""


def read_cache(page):
    return page.evaluate(READ_CACHE)


def quiet_requests(server, settle=0.6, timeout=10, polled=()):
    """nginx's log once no request has arrived for `settle` seconds (prefetch included);
    both times are an idle machine's (on_this_machine). The URIs in `polled` are asked
    again and again (near-real-time mode): they are left out, or the log never stops.
    The settle, which every visit spends in full, grows at most twofold: the browsers of
    the suite's own workers keep the load at three to five times the cores, and a request
    the page starts comes within milliseconds of the last, not seconds."""
    settle, timeout = min(on_this_machine(settle), 2 * settle), on_this_machine(timeout)
    deadline = time.monotonic() + timeout
    count = -1
    while time.monotonic() < deadline:
        requests = [r for r in server.requests() if r['uri'] not in ('/favicon.ico',) + polled]
        if len(requests) == count:
            return requests
        count = len(requests)
        time.sleep(settle)
    raise AssertionError('requests did not stop within {:.1f} s'.format(timeout))


def visit(page, server, bookmarklet, path='/', polled=()):
    """Open a listing (the root by default), click, and return (overlay, the URIs of the
    requests the click sent, prefetch included, but for those in `polled`)."""
    page.goto(server.url(path))
    quiet_requests(server, settle=0.2)
    server.forget_requests()
    page.run_bookmarklet(bookmarklet)
    overlay = page.wait_settled()
    return overlay, [r['uri'] for r in quiet_requests(server, polled=polled)]


def directories_on(overlay):
    return [row for row in overlay['rows'] if row['type'] == 'directory']
