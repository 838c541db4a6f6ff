"""What the overlay must show for a tree, written from the tree itself (not the bookmarklet's code)."""

import time

from tests.support.trees import expected_entries, href_of

# The nginx configurations of the basic tests, with the precision of their dates.
SERVERS = {'json-by-accept.conf': 1, 'html-listings.conf': 60}


def iso(seconds):
    return time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime(seconds))


def expected_attributes(spec, base, precision):
    """The row (or child) attributes docs/contract.md promises for every entry of spec."""
    found = []
    for entry in expected_entries(spec, precision):
        is_directory = entry['type'] == 'directory'
        row = {'name': entry['name'], 'type': entry['type'],
               'href': href_of(base, entry['name'], is_directory), 'mtime': iso(entry['mtime'])}
        if entry['size'] is not None:
            row['size'] = str(entry['size'])
        found.append(row)
    return found


def without(row, *keys):
    return {key: value for key, value in row.items() if key not in keys}


def check_first_page(overlay, spec, base, precision):
    """Page 1 of a first visit: the newest ten rows, each directory's children, the counts."""
    expected = expected_attributes(spec, base, precision)
    assert [without(row, 'status', 'children') for row in overlay['rows']] == expected[:10]
    for row in overlay['rows']:
        if row['type'] == 'directory':
            assert row['status'] == 'new'
            children = spec[row['name']]['children']
            assert row['children'] == expected_attributes(children, row['href'], precision)[:5]
        else:
            assert 'status' not in row and row['children'] == []
    directories = sum(1 for row in overlay['rows'] if row['type'] == 'directory')
    assert overlay['status'] == dict(overlay['status'], state='done', loaded=str(directories),
                                     total=str(directories), failed='0')
    assert overlay['pager'] == {'page': '1', 'pages': str((len(spec) + 9) // 10)}
    assert overlay['sizes'] == ['10', '15', '20', '30'] and overlay['size'] == '10'
