"""The build behind generator.py and the autoindex-sitemap command, one module per job.

settings        the settings table, their rules and messages, the command line and sitemap.toml
bundle          bookmarklet/ staged for the build, transpiled and bundled
tokens          the JavaScript tokenizer the other steps share: strings, patterns and comments left whole
prune           Transcrypt's runtime cut down to what the bundle reaches
subset          the native subset's rules, one table: house style, the build check, the docs
native          the native runtime in place of Transcrypt's, and the subset's build check
rewrite         the transpiled modules rewritten into shorter JavaScript of the same meaning
compile         the compiled parts, kept under the digest of their inputs
literal         the settings literal in the script, and writing other settings into it
javascript_url  the void wrapper, escaping for a javascript: URL, the size limits
package         the npm package a release publishes, packed from dist/
loader          the loader bookmarklet and the install page, from the templates in loader/
dist            dist/ from the compiled parts and the settings, with no compiler
command         the installed command: dist/ from the parts its package carries
package         the npm package a release publishes, packed by npm pack from dist/
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
