"""The crawl's seams as bookmarklet/crawl/seams.py declares them, and nowhere else: the real
actions, adapters and screen have every declared name, the fakes of tests/core/test_settling.py
too, and no code, docstring or doc names an action, adapter or screen function, or a unit's
field, that the code does not have."""

import ast
import re

import pytest

from bookmarklet.crawl.crawl import actions_of, new_crawl
from bookmarklet.crawl.seams import ACTIONS, ADAPTERS, SCREEN
from bookmarklet.settings import SETTINGS
from tests.core.test_settling import Browser, Screen, Server
from toolkit import ROOT
from toolkit.bundle import SOURCES, bookmarklet_modules

DECLARED = {'action': {line[0] for line in ACTIONS}, 'adapter': {line[0] for line in ADAPTERS},
            'screen': {line[0] for line in SCREEN}}

# How code and docs name a seam's member: the object it is reached through, then the name.
# The tests' fake screen keeps what it was told in fields of its own, so overlay_ui and
# screen are read in bookmarklet/ and the docs alone.
QUALIFIED = [('action', re.compile(r'\bactions\.(\w+)'), True),
             ('adapter', re.compile(r'\b(?:io_)?adapters\.(\w+)'), True),
             ('screen', re.compile(r'\b(?:overlay_ui|screen)\.(\w+)'), False)]


def docs():
    return sorted(ROOT.glob('docs/*.md')) + [ROOT / 'README.md']


def assigned_attributes(path, owner):
    """The names path assigns as attributes of owner (adapters.clock_now = ...)."""
    return {node.attr for node in ast.walk(ast.parse(path.read_text(encoding='utf-8')))
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
            and isinstance(node.value, ast.Name) and node.value.id == owner}


def test_each_seam_declares_each_name_once_with_its_meaning():
    for seam in [ACTIONS, ADAPTERS, SCREEN]:
        names = [line[0] for line in seam]
        assert len(names) == len(set(names))
        assert all(len(line) == 3 and line[2] != '' for line in seam)


def test_the_crawl_gives_exactly_the_declared_actions():
    actions = actions_of(new_crawl('http://h/', SETTINGS, None))
    assert set(vars(actions)) == DECLARED['action']


def test_the_browser_s_adapters_are_exactly_the_declared_ones():
    assert assigned_attributes(SOURCES / 'main.py', 'adapters') == DECLARED['adapter']


def test_the_overlay_gives_the_crawl_every_declared_screen_function():
    given = set()
    for path in sorted((SOURCES / 'browser').glob('*.py')):
        given |= assigned_attributes(path, 'panel')
    assert DECLARED['screen'] - given == set()


def test_the_fakes_follow_the_seams():
    assert set(vars(Browser(Server(1)).adapters())) == DECLARED['adapter']
    assert DECLARED['screen'] - set(dir(Screen)) == set()


def named_through_a_seam(paths, in_tests):
    """'path: seam name' for each member named through a seam's object that the seam does
    not declare."""
    wrong = []
    for path in paths:
        text = path.read_text(encoding='utf-8')
        for seam, pattern, everywhere in QUALIFIED:
            if everywhere or not in_tests:
                wrong.extend('{}: {} {}'.format(path.name, seam, name)
                             for name in pattern.findall(text) if name not in DECLARED[seam])
    return wrong


def test_code_and_docs_name_only_declared_members_of_a_seam():
    wrong = named_through_a_seam(bookmarklet_modules() + docs(), False)
    # This module names wrong members on purpose, to see the check fail.
    tests = [path for path in sorted((ROOT / 'tests').rglob('*.py')) if path.name != 'test_seams.py']
    wrong += named_through_a_seam(tests + sorted((ROOT / 'bench').rglob('*.py')), True)
    assert wrong == []


def unit_table(text):
    """[module, state, adapters] of each row of the unit table of docs/design.md."""
    rows = re.findall(r'^\| `(\w+/\w+\.py)` \|[^\n]*?\| ([^|\n]*) \| ([^|\n]*) \|$', text, re.M)
    assert len(rows) > 10
    return rows


def fields_assigned():
    """Every attribute name a module of bookmarklet/ assigns (a unit's fields)."""
    found = set()
    for path in bookmarklet_modules():
        for node in ast.walk(ast.parse(path.read_text(encoding='utf-8'))):
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                found.add(node.attr)
    return found


def unknown_in_table(text, fields):
    """What the unit table names as a unit's state or adapter that the code does not have."""
    wrong = []
    for module, state, adapters in unit_table(text):
        wrong.extend('{}: field {}'.format(module, name)
                     for name in re.findall(r'`(\w+)`', state) if name not in fields)
        wrong.extend('{}: adapter {}'.format(module, name)
                     for name in re.findall(r'`(\w+)`', adapters)
                     if name not in DECLARED['adapter'])
    return wrong


def test_the_unit_table_names_only_fields_and_adapters_the_code_has():
    text = (ROOT / 'docs' / 'design.md').read_text(encoding='utf-8')
    assert unknown_in_table(text, fields_assigned()) == []


@pytest.mark.parametrize('row, found', [
    ('| `crawl/root.py` | wave 1 | `root_url`, `clock_offs` | `fetch_listing`, `now` |',
     ['crawl/root.py: field clock_offs', 'crawl/root.py: adapter now']),
    ('| `crawl/pool.py` | the pool | `place_limit` | none |', [])])
def test_the_table_check_names_what_the_code_lacks(row, found):
    rows = '\n'.join([row] + ['| `x/y.py` | c | none | none |'] * 10)
    assert unknown_in_table(rows, {'root_url', 'place_limit'}) == found


def test_the_seam_check_names_what_a_seam_lacks(tmp_path):
    doc = tmp_path / 'note.md'
    doc.write_text('The overlay calls `actions.resize(size)`; `io_adapters.now()` is the clock; '
                   'the crawl asks `overlay_ui.show_rows(...)`, then `actions.set_size`.\n',
                   encoding='utf-8')
    assert named_through_a_seam([doc], False) == [
        'note.md: action resize', 'note.md: adapter now', 'note.md: screen show_rows']
