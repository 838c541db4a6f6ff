"""The CPython counterpart of bookmarklet/browser.py's anchors_of_html, on BeautifulSoup.

Both produce anchor records {href, tail, datetime} by the same rule, so
the listing reader behind them cannot drift between the two sides.
"""

from bs4 import BeautifulSoup, NavigableString
from bs4.exceptions import ParserRejectedMarkup

SPACES = ' \t\r\n'


# Listing text keeps each byte that is not UTF-8 as U+DC80..U+DCFF (bookmarklet/names.py),
# which BeautifulSoup cannot encode: it parses them as characters of plane 16 instead.
STAND_IN = 0x10FC00 - 0xDC00
ESCAPES = {code: code + STAND_IN for code in range(0xDC80, 0xDD00)}
STAND_INS = {code + STAND_IN: code for code in range(0xDC80, 0xDD00)}


def parsed(text):
    """The soup of text. Python's parser refuses a marked section ('<![DOCTYPE'), which a
    browser reads as a bogus comment up to '>': so does Python's for '<!x['."""
    try:
        return BeautifulSoup(text, 'html.parser')
    except ParserRejectedMarkup:
        return BeautifulSoup(text.replace('<![', '<!x['), 'html.parser')


def anchors_of_html(text):
    soup = parsed(text.translate(ESCAPES))
    return [{'href': str(link['href']).translate(STAND_INS),
             'tail': tail_of(link).translate(STAND_INS), 'datetime': datetime_of(link)}
            for link in soup.find_all('a', href=True)]


def later_cells(link):
    cell = link.find_parent('td')
    return [] if cell is None else cell.find_next_siblings()


def datetime_of(link):
    for cell in later_cells(link):
        time = cell.find('time', datetime=True)
        if time is not None:
            return time['datetime']
    return ''


def tail_of(link):
    if link.find_parent('td') is not None:
        return ' '.join(sibling.get_text() for sibling in later_cells(link))
    text = ''
    for node in link.next_siblings:
        if not isinstance(node, NavigableString) and node.name in ('a', 'br'):
            break
        text += node if isinstance(node, NavigableString) else node.get_text()
        if '\n' in text:
            break
    return text.split('\n')[0].strip(SPACES)
