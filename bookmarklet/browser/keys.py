"""Keys and focus while the overlay is open: the page does not see the keys handled here,
and focus stays inside the panel. JavaScript side only."""

from bookmarklet.browser.panel import focus_quietly

# Keys that move focus between rows, and keys that turn the page: how far.
ROW_STEPS = {'ArrowDown': 1, 'j': 1, 'ArrowUp': -1, 'k': -1}
PAGE_STEPS = {'n': 1, 'p': -1}


def handle_key(panel, actions, close, event):
    """One keydown: the open viewer's keys first; Esc closes, arrows or j k move between
    rows, Space on an entry's link ticks its box (on the box, the box's own Space does), n p
    page, / filters, Backspace or Alt+← go up a directory opened in place, Tab cycles
    within the panel.
    In the filter, characters and Backspace are the filter's; in a <select> and in the
    export's text every key but Esc and Tab is theirs (the arrows choose, select, scroll)."""
    key = event.key
    handled = True
    active = panel.shadow_root.activeElement
    if panel.take_key(event):
        pass  # the viewer's (browser/gallery.py)
    elif key == 'Escape':
        close()
    elif key == 'Tab':
        cycle_focus(panel, event.shiftKey)
    elif (active == panel.query_input and (len(key) == 1 or key == 'Backspace')) or \
            (active != None and active.matches('select,textarea')):
        handled = False
    elif key == ' ' and active != None and active.matches('.line>a'):
        active.previousSibling.click()
    elif key in ROW_STEPS:
        move_row(panel, ROW_STEPS[key])
    elif key in PAGE_STEPS:
        actions.turn_page(PAGE_STEPS[key])
    elif key == '/':
        panel.query_input.focus()
    elif key == 'Backspace' or (key == 'ArrowLeft' and event.altKey):
        handled = actions.go_up()
    else:
        handled = False
    if handled:
        event.preventDefault()
        event.stopPropagation()


def focused_at(panel, elements):
    """The index of the focused element among elements (a NodeList), or -1."""
    focused = panel.shadow_root.activeElement
    at = -1
    for index in range(0, len(elements)):
        if elements[index] == focused:
            at = index
    return at


def cycle_focus(panel, backwards):
    """Tab within the panel only: past the last control comes the first. What takes no focus
    when asked (text, a disabled button, a control in the closed export box) is passed over."""
    controls = panel.main_section.querySelectorAll('*')
    last = len(controls) - 1
    at = focused_at(panel, controls)
    for tried in range(0, last + 1):
        if backwards:
            at = last if at <= 0 else at - 1
        else:
            at = 0 if at >= last else at + 1
        controls[at].focus()
        if panel.shadow_root.activeElement == controls[at]:
            return


def keep_focus(panel, event):
    """Focus that wanders to the page comes back to the panel."""
    if event.target != panel.shadow_host:
        focus_quietly(panel.main_section)


def move_row(panel, step):
    """Move focus to the next or previous row's link."""
    links = panel.row_list.querySelectorAll('[data-role=row]>.line>a')
    if len(links) > 0:
        target = links[max(0, min(len(links) - 1, focused_at(panel, links) + step))]
        target.focus()
        target.scrollIntoView({'block': 'nearest'})
