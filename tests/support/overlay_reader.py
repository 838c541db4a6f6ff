"""Drive the bookmarklet in a Playwright page as a click does and read the overlay through
docs/contract.md only: for the Chromium engine of the tests (tests/support/chromium_driver.py), the
benchmarks and the screenshots."""

from tests.support.browsers import READ_OVERLAY, SETTLED

CHROMIUM = '/usr/bin/chromium'
CHROMIUM_ARGS = [
    '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
]


def run_bookmarklet(page, url):
    """Navigate to the javascript: URL, as a bookmark click does.

    Chromium runs the script in the page and reports the navigation itself
    as aborted, since a javascript: URL that yields undefined never loads.
    """
    try:
        page.goto(url)
    except Exception as error:  # the aborted navigation, nothing else
        if 'ERR_ABORTED' not in str(error):
            raise


def read_overlay(page):
    """The overlay's contract attributes, or None when no overlay is open."""
    return page.evaluate(READ_OVERLAY)


def wait_settled(page, timeout=15000):
    """Wait until the status line leaves 'loading'; returns the overlay."""
    page.wait_for_function(SETTLED, timeout=timeout)
    return read_overlay(page)


def open_sitemap(page, listing_url, bookmarklet):
    """Open a listing page, click the bookmarklet, and wait for page 1 to settle."""
    page.goto(listing_url)
    run_bookmarklet(page, bookmarklet)
    return wait_settled(page)


def overlay_control(page, role):
    """A Playwright locator for the overlay control with this data-role (CSS pierces the
    open shadow root), so tests click and choose as a user does."""
    return page.locator('#autoindex-sitemap [data-role={}]'.format(role))


# An init script that records the page's longest main-thread task in window.longestTask.
LONGEST_TASK = """(() => {
  window.longestTask = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.longestTask = Math.max(window.longestTask, entry.duration);
  }).observe({type: 'longtask', buffered: true});
})()"""
