"""One script from one staged entry: transpiled, given its runtime, bundled, measured.

The bookmarklet and the parity test build are both made here, the same way.
"""

import json

from toolkit.bundle import bundle, check_own_words, transpile
from toolkit.native import check_no_prototype_patch, place_runtime
from toolkit.rewrite import rewrite_modules


def compile_script(entry, entry_name, staging, transcrypt_dir, out):
    """The minified script of a staged entry module: {script, runtime, modules}.

    Transpiled into transcrypt_dir, given its runtime (place_runtime: 'native'
    or 'transcrypt'), bundled into out, with esbuild's metafile beside it, from
    which modules gives the bytes each module adds to the script. The
    bookmarklet and the parity test build are both made here.
    """
    module = transpile(entry, staging, transcrypt_dir)
    runtime = place_runtime(module.parent, entry_name)
    if runtime == 'native':
        rewrite_modules(module.parent)
    check_own_words(module.parent)
    metafile = out.with_suffix('.meta.json')
    script = bundle(module, out, metafile)
    if runtime == 'native':
        check_no_prototype_patch(script)
    return {'script': script, 'runtime': runtime, 'modules': module_sizes(metafile)}


def module_sizes(metafile):
    """{module file name: bytes it adds to the script}, from esbuild's metafile."""
    sizes = {}
    for output in json.loads(metafile.read_text(encoding='utf-8'))['outputs'].values():
        for name, facts in output['inputs'].items():
            sizes[name.split('/')[-1]] = facts['bytesInOutput']
    return sizes


def module_table(sizes, runtime):
    """The printed table: each module's bytes in the script, largest first."""
    width = max(len(name) for name in sizes)
    lines = ['bytes per module ({} runtime)'.format(runtime)]
    for name in sorted(sizes, key=lambda name: [-sizes[name], name]):
        lines.append('  {:<{w}}  {:>7,}'.format(name, sizes[name], w=width))
    return '\n'.join(lines)
