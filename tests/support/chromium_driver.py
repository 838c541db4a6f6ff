"""Headless Chromium (Debian's /usr/bin/chromium) through Playwright, as tests/support/browsers.py
asks of an engine."""

import shutil
import tempfile
from pathlib import Path

from playwright.sync_api import Download

from tests.support.browsers import Page, call_expression
from tests.support.overlay_reader import CHROMIUM, CHROMIUM_ARGS, run_bookmarklet


class Chromium:
    """One browser for the session; each new_page is a fresh profile (a context)."""

    def __init__(self, playwright):
        self.playwright = playwright
        self.browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        self.version = 'chromium ' + self.browser.version
        self.profiles = tempfile.mkdtemp(prefix='chromium-profiles-')  # of the tabs with extensions

    def new_page(self, init_script=None, color_scheme=None, media=None, extension=None):
        """A tab in a fresh profile; init_script runs in every frame before its own scripts.
        With an extension (a folder), the tab is a browser of its own that has it installed:
        Chromium loads an unpacked extension only at its start, into a profile on disk."""
        media = media or {}
        options = dict(color_scheme=color_scheme, reduced_motion=media.get('prefers-reduced-motion'),
                       forced_colors=media.get('forced-colors'))
        if extension:
            context = self.playwright.chromium.launch_persistent_context(
                tempfile.mkdtemp(dir=self.profiles), executable_path=CHROMIUM,
                args=CHROMIUM_ARGS + ['--disable-extensions-except={}'.format(extension),
                                      '--load-extension={}'.format(extension)], **options)
            page = context.pages[0] if context.pages else context.new_page()
        else:
            context = self.browser.new_context(**options)
            page = context.new_page()
        if init_script:
            context.add_init_script(init_script)
        return ChromiumPage(context, page, owns_context=True)

    def stop(self):
        self.browser.close()
        shutil.rmtree(self.profiles, ignore_errors=True)


class ChromiumPage(Page):
    engine = 'chromium'

    def __init__(self, context, page, owns_context):
        self.context, self.page, self.owns_context = context, page, owns_context
        self._errors: list[str] = []
        self._dialogs: list[str] = []
        self._downloads: list[Download] = []
        page.on('pageerror', lambda error: self._errors.append(str(error)))
        page.on('download', lambda download: self._downloads.append(download))
        page.on('dialog', self._note_dialog)

    def _note_dialog(self, dialog):
        self._dialogs.append(dialog.message)
        dialog.dismiss()

    def goto(self, url):
        self.page.goto(url)

    def navigate_javascript(self, url):
        run_bookmarklet(self.page, url)

    def evaluate(self, script, *args):
        return self.page.evaluate(call_expression(script, args))

    def _locator(self, in_overlay, selector):
        host = in_overlay if isinstance(in_overlay, str) else 'autoindex-sitemap'
        return self.page.locator(('#' + host + ' ' if in_overlay else '') + selector).first

    def click_element(self, in_overlay, selector):
        self._locator(in_overlay, selector).click()

    def select_element(self, in_overlay, selector, value):
        self._locator(in_overlay, selector).select_option(value)

    def press(self, key):
        self.page.keyboard.press(key)

    def type(self, text):
        self.page.keyboard.type(text)

    def _deliver_events(self):
        """Playwright's sync API hands over events only inside a call: one round trip to
        the page delivers every error and alert sent before its answer."""
        self.page.evaluate('0')

    @property
    def errors(self):
        self._deliver_events()
        return list(self._errors)

    def dialogs(self):
        self._deliver_events()
        return list(self._dialogs)

    def downloads(self):
        self._deliver_events()
        return {download.suggested_filename: Path(download.path()).read_bytes()
                for download in self._downloads}

    def set_viewport(self, width, height):
        self.page.set_viewport_size({'width': width, 'height': height})

    def new_tab(self):
        return ChromiumPage(self.context, self.context.new_page(), owns_context=False)

    def close(self):
        if self.owns_context:
            self.context.close()
        else:
            self.page.close()
