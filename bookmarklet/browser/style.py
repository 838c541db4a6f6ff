"""The overlay's styles, compacted from overlay.css by the build: each mark (a mark's first
character) stands for its text (the rest), put back in the order listed. The build stages
this module with the packed text and its marks in place of the empty ones below
(toolkit/bundle.py STYLE_SOURCE); as it stands here, for CPython, the styles are empty."""

from bookmarklet.portable import part


def unpacked(text, marks):
    for mark in marks:
        text = text.replace(mark[0], part(mark, 1))
    return text


STYLE = unpacked('', [])
