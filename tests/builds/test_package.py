"""pip install of a wheel built from the checkout: the autoindex-sitemap command writes
the dist/ generator.py writes for the same settings, with no node, Transcrypt or checkout;
the wheel carries the licence and the release's version."""

import subprocess
import zipfile

import pytest

from toolkit import ROOT
from toolkit.release import project_version
from tests.support.builds import build, installed_command

SETTINGS = ['--page-size', '20', '--page-sizes', '20,50', '--title', 'Fichiers 100%',
            '--max-concurrent-requests', '2']


def run(command, **options):
    done = subprocess.run(command, capture_output=True, text=True, **options)
    assert done.returncode == 0, done.stdout + done.stderr
    return done


@pytest.mark.slow
def test_the_installed_command_writes_what_generator_writes(tmp_path):
    bin_folder = installed_command(tmp_path)
    work = tmp_path / 'work'
    work.mkdir()
    # No node on the PATH and no checkout in reach: the command must not need them.
    done = run([str(bin_folder / 'autoindex-sitemap')] + SETTINGS, cwd=work,
               env={'PATH': str(bin_folder)})
    assert 'configure it further: file://' in done.stdout
    expected = build(tmp_path / 'generator', *SETTINGS)
    names = sorted(path.name for path in expected.iterdir())
    assert sorted(path.name for path in (work / 'dist').iterdir()) == names
    for name in names:
        assert (work / 'dist' / name).read_bytes() == (expected / name).read_bytes(), name

    [wheel] = (tmp_path / 'wheels').glob('*.whl')
    assert wheel.name.startswith('autoindex_sitemap-{}-'.format(project_version()))
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        info = next(name.rsplit('/', 1)[0] for name in names if name.endswith('.dist-info/METADATA'))
        assert archive.read(info + '/licenses/LICENSE') == (ROOT / 'LICENSE').read_bytes()
        assert 'License-Expression: MIT' in archive.read(info + '/METADATA').decode()

    refused = subprocess.run([str(bin_folder / 'autoindex-sitemap'), '--page-size', '0'],
                             cwd=work, capture_output=True, text=True)
    assert refused.returncode == 2
    assert 'autoindex-sitemap: error: argument --page-size: 0 is outside 1..1000' in refused.stderr
