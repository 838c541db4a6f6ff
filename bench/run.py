"""Run every benchmark once, print the tables, and write docs/benchmarks.md.

    .venv/bin/python -m bench.run [--runs N] [--quick] [--no-cold]
    .venv/bin/python -m bench.run --sizes     the size table alone, into the last report

Every ratio is of interleaved series (bench/series.py): the subject, its baseline and the
baseline again, --runs turns, each in another order; the baseline against itself (A/A) is
the run's noise floor, and a run whose A/A ratios are too far from 1 judges no timing
target. Timings never fail anything: the machine may be shared and the figures noisy.
What each round found and changed is in docs/bench-notes.md.
"""

import argparse
import ast
import datetime
import json
import sys
import tempfile
import time
from pathlib import Path

from bench.common import ROOT, launch, machine, versions
from bookmarklet import LAYERS
from bench import bare, build, footprint, latency, mapping, render, search, userscript, visits
from bench.profiles import DESKTOP, PHONE, THROTTLED, THROTTLED_DESKTOP
from bench.report import ms, ratio, spread, table, timed, verdict
from bench.series import NOISE_FLOOR, geometric_mean, judged, quiet
from bench.userscript import userscript_section, userscript_targets
from tests.support.corpus import figure, figure_lines
from toolkit.javascript_url import SIZE_BUDGET
from toolkit.savings import MODULE_TABLE, savings_rows, step_savings

REPORT = ROOT / 'docs' / 'benchmarks.md'
# What the last run measured, kept so that its report can be written again (--report-only).
RESULTS = ROOT / 'build' / 'bench.json'


def parse_options(argv):
    parser = argparse.ArgumentParser(prog='bench.run', description=__doc__.splitlines()[0])
    parser.add_argument('--runs', type=int, default=None,
                        help='interleaved turns of each series held to a target (default: 15, '
                        'with --quick 3)')
    parser.add_argument('--figure-runs', type=int, default=None,
                        help='runs of each figure that is no ratio held to a target (default: 3)')
    parser.add_argument('--quick', action='store_true',
                        help='smaller trees, fewer cases and runs, to try the benchmarks out')
    parser.add_argument('--no-cold', action='store_true',
                        help='skip the cold build (a fresh clone with venv and npm ci)')
    parser.add_argument('--out', default=str(REPORT), help='the report to write')
    parser.add_argument('--sizes', action='store_true',
                        help='measure the build\'s sizes alone (a minute, no browser) and write '
                        'them into the report\'s size table and size targets, the rest kept')
    parser.add_argument('--report-only', action='store_true',
                        help='measure nothing: write the report of the last run\'s results '
                        '(build/bench.json) again')
    options = parser.parse_args(argv)
    options.runs = options.runs or (3 if options.quick else 15)
    options.figure_runs = options.figure_runs or 3
    return options


def who(row):
    """The profile and CPU a row ran as, in words."""
    return '{}, CPU {}'.format(row['profile'], cpu(row))


def render_section(rows, memory):
    lines = ['## First render', '',
             'From the click to page 1\'s rows in the overlay, in a fresh browser profile (so',
             'IndexedDB is created on the way), over a root of empty level-1 directories with',
             'distinct mtimes, in a Chromium driven over a bare DevTools pipe that never watches',
             'the network (`bench/bare.py`): where DevTools watches, the click\'s first request',
             'alone costs the sitemap 7 to 10 ms more than it costs people (bench notes, seventh',
             'round). Two profiles (`bench/profiles.py`): *desktop*, the self-contained',
             'bookmarklet at the machine\'s speed; *phone*, the loader with the CPU {}x slower'
             .format(THROTTLED),
             '(CDP `Emulation.setCPUThrottlingRate`) in a Pixel 7\'s viewport, its first click',
             '(*cold*: nothing cached) and, the page opened again, its second (sitemap.js from',
             'the HTTP cache, as on a person\'s next listing), which its ratio is of. *Throttled*',
             'is the self-contained bookmarklet with the phone\'s CPU: a figure, no target.',
             '*Settled* is when page 1\'s directories are loaded too. The baseline is',
             'hand-written JavaScript in the same kind of page: `fetch`, `JSON.parse` (or',
             '`DOMParser` and a regular expression per line), a native sort, a slice of {},'
             .format(render.BASELINE_ROWS),
             '{} `<li>`. The runs are interleaved in threes (the click, the baseline, the'.format(
                 render.BASELINE_ROWS),
             'baseline again; each three in another order): medians with their quartiles,',
             '*A/A* the second baseline series against the first. Targets: the Targets',
             'section.', '']
    body = []
    for row in rows:
        body.append([who(row), row['format'], '{:,}'.format(row['count']), row['runs'],
                     spread(row['subject']), ms(row['settled']),
                     spread(row['cold']) if row['cold'] else '',
                     ratio(row['cold_ratio']) if row['cold'] else '',
                     spread(row['baseline']), spread(row['again']), ratio(row['ratio']),
                     ratio(row['noise'])])
    lines.append(table(['profile', 'listing', 'level-1 directories', 'runs of each',
                        'sitemap: rows', 'sitemap: settled', 'first click: rows',
                        'first click vs baseline', 'baseline', 'baseline again', 'ratio', 'A/A'],
                       body))
    lines += ['', '## Memory', '',
              "The page's JS heap (CDP `Runtime.getHeapUsage` after two forced collections)",
              'grows by this much once the overlay holds {:,} entries (JSON), against the'.format(
                  memory['count']),
              'baseline keeping its parsed array; the listing page alone uses {:.1f} MB.'.format(
                  memory['page'] / 1e6), '',
              table(['', 'heap growth', 'per entry'],
                    [['sitemap', '{:.1f} MB'.format(memory['sitemap'] / 1e6),
                      '{:.0f} B'.format(memory['sitemap'] / memory['count'])],
                     ['baseline', '{:.1f} MB'.format(memory['baseline'] / 1e6),
                      '{:.0f} B'.format(memory['baseline'] / memory['count'])],
                     ['ratio', ratio(memory['sitemap'] / memory['baseline']), '']])]
    return lines


def visits_section(rows):
    lines = ['## Requests and bytes per visit', '',
             'One browser profile through a scripted history over {} level-1 directories of {}'
             .format(visits.DIRECTORIES, visits.FILES_EACH),
             'files (JSON listings, page size {}, prefetch on), counted in nginx\'s access log'
             .format(visits.PAGE_SIZE),
             '(`$body_bytes_sent`). *Expected* is the root plus every directory on the pages',
             'viewed, and the page prefetched after them, that is not cached at its current',
             'mtime: on a revisit, 1 + the changed directories. The naive crawl fetches the',
             'root and every directory on every visit. Target: a revisit costs exactly the',
             'expected count.', '']
    body = []
    for row in rows:
        body.append([row['visit'], row['requests'], row['expected'],
                     '{:,}'.format(row['bytes']), row['naive_requests'],
                     '{:,}'.format(row['naive_bytes']),
                     '{:.0f} %'.format(100 * row['bytes'] / row['naive_bytes']),
                     verdict(row['requests'] == row['expected'])])
    lines.append(table(['visit', 'requests', 'expected', 'bytes', 'naive requests',
                        'naive bytes', 'bytes vs naive', 'target'], body))
    return lines


def search_section(found, mapped):
    rows = [['first keystroke (the tree read and indexed)', ms(found['first']), '', ''],
            ['a keystroke after it (median)', ms(found['median']),
             'at most {} ms'.format(search.TARGET_MS), verdict(found['median'] <= search.TARGET_MS)],
            ['the slowest keystroke after it', ms(found['worst']), '', '']]
    at_scale = [['first keystroke (the tree read and indexed)', ms(mapped['first']), '', ''],
                ['a keystroke after it (median)', ms(mapped['median']),
                 'at most {} ms'.format(search.TARGET_MS),
                 verdict(mapped['median'] <= search.TARGET_MS)],
                ['the slowest keystroke after it', ms(mapped['worst']), '', ''],
                ['each keystroke of `{}` (medians)'.format(search.QUERY),
                 ', '.join('{:.0f}'.format(value) for value in mapped['by_key']), '', ''],
                ['a keystroke to the next frame (median; slowest {})'.format(
                    ms(mapped['frame_worst'])), ms(mapped['frame']), '', '']]
    return ['## Searching the cached tree', '',
            'Typing into the filter with the tree scope, {:,} entries cached below the root '
            '(last count: {}).'.format(found['entries'], found['hits']), '',
            table(['what', 'ms', 'target', ''], rows), '',
            'The same with {:,} entries that a map put in the store: {:,} directories ({} level-1'
            .format(mapped['entries'], mapped['directories'], search.MAPPED_LEVEL_ONE),
            'directories of {} directories of {} empty files), mapped by pressing the map button'
            .format(search.MAPPED_EACH, search.MAPPED_FILES_EACH),
            'in {:.0f} s with no added latency, then'.format(mapped['map_seconds']),
            'searched in a new visit (last count: {}). *To the next frame* runs on to the first'
            .format(mapped['hits']),
            'task after the frame that lays out and paints the hits. The page\'s JS heap (after',
            'forced collections) was {:.1f} MB once the visit before the map settled and {:+.1f} MB'
            .format(mapped['heap_visit'] / 1e6, mapped['heap_map'] / 1e6),
            'once the map was done; the search\'s index of the tree adds {:.1f} MB, {:.0f} B per'
            .format(mapped['heap_index'] / 1e6, mapped['heap_index'] / mapped['entries']),
            'entry.', '', table(['what', 'ms', 'target', ''], at_scale)]


def latency_section(rows):
    lines = ['## Wave 2 under latency', '',
             "Chromium's network emulation (CDP `Network.emulateNetworkConditions`) adds the",
             'round trip to every request. Time from page 1\'s rows to page 1 settled, in a',
             'fresh profile, for builds with `--page-size n --max-concurrent-requests c`, as each',
             'profile clicks (the First render section). The floor is ceil(n / c) round trips;',
             'the browser floor also counts Chromium\'s limit of {} connections per host over'
             .format(latency.BROWSER_CONNECTIONS_PER_HOST),
             'HTTP/1.1. *Plain fetch* is the baseline: the same n listings fetched c at a time',
             'by a few lines of JavaScript in the same kind of page and profile, so its excess',
             'over the floor is what the browser and the network cost (new connections, reading',
             'bodies) rather than the sitemap. Runs interleaved in threes (the wave, plain fetch,',
             'plain fetch again), medians with their quartiles; *A/A* is plain fetch against',
             'itself. The longest task is the longest the main thread was held during the wave',
             '(Long Tasks API, tasks over 50 ms; 0 for none) in the worst run, and in the median',
             'run. HTTP/2 at {} is held to targets (the Targets section); the other rows, fewer'
             .format(ms(WAVE_TARGET['rtt'])),
             'runs, are figures.', '']
    body = []
    for row in rows:
        body.append([who(row), row['protocol'], ms(row['rtt']), row['size'], row['concurrency'],
                     row['runs'], spread(row['subject']), spread(row['baseline']),
                     ratio(row['ratio']), ratio(row['noise']), ms(row['floor']),
                     ratio(row['subject'][1] / row['floor']),
                     ratio(row['subject'][1] / row['browser_floor']),
                     '{} ({})'.format(ms(row['longest']), ms(row['longest_median']))])
    lines.append(table(['profile', 'protocol', 'round trip', 'n', 'c', 'runs of each', 'wave 2',
                        'plain fetch', 'vs plain', 'A/A', 'floor', 'vs floor',
                        'vs browser floor', 'longest task'], body))
    return lines


def map_section(rows, kept):
    first = rows[0]
    lines = ['## The map under latency', '',
             'The map of {:,} directories ({} level-1 directories of {}, each of {} files) over'
             .format(first['directories'], mapping.LEVEL_ONE, mapping.EACH,
                     mapping.FILES_EACH),
             'HTTP/2 with Chromium\'s network emulation adding {} to each request, {} at once'
             .format(ms(first['rtt']), first['concurrency']),
             '(the bookmarklet as it ships), from its button\'s click to its progress saying',
             '`done`, in a fresh profile whose visit has stored the level-1 directories, so that',
             'the map fetches exactly the directories below them (checked in nginx\'s log at',
             'each run). *Plain fetch* is the same URLs fetched {} at a time by a few lines of'
             .format(first['concurrency']),
             'JavaScript in the same page, each body read. The runs are interleaved in threes',
             '(the map, plain fetch, plain fetch again; each three in another order), medians',
             'with their quartiles; *plain against plain* is the second plain series against the',
             'first (A/A), the run\'s noise floor: a ratio whose A/A is over {:.2f}x is not judged.'
             .format(NOISE_FLOOR),
             'The floor is ceil(n / c) round trips. The longest task is the longest the main',
             'thread was held during the map (Long Tasks API) in the worst run, and in the',
             'median run. *Requests beyond the tree* counts in nginx\'s log, over all runs, the',
             'map\'s requests past one for each directory below the level-1 ones (in brackets',
             'plain fetch\'s past one for each URL); *failed*, the directories the map could',
             'not read (plain fetch\'s requests that failed and were asked again). The tree is',
             'as large as its floor ({}) is ten times and more what the map takes before its'
             .format(ms(first['floor'])),
             'first request (bench/mapping.py).',
             'Targets: within {} of plain fetch at the machine\'s speed, {} with'
             .format(ratio(MAP_TARGETS[1]), ratio(MAP_TARGETS[THROTTLED])),
             'the CPU {}x slower; no task over {} at the machine\'s speed.'.format(
                 THROTTLED, ms(MAP_LONGEST)), '']
    body = []
    for row in rows:
        body.append([cpu(row), row['runs'], spread(row['subject']), spread(row['baseline']),
                     ratio(row['ratio']), spread(row['again']), ratio(row['noise']),
                     ms(row['floor']), '{} ({})'.format(ms(row['longest']),
                                                        ms(row['longest_median'])),
                     '{} ({})'.format(row['extra'], row['plain_extra']),
                     '{} ({})'.format(row['failed'], row['plain_failed']),
                     timed(row['ratio'] <= MAP_TARGETS[row['rate']], [row])])
    lines.append(table(['CPU', 'runs of each', 'map', 'plain fetch', 'map vs plain',
                        'plain fetch again', 'plain vs plain', 'floor', 'longest task',
                        'requests beyond the tree', 'failed', 'target'], body))
    lines += ['', 'The page\'s JS heap (CDP `Runtime.getHeapUsage` after forced collections, the',
              'machine\'s speed, no added latency): {:.1f} MB once the visit settled, {:.1f} MB'
              .format(kept['visit'] / 1e6, kept['after'] / 1e6),
              'once its {:,} directories ({:,} entries) are mapped: {:.0f} B per entry mapped,'
              .format(kept['directories'], kept['entries'], kept['after'] / kept['entries']),
              '{:.0f} B of it more than the visit\'s. The map keeps its listings in IndexedDB,'
              .format((kept['after'] - kept['visit']) / kept['entries']),
              'not in the page.']
    return lines


# Click to page 1's rows against the hand-written baseline, by profile and listing size: the
# geometric mean over JSON and HTML at most the first, neither over the second (None: no
# limit). Wave 2 over HTTP/2 at this round trip against plain fetch, each profile: the
# geometric mean over the nine cases at most ratio, no case over worst; no task on the main
# thread longer than longest during it.
CLICK_TARGETS = {'desktop': {1000: [2.0, 2.5], 100000: [1.1, 1.3]},
                 'phone': {1000: [1.5, None], 100000: [1.1, None]}}
WAVE_TARGET = {'protocol': 'HTTP/2', 'rtt': 50, 'ratio': 1.2, 'worst': 1.5,
               'longest': {'desktop': 50, 'phone': 150}}
# The map of bench/mapping.py's tree against plain fetch, by CPU slowdown; its longest task at the
# machine's speed.
MAP_TARGETS = {1: 1.2, THROTTLED: 1.5}
MAP_LONGEST = 50


def cpu(row):
    """The CPU a row ran on, in words."""
    return 'own' if row['rate'] == 1 else '{}x slower'.format(row['rate'])


def held(rows, limit, worst_limit, what):
    """A targets table row of compared rows held to one target together."""
    found = judged(rows, limit, worst_limit)
    target = '<= {} (geometric mean){}'.format(
        ratio(limit), ', none over ' + ratio(worst_limit) if worst_limit else '')
    return [what, '{} (worst {}, A/A {})'.format(ratio(found['mean']), ratio(found['worst']),
                                                ratio(found['noise'])),
            target, timed(found['met'], rows)]


def wave_targeted(row):
    return row['protocol'] == WAVE_TARGET['protocol'] and row['rtt'] == WAVE_TARGET['rtt']


def size_target_rows(sizes):
    """The targets table's rows of the two bookmarklets' lengths."""
    return [['`dist/bookmarklet.url`, characters', '{:,}'.format(sizes['url']),
             '<= {:,}'.format(SIZE_BUDGET), verdict(sizes['url'] <= SIZE_BUDGET)],
            ['`dist/loader.url`, characters', '{:,}'.format(sizes['loader'] or 0),
             '<= {:,}'.format(build.LOADER_TARGET),
             verdict(sizes['loader'] is not None and sizes['loader'] <= build.LOADER_TARGET)]]


def targets_section(rendered, waves, footprints, sizes, mapped, kept, searched, userscripts):
    """The targets, each figure from this run; no timing target is judged where the A/A
    ratios of the whole run say the machine was too noisy."""
    timing = []
    for profile, by_count in CLICK_TARGETS.items():
        for count, (limit, worst_limit) in by_count.items():
            cases = [row for row in rendered if row['profile'] == profile and row['count'] == count]
            if cases:
                timing.append(held(cases, limit, worst_limit, (
                    'click to page 1 rows, {} (CPU {}), {:,} entries, JSON and HTML, against '
                    'the baseline').format(profile, cpu(cases[0]), count)))
                cold = [row['cold_ratio'] for row in cases if row['cold']]
                if cold:
                    timing.append(['the same, the loader\'s first click (nothing cached)',
                                   ', '.join(ratio(value) for value in cold), '', ''])
    for profile in WAVE_TARGET['longest']:
        cases = [row for row in waves if row['profile'] == profile and wave_targeted(row)]
        if not cases:
            continue
        timing.append(held(cases, WAVE_TARGET['ratio'], WAVE_TARGET['worst'], (
            'wave 2, {} (CPU {}), {} at {}, the {} cases of n and c, against plain fetch').format(
                profile, cpu(cases[0]), WAVE_TARGET['protocol'], ms(WAVE_TARGET['rtt']),
                len(cases))))
        longest = max(row['longest'] for row in cases)
        limit = WAVE_TARGET['longest'][profile]
        timing.append(['the longest main-thread task during wave 2, {}'.format(profile),
                       ms(longest), '<= ' + ms(limit), timed(longest <= limit, cases)])
    for row in mapped:
        timing.append(['the map, {:,} directories, HTTP/2 at {}, c = {}, against plain fetch, CPU '
                       '{}'.format(row['directories'], ms(row['rtt']), row['concurrency'],
                                   cpu(row)),
                       '{} (A/A {})'.format(ratio(row['ratio']), ratio(row['noise'])),
                       '<= ' + ratio(MAP_TARGETS[row['rate']]),
                       timed(row['ratio'] <= MAP_TARGETS[row['rate']], [row])])
    own = [row for row in mapped if row['rate'] == 1]
    longest = max([row['longest'] for row in own] + [0])
    timing.append(['the longest main-thread task during the map, CPU own', ms(longest),
                   '<= ' + ms(MAP_LONGEST), timed(longest <= MAP_LONGEST, own)])
    timing.append(['a keystroke of tree search at {:,} mapped entries'.format(
        searched['entries']), ms(searched['median']), '<= ' + ms(search.TARGET_MS),
        verdict(searched['median'] <= search.TARGET_MS)])
    timing += userscript_targets(userscripts)
    held_rows = ([row for row in rendered if row['profile'] in CLICK_TARGETS]
                 + [row for row in waves if wave_targeted(row)] + mapped
                 + [row for row in userscripts if row['judged']])
    noises = [row['noise'] for row in held_rows]
    noise = geometric_mean(noises)
    calm = quiet(noises)
    if not calm:
        timing = [row[:3] + ['not judged: the run\'s A/A {}'.format(ratio(noise))
                             if row[3] else ''] for row in timing]
    rows = size_target_rows(sizes) + [
            ['every A/A ratio of this run (baseline against itself), geometric mean',
             ratio(noise), 'within {} either way'.format(ratio(NOISE_FLOOR)),
             'quiet enough to judge' if calm else '**too noisy: no timing target judged**']]
    rows += timing
    rows.append(['the JS heap after a map, per entry mapped, {:,} entries'.format(
        kept['entries']), '{:.0f} B'.format(kept['after'] / kept['entries']), '', ''])
    rows.append(['the JS heap after a map, per entry mapped, {:,} entries'.format(
        searched['entries']), '{:.1f} B'.format(
            (searched['heap_visit'] + searched['heap_map']) / searched['entries']), '', ''])
    for row in footprints:
        for when in ['open', 'closed']:
            rows.append(['properties added to built-in prototypes, globals and frames, '
                         '{} page, overlay {}'.format(row['page'], when), str(row[when]), '0',
                         verdict(row[when] == 0)])
    return ['## Targets', '',
            'Each figure below comes from this run; the sections after it give the detail.',
            'Every ratio is of interleaved series with the baseline run twice (`bench/series.py`):',
            'the A/A ratio beside it is the baseline against itself, what a build adding nothing',
            'would measure. A target over several cases is judged on the geometric mean of their',
            'ratios, the worst case beside it; a target whose own A/A ratios, or a run whose A/A',
            'ratios all together, are further than {} from 1 is not judged. The footprint'.format(
                ratio(NOISE_FLOOR)),
            'counts what the page has gained (enumerable properties of the built-in prototypes,',
            'globals, frames) with the overlay open and once it is closed, on a listing page and',
            'on one whose CSP forbids `eval`, inline scripts and frames. The userscript\'s rows',
            'are its run on a page that is no listing against compiling it only (its section',
            'below).', '', table(['figure', 'measured', 'target', ''], rows)]


# The concern of what lies outside the packages (bookmarklet/__init__.py): the floor and
# the roof, and what the build adds (the runtime, the shared strings and methods).
TOP_CONCERN = 'settings, words, the entry point, the native runtime and shared helpers'


def package_concern(package):
    """A package's concern in the size table: its docstring's first sentence."""
    text = ast.get_docstring(ast.parse((ROOT / 'bookmarklet' / package / '__init__.py')
                                       .read_text(encoding='utf-8')))
    return ' '.join(text.split('\n\n')[0].split()).split('. ')[0].rstrip('.')


def concern_rows(modules):
    """[concern, bytes, modules] rows of the size table by concern, from the metafile's
    {module file: bytes}: one per package of bookmarklet/, the layers in their order
    (bookmarklet.reading.html_listing.js is reading's), then the rest; the largest module
    first in each."""
    grouped = {}
    for name, size in modules.items():
        parts = name[:-len('.js')].split('.')
        package = parts[1] if parts[0] == 'bookmarklet' and len(parts) == 3 else ''
        short = parts[len(parts) - 1] if parts[0] == 'bookmarklet' else name[:-len('.js')]
        grouped.setdefault(package, []).append([short, size])
    order = [unit for unit in LAYERS if unit in grouped] + [''] * ('' in grouped)
    for package in order:
        grouped[package].sort(key=lambda pair: -pair[1])
    return [[package_concern(package) if package else TOP_CONCERN,
             '{:,}'.format(sum(size for _, size in grouped[package])),
             ', '.join(short for short, _ in grouped[package])] for package in order]


def size_lines(sizes, savings):
    """The size table's section, from build.sizes and step_savings."""
    loader = sizes['loader']
    rows = [['minified script (`dist/sitemap.js`)', '{:,}'.format(sizes['script']), '', ''],
            ['`dist/bookmarklet.url`', '{:,}'.format(sizes['url']),
             'at most {:,}'.format(SIZE_BUDGET), verdict(sizes['url'] <= SIZE_BUDGET)],
            ['gzip -9 of the script', '{:,}'.format(sizes['gzip']), '', ''],
            ['`dist/loader.url`', '{:,}'.format(loader) if loader else 'not built yet',
             'under 500', verdict(loader < build.LOADER_TARGET) if loader else ''],
            ['`dist/autoindex-sitemap.user.js` (metadata block, licence header, the script; '
             'bytes)', '{:,}'.format(sizes['userscript']) if sizes['userscript'] else
             'not built yet', '', ''],
            [sizes['runtime_kind'] + ' in the script',
             '{:,} ({:.0f} %)'.format(sizes['runtime'], 100 * sizes['runtime_share']), '', ''],
            ['deflate + base64 of the script (a self-extracting URL would carry this)',
             '{:,}'.format(sizes['compressed_payload']), '', '']]
    lines = ['## Size', '', 'Characters (the script is ASCII, so also bytes).', '',
             table(['what', 'size', 'target', ''], rows), '',
             'What each build step saves (`toolkit/rewrite.py`, `toolkit/bundle.py`), measured',
             'by this run (`toolkit/savings.py`): the bookmarklet built with that step alone',
             'left out, against {:,} characters with every step:'.format(savings['built']), '',
             table(['step', 'saves'], savings_rows(savings)), '',
             'What each concern costs (esbuild metafile: bytes in esbuild\'s output, before',
             'terser and uglify-js compress it further):', '',
             table(['concern', 'bytes', 'modules'], concern_rows(sizes['modules'])), '',
             MODULE_TABLE + ' (esbuild metafile, as above; the size test names the',
             'module that grew most since this table):', '',
             table(['module', 'bytes'],
                   [[name, '{:,}'.format(size)] for name, size in
                    sorted(sizes['modules'].items(), key=lambda item: -item[1])])]
    return lines


def size_section(sizes, times, savings):
    return size_lines(sizes, savings) + [
             '', '## Build time', '',
             table(['', 'seconds'],
                   [['`make`, set up and compiled already (warm; median)',
                     '{:.1f}'.format(times['warm'])],
                    ['`generator.py` compiling: Transcrypt, esbuild (a fresh build folder, as '
                     'after a change to the Python; median)', '{:.1f}'.format(times['compiling'])],
                    ['`make` on a fresh clone: venv, pip, `npm ci`, build (cold; once)',
                     '{:.1f}'.format(times['cold']) if times['cold'] else 'skipped']])]


def rebuild_section(rebuilds):
    lines = ['## Rebuilding with other settings', '',
             'After `make` has compiled, `{}`: the settings are'.format(
                 ' '.join(build.OTHER_SETTINGS)),
             "written into the compiled parts kept in build/ (or carried by the installed",
             "package), so no compiler may run. *In-process* times `main()` alone, in a",
             'Python process that counts every process started through `subprocess`;',
             '*whole process* is the command as a user runs it, Python start-up included.',
             'Target: under {} s with no process started.'.format(build.REBUILD_TARGET), '']
    body = []
    for name, figures in rebuilds.items():
        body.append(['`{}`'.format(name), ms(1000 * figures['seconds']),
                     ms(1000 * figures['process']), len(figures['processes']),
                     verdict(figures['process'] < build.REBUILD_TARGET
                             and not figures['processes'])])
    lines.append(table(['command', 'in-process', 'whole process', 'processes started',
                        'target'], body))
    return lines




def corpus_section():
    """How many real listing pages of each server kind the reader reads exactly."""
    return ['## Listing pages read exactly', '',
            'Every page of the corpus (`tests/support/corpus.py`): captured here from each server this',
            'machine runs, and saved by other projects from servers in the wild. A page reads',
            'exactly when every entry, kind, date and size is what the page shows, none is',
            'invented, and a page that is no listing is refused.', ''] + figure_lines(figure())


def minutes_by_part(facts):
    """Each part's minutes of a run, in the run's order, in words."""
    return '; '.join('{} {:.1f}'.format(name, minutes) for name, minutes in facts['parts'])


def write_report(path, facts, sections):
    head = ['# Benchmarks', '',
            'Written by `make bench` (`bench/run.py`) on {}, in {:.0f} minutes; every figure'.format(
                facts['when'], facts['minutes']),
            'comes from that one run. Each ratio is of {} interleaved turns unless said'.format(
                facts['runs']),
            'otherwise. What each round of measuring found and changed: `docs/bench-notes.md`.', '']
    if facts.get('parts'):
        head += ['Where the minutes went: ' + minutes_by_part(facts) + '.', '']
    head += [table(['machine', ''], [[key, value] for key, value in facts['machine'].items()]),
             '', table(['tool', 'version'], [[key, value]
                                             for key, value in facts['versions'].items()]),
             '', 'The machine is shared with other work, so single figures are noisy; ratios',
             'are against a baseline measured in the same run, interleaved, beside the',
             'baseline against itself.', '']
    text = '\n'.join(head + [line for section in sections for line in section + ['']])
    Path(path).write_text(text, encoding='utf-8')
    return text


def first_renders(dist, work, counts, options, now, log):
    """render.first_render's rows for each profile, and the self-contained bookmarklet
    throttled as a figure, in a Chromium whose network DevTools does not watch
    (bench/bare.py): the click's figures as people get them."""
    chromium = bare.BareChromium()
    try:
        rows = []
        for profile, runs in [[DESKTOP, options.runs], [PHONE, options.runs],
                              [THROTTLED_DESKTOP, options.figure_runs]]:
            print('first render, {} ...'.format(profile['name']), flush=True)
            rows += render.first_render(chromium, dist, work, counts, runs, now, profile, log)
        return rows
    finally:
        chromium.close()


def main(argv):
    options = parse_options(argv)
    if options.report_only:
        report(json.loads(RESULTS.read_text(encoding='utf-8')), options.out)
        return 0
    if options.sizes:
        with tempfile.TemporaryDirectory(prefix='autoindex-sitemap-sizes-') as folder:
            write_sizes(Path(options.out), build.sizes(), step_savings(Path(folder)))
        return 0
    from playwright.sync_api import sync_playwright
    started = time.monotonic()
    counts = [1000, 10000] if options.quick else [1000, 100000]
    now = int(time.time())
    bookmarklet = (ROOT / 'dist' / 'bookmarklet.url').read_text(encoding='utf-8').strip()

    def log(line):
        print(line, flush=True)
    # Where the run's time goes: each part's start, by its name.
    laps = []

    def part(name):
        laps.append([name, time.monotonic()])
        print(name + ' ...', flush=True)
    with tempfile.TemporaryDirectory(prefix='autoindex-sitemap-bench-') as folder, \
            sync_playwright() as driver:
        work = Path(folder)
        browser = launch(driver)
        try:
            facts = {'when': datetime.datetime.now(datetime.timezone.utc).strftime(
                '%Y-%m-%d %H:%M UTC'), 'runs': options.runs, 'machine': machine(),
                'versions': versions(browser)}
            part('first render')
            rendered = first_renders(ROOT / 'dist', work, counts, options, now, log)
            part('memory')
            memory = render.memory(browser, bookmarklet, work, counts[-1], options.figure_runs,
                                   now)
            memory['count'] = counts[-1]
            part('visits')
            history = visits.history(browser, bookmarklet, work, now)
            part('footprint')
            footprints = footprint.footprint(browser, bookmarklet, work, now)
            part('the userscript on pages that are no listing')
            # Its turns are cheap: as many as its own measure takes, three of each order; the
            # heavy pages, held to no target, as many as a figure's.
            userscripts = userscript.measure(
                browser, work, options.runs if options.quick else max(options.runs,
                                                                      userscript.RUNS),
                0 if options.quick else options.figure_runs,
                log=log)
            part('search')
            searched = search.keystrokes(browser, bookmarklet, work, now, options.figure_runs)
            page_sizes = [10, 20, 30] if not options.quick else [10, 30]
            concurrencies = [5, 10, 30] if not options.quick else [5, 30]
            waves = []
            for profile in [DESKTOP, PHONE]:
                part('wave 2 under latency, {}'.format(profile['name']))
                waves += latency.wave_two(browser, work, now, [WAVE_TARGET['rtt']], page_sizes,
                                          concurrencies, options.runs,
                                          [WAVE_TARGET['protocol']], profile, log)
            part('wave 2 under latency, HTTP/1.1')
            waves += latency.wave_two(browser, work, now, [WAVE_TARGET['rtt']], page_sizes,
                                      concurrencies, options.figure_runs, ['HTTP/1.1'], DESKTOP)
            part('the map under latency')
            mapped = mapping.compare(browser, work, now, bookmarklet, options.runs,
                                     [1, THROTTLED], log=log)
            kept = mapping.heap(browser, work, bookmarklet)
            part('search at 500,000 mapped entries')
            searched_mapped = search.mapped_keystrokes(browser, bookmarklet, work, now,
                                                       options.figure_runs)
        finally:
            browser.close()
        part('size and build time')
        sizes = build.sizes()
        times = build.build_times(work, 3, not options.no_cold and not options.quick)
        part('what each build step saves')
        savings = step_savings(work / 'savings')
        part('rebuilding with other settings')
        rebuilds = build.rebuild_times(work, options.figure_runs)
    facts['minutes'] = (time.monotonic() - started) / 60
    ends = [at for _, at in laps[1:]] + [time.monotonic()]
    facts['parts'] = [[name, (end - at) / 60] for (name, at), end in zip(laps, ends)]
    found = {'facts': facts, 'rendered': rendered, 'memory': memory, 'history': history,
             'footprints': footprints, 'userscripts': userscripts, 'searched': searched,
             'waves': waves, 'mapped': mapped, 'kept': kept, 'searched_mapped': searched_mapped,
             'sizes': sizes, 'times': times, 'savings': savings, 'rebuilds': rebuilds}
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(found, default=str), encoding='utf-8')
    report(found, options.out)
    print('minutes by part: ' + minutes_by_part(facts))
    print('wrote {} in {:.0f} s'.format(options.out, time.monotonic() - started))
    return 0


def write_sizes(path, sizes, savings):
    """Write sizes into the report at path: its size section and its size targets anew, the
    rest of the last whole run kept, and say so under the section's heading."""
    text = path.read_text(encoding='utf-8')
    head, _, rest = text.partition('\n## Size\n')
    _, _, tail = rest.partition('\n## Build time\n')
    when = datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%d %H:%M UTC')
    section = size_lines(sizes, savings)
    section[1:1] = ['', 'Measured on {} by `.venv/bin/python -m bench.run --sizes`, after the '
                    'whole run'.format(when), 'above, whose other figures it leaves as they were.']
    for row in size_target_rows(sizes):
        first = '| {} |'.format(row[0])
        head = '\n'.join(table(['', '', '', ''], [row]).splitlines()[-1]
                         if line.startswith(first) else line for line in head.split('\n'))
    path.write_text(head + '\n' + '\n'.join(section) + '\n\n## Build time\n' + tail,
                    encoding='utf-8')
    print('\n'.join(section))


def report(found, out):
    """Write the report of a run's results (as main gathers them) to out, and print it."""
    sections = [targets_section(found['rendered'], found['waves'], found['footprints'],
                                found['sizes'], found['mapped'], found['kept'],
                                found['searched_mapped'], found['userscripts']),
                render_section(found['rendered'], found['memory']),
                visits_section(found['history']),
                search_section(found['searched'], found['searched_mapped']),
                latency_section(found['waves']), map_section(found['mapped'], found['kept']),
                userscript_section(found['userscripts']),
                size_section(found['sizes'], found['times'], found['savings']),
                rebuild_section(found['rebuilds']), corpus_section()]
    print(write_report(out, found['facts'], sections))


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
