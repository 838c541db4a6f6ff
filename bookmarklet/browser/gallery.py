"""The gallery of what is shown, and its viewer: a tile for each picture, sound and video
among the items the export takes (shown/media.py), and one of them large, or playing,
inside the panel. JavaScript side only.

A server's file reaches the page only as the src of an img, audio or video element, never
as markup: an SVG in an img runs no script (docs/design.md, Trust). Nothing is fetched
before the gallery opens; then only the tiles in its box are in the page, so a directory
of 10,000 pictures holds a screenful of images, and no more of them load at once than the
listings' pool allows.
"""

from bookmarklet.portable import new_object, floor, floor_mod, iso_time
from bookmarklet.shown.media import media_of, media_kind, IMAGE, AUDIO
from bookmarklet.shown.display import format_size
from bookmarklet.browser.panel import add, add_button, focus_quietly
from bookmarklet.browser.rows import SELECT

# A tile's cell in CSS pixels: overlay.css sizes the tile and the gallery's box by it.
CELL = 136
CANNOT_SHOW = 'This picture could not be shown.'
CANNOT_PLAY = 'This browser cannot play this file: download it with the link.'


def add_gallery(panel, settings, actions):
    """The gallery's switch on the page bar, its box (closed) before the rows, its viewer,
    and panel.show_gallery(items_of): what the gallery shows (items_of(): the items);
    panel.take_key(event): True for a key the open viewer used; panel.tick_tiles(): each
    tile's box ticked as the selection says (actions: crawl/seams.py ACTIONS)."""
    page = panel.page_window
    section = panel.main_section
    gallery = new_object()
    gallery.items_of = lambda: []
    gallery.media_items = []  # the items with a tile, in the order shown
    gallery.column_count = 0
    gallery.images_loading = 0  # images being fetched
    gallery.draw_asked = False  # a frame is asked for to draw the tiles in view
    gallery.viewed_items = []  # the items the viewer steps through, as they were when it opened
    gallery.viewed_at = 0  # the item the viewer shows

    def tile_at(index):
        return sizer.querySelector('[data-at="' + str(index) + '"]')

    def draw_tiles():
        """The tiles in the box's view, and none other: each tile out of view leaves,
        with its image."""
        gallery.draw_asked = False
        columns = max(1, floor(box.clientWidth / CELL))
        if columns != gallery.column_count:
            gallery.column_count = columns
            for tile in sizer.querySelectorAll('button'):
                drop(tile)
        count = len(gallery.media_items)
        sizer.style.height = str(floor((count + columns - 1) / columns) * CELL) + 'px'
        first = floor(box.scrollTop / CELL) * columns
        end = min(count, floor((box.scrollTop + box.clientHeight + CELL - 1) / CELL) * columns)
        for tile in sizer.querySelectorAll('button'):
            at = tile.tile_index
            if at < first or at >= end or tile.getAttribute('data-href') != gallery.media_items[at]['href']:
                drop(tile)
        for at in range(first, end):
            if tile_at(at) == None:
                add_tile(at)
        load_next()

    def draw_soon():
        if not gallery.draw_asked and not box.hidden:
            gallery.draw_asked = True
            page.requestAnimationFrame(draw_tiles)

    def add_tile(at):
        item = gallery.media_items[at]
        kind = media_kind(item)
        tile = add(sizer, 'button', {'data-role': 'tile', 'data-href': item['href'], 'data-path': item['path'],
                                     'data-kind': kind, 'data-at': str(at)}, '')
        tile.tile_index = at
        # Its box under it, in its cell: a control inside a button is none.
        box = add(sizer, 'input', {'type': 'checkbox', 'data-role': 'select', 'aria-label': SELECT + item['path']}, '')
        box.checked = actions.is_selected(item['href'])
        box.tile_index = at
        tile.tile_box = box
        for placed in [tile, box]:
            placed.style.left = str(floor_mod(at, gallery.column_count) * CELL) + 'px'
            placed.style.top = str(floor(at / gallery.column_count) * CELL) + 'px'
        if kind == IMAGE:
            tile.setAttribute('data-load', 'waiting')
            add(tile, 'img', {'decoding': 'async'}, '').alt = ''  # the tile's text names it
        else:
            add(tile, 'span', {'class': 'kind', 'aria-hidden': 'true'}, '♪' if kind == AUDIO else '▶')
        add(tile, 'span', {}, item['path'])

    def load_next():
        """Start the waiting images, in the order of the tiles, while the pool has room."""
        for tile in sizer.querySelectorAll('[data-load=waiting]'):
            if gallery.images_loading >= settings['maxConcurrentRequests']:
                return
            gallery.images_loading += 1
            tile.setAttribute('data-load', 'loading')
            tile.firstChild.src = tile.getAttribute('data-href')

    def free_tile(tile, state):
        """A tile's image arrived (state 'shown'), failed or left: its place in the pool is free."""
        if tile.getAttribute('data-load') == 'loading':
            gallery.images_loading -= 1
            page.setTimeout(load_next, 0)
        tile.setAttribute('data-load', state)
        if state == 'failed':
            add(tile, 'span', {'class': 'mark', 'data-status': 'failed'}, 'failed')

    def drop(tile):
        if tile.firstChild.src:
            tile.firstChild.removeAttribute('src')
        free_tile(tile, 'dropped')
        tile.tile_box.remove()
        tile.remove()

    def on_image(event):
        """An image's load or error, caught on its way down to the img."""
        tile = event.target.parentNode
        if tile.getAttribute('data-load') == 'loading':
            free_tile(tile, 'shown' if event.js_type == 'load' else 'failed')

    def switch_gallery(event):
        shown = box.hidden
        switch.setAttribute('aria-pressed', 'true' if shown else 'false')
        box.hidden = not shown
        panel.row_list.hidden = shown
        gallery.media_items = media_of(gallery.items_of()) if shown else []
        draw_soon() if shown else draw_tiles()

    def show_gallery(items_of):
        gallery.items_of = items_of
        if not box.hidden:
            gallery.media_items = media_of(items_of())
            draw_soon()

    def open_viewer(at):
        gallery.viewed_items = gallery.media_items
        section.classList.add('viewing')
        viewer.hidden = False
        show_item(at)
        focus_quietly(viewer)

    def close_viewer():
        stage.textContent = ''  # a sound or video playing stops as it leaves
        viewer.hidden = True
        section.classList.remove('viewing')
        # Back to the tile of the item last shown, scrolled into the box's view.
        row_top = floor(gallery.viewed_at / max(1, gallery.column_count)) * CELL
        if row_top < box.scrollTop or row_top + CELL > box.scrollTop + box.clientHeight:
            box.scrollTop = row_top
        draw_tiles()
        tile = tile_at(gallery.viewed_at)
        if tile != None:
            tile.focus()

    def show_item(at):
        """The item at at of those viewed: large, or playing when asked to, with its name,
        date, size and link."""
        gallery.viewed_at = at
        item = gallery.viewed_items[at]
        kind = media_kind(item)
        name.textContent = item['path']
        when.textContent = '' if item['mtime'] == None else iso_time(item['mtime'])
        size.textContent = '' if item['size'] == None else format_size(item['size'])
        link.href = item['href']
        said.textContent = ''
        previous.disabled = at == 0
        following.disabled = at == len(gallery.viewed_items) - 1
        stage.textContent = ''
        if kind == IMAGE:
            add(stage, 'img', {'src': item['href'], 'alt': item['path'], 'decoding': 'async'}, '')
        else:
            add(stage, kind, {'src': item['href'], 'controls': 'controls', 'preload': 'metadata'}, '')
        stage.firstChild.addEventListener('error', lambda event: show_failure(kind))

    def show_failure(kind):
        said.textContent = CANNOT_SHOW if kind == IMAGE else CANNOT_PLAY

    def step(by):
        at = gallery.viewed_at + by
        if 0 <= at and at < len(gallery.viewed_items):
            show_item(at)

    def take_key(event):
        key = event.key
        if viewer.hidden or event.altKey:
            return False
        if key == 'Escape':
            close_viewer()
        elif key == 'ArrowLeft' or key == 'ArrowRight':
            step(-1 if key == 'ArrowLeft' else 1)
        else:
            return False
        return True

    def swiped(event):
        """A swipe on a touch screen steps to the neighbour it comes from."""
        moved = event.clientX - gallery.swipe_x
        if event.pointerType == 'touch' and moved * moved > 2500:
            step(-1 if moved > 0 else 1)

    def remember_x(event):
        gallery.swipe_x = event.clientX

    def open_tile(event):
        """A click on a tile opens it; on its box, ticks or unticks its file."""
        target = event.target
        tile = target.closest('button')
        if target.matches('input'):
            actions.select_entry(gallery.media_items[target.tile_index], target.checked)
        elif tile != None:
            open_viewer(tile.tile_index)

    def tick_tiles():
        for box in sizer.querySelectorAll('input'):
            box.checked = actions.is_selected(gallery.media_items[box.tile_index]['href'])

    switch = add_button(panel.page_bar, 'gallery', 'Gallery', switch_gallery)
    switch.setAttribute('aria-pressed', 'false')
    box = add(section, 'div', {'data-role': 'gallery-box', 'class': 'gallery', 'hidden': 'true',
                               'scroll': lambda event: draw_soon()}, '')
    section.insertBefore(box, panel.row_list)
    sizer = add(box, 'div', {'click': open_tile}, '')
    sizer.addEventListener('load', on_image, True)
    sizer.addEventListener('error', on_image, True)
    __new__(page.ResizeObserver(draw_soon)).observe(box)

    viewer = add(section, 'div', {'data-role': 'viewer', 'class': 'viewer', 'role': 'dialog',
                                  'aria-modal': 'true', 'aria-labelledby': 'viewed', 'tabindex': '-1',
                                  'hidden': 'true'}, '')
    top = add(viewer, 'header', {}, '')
    name = add(top, 'h2', {'id': 'viewed'}, '')
    previous = add_button(top, 'viewer-previous', '‹ Previous', lambda event: step(-1))
    following = add_button(top, 'viewer-next', 'Next ›', lambda event: step(1))
    add_button(top, 'viewer-close', 'Back to the gallery', lambda event: close_viewer())
    stage = add(viewer, 'div', {'class': 'stage', 'pointerdown': remember_x, 'pointerup': swiped}, '')
    facts = add(viewer, 'p', {'class': 'line meta'}, '')
    when = add(facts, 'span', {}, '')
    size = add(facts, 'span', {}, '')
    link = add(facts, 'a', {'data-role': 'viewer-link', 'target': '_blank', 'rel': 'noopener'}, 'Open the file')
    said = add(viewer, 'p', {'class': 'note', 'data-role': 'viewer-note', 'aria-live': 'polite'}, '')

    panel.show_gallery = show_gallery
    panel.take_key = take_key
    panel.tick_tiles = tick_tiles
