"""The corpus: every captured and saved page of a real server read to its expected listing,
and the signs the userscript asks of a page (docs/design.md, Tests)."""
