"""The install page as a configurator, in Chromium: its checks say what generator.py says,
its links are what generator.py and toolkit/ write for the same settings, its fragment
carries the settings, and it works opened from disk, at phone width and by keyboard."""

import json

import pytest

from toolkit.javascript_url import javascript_url
from toolkit.literal import json_text
from toolkit.loader import loader_url, script_pin
from toolkit.settings import OPTIONS, SETTINGS
from tests.builds import build, run_generator
from tests.test_generator import BAD_VALUES, CONTRADICTIONS


# This suite still speaks Playwright's API, not the browser seam's: Chromium only.
@pytest.fixture
def page(playwright_page):
    return playwright_page

KEY_OF_FLAG = {setting.flag: setting.key for setting in SETTINGS + OPTIONS}
ERROR = '[data-role=error]'
BOOKMARKLET = 'a[data-role=bookmarklet]'
LOADER = 'a[data-role=loader]'


def open_page(page, dist, fragment=''):
    page.goto((dist / 'install.html').resolve().as_uri() + fragment)
    return page


def fill(page, values):
    """Type each value into its field, as a person does."""
    for key, text in values.items():
        page.fill('form[data-role=settings] [name={}]'.format(key), text)


def hrefs(page):
    return {name: page.get_attribute(selector, 'href')
            for name, selector in [('bookmarklet', BOOKMARKLET), ('loader', LOADER)]}


@pytest.mark.parametrize('options, words', BAD_VALUES + CONTRADICTIONS)
def test_a_bad_value_gets_generator_words_and_no_link(page, dist, tmp_path, options, words):
    flag, text = options
    open_page(page, dist)
    fill(page, {KEY_OF_FLAG[flag]: text})
    shown = page.text_content(ERROR)
    said = run_generator(tmp_path, *options).stderr
    assert shown != '' and shown in said, 'the page words it as generator.py does'
    assert all(word in shown for word in words)
    assert hrefs(page) == {'bookmarklet': None, 'loader': None}
    assert page.is_disabled('button[data-copy=loader]')
    assert page.errors == []


def test_fixing_the_value_brings_the_links_back(page, dist):
    open_page(page, dist)
    before = hrefs(page)
    fill(page, {'pageSize': '0'})
    assert hrefs(page)['bookmarklet'] is None
    fill(page, {'pageSize': '10'})
    assert page.text_content(ERROR) == ''
    assert hrefs(page) == before


ESCAPED = ['plain', '100%', '25%20', '#top', 'a\nb\tc\x7f', 'Café', 'ĳ€', '日本語', '😀 x',
           '\u2028', '%25', 'a"b\'c\\d', '']


def test_the_page_escapes_and_writes_json_as_the_build_does(page, dist):
    open_page(page, dist)
    assert page.evaluate('(texts) => texts.map(javascriptUrl)', ESCAPED) == \
        [javascript_url(text) for text in ESCAPED]
    values = ESCAPED + [[10, 20], True, 0, -1440, {'title': 'Café', 'x': ['%']}]
    assert page.evaluate('(values) => values.map(jsonText)', values) == \
        [json_text(value) for value in values]


OTHER = {'title': 'Café 100% #1 */ /*/settings*/', 'pageSize': '20', 'pageSizes': '20, 50',
         'maxConcurrentRequests': '2', 'prefetch': 'off', 'jsonPrefixFrom': '/files/',
         'jsonPrefixTo': '/json/files/'}
OTHER_FLAGS = ['--title', OTHER['title'], '--page-size', '20', '--page-sizes', '20,50',
               '--max-concurrent-requests', '2', '--prefetch', 'off',
               '--json-prefix-from', '/files/', '--json-prefix-to', '/json/files/']


def test_the_links_are_what_the_build_writes_for_the_same_settings(page, dist, tmp_path):
    built = build(tmp_path, *OTHER_FLAGS)
    open_page(page, dist)
    fill(page, OTHER)
    assert page.text_content(ERROR) == ''
    links = hrefs(page)
    assert links['bookmarklet'] == (built / 'bookmarklet.url').read_text(encoding='utf-8').strip()
    # The loader loads this page's own sitemap.js and passes the settings it changes.
    data = json.loads(page.text_content('#build'))
    passed = {'title': OTHER['title'], 'pageSize': 20, 'pageSizes': [20, 50],
              'maxConcurrentRequests': 2, 'prefetch': False, 'jsonPrefixFrom': '/files/',
              'jsonPrefixTo': '/json/files/'}
    pin = script_pin((dist / 'sitemap.js').read_text(encoding='utf-8'))
    assert data['pin'] == pin
    assert links['loader'] == loader_url(data['loader'], pin, '/.autoindex-sitemap/sitemap.js',
                                         20, passed)
    assert page.text_content('[data-size=bookmarklet]') == \
        '{:,} characters'.format(len(links['bookmarklet']))
    assert page.text_content(BOOKMARKLET) == OTHER['title'], 'the bookmark is named by the title'


def test_the_fragment_fills_the_form_and_follows_it(page, context, dist):
    open_page(page, dist, '#pageSize=20&title=Files')
    assert page.input_value('[name=pageSize]') == '20'
    assert page.input_value('[name=title]') == 'Files'
    assert page.text_content(ERROR) == '' and page.text_content(BOOKMARKLET) == 'Files'
    fill(page, OTHER)
    shared = page.evaluate('location.href')
    assert '#' in shared and 'maxConcurrentRequests=2' in shared
    links = hrefs(page)
    other = context.new_page()
    other.goto(shared)
    assert hrefs(other) == links, 'the shared link opens the same bookmarklets'
    fill(page, {'pageSize': '10', 'pageSizes': '10,15,20,30', 'title': 'Sitemap',
                'maxConcurrentRequests': '10', 'prefetch': 'on', 'jsonPrefixFrom': '',
                'jsonPrefixTo': ''})
    assert '#' not in page.evaluate('location.href'), 'the defaults need no fragment'


def test_a_malformed_fragment_changes_nothing(page, dist):
    links = hrefs(open_page(page, dist))
    open_page(page, dist, '#pageSize=%E0&nothing=1&=&title')
    assert hrefs(page) == links and page.errors == []


def test_the_page_fits_a_phone_and_works_by_keyboard(context, dist):
    page = context.new_page()
    page.set_viewport_size({'width': 360, 'height': 740})
    open_page(page, dist)
    assert page.evaluate('document.documentElement.scrollWidth') <= 360
    page.focus('[name=title]')
    for _ in range(2):
        page.keyboard.press('Tab')
    assert page.evaluate('document.activeElement.name') == 'pageSizes'
    page.keyboard.press('Shift+Tab')
    page.keyboard.press('Control+A')
    page.keyboard.type('0')
    assert page.get_attribute(BOOKMARKLET, 'href') is None
    assert '--page-size' in page.text_content(ERROR)
