"""generator.py as a command: options, their checks, the config file, sizes, reproducibility."""

import base64
import hashlib
import json
import os
import re
import shutil

import pytest

from bench.build import LOADER_TARGET
from toolkit.bundle import SOURCES, bookmarklet_modules, stage_sources
from toolkit.compile import inputs_digest
from toolkit.errors import BuildError
from toolkit.javascript_url import URL_LIMITS, SIZE_BUDGET, check_sizes, size_table
from toolkit.savings import grown_most, recorded_module_sizes
from toolkit.settings import OPTIONS, SETTINGS, option_text, parse_options, settings_of
from toolkit.release import MANIFEST_NAME, USERSCRIPT_NAME, project_version
from tests.support.builds import COMPILED, ROOT, run_generator, build


def test_help_lists_every_option_with_its_default(tmp_path):
    done = run_generator(tmp_path, '--help')
    assert done.returncode == 0
    text = ' '.join(done.stdout.split())
    for setting in SETTINGS + OPTIONS:
        assert setting.flag + ' ' + setting.metavar in text
        assert '(default: {})'.format(option_text(setting.default) or "''") in text
    assert 'PAGESIZE' not in text and 'MAXCONCURRENTREQUESTS' not in text


# Bad values and the words generator.py answers with; the install page must say the same
# (tests/e2e/test_install_page.py).
BAD_VALUES = [
    (['--page-size', '0'], ['--page-size', '0 is outside 1..1000']),
    (['--page-size', 'ten'], ['--page-size', '"ten" is not a whole number', '1..1000']),
    (['--page-size', ' 20'], ['--page-size', '" 20" is not a whole number', '1..1000']),
    (['--page-sizes', '10,2000'], ['--page-sizes', '2000 is outside 1..1000']),
    (['--max-concurrent-requests', '101'], ['--max-concurrent-requests', '101 is outside 1..100']),
    (['--timeout-seconds', '0'], ['--timeout-seconds', '0 is outside 1..600']),
    (['--stale-after-seconds', '-1'], ['--stale-after-seconds', '-1 is outside 0..31536000']),
    (['--refresh-seconds', '90000'], ['--refresh-seconds', '90000 is outside 0..86400']),
    (['--utc-offset-minutes', '1500'], ['--utc-offset-minutes', '1500 is outside -1440..1440']),
    (['--prefetch', 'maybe'], ['--prefetch', '"maybe" is not on or off']),
    (['--json-prefix-from', 'files/'], ['--json-prefix-from', 'is not a path prefix']),
    (['--json-prefix-to', '/a\x7fb/'], ['--json-prefix-to', 'is not a path prefix']),
    (['--json-prefix-to', '@127.0.0.1:9/'], ['--json-prefix-to', 'is not a path prefix']),
    (['--script-url', 'sitemap.js'], ['--script-url', 'is neither a path on the listing']),
    (['--script-url', '/s.js?x=1'], ['--script-url', 'must not hold a query']),
    # What a browser reads as another origin than written: //evil.example/... each.
    (['--script-url', '/\\evil.example/sitemap.js'], ['--script-url', 'a backslash']),
    (['--script-url', '/%5Cattacker.example/sitemap.js'], ['--script-url', 'an encoded slash']),
    (['--script-url', '/%2F/attacker.example/sitemap.js'], ['--script-url', 'an encoded slash']),
    (['--script-url', '//attacker.example/sitemap.js'], ['--script-url', 'https URL given in full']),
    (['--script-url', 'https:attacker.example/sitemap.js'], ['--script-url', 'given in full']),
    (['--script-url', 'https://u@attacker.example/s.js'], ['--script-url', 'given in full']),
    (['--script-url', 'https://attacker.example//s.js'], ['--script-url', 'given in full']),
    (['--script-url', 'http://attacker.example/s.js'], ['--script-url', 'https URL']),
    # An exact version only: anything else may name other bytes tomorrow.
    (['--cdn-package', 'autoindex-sitemap@1'], ['--cdn-package', '"autoindex-sitemap@1" is not '
                                                'an npm package at an exact version']),
    (['--cdn-package', 'autoindex-sitemap@^1.2.0'], ['--cdn-package', 'exact version']),
    (['--cdn-package', 'autoindex-sitemap@latest'], ['--cdn-package', 'exact version']),
    (['--cdn-package', 'autoindex-sitemap@1.x'], ['--cdn-package', 'exact version']),
    (['--cdn-package', 'autoindex-sitemap'], ['--cdn-package', 'exact version']),
    (['--cdn-package', 'https://cdn.jsdelivr.net/npm/a@1.2.3'], ['--cdn-package', 'exact version']),
    (['--cdn-base', 'http://cdn.example/npm/'], ['--cdn-base', 'https URL given in full']),
]


@pytest.mark.parametrize('options, words', BAD_VALUES)
def test_a_bad_value_is_refused_naming_the_option_and_the_range(tmp_path, options, words):
    done = run_generator(tmp_path, *options)
    assert done.returncode == 2
    for word in words:
        assert word in done.stderr
    assert not (tmp_path / 'dist').exists()


CONTRADICTIONS = [
    (['--page-size', '25'], ['--page-size 25 must be one of --page-sizes 10,15,20,30']),
    (['--page-sizes', '20,20'], ['--page-sizes 20,20 offers a size twice']),
    (['--json-prefix-from', '/files/'],
     ['--json-prefix-from and --json-prefix-to go together: give both or neither']),
    (['--cdn-package', 'autoindex-sitemap@0.0.1'],
     ['--cdn-package "autoindex-sitemap@0.0.1" is version 0.0.1, but the loader pins the '
      'sitemap.js of this build, {}: only that version\'s package holds it'.format(
          project_version())]),
]


@pytest.mark.parametrize('options, words', CONTRADICTIONS)
def test_settings_that_contradict_each_other_are_refused(tmp_path, options, words):
    done = run_generator(tmp_path, *options)
    assert done.returncode == 1
    assert all(word in done.stderr for word in words)


def settings_for(tmp_path, toml, *flags):
    (tmp_path / 'sitemap.toml').write_text(toml, encoding='utf-8')
    options = parse_options(['--config', str(tmp_path / 'sitemap.toml')] + list(flags))
    return settings_of(options, project_version())


def test_the_config_file_sets_values_and_flags_override_it(tmp_path):
    settings, options = settings_for(tmp_path, '\n'.join([
        'title = "Files"', 'pageSize = 20', 'pageSizes = [20, 50]', 'prefetch = false',
        'maxConcurrentRequests = 4', 'scriptUrl = "https://cdn.example.org/s/sitemap.js"']),
        '--max-concurrent-requests', '2')
    assert settings['title'] == 'Files'
    assert (settings['pageSize'], settings['pageSizes']) == (20, [20, 50])
    assert settings['prefetch'] is False
    assert settings['maxConcurrentRequests'] == 2, 'the flag wins over the file'
    assert settings['staleAfterSeconds'] == 86400, 'what the file leaves out keeps its default'
    assert options['scriptUrl'] == 'https://cdn.example.org/s/sitemap.js'


@pytest.mark.parametrize('toml, words', [
    ('pageSize = 0', ['sitemap.toml: pageSize: 0 is outside 1..1000']),
    ('page-size = 20', ["unknown setting 'page-size'", 'pageSize']),
    ('prefetch = "sometimes"', ['prefetch: "sometimes" is not on or off']),
    ('pageSize = ', ['sitemap.toml: ']),
    # scriptUrl's one rule, as the flag and the install page apply it
    ('scriptUrl = "/\\\\evil.example/sitemap.js"', ['scriptUrl: ', 'a backslash']),
    ('scriptUrl = "/%5Cevil.example/sitemap.js"', ['scriptUrl: ', 'an encoded slash']),
    ('scriptUrl = "http://evil.example/sitemap.js"', ['scriptUrl: ', 'https URL given in full']),
])
def test_a_bad_config_file_is_refused_naming_the_key(tmp_path, toml, words):
    with pytest.raises(BuildError) as failure:
        settings_for(tmp_path, toml)
    assert all(word in str(failure.value) for word in words)


def test_a_sitemap_toml_in_the_current_folder_is_read(tmp_path):
    (tmp_path / 'sitemap.toml').write_text('pageSizes = [5, 10]\npageSize = 5\n')
    dist = build(tmp_path)
    assert 'name="pageSizes" value="5,10"' in (dist / 'install.html').read_text(encoding='utf-8')


def test_the_size_check_fails_past_firefox_and_points_to_the_loader():
    check_sizes('javascript:' + 'x' * (65536 - 11))
    with pytest.raises(BuildError) as failure:
        check_sizes('javascript:' + 'x' * (65537 - 11))
    assert '65,537' in str(failure.value) and 'loader' in str(failure.value)


def test_the_size_table_marks_each_browser():
    table = size_table({'a.url': 'j' * 4500, 'b.url': 'j' * 70000})
    lines = table.splitlines()
    assert re.search(r'characters\s+4,500\s+70,000$', lines[1])
    assert re.search(r'Firefox desktop \(65,536\)\s+fits\s+TOO LONG$', lines[2])
    assert re.search(r'Chrome on Android \(5,000\)\s+fits\s+TOO LONG$', table, re.M)
    assert re.search(r'Safari with iCloud sync \(4,000\)\s+TOO LONG\s+TOO LONG$', table, re.M)


@pytest.mark.slow
def test_the_same_inputs_give_the_same_dist_byte_for_byte(tmp_path):
    """A build from nothing writes what a build writes into the parts `make` compiled in
    another folder: two compiles from nothing, and the kept parts taken as they are."""
    first = run_generator(tmp_path / 'one', '--page-size', '15')
    assert first.returncode == 0, first.stderr
    second = build(tmp_path / 'two', '--page-size', '15')
    names = sorted(path.name for path in (tmp_path / 'one' / 'dist').iterdir())
    assert names == BUILT
    for name in names:
        assert (tmp_path / 'one' / 'dist' / name).read_bytes() == (second / name).read_bytes(), name
    assert 'Firefox desktop (65,536)' in first.stdout and 'built in' in first.stdout


def test_a_module_in_a_sub_package_is_staged_checked_and_an_input_of_the_compile(tmp_path):
    """A module moved into a sub-package of bookmarklet/ is built as it is and rebuilt when it
    changes: a glob of the top folder alone would leave it out without a word."""
    sources = tmp_path / 'bookmarklet'
    shutil.copytree(SOURCES, sources, ignore=shutil.ignore_patterns('__pycache__'))
    module = sources / 'reading' / 'deeper' / 'shelf.py'
    module.parent.mkdir()
    (module.parent / '__init__.py').write_text('', encoding='utf-8')
    module.write_text('SHELF = 1\n', encoding='utf-8')
    # The list the house-style check, the page-names check and the staging all take.
    assert module in bookmarklet_modules(sources)
    stage_sources(tmp_path / 'staged', None, sources)
    assert (tmp_path / 'staged' / 'bookmarklet' / 'reading' / 'deeper' / 'shelf.py').read_text(
        encoding='utf-8').endswith('SHELF = 1\n')
    before = inputs_digest(tmp_path)
    (module.parent / '__pycache__').mkdir()
    (module.parent / '__pycache__' / 'shelf.cpython-311.pyc').write_bytes(b'cached')
    assert inputs_digest(tmp_path) == before, 'a bytecode cache is no source'
    module.write_text('SHELF = 2\n', encoding='utf-8')
    assert inputs_digest(tmp_path) != before


def snapshot(folder):
    """Everything under folder, links not followed: {relative path: bytes, a link's target,
    or 'folder'}, with each entry's modification time."""
    found = {}
    for place, folders, names in os.walk(folder):
        for name in folders + names:
            path = os.path.join(place, name)
            what = os.readlink(path) if os.path.islink(path) else 'folder' \
                if os.path.isdir(path) else open(path, 'rb').read()
            found[os.path.relpath(path, folder)] = (what, os.lstat(path).st_mtime_ns)
    return found


def refused(folder, out, words):
    """generator.py --out out, run in folder, is refused with words, and everything beside
    and below out is as it was: nothing written, moved or deleted, not even a build dir."""
    before = snapshot(folder)
    done = run_generator(folder, '--out', str(out), '--build-dir', str(folder / 'kept-build'))
    assert done.returncode == 1, done.stdout + done.stderr
    assert all(word in done.stderr for word in words), done.stderr
    assert 'Nothing was changed' in done.stderr
    assert not (folder / 'kept-build').exists(), 'refused before compiling'
    assert snapshot(folder) == before


def test_a_build_never_deletes_a_person_s_file_in_its_out_folder(tmp_path):
    earlier = build(tmp_path)
    (earlier / 'notes.txt').write_text('my notes', encoding='utf-8')
    refused(tmp_path, earlier, ['--out ' + str(earlier) + ' holds "notes.txt"',
                                'which the build did not write'])


def test_a_build_never_follows_or_deletes_a_symlink_in_its_out_folder(tmp_path):
    earlier = build(tmp_path)
    (tmp_path / 'photos').mkdir()
    (tmp_path / 'photos' / 'cat.jpg').write_bytes(b'\xff\xd8 a cat')
    # A link named as a file the build writes, to a file of the person's, and one to a folder.
    (earlier / 'sitemap.js').unlink()
    (earlier / 'sitemap.js').symlink_to(tmp_path / 'photos' / 'cat.jpg')
    refused(tmp_path, earlier, ['holds "sitemap.js"'])
    (earlier / 'sitemap.js').unlink()
    (earlier / 'photos').symlink_to(tmp_path / 'photos')
    refused(tmp_path, earlier, ['holds "photos"'])


def test_a_build_never_replaces_the_root_of_a_served_tree(tmp_path):
    """The folder a server serves, which the docs tell people to copy dist/ into: --out
    naming it, by its path or as '.' from inside, is refused naming its first entry; a
    page of the person's named as one the build writes is theirs too."""
    www = tmp_path / 'www'
    (www / 'files').mkdir(parents=True)
    (www / 'files' / 'report.pdf').write_bytes(b'%PDF')
    (www / 'install.html').write_text('<p>my own page</p>', encoding='utf-8')
    refused(tmp_path, www, ['holds "files" and 1 more', 'none is there'])
    (www / 'files' / 'report.pdf').unlink()
    (www / 'files').rmdir()
    refused(tmp_path, www, ['holds "install.html", which the build did not write'])
    before = snapshot(tmp_path)
    done = run_generator(www, '--out', '.', '--build-dir', str(tmp_path / 'kept-build'))
    assert done.returncode == 1 and '--out . holds "install.html"' in done.stderr, done.stderr
    assert snapshot(tmp_path) == before


def test_a_file_of_the_build_changed_since_is_the_person_s(tmp_path):
    earlier = build(tmp_path)
    with open(earlier / 'install.html', 'a', encoding='utf-8') as page:
        page.write('<p>Ask me for the password.</p>')
    refused(tmp_path, earlier, ['holds "install.html", which changed since the build wrote it'])


def test_an_out_that_is_no_folder_is_refused(tmp_path):
    (tmp_path / 'dist.txt').write_text('a file', encoding='utf-8')
    refused(tmp_path, tmp_path / 'dist.txt', ['is not a folder'])
    (tmp_path / 'elsewhere').mkdir()
    (tmp_path / 'linked').symlink_to(tmp_path / 'elsewhere')
    refused(tmp_path, tmp_path / 'linked', ['is a symbolic link'])


BUILT = ['.autoindex-sitemap-build.json', 'autoindex-sitemap.user.js', 'bookmarklet.url',
         'install.html', 'loader.url', 'offer-apache.conf', 'offer.html', 'sitemap.js']


def test_an_earlier_build_alone_is_replaced_and_nothing_beside_it_is_touched(tmp_path):
    earlier = build(tmp_path, '--title', 'Earlier')
    assert sorted(path.name for path in earlier.iterdir()) == BUILT
    (earlier / 'offer.html').unlink()  # a build that wrote fewer files
    for beside in ['dist.old', 'dist.new']:
        (tmp_path / beside).mkdir()
        (tmp_path / beside / 'keep.txt').write_text(beside, encoding='utf-8')
    before = snapshot(tmp_path)
    dist = build(tmp_path, '--title', 'Later')
    assert sorted(path.name for path in dist.iterdir()) == BUILT
    assert '"title":"Later"' in (dist / 'sitemap.js').read_text(encoding='utf-8')
    beside = [path for path in before if path.split(os.sep)[0] not in ('dist', 'build')]
    assert {path: snapshot(tmp_path).get(path) for path in beside} == \
        {path: before[path] for path in beside}
    assert sorted(os.listdir(tmp_path)) == ['build', 'dist', 'dist.new', 'dist.old'], \
        'no staging folder is left'
    empty = tmp_path / 'empty'
    empty.mkdir()
    assert build(tmp_path / 'other', '--out', str(empty)) and \
        sorted(path.name for path in empty.iterdir()) == BUILT


def test_a_build_made_before_builds_kept_their_record_is_replaced_alone(tmp_path):
    """A dist/ of an older version (its files, a bookmarklet among them, and no record) is
    replaced, as `make` after an update must; with a person's file beside it, it is not."""
    earlier = build(tmp_path, '--title', 'Earlier')
    (earlier / MANIFEST_NAME).unlink()
    (earlier / 'notes.txt').write_text('my notes', encoding='utf-8')
    refused(tmp_path, earlier, ['holds "notes.txt"', 'none is there'])
    (earlier / 'notes.txt').unlink()
    dist = build(tmp_path, '--title', 'Later')
    assert sorted(path.name for path in dist.iterdir()) == BUILT
    assert '"title":"Later"' in (dist / 'sitemap.js').read_text(encoding='utf-8')


def test_an_earlier_build_s_record_names_nothing_outside_its_folder(tmp_path):
    """The record is read, never followed: a name in it that leads out of the folder is no
    file of the folder, and what it names stays."""
    (tmp_path / 'victim.txt').write_text('mine', encoding='utf-8')
    (tmp_path / 'dist').mkdir()
    (tmp_path / 'dist' / MANIFEST_NAME).write_text(json.dumps({'files': {
        '../victim.txt': hashlib.sha256(b'mine').hexdigest()}}), encoding='utf-8')
    dist = build(tmp_path)
    assert sorted(path.name for path in dist.iterdir()) == BUILT
    assert (tmp_path / 'victim.txt').read_text(encoding='utf-8') == 'mine'


def test_the_loader_is_pinned_to_the_script_it_ships_with(dist):
    script = (dist / 'sitemap.js').read_bytes()
    loader = (dist / 'loader.url').read_text(encoding='utf-8')
    assert loader.endswith('\n') and loader.count('\n') == 1
    loader = loader.strip()
    assert loader.startswith('javascript:void((') and loader.endswith(')')
    assert '/.autoindex-sitemap/sitemap.js%3Fv=' + hashlib.sha256(script).hexdigest()[:12] in loader
    assert 'sha256-' + base64.b64encode(hashlib.sha256(script).digest()).decode() in loader
    assert len(loader) <= LOADER_TARGET
    assert all(len(loader) <= limit for _, limit, _ in URL_LIMITS)
    assert not re.search(r'%(?![0-9A-F]{2})', loader), 'every % is an escape'


def test_a_loader_for_the_package_on_a_cdn_pins_the_package_s_script(tmp_path, dist):
    """The package holds the default build's sitemap.js (make dist); a loader for it pins
    those bytes, passes the settings that differ from the defaults, and asks for the exact
    version, which needs no ?v=. It stays within 500 characters with a scoped name, and
    room for a version of two digits in each part."""
    version = project_version()
    script = (dist / 'sitemap.js').read_bytes()
    integrity = 'sha256-' + base64.b64encode(hashlib.sha256(script).digest()).decode()
    package = '@example-org/autoindex-sitemap@' + version
    built = build(tmp_path / 'plain', '--cdn-package', package)
    loader = (built / 'loader.url').read_text(encoding='utf-8').strip()
    assert "e.src='https://cdn.jsdelivr.net/npm/{}/sitemap.js'".format(package) in loader
    assert integrity in loader and '%3Fv=' not in loader
    assert len(loader) + max(0, len('10.20.30') - len(version)) <= LOADER_TARGET
    assert '<code data-script-url>https://cdn.jsdelivr.net/npm/{}/sitemap.js</code>'.format(
        package) in (built / 'install.html').read_text(encoding='utf-8')

    other = build(tmp_path / 'other', '--cdn-package', package, '--cdn-base',
                  'http://127.0.0.1:8080/mirror', '--page-size', '20', '--page-sizes', '20,50')
    loader = (other / 'loader.url').read_text(encoding='utf-8').strip()
    assert integrity in loader, 'the package holds the default sitemap.js, whatever the settings'
    assert "e.src='http://127.0.0.1:8080/mirror/{}/sitemap.js%23{{\"pageSize\":20,\"pageSizes\":" \
        "[20,50]}}'".format(package) in loader
    assert (other / 'sitemap.js').read_bytes() != script, 'its own sitemap.js carries them'


def test_the_install_page_carries_both_bookmarklets_escaped(dist):
    import html
    page = (dist / 'install.html').read_text(encoding='utf-8')
    for name in ['bookmarklet.url', 'loader.url']:
        url = (dist / name).read_text(encoding='utf-8').strip()
        assert 'href="{}"'.format(html.escape(url, quote=True)) in page
    assert not re.search(r'(src|href)="(https?:)?//', page), 'no external resources'


def test_the_json_prefix_options_are_generated_and_checked(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    settings = settings_of(parse_options(['--json-prefix-from', '/files/',
                                          '--json-prefix-to', '/json/files/']),
                           project_version())[0]
    assert (settings['jsonPrefixFrom'], settings['jsonPrefixTo']) == ('/files/', '/json/files/')
    assert settings_of(parse_options([]), project_version())[0]['jsonPrefixFrom'] == ''
    with pytest.raises(BuildError):
        settings_of(parse_options(['--json-prefix-from', '/files/']), project_version())
    with pytest.raises(BuildError):
        settings_of(parse_options(['--json-prefix-from', '/a/', '--json-prefix-to', '/a/']),
                    project_version())
    for bad in ['files/', '/files', '/a b/', '/a?x/']:
        with pytest.raises(SystemExit):
            parse_options(['--json-prefix-from', bad, '--json-prefix-to', '/j/'])


def test_every_default_the_bookmarklet_carries_has_its_option():
    from bookmarklet.settings import SETTINGS as DEFAULTS
    assert sorted(DEFAULTS) == sorted(setting.key for setting in SETTINGS)


def test_the_script_reads_every_setting_by_its_own_name(dist):
    """The literal is written after esbuild, so no minifier sees its keys; the code that
    reads them must keep their names too (esbuild shortens only snake_case properties,
    toolkit/bundle.py's OWN_PROPERTIES), as a property or as a string the build's rewrite may
    have bound once for every read."""
    from toolkit.literal import SETTINGS_END, SETTINGS_START, settings_in
    script = (dist / 'sitemap.js').read_text(encoding='utf-8')
    code = script[:script.index(SETTINGS_START)] + script[script.rindex(SETTINGS_END):]
    assert sorted(settings_in(script)) == sorted(setting.key for setting in SETTINGS)
    packed = [text for found in re.finditer(r'"([^"]*)"\.split\("(.)"\)', code)
              for text in found.group(1).split(found.group(2))]
    for setting in SETTINGS:
        assert re.search(r'\.{0}\b|"{0}"'.format(setting.key), code) \
            or setting.key in packed, setting.key


@pytest.mark.parametrize('name', ['sitemap.js', USERSCRIPT_NAME])
def test_other_settings_only_rewrite_the_literal(tmp_path, name):
    from toolkit.literal import settings_in, with_settings
    one = (build(tmp_path / 'one') / name).read_text(encoding='utf-8')
    two = (build(tmp_path / 'two', '--title', '*/ /*/settings*/ %', '--page-size', '15')
           / name).read_text(encoding='utf-8')
    assert settings_in(two)['title'] == '*/ /*/settings*/ %'
    assert with_settings(one, settings_in(two)) == two
    assert with_settings(two, settings_in(one)) == one


def test_the_bookmarklet_with_every_feature_keeps_to_its_size_budget(dist):
    """dist/bookmarklet.url, as `make` builds it with the default settings (every feature);
    past the budget, the failure names the module that grew most since the last size table
    (docs/benchmarks.md), from the bytes esbuild's metafile gives each module."""
    url = (dist / 'bookmarklet.url').read_text(encoding='utf-8').strip()
    if len(url) > SIZE_BUDGET:
        modules = json.loads(COMPILED.read_text(encoding='utf-8'))
        recorded = recorded_module_sizes(
            (ROOT / 'docs' / 'benchmarks.md').read_text(encoding='utf-8'))
        pytest.fail('{:,} characters, over the budget of {:,}; grew most since the size table '
                    'in docs/benchmarks.md: {}'.format(
                        len(url), SIZE_BUDGET, grown_most(modules['modules'], recorded)))


def test_the_size_record_names_the_module_that_grew_most():
    report = ("## Size\n\n| module | bytes |\n|---|---|\n| a.js | 9 |\n\n"
              "Where the script's bytes come from (esbuild metafile):\n\n"
              "| module | bytes |\n|---|---|\n| a.js | 1,200 |\n| b.js | 300 |\n\n"
              "## Build time\n\n| c.js | 5 |\n")
    recorded = recorded_module_sizes(report)
    assert recorded == {'a.js': 1200, 'b.js': 300}
    assert grown_most({'a.js': 1250, 'b.js': 290, 'n.js': 40}, recorded) \
        == 'a.js +50 bytes (1,200 -> 1,250)'
    assert grown_most({'a.js': 1200, 'n.js': 60}, recorded) == 'n.js +60 bytes (0 -> 60)'
    assert grown_most({'a.js': 1000}, recorded) is None
    assert set(recorded_module_sizes((ROOT / 'docs' / 'benchmarks.md').read_text(
        encoding='utf-8'))) >= {'bookmarklet.crawl.crawl.js', 'strings.js'}


def test_the_size_table_by_concern_is_the_packages_of_bookmarklet():
    """bench/run.py groups each module of the build's metafile by its package, the
    package's docstring saying the concern: a new module lands in its package's row."""
    from bench.run import TOP_CONCERN, concern_rows
    sizes = json.loads(COMPILED.read_text(encoding='utf-8'))['modules']
    rows = concern_rows(sizes)
    concerns = [row[0] for row in rows]
    assert concerns[0].startswith('Reading listings') and concerns[-1] == TOP_CONCERN
    assert sum(len(row[2].split(', ')) for row in rows) == len(sizes)
    assert sum(int(row[1].replace(',', '')) for row in rows) == sum(sizes.values())
    assert 'html_listing' in rows[0][2].split(', ')
