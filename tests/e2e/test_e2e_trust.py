"""What a page on the listing's origin and a shared link can try, in each browser engine
(docs/design.md, Trust): markup that names itself currentScript, a loader that passes a
JSON prefix leading to another host, records and a visit planted in IndexedDB.

Another nginx on 127.0.0.1 plays the attacker's server: it serves listings of its own,
and its access log says whether anything was asked of it.
"""

import json
import os
import urllib.parse

from toolkit.javascript_url import javascript_url
from tests.support.trees import standard_tree, write_tree, directory, file, SEPT_2026
from tests.support.visits import read_cache, quiet_requests, visit, directories_on
from tests.e2e.test_export_tools import TOOLS, run_tool

SCRIPT = '/.autoindex-sitemap/sitemap.js'


def servers(serve, tmp_path, dist):
    """(the listing's server, the attacker's): the first also hosts sitemap.js; the second
    lists a tree of its own, whose every name says where it came from."""
    write_tree(tmp_path / 'www', standard_tree(12))
    write_tree(tmp_path / 'evil', {'from-attacker': directory(SEPT_2026, {
        'planted.txt': file(SEPT_2026, 1)})})
    return (serve('sitemap-host.conf', tmp_path / 'www', dist=dist),
            serve('json-by-accept.conf', tmp_path / 'evil'))


def hijack(attacker):
    """Settings that would send each listing request to the attacker's server: a JSON prefix
    that turns http://127.0.0.1:PORT/x/ into http://127.0.0.1:PORT@127.0.0.1:EVIL/x/."""
    return {'jsonPrefixFrom': '/', 'jsonPrefixTo': '@127.0.0.1:{}/'.format(attacker.port)}


# Markup alone, as an uploaded page or a listing's own HTML could hold it: named elements
# become properties of document, so this one stands in document.currentScript's place.
CLOBBER = """(fragment) => {
  const image = document.createElement('img');
  image.setAttribute('name', 'currentScript');
  image.setAttribute('src', '/x.png#' + fragment);
  document.body.append(image);
  return document.currentScript === image;
}"""


def loader_of(dist):
    return (dist / 'loader.url').read_text(encoding='utf-8').strip()


def with_fragment(loader, settings):
    """The loader with settings passed after '#' in its script's URL, as a shared loader could
    be made: the genuine URL and integrity, other settings."""
    code = urllib.parse.unquote(loader[len('javascript:'):])
    at = code.index('?v=') + len('?v=') + 12
    return javascript_url(code[:at] + '#' + json.dumps(settings, separators=(',', ':')) + code[at:])


def choose_export(page, chosen):
    """Choose an export format, the select scrolled into view first: below ten rows and
    their children it is out of sight, where WebKit's driver does not reach it."""
    page.evaluate("""document.getElementById('autoindex-sitemap').shadowRoot
        .querySelector('[data-role=export-format]').scrollIntoView()""")
    page.control('export-format').select_option(chosen)
    return page.read_overlay()['exported']


def notes_of(page):
    return page.evaluate("""[...document.getElementById('autoindex-sitemap').shadowRoot
        .querySelectorAll('.note')].map((note) => note.textContent).join('\\n')""")


def test_markup_named_current_script_sets_nothing(page, serve, tmp_path, dist, bookmarklet):
    server, attacker = servers(serve, tmp_path, dist)
    for clicked in [bookmarklet, loader_of(dist)]:
        page.goto(server.url('/'))
        assert page.evaluate(CLOBBER, json.dumps(hijack(attacker))) is True, 'the markup holds'
        page.run_bookmarklet(clicked)
        overlay = page.wait_settled()
        assert len(overlay['rows']) == 10 and overlay['status']['state'] == 'done'
        assert all(row['href'].startswith(server.url('/')) for row in overlay['rows'])
        assert 'settings refused' not in notes_of(page), 'nothing was passed'
        page.run_bookmarklet(clicked)  # close
    quiet_requests(server)
    assert attacker.requests() == []
    assert page.errors == []


def test_a_loader_passing_a_prefix_to_another_host_is_refused_and_said(page, serve, tmp_path, dist):
    server, attacker = servers(serve, tmp_path, dist)
    page.goto(server.url('/'))
    page.run_bookmarklet(with_fragment(loader_of(dist), hijack(attacker)))
    overlay = page.wait_settled()
    assert [row['name'] for row in overlay['rows']][:1] != ['from-attacker']
    assert len(overlay['rows']) == 10 and overlay['status']['state'] == 'done'
    assert 'Loader settings refused: jsonPrefixTo' in notes_of(page)
    quiet_requests(server)
    assert attacker.requests() == []


def test_a_loader_passing_allowed_settings_is_followed(page, serve, tmp_path, dist):
    server, _ = servers(serve, tmp_path, dist)
    page.goto(server.url('/'))
    page.run_bookmarklet(with_fragment(loader_of(dist), {'pageSize': 15, 'title': 'Shared'}))
    overlay = page.wait_settled()
    assert len(overlay['rows']) == min(15, len(standard_tree(12))) and overlay['size'] == '15'
    assert 'settings refused' not in notes_of(page)


WRITE = """([store, values]) => new Promise((resolve, reject) => {
  const request = indexedDB.open('autoindex-sitemap');
  request.onsuccess = () => {
    const database = request.result;
    const transaction = database.transaction(store, 'readwrite');
    for (const value of values) transaction.objectStore(store).put(value);
    transaction.oncomplete = () => { database.close(); resolve(true); };
    transaction.onerror = () => reject(transaction.error);
  };
  request.onerror = () => reject(request.error);
})"""

# A visit the store holds for a time that is no time: NaN is a number, JSON has none.
PLANT_NAN_VISIT = """(root) => new Promise((resolve, reject) => {
  const request = indexedDB.open('autoindex-sitemap');
  request.onsuccess = () => {
    const database = request.result;
    const transaction = database.transaction('visits', 'readwrite');
    transaction.objectStore('visits').put({root, visitedAt: NaN});
    transaction.oncomplete = () => { database.close(); resolve(true); };
    transaction.onerror = () => reject(transaction.error);
  };
})"""


def test_a_planted_record_never_reaches_a_row_a_hit_or_an_export(page, serve, tmp_path, dist,
                                                                 bookmarklet):
    server, attacker = servers(serve, tmp_path, dist)
    first, _ = visit(page, server, bookmarklet)
    genuine = {record['url']: record for record in read_cache(page)['records']}
    target = [row['href'] for row in directories_on(first) if genuine.get(row['href'], {}).get(
        'entries')][0]
    sound = genuine[target]
    # The directory's own record, its real mtime, fresh by every clock; its entries what no
    # listing gives: a path, an href with a line break and an aria2 option, another origin.
    planted = dict(sound, entries=[
        dict(sound['entries'][0], name='../../../../home/u/.config/autostart/x.desktop',
             href='..%2F..%2F..%2F..%2Fhome%2Fu%2F.config%2Fautostart%2Fx.desktop'),
        dict(sound['entries'][0], name='x', href='x\n dir=/tmp'),
        dict(sound['entries'][0], name='y', href=attacker.url('/from-attacker/planted.txt')),
        dict(sound['entries'][0], name='z', href='//127.0.0.1:{}/z'.format(attacker.port)),
    ])
    # And a record below it for a URL a browser reads as the root itself.
    page.evaluate(WRITE, ['records', [planted, dict(sound, url=target + '%2e%2e/')]])
    page.run_bookmarklet(bookmarklet)  # close
    overlay, requests = visit(page, server, bookmarklet)
    row = [row for row in directories_on(overlay) if row['href'] == target][0]
    assert [child['name'] for child in row['children']] == \
        [entry['name'] for entry in sound['entries']][:5]
    assert urllib.parse.urlsplit(target).path in requests, 'fetched again'
    assert 'Damaged in the cache: fetched again.' in notes_of(page)
    # The page's exports, through the real tools: inside the folder, from the listing only.
    page.find('.export summary').click()
    for tool in ['wget', 'aria2']:
        text = choose_export(page, tool)
        folder = tmp_path / tool / 'outer' / 'inner' / 'folder'
        since = len(server.requests())
        done, written = run_tool(TOOLS[tool](server.url('/')), folder, text)
        assert done.returncode == 0 and written, (tool, done.stdout[-500:], done.stderr[-500:])
        for place, _, names in os.walk(tmp_path / tool):
            assert all(os.path.commonpath([place, str(folder)]) == str(folder) for _ in names)
        assert len(server.requests()) - since == len(written)
    # Nor in a search of the tree, nor in any export.
    page.control('scope').select_option('tree')
    page.control('filter').fill('x')
    page.wait_for("""() => document.getElementById('autoindex-sitemap').shadowRoot
        .querySelector('[data-role=matches]').textContent.includes('hits')""")
    for chosen in ['urls', 'wget', 'aria2', 'json']:
        text = choose_export(page, chosen)
        assert 'autostart' not in text and 'dir=/tmp' not in text and str(attacker.port) not in text
    hits = page.read_overlay()['hits']
    assert all(hit['href'].startswith(server.url('/')) and 'autostart' not in hit['path']
               and '%2e%2e' not in hit['href'] for hit in hits)
    assert attacker.requests() == [] and page.errors == []


def test_a_visit_at_a_time_that_is_no_time_is_no_visit(page, serve, tmp_path, dist, bookmarklet):
    server, _ = servers(serve, tmp_path, dist)
    visit(page, server, bookmarklet)
    page.run_bookmarklet(bookmarklet)  # close
    assert page.evaluate(PLANT_NAN_VISIT, server.url('/')) is True
    visit(page, server, bookmarklet)
    page.control('whats-new').click()
    page.wait_for("""() => document.getElementById('autoindex-sitemap').shadowRoot
        .querySelector('[data-role=matches]').textContent !== ''""")
    assert page.read_overlay()['matches'] == 'No previous visit here'


# Every site is a page that may try (docs/design.md, Trust): what a page's script writes into
# the export box and its format select, in the page's own realm, after the person opened it.
TAMPER = """(planted) => {
  const box = document.getElementById('autoindex-sitemap').shadowRoot.querySelector('.export');
  box.querySelector('[data-role=export-text]').value = planted;
  box.querySelector('[data-role=export-format]').value = 'json';
}"""
HINT = """document.getElementById('autoindex-sitemap').shadowRoot
    .querySelector('.export code').textContent"""
COPY_SAID = """document.getElementById('autoindex-sitemap').shadowRoot
    .querySelector('.export .meta').textContent"""


def test_the_export_saved_and_copied_is_the_script_s_own(page, new_page, serve, tmp_path, dist,
                                                          bookmarklet):
    """The page replaces the box's text with input of its own for the tool the hint names
    (and the format select's value): Save downloads the text the script made, under the name
    the hint reads, Copy copies it, and the hint's command with the real tool writes only
    inside its folder and asks only the listing's server."""
    server, attacker = servers(serve, tmp_path, dist)
    planted = {
        'aria2': attacker.url('/from-attacker/planted.txt') + '\n dir=../../../escaped\n out=x\n',
        'wget': attacker.url('/from-attacker/planted.txt') + '\n'}
    for tool in ['aria2', 'wget']:
        tab = page if tool == 'aria2' else new_page()
        tab.open_sitemap(server.url('/'), bookmarklet)
        tab.find('.export summary').click()
        made = choose_export(tab, tool)
        hint = tab.evaluate(HINT)
        assert hint.endswith(' -i sitemap.txt') and 'http' in made
        tab.evaluate(TAMPER, planted[tool])
        tab.control('save').click()
        [[name, saved]] = tab.wait_for_downloads().items()
        # The hint's command, run by the real tool over the file saved, as the person runs it.
        folder = tmp_path / tool / 'outer' / 'inner' / 'folder'
        done, written = run_tool(TOOLS[tool](server.url('/')), folder, saved.decode('utf-8'))
        for place, _, names in os.walk(tmp_path / tool):
            assert names == [] or os.path.commonpath([place, str(folder)]) == str(folder), \
                'the tool wrote outside its folder: ' + place
        assert attacker.requests() == []
        assert done.returncode == 0 and written, (tool, done.stderr[-500:])
        assert [name, saved] == ['sitemap.txt', made.encode('utf-8')], tool
        tab.evaluate(TAMPER, planted[tool])
        tab.control('copy').click()
        assert tab.wait_for(COPY_SAID) == 'Copied'
        tab.press('Escape')
        assert tab.paste() == made, tool
    assert attacker.requests() == []
