"""How small the outputs are, and how long `make` takes warm and cold."""

import base64
import gzip
import json
import shutil
import subprocess
import time
import zlib

from toolkit.bundle import bundle
from toolkit.prune import RUNTIME_MODULE
from bench.common import ROOT, median

FIREFOX_LIMIT = 65536
SIZE_TARGET = 32768
LOADER_TARGET = 500


def sizes(work):
    """{script, url, gzip, loader, runtime, runtime_share, compressed_url} in characters/bytes."""
    dist = ROOT / 'dist'
    script = (dist / 'sitemap.js').read_text(encoding='utf-8').strip()
    url = (dist / 'bookmarklet.url').read_text(encoding='utf-8').strip()
    loader = dist / 'loader.url'
    # Where the bytes come from: the same bundle again, with esbuild's metafile.
    metafile = work / 'meta.json'
    bundle(ROOT / 'build' / 'transcrypt' / 'main.js', work / 'bundle.js', metafile)
    inputs = json.loads(metafile.read_text())['outputs']
    modules = {}
    for output in inputs.values():
        for name, facts in output['inputs'].items():
            modules[name.split('/')[-1]] = facts['bytesInOutput']
    runtime = modules.get(RUNTIME_MODULE, 0)
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = deflate.compress(script.encode()) + deflate.flush()
    return {
        'script': len(script),
        'url': len(url),
        'gzip': len(gzip.compress(script.encode(), 9)),
        'loader': len(loader.read_text(encoding='utf-8').strip()) if loader.exists() else None,
        'runtime': runtime,
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
