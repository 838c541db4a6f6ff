"""A release a user can cite: one version, the MIT licence where it is looked for, a
changelog, and the userscript and the servers' element built from the same script."""

import base64
import hashlib
import json
import re
import subprocess

import pytest

from toolkit import ROOT
from toolkit.errors import BuildError
from toolkit.literal import OFFER_MARKS, OWN_SCRIPT_SOURCE, SETTINGS_START, offering, settings_in
from toolkit.release import APACHE_OFFER_NAME, OFFER_ELEMENT_NAME, USERSCRIPT_NAME, \
    license_header, project_version
from tests.support.builds import build, unpacked_package

VERSION = project_version()
HEADER = license_header(VERSION)


def test_one_version_and_the_changelog_says_what_it_changed():
    assert re.fullmatch(r'\d+\.\d+\.\d+', VERSION)
    changelog = (ROOT / 'CHANGELOG.md').read_text(encoding='utf-8')
    assert '\n## {} ('.format(VERSION) in changelog
    # No second version to forget: package.json and its lockfile name the build tools only.
    assert 'version' not in json.loads((ROOT / 'package.json').read_text(encoding='utf-8'))
    lock = json.loads((ROOT / 'package-lock.json').read_text(encoding='utf-8'))
    assert 'version' not in lock and 'version' not in lock['packages']['']


def test_the_licence_is_mit_everywhere_it_is_looked_for():
    assert (ROOT / 'LICENSE').read_text(encoding='utf-8').startswith('MIT License\n')
    pyproject = (ROOT / 'pyproject.toml').read_text(encoding='utf-8')
    assert 'license = "MIT"' in pyproject and 'license-files = ["LICENSE"]' in pyproject
    readme = (ROOT / 'README.md').read_text(encoding='utf-8')
    assert '## Licence' in readme and '[MIT License](LICENSE)' in readme


def test_the_npm_package_holds_what_a_browser_loads_at_the_release_s_version(dist, tmp_path):
    package = unpacked_package(dist, tmp_path)
    assert package['tgz'].name == 'autoindex-sitemap-{}.tgz'.format(VERSION)
    assert sorted(path.name for path in package['files'].iterdir()) == [
        'CHANGELOG.md', 'LICENSE', 'README.md', USERSCRIPT_NAME, 'install.html', 'package.json',
        'sitemap.js']
    manifest = json.loads((package['files'] / 'package.json').read_text(encoding='utf-8'))
    assert (manifest['name'], manifest['version'], manifest['license']) == \
        ('autoindex-sitemap', VERSION, 'MIT')
    assert not {'dependencies', 'devDependencies', 'scripts', 'private'} & set(manifest), \
        'nothing to install with it, nothing run when it is'
    for name in ['sitemap.js', USERSCRIPT_NAME, 'install.html']:
        assert (package['files'] / name).read_bytes() == (dist / name).read_bytes(), name
    for name in ['CHANGELOG.md', 'LICENSE', 'README.md']:
        assert (package['files'] / name).read_bytes() == (ROOT / name).read_bytes(), name


def test_a_build_of_another_version_is_not_packed(dist, tmp_path):
    from toolkit.package import pack
    older = tmp_path / 'dist'
    older.mkdir()
    for name in ['sitemap.js', USERSCRIPT_NAME, 'install.html']:
        text = (dist / name).read_text(encoding='utf-8')
        (older / name).write_text(text.replace(HEADER, license_header('0.0.1')), encoding='utf-8')
    with pytest.raises(BuildError) as refused:
        pack(older, tmp_path / 'out')
    assert 'is not the build of version ' + VERSION in str(refused.value)
    assert not (tmp_path / 'out').exists()


def test_the_hosted_script_and_the_userscript_carry_the_version_and_licence(dist):
    hosted = (dist / 'sitemap.js').read_text(encoding='utf-8')
    userscript = (dist / USERSCRIPT_NAME).read_text(encoding='utf-8')
    assert hosted.startswith(HEADER + '\n')
    assert '\n// @version      {}\n'.format(VERSION) in userscript
    assert '\n// ==/UserScript==\n' + HEADER + '\n' in userscript
    page = (dist / 'install.html').read_text(encoding='utf-8')
    assert '<span data-version>{}</span>'.format(VERSION) in page
    # The bookmarklet carries no comment: every character of it counts.
    assert '@license' not in (dist / 'bookmarklet.url').read_text(encoding='utf-8')


@pytest.mark.parametrize('name', ['sitemap.js', USERSCRIPT_NAME])
@pytest.mark.parametrize('minifier', [
    ['esbuild', '--minify', '--log-level=warning'],
    ['uglifyjs', '--compress', '--mangle', '--comments']], ids=['esbuild', 'uglify-js'])
def test_a_minifier_keeps_the_licence_header(dist, tmp_path, name, minifier):
    source = tmp_path / 'script.js'
    source.write_text((dist / name).read_text(encoding='utf-8'), encoding='utf-8')
    done = subprocess.run([str(ROOT / 'node_modules' / '.bin' / minifier[0]), str(source)]
                          + minifier[1:], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert HEADER in done.stdout


def test_the_userscript_is_the_script_made_to_offer(dist):
    hosted = (dist / 'sitemap.js').read_text(encoding='utf-8')
    userscript = (dist / USERSCRIPT_NAME).read_text(encoding='utf-8')
    head, script = userscript.split(HEADER + '\n')
    assert head.startswith('// ==UserScript==\n')
    for field in ['@name         autoindex-sitemap', '@namespace    autoindex-sitemap',
                  '@match        http://*/*', '@match        https://*/*', '@inject-into  content',
                  '@sandbox      DOM',
                  '@run-at       document-idle', '@noframes', '@license      MIT']:
        assert '\n// {}\n'.format(field) in head
    assert '@grant' not in head, 'Tampermonkey runs a script of @grant none in the page'
    # The default script URL is a path: no build knows the origin, so no address at all.
    for field in ['@downloadURL', '@updateURL', '@homepageURL', '@supportURL']:
        assert field not in head
    code = hosted[len(HEADER) + 1:]
    # The same script, readable (tests/builds/test_readable.py), with the same settings, which
    # offers, and reads nothing from the page: no script element of its own gives settings
    # to a userscript.
    assert settings_in(script) == settings_in(code)
    assert script.startswith('(() => {\n  "use strict";\n') and script.endswith('\n})();\n')
    assert script.count(OFFER_MARKS[True]) == 1 and OFFER_MARKS[False] not in script
    assert OWN_SCRIPT_SOURCE not in script and 'chosen_settings(' + SETTINGS_START in script
    assert code.count(OFFER_MARKS[False]) == 1 and OFFER_MARKS[True] not in code
    # The bookmarklet never offers, and carries none of the offer: no mark, no key.
    bookmarklet = (dist / 'bookmarklet.url').read_text(encoding='utf-8')
    for offered in [OFFER_MARKS[False], OFFER_MARKS[True], 'Alt+Shift+M']:
        assert offered not in bookmarklet and (offered in hosted) == (offered != OFFER_MARKS[True])


def test_offering_turns_the_mark_outside_the_settings_literal_only():
    script = '(()=>{a(' + SETTINGS_START + '{"title":"/*offer*/!1"}/*/settings*/);b(' + \
        OFFER_MARKS[False] + ')})();'
    offered = offering(script)
    assert offered.endswith('b(' + OFFER_MARKS[True] + ')})();')
    assert settings_in(offered) == {'title': OFFER_MARKS[False]}
    with pytest.raises(BuildError):
        offering(offered)


def test_a_userscript_hosted_at_a_url_says_where_it_updates_from(tmp_path):
    built = build(tmp_path, '--script-url', 'https://files.example.org/tools/sitemap.js')
    head = (built / USERSCRIPT_NAME).read_text(encoding='utf-8').split(HEADER)[0]
    url = 'https://files.example.org/tools/' + USERSCRIPT_NAME
    assert '\n// @downloadURL  {}\n// @updateURL    {}\n'.format(url, url) in head
    # Its home and support: the install page beside it, the build's page for the person.
    page = 'https://files.example.org/tools/install.html'
    assert '\n// @homepageURL  {}\n// @supportURL   {}\n'.format(page, page) in head
    assert "src='https://files.example.org/tools/sitemap.js?v=" in \
        (built / OFFER_ELEMENT_NAME).read_text(encoding='utf-8')


def test_the_element_servers_add_pins_the_hosted_script(dist):
    element = (dist / OFFER_ELEMENT_NAME).read_text(encoding='utf-8')
    digest = hashlib.sha256((dist / 'sitemap.js').read_bytes()).digest()
    assert element == ("<script src='/.autoindex-sitemap/sitemap.js?v={}' integrity='sha256-{}' "
                       "crossorigin data-offer defer></script>\n").format(
                           digest.hex()[:12], base64.b64encode(digest).decode())
    assert (dist / APACHE_OFFER_NAME).read_text(encoding='utf-8') == \
        'IndexHeadInsert "{}"\n'.format(element.strip())
