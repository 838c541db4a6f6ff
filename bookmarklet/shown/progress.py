"""The status line of the page shown: how many of its directories are loaded, and when a
page is broken rather than marked.

A single failure is only a mark on its row, but nearly nothing loaded is a breakage (CORS,
a server gone) to say plainly (docs/design.md, Failure).
"""

from bookmarklet.shown.display import likely_cause
from bookmarklet.shown.phrases import loaded_text, broken_text
from bookmarklet.words import FAILED, PENDING, LOADING, DONE, BROKEN


def page_status(results, totals_text):
    """{state, loaded, total, failed, text, complete} of the status line, given each of the
    page's directories' results as its row shows it (None while it shows none) and the
    root's totals as said (display.totals_text). complete: every directory has its result."""
    loaded = 0
    problems = []
    for result in results:
        if result != None and result['status'] != PENDING:
            if result['status'] == FAILED:
                problems.append(result['problem'])
            else:
                loaded += 1
    total = len(results)
    failed = len(problems)
    complete = loaded + failed == total
    status = {'state': DONE if complete else LOADING, 'loaded': loaded, 'total': total,
              'failed': failed, 'complete': complete,
              'text': loaded_text(loaded, total, failed, totals_text)}
    if complete and failed > 0 and loaded * 10 <= total:
        status['state'] = BROKEN
        status['text'] = broken_text(loaded, total, likely_cause(problems))
    return status
