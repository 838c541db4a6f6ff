"""House style: the native subset, the layers, the linters, and names declared once
(docs/design.md, Tests)."""
