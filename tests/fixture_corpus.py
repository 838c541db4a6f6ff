"""The captured fixture corpus (tests/fixtures/, written by tests/capture_fixtures.py)."""

import json
from pathlib import Path

FIXTURES = Path(__file__).resolve().parent / 'fixtures'


def fixture_names():
    return sorted(path.name[:-len('.body')] for path in FIXTURES.glob('*.body'))


def load(name):
    """{name, meta, text, expected, settings}: the body decoded as fetch's text() does
    (UTF-8, each bad sequence one U+FFFD), and the settings the capture needs."""
    meta = json.loads((FIXTURES / (name + '.meta.json')).read_text(encoding='utf-8'))
    expected = json.loads((FIXTURES / (name + '.expected.json')).read_text(encoding='utf-8'))
    text = (FIXTURES / (name + '.body')).read_bytes().decode('utf-8', 'replace')
    settings = {'utcOffsetMinutes': meta['quirks'].get('utcOffsetMinutes', 0),
                'jsonPrefixFrom': '', 'jsonPrefixTo': ''}
    return {'name': name, 'meta': meta, 'text': text, 'expected': expected, 'settings': settings}


def by_name(listing):
    """A listing with its entries in name order, for comparison with the expected one."""
    return dict(listing, entries=sorted(listing['entries'], key=lambda entry: entry['name']))
