"""How small the outputs are, and how long `make` takes warm and cold."""

import base64
import gzip
import json
import shutil
import subprocess
import sys
import time
import zlib

from toolkit.native import NATIVE_RUNTIME
from toolkit.prune import RUNTIME_MODULE
from toolkit.release import USERSCRIPT_NAME
from bench.common import ROOT, median
from tests.support.builds import installed_command

FIREFOX_LIMIT = 65536
LOADER_TARGET = 500


def sizes():
    """{script, url, gzip, loader, userscript, runtime, runtime_kind, runtime_share, modules,
    compressed_payload} in characters/bytes, of the build `make` made."""
    dist = ROOT / 'dist'
    script = (dist / 'sitemap.js').read_text(encoding='utf-8').strip()
    url = (dist / 'bookmarklet.url').read_text(encoding='utf-8').strip()
    loader = dist / 'loader.url'
    userscript = dist / USERSCRIPT_NAME
    # Where the bytes come from: esbuild's metafile, written beside the build's bundle.
    modules = json.loads((ROOT / 'build' / 'compiled.json').read_text(encoding='utf-8'))['modules']
    runtime = modules.get(RUNTIME_MODULE, 0)
    placed = ROOT / 'build' / 'transcrypt' / RUNTIME_MODULE
    native = placed.read_bytes() == NATIVE_RUNTIME.read_bytes()
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = deflate.compress(script.encode()) + deflate.flush()
    return {
        'script': len(script),
        'url': len(url),
        'gzip': len(gzip.compress(script.encode(), 9)),
        'loader': len(loader.read_text(encoding='utf-8').strip()) if loader.exists() else None,
        'userscript': len(userscript.read_bytes()) if userscript.exists() else None,
        'runtime': runtime,
        'runtime_kind': 'the native runtime' if native else "Transcrypt's runtime (pruned)",
        'runtime_share': runtime / sum(modules.values()),
        'modules': modules,
        # What a self-extracting URL would carry: deflate, base64, plus a small stub.
        'compressed_payload': len(base64.b64encode(packed)),
    }


def timed(command, cwd):
    started = time.monotonic()
    subprocess.run(command, cwd=cwd, check=True, capture_output=True, text=True)
    return time.monotonic() - started


def build_times(work, runs, cold):
    """{warm, compiling, cold}: seconds for `make` with everything set up and compiled, for
    generator.py compiling into a fresh build folder (as after a change to the Python), and
    for `make` on a fresh clone."""
    warm = median([timed(['make'], ROOT) for _ in range(runs)])
    compiling = median([timed([sys.executable, str(ROOT / 'generator.py'), '--out',
                               str(work / 'compiled' / 'dist'), '--build-dir',
                               str(work / 'compiled' / 'build{}'.format(run))], ROOT)
                        for run in range(runs)])
    cold_seconds = None
    if cold:
        clone = work / 'clone'
        if clone.exists():
            shutil.rmtree(clone)
        started = time.monotonic()
        subprocess.run(['git', 'clone', '--quiet', str(ROOT), str(clone)], check=True)
        subprocess.run(['make'], cwd=clone, check=True, capture_output=True, text=True)
        cold_seconds = time.monotonic() - started
    return {'warm': warm, 'compiling': compiling, 'cold': cold_seconds}


# Rebuilding with other settings: no compiler may run, and it must take under 0.3 s.
OTHER_SETTINGS = ['--page-size', '20', '--page-sizes', '20,50', '--title', 'Files',
                  '--max-concurrent-requests', '2']
REBUILD_TARGET = 0.3

# Run in a process of its own: counts every process started (subprocess.Popen is how
# the build starts Transcrypt, node and esbuild), then times main(argv) `runs` times.
REBUILD = """
import contextlib, io, json, subprocess, sys, time
started = []
popen = subprocess.Popen.__init__
def counted(self, args, *rest, **options):
    started.append(str(args[0]) if isinstance(args, list) else str(args))
    popen(self, args, *rest, **options)
subprocess.Popen.__init__ = counted
sys.path.insert(0, {root!r})
from {module} import main
seconds = []
for _ in range({runs}):
    begun = time.monotonic()
    with contextlib.redirect_stdout(io.StringIO()):
        assert main({argv!r}) == 0
    seconds.append(time.monotonic() - begun)
print(json.dumps({{'seconds': seconds, 'processes': started}}))
"""


def rebuild(python, module, argv, cwd, runs):
    """{seconds, processes}: the median of runs rebuilds by module's main(argv) in one
    Python process, and the processes they started."""
    done = subprocess.run([str(python), '-c', REBUILD.format(
        root=str(ROOT) if module == 'generator' else '', module=module, argv=argv,
        runs=runs)], cwd=cwd, check=True, capture_output=True, text=True)
    found = json.loads(done.stdout.strip().splitlines()[-1])
    return {'seconds': median(found['seconds']), 'processes': found['processes']}


def rebuild_times(work, runs):
    """Rebuilding with OTHER_SETTINGS once `make` has compiled: generator.py and the
    installed command, each in-process (the build alone) and as a whole process."""
    out = work / 'other'
    generator = rebuild(sys.executable, 'generator', OTHER_SETTINGS + [
        '--out', str(out / 'generator'), '--build-dir', str(ROOT / 'build')], work, runs)
    bin_folder = installed_command(work / 'package')
    command = rebuild(bin_folder / 'python', 'toolkit.command',
                      OTHER_SETTINGS + ['--out', str(out / 'command')], work, runs)
    generator['process'] = median([timed([sys.executable, str(ROOT / 'generator.py')] +
                                         OTHER_SETTINGS + ['--out', str(out / 'g')], work)
                                   for _ in range(runs)])
    command['process'] = median([timed([str(bin_folder / 'autoindex-sitemap')] +
                                       OTHER_SETTINGS + ['--out', str(out / 'c')], work)
                                 for _ in range(runs)])
    return {'generator.py': generator, 'autoindex-sitemap (installed)': command}
