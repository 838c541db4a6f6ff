"""The CPython counterpart of bookmarklet/browser/browser.py's page_of_html, on BeautifulSoup.

Both read a page into the same page reading {heads, rows} by the same walk
(bookmarklet/reading/html_listing.py names its elements), so the listing reader behind
them cannot drift between the two sides.
"""

from bs4 import BeautifulSoup, NavigableString, Tag
from bs4.element import PreformattedString
from bs4.exceptions import ParserRejectedMarkup

from bookmarklet.reading.html_listing import new_row, new_link, class_words, ITEMS, BLOCKS, \
    SKIPPED, STAMPS

# Listing text keeps each byte that is not UTF-8 as U+DC80..U+DCFF (bookmarklet/reading/names.py),
# which BeautifulSoup cannot encode: it parses them as characters of plane 16 instead.
STAND_IN = 0x10FC00 - 0xDC00
ESCAPES = {code: code + STAND_IN for code in range(0xDC80, 0xDD00)}
STAND_INS = {code + STAND_IN: code for code in range(0xDC80, 0xDD00)}


def parsed(text):
    """The soup of text. Python's parser refuses a marked section ('<![DOCTYPE'), which a
    browser reads as a bogus comment up to '>': so does Python's for '<!x['. A class stays
    the text it is, as a DOM gives it (BeautifulSoup would split it on Python's spaces)."""
    try:
        return BeautifulSoup(text, 'html.parser', multi_valued_attributes=None)
    except ParserRejectedMarkup:
        return BeautifulSoup(text.replace('<![', '<!x['), 'html.parser', multi_valued_attributes=None)


class Walk:
    def __init__(self):
        self.rows, self.row, self.link, self.item, self.pre = [], new_row(), None, 0, 0
        self.kept_by = False

    def end_row(self, block):
        if self.row['links']:
            self.rows.append(self.row)
            self.kept_by = block
        elif block and block.find_previous_sibling() is self.kept_by:
            link = self.rows[-1]['links'][-1]
            link['after'] += self.row['text']
            link['stamps'].extend(self.row['stamps'])
        self.row = new_row()

    def add_text(self, text):
        if self.link is not None:
            self.link['text'] += text
        else:
            self.add_words(text)

    def add_words(self, text):
        self.last()['after' if self.row['links'] else 'text'] += text

    def last(self):
        return self.row['links'][-1] if self.row['links'] else self.row

    def read_children(self, parent):
        for node in parent.children:
            if isinstance(node, Tag):
                self.read_element(node)
            elif isinstance(node, NavigableString) and not isinstance(node, PreformattedString):
                lines = str(node).split('\n') if self.pre and not self.item and self.link is None \
                    else [str(node)]
                self.add_text(lines[0])
                for line in lines[1:]:
                    self.end_row(False)
                    self.add_text(line)

    def read_element(self, element):
        # A browser spells an HTML element's name in capitals, an SVG element's as written.
        kind = ' ' + (element.name if element.name == 'svg' else element.name.upper()) + ' '
        if kind in SKIPPED:
            return
        item = kind in ITEMS
        block = item or (not self.item and (kind in BLOCKS or kind == ' BR '))
        if block:
            self.end_row(False)
        self.item += item
        self.pre += kind == ' PRE '
        linked = self.link is None and kind == ' A ' and element.has_attr('href')
        if linked:
            self.link = new_link(str(element['href']))
            self.row['links'].append(self.link)
        else:
            self.last()['stamps'].extend(str(element[key]) for key in STAMPS if element.get(key))
        if kind == ' IMG ':
            self.add_words(' ' + (element.get('alt') or '') + ' ')
        self.read_children(element)
        if linked:
            self.link = None
        self.pre -= kind == ' PRE '
        self.item -= item
        self.add_words(class_words(element.get('class') or '') + ' ')
        if block:
            self.end_row(not item and element)


def back(text):
    return text.translate(STAND_INS)


def page_of_html(text):
    soup = parsed(text.translate(ESCAPES))
    walk = Walk()
    walk.read_children(soup)
    walk.end_row(False)
    rows = [{'links': [{'href': back(link['href']), 'text': back(link['text']),
                        'after': back(link['after']),
                        'stamps': [back(stamp) for stamp in link['stamps']]}
                       for link in row['links']],
             'text': back(row['text']), 'stamps': [back(stamp) for stamp in row['stamps']]}
            for row in walk.rows]
    return {'heads': [back(head.get_text()) for head in soup.find_all(['title', 'h1', 'h2'])],
            'rows': rows}
