"""HTML for rule texts: escaped published text with cross-references and terms as links.

Rule texts come from rulebooks and are data, never markup: every character is escaped, and
the only tags are the ones added here around the spans the rules index found (a
:class:`TextLink` per cross-reference or term use, offsets into the original text). Where
two spans overlap, a cross-reference wins over a term, and an earlier span over a later one.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from markupsafe import Markup, escape


class LinkKind(StrEnum):
    """What a link in a rule text points at."""

    REFERENCE = "ref"
    """A cross-reference to another rule (``(804)``)."""
    TERM = "term"
    """A defined term, linked to the rule that defines it."""


@dataclass(frozen=True, slots=True)
class TextLink:
    """A span of a text to be rendered as a link."""

    start: int
    """Offset of the first character of the span."""
    end: int
    """Offset just past the span."""
    href: str
    """Where the link goes (relative URL)."""
    kind: LinkKind
    """Cross-reference or term."""
    preview: str
    """Key of the target in the page's preview table (shown on hover and focus); empty for none."""


def choose_links(links: Iterable[TextLink]) -> list[TextLink]:
    """The links to draw, without overlaps: references first, then terms, earliest first."""
    chosen: list[TextLink] = []
    ordered = sorted(links, key=lambda link: (link.kind is not LinkKind.REFERENCE, link.start, -link.end))
    for link in ordered:
        if link.start >= link.end:
            continue
        if any(link.start < other.end and other.start < link.end for other in chosen):
            continue
        chosen.append(link)
    chosen.sort(key=lambda link: link.start)
    return chosen


def linked_text(text: str, links: Sequence[TextLink]) -> Markup:
    """``text`` escaped, with each chosen span wrapped in a link."""
    out: list[str] = []
    pos = 0
    for link in choose_links(links):
        if link.end > len(text):
            continue
        out.append(str(escape(text[pos : link.start])))
        attrs = [f'href="{escape(link.href)}"', f'class="{link.kind.value}"']
        if link.preview:
            attrs.append(f'data-preview="{escape(link.preview)}"')
        out.append(f"<a {' '.join(attrs)}>{escape(text[link.start : link.end])}</a>")
        pos = link.end
    out.append(str(escape(text[pos:])))
    return Markup(_strong("".join(out)))


_BOLD = re.compile(r"\*\*((?:(?!\*\*).)+?)\*\*")
"""``**name**`` as the extraction left it (Divine Cross 105.1 ``**プレイヤー**: …``)."""


def _strong(html: str) -> str:
    """Bold markers the extraction kept, drawn as bold (only where they enclose whole tags)."""

    def bold(match: re.Match[str]) -> str:
        inner = match.group(1)
        if inner.count("<a ") != inner.count("</a>") or inner.count("<") != 2 * inner.count("<a "):
            return match.group()
        return f"<strong>{inner}</strong>"

    return _BOLD.sub(bold, html)


def highlighted(text: str, spans: Sequence[tuple[int, int]]) -> Markup:
    """``text`` escaped, with each (start, end) span in ``<mark>``."""
    out: list[str] = []
    pos = 0
    for start, end in sorted(spans):
        if start < pos:
            continue
        out.append(str(escape(text[pos:start])))
        out.append(f"<mark>{escape(text[start:end])}</mark>")
        pos = end
    out.append(str(escape(text[pos:])))
    return Markup("".join(out))


_JAPANESE = re.compile(r"[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]")


def has_japanese(text: object) -> bool:
    """Whether ``text`` holds Japanese characters (kana, kanji, full-width forms)."""
    return bool(_JAPANESE.search(str(text)))


def ja(text: object) -> Markup:
    """``text`` escaped, in ``<span lang="ja">`` when it holds Japanese (ids, versions, labels)."""
    if type(text) is str:  # the most common (every id and label of a page), made once
        return _ja_str(text)
    if has_japanese(text):
        return Markup('<span lang="ja">{}</span>').format(text)
    return Markup("{}").format(text)


@functools.lru_cache(maxsize=65536)
def _ja_str(text: str) -> Markup:
    """:func:`ja` of a plain string (``Markup.format`` escapes it as :func:`escape` does)."""
    if _JAPANESE.search(text):
        return Markup(f'<span lang="ja">{escape(text)}</span>')
    return escape(text)


_JAPANESE_RUN = re.compile(r"[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]+")


def ja_runs(text: object) -> Markup:
    """Mixed text (an engine's English sentence naming Japanese cards) escaped, each Japanese run
    in ``<span lang="ja">``.

    Escaping leaves Japanese characters as they are and a run holds none of the characters escaped,
    so the whole text is escaped first and the runs are marked in the escaped text."""
    escaped = str(escape(str(text)))
    return Markup(_JAPANESE_RUN.sub(_mark_run, escaped))


def _mark_run(match: re.Match[str]) -> str:
    return f'<span lang="ja">{match.group()}</span>'
