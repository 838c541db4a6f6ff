"""Seeded random walks over what a person does with the overlay, in every engine against a
real nginx (JSON and HTML listings), with the tree on disk changing between steps; after
each settled step, what must always hold is checked against the tree on disk.

A walk is a seed: it writes the tree, then draws each step (a change on disk, then one
action) from a random.Random of that seed. A failure prints the seed and the steps taken;
SITEMAP_WALK_SEED=<seed> replays one walk (in the engines and formats -k selects), and
SITEMAP_WALKS=<n> runs n walks per engine and format instead of the default ones.

What a listing held when it was read is known from nginx's log: each request for a
directory is matched to the tree as it was on disk then (nothing changes on disk while a
step runs). A row may show a listing read earlier (a record still trusted), never one
that never was.
"""

import json
import os
import random
import shutil
import time
from urllib.parse import unquote, urlsplit

import pytest

from tests.support.trees import write_tree, directory, file, href_of
from tests.support.visits import read_cache, quiet_requests

# (nginx site, the seconds one mtime step of its listings spans)
SITES = {'json': ('json-by-accept.conf', 1), 'html': ('html-listings.conf', 60)}
DEFAULT_SEEDS = [59001]
STEPS = 20
CHILDREN_SHOWN = 5

# The overlay shows root, settled: not loading, no row pending.
SETTLED_AT = """(root) => {
  const host = document.getElementById('autoindex-sitemap');
  if (!host) return false;
  const shadow = host.shadowRoot;
  const status = shadow.querySelector('[data-role=status]');
  return status.getAttribute('data-root') === root && status.getAttribute('data-state') !== 'loading' &&
    shadow.querySelector('[data-role=row][data-status=pending]') === null;
}"""
MAP_STATE = """document.getElementById('autoindex-sitemap').shadowRoot
    .querySelector('[data-role=map-progress]').getAttribute('data-state')"""
# A map's button pressed while it is shown; False when it is not (the map ended first).
PRESS_IF_SHOWN = """(role) => {
  const button = document.getElementById('autoindex-sitemap').shadowRoot
      .querySelector('[data-role=' + role + ']');
  if (button.hidden || button.disabled) return false;
  button.click();
  return true;
}"""
STATE = """() => {
  const shadow = document.getElementById('autoindex-sitemap').shadowRoot;
  return {filter: shadow.querySelector('[data-role=filter]').value,
          scope: shadow.querySelector('[data-role=scope]').value,
          crumbs: [...shadow.querySelectorAll('[data-role=crumb]')].map((c) => c.getAttribute('data-href')),
          map: [...shadow.querySelectorAll('[data-role=map],[data-role=pause],[data-role=resume],[data-role=stop]')]
              .filter((b) => !b.hidden && !b.disabled).map((b) => b.getAttribute('data-role')),
          exportOpen: shadow.querySelector('.export').open};
}"""
EXPORTED = """() => document.getElementById('autoindex-sitemap').shadowRoot
    .querySelector('[data-role=export-text]').value"""
GLOBALS = '() => Object.keys(window).sort()'


def seeds():
    if os.environ.get('SITEMAP_WALK_SEED'):
        return [int(os.environ['SITEMAP_WALK_SEED'])]
    if os.environ.get('SITEMAP_WALKS'):
        return [59001 + index for index in range(int(os.environ['SITEMAP_WALKS']))]
    return DEFAULT_SEEDS


def iso(seconds):
    return time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime(seconds))


def seconds_of(text):
    return int(time.mktime(time.strptime(text, '%Y-%m-%dT%H:%M:%SZ')) - time.mktime(time.gmtime(0)))


def in_display_order(entries):
    """Newest first, then name by code point: written here apart from the bookmarklet."""
    return sorted(entries, key=lambda entry: (-entry['mtime'], entry['name']))


class Walk:
    """One seeded walk: the tree on disk, nginx, a fresh tab, what was read and when."""

    def __init__(self, seed, site, server, www, page, bookmarklet):
        self.seed, self.server, self.www, self.page = seed, server, www, page
        self.precision = SITES[site][1]
        self.bookmarklet = bookmarklet
        self.random = random.Random(seed)
        self.steps = []
        self.made = 0
        self.read = {}            # directory URL -> [listing as read, oldest first]
        self.first_read = {}      # directory URL -> the step that first read it
        self.read_times = {}      # directory URL -> [the server's second of each reading]
        self.pruned = set()       # directories whose records a visit of their parent dropped
        self.read_before = set()  # directories read, and not removed since
        self.overlay_open = False
        self.root = server.url('/')
        self.session_rows = None  # the shown root's listing this visit showed
        self.session_start = 0
        self.session_read_before = set()
        self.mode = 'rows'
        self.visits = {}          # root URL -> [its visits' times, oldest first]
        self.previous_visit = None
        self.log_seen = 0
        self.globals = None

    # -- the tree on disk --

    def path_of(self, url):
        return self.www / unquote(urlsplit(url).path).lstrip('/')

    def listing_on_disk(self, url):
        """The entries nginx lists for url now, in display order; None when it is gone."""
        folder = self.path_of(url)
        if not folder.is_dir():
            return None
        found = []
        for item in os.scandir(folder):
            stat = item.stat(follow_symlinks=False)
            is_dir = item.is_dir(follow_symlinks=False)
            found.append({'name': item.name, 'type': 'directory' if is_dir else 'file',
                          'mtime': int(stat.st_mtime) // self.precision * self.precision,
                          'size': None if is_dir else stat.st_size,
                          'href': href_of(url, item.name, is_dir)})
        return in_display_order(found)

    def directories_below(self, folder):
        found = []
        for path, names, _ in os.walk(folder):
            found.extend(os.path.join(path, name) for name in names)
        return sorted(found)

    def change_tree(self):
        """One change on disk, drawn from the seed, never to the shown root or above it."""
        shown = self.path_of(self.root)
        protected = {str(self.www)}
        path = shown
        while path != self.www.parent and str(path).startswith(str(self.www)):
            protected.add(str(path))
            path = path.parent
        folders = [str(self.www)] + self.directories_below(self.www)
        entries = sorted(str(p) for folder in folders for p in
                         (os.path.join(folder, n) for n in os.listdir(folder)) if p not in protected)
        kind = self.random.choice(['add file', 'add directory', 'remove', 'rename', 'touch', 'none'])
        self.made += 1
        if kind == 'add file':
            folder = self.random.choice(folders)
            target = os.path.join(folder, 'new-{:02d}.txt'.format(self.made))
            with open(target, 'wb') as handle:
                handle.write(b'x' * self.random.randrange(1, 500))
        elif kind == 'add directory':
            folder = self.random.choice(folders)
            target = os.path.join(folder, 'dir-{:02d}'.format(self.made))
            os.mkdir(target)
            if self.random.random() < 0.5:
                with open(os.path.join(target, 'in.txt'), 'wb') as handle:
                    handle.write(b'y' * 3)
        elif kind in ('remove', 'rename', 'touch') and entries:
            target = self.random.choice(entries)
            self.forget_below(target)
            if kind == 'remove':
                shutil.rmtree(target) if os.path.isdir(target) else os.remove(target)
            elif kind == 'rename':
                os.rename(target, os.path.join(os.path.dirname(target), 'moved-{:02d}'.format(self.made)))
            else:
                os.utime(target)
        else:
            return 'no change'
        return '{} {}'.format(kind, os.path.relpath(target, self.www))

    def forget_below(self, path):
        """A directory removed may come back without its record: it may be new again."""
        prefix = self.server.url('/' + os.path.relpath(path, self.www))
        self.read_before = {url for url in self.read_before if not url.startswith(prefix)}

    # -- what was read --

    def note_requests(self):
        """Match each directory request nginx logged since the last look to the tree now."""
        requests = self.server.requests()
        for request in requests[self.log_seen:]:
            uri = request['uri']
            if request['method'] != 'GET' or not uri.endswith('/') or '?' in uri or \
                    'application/json' not in request['accept']:
                continue  # a page loaded is no listing read by the bookmarklet
            url = self.server.url(uri)
            listing = self.listing_on_disk(url)
            if request['status'] == 200 and listing is not None:
                self.read.setdefault(url, []).append(listing)
                self.read_times.setdefault(url, []).append(int(request['time']))
                self.first_read.setdefault(url, len(self.steps))
                self.read_before.add(url)
        self.log_seen = len(requests)

    # -- the person's actions --

    def actions(self, state):
        if not self.overlay_open:
            return ['click', 'revisit']
        found = ['next', 'prev', 'page size', 'close', 'click', 'revisit', 'filter', 'tree search',
                 "what's new", 'refresh stale', 'escape']
        overlay = self.page.read_overlay()
        if self.mode == 'rows' and any(row['type'] == 'directory' for row in overlay['rows']):
            found += ['open', 'open', 'refresh one']
        if len(state['crumbs']) > 1:
            found += ['crumb', 'key back']
        if 'map' in state['map']:
            found += ['map', 'map and pause', 'map and stop']
        return found

    def act(self, action, state):
        page, chosen = self.page, self.random
        said = action
        new_root = None
        if action in ('click', 'revisit'):
            if action == 'revisit':
                page.goto(self.server.url('/'))
                self.overlay_open = False
                self.globals = page.evaluate(GLOBALS)
            page.run_bookmarklet(self.bookmarklet)
            self.overlay_open = not self.overlay_open
            if self.overlay_open:
                new_root = self.server.url('/')
        elif action in ('close', 'escape'):
            if action == 'close':
                page.control('close').click()
            else:
                page.press('Escape')
            page.wait_for('!' + "(document.getElementById('autoindex-sitemap') !== null)", timeout=5000)
            self.overlay_open = False
        elif action in ('next', 'prev'):
            button = page.control(action)
            if button.is_disabled():
                return action + ' (disabled)'
            button.click()
        elif action == 'page size':
            size = chosen.choice(['10', '15', '20', '30'])
            page.control('page-size').select_option(size)
            said += ' ' + size
        elif action in ('filter', 'tree search'):
            page.control('scope').select_option('page' if action == 'filter' else 'tree')
            names = [entry['name'] for entry in self.session_rows]
            name = chosen.choice(names) if names else 'x'
            start = chosen.randrange(0, max(1, len(name) - 1))
            query = chosen.choice(['', name[start:start + 2]])
            page.control('filter').fill(query)
            self.mode = 'hits' if action == 'tree search' and query else 'rows'
            said += ' ' + repr(query)
        elif action == "what's new":
            page.control('whats-new').click()
            self.mode = 'rows' if self.mode == 'news' else 'news'
        elif action == 'refresh stale':
            page.control('refresh-stale').click()
        elif action in ('open', 'refresh one'):
            overlay = page.read_overlay()
            if action == 'open':
                targets = [row['href'] for row in overlay['rows'] if row['type'] == 'directory'] + \
                          [child['href'] for row in overlay['rows'] for child in row['children']
                           if child['type'] == 'directory']
                href = chosen.choice(targets)
                role = 'child' if href not in [row['href'] for row in overlay['rows']] else 'row'
                page.find('[data-role={}][data-href="{}"] [data-role=open]'.format(role, href)).click()
                new_root = href
            else:
                href = chosen.choice([row['href'] for row in overlay['rows'] if row['type'] == 'directory'])
                page.find('[data-role=row][data-href="{}"] [data-role=refresh]'.format(href)).click()
            said += ' ' + href[len(self.server.url('/')) - 1:]
        elif action == 'crumb':
            href = chosen.choice(state['crumbs'][:-1])
            page.find('[data-role=crumb][data-href="{}"]'.format(href)).click()
            new_root = href
            said += ' ' + href[len(self.server.url('/')) - 1:]
        elif action == 'key back':
            key = chosen.choice(['Backspace', 'Alt+ArrowLeft'])
            page.find('[data-role=status]').click()  # focus in the panel, out of the filter
            page.press(key)
            new_root = state['crumbs'][-2]
            said += ' ' + key
        elif action.startswith('map'):
            page.control('map').click()
            if action != 'map':
                pressed = page.evaluate(PRESS_IF_SHOWN, action.split()[-1])
                if pressed and action == 'map and pause':
                    page.wait_for(MAP_STATE + " === 'paused'")
                    page.evaluate(PRESS_IF_SHOWN, 'resume')
            page.wait_for(MAP_STATE + " === 'done' || " + MAP_STATE + " === 'stopped'", timeout=30000)
        if new_root is not None:
            self.root = new_root
            self.session_start = len(self.steps)
            self.session_read_before = set(self.read_before)
            self.mode = 'rows'
        return said

    # -- a step, and what must hold after it --

    def settle(self, opened):
        if not self.overlay_open:
            quiet_requests(self.server, settle=0.3)
            self.note_requests()
            return
        try:
            self.page.wait_for(SETTLED_AT, self.root, timeout=20000)
        except TimeoutError:
            pass  # checked below: a row that stays pending fails there
        quiet_requests(self.server, settle=0.3)
        self.note_requests()
        if opened:
            self.session_rows = self.read[self.root][-1]
            names = {entry['href'] for entry in self.session_rows}
            for url in self.read:  # a visit drops the records of its directories gone
                if url.startswith(self.root) and url != self.root and url not in names and \
                        '/' not in url[len(self.root):-1]:
                    self.pruned.add(url)
            history = self.visits.setdefault(self.root, [])
            self.previous_visit = history[-1] if history else None
            deadline = time.monotonic() + 3
            while time.monotonic() < deadline:  # the visit is written once the rows show
                visits = [v['visitedAt'] for v in (read_cache(self.page) or {}).get('visits', [])
                          if v['root'] == self.root]
                if visits and (not history or history[-1] != visits[0]):
                    history.append(visits[0])
                    break
                time.sleep(0.1)
            state = self.page.evaluate(STATE)
            if not state['exportOpen']:
                self.page.find('.export summary').click()
                self.page.control('export-format').select_option('json')

    def run(self, count):
        self.page.goto(self.server.url('/'))
        self.globals = self.page.evaluate(GLOBALS)
        self.note_requests()
        for _ in range(count):
            self.note_requests()
            change = self.change_tree() if self.steps else 'no change'
            state = self.page.evaluate(STATE) if self.overlay_open else None
            action = self.random.choice(self.actions(state))
            before = (self.root, self.overlay_open)
            said = action
            try:
                said = self.act(action, state)
                self.steps.append('{}; {}'.format(change, said))
                said = None
                opened = self.overlay_open and (before != (self.root, True) or action == 'revisit')
                self.settle(opened)
                problems = self.check()
            except Exception as error:  # noqa: BLE001 - whatever broke, with the seed and steps
                if said is not None:
                    self.steps.append('{}; {}'.format(change, said))
                raise AssertionError(self.report(['{}: {}'.format(type(error).__name__, error)])) from error
            if problems:
                raise AssertionError(self.report(problems))

    def report(self, problems):
        lines = ['walk seed {} failed at step {} ({}); replay with SITEMAP_WALK_SEED={}'.format(
            self.seed, len(self.steps), self.server.url('/'), self.seed)]
        lines += ['  step {}: {}'.format(index + 1, step) for index, step in enumerate(self.steps)]
        lines += ['  broken: ' + problem for problem in problems[:12]]
        return '\n'.join(lines)

    def check(self):
        problems = []
        page = self.page
        if page.evaluate(GLOBALS) != self.globals:
            problems.append('the page gained globals: {}'.format(
                sorted(set(page.evaluate(GLOBALS)) - set(self.globals))))
        if page.errors:
            problems.append('errors in the page: {}'.format(page.errors))
        overlay = page.read_overlay()
        if not self.overlay_open:
            if overlay is not None:
                problems.append('the overlay is still open')
            return problems
        if overlay['status']['root'] != self.root:
            return problems + ['shows {}, not {}'.format(overlay['status']['root'], self.root)]
        state = page.evaluate(STATE)
        if self.mode == 'rows':
            problems += self.check_rows(overlay, state)
        else:
            problems += self.check_hits(overlay, state)
        return problems

    def check_rows(self, overlay, state):
        problems = []
        rows = overlay['rows']
        wanted = [entry for entry in self.session_rows if state['filter'].lower() in entry['name'].lower()]
        size, at = int(overlay['size']), int(overlay['pager']['page'])
        expected = wanted[(at - 1) * size:at * size]
        if [(row['name'], row['mtime']) for row in rows] != \
                [(entry['name'], iso(entry['mtime'])) for entry in expected]:
            problems.append('rows {} are not the listing read, newest first: {}'.format(
                [row['name'] for row in rows], [entry['name'] for entry in expected]))
        exported = []
        totals = {total['href']: total for total in overlay['totals']}
        for row in rows:
            exported.append(row['href'])
            exported += [child['href'] for child in row['children']]
            if row['type'] != 'directory':
                continue
            problems += self.check_row(row, totals.get(row['href']))
        problems += self.check_export(lambda text: [item['url'] for item in json.loads(text)] == exported,
                                      'the rows and children shown')
        return problems

    def check_row(self, row, total):
        """One directory row: its status fits what happened, its children and total are
        of a listing as it was read, newest first."""
        problems = []
        url, status, name = row['href'], row.get('status'), row['name']
        children = [(child['name'], child['mtime']) for child in row['children']]
        if children != sorted(children, key=lambda c: (-seconds_of(c[1]), c[0])):
            problems.append('{}/ children not newest first, then by name: {} ({})'.format(
                name, [c[0] for c in children], status))
        if status == 'pending':
            return problems + ['{}/ stays pending'.format(name)]
        gone = self.listing_on_disk(url) is None
        step = len(self.steps)
        if status == 'new' and url in self.session_read_before:
            problems.append('{}/ says new, though it was read before this visit'.format(name))
        if status in ('fresh', 'changed', 'stale') and self.first_read.get(url, step) >= step:
            problems.append('{}/ says {}, though it was never read before'.format(name, status))
        if status in ('failed', 'stale') and not gone:
            problems.append('{}/ says {}, though it is there to read'.format(name, status))
        if status == 'failed':
            return problems
        readings = self.read.get(url, [])
        shown = [listing for listing in readings
                 if [(e['name'], iso(e['mtime'])) for e in listing[:CHILDREN_SHOWN]] == children]
        if not shown:
            problems.append('{}/ shows {} ({}), a listing never read: {}'.format(
                name, [c[0] for c in children], status,
                [[e['name'] for e in r[:CHILDREN_SHOWN]] for r in readings[-2:]]))
        elif total is None or [total['count'], total['bytes']] not in [
                [str(len(listing)), str(sum(e['size'] or 0 for e in listing))] for listing in shown]:
            problems.append('{}/ totals {} are not the entries of a listing it shows'.format(name, total))
        return problems

    def check_export(self, holds, what):
        """The export (JSON) holds what holds() accepts, within a few seconds (it is made a
        quarter second after what it shows)."""
        deadline = time.monotonic() + 5
        while True:
            text = self.page.evaluate(EXPORTED)
            try:
                if holds(text):
                    return []
            except (ValueError, KeyError, TypeError):
                pass
            if time.monotonic() > deadline:
                return ['the export is not {}: {}'.format(what, text[:300])]
            time.sleep(0.1)

    def check_hits(self, overlay, state):
        """A tree search's or what's new's hits: newest first, each an entry as read, the
        export all of them; what's new exactly what changed since the previous visit."""
        problems = []
        hits = overlay['hits']
        order = [(-seconds_of(hit['mtime']), hit['path']) for hit in hits]
        if order != sorted(order):
            problems.append('hits not newest first: {}'.format([hit['path'] for hit in hits]))
        size, at = int(overlay['size']), int(overlay['pager']['page'])
        urls = [hit['href'] for hit in hits]
        exported = []
        problems += self.check_export(
            lambda text: exported.clear() or exported.extend(json.loads(text)) or
            [item['url'] for item in exported][(at - 1) * size:at * size] == urls, 'every hit')
        if self.mode == 'hits':
            query = state['filter'].lower()
            for hit in hits:
                if query not in hit['path'].lower() or self.listed_as(hit) is None:
                    problems.append('hit {} is no entry read whose path holds {!r}'.format(
                        hit['path'], query))
            return problems
        visit = self.previous_visit
        if visit is None:
            if hits or not overlay['matches'].startswith('No previous visit'):
                problems.append("what's new lists {} with no previous visit".format(urls))
            return problems
        expected, unsure = self.news_since(visit)
        found = {item['url'] for item in exported}
        if found - unsure != set(expected) - unsure:
            problems.append("what's new since {} lists {} more and {} fewer than changed".format(
                iso(visit), sorted(found - unsure - set(expected)), sorted(set(expected) - unsure - found)))
        for hit in hits:
            if hit['href'] in expected and hit['href'] not in unsure and hit['change'] != expected[hit['href']]:
                problems.append('{} says {}, not {}'.format(hit['path'], hit['change'], expected[hit['href']]))
        return problems

    def listed_as(self, hit):
        """The entry a hit names as some reading of its directory listed it, or None."""
        directory = hit['href'][:hit['href'].rstrip('/').rfind('/') + 1]
        for listing in self.read.get(directory, []):
            for entry in listing:
                if entry['href'] == hit['href'] and iso(entry['mtime']) == hit['mtime']:
                    return entry
        return None

    def news_since(self, visit):
        """({url: change} of what what's new must list since the server second visit, the
        URLs too near that second to say), from each record's readings below the root: an
        entry first seen at a reading after the visit is new, one whose mtime is after it
        changed, one a reading after the visit no longer found gone."""
        expected, unsure = {}, set()
        for url, readings in self.read.items():
            if not url.startswith(self.root) or url in self.pruned:
                continue
            times = self.read_times[url]
            latest = readings[-1]
            for entry in latest:
                first = len(readings) - 1
                while first > 0 and any(e['href'] == entry['href'] for e in readings[first - 1]):
                    first -= 1
                seen = times[first] if first > 0 else 0
                if abs(seen - visit) <= 1:
                    unsure.add(entry['href'])
                if seen >= visit:
                    expected[entry['href']] = 'new'
                elif entry['mtime'] >= visit:
                    expected[entry['href']] = 'changed'
            now = {entry['href'] for entry in latest}
            for index in range(1, len(readings)):
                for entry in readings[index - 1]:
                    if entry['href'] not in now and entry['href'] not in {e['href'] for e in readings[index]}:
                        if abs(times[index] - visit) <= 1:
                            unsure.add(entry['href'])
                        if times[index] >= visit:
                            expected[entry['href']] = 'gone'
        return expected, unsure


def walk_tree(chosen, base):
    """A tree of level-1 directories and files, directories and files alternating below,
    each a few minutes older than the one before, some tied to the minute."""
    spec = {}
    at = base
    for index in range(14):
        at -= chosen.choice([0, 60, 180, 600])
        if index % 3 == 2:
            spec['file-{:02d}.txt'.format(index)] = file(at, chosen.randrange(1, 4000))
            continue
        children = {}
        inner = at - 30
        for child in range(chosen.randrange(0, 9)):
            inner -= chosen.choice([0, 60, 240])
            if child % 2 == 0:
                children['sub-{:02d}'.format(child)] = directory(
                    inner, {'deep.txt': file(inner - 60, 7)} if chosen.random() < 0.5 else {})
            else:
                children['doc-{:02d}.txt'.format(child)] = file(inner, chosen.randrange(1, 900))
        spec['dir-{:02d}'.format(index)] = directory(at, children)
    return spec


@pytest.mark.parametrize('site', sorted(SITES))
def test_seeded_walks_keep_every_invariant(new_page, serve, tmp_path, bookmarklet, site):
    for seed in seeds():
        www = tmp_path / 'www-{}'.format(seed)
        write_tree(www, walk_tree(random.Random(seed), int(time.time()) - 30 * 86400))
        server = serve(SITES[site][0], www)
        Walk(seed, site, server, www, new_page(), bookmarklet).run(STEPS)


@pytest.mark.parametrize('site', sorted(SITES))
def test_a_directory_opened_in_place_keeps_its_newest_first_after_its_crumb(
        page, serve, tmp_path, bookmarklet, site):
    """Issue 59: big/ holds 40 entries, directories and files alternating, each a few minutes
    older than the one before; opened in place and left by its crumb, its row on the page's
    directory still shows its newest five, as on the first visit, and again on the next."""
    now = int(time.time()) - 86400
    big = {}
    for index in range(40):
        mtime = now - index * 300
        if index % 2 == 0:
            big['item-{:02d}'.format(index)] = directory(mtime)
        else:
            big['item-{:02d}.txt'.format(index)] = file(mtime, index)
    www = tmp_path / 'www'
    write_tree(www, {'big': directory(now + 60, big), 'small.txt': file(now, 1)})
    server = serve(SITES[site][0], www)
    newest = ['item-00', 'item-01.txt', 'item-02', 'item-03.txt', 'item-04']

    def children_of_big(overlay):
        row = [row for row in overlay['rows'] if row['name'] == 'big'][0]
        return [child['name'] for child in row['children']], row['status']

    overlay = page.open_sitemap(server.url('/'), bookmarklet)
    assert children_of_big(overlay) == (newest, 'new')
    page.find('[data-role=row][data-name=big] [data-role=open]').click()
    page.wait_for(SETTLED_AT, server.url('/big/'))
    page.find('[data-role=crumb]').click()
    page.wait_for(SETTLED_AT, server.url('/'))
    assert children_of_big(page.read_overlay()) == (newest, 'fresh')
    page.run_bookmarklet(bookmarklet)
    assert children_of_big(page.open_sitemap(server.url('/'), bookmarklet)) == (newest, 'fresh')
    assert page.errors == []
