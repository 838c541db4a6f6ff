"""The gallery, its viewer and the players, end to end in each engine, against nginx's HTML
and JSON listings of real pictures, sounds and a video made here by ffmpeg: only the tiles
in view are fetched (nginx's access log), the keys step and go back, a sound plays where the
engine can play it, a hostile SVG runs nothing, an image the page's img-src refuses shows as
failed while the rows work on; and the playlist export is read by a player, mpv."""
import subprocess
import time

import pytest

from tests.e2e.test_e2e_access import audited
from tests.support.trees import SEPT_2026

# How each file is made (ffmpeg's lavfi sources: a test card, a sine tone): name, arguments.
MADE = [
    ('tone.jpg', ['-f', 'lavfi', '-i', 'testsrc=size=96x64:rate=1', '-frames:v', '1']),
    ('tone.png', ['-f', 'lavfi', '-i', 'testsrc=size=96x64:rate=1', '-frames:v', '1']),
    ('tone.webp', ['-f', 'lavfi', '-i', 'testsrc=size=96x64:rate=1', '-frames:v', '1']),
    ('tone.gif', ['-f', 'lavfi', '-i', 'testsrc=size=96x64:rate=1', '-frames:v', '1']),
    ('tone.opus', ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=4', '-c:a', 'libopus']),
    ('tone.mp3', ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=4']),
    ('tone.flac', ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=4']),
    ('tone.webm', ['-f', 'lavfi', '-i', 'testsrc=size=96x64:rate=10', '-t', '2', '-c:v', 'libvpx']),
]
SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="96" height="64">'
       '<rect width="96" height="64" fill="teal"/></svg>')
# Were it run, it would ask nginx for /svg-ran and set a mark on the page.
HOSTILE_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="96" height="64" onload="fetch(\'/svg-ran\')">'
               '<script>fetch("/svg-ran"); top.svgRan = true;</script>'
               '<rect width="96" height="64" fill="red"/></svg>')
PICTURES = 40  # copies of tone.png in pics/, more than a box shows
LISTINGS = ['html-listings.conf', 'json-by-accept.conf']


@pytest.fixture(scope='module')
def made(tmp_path_factory):
    """The files ffmpeg makes, once: {name: bytes}."""
    folder = tmp_path_factory.mktemp('made')
    files = {}
    for name, arguments in MADE:
        subprocess.run(['ffmpeg', '-v', 'error', '-y'] + arguments + [str(folder / name)], check=True)
        files[name] = (folder / name).read_bytes()
    files['tone.svg'] = SVG.encode()
    files['tone-hostile.svg'] = HOSTILE_SVG.encode()
    files['tone-broken.ogg'] = b'not a sound at all' * 50
    return files


def write_site(www, made):
    """media/: every file made, one a second apart (tone.jpg newest); pics/: PICTURES pictures."""
    (www / 'media').mkdir(parents=True)
    (www / 'pics').mkdir()
    for index, (name, data) in enumerate(made.items()):
        (www / 'media' / name).write_bytes(data)
        stamp = SEPT_2026 + 1000 - index
        subprocess.run(['touch', '-d', '@{}'.format(stamp), str(www / 'media' / name)], check=True)
    for index in range(PICTURES):
        path = www / 'pics' / 'pic-{:03d}.png'.format(index)
        path.write_bytes(made['tone.png'])
        subprocess.run(['touch', '-d', '@{}'.format(SEPT_2026 + 500 - index), str(path)], check=True)


def site(tmp_path, serve, made, listing, extra=''):
    www = tmp_path / 'www'
    write_site(www, made)
    return serve(listing, www, extra=extra)


IN = "document.getElementById('autoindex-sitemap').shadowRoot"
MATCHES = "(start) => " + IN + ".querySelector('[data-role=matches]').textContent.startsWith(start)"
# The tiles in the box now: [{path, href, load, seen}], seen when the box shows part of it.
TILES = """() => {
  const box = """ + IN + """.querySelector('[data-role=gallery-box]');
  const outer = box.getBoundingClientRect();
  return [...box.querySelectorAll('[data-role=tile]')].map((tile) => {
    const own = tile.getBoundingClientRect();
    return {path: tile.getAttribute('data-path'), href: tile.getAttribute('data-href'),
            load: tile.getAttribute('data-load'), kind: tile.getAttribute('data-kind'),
            src: tile.querySelector('img') ? tile.querySelector('img').getAttribute('src') : null,
            seen: own.bottom > outer.top && own.top < outer.bottom};
  });
}"""
# Every picture in the box has come, or failed.
SETTLED = """() => [...""" + IN + """.querySelectorAll('[data-role=tile][data-kind=image]')]
  .every((tile) => ['shown', 'failed'].includes(tile.getAttribute('data-load')))"""
VIEWER = """() => {
  const viewer = """ + IN + """.querySelector('[data-role=viewer]');
  const shown = viewer.querySelector('.stage > *');
  return {open: !viewer.hidden, name: viewer.querySelector('h2').textContent,
          tag: shown ? shown.tagName.toLowerCase() : null,
          note: viewer.querySelector('[data-role=viewer-note]').textContent,
          focused: """ + IN + """.activeElement ? """ + IN + """.activeElement.getAttribute('data-path') : null,
          inViewer: viewer.contains(""" + IN + """.activeElement)};
}"""
VIEWED = "(name) => " + IN + ".querySelector('[data-role=viewer] h2').textContent === name"


def search_tree(page, query, said):
    page.control('scope').select_option('tree')
    page.control('filter').fill(query)
    page.wait_for(MATCHES, said)


def open_gallery(page):
    page.control('gallery').click()
    page.wait_for("() => " + IN + ".querySelectorAll('[data-role=tile]').length > 0")
    page.wait_for(SETTLED)
    return page.evaluate(TILES)


def pictures_asked(server):
    return sorted(request['uri'] for request in server.requests() if request['uri'].endswith('.png'))


def path_of(href, server):
    return href[len(server.url('')):]


@pytest.mark.parametrize('listing', LISTINGS)
def test_only_the_tiles_in_view_are_fetched_and_the_viewer_steps(page, serve, tmp_path, made, bookmarklet,
                                                                 listing):
    server = site(tmp_path, serve, made, listing)
    page.open_sitemap(server.url('/'), bookmarklet)
    search_tree(page, '.png', '{} hits'.format(PICTURES + 1))
    server.forget_requests()
    tiles = open_gallery(page)
    seen = [tile for tile in tiles if tile['seen']]
    assert 0 < len(seen) < PICTURES + 1
    # Newest first, as the hits: media/tone.png is newer than every picture of pics/.
    assert [tile['path'] for tile in tiles][:2] == ['media/tone.png', 'pics/pic-000.png']
    assert all(tile['load'] == 'shown' for tile in seen), tiles
    assert pictures_asked(server) == sorted(path_of(tile['href'], server) for tile in seen)
    assert audited(page) == []

    # Scrolled to the end: the last tiles come, the first leave with their images.
    page.evaluate("() => { const box = " + IN + ".querySelector('[data-role=gallery-box]');"
                  " box.scrollTop = box.scrollHeight; }")
    page.wait_for("(last) => " + IN + ".querySelector('[data-role=tile][data-path=\"' + last + '\"]') !== null",
                  'pics/pic-{:03d}.png'.format(PICTURES - 1))
    page.wait_for(SETTLED)
    after = page.evaluate(TILES)
    assert 'media/tone.png' not in [tile['path'] for tile in after]
    assert len([tile for tile in after if tile['src']]) <= len(seen) + 6  # a row of a cell more at most
    assert len(pictures_asked(server)) < PICTURES + 1

    # The viewer: the last tile large, the keys step back and forth in the same order.
    last = after[-1]
    page.find('[data-role=tile][data-path="{}"]'.format(last['path'])).click()
    page.wait_for(VIEWED, last['path'])
    viewer = page.evaluate(VIEWER)
    assert viewer['open'] and viewer['tag'] == 'img' and viewer['inViewer']
    assert audited(page) == []
    page.press('ArrowLeft')
    page.wait_for(VIEWED, 'pics/pic-{:03d}.png'.format(PICTURES - 2))
    page.press('ArrowRight')
    page.wait_for(VIEWED, last['path'])
    page.press('ArrowRight')  # the last: it stays
    page.press('Escape')
    page.wait_for("() => " + IN + ".querySelector('[data-role=viewer]').hidden")
    assert page.evaluate(VIEWER)['focused'] == last['path'], 'focus is back on the tile'
    assert page.read_overlay() is not None, 'Esc closed the viewer, not the overlay'
    assert page.errors == []


# Each tile's box in the gallery: [path, ticked, name], the path read off its tile.
TILE_BOXES = """() => [...""" + IN + """.querySelectorAll('[data-role=gallery-box] [data-role=select]')]
  .map((box) => [box.previousElementSibling.getAttribute('data-path'), box.checked,
                 box.getAttribute('aria-label')])"""
SELECTED = "(count) => " + IN + ".querySelector('[data-role=selected]').getAttribute('data-count') === String(count)"


def test_a_tiles_box_ticks_its_file_for_every_export_and_the_rows(page, serve, tmp_path, made, bookmarklet):
    server = site(tmp_path, serve, made, 'json-by-accept.conf')
    page.open_sitemap(server.url('/'), bookmarklet)
    search_tree(page, '.png', '{} hits'.format(PICTURES + 1))
    open_gallery(page)
    boxes = page.evaluate(TILE_BOXES)
    assert boxes and all(name == 'Select ' + path and not ticked for path, ticked, name in boxes)
    picked = boxes[1][0]
    page.find('[data-role=gallery-box] [data-role=select][aria-label="Select {}"]'.format(picked)).click()
    page.wait_for(SELECTED, 1)
    assert [path for path, ticked, _ in page.evaluate(TILE_BOXES) if ticked] == [picked]
    assert page.evaluate(VIEWER)['open'] is False, 'the box opened no viewer'
    assert audited(page) == []
    # The export takes it alone, and its hit among the rows is ticked.
    page.find('.export summary').click()
    page.control('export-format').select_option('urls')
    assert page.control('export-source').get_attribute('data-source') == 'selection'
    assert page.control('export-text').input_value().split() == [server.url('/' + picked)]
    page.control('gallery').click()
    assert page.evaluate("(path) => " + IN + ".querySelector('[data-role=hit][data-path=\"' + path + '\"]"
                         " [data-role=select]').checked", picked)
    # Back in the gallery, still ticked; cleared there, its box is clear at once.
    page.control('gallery').click()
    page.wait_for("() => " + IN + ".querySelectorAll('[data-role=gallery-box] [data-role=select]').length > 0")
    assert [path for path, ticked, _ in page.evaluate(TILE_BOXES) if ticked] == [picked]
    page.control('select-none').click()
    page.wait_for(SELECTED, 0)
    assert not any(ticked for _, ticked, _ in page.evaluate(TILE_BOXES))
    assert page.errors == []


def open_viewer(page, name):
    page.find('[data-role=tile][data-path="media/{}"]'.format(name)).click()
    page.wait_for(VIEWED, 'media/' + name)


# Whether the sound plays: its time after a second of play, started muted as a script may.
PLAYED = """async () => {
  const sound = """ + IN + """.querySelector('[data-role=viewer] .stage > audio');
  sound.muted = true;
  await sound.play();
  await new Promise((done) => setTimeout(done, 1500));
  return sound.currentTime;
}"""
CAN_PLAY = "(type) => document.createElement('audio').canPlayType(type)"


def test_sounds_play_with_the_browsers_controls_and_nothing_plays_by_itself(page, serve, tmp_path, made,
                                                                            bookmarklet):
    server = site(tmp_path, serve, made, 'json-by-accept.conf')
    page.open_sitemap(server.url('/'), bookmarklet)
    search_tree(page, 'tone', '{} hits'.format(len(made)))
    tiles = open_gallery(page)
    assert sorted(tile['kind'] for tile in tiles) == ['audio'] * 4 + ['image'] * 6 + ['video']
    open_viewer(page, 'tone.opus')
    time.sleep(1)
    assert page.evaluate("() => { const a = " + IN + ".querySelector('.stage > audio');"
                         " return a.paused && a.currentTime === 0 && a.controls && !a.autoplay; }")
    assert audited(page) == []
    played = []
    for name, type_ in [('tone.opus', 'audio/ogg; codecs=opus'), ('tone.mp3', 'audio/mpeg'),
                        ('tone.flac', 'audio/flac')]:
        if page.evaluate(CAN_PLAY, type_) == '':
            continue  # the engine says it cannot: said below if it can play none
        if page.evaluate(VIEWER)['name'] != 'media/' + name:
            page.press('Escape')
            open_viewer(page, name)
        if page.evaluate(PLAYED) > 0.2:
            played.append(name)
    if not played:
        pytest.skip('{} plays none of Opus, MP3, FLAC here (its media back end has no decoder for '
                    'them)'.format(page.engine))
    # A file no browser can play says so, with the link to download it.
    page.press('Escape')
    open_viewer(page, 'tone-broken.ogg')
    page.wait_for("() => " + IN + ".querySelector('[data-role=viewer-note]').textContent !== ''")
    assert page.find('[data-role=viewer-link]').get_attribute('href') == server.url('/media/tone-broken.ogg')
    assert page.errors == []


def test_a_hostile_svg_runs_nothing(page, serve, tmp_path, made, bookmarklet):
    server = site(tmp_path, serve, made, 'html-listings.conf')
    page.open_sitemap(server.url('/'), bookmarklet)
    search_tree(page, 'hostile', '1 hit')
    open_gallery(page)
    open_viewer(page, 'tone-hostile.svg')
    page.wait_for("() => " + IN + ".querySelector('.stage > img').complete")
    time.sleep(0.5)
    assert '/svg-ran' not in [request['uri'] for request in server.requests()]
    assert page.evaluate('() => window.svgRan === undefined')
    assert page.evaluate("() => " + IN + ".querySelectorAll('svg, object, embed, iframe').length") == 0
    assert page.errors == []


def test_an_image_the_page_refuses_shows_as_failed_and_the_rows_work_on(page, serve, tmp_path, made,
                                                                        bookmarklet):
    server = site(tmp_path, serve, made, 'html-listings.conf',
                  extra='    add_header Content-Security-Policy "img-src \'none\'" always;')
    page.open_sitemap(server.url('/'), bookmarklet)
    search_tree(page, 'tone.', '')
    tiles = open_gallery(page)
    pictures = [tile for tile in tiles if tile['kind'] == 'image']
    assert pictures and all(tile['load'] == 'failed' for tile in pictures)
    assert page.evaluate("() => [..." + IN + ".querySelectorAll('[data-role=tile][data-load=failed]')]"
                         ".every((tile) => tile.textContent.includes('failed'))")
    page.control('gallery').click()
    page.control('filter').fill('')
    page.control('scope').select_option('page')
    page.find('[data-role=row][data-name=media] [data-role=open]').click()
    page.wait_for("() => " + IN + ".querySelector('[data-role=status]').getAttribute('data-root')"
                  ".endsWith('/media/')")
    assert page.wait_settled()['rows'], 'the rows are shown again, and open in place'
    assert page.errors == []


def test_the_playlist_is_read_by_a_player(page, serve, tmp_path, made, bookmarklet):
    """The m3u8 export of the sound and video shown: mpv (whose playlist reader takes an
    extended M3U as a list of entries, where ffmpeg's takes any .m3u8 for HLS segments) plays
    every entry under its title, each fetched from nginx."""
    server = site(tmp_path, serve, made, 'json-by-accept.conf')
    page.open_sitemap(server.url('/'), bookmarklet)
    search_tree(page, 'tone', '{} hits'.format(len(made)))
    page.find('.export summary').click()
    page.control('export-format').select_option('m3u8')
    page.wait_for("() => " + IN + ".querySelector('[data-role=export-text]').value.startsWith('#EXTM3U')")
    playlist = tmp_path / 'sitemap.m3u8'
    playlist.write_text(page.find('[data-role=export-text]').input_value(), encoding='utf-8')
    media = [name for name in made if name.split('.')[-1] in ('opus', 'mp3', 'flac', 'webm', 'ogg')]
    server.forget_requests()
    played = subprocess.run(['mpv', '--no-config', '--ytdl=no', '--ao=null', '--vo=null', '--length=0.2',
                             '--term-playing-msg=played ${media-title} from ${path}', str(playlist)],
                            capture_output=True, text=True, timeout=120)
    said = played.stdout + played.stderr
    for name in media:
        url = server.url('/media/' + name)
        assert 'Playing: ' + url in said, said
        assert name == 'tone-broken.ogg' or 'played media/{} from {}'.format(name, url) in said, said
    assert sorted({request['uri'] for request in server.requests()}) == sorted('/media/' + name for name in media)
