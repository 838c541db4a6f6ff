"""The build behind generator.py, one module per job.

settings        the settings table, their checks, the command line and sitemap.toml
bundle          bookmarklet/ staged with the settings, transpiled and bundled
prune           Transcrypt's runtime cut down to what the bundle reaches; the JavaScript tokenizer
native          the native runtime in place of Transcrypt's, and the subset's build check
rewrite         the transpiled modules rewritten into shorter JavaScript of the same meaning
compile         one script from one staged entry: transpiled, given its runtime, bundled
javascript_url  the void wrapper, escaping for a javascript: URL, the size limits
loader          the loader bookmarklet and the install page, from the templates in loader/
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
