"""Text normalisation shared by the parsers, the search and the site.

Japanese text is data: the original is kept for display; :func:`search_key` gives the form
used for matching (NFKC, case-folded, optionally kana-folded). The site's ``search.js``
mirrors :func:`search_key` exactly; keep them in step.
"""

from __future__ import annotations

import re
import unicodedata

_HTML_TAG = re.compile(r"</?[A-Za-z][^<>]*>")
_BULLET = re.compile(r"^\s*(?:[-•・●]\s+)")
_PAGE_NUMBER = re.compile(r"^\s*-\s*\d+\s*-\s*$")
_WHITESPACE = re.compile(r"\s+")
_CJK = (
    r"\u3000-\u303f\u3040-\u309f\u30a0-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef"
)
_JOIN_BETWEEN_CJK = re.compile(rf"(?<=[{_CJK}])\s+(?=[{_CJK}])")


def nfkc(text: str) -> str:
    """NFKC form of ``text`` (full-width digits and letters to ASCII, half-width kana to full)."""
    return unicodedata.normalize("NFKC", text)


def fold_kana(text: str) -> str:
    """Katakana folded to hiragana, so that ``スタンバイ`` and ``すたんばい`` match."""
    out = []
    for ch in text:
        code = ord(ch)
        if 0x30A1 <= code <= 0x30F6:
            out.append(chr(code - 0x60))
        else:
            out.append(ch)
    return "".join(out)


def search_key(text: str, *, kana: bool = False) -> str:
    """The form of ``text`` used for matching: NFKC, lower case, whitespace removed.

    Whitespace is removed, not collapsed, because the rulebooks put spaces between
    Japanese and numbers inconsistently (``2 人`` / ``2人``). With ``kana=True`` katakana
    is folded to hiragana as well. Mirrored by ``site/static/search.js``.
    """
    key = nfkc(text).lower()
    key = _WHITESPACE.sub("", key)
    if kana:
        key = fold_kana(key)
    return key


def strip_html(line: str) -> str:
    """``line`` with HTML tags removed (the extraction left ``<p>`` fragments)."""
    return _HTML_TAG.sub(" ", line)


def has_html(line: str) -> bool:
    """Whether ``line`` carries HTML tags."""
    return bool(_HTML_TAG.search(line))


def strip_bullet(line: str) -> str:
    """``line`` without a leading bullet dash (``- 801.1. ...`` → ``801.1. ...``)."""
    return _BULLET.sub("", line, count=1)


def is_page_number(line: str) -> bool:
    """Whether ``line`` is a bare page number such as ``- 12 -``."""
    return bool(_PAGE_NUMBER.match(line))


def join_lines(first: str, second: str) -> str:
    """Join two pieces of one broken line: no space between Japanese characters.

    Text broken across narrow columns or pages is joined back; a space is kept only where
    one of the two sides is not Japanese (``CP`` + ``を`` keeps none, ``1`` + ``体`` keeps none,
    ``Damage`` + ``の`` keeps none; ``the`` + ``rule`` keeps one).
    """
    a = first.rstrip()
    b = second.lstrip()
    if not a:
        return b
    if not b:
        return a
    if _is_cjk(a[-1]) or _is_cjk(b[0]):
        return a + b
    return a + " " + b


def tidy(text: str) -> str:
    """Whitespace inside ``text`` collapsed to single spaces, and removed between Japanese characters."""
    text = _WHITESPACE.sub(" ", text).strip()
    return _JOIN_BETWEEN_CJK.sub("", text)


def _is_cjk(ch: str) -> bool:
    code = ord(ch)
    return (
        0x3000 <= code <= 0x30FF
        or 0x3400 <= code <= 0x4DBF
        or 0x4E00 <= code <= 0x9FFF
        or 0xFF00 <= code <= 0xFFEF
    )


ICON_MARK = "⟨icon⟩"
"""How a plain-text renderer shows an icon that the published text printed (or lost)."""


def mark_icons(text: str, offsets: list[tuple[int, str]]) -> str:
    """``text`` with each icon shown as :data:`ICON_MARK`: a glyph replaced, a gap's spaces replaced.

    ``offsets`` are (offset, glyph) pairs of :class:`rules_index.model.Icon`, in text order; an
    empty glyph is a gap (a run of spaces where the extraction lost an icon).
    """
    out: list[str] = []
    position = 0
    for offset, glyph in offsets:
        if offset < position:
            continue
        out.append(text[position:offset])
        end = offset + 1 if glyph else offset + len(text[offset:]) - len(text[offset:].lstrip(" \u3000"))
        out.append(ICON_MARK)
        position = max(end, offset + 1)
    out.append(text[position:])
    return "".join(out)
