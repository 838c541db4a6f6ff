"""The crawl: the root, the waves, settling and bookkeeping, search, choices and the map.
The browser comes in as adapters (docs/design.md, The crawl's units).

- pool: at most maxConcurrentRequests tasks at once, oldest first
- root: the page's directory, its listing (wave 1) and the server's clock
- upkeep: bookkeeping that changes nothing shown, store writes, the visit, pruning, the timer
- settle: each directory's listing, from its record or by wave 2
- drawing: what the list shows and when it is drawn
- finding: search and what's new
- picking: a person's selection, ticked, all shown or none, and what ticked directories take
- choices: a person's choices (page size, scope), kept for the next visit of any root
- mapping: the map, every directory below the shown root and its durable frontier
- crawl: the click's crawl, wiring the units above to the screen
- seams: the screen, the actions and the adapters, declared once (read by the tests alone)
"""
