"""The export box: what is shown as text in a chosen format, to copy or to save as a file.
JavaScript side only.

The text is made once what is shown has stayed a quarter of a second, so a
search over a large tree does not format every hit at each keystroke.
"""

from bookmarklet.portable import JSError, new_object
from bookmarklet.export import FORMATS, export_text, tool_hint
from bookmarklet.panel import new_element, new_classed, new_button, new_select


def new_takeaway(panel):
    """The export box, closed, at the end of the panel."""
    document = panel.document
    box = new_object()
    box.page = panel.page
    box.shown = []
    box.root_url = ''
    box.timer = None
    box.details = new_classed(document, 'details', 'export', '')
    box.details.appendChild(new_element(document, 'summary', '', 'Export'))
    box.chosen = new_select(document, 'export-format', FORMATS, 'urls', lambda value: fill(box))
    box.details.appendChild(box.chosen)
    box.details.appendChild(new_button(document, 'copy', 'Copy', lambda event: copy(box)))
    box.details.appendChild(new_button(document, 'save', 'Save', lambda event: save(box)))
    box.message = new_classed(document, 'span', 'meta', '')
    box.message.setAttribute('aria-live', 'polite')
    box.details.appendChild(box.message)
    box.hint = new_element(document, 'code', '', '')
    box.details.appendChild(box.hint)
    box.text = new_element(document, 'textarea', 'export-text', '')
    box.text.readOnly = True
    box.text.setAttribute('aria-label', 'The export')
    box.details.appendChild(box.text)
    panel.section.appendChild(box.details)
    return box


def show_export(box, items, root_url):
    """Show what is shown as text, once it stays."""
    box.shown = items
    box.root_url = root_url
    box.page.clearTimeout(box.timer)
    box.timer = box.page.setTimeout(lambda: fill(box), 250)


def fill(box):
    """The text, when it changed: a copy's message and selection stay with their text."""
    text = export_text(box.shown, box.chosen.value)
    box.hint.textContent = tool_hint(box.chosen.value, box.root_url)
    if text != box.text.value:
        box.text.value = text
        box.message.textContent = ''


def copy(box):
    """The clipboard where the page may write it (https), else the selection's copy command."""
    clipboard = box.page.navigator.clipboard
    if box.page.isSecureContext and clipboard != None:
        clipboard.writeText(box.text.value).then(lambda: say(box, 'Copied'),
                                                 lambda error: copy_selection(box))
    else:
        copy_selection(box)


def copy_selection(box):
    box.text.select()
    try:
        copied = box.page.document.execCommand('copy')
    except JSError:
        copied = False
    say(box, 'Copied' if copied else 'The browser would not copy: select the text and copy it')


def say(box, text):
    box.message.textContent = text


def save(box):
    """Save the text as a file through a link to a Blob of it."""
    page = box.page
    blob = __new__(page.Blob([box.text.value], {'type': 'text/plain'}))
    link = new_element(page.document, 'a', '', '')
    link.href = page.URL.createObjectURL(blob)
    link.download = 'sitemap.' + ('json' if box.chosen.value == 'json' else 'txt')
    box.details.appendChild(link)
    link.click()
    link.remove()
    page.setTimeout(lambda: page.URL.revokeObjectURL(link.href), 1000)
