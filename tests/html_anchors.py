"""The CPython counterpart of bookmarklet/browser.py's anchors_of_html, on BeautifulSoup.

Both produce anchor records {href, text, tail, datetime} by the same rule, so
the listing reader behind them cannot drift between the two sides.
"""

from bs4 import BeautifulSoup, NavigableString

SPACES = ' \t\r\n'


def anchors_of_html(text):
    soup = BeautifulSoup(text, 'html.parser')
    return [{'href': link['href'], 'text': link.get_text(), 'tail': tail_of(link),
             'datetime': datetime_of(link)}
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
