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
    box.page = panel.page
    box.items_of = lambda: []
    box.root_url = ''
    box.timer = None
    box.details = add(panel.section, 'details', {'class': 'export',
                                                 'toggle': lambda event: fill(box)}, '')
    add(box.details, 'summary', {}, 'Export')
    box.chosen = add_select(add(box.details, 'label', {}, 'Format '), 'export-format', FORMATS, 'urls',
                            lambda value: fill(box))
    add_button(box.details, 'copy', 'Copy', lambda event: copy(box))
    add_button(box.details, 'save', 'Save', lambda event: save(box))
    box.feedback = add(box.details, 'span', {'class': 'meta', 'aria-live': 'polite'}, '')
    box.left = add(box.details, 'div', {'class': 'meta', 'data-role': 'left-out'}, '')
    box.hint = add(box.details, 'code', {}, '')
    box.output = add(box.details, 'textarea', {'data-role': 'export-text', 'readonly': 'readonly',
                                             'aria-label': 'Export'}, '')
    panel.show_export = lambda items, root_url: show_export(box, items, root_url)


def show_export(box, items_of, root_url):
    box.items_of = items_of
    box.root_url = root_url
    box.page.clearTimeout(box.timer)
    if box.details.open:
        box.timer = box.page.setTimeout(lambda: fill(box), 250)


def fill(box):
    """The text, when it changed: a copy's message and selection stay with their text."""
    made = export_of(box.items_of(), box.chosen.value, box.root_url)
    text = made['text']
    box.left.textContent = left_out_text(made['left'])
    box.hint.textContent = tool_hint(box.chosen.value, box.root_url)
    if text != box.output.value:
        box.output.value = text
        box.feedback.textContent = ''


def copy(box):
    """The selection's copy command: every browser has it, also on a page that is not secure
    and so has no navigator.clipboard. The text stays selected, to copy by hand if refused."""
    box.output.select()
    try:
        copied = box.page.document.execCommand('copy')
    except JSError:
        copied = False
    box.feedback.textContent = 'Copied' if copied else 'Not copied: select the text and copy it'


def save(box):
    """Save the text as a file through a link to a Blob of it."""
    page = box.page
    blob = __new__(page.Blob([box.output.value], {'type': 'text/plain'}))
    link = add(box.details, 'a', {'href': page.URL.createObjectURL(blob),
                                  'download': file_name(box.chosen.value)}, '')
    link.click()
    link.remove()
    page.setTimeout(lambda: page.URL.revokeObjectURL(link.href), 1000)
