"""The install page as a configurator, in each browser engine: its checks say what
generator.py says, its links are what generator.py and toolkit/ write for the same
settings, its fragment carries the settings and Enter copies a link with it, and it works
opened from disk, at phone width and by keyboard."""

import json
import urllib.parse

import pytest

from toolkit.javascript_url import javascript_url
from toolkit.literal import OFFER_MARKS, SETTINGS_END, SETTINGS_START, json_lines, json_text, \
    offering, with_settings
from toolkit.loader import loader_url, script_pin
from toolkit.release import USERSCRIPT_NAME, project_version
from toolkit.settings import OPTIONS, SETTINGS
from tests.support.builds import build, run_generator
from tests.builds.test_generator import BAD_VALUES, CONTRADICTIONS

KEY_OF_FLAG = {setting.flag: setting.key for setting in SETTINGS + OPTIONS}
ERROR = '[data-role=error]'
BOOKMARKLET = 'a[data-role=bookmarklet]'
LOADER = 'a[data-role=loader]'
USERSCRIPT = 'a[data-role=userscript]'
# The text of the file the userscript link saves.
SAVED_USERSCRIPT = "async () => (await fetch(document.querySelector('a[data-role=userscript]').href)).text()"


def open_page(page, dist, fragment=''):
    page.goto((dist / 'install.html').resolve().as_uri() + fragment)
    return page


def element(page, selector):
    """An element of the install page, read and worked through the browser seam."""
    return page.find(selector, in_overlay=False)


def field(page, key):
    return element(page, 'form[data-role=settings] [name={}]'.format(key))


def fill(page, values):
    """Type each value into its field, as a person does."""
    for key, text in values.items():
        field(page, key).fill(text)


def shown_error(page):
    return element(page, ERROR).text_content()


def hrefs(page):
    return {name: element(page, selector).get_attribute('href')
            for name, selector in [('bookmarklet', BOOKMARKLET), ('loader', LOADER)]}


@pytest.fixture(scope='module')
def generator_words(tmp_path_factory):
    """generator_words(options): what generator.py says on stderr for options, run once
    for every engine."""
    said = {}

    def words(options):
        if tuple(options) not in said:
            said[tuple(options)] = run_generator(tmp_path_factory.mktemp('refused'),
                                                 *options).stderr
        return said[tuple(options)]
    return words


@pytest.mark.parametrize('options, words', BAD_VALUES + CONTRADICTIONS)
def test_a_bad_value_gets_generator_words_and_no_link(page, dist, generator_words, options,
                                                      words):
    flag, text = options
    open_page(page, dist)
    fill(page, {KEY_OF_FLAG[flag]: text})
    shown = shown_error(page)
    said = generator_words(options)
    assert shown != '' and shown in said, 'the page words it as generator.py does'
    assert all(word in shown for word in words)
    assert hrefs(page) == {'bookmarklet': None, 'loader': None}
    assert element(page, 'button[data-copy=loader]').is_disabled()
    assert page.errors == []


def test_fixing_the_value_brings_the_links_back(page, dist):
    open_page(page, dist)
    before = hrefs(page)
    fill(page, {'pageSize': '0'})
    assert hrefs(page)['bookmarklet'] is None
    fill(page, {'pageSize': '10'})
    assert shown_error(page) == ''
    assert hrefs(page) == before


ESCAPED = ['plain', '100%', '25%20', '#top', 'a\nb\tc\x7f', 'Café', 'ĳ€', '日本語', '😀 x',
           '\u2028', '%25', 'a"b\'c\\d', 'a ? b : "<c>"', '']


def test_the_browser_stores_the_bookmarklet_as_the_build_counts_it(page, dist):
    """The size budget counts dist/bookmarklet.url's line: the URL each engine keeps for the
    dragged link (its parsed href) must be that same string, not a longer escaping of it."""
    open_page(page, dist)
    stored = page.evaluate('document.querySelector({!r}).href'.format(BOOKMARKLET))
    assert stored == (dist / 'bookmarklet.url').read_text(encoding='utf-8').strip()


def test_the_page_escapes_and_writes_json_as_the_build_does(page, dist):
    open_page(page, dist)
    assert page.evaluate('(texts) => texts.map(javascriptUrl)', ESCAPED) == \
        [javascript_url(text) for text in ESCAPED]
    values = ESCAPED + [[10, 20], True, 0, -1440, {'title': 'Café', 'x': ['%']}]
    assert page.evaluate('(values) => values.map(jsonText)', values) == \
        [json_text(value) for value in values]
    assert page.evaluate('(values) => values.map(jsonLines)', values) == \
        [json_lines(value) for value in values]


def test_the_page_writes_settings_in_the_literal_as_the_build_does(page, dist):
    """Compact in the bookmarklet's literal, in lines in the readable userscript's."""
    open_page(page, dist)
    settings = {'title': 'Café */ /*/settings*/', 'pageSizes': [20, 50], 'prefetch': False}
    for write in [json_text, json_lines]:
        script = '(() => {\n  a(' + SETTINGS_START + write({'title': 'x'}) + SETTINGS_END + ');\n})();'
        assert page.evaluate('([code, settings]) => withSettings(code, settings)',
                             [script, settings]) == with_settings(script, settings)


def test_the_page_makes_the_userscript_offer_as_the_build_does(page, dist):
    open_page(page, dist)
    script = '(()=>{a(' + SETTINGS_START + json_text({'title': OFFER_MARKS[False]}) + \
        SETTINGS_END + ');b(' + OFFER_MARKS[False] + ')})();'
    assert page.evaluate('(code) => offering(code)', script) == offering(script)


OTHER = {'title': 'Café 100% #1 */ /*/settings*/', 'pageSize': '20', 'pageSizes': '20, 50',
         'maxConcurrentRequests': '2', 'prefetch': 'off', 'jsonPrefixFrom': '/files/',
         'jsonPrefixTo': '/json/files/'}
OTHER_FLAGS = ['--title', OTHER['title'], '--page-size', '20', '--page-sizes', '20,50',
               '--max-concurrent-requests', '2', '--prefetch', 'off',
               '--json-prefix-from', '/files/', '--json-prefix-to', '/json/files/']


@pytest.fixture(scope='module')
def other_build(tmp_path_factory):
    """dist/ as generator.py writes it with OTHER_FLAGS."""
    return build(tmp_path_factory.mktemp('other'), *OTHER_FLAGS)


def test_the_links_are_what_the_build_writes_for_the_same_settings(page, dist, other_build):
    open_page(page, dist)
    fill(page, OTHER)
    assert shown_error(page) == ''
    links = hrefs(page)
    assert links['bookmarklet'] == \
        (other_build / 'bookmarklet.url').read_text(encoding='utf-8').strip()
    # The loader loads this page's own sitemap.js and passes the settings it changes.
    data = json.loads(element(page, '#build').text_content())
    passed = {'title': OTHER['title'], 'pageSize': 20, 'pageSizes': [20, 50],
              'maxConcurrentRequests': 2, 'prefetch': False, 'jsonPrefixFrom': '/files/',
              'jsonPrefixTo': '/json/files/'}
    pin = script_pin((dist / 'sitemap.js').read_text(encoding='utf-8'))
    assert data['pins'] == {'own': pin, 'package': pin}
    assert links['loader'] == loader_url(data['loader'], {
        'url': '/.autoindex-sitemap/sitemap.js?v=' + pin['version'], 'pin': pin,
        'passed': passed, 'failure': data['failures']['own']}, 20)
    assert element(page, '[data-size=bookmarklet]').text_content() == \
        '{:,} characters'.format(len(links['bookmarklet']))
    assert element(page, BOOKMARKLET).text_content() == OTHER['title'], \
        'the bookmark is named by the title'
    userscript = (other_build / USERSCRIPT_NAME).read_text(encoding='utf-8')
    assert page.evaluate(SAVED_USERSCRIPT) == userscript
    assert element(page, '[data-size=userscript]').text_content() == \
        '{:,} bytes'.format(len(userscript.encode('utf-8')))


def test_a_loader_for_the_package_on_a_cdn_is_what_the_build_writes(page, dist, tmp_path):
    """cdnPackage on the page: the loader a build with --cdn-package writes for the same
    settings, and the page says where its script comes from."""
    package = 'autoindex-sitemap@' + project_version()
    url = 'https://cdn.jsdelivr.net/npm/{}/sitemap.js'.format(package)
    built = build(tmp_path, '--cdn-package', package, *OTHER_FLAGS)
    open_page(page, dist)
    fill(page, dict(OTHER, cdnPackage=package))
    assert shown_error(page) == ''
    assert hrefs(page)['loader'] == (built / 'loader.url').read_text(encoding='utf-8').strip()
    assert element(page, '[data-script-url]').text_content() == url
    assert 'https://cdn.jsdelivr.net' in element(page, '[data-script-origin]').text_content()
    fill(page, {'cdnPackage': ''})
    assert '/.autoindex-sitemap/sitemap.js' in hrefs(page)['loader']


def test_the_userscript_link_saves_the_build_userscript_and_names_its_version(page, dist):
    open_page(page, dist)
    assert page.evaluate(SAVED_USERSCRIPT) == \
        (dist / USERSCRIPT_NAME).read_text(encoding='utf-8')
    assert element(page, USERSCRIPT).get_attribute('download') == USERSCRIPT_NAME
    assert element(page, '[data-version]').text_content() == project_version()
    fill(page, {'pageSize': '0'})
    assert element(page, USERSCRIPT).get_attribute('href') is None


ELSEWHERE = 'https://elsewhere.example/s/sitemap.js'
HOSTED = 'https://files.example.org/tools/sitemap.js'


@pytest.fixture(scope='module')
def hosted_build(tmp_path_factory):
    """dist/ as generator.py writes it for a sitemap.js at an https URL given in full."""
    return build(tmp_path_factory.mktemp('hosted'), '--script-url', HOSTED)


UPDATES = '[data-role=userscript-updates]'


@pytest.mark.parametrize('hosted', [False, True])
def test_a_shared_link_never_chooses_where_the_userscript_updates_from(page, dist, hosted_build,
                                                                     hosted):
    """A link to the install page naming another server's script: the loader follows it,
    and says so; the userscript, which runs on every site, updates only from where the build
    put it (or from nowhere), and its part of the page says which."""
    built = hosted_build if hosted else dist
    for how in ['fragment', 'form']:
        open_page(page, built, '#scriptUrl=' + ELSEWHERE if how == 'fragment' else '')
        if how == 'form':
            fill(page, {'scriptUrl': ELSEWHERE})
        assert shown_error(page) == '' and 'elsewhere.example' in hrefs(page)['loader']
        saved = page.evaluate(SAVED_USERSCRIPT)
        assert 'elsewhere.example' not in saved, how
        assert saved == (built / USERSCRIPT_NAME).read_text(encoding='utf-8'), how
        said = element(page, UPDATES).text_content()
        assert 'elsewhere.example' not in said
        if hosted:
            url = 'https://files.example.org/tools/' + USERSCRIPT_NAME
            assert '// @updateURL    {}\n'.format(url) in saved and url in said
            assert '// @homepageURL  https://files.example.org/tools/install.html\n' in saved
        else:
            assert '@updateURL' not in saved and 'names no address to update from' in said
            assert '@homepageURL' not in saved and '@supportURL' not in saved


def test_the_fragment_fills_the_form_and_follows_it(page, new_page, dist):
    open_page(page, dist, '#pageSize=20&title=Files')
    assert field(page, 'pageSize').input_value() == '20'
    assert field(page, 'title').input_value() == 'Files'
    assert shown_error(page) == '' and element(page, BOOKMARKLET).text_content() == 'Files'
    fill(page, OTHER)
    shared = page.url
    assert '#' in shared and 'maxConcurrentRequests=2' in shared
    links = hrefs(page)
    other = new_page()
    other.goto(shared)
    assert hrefs(other) == links, 'the shared link opens the same bookmarklets'
    fill(page, {'pageSize': '10', 'pageSizes': '10,15,20,30', 'title': 'Sitemap',
                'maxConcurrentRequests': '10', 'prefetch': 'on', 'jsonPrefixFrom': '',
                'jsonPrefixTo': ''})
    assert '#' not in page.url, 'the defaults need no fragment'


def test_a_malformed_fragment_changes_nothing(page, dist):
    links = hrefs(open_page(page, dist))
    page.evaluate("location.hash = '#pageSize=%E0&nothing=1&=&title'")
    # The page follows its address: it reads the fragment, finds nothing to fill, and
    # writes back the address its form stands for, which needs no fragment.
    page.wait_for("location.hash === ''", timeout=5000)
    assert hrefs(page) == links and page.errors == []


def test_enter_copies_a_link_to_the_page_with_its_settings(page, serve, tmp_path, dist):
    (tmp_path / 'www').mkdir()
    server = serve('sitemap-host.conf', tmp_path / 'www', dist=dist)
    install = server.url('/.autoindex-sitemap/install.html')
    page.goto(install)
    fill(page, {'title': 'Files'})
    page.press('Enter')  # submits the form, which copies rather than leaves the page
    page.wait_for("document.querySelector('[data-hint=share]').textContent === 'Copied'",
                  timeout=5000)
    assert page.url == install + '#title=Files'
    assert page.paste() == page.url


@pytest.mark.needs('phone-width')
def test_the_page_fits_a_phone(page, dist):
    page.set_viewport(360, 740)
    open_page(page, dist)
    assert page.evaluate('document.documentElement.scrollWidth') <= 360


def test_the_page_works_by_keyboard(page, dist):
    open_page(page, dist)
    field(page, 'title').click()
    for _ in range(2):
        page.press('Tab')
    assert page.evaluate('document.activeElement.name') == 'pageSizes'
    page.press('Shift+Tab')
    assert page.evaluate('document.activeElement.name') == 'pageSize'
    page.press('Control+a')
    page.type('0')
    assert field(page, 'pageSize').input_value() == '0'
    assert element(page, BOOKMARKLET).get_attribute('href') is None
    assert '--page-size: 0 is outside' in shown_error(page)


def test_a_shared_link_that_moves_the_script_is_said_or_refused(page, new_page, dist):
    open_page(page, dist, '#scriptUrl=https://attacker.example/sitemap.js')
    assert shown_error(page) == ''
    assert element(page, '[data-script-url]').text_content() == 'https://attacker.example/sitemap.js'
    said = element(page, '[data-script-origin]').text_content()
    assert 'another server than this page: https://attacker.example.' in said
    # The loader's failure message names the install page this build was made with.
    code = urllib.parse.unquote(hrefs(page)['loader'][len('javascript:'):])
    assert "bookmarklet from /.autoindex-sitemap/install.html'" in code
    assert code.count('attacker.example') == 1, 'only in the script URL'
    # What a browser would read as another origin than written is refused outright.
    # (A page of its own for each link: a link that changes only the fragment loads nothing.)
    for fragment in ['/%5Cattacker.example/sitemap.js', '%2F%255Cattacker.example%2Fs.js',
                     'http://attacker.example/s.js', '//attacker.example/s.js',
                     'https://u@attacker.example/s.js']:
        other = open_page(new_page(), dist, '#scriptUrl=' + fragment)
        assert shown_error(other).startswith('--script-url: '), fragment
        assert hrefs(other)['loader'] is None
        assert other.errors == []
    other = open_page(new_page(), dist, '#scriptUrl=/.autoindex-sitemap/sitemap.js')
    assert element(other, '[data-script-origin]').text_content() == ''
    assert page.errors == [] and other.errors == []
