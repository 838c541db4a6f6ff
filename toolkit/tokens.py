"""The JavaScript tokenizer the build steps share: tokens, and what a scan of them finds.

It knows just enough JavaScript to tell code from strings, template and
regular expression literals, and comments, so that pruning Transcrypt's
runtime (prune.py), rewriting the transpiled modules (rewrite.py) and
spelling out long patterns (bundle.py) never touch what is inside them.
"""

import re
from typing import TypedDict

JS_WORD = re.compile(r'[A-Za-z_$][\w$]*')
REGEX_MAY_FOLLOW = set('(,=:[!&|?{};+-*%<>~^')
REGEX_KEYWORDS = {'return', 'typeof', 'case', 'in', 'of', 'new', 'delete', 'void', 'throw',
                  'instanceof', 'else', 'do', 'yield', 'await'}


class Scan(TypedDict):
    """What js_scan finds."""
    depth: int
    open: bool
    commas: int
    references: set[str]
    members: set[str]
    words: set[str]


def js_tokens(text):
    """The tokens of JavaScript text, as [kind, start, end] lists, comments and white space left out.

    kind is 'word' (an identifier or keyword), 'string' (a string, template or
    regular expression literal, whole), 'punct' (one other character) or 'open'
    (a string, comment or regular expression left open: the last token).
    Regular expressions are told from division by the token before them.
    """
    index = 0
    last = ''        # the last significant character, or a keyword, before index
    length = len(text)
    while index < length:
        char = text[index]
        if char in ' \t\r\n':
            index += 1
            continue
        if text.startswith('//', index) or text.startswith('/*', index):
            end = text.find('\n' if text[index + 1] == '/' else '*/', index + 2)
            if end < 0:
                yield ['open', index, length]
                return
            index = end + (1 if text[index + 1] == '/' else 2)
            continue
        if char in '\'"`' or (char == '/' and (last == '' or last in REGEX_MAY_FOLLOW
                                               or last in REGEX_KEYWORDS)):
            in_class = False
            start = index
            index += 1
            while index < length:
                if text[index] == '\\':
                    index += 2
                    continue
                if char == '/' and text[index] == '[':
                    in_class = True
                elif char == '/' and text[index] == ']':
                    in_class = False
                elif text[index] == char and not in_class:
                    break
                elif text[index] == '\n' and char != '`':
                    break
                index += 1
            if index >= length or text[index] != char:
                yield ['open', start, length]
                return
            index += 1
            yield ['string', start, index]
            last = 'x'
            continue
        word = JS_WORD.match(text, index)
        if word:
            yield ['word', index, word.end()]
            last = word.group(0) if word.group(0) in REGEX_KEYWORDS else 'x'
            index = word.end()
            continue
        yield ['punct', index, index + 1]
        last = char
        index += 1


def js_scan(text) -> Scan:
    """What a scan of JavaScript text finds: {depth, open, commas, references, members, words}.

    depth is the bracket depth at the end; open is True when a string, comment
    or regular expression is left open; commas counts the commas at depth 0;
    references are the identifiers used as names (outside strings and comments,
    not after a '.'), members those used after a '.'; words are all
    identifier-like words, strings included.
    """
    found: Scan = {'depth': 0, 'open': False, 'commas': 0, 'references': set(), 'members': set(),
                   'words': set()}
    after_dot = False
    for kind, start, end in js_tokens(text):
        token = text[start:end]
        if kind == 'open':
            found['open'] = True
        elif kind == 'string':
            found['words'].update(JS_WORD.findall(token))
        elif kind == 'word':
            found['words'].add(token)
            found['references' if not after_dot else 'members'].add(token)
        elif token in '([{':
            found['depth'] += 1
        elif token in ')]}':
            found['depth'] -= 1
        elif token == ',' and found['depth'] == 0:
            found['commas'] += 1
        after_dot = token == '.'
    return found
