"""What each build step saves: the bookmarklet built with that step alone left out.

`make bench` writes the table into docs/benchmarks.md, so the figures are always today's
build's; a step that saves nothing (or costs) shows so, and can go.
"""

import concurrent.futures
import os
import shutil

from bookmarklet.settings import SETTINGS as DEFAULTS
from toolkit.bundle import BUNDLE_STEPS, OWN_PROPERTIES, bundle, stage_sources, transpile
from toolkit.javascript_url import bookmarklet_url
from toolkit.literal import BOOKMARKLET_NAME, marked
from toolkit.native import place_runtime
from toolkit.rewrite import REWRITES, SHARED, rewrite_modules

# Every step, in the order the build takes them: the rewrites of toolkit/rewrite.py, the
# values they share, then the bundler's.
STEPS = list(REWRITES) + list(SHARED) + BUNDLE_STEPS


def bookmarklet_length(transpiled, work, left_out=()):
    """The length of dist/bookmarklet.url (default settings) built from a copy of the
    transpiled modules in work, without the steps left_out."""
    if work.exists():
        shutil.rmtree(work)
    shutil.copytree(transpiled, work)
    rewrite_modules(work, OWN_PROPERTIES, [step for step in STEPS if step not in left_out
                                           and step not in BUNDLE_STEPS])
    script = bundle(work / 'main.js', work / 'bookmarklet.js', None,
                    [[BOOKMARKLET_NAME, 'true']], left_out)
    return len(bookmarklet_url(marked(script, DEFAULTS, True)))


def step_savings(build_dir, steps=STEPS):
    """{'built': length of the bookmarklet with every step, 'saves': {step: characters it
    saves}}, each step measured by leaving it alone out; build_dir holds the work."""
    entry = stage_sources(build_dir / 'src')
    transpiled = build_dir / 'transcrypt'
    transpile(entry, build_dir / 'src', transpiled)
    place_runtime(transpiled, 'bookmarklet/main.py')
    # Each build in a folder of its own, as many at once as the machine has cores: each is
    # seconds of node's work, one core's.
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        lengths = list(pool.map(lambda left_out: bookmarklet_length(
            transpiled, build_dir / 'work-{}'.format(len(left_out) and left_out[0]), left_out),
            [[]] + [[step] for step in steps]))
    return {'built': lengths[0], 'saves': {step: length - lengths[0]
                                           for step, length in zip(steps, lengths[1:])}}


# What each step does, for the table: the rewrites' (toolkit/rewrite.py) and the bundler's
# (toolkit/bundle.py). A step missing here fails the table's test.
DESCRIPTIONS = {
    'unwrapped_dicts': 'no `dict (...)` around dict literals',
    'concatenated_numbers': 'no `str (...)` around a number `+` joins to a string literal',
    'catch_everything': '`except JSError` without its `isinstance` test',
    'without_causes': 'no `__cause__` set before a raise',
    'inlined_helpers': 'portable\'s `new_object ()` as `{}`, `started (x)` as `x`',
    'object_literals': 'a state object set field by field as one object literal',
    'methods_as_functions': 'browser methods called often as functions, `Math.floor` by a name',
    'shared_strings': 'strings written often shared by a module of bindings',
    'shared_properties': 'property names esbuild keeps, written often, shared as computed '
                         'members, `x[k]`',
    'shared_null': 'null shared as a binding',
    'packed_strings': 'the shared strings as one literal split into their bindings',
    'own_properties': 'our own (snake_case) attribute names shortened by esbuild '
                      '(`--mangle-props`)',
    'terser': 'terser\'s pass, two passes (`TERSER_COMPRESS`)',
    'unsafe_arrows': 'of which its `unsafe_arrows`: each `function` an arrow function',
    'uglify_js': 'uglify-js\'s last pass: seven passes, one `var` per function, short names '
                 '(`COMPRESS`)',
    'locals_as_parameters': 'a function\'s own variables as its parameters where every call '
                            'of it is known, then uglify-js again (`LOCALS_AS_PARAMETERS`)',
}


def savings_rows(measured):
    """[step, characters it saves] rows of the table, from step_savings's result: every
    step, in the build's order."""
    return [['{} (`{}`)'.format(DESCRIPTIONS[step], step), '{:,}'.format(saves)]
            for step, saves in measured['saves'].items()]


# The heading of the table of bytes per module in docs/benchmarks.md, which `make bench`
# writes: the record a size test compares today's modules with.
MODULE_TABLE = "Where the script's bytes come from"


def recorded_module_sizes(report):
    """{module file: bytes} of the module table in the text of docs/benchmarks.md."""
    sizes = {}
    lines = report.splitlines()
    starts = [at for at, line in enumerate(lines) if line.startswith(MODULE_TABLE)]
    for line in lines[starts[0] + 1:] if starts else []:
        cells = [cell.strip() for cell in line.strip().strip('|').split('|')]
        if line.startswith('#'):
            break
        if len(cells) == 2 and cells[1].replace(',', '').isdigit():
            sizes[cells[0]] = int(cells[1].replace(',', ''))
    return sizes


def grown_most(modules, recorded):
    """The module that grew most from recorded to modules ({module file: bytes}), as
    'name +N bytes (before -> now)'; None when none grew."""
    growth = {name: size - recorded.get(name, 0) for name, size in modules.items()}
    name = max(sorted(growth), key=lambda name: growth[name], default=None)
    if name is None or growth[name] <= 0:
        return None
    return '{} +{:,} bytes ({:,} -> {:,})'.format(name, growth[name], recorded.get(name, 0),
                                                 modules[name])
