"""Keys and focus while the overlay is open: the page does not see the keys handled here,
and focus stays inside the panel. JavaScript side only."""


def handle_key(panel, actions, close, event):
    """One keydown: Esc closes, arrows or j k move between rows, n p page, / filters,
    Backspace or Alt+← go up a directory opened in place, Tab cycles within the panel."""
    key = event.key
    typing = panel.shadow.activeElement == panel.query
    handled = True
    if key == 'Escape':
        close()
    elif key == 'Tab':
        cycle_focus(panel, event.shiftKey)
    elif key == 'ArrowDown' or (key == 'j' and not typing):
        move_row(panel, 1)
    elif key == 'ArrowUp' or (key == 'k' and not typing):
        move_row(panel, -1)
    elif key == '/' and not typing:
        panel.query.focus()
    elif (key == 'Backspace' and not typing) or (key == 'ArrowLeft' and event.altKey):
        handled = actions.go_up()
    elif key == 'n' and not typing:
        actions.turn_page(1)
    elif key == 'p' and not typing:
        actions.turn_page(-1)
    else:
        handled = False
    if handled:
        event.preventDefault()
        event.stopPropagation()


def focusable(panel):
    """The panel's controls and links that take focus, in document order."""
    found = []
    candidates = panel.section.querySelectorAll('a[href], button, select, input')
    for index in range(0, candidates.length):
        if not candidates[index].disabled:
            found.append(candidates[index])
    return found


def position_of(elements, element):
    """The index of element among elements (a list or a NodeList), or -1."""
    at = -1
    for index in range(0, len(elements)):
        if elements[index] == element:
            at = index
    return at


def cycle_focus(panel, backwards):
    """Tab within the panel only: past the last control comes the first."""
    controls = focusable(panel)
    if len(controls) == 0:
        return
    at = position_of(controls, panel.shadow.activeElement)
    target = at + (-1 if backwards else 1)
    if at < 0 or target >= len(controls):
        target = len(controls) - 1 if backwards else 0
    elif target < 0:
        target = len(controls) - 1
    controls[target].focus()


def keep_focus(panel, event):
    """Focus that wanders to the page comes back to the panel."""
    if event.target != panel.host:
        panel.section.focus({'preventScroll': True})


def move_row(panel, step):
    """Move focus to the next or previous row's link."""
    links = panel.row_list.querySelectorAll('[data-role=row] > .line > a')
    if len(links) == 0:
        return
    target = max(0, min(len(links) - 1, position_of(links, panel.shadow.activeElement) + step))
    links[target].focus()
    links[target].scrollIntoView({'block': 'nearest'})
