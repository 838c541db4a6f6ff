"""Every configuration in nginx/ passes `nginx -t` and does in a browser what its comment says."""

import gzip
import json
import time
import urllib.request

import pytest

from nginx.server import Nginx, HERE as NGINX_DIR
from tests.support.trees import standard_tree, write_tree, expected_entries

CONFIGS = sorted(path.name for path in NGINX_DIR.glob('*.conf'))
JSON_ACCEPT = 'application/json, text/html;q=0.9, */*;q=0.8'


def test_every_configuration_is_listed():
    assert CONFIGS == ['cors.conf', 'html-listings.conf', 'json-at-prefix.conf',
                       'json-by-accept.conf', 'json-listings.conf', 'offer-to-visitors.conf',
                       'sitemap-host.conf', 'xml-listings.conf']


@pytest.mark.parametrize('site', CONFIGS)
def test_nginx_accepts_the_configuration(tmp_path, dist, site):
    text = (NGINX_DIR / site).read_text(encoding='utf-8')
    assert text.startswith('# ') and 'Minimum nginx:' in text
    assert 'listen 127.0.0.1:8080;' in text and 'root /srv/files;' in text
    server = Nginx(site, tmp_path / 'www', tmp_path / 'nginx', dist=dist,
                   allow_origin='http://127.0.0.1:1')
    (tmp_path / 'www').mkdir()
    assert 'test is successful' in server.test_config()


def get(url, accept='*/*', origin=None):
    """(status, headers, body) of a GET with the given Accept, gzip accepted."""
    request = urllib.request.Request(url, headers={'Accept': accept, 'Accept-Encoding': 'gzip'})
    if origin:
        request.add_header('Origin', origin)
    with urllib.request.urlopen(request, timeout=10) as response:
        body = response.read()
        if response.headers.get('Content-Encoding') == 'gzip':
            body = gzip.decompress(body)
        return response.status, response.headers, body


def big_tree(tmp_path):
    spec = standard_tree(35)
    spec['project-00']['children'].update(
        {'a rather long file name number {:04d}.txt'.format(index): {'mtime': 1788220800, 'size': index}
         for index in range(300)})
    write_tree(tmp_path / 'www', spec)
    return spec


@pytest.mark.parametrize('site', ['json-listings.conf', 'json-by-accept.conf', 'sitemap-host.conf',
                                  'cors.conf'])
def test_json_listings_travel_compressed(serve, tmp_path, dist, site):
    big_tree(tmp_path)
    server = serve(site, tmp_path / 'www', dist=dist)
    status, headers, body = get(server.url('/project-00/'), accept=JSON_ACCEPT)
    assert status == 200 and headers['Content-Type'] == 'application/json'
    assert headers['Content-Encoding'] == 'gzip'
    assert len(json.loads(body)) == 300
    for _ in range(50):  # nginx logs a request just after answering it
        if server.requests():
            break
        time.sleep(0.05)
    assert server.requests()[-1]['bytes'] * 5 < len(body), 'compressed at least fivefold'


def test_json_listings_conf_answers_json_to_everyone_and_the_bookmarklet_reads_it(
        page, serve, tmp_path, bookmarklet):
    spec = standard_tree(35)
    write_tree(tmp_path / 'www', spec)
    server = serve('json-listings.conf', tmp_path / 'www')
    assert get(server.url('/'), accept='text/html')[1]['Content-Type'] == 'application/json'
    overlay = page.open_sitemap(server.url('/'), bookmarklet)
    assert [row['name'] for row in overlay['rows']] == \
        [entry['name'] for entry in expected_entries(spec, 1)][:10]
    assert overlay['rows'][0]['mtime'].endswith(
        '{:02d}Z'.format(expected_entries(spec, 1)[0]['mtime'] % 60))
    assert overlay['status']['state'] == 'done' and page.errors == []


@pytest.mark.parametrize('site', ['json-by-accept.conf', 'sitemap-host.conf', 'cors.conf'])
def test_json_by_accept_and_by_query_html_otherwise(serve, tmp_path, dist, site):
    write_tree(tmp_path / 'www', standard_tree(3))
    server = serve(site, tmp_path / 'www', dist=dist)
    for url, accept in [(server.url('/'), JSON_ACCEPT), (server.url('/?format=json'), 'text/html'),
                        (server.url('/project-01/?format=json'), '*/*')]:
        status, headers, body = get(url, accept=accept)
        assert headers['Content-Type'] == 'application/json', url
        assert isinstance(json.loads(body), list)
    status, headers, body = get(server.url('/'), accept='text/html,*/*')
    assert headers['Content-Type'].startswith('text/html') and b'Index of /' in body
    assert 'Accept' in headers['Vary']


@pytest.mark.parametrize('site', ['sitemap-host.conf', 'cors.conf'])
def test_the_bookmarklet_files_are_served_under_a_fixed_prefix(serve, tmp_path, dist, site):
    write_tree(tmp_path / 'www', standard_tree(3))
    server = serve(site, tmp_path / 'www', dist=dist)
    status, headers, body = get(server.url('/.autoindex-sitemap/sitemap.js?v=0123'))
    assert body == (dist / 'sitemap.js').read_bytes()
    assert headers['Content-Type'].startswith('application/javascript')
    # Pinned by its hash where it is asked for with v: kept, so a click asks for nothing.
    assert headers['Cache-Control'] == 'max-age=315360000'
    assert 'no-cache' in get(server.url('/.autoindex-sitemap/sitemap.js'))[1]['Cache-Control']
    status, headers, body = get(server.url('/.autoindex-sitemap/install.html'))
    assert headers['Content-Type'] == 'text/html; charset=utf-8'
    assert 'no-cache' in headers['Cache-Control'], 'a replaced install page is never stale'
    assert body == (dist / 'install.html').read_bytes()
    listing = get(server.url('/'), accept='text/html')[2]
    assert b'autoindex-sitemap' not in listing, 'the prefix never shows in a listing'


def test_cors_lets_the_listed_origin_read_listings_and_no_other(page, serve, tmp_path, dist):
    spec = standard_tree(5)
    write_tree(tmp_path / 'www', spec)
    pages = serve('html-listings.conf', tmp_path / 'www')
    strangers = serve('html-listings.conf', tmp_path / 'www')
    listings = serve('cors.conf', tmp_path / 'www', dist=dist, allow_origin=pages.origin)
    read = """async (url) => {
      try {
        const response = await fetch(url, {headers: {Accept: %s}});
        return (await response.json()).length;
      } catch (error) { return 'refused'; }
    }""" % json.dumps(JSON_ACCEPT)
    page.goto(pages.url('/'))
    assert page.evaluate(read, listings.url('/')) == len(spec)
    assert page.evaluate(read, listings.url('/project-01/')) == len(spec['project-01']['children'])
    page.goto(strangers.url('/'))
    assert page.evaluate(read, listings.url('/')) == 'refused'
    methods = [r['method'] for r in listings.requests()]
    assert 'OPTIONS' not in methods, 'a simple request: no preflight'


def test_offer_to_visitors_adds_the_element_to_html_listings_and_changes_nothing_else(
        serve, tmp_path, dist):
    write_tree(tmp_path / 'www', standard_tree(3))
    (tmp_path / 'www' / 'page.html').write_text('<!DOCTYPE html><title>A page</title>')
    offering = serve('offer-to-visitors.conf', tmp_path / 'www', dist=dist)
    plain = serve('sitemap-host.conf', tmp_path / 'www', dist=dist)
    element = (dist / 'offer.html').read_bytes()
    for path in ['/', '/project-01/']:
        for url, accept in [(path, JSON_ACCEPT), (path + '?format=json', 'text/html'),
                            (path, 'text/html,*/*')]:
            offered = get(offering.url(url), accept=accept)
            written = get(plain.url(url), accept=accept)
            assert offered[1]['Content-Type'] == written[1]['Content-Type']
            if written[1]['Content-Type'] == 'application/json':
                assert offered[2] == written[2], 'JSON byte for byte the same: ' + url
            else:
                assert offered[2] == written[2] + element, url
    for path in ['/page.html', '/.autoindex-sitemap/sitemap.js']:
        assert get(offering.url(path))[2] == get(plain.url(path))[2], path
