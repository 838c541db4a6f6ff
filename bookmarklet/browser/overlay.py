"""The overlay: the panel over the page, its keys, its rows, and the screen the crawl
shows through. JavaScript side only.

A name is data and some names are hostile, so no string ever reaches
innerHTML: panel.py and rows.py build every node with textContent and
attributes.
"""

from bookmarklet.words import CLOSE_EVENT
from bookmarklet.browser.panel import build_panel, focus_quietly
from bookmarklet.browser.keys import handle_key, keep_focus
from bookmarklet.browser.rows import new_rows, show_rows, show_children
from bookmarklet.browser.takeaway import add_export_box
from bookmarklet.browser.gallery import add_gallery

# How long the overlay may stay hidden while the listing is read: a listing read sooner
# shows at once with its rows; a slower one (or a failure) shows its status after this.
REVEAL_MS = 100


def open_overlay(page, settings, actions):
    """Put the overlay on the page; the screen (crawl/seams.py SCREEN), whose controls call
    actions (ACTIONS)."""
    document = page.document
    focus_before = document.activeElement

    def close():
        """Remove the overlay and the listeners it put on the page, give focus back, stop
        the crawl; once: the host leaves the page."""
        if not panel.shadow_host.isConnected:
            return
        document.removeEventListener('keydown', on_key, True)
        document.removeEventListener('focusin', on_focus, True)
        panel.shadow_host.remove()
        if focus_before != None:
            focus_quietly(focus_before)
        actions.close_overlay()

    # The panel is the screen, with the rows' and the export box's show_ functions.
    panel = build_panel(page, settings, actions, close)
    rows = new_rows(panel.row_list, settings, actions)
    add_export_box(panel)
    add_gallery(panel, settings, actions)
    on_key = lambda event: handle_key(panel, actions, close, event)
    on_focus = lambda event: keep_focus(panel, event)
    document.addEventListener('keydown', on_key, True)
    document.addEventListener('focusin', on_focus, True)
    # A second click's script tells this one to close: listeners and crawl go.
    panel.shadow_host.addEventListener(CLOSE_EVENT, close)
    # Hidden until there is more to show than 'Reading the listing…': the panel and
    # the first rows are then laid out once, and nothing is in the way of reading them.
    panel.shadow_host.hidden = True
    document.body.appendChild(panel.shadow_host)

    def reveal():
        if panel.shadow_host.hidden:
            panel.shadow_host.hidden = False
            # Focus lays the overlay out: in the frame that lays it out anyway, after
            # the rows are in. Keys reach on_key before.
            page.requestAnimationFrame(lambda time: focus_quietly(panel.main_section))

    page.setTimeout(reveal, REVEAL_MS)

    def show_page(entries, root_url, number, pages, size, now):
        """One page: entries of the listing at root_url, or hits for root_url None."""
        panel.show_pager(number, pages, size)
        show_rows(rows, entries, root_url, now)
        reveal()

    panel.show_page = show_page
    panel.show_hits = lambda hits, number, pages, size, now: show_page(hits, None, number, pages,
                                                                         size, now)
    panel.show_children = lambda url, status, entries, message, visit, now: show_children(
        rows, url, status, entries, message, visit, now)
    return panel
