"""What each build step saves: the bookmarklet built with that step alone left out.

`make bench` writes the table into docs/benchmarks.md, so the figures are always today's
build's; a step that saves nothing (or costs) shows so, and can go.
"""

import shutil

from bookmarklet.settings import SETTINGS as DEFAULTS
from toolkit.bundle import BUNDLE_STEPS, OWN_PROPERTIES, bundle, stage_sources, transpile
from toolkit.javascript_url import bookmarklet_url
from toolkit.literal import BOOKMARKLET_NAME, marked
from toolkit.native import place_runtime
from toolkit.rewrite import REWRITES, SHARED, rewrite_modules

# Every step, in the order the build takes them: the rewrites of toolkit/rewrite.py, the
# values they share, then the bundler's.
STEPS = list(REWRITES) + list(SHARED) + BUNDLE_STEPS


def bookmarklet_length(transpiled, work, left_out=()):
    """The length of dist/bookmarklet.url (default settings) built from a copy of the
    transpiled modules in work, without the steps left_out."""
    if work.exists():
        shutil.rmtree(work)
    shutil.copytree(transpiled, work)
    rewrite_modules(work, OWN_PROPERTIES, [step for step in STEPS if step not in left_out
                                           and step not in BUNDLE_STEPS])
    script = bundle(work / 'main.js', work / 'bookmarklet.js', None,
                    [[BOOKMARKLET_NAME, 'true']], left_out)
    return len(bookmarklet_url(marked(script, DEFAULTS, True)))


def step_savings(build_dir, steps=STEPS):
    """{'built': length of the bookmarklet with every step, 'saves': {step: characters it
    saves}}, each step measured by leaving it alone out; build_dir holds the work."""
    entry = stage_sources(build_dir / 'src')
    transpiled = build_dir / 'transcrypt'
    transpile(entry, build_dir / 'src', transpiled)
    place_runtime(transpiled, 'bookmarklet/main.py')
    built = bookmarklet_length(transpiled, build_dir / 'work')
    return {'built': built, 'saves': {step: bookmarklet_length(
        transpiled, build_dir / 'work', [step]) - built for step in steps}}
