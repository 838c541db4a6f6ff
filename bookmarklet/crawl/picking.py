"""A person's selection (shown/selection.py) over the crawl: tick an entry, every entry shown,
or none; what ticked directories take is read from the store afterwards, and the export box
and the count follow."""

from bookmarklet.portable import started
from bookmarklet.crawl.drawing import offer_export, shown_items, read_below
from bookmarklet.shown.selection import new_selection, pick, pick_all


def select(crawl, hit, picked):
    pick(crawl.selection_unit, hit, picked)
    offer_export(crawl)
    if picked and hit['type'] == 'directory':
        started(read_below(crawl))


def select_shown(crawl):
    pick_all(crawl.selection_unit, shown_items(crawl))
    offer_export(crawl)
    started(read_below(crawl))


def select_none(crawl):
    crawl.selection_unit = new_selection(crawl.selection_unit['base'])
    offer_export(crawl)
