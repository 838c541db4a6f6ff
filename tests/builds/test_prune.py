"""The build's pruning of Transcrypt's runtime: keeps what is used, drops the rest, errs on keeping."""

import subprocess
import textwrap

from toolkit.prune import RUNTIME_MODULE, prune_runtime, top_level_statements

RUNTIME = textwrap.dedent("""\
    // Transcrypt'ed from Python
    import {py_copy as _copy} from './copy.js';
    var __name__ = 'org.transcrypt.__runtime__';
    export function len (anObject) {
        return anObject.length;
    }
    export function used_by_patch (x) {
        return x;
    }
    export function unused_helper () {
        return '{' + "}";
    }
    unused_helper.__name__ = 'unused_helper';
    len.__name__ = 'len';
    Array.prototype.append = function (element) {
        this.push (used_by_patch (element));
    };
    Array.prototype.py_unused = function () {
        return this.replace (/\\{(\\w*)\\}/g, '');
    };
    String.prototype.by_string = function () {
    };
    __setproperty__ (String.prototype, 'format', {
        get: function () {return unused_helper;}
    });
    Math.curious = 1;
    export var Unused =  __class__ ('Unused', [object], {
    \tget __init__ () {return 1;}
    });
    """)

MODULE = textwrap.dedent("""\
    import {Unused, len, unused_helper} from './org.transcrypt.__runtime__.js';
    export var f = function (xs) {
        xs.append (len (xs));
        return 'by_string' in xs;
    };
    """)


def pruned(tmp_path, runtime=RUNTIME, module=MODULE):
    (tmp_path / RUNTIME_MODULE).write_text(runtime, encoding='utf-8')
    (tmp_path / 'mod.js').write_text(module, encoding='utf-8')
    sizes = prune_runtime(tmp_path)
    return [(tmp_path / RUNTIME_MODULE).read_text(encoding='utf-8'),
            (tmp_path / 'mod.js').read_text(encoding='utf-8'), sizes]


def test_statements_split_at_column_zero_only_where_the_text_is_balanced():
    statements = top_level_statements(RUNTIME)
    heads = [statement.splitlines()[0] for statement in statements]
    assert heads[3] == 'export function len (anObject) {'
    assert any(head.startswith('Array.prototype.py_unused') for head in heads)
    assert ''.join(statements) == RUNTIME
    unbalanced = 'var a = [\n1,\n2];\nvar b = 3;\n'
    assert top_level_statements(unbalanced) == ['var a = [\n1,\n2];\n', 'var b = 3;\n']


def test_used_names_and_what_they_use_are_kept(tmp_path):
    runtime, _, _ = pruned(tmp_path)
    assert 'export function len' in runtime and "len.__name__ = 'len'" in runtime
    assert 'Array.prototype.append' in runtime
    assert 'export function used_by_patch' in runtime


def test_unused_declarations_patches_and_their_attributes_are_dropped(tmp_path):
    runtime, _, sizes = pruned(tmp_path)
    assert 'py_unused' not in runtime
    assert 'unused_helper' not in runtime
    assert 'Unused' not in runtime
    assert "'format'" not in runtime
    assert sizes[1] < sizes[0]


def test_a_property_named_only_in_a_string_is_kept(tmp_path):
    runtime, _, _ = pruned(tmp_path)
    assert 'String.prototype.by_string' in runtime


def test_statements_of_other_shapes_are_kept(tmp_path):
    runtime, _, _ = pruned(tmp_path)
    assert 'Math.curious = 1;' in runtime
    assert "import {py_copy as _copy} from './copy.js';" in runtime


def test_import_lists_shrink_to_the_names_a_module_uses(tmp_path):
    _, module, _ = pruned(tmp_path)
    assert module.splitlines()[0] == "import {len} from './org.transcrypt.__runtime__.js';"


def test_the_shipped_bundle_patches_fewer_prototype_properties(dist, tmp_path):
    """What the pruning is for: the script that ships adds few properties to
    the built-in prototypes of the realm it runs in, and fewer than Transcrypt's
    whole runtime would. Outside a page the script stops at its first use of the
    page, after the runtime has run."""
    count = ("try { require(process.argv[1]); } catch (error) {}"
             "console.log(Object.keys(Array.prototype).length + Object.keys(String.prototype).length)")
    shipped = subprocess.run(['node', '-e', count, str(dist / 'sitemap.js')],
                             capture_output=True, text=True, check=True)
    assert int(shipped.stdout) < 35
