"""The build's rewrites of Transcrypt's output: shorter, and the same program."""

import json
import re
import subprocess
import urllib.parse

import pytest

from tests.builds.test_native_runtime import compiled
from toolkit.bundle import OWN_PROPERTIES, bundle, compact_css, compressed
from toolkit.errors import BuildError
from toolkit.native import place_runtime
from toolkit.prune import RUNTIME_MODULE
from toolkit.rewrite import HELPERS, METHODS_MODULE, STRINGS_MODULE, REWRITES, \
    catch_everything, concatenated_numbers, defined_helpers, inlined_helpers, \
    methods_as_functions, object_literals, \
    OFFER_ONLY, rewrite_modules, shared_values, without_causes
from bookmarklet.reading.signs import PARENT_TEXTS
from toolkit import ROOT

SAMPLE = """\
def counter(start):
    state = {'count': start}

    def step(by):
        state['count'] = state['count'] + by
        return state['count']
    return step


def digits(text):
    value = 0
    for char in text:
        rank = '0123456789'.find(char)
        if rank < 0:
            return None
        value = value * 10 + rank
    return value


def shadowing():
    name = 'outer'

    def inner():
        name = 'inner'
        return name
    result = inner()
    if len(result) > 0:
        name = name + '!'
    for name in ['last', name]:
        result = result + name
    return name + ' ' + result


def sample(words):
    found = {'type': 'directory', 'kinds': []}
    for word in words:
        if word.startswith('d'):
            found['kinds'].append('directory')
        else:
            found['kinds'].append('file')
    step = counter(10)
    step(1)
    found['count'] = step(2)
    found['double'] = (lambda x: x * 2)(21)
    found['digits'] = digits('2026')
    found['bad'] = digits('20x6')
    found['shadow'] = shadowing()
    try:
        found['broken'] = found['missing']['deeper']
    except JSError as error:
        found['caught'] = 'directory' in found['kinds']
    return found
"""


def test_the_rewritten_modules_run_as_the_python_does(tmp_path):
    folder = compiled(tmp_path, "JSError = object\n" + SAMPLE + (
        "\n# __pragma__ ('ecom')\n"
        "#?console.log(JSON.stringify(sample(['docs', 'x', 'dist'])))\n"
        "# __pragma__ ('noecom')\n"))
    assert place_runtime(folder, 'sample.py') == 'native'
    saved = rewrite_modules(folder, OWN_PROPERTIES)
    assert all(saved[name] > 0 for name in ['unwrapped_dicts', 'catch_everything']), saved
    text = (folder / 'sample.js').read_text(encoding='utf-8')
    assert 'dict (' not in text and 'isinstance (' not in text
    assert (folder / STRINGS_MODULE).exists() and (folder / METHODS_MODULE).exists()
    script = bundle(folder / 'sample.js', tmp_path / 'sample.bundle.js')
    assert 'function' not in script, 'terser writes each function as an arrow function'
    ran = subprocess.run(['node', str(tmp_path / 'sample.bundle.js')], capture_output=True,
                         text=True, check=True)
    namespace = {'JSError': Exception}
    exec(SAMPLE, namespace)
    assert json.loads(ran.stdout) == namespace['sample'](['docs', 'x', 'dist'])


UNTOUCHED = (
    "var s = 'function (x) { dict ({}) } var y = 1;';\n"
    "var r = /var x = 1; a.appendChild (b)/g;\n"
    "// var f = function () {}; e.__cause__ = null;\n"
    "var t = `isinstance (e, JSError)`;\n")


@pytest.mark.parametrize('rewrite', sorted(REWRITES))
def test_strings_regular_expressions_and_comments_are_never_rewritten(rewrite):
    assert REWRITES[rewrite](UNTOUCHED) == UNTOUCHED


RAISE_AND_CATCH = """\
try {
	var __except0__ = Problem ('no');
	__except0__.__cause__ = null;
	throw __except0__;
}
catch (__except0__) {
	if (isinstance (__except0__, JSError)) {
		var error = __except0__;
	}
	else {
		throw __except0__;
	}
}
"""


def test_a_raise_sets_no_cause_and_except_jserror_catches_everything():
    assert catch_everything(without_causes(RAISE_AND_CATCH)) == RAISE_AND_CATCH.replace(
        "__except0__.__cause__ = null;", "").replace(
        'isinstance (__except0__, JSError)', 'true')


PORTABLE = ("export var new_object = (function __lambda__ () {\n\treturn ({});\n});\n"
            "export var started = function (promise) {\n\treturn promise;\n};\n"
            "export var pattern_of = (function __lambda__ (source) {\n"
            "\treturn new RegExp (('^(?:' + source) + ')$');\n});\n"
            "export var search_pattern_of = (function __lambda__ (source) {\n"
            "\treturn new RegExp (source, 'i');\n});\n")


def test_a_number_joined_to_a_string_literal_loses_its_str():
    """`+` with a string writes a number as String does; elsewhere (a number first in the
    chain, typeof, a literal's property) the call stays."""
    text = ("var a = 'x' + str (n) + str (m);\nvar b = str (n) + 'x';\n"
            "var c = 1 + str (n) + 'x';\nvar d = typeof str (n) + 'x';\n"
            "var e = str (n) + 'x'.length;\nvar f = [(str (n) + ' of ') + str (m)];\n"
            "var g = (m - (n + 'x')) + str (n);\nvar h = (n ? 'x' : n + 'x') + str (n);\n"
            "var i = [(m * n + 'x') + str (n), String ('x') + str (n)];\n")
    rewritten = concatenated_numbers(text)
    assert rewritten == ("var a = 'x' + (n) + str (m);\nvar b = (n) + 'x';\n"
                         "var c = 1 + str (n) + 'x';\nvar d = typeof str (n) + 'x';\n"
                         "var e = str (n) + 'x'.length;\nvar f = [((n) + ' of ') + (m)];\n"
                         "var g = (m - (n + 'x')) + str (n);\nvar h = (n ? 'x' : n + 'x') + str (n);\n"
                         "var i = [(m * n + 'x') + (n), String ('x') + str (n)];\n")
    results = []
    for script in [text, rewritten]:
        ran = subprocess.run(['node', '-e', 'var str = String, n = -0, m = 1e21;\n' + script
                              + 'console.log(JSON.stringify([a, b, c, d, e, f, g, h, i]));'],
                             capture_output=True, text=True, check=True)
        results.append(ran.stdout)
    assert results[0] == results[1]


def test_portables_helpers_are_known_by_their_definitions():
    assert defined_helpers(PORTABLE) == set(HELPERS)
    assert defined_helpers(PORTABLE.replace('return promise', 'return promise.then ()')) \
        == {'new_object', 'pattern_of', 'search_pattern_of'}


def test_calls_of_helpers_that_are_their_result_become_the_result():
    text = ("import {new_object, started} from './bookmarklet.portable.js';\n"
            "var a = new_object ();\nvar b = started (f (x, y));\nstarted (g ());\n")
    assert inlined_helpers(text) == (
        "import {new_object, started} from './bookmarklet.portable.js';\n"
        "var a = ({});\nvar b =  (f (x, y));\n (g ());\n")
    assert inlined_helpers(text, {'started'}).count('new_object ()') == 1
    for kept in ["import {started} from './other.js';\nvar b = started (x);\n",
                 "import {started} from './bookmarklet.portable.js';\nvar b = started (x, y);\n",
                 "import {started} from './bookmarklet.portable.js';\nvar b = started (x);\n"
                 "var c = f (started);\n"]:
        assert inlined_helpers(kept) == kept


def found_in_node(scripts, texts, method):
    """For each script, which defines the patterns p, what each pattern's method ('exec',
    'test') gives each of texts, run in node."""
    results = []
    for script in scripts:
        ran = subprocess.run(['node', '-e', script + 'console.log(JSON.stringify(p.map((pattern) => '
                              + json.dumps(texts) + '.map((text) => pattern.' + method
                              + ' (text)))));'], capture_output=True, text=True, check=True)
        results.append(json.loads(ran.stdout))
    return results


def test_a_pattern_of_a_string_is_a_literal_that_matches_what_its_regexp_matches():
    """A string escapes each backslash of a pattern again; a literal escapes a '/' outside a
    class, and needs the group pattern_of puts around the source only for a '|' of its own
    level. Each pattern is tried on texts in node, both ways."""
    sources = [r'\{ "name":"((?:[^"\\\x00-\x1f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))+)"',
               '[A-Za-z][A-Za-z0-9+.-]*', 'a|b/c', '(a|b)[|/]\\|', 'x\\/|[\\]/]y', 'a\\(|b']
    texts = ['{ "name":"a\\"b"', '{ "name":"a\\/b\\u00e9"', '{ "name":"a"b"', 'K1+.-', '1a',
             'a', 'b/c', 'a|b/c', 'b', 'a/c', 'a|\\', 'b|\\', 'b/|', 'x/', ']/y', 'x/]/y', 'y',
             'a(', 'b', '']
    calls = ['pattern_of ({})'.format(json.dumps(source)) for source in sources]
    text = "import {pattern_of} from './bookmarklet.portable.js';\nvar p = [" + ', '.join(calls) + '];\n'
    literals = inlined_helpers(text)[len(text.split('\n')[0]) + 1:]
    assert 'pattern_of' not in literals and literals.count('/^') == len(sources)
    assert '/^[A-Za-z][A-Za-z0-9+.-]*$/' in literals and '/^(?:a|b\\/c)$/' in literals
    assert '/^(a|b)[|/]\\|$/' in literals
    results = found_in_node(['var pattern_of = (source) => new RegExp ("^(?:" + source + ")$");\n'
                             + text.split('\n', 1)[1], literals], texts, 'exec')
    assert results[0] == results[1]
    assert any(found is not None for row in results[0] for found in row)
    for kept in ["import {pattern_of} from './bookmarklet.portable.js';\nvar p = pattern_of ('\\n');\n",
                 "import {pattern_of} from './bookmarklet.portable.js';\nvar p = pattern_of ('\\xe9');\n",
                 "import {pattern_of} from './bookmarklet.portable.js';\nvar p = pattern_of (s);\n"]:
        assert inlined_helpers(kept) == kept


def test_a_search_pattern_of_a_string_is_a_literal_that_finds_what_its_regexp_finds():
    """search_pattern_of's RegExp, of the flag i and no anchors, as a literal of the same:
    tried on texts in node, both ways, it finds in the same texts."""
    sources = ['(^|[\\t -])(folder|dir)([\\t ]|$)', 'a/b|c']
    texts = ['folder', 'fa fa-FOLDER', 'x\tdir', 'subdir', 'dir-ltr', 'A/B', 'xc', '']
    calls = ['search_pattern_of ({})'.format(json.dumps(source)) for source in sources]
    text = ("import {search_pattern_of} from './bookmarklet.portable.js';\nvar p = ["
            + ', '.join(calls) + '];\n')
    literals = inlined_helpers(text)[len(text.split('\n')[0]) + 1:]
    assert 'search_pattern_of' not in literals
    assert '/(^|[\\t -])(folder|dir)([\\t ]|$)/i' in literals and '/a\\/b|c/i' in literals
    results = found_in_node(['var search_pattern_of = (source) => new RegExp (source, "i");\n'
                             + text.split('\n', 1)[1], literals], texts, 'test')
    assert results[0] == results[1]
    assert [row.count(True) for row in results[0]] == [3, 2]


def test_an_objects_fields_set_at_once_are_its_literal():
    text = ("var f = (a, b) => {\n\tvar x = ({});\n\tx.one = a;\n\tx.two = g (b, [1]);\n"
            "\treturn x;\n};\n"
            "var h = async (a) => {\n\tvar y = ({});\n\ty.a = a;\n\ty.f = function (z) {\n"
            "\t\treturn y.a + z;\n\t};\n\ty.b = k (y);\n\ty.c = 1;\n\treturn y;\n};\n")
    assert object_literals(text) == (
        "var f = (a, b) => {\n\treturn ({one: a, two: g (b, [1])});\n};\n"
        "var h = async (a) => {\n\tvar y = ({a: a, f: function (z) {\n"
        "\t\treturn y.a + z;\n\t}});\n\ty.b = k (y);\n\ty.c = 1;\n\treturn y;\n};\n")
    for kept in [
            # code before it may read x while the fields are evaluated
            "var f = (a) => {\n\tvar r = () => x.one;\n\tvar x = {};\n\tx.one = r ();\n};\n",
            "var f = (x) => {\n\tx = {};\n\tx.one = 1;\n};\n",
            "var f = (a) => {\n\tvar x = {};\n\tx.one = r ();\n\tfunction r () {\n"
            "\t\treturn x;\n\t}\n};\n",
            # in a block, at module level, a field named twice, a field naming x
            "var f = (a) => {\n\tif (a) {\n\t\tvar x = {};\n\t\tx.one = 1;\n\t}\n};\n",
            "var x = {};\nx.one = 1;\n",
            "var f = (a) => {\n\tvar x = {};\n\tx.__proto__ = a;\n};\n",
            "var f = (a) => {\n\tvar x = {};\n\tx.one = x;\n};\n"]:
        assert object_literals(kept) == kept
    assert object_literals("var f = () => {\n\tvar x = {};\n\tx.a = 1;\n\tx.a = 2;\n};\n") \
        == "var f = () => {\n\tvar x = ({a: 1});\n\tx.a = 2;\n};\n"
    assert object_literals("var f = () => {\n\tvar x = {};\n\tx.a = (function __lambda__ () {\n"
                           "\t\treturn x;\n\t});\n\treturn x;\n};\n") == (
        "var f = () => {\n\tvar x = ({a: (function __lambda__ () {\n\t\treturn x;\n\t})});\n"
        "\treturn x;\n};\n")


def test_frequent_browser_methods_become_functions_of_their_object():
    text = ("a.b [0].push (c.d (e));\nvar u = new X ().push (y);\n"
            "xs.push (1, 2);\nvar k = 'ab'.indexOf ('b') + Math.floor (n / 2);\n")
    assert methods_as_functions(text) == (
        "import {__floor__, __indexOf__, __push__} from './methods.js';\n"
        "__push__ (a.b [0], c.d (e));\nvar u = new X ().push (y);\n"
        "xs.push (1, 2);\nvar k = __indexOf__ ('ab', 'b') + __floor__ (n / 2);\n")


def test_strings_written_often_are_shared_but_keys_and_module_paths_stay():
    line = "var x = ['directory', 'directory', {'directory': 1}, 'a'];\n"
    texts = {'one': "import {f} from './directory.js';\n" + line, 'two': line}
    shared = shared_values(texts, {'string'})
    assert shared['module'] == "export var __string0__ = 'directory';\n"
    assert shared['texts']['two'] == (
        "import {__string0__} from './strings.js';\n"
        "var x = [__string0__, __string0__, {'directory': 1}, 'a'];\n")
    assert shared['texts']['one'].startswith(
        "import {__string0__} from './strings.js';\nimport {f} from './directory.js';\n")


def test_the_offers_own_modules_choose_no_shared_value_but_use_those_chosen(dist):
    """The bookmarklet drops the offer's modules: a value only they write often would be
    a binding that only the bookmarklet pays for (24 characters when the offer's signs
    came)."""
    kept = "var x = ['directory', 'directory', 'offer'];\n"
    offer = "var y = ['directory', 'offer', 'offer', 'offer', 'offer'];\n"
    shared = shared_values({'kept': kept, 'offer': offer}, {'string'}, uncounted=['offer'])
    assert shared['module'] == "export var __string0__ = 'directory';\n"
    assert shared['texts']['offer'].endswith(
        "var y = [__string0__, 'offer', 'offer', 'offer', 'offer'];\n")
    assert "'offer'" in shared_values({'kept': kept, 'offer': offer}, {'string'})['module']
    # What OFFER_ONLY names are the offer's modules, and the bookmarklet holds none of them.
    for name in OFFER_ONLY:
        assert (ROOT / (name[:-len('.js')].replace('.', '/') + '.py')).is_file()
    bookmarklet = urllib.parse.unquote((dist / 'bookmarklet.url').read_text(encoding='utf-8'))
    assert PARENT_TEXTS not in bookmarklet and 'Alt+Shift+M' not in bookmarklet


def test_an_object_literals_named_keys_stay_as_written_where_the_same_strings_are_shared():
    """Keys shared as computed ones ({[k]: v}) made entries slower to build and to read: a
    key esbuild writes unquoted (a name, an integer) stays. One it must quote (an element's
    attribute, 'data-role') is shared as a string is, and costs its binding in brackets."""
    text = ("var x = [{'data-role': 1, children: 2, 'a b': 3, '7': 4, '07': 5},"
            " ({children: [], page_size: 1, 'page_size': 2})];\n"
            "var y = f ('data-role', 'data-role', 'children', 'children', x.children, '7', '7',"
            " '07', '07');\n") * 4
    shared = shared_values({'a': text}, {'string', 'property'}, OWN_PROPERTIES)
    assert shared['module'] == "export var __string0__ = '07';\n" \
        "export var __string1__ = 'children';\n" "export var __string2__ = 'data-role';\n" \
        "export var __string3__ = '7';\n"
    assert shared['texts']['a'] == (
        "import {__string0__, __string1__, __string2__, __string3__} from './strings.js';\n"
        + ("var x = [{[__string2__]: 1, children: 2, 'a b': 3, '7': 4, [__string0__]: 5},"
           " ({children: [], page_size: 1, 'page_size': 2})];\n"
           "var y = f (__string2__, __string2__, __string1__, __string1__, x[__string1__],"
           " __string3__, __string3__, __string0__, __string0__);\n") * 4)
    assert shared_values({'a': text}, {'property'})['texts']['a'].endswith(
        "var x = [{'data-role': 1, children: 2, 'a b': 3, '7': 4, '07': 5},"
        " ({children: [], page_size: 1, 'page_size': 2})];\n"
        "var y = f ('data-role', 'data-role', 'children', 'children', x[__string0__], '7', '7',"
        " '07', '07');\n")


def test_property_names_written_often_are_shared_as_computed_ones_but_renamed_ones_stay():
    text = ("a.textContent = b.textContent + f (c).textContent;\n"
            "d [0].textContent = view.current_page + 1.5 + g (...textContent);\n"
            "var t = 'textContent' + view.note + view.note + view.note;\n") \
        + "view.current_page++;\n" * 5
    shared = shared_values({'a': text}, {'property', 'string'}, OWN_PROPERTIES)
    assert shared['module'] == "export var __string0__ = 'textContent';\n"
    assert shared['texts']['a'] == (
        "import {__string0__} from './strings.js';\n"
        "a[__string0__] = b[__string0__] + f (c)[__string0__];\n"
        "d [0][__string0__] = view.current_page + 1.5 + g (...textContent);\n"
        "var t = __string0__ + view.note + view.note + view.note;\n"
        + "view.current_page++;\n" * 5)
    text = "var n = [e.target, e.target, e.target, e.target, e.target, new.target];\n"
    assert shared_values({'a': text}, {'property'})['texts']['a'] == (
        "import {__string0__} from './strings.js';\n"
        "var n = [e[__string0__], e[__string0__], e[__string0__], e[__string0__], "
        "e[__string0__], new.target];\n")


def test_null_is_shared_as_a_binding():
    text = "var a = [null, null, null, null, null, x.null, {null: 1}];\n"
    shared = shared_values({'a': text}, {'null'})
    assert shared['module'] == "export var __null__ = null;\n"
    assert shared['texts']['a'] == ("import {__null__} from './strings.js';\n"
                                   "var a = [__null__, __null__, __null__, __null__, __null__, x.null, "
                                   "{null: 1}];\n")
    assert shared_values({'a': text}, {'string'})['texts']['a'] == text


def test_shared_strings_are_one_literal_split_into_their_bindings(tmp_path):
    """Packed, each shared text costs no quotes, '=' nor ','; a text with a quote or an
    escape other than \\xXX and \\uXXXX keeps a binding of its own, and the separator is
    one that no text holds, once decoded."""
    values = ['directory', 'a|b', ' \\xb7 ', "it\\'s", 'mtime', 'x\\x5ey'] + [
        'key' + str(at) for at in range(8)]
    text = ''.join("var v{} = ['{}', '{}', '{}', '{}'];\n".format(at, value, value, value, value)
                   for at, value in enumerate(values))
    packed = shared_values({'a': text}, {'string', 'null', 'packed'})
    alone = shared_values({'a': text}, {'string', 'null'})
    assert "'.split('~');" in packed['module'] and "'it\\'s'" in packed['module']
    assert len(packed['module']) < len(alone['module']) and packed['texts'] == alone['texts']
    for shared in [packed, alone]:
        (tmp_path / STRINGS_MODULE).write_text(shared['module'], encoding='utf-8')
        (tmp_path / 'a.js').write_text(shared['texts']['a'] + "console.log(JSON.stringify(["
                                       + ', '.join('v' + str(at) for at in range(len(values)))
                                       + "]));\n", encoding='utf-8')
        script = bundle(tmp_path / 'a.js', tmp_path / 'bundle.js')
        ran = subprocess.run(['node', '-e', script], capture_output=True, text=True, check=True)
        assert json.loads(ran.stdout) == [[value] * 4 for value in [
            'directory', 'a|b', ' \xb7 ', "it's", 'mtime', 'x^y'] + values[6:]]


def test_the_css_loses_its_spaces_and_names_its_custom_properties_by_one_letter():
    css = (".p { --fg: #111; --muted-text: #222; font: 1em -apple-system; }\n"
           ".q { color: var(--muted-text); background: var(--fg); }\n"
           "@media (max-width: 600px) { .q { color: var(--fg); } }\n")
    assert compact_css(css) == (".p{--a:#111;--b:#222;font:1em -apple-system}"
                                ".q{color:var(--b);background:var(--a)}"
                                "@media(max-width:600px){.q{color:var(--a)}}")


def test_the_runtime_module_is_never_rewritten(tmp_path):
    runtime = "export var len = function (x) {\n\treturn x.length;\n};\n"
    (tmp_path / RUNTIME_MODULE).write_text(runtime, encoding='utf-8')
    (tmp_path / 'a.js').write_text("var f = dict ({});\n", encoding='utf-8')
    rewrite_modules(tmp_path, OWN_PROPERTIES)
    assert (tmp_path / RUNTIME_MODULE).read_text(encoding='utf-8') == runtime
    assert 'dict' not in (tmp_path / 'a.js').read_text(encoding='utf-8')


def test_esbuild_writes_es2019_and_nothing_newer(tmp_path):
    """A catch without a binding (ES2019) is shorter; `??` and `?.` (ES2020) would shut
    out browsers that run the rest of the script."""
    (tmp_path / 'a.js').write_text(
        "var f = (x) => { try { return x.y (); } catch (error) { return x != null ? x : 0; } };\n"
        "console.log (f (null));\n", encoding='utf-8')
    script = bundle(tmp_path / 'a.js', tmp_path / 'a.bundle.js')
    assert 'catch{' in script
    assert '??' not in script and '?.' not in script


def test_the_last_pass_keeps_the_strict_directive_and_the_function_around_the_script(tmp_path):
    """Taken for a module, the script would lose its directive (Transcrypt's keyword
    arguments need it) and its names could leave the function for the page's globals."""
    script = compressed('(()=>{"use strict";var a=[1];a.push(2);console.log(a)})();', tmp_path)
    assert script.startswith('(()=>{"use strict";') and script.endswith('})();')


def test_the_last_pass_never_reuses_an_async_functions_parameter(tmp_path):
    """Older Safari loses such a parameter's value (WebKit bug 223533); without the
    workaround uglify-js writes `async a=>{a=await g(a),...}`."""
    script = compressed('(()=>{"use strict";window.f=async(x)=>{var y=await g(x);'
                        'var z=await g(y);console.log(z)}})();', tmp_path)
    parameter = re.search(r'async (\w+)=>', script).group(1)
    assert re.search(r'\b' + parameter + r'=(?![=>])', script) is None, script


ARROWS_SAMPLE = ('(()=>{"use strict";var made=function(a){return a+1};'
                 'window.f=async function(b){return made(await b)};'
                 'window.g=function(){return this};window.h=[1].map(function(c){return c*2})})();')


def test_terser_writes_functions_as_arrow_functions_only_with_unsafe_arrows(tmp_path):
    """Transcrypt writes every def and lambda as a `function` expression; terser's
    unsafe_arrows makes each an arrow function but one that reads `this`. Without the flag
    the functions stay, and the script is longer."""
    script = compressed(ARROWS_SAMPLE, tmp_path)
    without = compressed(ARROWS_SAMPLE, tmp_path, ['unsafe_arrows'])
    assert script.count('function') == 1 and 'return this' in script, script
    assert without.count('function') > 1 and len(without) > len(script), without


def test_the_savings_table_lists_every_step_of_the_build():
    """`make bench` writes what each step saves from step_savings; every rewrite, every kind
    of shared value and every bundler step has its row."""
    from toolkit.bundle import BUNDLE_STEPS
    from toolkit.rewrite import SHARED
    from toolkit.savings import DESCRIPTIONS, STEPS, savings_rows
    assert STEPS == list(REWRITES) + list(SHARED) + BUNDLE_STEPS
    assert sorted(DESCRIPTIONS) == sorted(STEPS)
    rows = savings_rows({'built': 1, 'saves': {step: 1 for step in STEPS}})
    assert [row[0].split('`')[-2] for row in rows] == STEPS


def test_a_steps_saving_is_measured_on_the_bookmarklet_itself(tmp_path):
    from toolkit import ROOT
    from toolkit.savings import step_savings
    measured = step_savings(tmp_path, ['without_causes'])
    url = (ROOT / 'dist' / 'bookmarklet.url').read_text(encoding='utf-8').strip()
    assert measured['built'] == len(url)
    assert measured['saves']['without_causes'] > 0


def test_the_styles_marks_are_one_string_parted_at_a_character_none_of_them_holds():
    """Each mark and its text are one piece of a string the styles' module splits; a text
    that holds every character that may part them stops the build."""
    from toolkit.bundle import MARK_SEPARATORS, packed_marks
    written = packed_marks([['A', 'x_y'], ['~', '#']])
    assert eval(written) == ['Ax_y', '~#'] and written.endswith(".split('@')")
    assert packed_marks([]) == '[]'
    with pytest.raises(BuildError, match='part the marks'):
        packed_marks([['A', MARK_SEPARATORS]])


def test_the_staged_styles_are_the_compacted_css_with_their_hashes_put_back(tmp_path):
    """A javascript: URL carries each '#' as '%23': the colours go in with a stand-in that
    the script replaces, and so do the texts the styles repeat (in CPython too: the staged
    module is Python)."""
    from toolkit.bundle import HASH_STAND_IN, SOURCES, stage_sources
    stage_sources(tmp_path / 'staged')
    text = (tmp_path / 'staged' / 'bookmarklet' / 'browser' / 'style.py').read_text(encoding='utf-8')
    css = compact_css((SOURCES / 'overlay.css').read_text(encoding='utf-8'))
    namespace: dict = {}
    exec(text, namespace)
    assert namespace['STYLE'] == css and css.count('#') > 12
    packed = text.split('STYLE = unpacked(')[1].split("', '")[0]
    assert '#' not in packed and len(packed) < len(css) - 200
    assert HASH_STAND_IN not in css


def test_math_floor_is_bound_once_where_a_module_binds_it_already(tmp_path):
    """portable.py binds floor to Math.floor: the methods module passes that one on as
    its __floor__ (for `//`) rather than binding Math.floor again, and the module that
    binds it may use `//` itself (the two then import each other)."""
    (tmp_path / 'p.js').write_text("export var floor = Math.floor;\n"
                                   "export var half = function (n) {\n\treturn Math.floor (n / 2);\n};\n",
                                   encoding='utf-8')
    (tmp_path / 'a.js').write_text("import {floor, half} from './p.js';\n"
                                   "console.log (JSON.stringify ([floor (2.5), half (7), Math.floor (-0.5)]));\n",
                                   encoding='utf-8')
    rewrite_modules(tmp_path, OWN_PROPERTIES)
    assert "export {floor as __floor__} from './p.js';" in \
        (tmp_path / METHODS_MODULE).read_text(encoding='utf-8')
    script = bundle(tmp_path / 'a.js', tmp_path / 'bundle.js')
    assert script.count('Math.floor') == 1
    ran = subprocess.run(['node', '-e', script], capture_output=True, text=True, check=True)
    assert json.loads(ran.stdout) == [2, 3, -1]
