"""The npm package a release publishes, packed by npm pack from a build's dist/.

    .venv/bin/python -m toolkit.package DIST OUT

It holds what a browser loads (sitemap.js, the userscript, the install page) with README,
LICENSE and CHANGELOG, and a package.json naming nothing else: no dependencies, no scripts.
A CDN that serves npm packages by exact version (jsDelivr: /npm/NAME@VERSION/FILE) then
serves sitemap.js to the loader a build with --cdn-package makes. `make dist` writes it
beside the wheel; docs/releasing.md says how a maintainer publishes it.
"""

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from toolkit import ROOT
from toolkit.errors import BuildError
from toolkit.release import INSTALL_PAGE_NAME, SCRIPT_NAME, USERSCRIPT_NAME, license_header, \
    project

# From dist/: what a browser loads. From the checkout: what npm shows and a reader cites.
BUILT_FILES = [SCRIPT_NAME, USERSCRIPT_NAME, INSTALL_PAGE_NAME]
CHECKOUT_FILES = ['README.md', 'LICENSE', 'CHANGELOG.md']


def package_json():
    """The package's manifest: pyproject.toml's name, version, description and licence, and
    its whole content named (npm adds a README and LICENSE by itself, a CHANGELOG no more)."""
    about = project()
    return {'name': about['name'], 'version': about['version'],
            'description': about['description'], 'license': about['license'],
            'files': BUILT_FILES + CHECKOUT_FILES}


def pack(dist, out):
    """Pack dist/'s files into OUT/NAME-VERSION.tgz with npm pack, from a folder staged with
    them alone; returns its path. Refuses a dist/ another version built: the package's
    version must be the one its sitemap.js says."""
    manifest = package_json()
    script = (Path(dist) / SCRIPT_NAME).read_text(encoding='utf-8')
    if not script.startswith(license_header(manifest['version'])):
        raise BuildError('{} is not the build of version {}: run make, then pack'.format(
            Path(dist) / SCRIPT_NAME, manifest['version']))
    with tempfile.TemporaryDirectory() as staging:
        for name in BUILT_FILES:
            shutil.copyfile(Path(dist) / name, Path(staging) / name)
        for name in CHECKOUT_FILES:
            shutil.copyfile(ROOT / name, Path(staging) / name)
        (Path(staging) / 'package.json').write_text(json.dumps(manifest, indent=2) + '\n',
                                                    encoding='utf-8')
        Path(out).mkdir(parents=True, exist_ok=True)
        done = subprocess.run(['npm', 'pack', '--json', '--ignore-scripts', '--pack-destination',
                               str(Path(out).resolve())], cwd=staging, capture_output=True,
                              text=True)
        if done.returncode != 0:
            raise BuildError('npm pack failed: ' + done.stderr.strip())
        return Path(out) / json.loads(done.stdout)[0]['filename']


def main(argv):
    try:
        print('wrote ' + str(pack(*argv)))
    except BuildError as error:
        print('toolkit.package: ' + str(error), file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
