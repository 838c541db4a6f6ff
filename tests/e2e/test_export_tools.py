"""Every export, of hostile names, through the real wget and aria2c against nginx.

A property test (docs/design.md, Trust): thousands of names that a file system
holds and nginx lists (spaces and dots at either end, control and C1 bytes,
backslashes, bytes that are not UTF-8, option-looking and URL-looking text) are
read the way the bookmarklet reads them (the CPython core, which the parity tests
hold to the shipped bundle), exported in every format and handed to the tools,
each run in a folder of its own, two levels down in a throwaway one. Whatever the
names, every file lands inside the folder, no two entries share one, each holds
its own entry's bytes, and every request names the listing's origin. The same
again with records planted in the store that no listing gives.
"""

import asyncio
import concurrent.futures
import json
import os
import random
import re
import shutil
import subprocess
import time
import urllib.error
import urllib.request
from urllib.parse import urlsplit

import pytest

from bookmarklet.shown.export import export_of, tool_hint
from bookmarklet.cache.records import new_record
from bookmarklet.crawl.root import in_order
from bookmarklet.reading.listing import read_listing
from bookmarklet.reading.names import body_text, entry_url
from bookmarklet.portable import Problem
from bookmarklet.cache.store import memory_store
from bookmarklet.shown.tree import tree_index
from tests.support.html_page import page_of_html

pytestmark = [
    pytest.mark.skipif(shutil.which('aria2c') is None or shutil.which('wget') is None,
                       reason='wget and aria2c run the exports: apt-get install wget aria2'),
    # A directory holding a file named index.html answers with that file, which the reader
    # then reads as a page, and BeautifulSoup warns that it looks like a file name.
    pytest.mark.filterwarnings('ignore::bs4.MarkupResemblesLocatorWarning'),
]

# What hostile names are made of.
FRAGMENTS = [b' ', b'  ', b'.', b'..', b'\\', b'\n', b'\r', b'\t', b'\x01', b'\x1b', b'\x7f',
             b'\xc2\x85', b'\xc2\x9f', b'\xe9', b'\xff', b'\xc3', b'\xc3\xa9', b'\xe2\x80\xae',
             b'\xef\xbb\xbf', b'-', b'--', b'-O', b'-o', b'=', b' dir=', b' out=', b'dir=/tmp',
             b'#', b'?', b'&', b'%', b'%2e', b'%2F', b'%0A', b'~', b'*', b'$x', b'`', b'"', b"'",
             b'<', b'>', b'|', b';', b':', b'@', b'http:', b'//', b'a', b'lead.txt', b'index.html',
             b'sitemap.txt', b'.1', b'x' * 40, b'b', b'c', b'file', b'.txt', b'_', b'\xe6\x97\xa5',
             b'\xf0\x9f\x98\x80', b'A', b'a b']
# Fragments that are hostile in other ways (option-, URL- and shell-looking text) but carry
# as they are: half the names are made of these alone, so that many reach the tools.
CARRIED = [b'a', b'b', b'c', b'file', b'.txt', b'_', b'-', b'-O', b'--', b'\xc3\xa9', b'\xe6\x97\xa5',
           b'A', b'a b', b'#', b'?', b'&', b'%', b'~', b'$x', b'`', b'"', b"'", b'=', b' dir=', b'http:',
           b';', b'|', b'*', b'<', b'>', b'lead.txt', b'index.html', b'.1']
# A seed of the test's own unless given: a failure prints it, to run that case again.
SEED = int(os.environ.get('EXPORT_SEED', time.time_ns() % 1000003))
LEVEL_1 = 100         # directories below the root
PER_DIRECTORY = 40    # names in each, and as many again as files of the root


def hostile_names(chance, count):
    """count distinct names a POSIX file system holds (no slash), each of one to four
    fragments."""
    names = {}
    while len(names) < count:
        fragments = CARRIED if chance.random() < 0.5 else FRAGMENTS
        name = b''.join(chance.choice(fragments) for _ in range(chance.randint(1, 4)))
        if name not in (b'.', b'..') and b'/' not in name and len(name) <= 200:
            names[name] = True
    return list(names)


def carried_alone(name):
    """Whether a name can be saved as exactly itself by every tool, decided here apart from
    the bookmarklet's code: UTF-8, no control character (C0, DEL, C1), no backslash, no
    space at either end, no %XX (wget decodes it), not '.' or '..'."""
    try:
        text = name.decode('utf-8')
    except UnicodeDecodeError:
        return False
    return (text not in ('', '.', '..') and '\\' not in text and text.strip(' ') == text
            and not re.search('%[0-9a-fA-F]{2}', text)
            and not any(ord(char) < 0x20 or 0x7f <= ord(char) <= 0x9f for char in text))


def write_hostile_tree(www, chance):
    """www/root/: files and directories of hostile names, each file holding its own path.
    Returns {local path bytes: content} of every file."""
    root = www / 'root'
    root.mkdir(parents=True)
    files = {}
    for name in hostile_names(chance, PER_DIRECTORY):
        if name != b'index.html':  # nginx would serve it in the root's listing's place
            files[name] = name
            (root / os.fsdecode(name)).write_bytes(name)
    for directory in hostile_names(chance, LEVEL_1):
        if directory in files or directory == b'index.html':
            continue
        folder = root / os.fsdecode(directory)
        folder.mkdir()
        for name in hostile_names(chance, PER_DIRECTORY):
            path = directory + b'/' + name
            files[path] = path
            (folder / os.fsdecode(name)).write_bytes(path)
    return files


def listing_of(url):
    """The listing at url, read as the bookmarklet reads an answer (the CPython core)."""
    request = urllib.request.Request(url, headers={'Accept': 'application/json'})
    with urllib.request.urlopen(request, timeout=30) as response:
        body = response.read().decode('latin-1')
        return read_listing(response.headers.get('Content-Type', ''), body_text(body),
                            page_of_html, {'url': url, 'now': time.time()},
                            {'utcOffsetMinutes': 0})


def crawled(root_url):
    """{entries, records, unlisted}: the root's listing, a record of each directory in it
    that gives a listing (as the crawl makes it, its entries in display order), and the
    names of those that give none (one that holds a file named index.html serves that file
    instead)."""
    entries = listing_of(root_url)['entries']
    records = []
    unlisted = []
    for entry in entries:
        if entry['type'] == 'directory':
            url = entry_url(root_url, entry)
            try:
                records.append(new_record(url, entry['mtime'], 1, in_order(listing_of(url)), 0, None))
            except (Problem, urllib.error.URLError):
                unlisted.append(entry['href'])
    return {'entries': entries, 'records': records, 'unlisted': unlisted}


def listed_files(files, tree):
    """The files of files that tree's listings show: not those of a directory unlisted, nor
    those whose path has a name starting with '.', which nginx does not list."""
    unlisted = [urllib.request.unquote_to_bytes(href) + b'/' for href in tree['unlisted']]
    return {path: content for path, content in files.items()
            if not any(path.startswith(folder) for folder in unlisted)
            and not any(name.startswith(b'.') for name in path.split(b'/'))}


def requests_of(server, since):
    """The request lines nginx logged after the first `since` lines."""
    lines = server.access_log.read_text(encoding='latin-1').splitlines()[since:]
    return [line.split('"')[1] for line in lines]


def log_length(server):
    path = server.access_log
    return len(path.read_text(encoding='latin-1').splitlines()) if path.exists() else 0


def run_tool(command, folder, text):
    """Run command in folder over text saved as sitemap.txt; every file it wrote: {relative
    path bytes: content}. A proxy that is not there catches any request for another host."""
    folder.mkdir(parents=True)
    (folder / 'sitemap.txt').write_text(text, encoding='utf-8')
    env = dict(os.environ, http_proxy='http://127.0.0.1:9', https_proxy='http://127.0.0.1:9',
               no_proxy='127.0.0.1', LC_ALL='C.UTF-8')
    done = subprocess.run(command, cwd=folder, capture_output=True, timeout=600, env=env)
    written = {}
    for place, _, names in os.walk(os.fsencode(folder)):
        for name in names:
            path = os.path.relpath(os.path.join(place, name), os.fsencode(folder))
            if path != b'sitemap.txt':
                with open(os.path.join(place, name), 'rb') as file:
                    written[path] = file.read()
    return done, written


TOOLS = {
    'wget': lambda root_url: tool_hint('wget', root_url).split(' ') + ['-nv'],
    'aria2': lambda root_url: tool_hint('aria2', root_url).split(' ') + [
        '--console-log-level=warn', '--summary-interval=0', '--download-result=hide', '-j', '16',
        '--max-connection-per-server=16'],
    'urls-wget': lambda root_url: ['wget', '-q', '-i', 'sitemap.txt'],
    'urls-aria2': lambda root_url: ['aria2c', '-q', '-j', '16', '-i', 'sitemap.txt'],
}


def check_exports(server, root_url, index, sandbox, files):
    """Every export of index's hits, run through every tool, in sandbox: the checks of the
    module docstring. files: {path bytes: content} the tree holds; returns how many names
    went through the tools."""
    hits = index['hits']
    through = 0
    for tool, command in TOOLS.items():
        format_name = tool.split('-')[0]
        export = export_of(hits, format_name, root_url)
        urls = [line for line in export['text'].split('\n') if line.startswith('http')]
        for url in urls:
            assert urlsplit(url).netloc == urlsplit(root_url).netloc and url.startswith(root_url)
            assert url.isprintable() and ' ' not in url, url
        outer = sandbox / tool / 'outer'
        folder = outer / 'inner' / 'folder'
        since = log_length(server)
        done, written = run_tool(command(root_url), folder, export['text'])
        # Nothing anywhere in the sandbox but inside the folder.
        for place, _, names in os.walk(sandbox / tool):
            for name in names:
                assert os.path.commonpath([place, str(folder)]) == str(folder), \
                    (tool, SEED, place, name)
        asked = requests_of(server, since)
        assert {line.split(' ')[1] for line in asked} <= {urlsplit(url).path for url in urls}
        if format_name == 'urls':
            # A list of URLs is no plan of where to save them: each tool names the files
            # it saves from the URL's last name (many the same), its own way, in the folder.
            continue
        assert len(asked) == len(urls), (tool, SEED)
        said = [line for line in (done.stdout + done.stderr).split(b'\n') if b' URL:' not in line]
        assert done.returncode == 0, (tool, SEED, said[:20])
        # Each file saved as exactly its own path, holding its own bytes.
        expected = {path: content for path, content in files.items()
                    if all(carried_alone(name) for name in path.split(b'/'))
                    and path.split(b'/')[0] != b'sitemap.txt'}
        assert written == expected, (tool, SEED, sorted(set(written) ^ set(expected))[:5])
        through += len(written)
    return through


@pytest.fixture
def hostile_tree(tmp_path, serve):
    chance = random.Random(SEED)
    files = write_hostile_tree(tmp_path / 'www', chance)
    server = serve('json-by-accept.conf', tmp_path / 'www')
    return server, files


def test_hostile_names_through_every_export_stay_in_the_folder_and_the_origin(hostile_tree, tmp_path):
    server, files = hostile_tree
    root_url = server.url('/root/')
    started = time.monotonic()
    tree = crawled(root_url)
    files = listed_files(files, tree)
    index = tree_index(root_url, tree['entries'], tree['records'])
    # Everything the file system holds is listed, and every name is checked on its own.
    assert len([hit for hit in index['hits'] if hit['type'] == 'file']) == len(files)
    left = export_of(index['hits'], 'aria2', root_url)['left']
    unsafe = [path for path in files if not all(carried_alone(name) for name in path.split(b'/'))]
    assert len(left) >= len(unsafe) > 0 and len(files) - len(unsafe) > 100
    through = check_exports(server, root_url, index, tmp_path / 'sandbox', files)
    # JSON names every entry but those it leaves out, each at its own URL.
    export = export_of(index['hits'], 'json', root_url)
    assert [item['url'] for item in json.loads(export['text'])] == \
        [hit['href'] for hit in index['hits'] if hit['path'] not in export['left']]
    print('export seed {}: {} names listed, each through 4 exports and 4 tool runs; {} files '
          'saved by wget and aria2c each, {} names left out; {:.1f} s'.format(
              SEED, len(index['hits']), through // 2, len(left), time.monotonic() - started))


# What a script on the listing's origin may plant for a directory that is there: names
# and hrefs no listing gives, for an entry of each kind.
def planted_entries(chance):
    found = []
    for _ in range(200):
        name = b''.join(chance.choice(FRAGMENTS + [b'/', b'../', b'/etc/']) for _ in range(
            chance.randint(1, 4))).decode('utf-8', 'replace')
        href = chance.choice([
            name, name.replace('/', '%2F'), urllib.request.quote(name, safe='/'),
            'http://attacker.example/' + name, '//attacker.example/x', '%2e%2e', '..',
            'a\n dir=/tmp', '%2e%2e%2f' + urllib.request.quote(name), '.%2E', '%2E.'])
        listed = name not in ('', '.', '..') and '/' not in name and \
            href == urllib.request.quote(name.encode(), safe='-._~')
        if not listed:  # what no listing gives
            found.append({'name': name, 'href': href, 'undecodable': False,
                          'type': chance.choice(['file', 'directory']), 'mtime': 1, 'size': 1,
                          'sizeApprox': False, 'seen': 0})
    return found


def test_planted_records_never_reach_an_export_or_the_tools(hostile_tree, tmp_path):
    server, files = hostile_tree
    root_url = server.url('/root/')
    tree = crawled(root_url)
    records = tree['records']
    half = len(records) // 2
    chance = random.Random(SEED + 1)
    # Half the directories' own records, each with one planted entry among its own; and
    # records for URLs below the root that a browser reads as somewhere else.
    planted = [dict(record, entries=record['entries'] + [chance.choice(planted_entries(chance))])
               for record in records[:half]]
    planted += [dict(records[0], url=root_url + path) for path in
                ['%2e%2e/', '.%2E/', 'a%2F..%2F/', 'x/%2e%2e/%2e%2e/', '%61/', '../']]
    store = memory_store('test')

    async def read_back():
        await store.write_records(planted + records[half:])
        return await store.records_below(root_url)
    # In a thread of its own: Playwright's sync API keeps a loop running in the tests'
    # thread once a browser test has run.
    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        trusted = thread.submit(lambda: asyncio.run(read_back())).result()
    assert sorted(record['url'] for record in trusted) == \
        sorted(record['url'] for record in records[half:])
    index = tree_index(root_url, tree['entries'], trusted)
    assert index == tree_index(root_url, tree['entries'], records[half:])
    check_exports_planted(server, root_url, index, tmp_path / 'sandbox')


def check_exports_planted(server, root_url, index, sandbox):
    """The tools over an index made with planted records: inside the folder, the origin only,
    and every file one of the trusted records lists."""
    for tool in ['wget', 'aria2']:
        export = export_of(index['hits'], tool, root_url)
        folder = sandbox / tool / 'outer' / 'inner' / 'folder'
        since = log_length(server)
        done, written = run_tool(TOOLS[tool](root_url), folder, export['text'])
        assert done.returncode == 0, done.stderr[-2000:]
        for place, _, names in os.walk(sandbox / tool):
            for name in names:
                assert os.path.commonpath([place, str(folder)]) == str(folder)
        assert all(line.split(' ')[1].startswith('/root/') for line in requests_of(server, since))
        for path, content in written.items():
            assert content == path, path  # each file its own entry's bytes



# Names with control bytes, beside the seed's.
CONTROLLED = [b'line\nbreak', b'bell\x07', b'\x7fdelete', b'tab\there', b'return\r.txt']


def test_the_wget_command_writes_no_control_byte_into_a_name(hostile_tree, tmp_path):
    """The command the overlay shows, over URLs the export would leave out: wget's own rule
    writes a control byte as %XX, never raw (nocontrol wrote line breaks into names)."""
    server, files = hostile_tree
    root_url = server.url('/root/')
    # The seed's names may hold no control byte at the root: these always do.
    for name in CONTROLLED:
        (tmp_path / 'www' / 'root' / os.fsdecode(name)).write_bytes(name)
    controlled = list(dict.fromkeys(CONTROLLED + [
        path for path in files if b'/' not in path and not path.startswith(b'.')
        and re.search(b'[\\x00-\\x1f\\x7f]', path)]))
    text = ''.join(root_url + urllib.request.quote(path, safe='') + '\n' for path in controlled)
    done, written = run_tool(TOOLS['wget'](root_url), tmp_path / 'folder', text)
    assert len(written) == len(controlled)
    assert not any(re.search(b'[\\x00-\\x1f\\x7f]', path) for path in written), sorted(written)[:3]


def test_the_names_of_the_report_stay_in_the_folder_and_take_no_real_file_s_name(serve, tmp_path):
    """The names that were seen to escape: a directory ' ..' (aria2c trimmed dir= ' ..' to
    '..' and wrote one level up), ' lead.txt' beside lead.txt (saved over it), and names
    that are not UTF-8 beside what their \\xe9 reads as."""
    www = tmp_path / 'www' / 'root'
    (www / ' ..').mkdir(parents=True)
    (www / ' ..' / 'evil.txt').write_bytes(b'evil')
    (www / ' ..' / ' ..').mkdir()
    (www / ' ..' / ' ..' / 'deeper.txt').write_bytes(b'evil')
    (www / 'lead.txt').write_bytes(b'real')
    (www / ' lead.txt').write_bytes(b'evil')
    (www / 'lead.txt ').write_bytes(b'evil')
    (www / os.fsdecode(b'caf\xe9')).write_bytes(b'evil')
    (www / 'caf\\xe9').write_bytes(b'real')
    server = serve('json-by-accept.conf', tmp_path / 'www')
    root_url = server.url('/root/')
    tree = crawled(root_url)
    records = [new_record(url, 0, 1, listing_of(url), 0, None) for url in
               [root_url + '%20../%20../']]  # as a search below ' ..' opened in place reads it
    index = tree_index(root_url, tree['entries'], tree['records'] + records)
    for tool in ['aria2', 'wget']:
        export = export_of(index['hits'], tool, root_url)
        # Both names that read caf\xe9 are left out: one's bytes are not UTF-8, the other
        # holds a backslash.
        assert sorted(export['left']) == [' ../', ' ../ ../', ' ../ ../deeper.txt', ' ../evil.txt',
                                          ' lead.txt', 'caf\\xe9', 'caf\\xe9', 'lead.txt ']
        folder = tmp_path / tool / 'outer' / 'inner' / 'folder'
        done, written = run_tool(TOOLS[tool](root_url), folder, export['text'])
        assert done.returncode == 0
        assert written == {b'lead.txt': b'real'}
        for place, _, names in os.walk(tmp_path / tool):
            for name in names:
                assert os.path.commonpath([place, str(folder)]) == str(folder), (place, name)


# A listing a hostile server sends for names no file system holds: every one of them is
# refused by the reader (entries.is_plain_name) or by the export's rule, and what is left
# reaches the tools, which find nothing there and write nothing outside the folder.
FORGED = ['/etc/passwd', '../x', '..', '.', '', 'a/b', '\\..\\x', 'x\u0000y', ' ..', '..\\',
          '%2e%2e', 'a\nb', 'http://attacker.example/x', '//attacker.example/x', '-O /tmp/x',
          ' dir=/tmp', 'ok.txt']


def test_a_forged_listing_s_names_stay_in_the_folder(serve, tmp_path):
    forged = tmp_path / 'www' / 'root' / 'forged'
    forged.mkdir(parents=True)
    for index, name in enumerate(FORGED):
        (forged / '{}.json'.format(index)).write_text(json.dumps(
            [{'name': name, 'type': kind, 'mtime': 'Tue, 01 Dec 2026 10:00:00 GMT', 'size': 1}
             for kind in ['file', 'directory']] + [{'name': 'ok.txt', 'type': 'file'}]))
    server = serve('json-by-accept.conf', tmp_path / 'www')
    root_url = server.url('/root/')
    records = []
    refused = 0
    for index in range(len(FORGED)):
        url = server.url('/root/forged/{}.json'.format(index))
        try:
            listing = listing_of(url)  # refused whole when a name is no plain name
        except Problem:
            refused += 1
            continue
        records.append(new_record(root_url + 'forged/', 0, 1, listing, 0, None))
    assert refused > 0 and records
    for record in records:
        index = tree_index(root_url, [], [record])
        assert all('/' not in hit['name'] and hit['name'] not in ('', '.', '..')
                   for hit in index['hits'])
        for tool in TOOLS:
            export = export_of(index['hits'], tool.split('-')[0], root_url)
            sandbox = tmp_path / 'sandbox' / tool
            shutil.rmtree(sandbox, ignore_errors=True)  # a throwaway folder for each run
            folder = sandbox / 'outer' / 'inner' / 'folder'
            since = log_length(server)
            run_tool(TOOLS[tool](root_url), folder, export['text'])
            for place, _, found in os.walk(sandbox):
                for name in found:
                    assert os.path.commonpath([place, str(folder)]) == str(folder), (tool, name)
            assert all(line.split(' ')[1].startswith('/root/forged/')
                       for line in requests_of(server, since))
