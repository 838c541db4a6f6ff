"""The captured fixture corpus (tests/fixtures/, written by tools/capture_fixtures.py)."""

import json
from pathlib import Path

FIXTURES = Path(__file__).resolve().parents[1] / 'fixtures'


def fixture_names():
    return sorted(path.name[:-len('.body')] for path in FIXTURES.glob('*.body'))


def load(name):
    """{name, meta, source, body, text, expected, settings}: source is where and when the
    capture asked ({url, now}: now from the server's Date where a date leaves out its
    year, else None), the body as the reader takes it (a byte
    string: one character per byte), the listing text it decodes to (UTF-8, each byte that
    is not UTF-8 as CPython's surrogateescape keeps it, bookmarklet/reading/names.py), and the
    settings the capture needs."""
    meta = json.loads((FIXTURES / (name + '.meta.json')).read_text(encoding='utf-8'))
    expected = json.loads((FIXTURES / (name + '.expected.json')).read_text(encoding='utf-8'))
    data = (FIXTURES / (name + '.body')).read_bytes()
    settings = {'utcOffsetMinutes': meta['quirks'].get('utcOffsetMinutes', 0),
                'jsonPrefixFrom': '', 'jsonPrefixTo': ''}
    source = {'url': 'http://127.0.0.1' + meta['request']['path'].split('?')[0],
              'now': meta['quirks'].get('now')}
    return {'name': name, 'meta': meta, 'source': source, 'body': data.decode('latin-1'),
            'text': data.decode('utf-8', 'surrogateescape'), 'expected': expected,
            'settings': settings}


def by_name(listing):
    """A listing with its entries in name order, for comparison with the expected one."""
    return dict(listing, entries=sorted(listing['entries'], key=lambda entry: entry['name']))
