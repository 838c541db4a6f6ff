"""The build behind generator.py, one module per job.

settings        the settings table, their checks, the command line and sitemap.toml
bundle          bookmarklet/ staged with the settings, transpiled and bundled
prune           Transcrypt's runtime cut down to what the bundle reaches
javascript_url  the realm wrapper, escaping for a javascript: URL, the size limits
loader          the loader bookmarklet and the install page, from the templates in loader/
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
