"""The captured fixture corpus (tests/fixtures/, written by tests/capture_fixtures.py)."""

import json
from pathlib import Path

FIXTURES = Path(__file__).resolve().parent / 'fixtures'
# Pages read exactly, per server kind: lines tests/test_fixtures.py fills, the summary prints.
FIGURE: list = []


def fixture_names():
    return sorted(path.name[:-len('.body')] for path in FIXTURES.glob('*.body'))


def load(name):
    """{name, meta, url, body, text, expected, settings}: url is the listing's (the saved
    one's, or where the capture asked), the body as the reader takes it (a byte
    string: one character per byte), the listing text it decodes to (UTF-8, each byte that
    is not UTF-8 as CPython's surrogateescape keeps it, bookmarklet/names.py), and the
    settings the capture needs."""
    meta = json.loads((FIXTURES / (name + '.meta.json')).read_text(encoding='utf-8'))
    expected = json.loads((FIXTURES / (name + '.expected.json')).read_text(encoding='utf-8'))
    data = (FIXTURES / (name + '.body')).read_bytes()
    settings = {'utcOffsetMinutes': meta['quirks'].get('utcOffsetMinutes', 0),
                'jsonPrefixFrom': '', 'jsonPrefixTo': ''}
    url = meta['url'] if 'url' in meta else \
        'http://127.0.0.1' + meta['request']['path'].split('?')[0]
    return {'name': name, 'meta': meta, 'url': url, 'body': data.decode('latin-1'),
            'text': data.decode('utf-8', 'surrogateescape'), 'expected': expected,
            'settings': settings}


def by_name(listing):
    """A listing with its entries in name order, for comparison with the expected one."""
    return dict(listing, entries=sorted(listing['entries'], key=lambda entry: entry['name']))
