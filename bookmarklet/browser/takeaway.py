"""The export box: what is shown as text in a chosen format, to copy or to save as a file,
and how many names were left out of it for want of a safe local name (shown/export.py).
JavaScript side only.

The text is made while the box is open, once what is shown has stayed a quarter of a
second, so a search over a large tree does not format every hit at each keystroke; and
when the box opens or the format changes.

Save, Copy and the hint take the text and the format the script made, never the box's
value read back: a page's script can write into the box (docs/design.md, Trust). A page's
own copy listeners still see Copy, as every copy made on the page; Save is out of reach.
"""

from bookmarklet.portable import JSError, new_object
from bookmarklet.shown.export import FORMATS, export_of, left_out_text, tool_hint, files_text
from bookmarklet.browser.panel import add, add_button, add_select, show
from bookmarklet.words import SELECTION


def add_export_box(panel):
    """The export box, closed, at the end of the panel, and panel.show_export(items_of, root_url,
    source): show the items_of() of what is shown or selected (source) as text, once it
    stays."""
    page = panel.page_window
    # What the list shows, as its last show_export said, and the timer that fills the box.
    shown = new_object()
    shown.items_of = lambda: []
    shown.root_url = ''
    shown.fill_timer = None
    # The export as last made, and its files: what Save, Copy and the hint take.
    shown.export_text = ''
    shown.export_files = []

    # The box's handlers, defined before the elements that call them are made.
    def fill_export():
        """The text, when it changed: a copy's message and selection stay with their text."""
        made = export_of(shown.items_of(), choice.value, shown.root_url)
        shown.export_files = made['files']
        left_out.textContent = left_out_text(made['left'])
        hint.textContent = tool_hint(choice.value, shown.root_url) + files_text(made['files'])
        if made['text'] != shown.export_text:
            output.value = shown.export_text = made['text']
            feedback.textContent = ''

    def copy(event):
        """The selection's copy command: every browser has it, also on a page that is not
        secure and so has no navigator.clipboard. What it copies is the script's text, which
        the box shows again first; it stays selected, to copy by hand if refused."""
        output.value = shown.export_text
        output.select()
        try:
            copied = page.document.execCommand('copy')
        except JSError:
            copied = False
        feedback.textContent = 'Copied' if copied else 'Not copied: select the text and copy it'

    def save(event):
        """Save each file of the export, one after another, through a link to a Blob of it
        (docs/design.md, Beyond two levels: why several downloads)."""
        for each in shown.export_files:
            blob = __new__(page.Blob([each['text']], {'type': 'text/plain'}))
            link = add(details, 'a', {'href': page.URL.createObjectURL(blob), 'download': each['name']}, '')
            link.click()
            link.remove()
            # A browser may read the Blob well after the click, a loaded one later still:
            # FileSaver.js lets 40 s pass, as here.
            page.setTimeout(page.URL.revokeObjectURL.bind(page.URL, link.href), 40000)

    details = add(panel.main_section, 'details', {'class': 'export', 'toggle': lambda event: fill_export()}, '')
    add(details, 'summary', {}, 'Export')
    choice = add_select(add(details, 'label', {}, 'Format '), 'export-format', FORMATS, 'urls',
                        lambda value: fill_export())
    source = add(details, 'span', {'data-role': 'export-source'}, '')
    add_button(details, 'copy', 'Copy', copy)
    add_button(details, 'save', 'Save', save)
    feedback = add(details, 'span', {'class': 'meta', 'aria-live': 'polite'}, '')
    left_out = add(details, 'div', {'class': 'meta', 'data-role': 'left-out'}, '')
    hint = add(details, 'code', {}, '')
    output = add(details, 'textarea', {'data-role': 'export-text', 'readonly': 'readonly',
                                       'aria-label': 'Export'}, '')

    def show_export(items_of, root_url, whose):
        shown.items_of = items_of
        shown.root_url = root_url
        show(source, {'data-source': whose}, 'Of ' + ('the selection' if whose == SELECTION else 'what is shown'))
        page.clearTimeout(shown.fill_timer)
        if details.open:
            shown.fill_timer = page.setTimeout(fill_export, 250)

    panel.show_export = show_export
