"""The build's JavaScript tokenizer: strings, comments and regular expressions are read whole."""

from toolkit.tokens import js_scan, js_tokens


def test_the_scan_skips_strings_comments_and_regular_expressions():
    scan = js_scan("x = /[}]/g; y = '{' + \"(\"; // {\nz = a.b / c; /* ( */")
    assert scan['depth'] == 0 and not scan['open']
    assert 'b' not in scan['references'] and {'x', 'y', 'z', 'a', 'c'} <= scan['references']
    assert js_scan("s = 'open")['open']


def test_a_slash_after_a_value_divides_and_after_an_operator_starts_a_pattern():
    text = 'a = b / c / d; e = (/x/g)'
    kinds = [[kind, text[start:end]] for kind, start, end in js_tokens(text)]
    assert ['punct', '/'] in kinds and ['string', '/x/'] in kinds
    assert sum(1 for kind in kinds if kind == ['punct', '/']) == 2
