"""End to end: the built bookmarklet, loader, install page and userscript in each browser
engine against live servers, and the exports through the real tools (docs/design.md, Tests)."""
