"""The sitemaps protocol's rules (sitemaps.org/protocol.html), checked on a file as bytes: the
check a sitemap export must pass. Written from the protocol's published text, apart from
the code under test; the protocol's own XSDs are not copied here, their licence is not one
this project takes test data under.

A sitemap is UTF-8 XML whose root is <urlset> in the protocol's namespace, holding 1 to
50,000 <url>, each one <loc> and at most one each of <lastmod>, <changefreq>, <priority>;
an index is <sitemapindex> holding 1 to 50,000 <sitemap>, each one <loc> and at most one
<lastmod>. A file is at most 50 MB (52,428,800 bytes) uncompressed. A <loc> is an absolute
http(s) URL of 12 to 2,048 characters (the XSD's bounds), once its XML escapes are read;
a <lastmod> is a W3C datetime.
"""

import re
import xml.etree.ElementTree as ElementTree

NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9'
MOST_URLS = 50000
MOST_BYTES = 52428800
W3C_DATETIME = re.compile(
    r'\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?)?)?\Z')
URL = re.compile(r'https?://[^\s<>"]+\Z')
CHILDREN = {'urlset': ('url', {'loc', 'lastmod', 'changefreq', 'priority'}),
            'sitemapindex': ('sitemap', {'loc', 'lastmod'})}


def tag(name):
    return '{' + NAMESPACE + '}' + name


def checked_locs(data, kind):
    """The <loc> values of a sitemap (kind 'urlset') or an index ('sitemapindex') given as
    bytes, once the file is checked against the protocol's rules; AssertionError names the
    first rule broken."""
    assert len(data) <= MOST_BYTES, 'more than 50 MB'
    data.decode('utf-8')  # UTF-8, or UnicodeDecodeError
    assert data.startswith(b'<?xml version="1.0" encoding="UTF-8"?>'), 'no XML declaration'
    root = ElementTree.fromstring(data)
    assert root.tag == tag(kind), root.tag
    child, fields = CHILDREN[kind]
    assert 1 <= len(root) <= MOST_URLS, '{} <{}>'.format(len(root), child)
    locs = []
    for element in root:
        assert element.tag == tag(child), element.tag
        names = [field.tag for field in element]
        assert all(name in {tag(field) for field in fields} for name in names), names
        assert len(names) == len(set(names)) and names.count(tag('loc')) == 1, names
        loc = str(element.findtext(tag('loc')))
        assert 12 <= len(loc) <= 2048 and URL.match(loc), loc
        lastmod = element.findtext(tag('lastmod'))
        assert lastmod is None or W3C_DATETIME.match(lastmod), lastmod
        locs.append(loc)
    return locs
