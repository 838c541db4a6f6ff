"""The set-up a new user runs: tools/install-packages holds the one list of Debian packages,
make demo, make test and CI run it rather than a copy of the list, and it accepts the node
here; every tool the lockfile pins accepts Debian 12's own node too, the one the script
installs."""

import json
import re
import subprocess

from toolkit import ROOT

SCRIPT = ROOT / 'tools' / 'install-packages'


def listed_packages():
    """The packages the script installs where they are missing."""
    text = SCRIPT.read_text(encoding='utf-8')
    return re.findall(r'^ *need +(\S+) ', text, re.M) + re.findall(r'^ *missing\+=\((\S+)\)$', text, re.M)


def test_the_package_list_lives_in_the_script_alone():
    packages = listed_packages()
    assert len(packages) == len(set(packages)) and {'nodejs', 'npm', 'chromium'} <= set(packages)
    ci = (ROOT / '.ci' / 'run').read_text(encoding='utf-8')
    assert re.search(r'^tools/install-packages$', ci, re.M) and 'apt-get' not in ci
    makefile = (ROOT / 'Makefile').read_text(encoding='utf-8')
    assert re.search(r'^demo:\n\ttools/install-packages demo\n', makefile, re.M)
    assert re.search(r'^test:\n\ttools/install-packages\n', makefile, re.M)
    readme = (ROOT / 'README.md').read_text(encoding='utf-8')
    assert 'apt-get install -y' not in readme and 'libjavascriptcoregtk' not in readme + ci


def test_the_readme_s_set_up_is_the_two_commands_and_it_fits_two_minutes():
    readme = (ROOT / 'README.md').read_text(encoding='utf-8')
    assert re.search(r'^## Set-up.*\n\n```sh\nmake demo\nmake test\n```\n', readme, re.M)
    assert len(readme.splitlines()) <= 120


def test_its_dry_run_accepts_the_node_the_tests_run_with():
    done = subprocess.run([str(SCRIPT), '--dry-run'], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r'^node: \S+ v\d+\.\d+\.\d+, from ', done.stdout, re.M), done.stdout
    assert 'node: new enough for every tool package-lock.json pins\n' in done.stdout


# Debian 12's own nodejs, which the script installs where there is no node: a machine with a
# newer node would pass the check above with a pin that wants more.
DEBIAN_12_NODE = '18.20.4'

# The lockfile's packages whose engine range refuses a node version, weighed as npm weighs
# them: by the semver package the lockfile pins (html-validate's and puppeteer's).
REFUSING = """
const semver = require('semver');
const lock = require('./package-lock.json');
console.log(JSON.stringify(Object.entries(lock.packages)
  .filter(([, p]) => p.engines && p.engines.node &&
          !semver.satisfies(process.argv[1], p.engines.node, {includePrerelease: true}))
  .map(([path, p]) => `${path} ${p.version}: ${p.engines.node}`)));
"""


def test_every_tool_the_lockfile_pins_accepts_debian_12s_own_node():
    done = subprocess.run(['node', '-e', REFUSING, DEBIAN_12_NODE], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []
