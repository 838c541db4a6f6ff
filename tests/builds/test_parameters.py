"""The bundler's last step: a function's own variables as its parameters
(toolkit/parameters.js), only where every call of it is known."""

import subprocess

from toolkit.bundle import LOCALS_AS_PARAMETERS


def rewritten(script):
    return subprocess.run(['node', str(LOCALS_AS_PARAMETERS)], input=script, text=True,
                          capture_output=True, check=True).stdout


def run(script):
    return subprocess.run(['node', '-e', 'console.log(JSON.stringify(' + script.rstrip(';') + '))'],
                          text=True, capture_output=True, check=True).stdout


# f is only ever called by its name with its one argument: its variables may be parameters.
# g is passed to map, which calls it with three (the value, the index, the array): its
# variables must stay variables, or the index would start as its counter. h is called with
# more arguments than it declares, and k reads `arguments`.
SCRIPT = """(() => {
var f = function (x) { var n, i; n = 0; for (var e of x) { n += e; } return n; };
var g = function (x) { var t; t = t === undefined ? 10 : t; return x + t; };
function h(x) { var y; return [x, y]; }
var k = function (x) { var z; return [arguments.length, z]; };
return [f([1, 2, 3]), [1, 2].map(g), h(1, 2), k(1, 2)];
})()"""


def test_only_a_function_called_by_its_name_with_its_arguments_takes_its_variables_as_parameters():
    script = rewritten(SCRIPT)
    assert 'function(x,n,i,e)' in script.replace(' ', '')
    assert script.count('var') == 6  # f, g and k bound; g's t, h's y and k's z kept
    assert run(script) == run(SCRIPT) == '[6,[11,12],[1,null],[2,null]]\n'
