"""One script from one staged entry: transpiled, given its runtime, bundled, measured.

The bookmarklet and the parity test build are both made here, the same way;
the bookmarklet's compiled parts are kept under the digest of their inputs.
"""

import hashlib
import json

from bookmarklet.settings import SETTINGS as DEFAULTS
from toolkit import ROOT
from toolkit.bundle import GATE_ENTRY, GATE_SOURCE, OWN_PROPERTIES, bundle, gated, readable_bundle, \
    readable_modules, stage_sources, transpile
from toolkit.literal import BOOKMARKLET_NAME, marked
from toolkit.loader import minified_loader
from toolkit.native import check_no_prototype_patch, place_runtime
from toolkit.release import project_version
from toolkit.rewrite import rewrite_modules


def compile_script(entry, entry_name, staging, transcrypt_dir, out, bookmarklet_out=None,
                   readable_out=None):
    """The minified script of a staged entry module: {script, runtime, modules}.

    Transpiled into transcrypt_dir, given its runtime (place_runtime: 'native'
    or 'transcrypt'), bundled into out, with esbuild's metafile beside it, from
    which modules gives the bytes each module adds to the script. The
    bookmarklet and the parity test build are both made here. With bookmarklet_out, a
    second bundle there, the self-contained bookmarklet's (BOOKMARKLET_NAME true): its
    script is bookmarklet, and modules are its own, the bytes the budget counts. With
    readable_out, the same script as script unminified there, for reading (readable), from
    a copy of the modules in the folder of that name without its suffix.
    """
    module = transpile(entry, staging, transcrypt_dir)
    runtime = place_runtime(module.parent, entry_name)
    readable = None
    if readable_out is not None:
        copy = readable_modules(module.parent, readable_out.with_suffix(''))
        readable = readable_bundle(copy / module.name, readable_out, [[BOOKMARKLET_NAME, 'false']])
        (copy / GATE_ENTRY).write_text(GATE_SOURCE, encoding='utf-8')
        readable = gated(readable_bundle(copy / GATE_ENTRY, readable_out.with_name('gate.js')),
                         readable)
    if runtime == 'native':
        rewrite_modules(module.parent, OWN_PROPERTIES)
    metafile = out.with_suffix('.meta.json')
    script = bundle(module, out, metafile, [[BOOKMARKLET_NAME, 'false']])
    compiled = {'script': script, 'runtime': runtime, 'modules': module_sizes(metafile)}
    if bookmarklet_out is not None:
        metafile = bookmarklet_out.with_suffix('.meta.json')
        compiled['bookmarklet'] = bundle(module, bookmarklet_out, metafile,
                                         [[BOOKMARKLET_NAME, 'true']])
        compiled['modules'] = module_sizes(metafile)
    if readable is not None:
        compiled['readable'] = readable
    if runtime == 'native':
        for name in ['script', 'bookmarklet', 'readable']:
            if name in compiled:
                check_no_prototype_patch(compiled[name])
    return compiled


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


# What the compiled bookmarklet and loader are made from: the Python (its sub-packages too)
# and the styles, the loader's template, the build steps, and the pinned versions of
# Transcrypt and esbuild.
COMPILE_INPUTS = ['bookmarklet/**/*', 'loader/loader.js', 'toolkit/bundle.py', 'toolkit/compile.py',
                  'toolkit/literal.py', 'toolkit/loader.py', 'toolkit/native.py',
                  'toolkit/prune.py', 'toolkit/rewrite.py', 'toolkit/subset.py', 'toolkit/tokens.py',
                  'package-lock.json', 'requirements.txt']


def inputs_digest(root=ROOT):
    """SHA-256 over the names and bytes of the compile's inputs in root, in a fixed order;
    not over Python's bytecode caches, which change when no source has."""
    digest = hashlib.sha256()
    for pattern in COMPILE_INPUTS:
        for path in sorted(root.glob(pattern)):
            if path.is_file() and '__pycache__' not in path.relative_to(root).parts:
                digest.update(path.relative_to(root).as_posix().encode() + b'\0')
                digest.update(path.read_bytes() + b'\0')
    return digest.hexdigest()


def compiled_bookmarklet(build_dir):
    """The compiled parts any settings are written into: {inputs, script (carrying the
    default settings' literal; sitemap.js), bookmarklet (the same without the offer and
    without reading a loader's settings), userscript (the same as script, readable: not
    minified, its literal written in lines), loader (minified, with blanks), runtime,
    modules (the bookmarklet's), version (pyproject.toml's, read at each build)}.

    Compiling takes Transcrypt, node and esbuild, and seconds; the parts are
    kept in build_dir/compiled.json under the digest of their inputs, so a build
    with other settings only writes them into the parts kept.
    """
    kept = build_dir / 'compiled.json'
    digest = inputs_digest()
    if kept.exists():
        parts = json.loads(kept.read_text(encoding='utf-8'))
        if parts['inputs'] == digest:
            return dict(parts, version=project_version())
    entry = stage_sources(build_dir / 'src')
    compiled = compile_script(entry, 'bookmarklet/main.py', build_dir / 'src',
                              build_dir / 'transcrypt', build_dir / 'bundle.js',
                              build_dir / 'bookmarklet.js', build_dir / 'readable.js')
    parts = {'inputs': digest, 'script': marked(compiled['script'], DEFAULTS, False),
             'bookmarklet': marked(compiled['bookmarklet'], DEFAULTS, True),
             'userscript': marked(compiled['readable'], DEFAULTS, False, lines=True),
             'loader': minified_loader(build_dir), 'runtime': compiled['runtime'],
             'modules': compiled['modules']}
    kept.write_text(json.dumps(parts, indent=1, sort_keys=True) + '\n', encoding='utf-8')
    return dict(parts, version=project_version())
