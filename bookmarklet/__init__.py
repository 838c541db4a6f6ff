"""The crawler that becomes the bookmarklet: Python that Transcrypt turns into JavaScript.

Its parts are layers, each importing only those below it (LAYERS). The modules here are
the floor and the roof: portable (one name for each thing CPython and Transcrypt's
JavaScript do differently) and words (the words more than one place spells) below every
package; configured (the settings a click runs with), settings (the defaults a build
carries) and main (the entry point) above them. Each package's docstring says what each
of its modules does.
"""

# The layers, lowest first: a module imports only from its own package and the layers
# before it (tests/style/test_house_style.py).
LAYERS = ['portable', 'words', 'reading', 'cache', 'shown', 'crawl', 'browser', 'configured',
          'settings', 'main']
