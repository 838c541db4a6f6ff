"""`make demo` as a user runs it: it serves, the loader works there, Ctrl-C stops it cleanly."""

import queue
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from nginx.server import free_port, stop_process
from tests.support.builds import ROOT


def demo_folders():
    return set(Path(tempfile.gettempdir()).glob('autoindex-sitemap-demo-*'))


def read_until(process, marker, timeout=20):
    """The demo's output up to the line holding marker (read by a thread, so a
    silent demo fails the test instead of hanging it)."""
    lines = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in process.stdout],
                     daemon=True).start()
    seen = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            seen.append(lines.get(timeout=0.2))
        except queue.Empty:
            continue
        if marker in seen[-1]:
            return ''.join(seen), lines
    raise AssertionError('the demo did not print {!r}: {}'.format(marker, ''.join(seen)))


def listening(port):
    try:
        socket.create_connection(('127.0.0.1', port), timeout=0.5).close()
        return True
    except OSError:
        return False


def test_the_demo_serves_until_ctrl_c(page, dist):
    before = demo_folders()
    port = free_port()
    process = subprocess.Popen([sys.executable, '-m', 'nginx.demo', '--port', str(port)],
                               cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    try:
        output, rest = read_until(process, 'Ctrl-C')
        install = 'http://127.0.0.1:{}/.autoindex-sitemap/install.html'.format(port)
        assert install in output and 'http://127.0.0.1:{}/\n'.format(port) in output
        with urllib.request.urlopen(install, timeout=10) as response:
            assert response.read() == (dist / 'install.html').read_bytes()

        loader = (dist / 'loader.url').read_text(encoding='utf-8').strip()
        overlay = page.open_sitemap('http://127.0.0.1:{}/'.format(port), loader)
        assert len(overlay['rows']) == 10 and int(overlay['pager']['pages']) >= 3
        assert overlay['status']['state'] == 'done'
        assert sum(len(row['children']) for row in overlay['rows']) > 10
        assert len({row['mtime'][:10] for row in overlay['rows']}) > 3, 'mtimes spread out'

        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=15) == 0
        time.sleep(0.2)
        assert 'Stopped' in ''.join(rest.queue)
    finally:
        stop_process(process, 15)  # after a failed check: the demo stops its nginx itself
    assert not listening(port), 'nginx stopped with the demo'
    assert demo_folders() <= before, 'its temporary folder is gone'


def test_the_demo_says_when_the_port_is_taken(dist):
    with socket.socket() as taken:
        taken.bind(('127.0.0.1', 0))
        taken.listen(1)
        done = subprocess.run([sys.executable, '-m', 'nginx.demo',
                               '--port', str(taken.getsockname()[1])],
                              cwd=ROOT, capture_output=True, text=True, timeout=30)
    assert done.returncode == 1 and 'Address already in use' in done.stderr
