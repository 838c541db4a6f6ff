"""The parity case runner: the same cases through CPython and through the core modules
as the bookmarklet's build compiles them.

The entry module of the parity test build (tests/support/parity_harness.py builds it
into build/parity.js with the bookmarklet's own build steps; nothing of it
ships in dist/). tests/parity/test_parity.py runs it under CPython and, from that
bundle, in V8, JavaScriptCore and SpiderMonkey; the results must be identical.
It keeps to the bookmarklet's native subset, so it builds with the native runtime.
"""

from bookmarklet.portable import JSError, Problem, problem_of, parse_json, to_json, parse_int, \
    part, joined, keys_of, drop_key, remove_at, is_exactly, exact_integer, percent_decode, \
    percent_encode, compare_text, text_sum, iso_time
from bookmarklet.reading.listing import read_listing, nginx_json_listing, parsed_json_listing
from bookmarklet.reading.html_listing import read_html_listing, parse_size, child_of, directory_of, \
    nginx_page, nginx_listing, class_words
from bookmarklet.reading.order import sorted_entries
from bookmarklet.reading.names import listing_request_url, body_text, name_of_bytes, name_of_text, \
    name_of_href, readable_path, redirect_problem
from bookmarklet.reading.times import parse_http_date, parse_iso_time, parse_listing_date, \
    format_age, parse_table_date, find_date
from bookmarklet.shown.display import format_size, entry_view
from bookmarklet.shown.paging import page_count, page_entries
from bookmarklet.cache.eviction import evictions, record_bytes
from bookmarklet.cache.checked import stored_record, stored_visit, stored_choices, is_path_below, \
    stored_frontier, stored_map
from bookmarklet.shown.export import export_of, left_out_text, local_path
from bookmarklet.configured import chosen_settings, is_prefix
from bookmarklet.shown.progress import page_status
from bookmarklet.cache.decision import cache_decision, status_after_fetch
from bookmarklet.cache.records import new_record, level_one_urls


def page_given(page):
    """A page_of_html stand-in that returns a page reading made beforehand."""
    return lambda text: page


def problem_case(message):
    """problem_of of the Problem raised with message."""
    try:
        raise Problem(message)
    except JSError as error:
        return problem_of(error)


def native_error_case(value):
    """problem_of of the native TypeError that subscripting value (None) raises: the
    type's name on both sides, while the engines word the message each their own way."""
    try:
        return value['missing']
    except JSError as error:
        found = problem_of(error)
        return part(found, 0, found.find(':', len('unexpected error: ')) + 1)


def agreement(quick, general):
    """'none' where a quick reading read nothing, 'same' where it gave what general(), the
    general reader, gives, else 'differs'."""
    if not quick:
        return 'none'
    try:
        return 'same' if to_json(quick) == to_json(general()) else 'differs'
    except JSError:
        return 'differs'


def quick_readings_case(text, page, source, settings):
    """{json, html}: how each quick reading of a body (nginx's JSON, nginx's HTML lines)
    agrees with the general reader; page is the parser's reading of an HTML text."""
    directory = directory_of(source['url'])
    nginx_reading = nginx_page(text)
    return {'json': agreement(nginx_json_listing(text, 'json'),
                              lambda: parsed_json_listing(text, 'json', directory)),
            'html': agreement(nginx_listing(nginx_reading, source, settings) if nginx_reading else None,
                              lambda: read_html_listing(page, source, settings))}


def drop_key_case(record, key):
    drop_key(record, key)
    return record


def remove_at_case(items, index):
    remove_at(items, index)
    return items


def run_case(kind, given):
    """The result of one case; given is the case's input list."""
    if kind == 'sort':
        return sorted_entries(given[0])
    if kind == 'compare_text':
        return compare_text(given[0], given[1])
    if kind == 'parse_http_date':
        return parse_http_date(given[0])
    if kind == 'parse_iso_time':
        return parse_iso_time(given[0])
    if kind == 'parse_listing_date':
        return parse_listing_date(given[0], given[1])
    if kind == 'parse_table_date':
        return parse_table_date(given[0], given[1])
    if kind == 'iso_time':
        return iso_time(given[0])
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
    if kind == 'name_of_bytes':
        return name_of_bytes(given[0])
    if kind == 'name_of_text':
        return name_of_text(given[0])
    if kind == 'name_of_href':
        return name_of_href(given[0])
    if kind == 'readable_path':
        return readable_path(given[0])
    if kind == 'redirect_problem':
        return redirect_problem(given[0], given[1], given[2])
    if kind == 'body_text':
        return body_text(given[0])
    if kind == 'read_body':
        return read_listing(given[0], body_text(given[1]), page_given(given[2]), given[3], given[4])
    if kind == 'read_listing':
        return read_listing(given[0], given[1], page_given(given[2]), given[3], given[4])
    if kind == 'quick_readings':
        return quick_readings_case(given[0], given[1], given[2], given[3])
    if kind == 'read_html_listing':
        return read_html_listing(given[0], given[1], given[2])
    if kind == 'class_words':
        return class_words(given[0])
    if kind == 'parse_size':
        return parse_size(given[0], given[1])
    if kind == 'find_date':
        return find_date(given[0], given[1])
    if kind == 'child_of':
        return child_of(given[0], directory_of(given[1]))
    if kind == 'listing_request_url':
        return listing_request_url(given[0], given[1], given[2])
    if kind == 'entry_view':
        return entry_view(given[0], given[1], given[2])
    if kind == 'page':
        return [page_count(len(given[0]), given[2]), page_entries(given[0], given[1], given[2])]
    if kind == 'cache_decision':
        return cache_decision(given[0], given[1], given[2], given[3], given[4], given[5], given[6])
    if kind == 'page_status':
        return page_status(given[0], given[1])
    if kind == 'new_record':
        return new_record(given[0], given[1], given[2], given[3], given[4], given[5])
    if kind == 'stored_record':
        return stored_record(given[0], given[1])
    if kind == 'stored_visit':
        return stored_visit(given[0], given[1])
    if kind == 'stored_frontier':
        return stored_frontier(given[0], given[1])
    if kind == 'stored_map':
        return stored_map(given[0], given[1])
    if kind == 'text_sum':
        return text_sum(given[0])
    if kind == 'stored_choices':
        return stored_choices(given[0])
    if kind == 'is_path_below':
        return is_path_below(given[0], given[1])
    if kind == 'is_prefix':
        return is_prefix(given[0])
    if kind == 'chosen_settings':
        return chosen_settings(given[0], given[1])
    if kind == 'export_of':
        return export_of(given[0], given[1], given[2])
    if kind == 'left_out_text':
        return left_out_text(given[0])
    if kind == 'local_path':
        return local_path(given[0], given[1])
    if kind == 'status_after_fetch':
        return status_after_fetch(given[0], given[1], given[2])
    if kind == 'level_one_urls':
        return level_one_urls(given[0], given[1])
    if kind == 'part':
        return part(given[0], given[1], given[2])
    if kind == 'joined':
        return joined(given[0], given[1])
    if kind == 'keys_of':
        return keys_of(given[0])
    if kind == 'drop_key':
        return drop_key_case(given[0], given[1])
    if kind == 'remove_at':
        return remove_at_case(given[0], given[1])
    if kind == 'problem_of':
        return problem_case(given[0])
    if kind == 'evictions':
        return evictions(given[0], given[1], given[2], given[3])
    if kind == 'record_bytes':
        return record_bytes(given[0])
    if kind == 'is_exactly':
        return is_exactly(given[0], given[1])
    if kind == 'exact_integer':
        return exact_integer(given[0])
    if kind == 'problem_of_native_error':
        return native_error_case(given[0])
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


# Outside a page (node, jsc, a Worker) the bundle lends its runner to the harness.
# __pragma__ ('ecom')
#?globalThis.autoindexSitemapCases = run_cases
# __pragma__ ('noecom')
