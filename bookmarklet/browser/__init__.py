"""The browser side: the adapters, the overlay with its panel, rows, keys, styles and
export box, and the offer. JavaScript side only.

- browser: the adapters, fetch, DOMParser, the clock and the page
- style: the overlay's styles, compacted from overlay.css by the build
- panel: the overlay's DOM, built with textContent and attributes only
- keys: keys and focus while the overlay is open
- rows: the overlay's rows, updated in place as each listing settles
- takeaway: the export box, to copy or to save
- gallery: the tiles of the pictures, sound and video shown, and the viewer that shows or plays one
- overlay: the panel, its keys and rows put together as the screen the crawl shows through
- gate: the userscript's first question, may the open page be a listing
- offer: a button and a key that open the sitemap, where the script offers it
"""
