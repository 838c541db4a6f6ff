"""The build and what ships: generator.py, the compile steps, the package, the release and
the set-up (docs/design.md, Tests)."""
