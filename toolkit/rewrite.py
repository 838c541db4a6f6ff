"""Shorter JavaScript with the same meaning, from Transcrypt's output for the native subset.

Transcrypt writes what Python needs in general; within the native subset
(docs/transcrypt.md) some of it means less, and esbuild cannot know that:

- every dict literal is wrapped in `dict (...)`, which the native runtime
  defines as the identity.
- `except JSError` becomes `if (isinstance (error, JSError)) {...} else
  {throw error;}`; JSError is `object` in JavaScript (portable.py) and
  isinstance of object is always true there, so the test is `true` and
  esbuild drops the dead branch.
- every raise sets `__cause__ = null` on the error first, for Python's
  exception chaining, which nothing of ours reads. (The name a raise gives its
  error and each `var` a function repeats are uglify-js's to fold: COMPRESS.)
- `str (n)` beside a string literal in a `+` chain is n: `+` writes it as text.
- portable.py's `new_object ()` is `{}` and `started (x)` is `x` in
  JavaScript, `pattern_of ('a|b')` of a plain string is the literal
  `/^(?:a|b)$/`, and a unit's state object, set field by field after it is
  made, can be one object literal.
- esbuild shortens names, not the browser's method and property names, nor
  strings, nor null: a method called often (`indexOf`, `push`) becomes a
  function of its own (`__push__ (items, item)`), and a value written often
  (`'directory'`, a property name like `textContent`, null) a binding of a
  shared module, which a property reads as a computed one (`node [k]`). An
  object literal's keys that are names stay as written: an object built with
  computed keys keeps its fields outside itself, and reading 100,000 JSON
  entries took a fifth longer in Chromium (docs/benchmarks.md). A key that
  must be quoted (`'data-role'`: only the attributes of an element drawn) is
  shared as a computed one (`{[k]: v}`). That module's texts are one literal
  split into their bindings: no quotes, '=' nor ',' for each.

Every def and lambda is a `function` expression, which terser writes as an
arrow function after esbuild (toolkit/bundle.py TERSER_COMPRESS).

Each rewrite works on the tokens of js_tokens, so strings, regular
expressions and comments are never touched, and leaves alone whatever it
cannot prove has the shape above. They run on the transpiled modules, before
esbuild, only once the native runtime is in place; the parity suite runs the
rewritten core modules in three engines and the end-to-end suites the whole
bookmarklet.
"""

import re
from typing import Any

from toolkit.prune import RUNTIME_MODULE
from toolkit.tokens import js_tokens

# How portable.py binds JSError in JavaScript: to object, whose isinstance is always true.
JSERROR_BINDING = 'export var JSError = object;'


def tokens_of(text):
    """[[kind, start, end, token text, after a '.'], ...] of js_tokens."""
    found: list[list[Any]] = []
    for kind, start, end in js_tokens(text):
        found.append([kind, start, end, text[start:end],
                      len(found) > 0 and found[-1][3] == '.'])
    return found


def matching(tokens, index):
    """The index of the bracket that matches the one at index: the one that closes it, or
    for a closing bracket the one that opens it; None when there is none."""
    step = 1 if tokens[index][3] in '([{' else -1
    depth = 0
    for at in range(index, len(tokens) if step == 1 else -1, step):
        if tokens[at][0] == 'punct' and tokens[at][3] in '([{)]}':
            depth += step if tokens[at][3] in '([{' else -step
            if depth == 0:
                return at
    return None


def edited(text, edits):
    """text with each [start, end, replacement] applied; edits do not overlap."""
    for start, end, replacement in sorted(edits, reverse=True):
        text = text[:start] + replacement + text[end:]
    return text


def is_assignment(text, tokens, index):
    """True when the '=' token at index assigns (is not part of ==, <=, =>, +=...)."""
    start = tokens[index][1]
    return text[start + 1:start + 2] not in ('=', '>') and text[start - 1:start] not in tuple(
        '=!<>+-*/%&|^')


def unwrapped_dicts(text):
    """text without the `dict` of each `dict (...)` call: the native runtime's dict is the
    identity, so the parentheses alone keep the meaning."""
    tokens = tokens_of(text)
    return edited(text, [[token[1], tokens[index + 1][1], '']
                         for index, token in enumerate(tokens[:-1])
                         if token[0] == 'word' and token[3] == 'dict' and not token[4]
                         and tokens[index + 1][3] == '(' and index + 2 < len(tokens)
                         and tokens[index + 2][3] != ')'])


def catch_everything(text):
    """text with each `isinstance (name, JSError)` as `true`."""
    tokens = tokens_of(text)
    edits = []
    for index, token in enumerate(tokens[:-5]):
        shape = [t[3] for t in tokens[index:index + 6]]
        if token[0] == 'word' and not token[4] and shape[0] == 'isinstance' and shape[1] == '(' \
                and tokens[index + 2][0] == 'word' and shape[3:] == [',', 'JSError', ')']:
            edits.append([token[1], tokens[index + 5][2], 'true'])
    return edited(text, edits)


def without_causes(text):
    """text without the `name.__cause__ = null;` statements before each throw."""
    tokens = tokens_of(text)
    edits = []
    for index, token in enumerate(tokens[:-5]):
        shape = [t[3] for t in tokens[index:index + 6]]
        if token[0] == 'word' and not token[4] and shape[1:] == ['.', '__cause__', '=', 'null', ';'] \
                and (index == 0 or tokens[index - 1][3] in (';', '{', '}')):
            edits.append([token[1], tokens[index + 5][2], ''])
    return edited(text, edits)


# The tokens after which an expression starts a `+` chain as its first operand: nothing
# before them binds tighter than `+` (each punct is one character, so `==`, `<=`, `=>`
# and `+=` end in one of these too).
CHAIN_STARTS = {'(', '[', '{', ',', ';', '?', ':', '=', '<', '>', '&', '|', 'return'}


def is_text_literal(token):
    """True for a quoted string literal (not a template nor a regular expression)."""
    return token[0] == 'string' and token[3][0] in '\'"'


# The punctuation a group's own `+` chain may hold at its top level: operators binding as
# tightly as `+` or tighter, and a member's dot (brackets are skipped whole).
CHAIN_PUNCTUATION = set('+-*/%.')


def is_text_operand(tokens, end):
    """True when the operand that ends at the token end is a text: a string literal, or a
    group in parentheses (Transcrypt writes one around each `+` of a chain) whose own
    chain of arithmetic ends in `+` and a text."""
    if is_text_literal(tokens[end]):
        return True
    opening = matching(tokens, end) if tokens[end][3] == ')' else None
    if opening is None or opening == 0 or end - opening < 4 or tokens[end - 2][3] != '+' \
            or tokens[opening - 1][0] == 'string' or tokens[opening - 1][3] in (')', ']') \
            or tokens[opening - 1][0] == 'word' and tokens[opening - 1][3] not in NOT_AN_OBJECT:
        return False  # not a group: a call
    at = opening + 1
    while at < end:
        word = tokens[at][3]
        if tokens[at][0] == 'punct' and word in '([{':
            at = matching(tokens, at)
        elif tokens[at][0] == 'punct' and word not in CHAIN_PUNCTUATION \
                or word in ('in', 'instanceof'):
            return False
        at += 1
    return is_text_operand(tokens, end - 1)


def concatenated_numbers(text):
    """text without the `str` of each `str (x)` that `+` joins to a string literal, as
    `'a' + str (x)`, `(y + 'a') + str (x)` or, first in its chain, `str (x) + 'a'`: then
    `+` makes the text of x as String (x) does (the subset calls str on integers; only an object's own valueOf or a
    Symbol would tell the two apart), and the parentheses alone keep the grouping."""
    tokens = tokens_of(text)
    edits = []
    for index, token in enumerate(tokens[:-1]):
        if token[0] != 'word' or token[3] != 'str' or token[4] or tokens[index + 1][3] != '(':
            continue
        closing_at = matching(tokens, index + 1)
        if closing_at is None or index < 2:
            continue
        after = [word[3] for word in tokens[closing_at + 1:closing_at + 4]] + ['', '', '']
        joined_after = after[0] == '+' and closing_at + 2 < len(tokens) \
            and is_text_literal(tokens[closing_at + 2]) and after[2] not in ('.', '[') \
            and tokens[index - 1][3] in CHAIN_STARTS
        if joined_after or tokens[index - 1][3] == '+' and is_text_operand(tokens, index - 2):
            edits.append([token[1], tokens[index + 1][1], ''])
    return edited(text, edits)


# portable.py's helpers whose JavaScript is their result (the CPython side needs them):
# {name: its definitions in the transpiled portable module, as inlined_helpers reads it:
# a def's, or a lambda's that Transcrypt wraps in parentheses}.
HELPERS = {name: ['export var {} = function {} ;'.format(name, body),
                  'export var {} = ( function __lambda__ {} ) ;'.format(name, body)]
           for name, body in [['new_object', '( ) { return ( { } ) ; }'],
                              ['started', '( promise ) { return promise ; }'],
                              ['pattern_of', "( source ) { return new RegExp ( ( '^(?:' + source ) "
                                             "+ ')$' ) ; }"],
                              ['search_pattern_of', "( source ) { return new RegExp ( source , 'i' ) ; }"]]}
HELPERS_MODULE = 'bookmarklet.portable.js'


def defined_helpers(text):
    """The names of HELPERS that text, the transpiled portable module, defines as HELPERS
    says."""
    written = ' ' + ' '.join(token[3] for token in tokens_of(text)) + ' '
    return {name for name, definitions in HELPERS.items()
            if any(' ' + definition + ' ' in written for definition in definitions)}


# The escapes pattern_literal reads in a string: a backslash or a quote escaped, \xXX, \uXXXX.
LITERAL_ESCAPE = re.compile(r'\\([\\\'"])|\\x([0-9A-Fa-f]{2})|\\u([0-9A-Fa-f]{4})')


def pattern_literal(literal, whole=True):
    """The regular expression literal that means what `pattern_of (literal)` means in
    JavaScript, `new RegExp ('^(?:' + source + ')$')` (whole; else what
    `search_pattern_of (literal)` means, `new RegExp (source, 'i')`), for a quoted string
    literal whose text is printable ASCII and whose escapes are \\\\, \\', \\", \\xXX or
    \\uXXXX; None for any other. Its source is the string's text with each '/' outside a
    class escaped (one inside needs none), the group left out where no '|' of its own level
    would need it. A pattern is read once, when its module runs: a literal is a new object
    each time it is evaluated, as a RegExp is, and of the same flags."""
    if literal[0] not in '\'"' or '\\' in LITERAL_ESCAPE.sub('', literal[1:-1]):
        return None
    source = LITERAL_ESCAPE.sub(lambda found: found.group(1) or chr(int(found.group(2)
                                                                      or found.group(3), 16)),
                                literal[1:-1])
    if any(not ' ' <= character <= '~' for character in source):
        return None
    written = ''
    depth = 0
    in_class = False
    alternatives = False
    at = 0
    while at < len(source):
        character = source[at]
        if character == '\\':
            written += source[at:at + 2]
            at += 2
            continue
        if in_class:
            in_class = character != ']'
        elif character == '[':
            in_class = True
        elif character == '(':
            depth += 1
        elif character == ')':
            depth -= 1
        elif character == '|' and depth == 0:
            alternatives = True
        written += '\\/' if character == '/' and not in_class else character
        at += 1
    if not whole:
        return '/' + written + '/i'
    return '/^(?:' + written + ')$/' if alternatives else '/^' + written + '$/'


def inlined_helpers(text, helpers=frozenset(HELPERS)):
    """text with each call of `new_object ()` as `({})`, of `started (x)` as `(x)` and of
    `pattern_of` or `search_pattern_of` with a string (pattern_literal) as a regular
    expression literal, for those of helpers it imports from HELPERS_MODULE and names only
    to call them. Each call costs a name and brackets, esbuild does not look into
    functions, an empty object literal is where object_literals starts, and a string
    escapes each backslash of a pattern again."""
    tokens = tokens_of(text)
    imported = set()
    listed = set()
    for index, token in enumerate(tokens[:-1]):
        closing_at = matching(tokens, index + 1) if token[3] == 'import' \
            and tokens[index + 1][3] == '{' else None
        if closing_at is not None and closing_at + 2 < len(tokens) \
                and tokens[closing_at + 2][3][1:-1] == './' + HELPERS_MODULE:
            imported |= {word for [_, _, _, word, _] in tokens[index + 2:closing_at]}
            listed |= set(range(index + 2, closing_at))
    edits = []
    for name in sorted(helpers & imported):
        named = [index for index, token in enumerate(tokens[:-1])
                 if token[0] == 'word' and token[3] == name and not token[4]
                 and index not in listed]
        closings = [matching(tokens, index + 1) if tokens[index + 1][3] == '(' else None
                    for index in named]
        if None in closings:
            continue
        for index, closing_at in zip(named, closings):
            count = arguments_count(tokens, index + 1, closing_at)
            if name == 'new_object' and count == 0:
                edits.append([tokens[index][1], tokens[closing_at][2], '({})'])
            elif name == 'started' and count == 1:
                edits.append([tokens[index][1], tokens[index][2], ''])
            elif name in ['pattern_of', 'search_pattern_of'] and closing_at == index + 3 \
                    and is_text_literal(tokens[index + 2]) \
                    and pattern_literal(tokens[index + 2][3], name == 'pattern_of') is not None:
                edits.append([tokens[index][1], tokens[closing_at][2], '(' + pattern_literal(
                    tokens[index + 2][3], name == 'pattern_of') + ')'])
    return edited(text, edits)


def enclosing_brackets(tokens):
    """For each token, the index of the innermost bracket open around it; -1 outside all."""
    open_at = [-1]
    found = []
    for index, token in enumerate(tokens):
        if token[0] == 'punct' and token[3] in ')]}' and len(open_at) > 1:
            open_at.pop()
        found.append(open_at[-1])
        if token[0] == 'punct' and token[3] in '([{':
            open_at.append(index)
    return found


def expression_end(tokens, start):
    """The index of the ';' that ends the expression starting at start, outside brackets;
    None when a bracket closes first."""
    depth = 0
    for at in range(start, len(tokens)):
        if tokens[at][0] == 'punct':
            word = tokens[at][3]
            depth += 1 if word in '([{' else -1 if word in ')]}' else 0
            if depth < 0:
                return None
            if depth == 0 and word == ';':
                return at
    return None


def names(tokens, start, end, name):
    """True when a token from start to end (not included) is name, other than after a '.'."""
    return any(token[0] == 'word' and token[3] == name and not token[4]
               for token in tokens[start:end])


def is_function(tokens, start, end):
    """True when the tokens from start to end are one function expression, maybe async,
    named or in parentheses, with its body."""
    if tokens[start][3] == '(' and matching(tokens, start) == end - 1:
        start, end = start + 1, end - 1
    at = start + 1 if tokens[start][3] == 'async' else start
    if tokens[at][3] != 'function':
        return False
    opening = at + 2 if tokens[at + 1][0] == 'word' else at + 1
    closing_at = matching(tokens, opening) if tokens[opening][3] == '(' else None
    return closing_at is not None and closing_at + 1 < end and tokens[closing_at + 1][3] == '{' \
        and matching(tokens, closing_at + 1) == end - 1


def function_around(tokens, body):
    """[first, last]: the token indexes of the parameters' opening bracket and of the body's
    closing brace of the function whose body opens at body; None for another shape."""
    closing_at = body - 3 if tokens[body - 1][3] == '>' else body - 1
    end = matching(tokens, body)
    if closing_at < 0 or tokens[closing_at][3] != ')' or end is None:
        return None
    opening = matching(tokens, closing_at)
    return None if opening is None else [opening, end]


def empty_object_end(tokens, start):
    """The index of the last token of the empty object literal at start, `{}` or `({})`;
    None when there is none."""
    words = [token[3] for token in tokens[start:start + 4]]
    if words[:2] == ['{', '}']:
        return start + 1
    return start + 3 if words == ['(', '{', '}', ')'] else None


def object_literals(text):
    """text with each function's `[var] x = {}; x.a = 1; x.b = f (y);` as
    `[var] x = ({a: 1, b: f (y)});`, and `var x = ...; return x;` as `return ...;` where
    no field names x (nothing after the return runs). A unit's state starts so
    (`new_object ()`, then its fields), and each field costs the object's name again.

    The fields are evaluated in the same order; only x is assigned after them instead of
    before. So a field whose value names x ends the literal, unless the value is a
    function (made now, called later), and a statement is left alone when code that runs
    before it names x (the parameters, an earlier statement, a hoisted function
    declaration: any of them could read x while the fields are evaluated), or when it is
    not in the function's body itself (a block or a loop may run it again). No field is
    named twice, nor `__proto__`."""
    tokens = tokens_of(text)
    inside = enclosing_brackets(tokens)
    edits = []
    for index, token in enumerate(tokens[:-4]):
        name = token[3]
        empty_end = empty_object_end(tokens, index + 2)
        if token[0] != 'word' or token[4] or tokens[index + 1][3] != '=' or empty_end is None \
                or tokens[empty_end + 1][3] != ';' or not is_assignment(text, tokens, index + 1):
            continue
        start = index - 1 if tokens[index - 1][3] == 'var' else index
        body = inside[start]
        if body < 0 or tokens[body][3] != '{' or not starts_function(tokens, body) \
                or tokens[start - 1][3] not in (';', '{', '}'):
            continue
        function = function_around(tokens, body)
        if function is None or names(tokens, function[0], start, name) or any(
                word[3] == 'function' and tokens[at - 1][3] in (';', '{', '}')
                for at, word in enumerate(tokens[body:function[1]], body)):
            continue
        fields: list[list[str]] = []
        values_name_it = False
        at = empty_end + 2
        while at + 4 < len(tokens) and tokens[at][3] == name and not tokens[at][4] \
                and tokens[at + 1][3] == '.' and tokens[at + 2][0] == 'word' \
                and tokens[at + 3][3] == '=' and is_assignment(text, tokens, at + 3) \
                and tokens[at + 2][3] not in [field for field, _ in fields] + ['__proto__']:
            end = expression_end(tokens, at + 4)
            if end is None:
                break
            if names(tokens, at + 4, end, name):
                if not is_function(tokens, at + 4, end):
                    break
                values_name_it = True
            fields.append([tokens[at + 2][3], text[tokens[at + 4][1]:tokens[end - 1][2]]])
            at = end + 1
        if len(fields) == 0:
            continue
        literal = '({' + ', '.join(field + ': ' + value for field, value in fields) + '});'
        if start < index and not values_name_it and at + 2 < len(tokens) \
                and [word[3] for word in tokens[at:at + 3]] == ['return', name, ';']:
            edits.append([tokens[start][1], tokens[at + 2][2], 'return ' + literal])
        else:
            edits.append([tokens[index + 2][1], tokens[at - 1][2], literal])
    return edited(text, edits)


BLOCK_HEADS = {'if', 'for', 'while', 'switch', 'catch', 'with'}


def starts_function(tokens, index):
    """True when the '{' at index opens a function's body: after `=>`, or after a
    parenthesis that no if, for, while, switch, catch or with heads. (Erring towards a
    function only keeps a `var` that could go.)"""
    if index >= 2 and tokens[index - 1][3] == '>' and tokens[index - 2][3] == '=':
        return True
    if index == 0 or tokens[index - 1][3] != ')':
        return False
    opening = matching(tokens, index - 1)
    return opening is not None and (opening == 0 or tokens[opening - 1][3] not in BLOCK_HEADS)


# Browser methods called often enough that a function of the module METHODS_MODULE is
# shorter, once esbuild names it: {method: how many arguments the function passes on}.
# For each, an argument left undefined means what an absent one means, so a call with
# fewer arguments keeps its meaning. Other methods called often cost less as shared
# property names (shared_values: `x[k] (...)`), appendChild, setAttribute,
# addEventListener and startsWith among them (measured).
METHODS = {'indexOf': 2, 'push': 1}
METHODS_MODULE = 'methods.js'
# Words that cannot end the object a method is called on.
NOT_AN_OBJECT = {'return', 'typeof', 'await', 'new', 'void', 'delete', 'in', 'of', 'instanceof',
                 'case', 'throw', 'else', 'do', 'yield', 'var', 'let', 'const'}


def method_function(method):
    """The name of the function that calls method."""
    return '__' + method + '__'


# How portable.py binds floor in JavaScript: to Math.floor, which METHODS_MODULE then passes
# on as its own rather than binding it a second time.
FLOOR_BINDING = 'export var floor = Math.floor;'


def methods_module(floor_module=None):
    """The text of METHODS_MODULE: for each method, a function of the object and the
    arguments that calls it, and Math.floor under a name of its own: floor_module's floor
    (FLOOR_BINDING) where it is given, else a binding of its own."""
    lines = ['// Written by the build (toolkit/rewrite.py): browser methods as functions.']
    for method, count in METHODS.items():
        arguments = ['a' + str(at) for at in range(count)]
        lines.append('export var {} = (object, {}) => object.{}({});'.format(
            method_function(method), ', '.join(arguments), method, ', '.join(arguments)))
    lines.append('export var __floor__ = Math.floor;' if floor_module is None
                 else "export {floor as __floor__} from './" + floor_module + "';")
    return '\n'.join(lines) + '\n'


def object_start(tokens, dot):
    """The index of the first token of the object before the '.' at dot (a chain of names,
    calls, subscripts and strings), or None when it is not one."""
    start = dot - 1
    while start >= 0:
        kind, word = tokens[start][0], tokens[start][3]
        if kind == 'punct' and word in ')]':
            start = matching(tokens, start)
            if start is None:
                return None
            if start > 0 and (tokens[start - 1][0] in ('word', 'string')
                              or tokens[start - 1][3] in ')]'):
                start -= 1
                continue
        elif kind == 'word' and word not in NOT_AN_OBJECT or kind == 'string':
            if start > 1 and tokens[start - 1][3] == '.':
                start -= 2
                continue
        else:
            return None
        break
    if start < 0 or tokens[start][0] == 'word' and tokens[start][3] in NOT_AN_OBJECT \
            or start > 0 and tokens[start - 1][3] in ('new', '.'):
        return None
    return start


def arguments_count(tokens, opening, closing_at):
    """How many arguments the call between the brackets at opening and closing_at passes."""
    if closing_at == opening + 1:
        return 0
    depth = 0
    count = 1
    for at in range(opening + 1, closing_at):
        if tokens[at][0] == 'punct':
            depth += {'(': 1, '[': 1, '{': 1, ')': -1, ']': -1, '}': -1}.get(tokens[at][3], 0)
            count += 1 if depth == 0 and tokens[at][3] == ',' else 0
    return count


def methods_as_functions(text):
    """text with each `object.method (...)` call of a method of METHODS as a call of its
    function, `__method__ (object, ...)`, and each `Math.floor` as `__floor__`, both
    imported from METHODS_MODULE. The object is evaluated before the method is looked up
    instead of after; no method of METHODS is ever one of ours that an argument changes."""
    used = set()
    while True:
        tokens = tokens_of(text)
        edits = []
        taken: list[int] = []
        for index, token in enumerate(tokens[2:-1], 2):
            if token[0] != 'word' or not token[4] or tokens[index + 1][3] != '(':
                continue
            if token[3] == 'floor' and tokens[index - 2][3] == 'Math' and not tokens[index - 2][4]:
                edits.append([tokens[index - 2][1], token[2], '__floor__'])
                used.add('__floor__')
                continue
            if token[3] not in METHODS:
                continue
            start = object_start(tokens, index - 1)
            closing_at = matching(tokens, index + 1)
            if start is None or closing_at is None or arguments_count(
                    tokens, index + 1, closing_at) > METHODS[token[3]] \
                    or any(start <= at < index for at in taken):
                continue
            taken.append(index)
            name = method_function(token[3])
            edits.append([tokens[start][1], tokens[start][1], name + ' ('])
            edits.append([tokens[index - 1][1], tokens[index + 1][2],
                          ', ' if closing_at > index + 2 else ''])
            used.add(name)
        if len(edits) == 0:
            break
        text = edited(text, edits)
    if len(used) == 0:
        return text
    return "import {" + ', '.join(sorted(used)) + "} from './" + METHODS_MODULE + "';\n" + text


STRINGS_MODULE = 'strings.js'
# What a shared value costs where it is used: its binding's name, which esbuild makes one
# character long for about the 20 written most (its own functions used most take the other
# short names; measured: 10 to 30 give the same script) and two for the others.
ONE_CHARACTER_NAMES = 20
# What shared_values may share, each measured as a step of its own (rewrite_modules):
# string literals, the property names esbuild does not rename as computed ones (x[k]), and
# null; and how it binds them: the texts in one literal split into bindings (packed_strings).
# An object literal's keys are shared only where they must be quoted, as strings are
# (QUOTED_KEY; module docstring).
SHARED = {'shared_strings': 'string', 'shared_properties': 'property', 'shared_null': 'null',
          'packed_strings': 'packed'}
# The characters that may part the packed texts: one that none of them holds, which a
# javascript: URL carries as it is (not '%' nor '#') and no string literal escapes.
SEPARATORS = '|^~;,!@'
ESCAPE = re.compile(r'\\x([0-9A-Fa-f]{2})|\\u([0-9A-Fa-f]{4})')
# The keys esbuild writes without quotes, which a computed key would only lengthen: names
# (entries' fields among them, which stay as written: module docstring) and integers.
UNQUOTED_KEY = re.compile(r'[A-Za-z_$][\w$]*|0|[1-9][0-9]*')


def is_property(tokens, index):
    """True when the word at index names a property after a '.' that follows an object: a
    name, a string, a call or a subscript (not a number, `...`, `new.target`)."""
    return index >= 2 and tokens[index][4] and tokens[index - 2][3] not in ('new', 'import') \
        and (tokens[index - 2][0] in ('word', 'string') or tokens[index - 2][3] in (')', ']'))


def shared_uses(text, kinds, renamed):
    """Where text writes a value that shared_values may share, for the kinds named:
    [{kind, value, literal, start, end, saves, computed}], value being the text between a
    string's quotes (None for null), literal how to write it, start and end what a use
    replaces (a property's '.' and name), saves the characters that the use writes and its
    replacement does not, but for the binding's name, and computed true where the binding
    is written in brackets (a property, an object literal's key). A name matching renamed
    (esbuild renames it) is never a value, nor is a key that esbuild writes unquoted
    (UNQUOTED_KEY): a key is a string use, `{[k]: v}` for `{'data-role': v}`."""
    tokens = tokens_of(text)
    found = []
    for index, token in enumerate(tokens):
        kind, word = token[0], token[3]
        before = tokens[index - 1][3] if index > 0 else ''
        after = tokens[index + 1][3] if index + 1 < len(tokens) else ''
        quoted = kind == 'string' and word[0] in '\'"'
        plain = kind == 'word' and re.match(renamed, word) is None
        use = None  # [kind, value, literal, saves, computed]
        if after == ':' and before in ('{', ','):
            if quoted and UNQUOTED_KEY.fullmatch(word[1:-1]) is None:
                use = ['string', word[1:-1], word, len(word) - 2, True]  # (SHARED)
        elif quoted and before not in ('from', 'import') \
                and not (before in ('', ';', '{', '}') and after == ';'):
            use = ['string', word[1:-1], word, len(word), False]
        elif kind == 'word' and word == 'null' and not token[4]:
            use = ['null', None, word, len(word), False]
        elif plain and is_property(tokens, index):
            use = ['property', word, "'" + word + "'", len(word) + 1 - 2, True]
        if use is not None and use[0] in kinds:
            found.append({'kind': use[0], 'value': use[1], 'literal': use[2],
                          'start': tokens[index - 1][1] if use[0] == 'property' else token[1],
                          'end': token[2], 'saves': use[3], 'computed': use[4]})
    return found


def shared_values(texts, kinds=frozenset(SHARED.values()), renamed='^$', uncounted=()):
    """texts ({name: module text}) with each value written often enough to pay for it
    replaced by a binding of STRINGS_MODULE, which is returned too: {texts, module}.
    esbuild shares no equal strings; a string or null is a value, so a binding that holds
    it means the same everywhere, and x.name is x['name']. kinds names the uses shared
    (SHARED); renamed matches the property names esbuild renames, which stay as they are.
    The uses in the modules named in uncounted choose no value: they use those the others
    chose."""
    uses = {name: shared_uses(text, kinds, renamed) for name, text in texts.items()}
    saves: dict[str | None, list[int]] = {}
    literals: dict[str | None, str] = {}
    for name, found in uses.items():
        if name in uncounted:
            continue
        for use in found:
            saves[use['value']] = saves.get(use['value'], []) + [use['saves']]
            if use['value'] not in literals or use['kind'] == 'string':
                literals[use['value']] = use['literal']
    shared: dict[str | None, str] = {}
    lengths: dict[str | None, int] = {}
    for rank, value in enumerate(sorted(saves, key=lambda value: [-len(saves[value]), str(value)])):
        length = 1 if rank < ONE_CHARACTER_NAMES else 2
        if sum(saved - length for saved in saves[value] if saved > length) \
                > len(literals[value]) + length + 2:
            lengths[value] = length
            shared[value] = '__null__' if value is None \
                else '__string{}__'.format(len([other for other in shared if other is not None]))
    result = {}
    for name, text in texts.items():
        replaced = [use for use in uses[name]
                    if use['value'] in shared and use['saves'] > lengths[use['value']]]
        edits = [[use['start'], use['end'], ('[{}]' if use['computed']
                                             else '{}').format(shared[use['value']])]
                 for use in replaced]
        used = sorted({shared[use['value']] for use in replaced})
        result[name] = text if len(used) == 0 else "import {" + ', '.join(used) + "} from './" \
            + STRINGS_MODULE + "';\n" + edited(text, edits)
    return {'texts': result, 'module': bindings_module(
        [[binding, literals[value]] for value, binding in shared.items()], 'packed' in kinds)}


def packable_text(literal):
    """The text a string literal spells, when its source can go into another literal as it
    is: quoted, with no quote inside and no escape but \\xXX and \\uXXXX; else None."""
    inner = literal[1:-1]
    if literal[0] not in '\'"' or any(quote in inner for quote in '\'"`') \
            or '\\' in ESCAPE.sub('', inner):
        return None
    return ESCAPE.sub(lambda found: chr(int(found.group(1) or found.group(2), 16)), inner)


def bindings_module(bindings, packed):
    """The text of STRINGS_MODULE: an `export var` for each [binding, literal]; packed,
    the strings that packable_text takes and no separator parts are one literal split into
    their bindings, `[a, b] = 'x|y'.split('|')`, which writes no quotes, '=' and ',' per
    text: two characters less for each, and 16 for the split."""
    texts = {binding: packable_text(literal) for binding, literal in bindings}
    separator = next((mark for mark in SEPARATORS if not any(
        mark in text for text in texts.values() if text is not None)), '')
    together = [[binding, literal] for binding, literal in bindings
                if texts[binding] is not None]
    if 2 * len(together) <= 16 or not packed or separator == '':
        together = []
    lines = ['export var {} = {};\n'.format(binding, literal) for binding, literal in bindings
             if [binding, literal] not in together]
    if len(together) > 0:
        lines.append("export var [{}] = '{}'.split('{}');\n".format(
            ', '.join(binding for binding, _ in together),
            separator.join(literal[1:-1] for _, literal in together), separator))
    return ''.join(lines)


# The modules that only the offer runs (bookmarklet/main.py), which the bookmarklet drops:
# their values would share bindings that only the bookmarklet pays for.
OFFER_ONLY = ['bookmarklet.browser.offer.js', 'bookmarklet.browser.gate.js', 'bookmarklet.reading.signs.js']


def reads_cause(text):
    """True when text mentions __cause__ other than in the statements without_causes drops."""
    return '__cause__' in without_causes(text)


def rewrite_modules(folder, renamed, rewrites=None):
    """Apply the rewrites to every transpiled module in folder but the runtime, then share
    values (shared_values) as SHARED steps say; renamed matches the property names esbuild
    renames. rewrites names the steps to take (all by default), for measuring each one's
    saving. Returns {rewrite: characters saved in the modules}."""
    names = rewrites if rewrites is not None else list(REWRITES) + list(SHARED)
    paths = [path for path in sorted(folder.glob('*.js')) if path.name != RUNTIME_MODULE]
    texts = {path: path.read_text(encoding='utf-8') for path in paths}
    bindings = [text for text in texts.values() if 'var JSError' in text]
    if len(bindings) == 0 or any(JSERROR_BINDING not in text for text in bindings):
        names = [name for name in names if name != 'catch_everything']
    if any(reads_cause(text) for text in texts.values()):
        names = [name for name in names if name != 'without_causes']
    saved = {}
    helpers: set[str] = set()
    for name in [name for name in names if name in REWRITES]:
        saved[name] = 0
        if name == 'inlined_helpers':
            helpers = {helper for path in paths if path.name == HELPERS_MODULE
                       for helper in defined_helpers(texts[path])}
        for path in paths:
            text = inlined_helpers(texts[path], helpers) if name == 'inlined_helpers' \
                else REWRITES[name](texts[path])
            saved[name] += len(texts[path]) - len(text)
            texts[path] = text
    kinds = {SHARED[name] for name in names if name in SHARED}
    if len(kinds) > 0:
        before = sum(len(text) for text in texts.values())
        values = shared_values(texts, kinds, renamed,
                               [path for path in paths if path.name in OFFER_ONLY])
        texts = values['texts']
        saved['shared_values'] = before - sum(len(text) for text in texts.values())
        (folder / STRINGS_MODULE).write_text(values['module'], encoding='utf-8')
    for path in paths:
        path.write_text(texts[path], encoding='utf-8')
    if 'methods_as_functions' in names:
        floors = [path.name for path in paths if FLOOR_BINDING in texts[path].split('\n')]
        (folder / METHODS_MODULE).write_text(methods_module(floors[0] if len(floors) == 1 else None),
                                              encoding='utf-8')
    return saved


REWRITES = {'unwrapped_dicts': unwrapped_dicts, 'concatenated_numbers': concatenated_numbers,
            'catch_everything': catch_everything, 'without_causes': without_causes,
            'inlined_helpers': inlined_helpers, 'object_literals': object_literals,
            'methods_as_functions': methods_as_functions}
