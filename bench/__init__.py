"""Benchmarks that print figures and write docs/benchmarks.md; never part of `make test`."""
