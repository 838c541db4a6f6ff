"""Parity: the core modules under CPython and as the build compiles them, in V8,
JavaScriptCore and SpiderMonkey, result by result; beside the case runner the build compiles
(entry.py) and the scripts that run it in each engine (docs/design.md, Tests)."""
