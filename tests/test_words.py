"""The names the overlay leaves on the page are spelled once, in bookmarklet/words.py.

The build fills the loader and the realm wrapper from that module; where
JavaScript cannot be filled (the entry point's pragma), the shipped script is
checked against it.
"""

import json
import re

import pytest

from bookmarklet import words
from toolkit import ROOT

PAGE_NAMES = ['OVERLAY_ID', 'CLOSE_EVENT', 'REALM_MARK', 'DATABASE', 'PAGE_GLOBAL']


def sources():
    """Every source of the product that could spell a page name, but words.py."""
    found = sorted(ROOT.glob('bookmarklet/*.py')) + sorted(ROOT.glob('toolkit/*.py')) + \
        sorted(ROOT.glob('loader/*')) + [ROOT / 'generator.py']
    return [path for path in found if path.name != 'words.py']


@pytest.mark.parametrize('name', PAGE_NAMES)
def test_no_source_but_words_spells_a_page_name_as_a_string(name):
    value = re.escape(getattr(words, name))
    quoted = re.compile('[\'"]' + value + '[\'"]')
    spelled = [path.relative_to(ROOT).as_posix() for path in sources()
               if quoted.search(path.read_text(encoding='utf-8'))]
    assert spelled == []


def test_the_entry_point_reads_the_page_global_the_wrapper_names(dist):
    script = (dist / 'sitemap.js').read_text(encoding='utf-8')
    bookmarklet = (dist / 'bookmarklet.url').read_text(encoding='utf-8')
    assert 'typeof ' + words.PAGE_GLOBAL in script
    assert 'function(' + words.PAGE_GLOBAL + ')' in bookmarklet
    assert 'setAttribute(' + json.dumps(words.REALM_MARK) in bookmarklet


def test_the_loader_is_filled_with_the_page_names(dist):
    loader = (dist / 'loader.url').read_text(encoding='utf-8')
    for name in ['OVERLAY_ID', 'CLOSE_EVENT', 'REALM_MARK']:
        assert json.dumps(getattr(words, name)) in loader, name
