"""What is shown, decided without the page: paging, the row texts, the status line
and every sentence, the cached tree, the export. Pure: imports under CPython.

- paging: pages of a sorted list, and the filter that narrows it
- view: what is shown of the root's listing, the filter, the page size, the page
- display: what a row shows for an entry, as strings
- phrases: every sentence the status line, the notes and a row's message say
- progress: the status line's counts, and when a page is broken rather than marked
- tree: the cached tree below a root, as hits to search, to tell what is new, to count
- selection: the entries a person ticked, kept by exact URL, and what ticked directories take
- export: what is shown as text to take away, a URL list, wget, aria2c, JSON or a playlist
- media: which entries are pictures, sound or video, and the playlist of sound and video
"""
