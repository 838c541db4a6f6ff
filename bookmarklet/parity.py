"""The parity case runner: the same cases through CPython and through the shipped bundle.

Portable on purpose: tests/test_parity.py runs it under CPython and, from
dist/sitemap.js, under node; the results must be identical.
"""

from bookmarklet.portable import JSError, problem_of, parse_json, to_json, parse_int
from bookmarklet.listing import read_listing
from bookmarklet.html_listing import read_html_listing, parse_size
from bookmarklet.order import sorted_entries, compare_names
from bookmarklet.names import percent_decode, percent_encode, listing_request_url
from bookmarklet.times import parse_http_date, parse_iso_time, parse_listing_date, format_iso, \
    format_age, parse_table_date
from bookmarklet.display import format_size, entry_view
from bookmarklet.paging import page_count, page_entries
from bookmarklet.freshness import cache_decision, new_record, stored_record, status_after_fetch, \
    level_one_urls


def anchors_given(anchors):
    """An anchors_of_html stand-in that returns anchors extracted beforehand."""
    return lambda text: anchors


def run_case(kind, given):
    """The result of one case; given is the case's input list."""
    if kind == 'sort':
        return sorted_entries(given[0])
    if kind == 'compare_names':
        return compare_names(given[0], given[1])
    if kind == 'parse_http_date':
        return parse_http_date(given[0])
    if kind == 'parse_iso_time':
        return parse_iso_time(given[0])
    if kind == 'parse_listing_date':
        return parse_listing_date(given[0], given[1])
    if kind == 'parse_table_date':
        return parse_table_date(given[0], given[1])
    if kind == 'format_iso':
        return format_iso(given[0])
    if kind == 'format_age':
        return format_age(given[0])
    if kind == 'format_size':
        return format_size(given[0])
    if kind == 'parse_int':
        return parse_int(given[0])
    if kind == 'percent_decode':
        return percent_decode(given[0])
    if kind == 'percent_encode':
        return percent_encode(given[0])
    if kind == 'read_listing':
        return read_listing(given[0], given[1], anchors_given(given[2]), given[3])
    if kind == 'read_html_listing':
        return read_html_listing(given[0], given[1], given[2])
    if kind == 'parse_size':
        return parse_size(given[0], given[1])
    if kind == 'listing_request_url':
        return listing_request_url(given[0], given[1])
    if kind == 'entry_view':
        return entry_view(given[0], given[1], given[2])
    if kind == 'page':
        return [page_count(len(given[0]), given[2]), page_entries(given[0], given[1], given[2])]
    if kind == 'cache_decision':
        return cache_decision(given[0], given[1], given[2], given[3], given[4])
    if kind == 'new_record':
        return new_record(given[0], given[1], given[2], given[3], given[4], given[5])
    if kind == 'stored_record':
        return stored_record(given[0], given[1])
    if kind == 'status_after_fetch':
        return status_after_fetch(given[0], given[1], given[2])
    if kind == 'level_one_urls':
        return level_one_urls(given[0], given[1])
    return {'error': 'unknown case kind ' + kind}


def run_cases(text):
    """JSON results, one per case of the JSON list [{kind, input}]; errors become {error}:
    a Problem's message, or 'unexpected error: ...' for anything else thrown."""
    results = []
    for case in parse_json(text):
        try:
            results.append({'result': run_case(case['kind'], case['input'])})
        except JSError as error:
            results.append({'error': problem_of(error)})
    return to_json(results)
