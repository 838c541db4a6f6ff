"""Canaries: the shipped bookmarklet, rebuilt to break in one engine only; and errors
thrown in the page or its frames, which every engine must report.

Each canary throws first thing when it finds itself in its engine, and is the
shipped bookmarklet everywhere else. The check every suite relies on (open a
listing, click, read page 1 through the contract, no page error) must fail
with it in exactly that engine: a bookmarklet broken in one browser alone
cannot pass the end-to-end suites.
"""

import time

import pytest

from tests.support.browsers import ENGINES
from tests.support.expectations import check_first_page
from tests.support.trees import standard_tree, write_tree

# How a script tells the engines apart, from the user agent of the driven builds.
FINDS_ITSELF_IN = {
    'chromium': '/Chrome\\//.test(navigator.userAgent)',
    'firefox': '/Firefox\\//.test(navigator.userAgent)',
    'webkit': '/AppleWebKit/.test(navigator.userAgent) && !/Chrome\\//.test(navigator.userAgent)',
}


def canary(bookmarklet, engine):
    """The bookmarklet with a first statement that throws in engine; ASCII without '%'
    or '#', so it needs no escaping in the javascript: URL."""
    prefix = 'javascript:'
    assert bookmarklet.startswith(prefix)
    broken = 'void function(){{if({})throw new Error("canary: broken in {}")}}(),'.format(
        FINDS_ITSELF_IN[engine], engine)
    return prefix + broken + bookmarklet[len(prefix):]


def check_page_one(page, server, bookmarklet, spec):
    overlay = page.open_sitemap(server.url('/'), bookmarklet, timeout=4000)
    check_first_page(overlay, spec, server.url('/'), 1)
    assert page.errors == []


@pytest.mark.parametrize('broken_in', ENGINES)
def test_a_bookmarklet_broken_in_one_engine_fails_there_alone(page, serve, tmp_path, bookmarklet,
                                                             broken_in):
    spec = standard_tree(12)
    write_tree(tmp_path / 'www', spec)
    server = serve('json-by-accept.conf', tmp_path / 'www')
    if broken_in == page.engine:
        with pytest.raises((AssertionError, TimeoutError)):
            check_page_one(page, server, canary(bookmarklet, broken_in), spec)
        assert page.read_overlay() is None
    else:
        check_page_one(page, server, canary(bookmarklet, broken_in), spec)


# A click that makes a frame as the bookmarklet makes its realm, and throws later in
# it and in the page, each from a timer (after the click's own task).
THROWS_LATER = ('javascript:void function(){var f=document.createElement("iframe");'
                'document.documentElement.appendChild(f);'
                'f.contentWindow.eval("setTimeout(function(){throw new Error(\\"in the frame\\")})");'
                'setTimeout(function(){throw new Error("in the page")})}()')


def test_page_errors_are_seen_in_the_page_and_in_its_frames(page, serve, tmp_path):
    """Every suite's `page.errors == []` means something only if an error shows there."""
    write_tree(tmp_path / 'www', standard_tree(3))
    server = serve('html-listings.conf', tmp_path / 'www')
    page.goto(server.url('/'))
    assert page.errors == []
    page.navigate_javascript(THROWS_LATER)
    page.wait_for("document.querySelectorAll('iframe').length === 1")
    deadline = time.monotonic() + 5
    while len(page.errors) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    errors = page.errors
    assert any('in the frame' in error for error in errors), errors
    assert any('in the page' in error for error in errors), errors
