"""The saved corpus: listing pages other projects saved from real servers.

tests/fixtures/saved/<project>/ holds, for each page <name>:

- <name>.html: the page, byte for byte as the project keeps it;
- <name>.expected.json: the listing a person reads on it, worked out apart from
  bookmarklet/ (tests/support/saved_expected.py) and checked against the page by eye (the shape
  of bookmarklet/reading/entries.py, entries in name order), or {"error": true} for a page
  that is not a listing;
- <name>.meta.json: {server, variant, source, url, contentType, utcOffsetMinutes}:
  the server kind, the form of its page, the directory URL the page was saved from
  (where the project does not say, a plausible one of the same path), and how its
  local times are read;

and beside them LICENSE (the project's licence: MIT, BSD or Apache only) and
SOURCE.md (repository, path and commit of each page).
"""

import json
from pathlib import Path

SAVED = Path(__file__).resolve().parents[1] / 'fixtures' / 'saved'


def saved_names():
    """'<project>/<name>' of every saved page, sorted."""
    return sorted(str(path.relative_to(SAVED))[:-len('.html')] for path in SAVED.glob('*/*.html'))


def load_saved(name):
    """{name, project, meta, source, expected, body, text, settings}: source is {url, now}
    as the reader takes it (now None: no saved page leaves out a year); body is the page as the reader
    takes it, a byte string (one character per byte), and text the listing text it decodes
    to, as tests/support/fixture_corpus.py's load gives them."""
    base = SAVED / name
    meta = json.loads(base.with_name(base.name + '.meta.json').read_text(encoding='utf-8'))
    expected = json.loads(base.with_name(base.name + '.expected.json').read_text(encoding='utf-8'))
    data = base.with_name(base.name + '.html').read_bytes()
    settings = {'utcOffsetMinutes': meta['utcOffsetMinutes'], 'jsonPrefixFrom': '',
                'jsonPrefixTo': ''}
    source = {'url': meta['url'], 'now': None}
    return {'name': name, 'project': name.split('/')[0], 'meta': meta, 'source': source,
            'expected': expected,
            'body': data.decode('latin-1'), 'text': data.decode('utf-8', 'surrogateescape'),
            'settings': settings}
