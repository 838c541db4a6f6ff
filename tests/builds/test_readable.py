"""The userscript as people read it (issue 43): the userscript sites take no minified
code, so it is made of the same modules bundled without minifying (toolkit/bundle.py
readable_bundle), with our own names, lines and styles as written, and its settings literal
in lines that generator.py and the install page write alike."""

import ast
import json
import re
import subprocess

import pytest

from toolkit.bundle import GATE_ENTRY, LONGEST_LINE, MAIN_FUNCTION, bookmarklet_modules, \
    readable_bundle, spelled_out_patterns
from toolkit.errors import BuildError
from toolkit.literal import SETTINGS_END, SETTINGS_START, json_lines, json_text, settings_in, \
    with_settings
from toolkit.release import USERSCRIPT_NAME
from tests.support.builds import COMPILED


def defined_names():
    """[(module, name)] of each function bookmarklet/ defines at the top of a module, and the
    names of the fields it sets on its own objects (toolkit/subset.py OWN_FIELD)."""
    functions, fields = [], set()
    for path in bookmarklet_modules():
        tree = ast.parse(path.read_text(encoding='utf-8'))
        functions += [(path.name, node.name) for node in tree.body
                      if isinstance(node, ast.FunctionDef)]
        fields |= {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)
                   and isinstance(node.ctx, ast.Store) and '_' in node.attr}
    return functions, fields


def test_the_userscript_keeps_the_names_of_bookmarklet(dist):
    userscript = (dist / USERSCRIPT_NAME).read_text(encoding='utf-8')
    for name in ['read_html_listing', 'offer', 'is_offer_key', 'start_crawl', 'chosen_settings']:
        assert re.search(r'\n  var {} = '.format(name), userscript), name
    functions, fields = defined_names()
    kept = [name for module, name in functions
            if re.search(r'\bvar {} = '.format(name), userscript)]
    # The bundler leaves out what nothing calls, and renames one of two equal names.
    assert len(kept) >= 0.95 * len(functions), sorted(set(functions) - set(kept))
    assert sorted(field for field in fields if '.' + field not in userscript) == []
    # The styles as overlay.css writes them, their custom properties by their names.
    assert re.search(r'\n  var STYLE = ":host\{all:initial;', userscript)
    assert '--muted:' in userscript and 'var(--muted)' in userscript


def test_no_line_of_the_userscript_is_longer_than_200_characters(dist):
    lines = (dist / USERSCRIPT_NAME).read_text(encoding='utf-8').split('\n')
    assert len(lines) > 1000
    assert [number for number, line in enumerate(lines, 1) if len(line) > LONGEST_LINE] == []


def test_other_settings_keep_the_literal_in_lines():
    script = '(() => {\n  a(' + SETTINGS_START + json_lines({'title': 'x'}) + SETTINGS_END + ');\n})();'
    settings = {'title': 'Café */ /*/settings*/', 'pageSizes': [20, 50], 'prefetch': False}
    written = with_settings(script, settings)
    assert settings_in(written) == settings
    assert SETTINGS_START + '{\n  "title": "Caf\\u00e9 */ /*/settings*/",\n  "pageSizes": [\n' \
        '    20,\n    50\n  ],\n  "prefetch": false\n}' + SETTINGS_END in written
    assert with_settings(written, {'title': 'x'}) == script
    # A compact literal stays compact.
    compact = script.replace(json_lines({'title': 'x'}), json_text({'title': 'x'}))
    assert with_settings(compact, settings) == compact.replace(
        json_text({'title': 'x'}), json_text(settings))


PATTERNS = [r'/[\xc2-\xdf][\x80-\xbf]|\xe0[\xa0-\xbf][\x80-\xbf]|([\x80-\xff])/g',
            r'/^a\/b[/"\'\\]+$/', r'/\u00e9|[\ud800-\udbff][\udc00-\udfff]|\\x/giu', r'/short/']


def test_a_long_regular_expression_is_spelled_out_as_the_same_pattern():
    source = 'var found = [' + ', '.join(PATTERNS) + '];'
    spelled = spelled_out_patterns(source, 12)
    assert spelled.count('new RegExp') == 3 and PATTERNS[-1] in spelled
    described = []
    for text in [source, spelled]:
        done = subprocess.run(['node', '-e', text + ' console.log(JSON.stringify(found.map('
                               '(pattern) => [pattern.source, pattern.flags])))'],
                              capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        described.append(json.loads(done.stdout))
    assert described[0] == described[1]


def test_a_line_too_long_to_wrap_stops_the_build(tmp_path):
    (tmp_path / 'entry.js').write_text('console.log(' + 'a' * 250 + ');\n', encoding='utf-8')
    with pytest.raises(BuildError) as failure:
        readable_bundle(tmp_path / 'entry.js', tmp_path / 'out.js')
    assert 'longer than 200 characters' in str(failure.value)
    (tmp_path / 'entry.js').write_text('console.log("' + 'a' * 250 + '");\n', encoding='utf-8')
    script = readable_bundle(tmp_path / 'entry.js', tmp_path / 'out.js')
    assert script.startswith('(() => {\n  "use strict";\n') and 'a' * 90 + '\\\n' in script


def test_the_readable_script_is_part_of_what_the_build_keeps(dist):
    if not COMPILED.exists():
        pytest.skip('no build/compiled.json: run make')
    parts = json.loads(COMPILED.read_text(encoding='utf-8'))
    assert settings_in(parts['userscript']) == settings_in(parts['script'])
    assert parts['userscript'].count('\n') > 1000 and parts['script'].count('\n') == 0


def test_on_a_page_that_is_no_listing_the_userscript_runs_its_gate_alone(dist):
    """The rest of the script is a function the gate calls only where the page may be a
    listing (toolkit/bundle.py gated): before it, no module but the gate's and what it
    imports, and one call of it, behind the gate's question."""
    userscript = (dist / USERSCRIPT_NAME).read_text(encoding='utf-8')
    gate, rest = userscript.split('\n  function {}() {{\n'.format(MAIN_FUNCTION))
    modules = re.findall(r'\n  // (\S+\.js)\n', gate)
    assert modules[-2:] == ['bookmarklet.browser.gate.js', GATE_ENTRY]
    assert not {'main.js', 'bookmarklet.browser.offer.js', 'bookmarklet.crawl.crawl.js', 'bookmarklet.settings.js'} \
        & set(modules)
    assert re.findall(r'\b{}\(\)'.format(MAIN_FUNCTION), gate) == [MAIN_FUNCTION + '()']
    assert '\n  if (may_be_listing(window)) {}();\n'.format(MAIN_FUNCTION) in gate
    assert 'main.js' in re.findall(r'\n  // (\S+\.js)\n', rest)
