"""The build's native runtime: a module outside the native subset is named with the Python
construct that took it out, a module inside it runs on bookmarklet/runtime.js, and that
runtime leaves the built-in prototypes as they were."""

import json
import subprocess

import pytest

from toolkit.bundle import NATIVE_METHODS, bundle, transpile
from toolkit.errors import BuildError
from toolkit import native
from toolkit.native import check_no_prototype_patch, native_subset_violations, place_runtime
from toolkit.prune import RUNTIME_MODULE

OUTSIDE = {
    'tuple (a tuple or `return a, b`)': "def pair():\n    return 1, 2\n",
    '__class__ (a class)': "class Thing:\n    pass\n",
    '__getslice__ (a slice)': "def head(text):\n    return text[:3]\n",
    '__kwargtrans__ (keyword arguments)': "def call(f):\n    return f(1, width=2)\n",
    'py_enumerate (enumerate)': "def count(xs):\n    for i in enumerate(xs):\n        pass\n",
    'sorted (sorted)': "def order(xs):\n    return sorted(xs)\n",
    'strip (.strip())': "def trim(s):\n    return s.strip()\n",
    'py_keys (d.keys())': "def names(d):\n    return d.keys()\n",
}

INSIDE = (
    "def sample(xs, text, d):\n"
    "    found = {'n': len(xs), 'word': str(len(text)), 'has': 'k' in d, 'in': 2 in xs,\n"
    "             'sub': 'b' in text, 'max': max(1, 3), 'min': min(1, 3), 'abs': abs(-2)}\n"
    "    try:\n"
    "        found['broken'] = d['missing']['deeper']\n"
    "    except JSError as error:\n"
    "        found['caught'] = True\n"
    "    return found\n")


def compiled(tmp_path, source):
    """The transpiled folder of a module sample.py staged with the build's prelude."""
    staging = tmp_path / 'src'
    staging.mkdir()
    (staging / 'sample.py').write_text(NATIVE_METHODS + source, encoding='utf-8')
    return transpile(staging / 'sample.py', staging, tmp_path / 'out').parent


def test_each_construct_outside_the_subset_is_named_with_its_module(tmp_path):
    folder = compiled(tmp_path, '\n\n'.join(OUTSIDE.values()))
    found = native_subset_violations(folder, 'sample.py')
    for construct in OUTSIDE:
        assert 'sample.py uses ' + construct + ': not in the native subset; see ' \
            'docs/transcrypt.md' in found, construct


def test_a_module_outside_the_subset_keeps_transcrypts_runtime_or_stops_a_strict_build(
        tmp_path, monkeypatch, capsys):
    folder = compiled(tmp_path, OUTSIDE['__class__ (a class)'])
    runtime = (folder / RUNTIME_MODULE).read_text(encoding='utf-8')
    monkeypatch.setattr(native, 'NATIVE_ONLY', True)
    with pytest.raises(BuildError, match='sample.py uses __class__'):
        place_runtime(folder, 'sample.py')
    monkeypatch.setattr(native, 'NATIVE_ONLY', False)
    assert place_runtime(folder, 'sample.py') == 'transcrypt'
    assert 'sample.py uses __class__' in capsys.readouterr().err
    assert 'Array.prototype' in (folder / RUNTIME_MODULE).read_text(encoding='utf-8')
    assert len((folder / RUNTIME_MODULE).read_text(encoding='utf-8')) < len(runtime)


def test_a_module_inside_the_subset_runs_on_the_native_runtime_as_in_cpython(tmp_path):
    folder = compiled(tmp_path, "JSError = object\n" + INSIDE + (
        "\n# __pragma__ ('ecom')\n"
        "#?console.log(JSON.stringify(sample([1, 2], 'abc', {'k': 1})))\n"
        "# __pragma__ ('noecom')\n"))
    assert native_subset_violations(folder, 'sample.py') == []
    assert place_runtime(folder, 'sample.py') == 'native'
    script = bundle(folder / 'sample.js', tmp_path / 'sample.bundle.js')
    check_no_prototype_patch(script)
    ran = subprocess.run(['node', str(tmp_path / 'sample.bundle.js')], capture_output=True,
                         text=True, check=True)
    namespace = {'JSError': Exception}
    exec(INSIDE, namespace)
    expected = namespace['sample']([1, 2], 'abc', {'k': 1})
    assert json.loads(ran.stdout) == expected


@pytest.mark.parametrize('script', [
    'Array.prototype.append=function(e){this.push(e)};',
    'String.prototype["strip"]=function(){};',
    'Object.defineProperty(Array.prototype,"x",{value:1});',
    '__setproperty__(String.prototype,"format",{});Object.defineProperties(Number.prototype,{})',
])
def test_a_script_that_patches_a_built_in_prototype_is_refused(script):
    with pytest.raises(BuildError, match='prototypes'):
        check_no_prototype_patch(script)


def test_reading_a_prototype_is_not_patching_it():
    check_no_prototype_patch(
        'var s=Array.prototype.slice.call(a),t=x===String.prototype;'
        'Object.prototype.hasOwnProperty.call(o,k)')


def test_the_native_runtime_leaves_no_property_on_built_in_prototypes(parity_bundle):
    count = ("require(process.argv[1]); console.log(['Array', 'String', 'Object', 'Number', "
             "'Function', 'Boolean'].map((n) => Object.keys(globalThis[n].prototype).length)"
             ".reduce((a, b) => a + b))")
    ran = subprocess.run(['node', '-e', count, str(parity_bundle)], capture_output=True,
                         text=True, check=True)
    assert int(ran.stdout) == 0
