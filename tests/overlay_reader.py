"""Drive the bookmarklet as a click does and read the overlay through CONTRACT.md only."""

CHROMIUM = '/usr/bin/chromium'
CHROMIUM_ARGS = [
    '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
]

READ_OVERLAY = """() => {
  const host = document.getElementById('autoindex-sitemap');
  if (!host) return null;
  const root = host.shadowRoot;
  const attributes = (element) => {
    const found = {};
    for (const attribute of element.attributes) {
      if (attribute.name.startsWith('data-') && attribute.name !== 'data-role') found[attribute.name.slice(5)] = attribute.value;
    }
    return found;
  };
  const status = root.querySelector('[data-role=status]');
  const pager = root.querySelector('[data-role=pager]');
  const select = root.querySelector('[data-role=page-size]');
  return {
    status: Object.assign(attributes(status), {text: status.textContent}),
    pager: attributes(pager),
    sizes: [...select.options].map((option) => option.value),
    size: select.value,
    rows: [...root.querySelectorAll('[data-role=row]')].map((row) => Object.assign(
      attributes(row),
      {children: [...row.querySelectorAll('[data-role=child]')].map(attributes)})),
  };
}"""


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
    page.wait_for_function("""() => {
      const host = document.getElementById('autoindex-sitemap');
      const status = host && host.shadowRoot.querySelector('[data-role=status]');
      return status && status.getAttribute('data-state') !== 'loading';
    }""", timeout=timeout)
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
