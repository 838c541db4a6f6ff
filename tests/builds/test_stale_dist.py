"""Browser tests refuse a dist/ older than its sources: edit a bookmarklet module, skip
`make`, run an end-to-end test, and it fails saying "run make" before any browser starts
(tests/support/builds.py stale_dist, asked by conftest's `dist` and `browser` fixtures)."""

import os
import shutil
import subprocess
import sys

from tests.support.builds import ROOT, stale_dist


def checkout_copy(folder):
    """The checkout's files with the dist/ and build/compiled.json `make` wrote, times kept."""
    listed = subprocess.run(['git', 'ls-files', '-z', '--cached', '--others', '--exclude-standard'],
                            cwd=ROOT, capture_output=True,
                            check=True).stdout.decode().split('\0')
    for name in [name for name in listed if name] + ['build/compiled.json']:
        if (ROOT / name).is_file():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, folder / name)
    shutil.copytree(ROOT / 'dist', folder / 'dist', copy_function=shutil.copy2)
    return folder


def run_tests(folder, *arguments):
    return subprocess.run([sys.executable, '-m', 'pytest', '-p', 'no:cacheprovider', '-q']
                          + list(arguments), cwd=folder, capture_output=True, text=True,
                          env=dict(os.environ, PYTHONDONTWRITEBYTECODE='1'), timeout=120)


def test_the_checkout_s_dist_is_fresh(dist):
    assert stale_dist() is None


def test_an_edited_module_without_make_stops_every_end_to_end_test(tmp_path, dist):
    copy = checkout_copy(tmp_path / 'checkout')
    module = copy / 'bookmarklet' / 'crawl' / 'crawl.py'
    module.write_text(module.read_text(encoding='utf-8') + '\n# edited, not built\n',
                      encoding='utf-8')
    # One test on the dist/ `make` wrote, one that builds its own bookmarklet.
    done = run_tests(copy, 'tests/e2e/test_e2e_basic.py', 'tests/e2e/test_e2e_faults.py', '-k', 'chromium')
    report = done.stdout + done.stderr
    assert done.returncode != 0, report
    assert 'run make' in report and ' passed' not in report, report
    errors = [line for line in report.splitlines() if line.startswith('ERROR ')]
    assert any('test_e2e_basic.py' in line for line in errors) \
        and any('test_e2e_faults.py' in line for line in errors), report
    # Each failed in its setup, none reached a page (conftest's summary counts per engine).
    assert '{} errors in'.format(len(errors)) in report, report
    assert 'chromium  {} failed'.format(len(errors)) in report, report


def test_a_build_step_changed_after_make_stops_them_too(tmp_path, dist):
    copy = checkout_copy(tmp_path / 'checkout')
    later = (copy / 'dist' / 'bookmarklet.url').stat().st_mtime + 10
    os.utime(copy / 'loader' / 'install.html', (later, later))
    done = run_tests(copy, 'tests/e2e/test_e2e_basic.py', '-k', 'chromium', '-x')
    assert 'dist/ is older than loader/install.html: run make' in done.stdout, \
        done.stdout + done.stderr
