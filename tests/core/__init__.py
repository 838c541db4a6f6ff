"""Core: the bookmarklet's modules under CPython, with fakes where the page would be
(docs/design.md, Tests)."""
