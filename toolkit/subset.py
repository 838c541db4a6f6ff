"""The native subset's rules, in one table: the Python the bookmarklet is written in, so
that Transcrypt compiles it to JavaScript calling native methods only (docs/transcrypt.md).

Three readers, one source:

- the house-style check (tests/support/house_style.py) flags, in bookmarklet/, each
  construct of a rule's `syntax`, each call of one of its `functions` or `methods`, and
  says what to write instead;
- the build (toolkit/native.py) names the rule's construct when a transpiled module still
  reaches one of its `runtime` names in Transcrypt's runtime, and the bundler
  (toolkit/bundle.py) shortens the names of the own-field rule (OWN_FIELD);
- docs/transcrypt.md shows the table (`python -m toolkit.subset` writes it there, and a
  test keeps the two the same).

Each rule: the Python (`instead_of`), what to `write`, `because` (what Transcrypt makes of
it), then how the checks find it: `syntax`, the keys of the house-style check's own
tests of the tree; `functions` and `methods`, {name: what to write, when more precise than
the rule's}; `runtime`, {name in Transcrypt's runtime: the Python that reaches for it}.
"""

import re
import sys

from toolkit import ROOT


def rule(instead_of, write, because, syntax=(), functions=None, methods=None, runtime=None):
    return {'instead_of': instead_of, 'write': write, 'because': because, 'syntax': list(syntax),
            'functions': functions or {}, 'methods': methods or {}, 'runtime': runtime or {}}


RULES = [
    rule('a class, `super()`', 'a unit: `new_x()` returning `portable.new_object()`, functions taking it',
         'the class machinery is runtime', ['class'],
         functions={'super': 'no classes: a unit of functions'},
         runtime={'__class__': 'a class', '__init__': 'a class', '__get__': 'a method of a class',
                  '__super__': 'super()', 'property': '@property'}),
    rule('comprehensions, generator expressions', 'a for loop that appends', '',
         ['comprehension']),
    rule('tuples, unpacking, `return a, b`', 'a list, or a dict with named fields',
         '`tuple` is runtime', ['tuple'], runtime={'tuple': 'a tuple or `return a, b`'}),
    rule('`s[a:b]`, `xs[:]`', '`portable.part(seq, start, end)`, end left out for "to the end"',
         '`__getslice__` is a prototype patch', ['slice'],
         runtime={'__getslice__': 'a slice', '__setslice__': 'an assignment to a slice'}),
    rule('`s[-1]`', '`portable.last_char(s)`, `xs[len(xs) - 1]`', '`undefined`',
         ['negative index']),
    rule('`sep.join(xs)`', '`portable.joined(xs, sep)`', 'a `String.prototype` patch',
         methods={'join': 'portable.joined(items, separator)'}),
    rule('`s.strip()`, `strip(chars)`, `lstrip`, `rstrip`', '`portable.strip_spaces`',
         'a patch; the argument is ignored',
         methods={'strip': 'portable.strip_spaces', 'lstrip': 'your own helper',
                  'rstrip': 'your own helper'},
         runtime={'strip': '.strip()', 'lstrip': '.lstrip()', 'rstrip': '.rstrip()'}),
    rule('`d.get`, `keys`, `items`, `values`, `update`, `copy`, `setdefault`, `clear`, `pop(k)`',
         "`'k' in d` and `d['k']`, `portable.keys_of(d)`, `portable.drop_key(d, k)`",
         "methods of Transcrypt's `dict`",
         methods={'get': "`'k' in d` and d['k'], or portable.record_field",
                  'keys': 'portable.keys_of(d)', 'items': 'portable.keys_of(d) and d[k]',
                  'values': 'portable.keys_of(d) and d[k]', 'update': 'one assignment per key',
                  'copy': 'portable.part(xs, 0, None), or a new dict literal',
                  'setdefault': "`'k' in d` first", 'clear': 'a new list or dict'},
         runtime={'py_keys': 'd.keys()', 'py_items': 'd.items()', 'py_values': 'd.values()',
                  'py_get': 'd.get()', 'py_setdefault': 'd.setdefault()',
                  'py_update': 'd.update()', 'py_copy': '.copy()', 'py_clear': '.clear()'}),
    rule('`xs.pop(i)`, `del`', '`portable.remove_at(xs, i)`, `portable.drop_key(d, k)`',
         '`del xs[i]` leaves a hole', ['pop at', 'del']),
    rule('`extend`, `index`, `count`, `insert`, `sort`, `reverse`, `discard`',
         'a loop, `find`, a new list, `portable.stable_sorted`, `portable.drop_key`',
         'patches, or missing',
         methods={'extend': 'a loop that appends', 'index': 'find, or a loop', 'count': 'a loop',
                  'insert': 'build a new list', 'sort': 'portable.stable_sorted(items, compare)',
                  'reverse': 'a loop from the end', 'discard': 'portable.drop_key'},
         runtime={'index': '.index()', 'insert': '.insert()', 'extend': '.extend()',
                  'py_sort': '.sort()'}),
    rule('`format`, `zfill`, `ljust`, `rjust`, `center`, `capitalize`, `title`, `casefold`, '
         '`isdigit`, `isalpha`, `isspace`, `partition`, `rpartition`, `rsplit`, `splitlines`, '
         '`removeprefix`, `removesuffix`, `expandtabs`',
         'concatenation, `portable.pad`, `find` and `portable.part`, `lower`, `split(sep)`',
         'patches, or missing',
         methods={'format': 'concatenation and portable.pad', 'zfill': 'portable.pad',
                  'ljust': 'a loop, as portable.pad', 'rjust': 'portable.pad',
                  'center': 'your own helper', 'capitalize': 'upper on the first character',
                  'title': 'your own helper', 'casefold': 'lower',
                  'isdigit': "'0123456789'.find(c) >= 0", 'isalpha': 'your own helper',
                  'isspace': 'portable.words or strip_spaces',
                  'partition': 'find and portable.part', 'rpartition': 'rfind and portable.part',
                  'rsplit': 'rfind and portable.part', 'splitlines': "split('\\n')",
                  'removeprefix': 'startswith and portable.part',
                  'removesuffix': 'endswith and portable.part', 'expandtabs': 'replace'},
         runtime={'format': 'str.format', 'capitalize': '.capitalize()',
                  'isdigit': '.isdigit()'}),
    rule('`s.split()` without a separator', '`portable.words(text)`', "`''.split()` is `['']`",
         ['split']),
    rule('`s.rfind(t, start)`', '`s.rfind(t)`, or `find` from the start',
         "JavaScript's second argument is the last index a match may start at, Python's the first", ['rfind start']),
    rule('`sorted`, `key=lambda e: (a, b)`, `reverse=True`',
         '`portable.stable_sorted(items, compare)`',
         'tuple keys compare as strings; reverse flips ties',
         functions={'sorted': 'portable.stable_sorted(items, compare)'},
         runtime={'sorted': 'sorted'}),
    rule('`enumerate`, `zip`, `map`, `filter`, `any`, `all`, `sum`, `reversed`', 'loops',
         'runtime',
         functions={'enumerate': '`for i in range(0, len(xs))`', 'zip': 'a loop over indexes',
                    'map': 'a loop', 'filter': 'a loop', 'any': 'a loop', 'all': 'a loop',
                    'sum': 'a loop', 'reversed': 'a loop from the end'},
         runtime={'py_enumerate': 'enumerate', 'zip': 'zip', 'map': 'map', 'filter': 'filter',
                  'any': 'any', 'all': 'all', 'sum': 'sum', 'py_reversed': 'reversed()'}),
    rule('`list()`, `dict()`, `set()`, `tuple()`',
         'literals; dict keys for sets (`portable.dict_key`)', 'runtime; a set is an array',
         functions={'list': 'a list literal, or portable.part(xs, 0, None) for a copy',
                    'dict': 'a dict literal', 'set': 'dict keys (portable.dict_key)',
                    'tuple': 'a list'},
         runtime={'list': 'list() or isinstance(x, list)', 'set': 'set()'}),
    rule('`int(text)`, `float()`, `round()`, `bool()`, `divmod()`',
         '`portable.parse_int`, `portable.floor`',
         '`int()` is `x \\| 0`: 32 bits, junk becomes 0; the others are runtime',
         functions={'int': 'portable.parse_int or portable.floor', 'float': 'your own parser',
                    'round': 'portable.floor(x + 0.5)'},
         runtime={'int': 'int()', 'float': 'float()', 'round': 'round()', 'bool': 'bool()',
                  'divmod': 'divmod()'}),
    rule('`isinstance`, `type()`', '`portable.is_text`, `is_number`, `is_list`, `is_record`',
         'throws and catches inside on a string or number: slow',
         functions={'isinstance': 'portable.is_text, is_number, is_list or is_record',
                    'type': 'portable.is_text and friends'},
         runtime={'py_typeof': 'type()'}),
    rule('`getattr`, `hasattr`, `setattr`', 'attributes, or a dict and `in`',
         "`getattr`'s default is ignored",
         functions={'getattr': 'an attribute, or a dict and `in`',
                    'hasattr': 'an attribute, or a dict and `in`',
                    'setattr': 'an attribute, or a dict'},
         runtime={'getattr': 'getattr', 'hasattr': 'hasattr', 'setattr': 'setattr'}),
    rule('`chr`, `ord`', '`portable.char_of`; `portable.compare_text` to order texts',
         'UTF-16 units past U+FFFF',
         functions={'chr': 'portable.char_of',
                    'ord': 'portable.compare_text to order texts (JavaScript counts UTF-16 units)'},
         runtime={'chr': 'chr()', 'ord': 'ord()'}),
    rule('`repr`', 'concatenation', 'runtime', functions={'repr': 'concatenation'},
         runtime={'repr': 'repr()'}),
    rule('keyword arguments, `*args`, `**kwargs`, default values', 'positional arguments',
         'silently ignored', ['keyword arguments', 'parameters'],
         runtime={'__kwargtrans__': 'keyword arguments', '__mergekwargtrans__': 'keyword arguments'}),
    rule('f-strings, `%`', 'concatenation, `portable.pad`', 'format specs dropped, NaN',
         ['formatting']),
    rule('`x is None`, `is not`', '`x == None`, `!= None`', '`===`: false for `undefined`', ['is']),
    rule('`not xs` on a list', '`len(xs) == 0`',
         '`[]` is truthy (house style cannot see types: parity does)'),
    rule('`for k in d`', '`for k in portable.keys_of(d)`', 'throws', ['for over a dict']),
    rule('a dict key that is not a string literal', 'string keys only',
         'a key is a property name: `1` and `\'1\'` are one key', ['dict key']),
    rule('`raise ValueError(...)`, `except Exception`',
         '`raise Problem(message)`; `except JSError as error:`, then `portable.problem_of(error)`',
         'native errors are not Exceptions', ['raise', 'except'],
         runtime={'Exception': 'an exception class', 'BaseException': 'an exception class',
                  'ValueError': 'ValueError', 'KeyError': 'KeyError', 'IndexError': 'IndexError',
                  'AttributeError': 'AttributeError', 'py_TypeError': 'TypeError'}),
    rule('`range()` outside a `for`', '`for i in range(a, b)`', 'runtime', ['range'],
         runtime={'range': 'range() outside a for'}),
    rule('`(await x)[i]`, `(await x).y`',
         'name the awaited value first: `found = await x`, then `found[i]`',
         'the parentheses are dropped: `await x[i]`', ['await']),
    rule('`print`, `with`, `yield`, `:=`, `match`, `global`, `async for`, `async with`, `iter`, '
         '`next`', 'plain statements', 'runtime, or wrong JavaScript', ['statement'],
         functions={'print': 'nothing (the page is not yours to log to)', 'iter': 'a for loop',
                    'next': 'a for loop'},
         runtime={'print': 'print', 'StopIteration': 'a generator or iter()',
                  'py_iter': 'a generator or iter()', 'py_next': 'next()'}),
    rule('decorators', 'call the function instead', 'runtime, or wrong JavaScript', ['decorator']),
    rule('`import json`, `re`, `datetime`, `math`...', '`portable.parse_json`, hand parsers',
         'missing, or 20 to 47 KB', ['import']),
    rule('`d[name]` with a name from the server', '`d[portable.dict_key(name)]`',
         '`__proto__` reaches the prototype'),
    rule('`==`, `!=`, `in` on a value from outside (read with `record_field` or `parse_json`)',
         '`portable.is_exactly(value, expected)`; `== None` stays',
         "`==` converts: `['directory'] == 'directory'`, `'1' == true`", ['outside']),
    rule('a JSON number as an integer', '`portable.exact_integer(value)`',
         '`5.0` is a float in CPython, `1e300` "whole" in both'),
    rule('bytes', 'a byte string (one character per byte); its UTF-8 and %XX: `portable.py`, '
         'names: `bookmarklet/reading/names.py`', 'no `bytes` type'),
    rule('a variable, parameter, function or attribute named `append`, `find`... (the '
         'aliased methods: *The prelude*)', 'another name',
         'Transcrypt applies an alias to every identifier', ['aliased']),
    rule('a field of our own objects (`portable.new_object()`) named by one word: `pool.limit`',
         'two words or more, snake_case: `pool.place_limit` (`OWN_FIELD`)',
         "esbuild shortens only these; a single word may be a browser's property, so it stays "
         'whole', ['own field']),
]

# Python's method names that mean what a native JavaScript method means under these rules:
# every staged module starts with alias pragmas for them (toolkit/bundle.py NATIVE_METHODS),
# so the bookmarklet calls the native method. Transcrypt applies an alias to every
# identifier, so no name of our own may be one of these words (the `aliased` rule).
ALIASES = [['append', 'push'], ['find', 'indexOf'], ['rfind', 'lastIndexOf'],
           ['startswith', 'startsWith'], ['endswith', 'endsWith'], ['lower', 'toLowerCase'],
           ['upper', 'toUpperCase'], ['replace', 'replaceAll']]
# ...and those that lose Transcrypt's renaming, so `s.split(sep)` and `xs.pop()` are native.
NOT_ALIASED = ['split', 'pop']

# The modules the `import` rule refuses.
MODULES = ['json', 'functools', 'collections', 'asyncio', 'urllib', 're', 'datetime', 'math']

# Methods Transcrypt adds to built-in prototypes that some built-in or DOM object also has
# natively, which JavaScript-only code calls (classList.add, element.remove, an Array's
# join): the build cannot tell them apart, house style can (`join` is a rule's method;
# `add` and `remove` are no rule's, since browser adapters call them, and a list's
# remove() fails loudly in JavaScript, with no runtime to supply it).
NATIVE_TOO = ['add', 'remove', 'join']

# The own-field rule: every field and method set on an object of our own (made by
# portable.new_object()) is named in snake_case, two words or more, which no browser API
# uses, so esbuild may shorten them as it shortens variables (toolkit/bundle.py
# OWN_PROPERTIES). A single word is never shortened, whoever owns it: it may be a browser's
# property or a member of a browser's dictionary (a stream read's {done, value}), which no
# test can list; such a field still works, it only costs bytes. Quoted names (dict keys,
# which records, JSON and IndexedDB carry) are never shortened, so no field of ours shares
# its name with a key of the same object.
OWN_FIELD = '[a-z][a-z0-9]*(_[a-z0-9]+)+'


def plain(text):
    """A cell's words as a message says them: a table's escaped bar is a bar."""
    return text.replace('\\|', '|')


def message(key):
    """What house style says for the rule whose syntax names key."""
    [found] = [found for found in RULES if key in found['syntax']]
    return plain(found['instead_of']) + ': write ' + plain(found['write'])


def instead(kind, name):
    """What to write instead of a call of the function or method name (kind 'functions' or
    'methods'), or None when the subset allows it."""
    for found in RULES:
        if name in found[kind]:
            return found[kind][name] or plain(found['write'])
    return None


def runtime_constructs():
    """{name in Transcrypt's runtime: the Python that reaches for it}."""
    return {name: construct for found in RULES for name, construct in found['runtime'].items()}


DOC = ROOT / 'docs' / 'transcrypt.md'
DOC_START = '<!-- the rules: toolkit/subset.py RULES; `python -m toolkit.subset` writes them -->\n'
DOC_END = '<!-- end of the rules -->\n'


def markdown_table():
    lines = ['| instead of | write | because |', '|---|---|---|']
    for found in RULES:
        lines.append('| {} | {} | {} |'.format(found['instead_of'], found['write'], found['because']))
    return '\n'.join(lines) + '\n'


def with_table(text):
    """text (docs/transcrypt.md) with the table between its markers written anew."""
    pattern = re.compile(re.escape(DOC_START) + '.*?' + re.escape(DOC_END), re.S)
    if not pattern.search(text):
        raise ValueError('docs/transcrypt.md has no markers for the rules table')
    return pattern.sub(lambda _: DOC_START + markdown_table() + DOC_END, text)


if __name__ == '__main__':
    DOC.write_text(with_table(DOC.read_text(encoding='utf-8')), encoding='utf-8')
    sys.exit(0)
