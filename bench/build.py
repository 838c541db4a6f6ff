"""How small the outputs are, and how long `make` takes warm and cold."""

import base64
import gzip
import shutil
import subprocess
import time
import zlib

from toolkit.compile import module_sizes
from toolkit.native import NATIVE_RUNTIME
from toolkit.prune import RUNTIME_MODULE
from bench.common import ROOT, median

FIREFOX_LIMIT = 65536
SIZE_TARGET = 32768
LOADER_TARGET = 500


def sizes():
    """{script, url, gzip, loader, runtime, runtime_kind, runtime_share, modules,
    compressed_payload} in characters/bytes, of the build `make` made."""
    dist = ROOT / 'dist'
    script = (dist / 'sitemap.js').read_text(encoding='utf-8').strip()
    url = (dist / 'bookmarklet.url').read_text(encoding='utf-8').strip()
    loader = dist / 'loader.url'
    # Where the bytes come from: esbuild's metafile, written beside the build's bundle.
    modules = module_sizes(ROOT / 'build' / 'bundle.meta.json')
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
    """{warm, cold}: seconds for `make` with everything set up, and on a fresh clone."""
    warm = median([timed(['make'], ROOT) for _ in range(runs)])
    cold_seconds = None
    if cold:
        clone = work / 'clone'
        if clone.exists():
            shutil.rmtree(clone)
        started = time.monotonic()
        subprocess.run(['git', 'clone', '--quiet', str(ROOT), str(clone)], check=True)
        subprocess.run(['make'], cwd=clone, check=True, capture_output=True, text=True)
        cold_seconds = time.monotonic() - started
    return {'warm': warm, 'cold': cold_seconds}
