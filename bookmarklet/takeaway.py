"""The export box: what is shown as text in a chosen format, to copy or to save as a file,
and how many names were left out of it for want of a safe local name (export.py).
JavaScript side only.

The text is made while the box is open, once what is shown has stayed a quarter of a
second, so a search over a large tree does not format every hit at each keystroke; and
when the box opens or the format changes.
"""

from bookmarklet.portable import JSError, new_object
from bookmarklet.export import FORMATS, export_of, left_out_text, tool_hint, file_name
from bookmarklet.panel import add, add_button, add_select


def add_export_box(panel):
    """The export box, closed, at the end of the panel, and panel.show_export(items_of, root_url):
    show what is shown (items_of(): its items) as text, once it stays."""
    box = new_object()
    box.page_window = panel.page_window
    box.items_of = lambda: []
    box.root_url = ''
    box.fill_timer = None
    box.details_box = add(panel.main_section, 'details', {'class': 'export',
                                                 'toggle': lambda event: fill(box)}, '')
    add(box.details_box, 'summary', {}, 'Export')
    box.format_choice = add_select(add(box.details_box, 'label', {}, 'Format '), 'export-format', FORMATS, 'urls',
                                   lambda value: fill(box))
    add_button(box.details_box, 'copy', 'Copy', lambda event: copy(box))
    add_button(box.details_box, 'save', 'Save', lambda event: save(box))
    box.feedback_text = add(box.details_box, 'span', {'class': 'meta', 'aria-live': 'polite'}, '')
    box.left_out_note = add(box.details_box, 'div', {'class': 'meta', 'data-role': 'left-out'}, '')
    box.hint_code = add(box.details_box, 'code', {}, '')
    box.output_area = add(box.details_box, 'textarea', {'data-role': 'export-text', 'readonly': 'readonly',
                                             'aria-label': 'Export'}, '')
    panel.show_export = lambda items, root_url: show_export(box, items, root_url)


def show_export(box, items_of, root_url):
    box.items_of = items_of
    box.root_url = root_url
    box.page_window.clearTimeout(box.fill_timer)
    if box.details_box.open:
        box.fill_timer = box.page_window.setTimeout(lambda: fill(box), 250)


def fill(box):
    """The text, when it changed: a copy's message and selection stay with their text."""
    made = export_of(box.items_of(), box.format_choice.value, box.root_url)
    text = made['text']
    box.left_out_note.textContent = left_out_text(made['left'])
    box.hint_code.textContent = tool_hint(box.format_choice.value, box.root_url)
    if text != box.output_area.value:
        box.output_area.value = text
        box.feedback_text.textContent = ''


def copy(box):
    """The selection's copy command: every browser has it, also on a page that is not secure
    and so has no navigator.clipboard. The text stays selected, to copy by hand if refused."""
    box.output_area.select()
    try:
        copied = box.page_window.document.execCommand('copy')
    except JSError:
        copied = False
    box.feedback_text.textContent = 'Copied' if copied else 'Not copied: select the text and copy it'


def save(box):
    """Save the text as a file through a link to a Blob of it."""
    page = box.page_window
    blob = __new__(page.Blob([box.output_area.value], {'type': 'text/plain'}))
    link = add(box.details_box, 'a', {'href': page.URL.createObjectURL(blob),
                                  'download': file_name(box.format_choice.value)}, '')
    link.click()
    link.remove()
    page.setTimeout(lambda: page.URL.revokeObjectURL(link.href), 1000)
