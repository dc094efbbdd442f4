"""The parsing pipeline: a rulebook's file → :class:`RuleBook`, in small named steps.

decode (encoding, byte-order mark, line ends, pages) → refuse what cannot be read as one text
(two columns merged side by side) → the parser the manifest names (numbered, with its
numbering scheme detected from the text, or outline) → pages and icons attached to each rule.
Each step is a pure function, testable alone; :func:`parse_source` runs them all.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from rules_index.decode import Decoded, decode
from rules_index.errors import ParseError
from rules_index.model import DocumentInfo, Icon, Rule, RuleBook

Parser = Callable[[str, DocumentInfo], RuleBook]
"""A parse function: (text, document) → book."""

_SIDE_BY_SIDE = re.compile(r"\S[ \u3000]{2,}(?:\d{3}\.\d+[a-z]?\.?|\d{1,2}(?:\.\d{1,3}){1,5}\.?)[ \u3000]+\S")
_NUMBERED_LINE = re.compile(r"^[ \t]*(?:\d{3}\.\d+|\d{1,2}(?:\.\d{1,3}){1,5})[^\n]*", re.MULTILINE)
SIDE_BY_SIDE_SHARE = 0.05
"""Share of numbered lines carrying a second rule number after a wide gap that marks merged columns."""
SIDE_BY_SIDE_MIN = 5
"""…and at least this many such lines."""

_PRIVATE_USE = re.compile(r"[\ue000-\uf8ff]")
_ICON_SCRIPT = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\ue000-\uf8ff]")
"""Icons are only looked for in text with Japanese or private-use characters."""
_CJK = "\u3040-\u30ff\u3400-\u9fff"
_PARTICLES = "がのをにとはでもや"
_ICON_GAP = re.compile(
    rf"(?<=[{_CJK}])(?:[ \u3000]{{2,}}|(?<=[{_PARTICLES}])[ \u3000]|[ \u3000](?=[{_PARTICLES}]))(?=[{_CJK}])"
)


def parse_numbered_text(text: str, info: DocumentInfo) -> RuleBook:
    """The numbered parser (imported lazily: the outline parser's users do not pay for it)."""
    from rules_index.numbered import parse_numbered

    return parse_numbered(text, info)


def parse_outline_text(text: str, info: DocumentInfo) -> RuleBook:
    """The outline parser for unnumbered documents."""
    from rules_index.outline import parse_outline

    return parse_outline(text, info)


PARSERS: dict[str, Parser] = {
    "numbered": parse_numbered_text,
    "outline": parse_outline_text,
}
"""Parser name (as written in manifests) → parse function."""


def parse_source(data: bytes, info: DocumentInfo, encoding: str = "") -> RuleBook:
    """Every step, from the file's bytes to the book."""
    return parse_decoded(decode(data, info.path, encoding), info)


def parse_decoded(decoded: Decoded, info: DocumentInfo) -> RuleBook:
    """The steps after decoding: refuse merged columns, find page furniture, parse, attach pages and icons."""
    refuse_side_by_side(decoded.text, info.path)
    if info.parser == "numbered":
        from rules_index.numbered import parse_numbered

        furniture = page_furniture(decoded.text.split("\n"), decoded.pages)
        book = parse_numbered(decoded.text, info, furniture)
    else:
        book = PARSERS[info.parser](decoded.text, info)
    return with_icons(with_pages(book, decoded.pages))


_PAGE_NUMBER_LINE = re.compile(
    r"^\s*(?:[-–—]\s*\d{1,4}\s*[-–—]|\d{1,4}(?:\s*/\s*\d{1,4})?|(?:page|p\.)\s*\d{1,4}|\d{1,4}\s*ページ)\s*$",
    re.IGNORECASE,
)
_RULE_LINE = re.compile(r"^\s*\d+(?:\.\d+)*[a-z]?(?:-\d+)?\.?\s+\S")
RUNNING_SHARE = 0.5
"""A line repeated at the top or foot of at least this share of the pages is a running header or footer."""


def page_furniture(lines: list[str], pages: tuple[int, ...]) -> dict[int, str]:
    """Page numbers and running headers or footers of a paged text (from a PDF): line (1-based) → why.

    Only the first two and last two non-blank lines of each page are looked at. A bare number
    there (``12``, ``- 12 -``, ``12 / 40``, ``p. 12``) is a page number; a line printed at the
    same place on at least half of the pages (numbers aside) is a running header or footer —
    never a numbered line, which is a rule wherever it stands.
    """
    if not pages or len(set(pages)) < 2:
        return {}
    by_page: dict[int, list[int]] = {}
    for index, page in enumerate(pages):
        if index < len(lines) and lines[index].strip():
            by_page.setdefault(page, []).append(index)
    edges: dict[int, list[int]] = {page: [*found[:2], *found[-2:]] for page, found in by_page.items()}
    furniture: dict[int, str] = {}
    shapes: dict[str, list[int]] = {}
    for found in edges.values():
        for index in dict.fromkeys(found):
            text = lines[index].strip()
            if _PAGE_NUMBER_LINE.match(text):
                furniture[index + 1] = "page number"
            elif not _RULE_LINE.match(text):
                shapes.setdefault(re.sub(r"\d+", "#", text), []).append(index)
    needed = max(3, RUNNING_SHARE * len(by_page))
    for indices in shapes.values():
        if len({pages[i] for i in indices}) >= needed:
            furniture.update({index + 1: "running header" for index in indices})
    return furniture


def refuse_side_by_side(text: str, where: str) -> None:
    """Raise :class:`ParseError` when two columns were merged side by side on each line.

    Such an extraction reads across both columns: every line starts a rule of the left column
    and, after a run of spaces, carries one of the right column. It cannot be repaired from the
    text (the columns' widths are lost), so it is refused with sample lines, never parsed into
    wrong rules. Columns merged by a tab are another matter: the numbered parser reads those
    column by column.
    """
    numbered = 0
    merged: list[tuple[int, str]] = []
    for found in _NUMBERED_LINE.finditer(text):
        line = found.group(0)
        if "\t" in line:
            continue
        numbered += 1
        if ("  " in line or "\u3000" in line) and _SIDE_BY_SIDE.search(line):
            merged.append((text.count("\n", 0, found.start()) + 1, line.strip()))
    if len(merged) >= SIDE_BY_SIDE_MIN and len(merged) >= SIDE_BY_SIDE_SHARE * numbered:
        samples = "; ".join(f"line {n}: {line[:70]!r}" for n, line in merged[:3])
        raise ParseError(
            f"{where}: two columns seem merged side by side on {len(merged)} of {numbered} numbered lines "
            f"(a second rule number after a run of spaces), e.g. {samples}. Extract the text again "
            "column by column (or import the PDF itself)"
        )


def with_pages(book: RuleBook, pages: tuple[int, ...]) -> RuleBook:
    """Each rule with the page its first line is printed on (books from a PDF)."""
    if not pages:
        return book

    def page_of(rule: Rule) -> int:
        line = min(max(rule.span.first_line, 1), len(pages))
        return pages[line - 1]

    return replace(book, rules=tuple(replace(rule, page=page_of(rule)) for rule in book.rules))


def with_icons(book: RuleBook) -> RuleBook:
    """Each rule with its icons marked: private-use glyphs, and gaps where an icon was lost.

    The glyphs stay in the text (they are what was printed); :attr:`Rule.icons` says where
    they are, so that renderers show an icon marker instead of an unknown character. A gap is
    a run of spaces inside Japanese text where no word break belongs: two or more spaces
    (``属性アイコンが  の場合``), or one next to a particle (``ハートアイコンは のいずれか``),
    where the extraction dropped an icon printed as a picture.
    """
    rules = []
    changed = False
    for rule in book.rules:
        if _ICON_SCRIPT.search(rule.text) is None:
            rules.append(rule)
            continue
        glyphs = [Icon(m.start(), m.group(0)) for m in _PRIVATE_USE.finditer(rule.text)]
        gaps = [Icon(m.start(), "") for m in _ICON_GAP.finditer(rule.text)]
        icons = tuple(sorted(glyphs + gaps, key=lambda icon: icon.offset))
        if icons:
            changed = True
            rules.append(replace(rule, icons=icons))
        else:
            rules.append(rule)
    return replace(book, rules=tuple(rules)) if changed else book


def require_rules(book: RuleBook, where: str, minimum: int = 3) -> None:
    """Raise :class:`ParseError` when ``book`` holds too few rules to be a rulebook at all."""
    numbered = sum(1 for rule in book.rules if rule.kind in ("rule", "section"))
    if numbered < minimum:
        raise ParseError(
            f"{where}: only {numbered} numbered rules found; this does not read as a rulebook "
            "(expected rules numbered like '100.1a' or '1.2.3.' at the start of lines)"
        )
