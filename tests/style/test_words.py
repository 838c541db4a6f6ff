"""The names the overlay leaves on the page are spelled once, in bookmarklet/words.py.

The build fills the loader from that module.
"""

import json
import re

import pytest

from bookmarklet import words
from toolkit import ROOT
from toolkit.bundle import SOURCES, bookmarklet_modules

PAGE_NAMES = ['OVERLAY_ID', 'DATABASE', 'BUTTON_ID', 'OPEN_ROLE', 'OFFER_ATTRIBUTE']


def sources():
    """Every source of the product that could spell a page name, but words.py."""
    found = bookmarklet_modules() + sorted(ROOT.glob('toolkit/*.py')) + \
        sorted(ROOT.glob('loader/*')) + [ROOT / 'generator.py']
    return [path for path in found if path != SOURCES / 'words.py']


@pytest.mark.parametrize('name', PAGE_NAMES)
def test_no_source_but_words_spells_a_page_name_as_a_string(name):
    value = re.escape(getattr(words, name))
    quoted = re.compile('[\'"]' + value + '[\'"]')
    spelled = [path.relative_to(ROOT).as_posix() for path in sources()
               if quoted.search(path.read_text(encoding='utf-8'))]
    assert spelled == []


def test_the_loader_is_filled_with_the_page_names(dist):
    loader = (dist / 'loader.url').read_text(encoding='utf-8')
    assert json.dumps(words.OVERLAY_ID) in loader
