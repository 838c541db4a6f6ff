"""The figures the README and the docs' pages give of the build: a size of a file in dist/
is the one the default build gives, and every other count of characters is a limit the
code holds, so no page keeps a figure the build has moved past."""

import re

from bench.build import LOADER_TARGET
from bookmarklet.shown.export import SITEMAP_URL_LENGTH
from toolkit import ROOT
from toolkit.bundle import LONGEST_LINE
from toolkit.javascript_url import SIZE_BUDGET, URL_LIMITS

# Pages that record what was measured then, or reported by others, dated as such: their
# figures are history, not the build's.
RECORDS = {'design.md', 'bench-notes.md', 'benchmarks.md', 'bookmarklets.md'}

LIMITS = {SIZE_BUDGET, LONGEST_LINE, LOADER_TARGET, SITEMAP_URL_LENGTH} | {limit for _, limit, _ in URL_LIMITS}

# How a page gives a file's size in the build: "`dist/loader.url` is 498 characters".
BUILD_FIGURE = re.compile(r'`dist/([\w.-]+)` is ([\d,]+) (characters|bytes)')
CHARACTERS = re.compile(r'([\d,]*\d) characters')


def pages():
    return [ROOT / 'README.md'] + [page for page in sorted(ROOT.glob('docs/*.md'))
                                   if page.name not in RECORDS]


def measured(path, unit):
    """A file's size as `make` prints it: a bookmarklet's characters without the line's end."""
    if unit == 'bytes':
        return path.stat().st_size
    return len(path.read_text(encoding='utf-8').rstrip('\n'))


def test_each_size_a_page_gives_of_dist_is_the_build_s(dist):
    wrong = []
    for page in pages():
        for found in BUILD_FIGURE.finditer(page.read_text(encoding='utf-8')):
            name, figure, unit = found.groups()
            actual = measured(dist / name, unit)
            if int(figure.replace(',', '')) != actual:
                wrong.append('{}: {} where the build gives {:,} {} (make prints it)'.format(
                    page.name, found.group(0), actual, unit))
    assert wrong == []


def test_every_other_count_of_characters_is_a_limit_the_code_holds():
    """"about 40,000 characters" for a bookmarklet of 49,152 is what this catches."""
    stray = []
    for page in pages():
        text = page.read_text(encoding='utf-8')
        given = {found.start(2) for found in BUILD_FIGURE.finditer(text)}
        stray += ['{}: {}'.format(page.name, found.group(0))
                  for found in CHARACTERS.finditer(text)
                  if found.start() not in given and int(found.group(1).replace(',', '')) not in LIMITS]
    assert stray == []


def test_the_loader_is_under_the_limit_the_docs_give(dist):
    assert measured(dist / 'loader.url', 'characters') < LOADER_TARGET
