"""The outline parser: unnumbered rulebooks (wiki pages, blog posts, beginner sheets) → RuleBook.

An outline document prints no rule numbers; its structure is in its layout. The parser reads
the layout only — blank lines, indentation, bullets, ``・`` prefixes, tabs, short lines that
stand alone — and, where the layout cannot say it, a small per-document :class:`OutlineProfile`
(keyed by game and document id, never by editing the source).

Id scheme
---------
An outline id is the path from the top of the document to the node, one segment per level,
joined by ``/``:

* a heading contributes its text, NFKC-normalised with all whitespace removed
  (``CP (キャパシティポイント)`` → ``CP(キャパシティポイント)``);
* a paragraph, list item or table contributes the label the text prints for it, when it prints
  one: a circled number (``①``), an enumerating label before a colon (``パターンA:`` →
  ``パターンA``), a numbered case (``1、…`` → ``1``), the term of a definition-list item
  (``不屈``), the label of a table row (``1``, ``①``);
* otherwise it contributes its ordinal among the *unlabelled* paragraphs and tables of the same
  parent, counted from 1 in print order. Headings and labelled items do not count, so an
  ordinal moves only when text is added or removed under the same heading;
* paragraphs printed before any heading, or after a gap of two or more blank lines that closes
  the section above (a board diagram's captions, a closing note), sit at the top level and are
  numbered among themselves;
* ``/`` inside a segment (``クロックレベル/クロックアップ``, ``次元干渉/コスト(※)``) is replaced
  by ``∕`` (U+2215 DIVISION SLASH, which NFKC leaves alone and which reads the same), so that
  ``rule_id.split("/")`` always gives the path: ``用語/クロックレベル∕クロックアップ/2``,
  ``キーワード能力∕アイコン/次元干渉∕コスト(※)``. Circled numbers are kept as printed (NFKC
  would turn ``④`` into ``4``).

Examples: ``対戦の準備/④``, ``用語/トリガーゾーン/2``, ``ゲーム全体のルール/勝敗のチェック/3``,
``各種効果の発動優先度/4/1`` (the first row of a table). An id that would repeat gets ``~2``,
``~3`` and a ``numbering.duplicate`` warning.

What goes where
---------------
Headings become HEADING nodes (``title``); paragraphs and list items PARAGRAPH nodes (``text``),
nested items children of their item; tables TABLE nodes whose text has one row per line, cells
joined by `` | ``; rows that print a label also become child PARAGRAPH nodes so that a single
row (a priority level, a calculation step) can be cited. Examples (``例:``, ``例1:``,
``(例: …)``) become :class:`~rules_index.model.Example` entries of the rule they illustrate.
Blank lines, site chrome and HTML-only lines go to ``RuleBook.dropped``; a footer date
(``最終更新:2016年08月21日``) becomes a :class:`~rules_index.model.ChangeEntry`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from itertools import pairwise

from rules_index.errors import ParseError
from rules_index.model import (
    ChangeEntry,
    DocumentInfo,
    Example,
    LintIssue,
    LintKind,
    Rule,
    RuleBook,
    RuleKind,
    Severity,
    SourceSpan,
)
from rules_index.normalize import has_html, join_lines, nfkc, search_key, strip_bullet, strip_html

ID_SEPARATOR = "/"
"""Separates the segments of an outline id."""
SLASH_IN_SEGMENT = "\u2215"
"""What a ``/`` printed inside a heading or label becomes in its id segment (``∕``)."""

_CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳"
_CIRCLED_RUN = re.compile(f"([{_CIRCLED}])")
_WHITESPACE = re.compile(r"\s+")
_CELL_GAP = re.compile(r"[ \u3000]+")
_SENTENCE_END = tuple("。．.!?！？")
_DOT_HEADING = re.compile(r"^・(?=\S)")
_NUMBERED_CASE = re.compile(r"^(\d+)、\s*\S")
_EXAMPLE_LABEL = re.compile(r"^[(（]?例\s*\d*\s*[:：]")
_INLINE_EXAMPLE = re.compile(r"^(?P<body>.*?)\s*(?P<example>[(（]例\s*\d*\s*[:：][^()（）]*[)）])\s*$")
_COLON_LABEL = re.compile(r"^(?P<label>[^\s:：。、]{0,11}[A-Za-z0-9])\s*[:：]")
_PARTICLE_START = re.compile(r"^(?:の|を|が|など|に|へ)")
"""A line that starts with a particle cannot start a sentence: it continues a broken line."""
_EXAMPLE_BREAK = re.compile(r"^(?:ただし|なお|つまり|このように|例\d+(?:と例\d+)*から)|ということ。$")
"""A line that comments on an example (a caveat, a summary, ``例2と例3から``) is a rule, not the example."""
_FOOTER_DATE = re.compile(
    r"^(?:最終更新日?|最新更新|更新日)\s*:?\s*(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日"
)
_SITE_CHROME = (
    re.compile(r"この記事が気に入ったら"),
    re.compile(r"こちらから$"),
)
"""Lines that belong to the website, not to the rules: a blog's support footer, a bare link label."""
_MAX_TERM = 20
"""Longest text (characters) of a definition-list term such as a keyword name."""
_MAX_LABEL_LINE = 20
"""Longest line (characters) of a diagram label such as ``STAND-BY``."""
_MIN_TITLE = 4
"""Shortest first line (characters of its search key) taken as the document's own title."""


# --------------------------------------------------------------------------- ids


def id_segment(text: str) -> str:
    """The id segment for a heading or label: NFKC, no whitespace, ``/`` → ``∕``, circled numbers kept."""
    parts = _CIRCLED_RUN.split(text)
    normalised = "".join(part if _is_circled(part) else nfkc(part) for part in parts)
    return _WHITESPACE.sub("", normalised).replace("/", SLASH_IN_SEGMENT)


def split_id(rule_id: str) -> tuple[str, ...]:
    """The segments of an outline id (``用語/トリガーゾーン/2`` → ``("用語", "トリガーゾーン", "2")``)."""
    return tuple(rule_id.split(ID_SEPARATOR))


# --------------------------------------------------------------------------- profiles


@dataclass(frozen=True, slots=True)
class OutlineProfile:
    """What one document's layout cannot say and the parser must be told."""

    anchors: tuple[tuple[str, int], ...] = ()
    """Headings whose level is known, as (heading as printed, level from 1). A printed text
    ending in ``…`` matches every heading that starts with it. Any other standalone heading
    sits below an empty heading it follows, or else one level below the last anchor."""
    sub_heading: re.Pattern[str] | None = None
    """Lines of a dense document (no blank lines) that head a sub-section of a ``・`` section."""

    def anchor_level(self, title: str) -> int | None:
        """The level the profile gives the heading ``title``, or None when it gives none."""
        key = search_key(title)
        for printed, level in self.anchors:
            if printed.endswith("…"):
                if key.startswith(search_key(printed[:-1])):
                    return level
            elif key == search_key(printed):
                return level
        return None


PROFILES: dict[tuple[str, str], OutlineProfile] = {
    ("code-of-joker", "rules-page"): OutlineProfile(
        anchors=(
            ("デッキ構成", 1),
            ("カード/CPに関するルール", 1),
            ("カードの種類", 2),
            ("用語", 1),
            ("キーワード能力/アイコン", 1),
            ("カード効果について", 1),
            ("ゲームの開始", 1),
            ("ゲームの勝敗", 1),
            ("バトルの流れ", 1),
            ("ターン開始", 2),
            ("行動開始…", 2),
            ("ターン終了", 2),
            ("アタック・ブロック", 2),
            ("各種効果の発動優先度", 1),
            ("混同しやすいルール・処理", 1),
            ("チュートリアル動画(公式)", 1),
        )
    ),
    ("dice-castle", "detailed-rules"): OutlineProfile(sub_heading=re.compile(r"^[^\s。、]{1,12}フェイズ$")),
}
"""Per-document profiles keyed by (game id, document id). The wiki page flattens its heading
levels, so its chapter headings and the groups whose steps are headings are named; the dice
game's rules head each phase of フェイズ規定処理 with the bare phase name."""


# --------------------------------------------------------------------------- lines and blocks


class LineKind(Enum):
    """What a source line is, before the outline is read."""

    BLANK = "blank"
    """An empty or whitespace-only line."""
    EMPTY_ROW = "empty-row"
    """A table row whose cells are all empty (tabs only)."""
    TAB_ROW = "tab-row"
    """A table row: cells separated by tabs."""
    BULLET = "bullet"
    """A list item (``• ``, ``- ``, ``・ ``)."""
    TEXT = "text"
    """Any other line."""
    SKIP = "skip"
    """A line taken out before the outline is read: the title, a footer date, site chrome."""


@dataclass(frozen=True, slots=True)
class SourceLine:
    """One line of the source, classified."""

    number: int
    """Line number, 1-based."""
    kind: LineKind
    """What the line is."""
    indent: int
    """Leading whitespace (characters); for a list item, the column of its bullet."""
    text: str
    """The line without indentation and bullet (cells still tab-separated for table rows)."""
    text_indent: int
    """Column where the text starts (after the bullet for list items)."""


@dataclass(frozen=True, slots=True)
class Block:
    """Consecutive non-blank lines."""

    lines: tuple[SourceLine, ...]
    """The lines, in order."""
    blanks_before: int
    """How many blank lines separate the block from the content before it."""


class _Style(Enum):
    """How a heading is recognised; decides its level."""

    STANDALONE = "standalone"
    """A line standing alone between blank lines, without a full stop."""
    CHAPTER = "chapter"
    """A line without a full stop directly followed by a ``・`` heading (dense documents)."""
    DOT = "dot"
    """A line starting with ``・`` and no space after it (dense documents)."""
    SUB = "sub"
    """A numbered case (``1、…``) or a profile sub-heading (``ダイスフェイズ``)."""


class _Part(Enum):
    """What a block (or run of blocks) is to the outline."""

    HEADING = "heading"
    """A heading standing alone."""
    CONTENT = "content"
    """Paragraphs, list items, tables (and, in a dense document, headings among them)."""
    FIGURE = "figure"
    """A run of diagram labels."""


class _Role(Enum):
    """What a node under construction is."""

    ROOT = "root"
    """The document itself (never emitted)."""
    HEADING = "heading"
    """A heading."""
    PARAGRAPH = "paragraph"
    """A paragraph or list item."""
    TABLE = "table"
    """A table."""
    EXAMPLE = "example"
    """An example, attached to a rule before the book is frozen."""


_KINDS = {_Role.HEADING: RuleKind.HEADING, _Role.PARAGRAPH: RuleKind.PARAGRAPH, _Role.TABLE: RuleKind.TABLE}


@dataclass(eq=False, slots=True)
class _Node:
    """A node while the outline is built (mutable builder state; frozen into a Rule at the end)."""

    role: _Role
    """What the node is."""
    first: int
    """First source line."""
    last: int
    """Last source line."""
    title: str = ""
    """Heading text, or the term of a definition-list item."""
    text: str = ""
    """Paragraph or table text."""
    label: str = ""
    """The label the text prints for the node, if any."""
    marker_indent: int = 0
    """Column of the bullet (list items) or of the text (plain paragraphs, examples)."""
    text_indent: int = 0
    """Column where the text starts."""
    is_item: bool = False
    """Whether the node is a list item."""
    children: list[_Node] = field(default_factory=list)
    """Child nodes in print order."""
    examples: list[Example] = field(default_factory=list)
    """Examples attached to the node."""
    figures: list[Example] = field(default_factory=list)
    """Figures attached to the node."""
    tail: _Node | None = None
    """Where continuation lines of a list item go (the item, or an example it ended with)."""


@dataclass(frozen=True, slots=True)
class _Row:
    """One row of a table."""

    cells: tuple[str, ...]
    """The cells, as printed."""
    first: int
    """First source line of the row."""
    last: int
    """Last source line of the row (a cell may continue on the next line)."""


@dataclass(frozen=True, slots=True)
class _Finding:
    """A lint finding whose rule id is known only once ids are assigned."""

    issue: LintIssue
    """The finding, without rule id."""
    node: _Node | None
    """The node concerned, if any."""


def _read_lines(text: str) -> list[SourceLine]:
    return [_read_line(number, raw) for number, raw in enumerate(text.splitlines(), start=1)]


def _read_line(number: int, raw: str) -> SourceLine:
    if "\t" in raw:
        if not raw.strip():
            return SourceLine(number, LineKind.EMPTY_ROW, 0, raw, 0)
        return SourceLine(number, LineKind.TAB_ROW, 0, raw.strip(" \u3000"), 0)
    if not raw.strip():
        return SourceLine(number, LineKind.BLANK, 0, "", 0)
    indent = len(raw) - len(raw.lstrip())
    body = strip_bullet(raw)
    if body != raw:
        return SourceLine(number, LineKind.BULLET, indent, body.strip(), len(raw) - len(body))
    return SourceLine(number, LineKind.TEXT, indent, raw.strip(), indent)


def _skip(line: SourceLine) -> SourceLine:
    return replace(line, kind=LineKind.SKIP)


def _blocks(lines: Sequence[SourceLine]) -> list[Block]:
    blocks: list[Block] = []
    current: list[SourceLine] = []
    gap = 0
    start_gap = 0
    for line in lines:
        if line.kind in (LineKind.BLANK, LineKind.SKIP):
            if current:
                blocks.append(Block(tuple(current), start_gap))
                current = []
            gap += line.kind is LineKind.BLANK
            continue
        if not current:
            start_gap, gap = gap, 0
        current.append(line)
    if current:
        blocks.append(Block(tuple(current), start_gap))
    return blocks


def _blank_runs(lines: Sequence[SourceLine], path: str) -> list[SourceSpan]:
    runs: list[SourceSpan] = []
    start: int | None = None
    for line in lines:
        if line.kind is LineKind.BLANK:
            start = line.number if start is None else start
            continue
        if start is not None:
            runs.append(SourceSpan(path, start, line.number - 1))
            start = None
    if start is not None:
        runs.append(SourceSpan(path, start, lines[-1].number))
    return runs


# --------------------------------------------------------------------------- line predicates


def _ends_sentence(text: str) -> bool:
    return text.rstrip().endswith(_SENTENCE_END)


def _is_heading_block(block: Block) -> bool:
    if len(block.lines) != 1:
        return False
    line = block.lines[0]
    return (
        line.kind is LineKind.TEXT
        and line.indent == 0
        and not _ends_sentence(line.text)
        and not line.text.startswith("※")
        and not _EXAMPLE_LABEL.match(line.text)
    )


def _is_label_block(block: Block) -> bool:
    return len(block.lines) <= 3 and all(
        line.kind is LineKind.TEXT
        and line.indent == 0
        and len(line.text) <= _MAX_LABEL_LINE
        and "。" not in line.text
        and not _ends_sentence(line.text)
        and not line.text.startswith("※")
        for line in block.lines
    )


def _has_repeats(blocks: Sequence[Block]) -> bool:
    texts = [" ".join(line.text for line in block.lines) for block in blocks]
    return len(set(texts)) < len(texts)


def _dense_heading(
    lines: Sequence[SourceLine], i: int, profile: OutlineProfile
) -> tuple[str, _Style, str] | None:
    """The heading a line inside a block is (title, style, label), or None for content."""
    line = lines[i]
    if line.kind is not LineKind.TEXT or line.indent:
        return None
    text = line.text
    if _DOT_HEADING.match(text):
        return text[1:].strip(), _Style.DOT, ""
    if _ends_sentence(text) or _EXAMPLE_LABEL.match(text) or text.startswith("※"):
        return None
    case = _NUMBERED_CASE.match(text)
    if case is not None:
        return text, _Style.SUB, case.group(1)
    if profile.sub_heading is not None and profile.sub_heading.match(text):
        return text, _Style.SUB, ""
    after = lines[i + 1] if i + 1 < len(lines) else None
    if (
        after is not None
        and after.kind is LineKind.TEXT
        and _DOT_HEADING.match(after.text)
        and "。" not in text
    ):
        return text, _Style.CHAPTER, ""
    return None


def _is_circled(text: str) -> bool:
    return len(text) == 1 and text in _CIRCLED


def _printed_label(text: str, *, is_item: bool) -> str:
    if _is_circled(text[:1]):
        return text[0]
    if is_item and not _EXAMPLE_LABEL.match(text):
        colon = _COLON_LABEL.match(text)
        if colon is not None:
            return colon.group("label")
    return ""


def _split_inline_example(text: str) -> tuple[str, str]:
    """``text`` without a trailing ``(例: …)``, and that example ("" when there is none)."""
    found = _INLINE_EXAMPLE.match(text)
    if found is None:
        return text, ""
    return found.group("body"), found.group("example")


def _follows(before: str, after: str) -> bool:
    """Whether circled label ``after`` comes right after ``before`` (② after ①)."""
    if not (_is_circled(before) and _is_circled(after)):
        return False
    return _CIRCLED.index(after) == _CIRCLED.index(before) + 1


def _is_term(text: str) -> bool:
    return 0 < len(text) <= _MAX_TERM and "。" not in text and not _ends_sentence(text)


def _space_cells(text: str) -> list[str]:
    return [cell for cell in _CELL_GAP.split(text.strip()) if cell]


def _row_label(cells: Sequence[str]) -> str:
    head = cells[0] if cells else ""
    if head.isdigit():
        return head
    return head[0] if _is_circled(head[:1]) else ""


# --------------------------------------------------------------------------- builder


class _OutlineBuilder:
    """Reads blocks in order and grows the tree of nodes: heading stack, open list items, examples."""

    def __init__(self, info: DocumentInfo, profile: OutlineProfile) -> None:
        self.info = info
        self.profile = profile
        self.root = _Node(_Role.ROOT, 0, 0)
        self.stack: list[tuple[int, _Style, _Node]] = []
        self.previous_level: int | None = None
        self.previous_empty = False
        self.anchor_level: int | None = None
        self.items: list[_Node] = []
        self.last_paragraph: _Node | None = None
        self.example: _Node | None = None
        self.findings: list[_Finding] = []
        self.dropped: list[SourceSpan] = []

    # ----- places

    def span(self, first: int, last: int) -> SourceSpan:
        """A span in this document."""
        return SourceSpan(self.info.path, first, last)

    def scope(self) -> _Node:
        """The innermost open heading (or the document)."""
        return self.stack[-1][2] if self.stack else self.root

    def add(self, node: _Node, parent: _Node | None = None) -> _Node:
        """Append ``node`` under ``parent`` (default: the open heading) and return it."""
        (parent or self.scope()).children.append(node)
        self.previous_empty = False
        return node

    def note(
        self, kind: LintKind, severity: Severity, message: str, node: _Node | None, first: int, last: int = 0
    ) -> None:
        """Record a lint finding about lines ``first``..``last``."""
        span = self.span(first, max(first, last))
        self.findings.append(_Finding(LintIssue(kind, severity, f"{span}: {message}", span), node))

    def reset_block(self) -> None:
        """Forget open list items, examples and the paragraph a broken line could join."""
        self.items.clear()
        self.last_paragraph = None
        self.example = None

    # ----- headings

    def heading(self, title: str, style: _Style, line: int, label: str = "") -> None:
        """Open a heading at the level its style, the profile and the headings before it give."""
        level = self.level(title, style)
        while self.stack and self.stack[-1][0] >= level:
            self.stack.pop()
        node = _Node(_Role.HEADING, line, line, title=title, label=label)
        self.scope().children.append(node)
        self.stack.append((level, style, node))
        self.previous_level = level
        self.previous_empty = True
        self.reset_block()

    def level(self, title: str, style: _Style) -> int:
        """The level of a new heading (1 = top)."""
        if style is _Style.CHAPTER:
            return 1
        if style is _Style.DOT:
            return 1 + max((lvl for lvl, st, _ in self.stack if st is _Style.CHAPTER), default=0)
        if style is _Style.SUB:
            return 1 + max((lvl for lvl, st, _ in self.stack if st is not _Style.SUB), default=0)
        anchored = self.profile.anchor_level(title)
        if anchored is not None:
            self.anchor_level = anchored
            return anchored
        if self.previous_level is not None and self.previous_empty:
            return self.previous_level + 1
        if self.anchor_level is not None:
            return self.anchor_level + 1
        return self.previous_level or 1

    def detach(self) -> None:
        """Close every open heading: what follows a wide gap belongs to no section above it."""
        if self.stack:
            self.stack.clear()
            self.previous_level = None
            self.anchor_level = None
        self.reset_block()

    # ----- figures

    def figure(self, blocks: Sequence[Block]) -> None:
        """Attach a run of diagram labels to the paragraph before it, as one figure."""
        text = "\n".join(" ".join(line.text for line in block.lines) for block in blocks)
        first, last = blocks[0].lines[0].number, blocks[-1].lines[-1].number
        scope = self.scope()
        before = scope.children[-1] if scope.children else None
        if before is not None and before.role is not _Role.HEADING:
            target: _Node | None = before
        else:
            target = scope if scope.role is _Role.HEADING else None
        if target is None:
            self.note(
                LintKind.UNPLACED,
                Severity.WARNING,
                f"figure {text!r} has no rule to belong to",
                None,
                first,
                last,
            )
            return
        target.figures.append(Example(text, self.span(first, last)))
        self.reset_block()

    # ----- content

    def content(self, lines: Sequence[SourceLine]) -> None:
        """Read a block of content lines (which, in a dense document, may hold headings too)."""
        self.reset_block()
        i = 0
        while i < len(lines):
            i = self.step(lines, i)

    def step(self, lines: Sequence[SourceLine], i: int) -> int:
        """Read the construct starting at line ``i``; return the index after it."""
        line = lines[i]
        if line.kind in (LineKind.TAB_ROW, LineKind.EMPTY_ROW):
            return self.tab_table(lines, i)
        heading = _dense_heading(lines, i, self.profile)
        if heading is not None:
            title, style, label = heading
            self.heading(title, style, line.number, label)
            return i + 1
        if line.kind is LineKind.BULLET:
            self.item(line)
            return i + 1
        if self.items:
            floor = min(item.marker_indent for item in self.items)
            if line.indent >= floor:
                self.inside_item(line)
                return i + 1
            self.items.clear()
            end = self.table_run_end(lines, i, floor)
            if end is not None:
                self.space_table(lines[i:end])
                return end
        if self.example is not None and self.continues_example(self.example, lines, i):
            self.example.text += "\n" + line.text
            self.example.last = line.number
            return i + 1
        self.example = None
        if self.last_paragraph is not None and _PARTICLE_START.match(line.text):
            self.join_broken_line(self.last_paragraph, line)
            return i + 1
        if _EXAMPLE_LABEL.match(line.text):
            self.example = self.add(
                _Node(_Role.EXAMPLE, line.number, line.number, text=line.text, marker_indent=line.indent)
            )
            return i + 1
        self.last_paragraph = self.paragraph(line, self.scope())
        return i + 1

    def paragraph(self, line: SourceLine, parent: _Node) -> _Node:
        """A plain paragraph under ``parent``, with a trailing ``(例: …)`` split off as an example."""
        text, example = _split_inline_example(line.text)
        node = _Node(
            _Role.PARAGRAPH,
            line.number,
            line.number,
            text=text,
            label=_printed_label(text, is_item=False),
            marker_indent=line.indent,
            text_indent=line.indent,
        )
        self.add(node, parent)
        if example:
            node.children.append(_Node(_Role.EXAMPLE, line.number, line.number, text=example))
        return node

    def join_broken_line(self, node: _Node, line: SourceLine) -> None:
        """Join a line that starts with a particle to the paragraph it continues."""
        node.text = join_lines(node.text, line.text)
        node.last = line.number
        self.note(
            LintKind.REPAIRED,
            Severity.INFO,
            f"joined {line.text!r} to the line before it (a sentence cannot start with a particle)",
            node,
            line.number,
        )

    # ----- list items

    def item(self, line: SourceLine) -> None:
        """A list item: nested by indentation, except that ② stays beside ① whatever its indent."""
        text, example = _split_inline_example(line.text)
        label = _printed_label(text, is_item=True)
        parent = self.item_parent(line, label)
        role = _Role.EXAMPLE if _EXAMPLE_LABEL.match(text) else _Role.PARAGRAPH
        node = _Node(
            role,
            line.number,
            line.number,
            text=text,
            label=label if role is _Role.PARAGRAPH else "",
            marker_indent=line.indent,
            text_indent=line.text_indent,
            is_item=True,
        )
        node.tail = node
        self.add(node, parent)
        if example:
            node.tail = _Node(_Role.EXAMPLE, line.number, line.number, text=example)
            node.children.append(node.tail)
        self.items.append(node)
        self.example = None
        self.last_paragraph = None

    def item_parent(self, line: SourceLine, label: str) -> _Node:
        """The parent of a new list item; pops the items it closes."""
        for index in range(len(self.items) - 1, -1, -1):
            if _follows(self.items[index].label, label):
                del self.items[index:]
                return self.items[-1] if self.items else self.scope()
        while self.items and self.items[-1].marker_indent >= line.indent:
            self.items.pop()
        return self.items[-1] if self.items else self.scope()

    def inside_item(self, line: SourceLine) -> None:
        """A plain line inside an open list item: a continuation, an example, or a note under it."""
        while len(self.items) > 1 and line.indent < self.items[-1].marker_indent:
            self.items.pop()
        item = self.items[-1]
        if line.indent < item.text_indent:
            self.paragraph(line, item)
            return
        if _EXAMPLE_LABEL.match(line.text):
            item.tail = _Node(_Role.EXAMPLE, line.number, line.number, text=line.text)
            item.children.append(item.tail)
        else:
            text, example = _split_inline_example(line.text)
            target = item.tail or item
            target.text = join_lines(target.text, text) if text else target.text
            target.last = line.number
            if example:
                item.tail = _Node(_Role.EXAMPLE, line.number, line.number, text=example)
                item.children.append(item.tail)
        item.last = line.number

    # ----- examples

    def continues_example(self, example: _Node, lines: Sequence[SourceLine], i: int) -> bool:
        """Whether line ``i`` goes on with the open example rather than starting a paragraph.

        An example runs on until a heading, a list item, another example, a line that comments on
        the examples (``ただし…``, ``例2と例3から…``, ``…ということ。``), or a line followed by another
        example under the same heading (it is the rule that next example illustrates).
        """
        line = lines[i]
        if line.kind is not LineKind.TEXT or line.indent != example.marker_indent:
            return False
        if _EXAMPLE_LABEL.match(line.text) or _EXAMPLE_BREAK.search(line.text):
            return False
        for later in range(i + 1, len(lines)):
            if lines[later].kind is not LineKind.TEXT or _dense_heading(lines, later, self.profile):
                break
            if _EXAMPLE_LABEL.match(lines[later].text):
                return False
        return True

    # ----- tables

    def table_run_end(self, lines: Sequence[SourceLine], i: int, floor: int) -> int | None:
        """The end of a space-separated table printed right after a list, or None if there is none.

        The run is the unindented lines (less indented than the list) up to a blank line, a list
        item, a heading or a ``※`` note; it is a table when it has two lines or more and at least
        one of them has cells separated by spaces.
        """
        end = i
        while end < len(lines):
            line = lines[end]
            if (
                line.kind is not LineKind.TEXT
                or line.indent >= floor
                or line.text.startswith("※")
                or _dense_heading(lines, end, self.profile)
            ):
                break
            end += 1
        run = lines[i:end]
        if len(run) >= 2 and any(len(_space_cells(line.text)) >= 2 for line in run):
            return end
        return None

    def space_table(self, lines: Sequence[SourceLine]) -> None:
        """A table whose cells the page separated with spaces."""
        self.table(_space_rows(lines), lines[0].number, lines[-1].number)
        self.last_paragraph = None

    def tab_table(self, lines: Sequence[SourceLine], i: int) -> int:
        """A table whose cells are separated by tabs; rows of empty cells are dropped."""
        rows: list[_Row] = []
        end = i
        while end < len(lines) and lines[end].kind in (LineKind.TAB_ROW, LineKind.EMPTY_ROW):
            line = lines[end]
            if line.kind is LineKind.EMPTY_ROW:
                self.dropped.append(self.span(line.number, line.number))
            else:
                cells = [cell.strip() for cell in line.text.split("\t")]
                while cells and not cells[-1]:
                    cells.pop()
                rows.append(_Row(tuple(cells), line.number, line.number))
            end += 1
        if rows:
            self.items.clear()
            self.table(rows, lines[i].number, lines[end - 1].number)
        self.last_paragraph = None
        return end

    def table(self, rows: Sequence[_Row], first: int, last: int) -> None:
        """A TABLE node; rows that print a label also become child paragraphs."""
        node = self.add(_Node(_Role.TABLE, first, last, text="\n".join(_row_text(row) for row in rows)))
        for label, group in _row_groups(rows):
            node.children.append(
                _Node(
                    _Role.PARAGRAPH,
                    group[0].first,
                    group[-1].last,
                    label=label,
                    text="\n".join(_row_text(row) for row in group),
                )
            )


def _row_text(row: _Row) -> str:
    return " | ".join(row.cells)


def _space_rows(lines: Sequence[SourceLine]) -> list[_Row]:
    """Rows of a space-separated table.

    When the first line is a header (two cells or more), a one-cell line continues the last
    cell of the row above, and a row with fewer cells than the header lacks its leading cells
    (they span from the row above) and is padded with empty cells. Without a header every line
    is a row of its own.
    """
    header = _space_cells(lines[0].text)
    width = len(header) if len(header) >= 2 else 0
    rows: list[_Row] = []
    for line in lines:
        cells = _space_cells(line.text)
        if width and rows and len(cells) == 1 and len(rows[-1].cells) == width:
            previous = rows[-1]
            rows[-1] = _Row(
                (*previous.cells[:-1], f"{previous.cells[-1]} {cells[0]}"), previous.first, line.number
            )
        elif width and 1 < len(cells) < width:
            rows.append(_Row(("",) * (width - len(cells)) + tuple(cells), line.number, line.number))
        else:
            rows.append(_Row(tuple(cells), line.number, line.number))
    return rows


def _row_groups(rows: Sequence[_Row]) -> list[tuple[str, list[_Row]]]:
    """Labelled rows with the unlabelled rows under them; empty unless two rows or more are labelled."""
    groups: list[tuple[str, list[_Row]]] = []
    for row in rows:
        label = _row_label(row.cells)
        if label:
            groups.append((label, [row]))
        elif groups:
            groups[-1][1].append(row)
    return groups if len(groups) >= 2 else []


# --------------------------------------------------------------------------- document-level passes


def _take_title(lines: list[SourceLine], info: DocumentInfo) -> str:
    """The document's own title line (when its first line names the document), marked SKIP."""
    for index, line in enumerate(lines):
        if line.kind is LineKind.BLANK:
            continue
        key, title = search_key(line.text), search_key(info.title)
        if (
            line.kind is LineKind.TEXT
            and len(key) >= _MIN_TITLE
            and (title.startswith(key) or key.startswith(title))
        ):
            lines[index] = _skip(line)
            return line.text
        return ""
    return ""


def _take_footer_dates(lines: list[SourceLine], info: DocumentInfo) -> list[ChangeEntry]:
    """``最終更新:2016年08月21日 21:52`` lines, as changelog entries (version = ISO date)."""
    entries = []
    for index, line in enumerate(lines):
        if line.kind is not LineKind.TEXT:
            continue
        found = _FOOTER_DATE.match(nfkc(line.text))
        if found is None:
            continue
        iso = f"{int(found[1]):04d}-{int(found[2]):02d}-{int(found[3]):02d}"
        entries.append(ChangeEntry(iso, iso, (line.text,), SourceSpan(info.path, line.number, line.number)))
        lines[index] = _skip(line)
    return entries


def _take_chrome(lines: list[SourceLine], info: DocumentInfo) -> list[SourceSpan]:
    """Site chrome lines, marked SKIP; their spans."""
    spans = []
    for index, line in enumerate(lines):
        if line.kind is LineKind.TEXT and any(pattern.search(line.text) for pattern in _SITE_CHROME):
            spans.append(SourceSpan(info.path, line.number, line.number))
            lines[index] = _skip(line)
    return spans


def _take_html(lines: list[SourceLine], info: DocumentInfo) -> tuple[list[SourceSpan], list[LintIssue]]:
    """Strip HTML tags; lines that held nothing else are marked SKIP and returned as dropped."""
    dropped, issues = [], []
    for index, line in enumerate(lines):
        if line.kind in (LineKind.BLANK, LineKind.SKIP) or not has_html(line.text):
            continue
        span = SourceSpan(info.path, line.number, line.number)
        stripped = strip_html(line.text).strip()
        if not stripped:
            dropped.append(span)
            lines[index] = _skip(line)
            continue
        lines[index] = replace(line, text=stripped)
        issues.append(
            LintIssue(LintKind.REPAIRED, Severity.INFO, f"{span}: removed HTML tags from {line.text!r}", span)
        )
    return dropped, issues


def _plan(blocks: Sequence[Block]) -> list[tuple[_Part, list[Block]]]:
    """What each block is: a heading, content, or (a run of label blocks) a figure.

    A run of three or more short label blocks in which some label repeats (``STAND-BY`` four
    times) is a diagram; the last label before content is that content's heading, not a label.
    """
    plan: list[tuple[_Part, list[Block]]] = []
    i = 0
    while i < len(blocks):
        end = i
        while end < len(blocks) and _is_label_block(blocks[end]):
            end += 1
        run = list(blocks[i:end])
        if end < len(blocks) and run:
            run.pop()
        if len(run) >= 3 and _has_repeats(run):
            plan.append((_Part.FIGURE, run))
            i += len(run)
            continue
        plan.append((_Part.HEADING if _is_heading_block(blocks[i]) else _Part.CONTENT, [blocks[i]]))
        i += 1
    return plan


def _build(blocks: Sequence[Block], builder: _OutlineBuilder) -> None:
    for part, group in _plan(blocks):
        first = group[0]
        if part is _Part.HEADING:
            line = first.lines[0]
            builder.heading(line.text, _Style.STANDALONE, line.number)
            continue
        if first.blanks_before >= 2:
            builder.detach()
        if part is _Part.FIGURE:
            builder.figure(group)
        else:
            builder.content(first.lines)


# --------------------------------------------------------------------------- tree passes


def _attach_examples(node: _Node, builder: _OutlineBuilder) -> None:
    """Move example nodes onto the rule they illustrate: the item they are under, else the
    paragraph before them, else their heading."""
    kept: list[_Node] = []
    for child in node.children:
        if child.role is not _Role.EXAMPLE:
            _attach_examples(child, builder)
            kept.append(child)
            continue
        target = _example_target(node, kept)
        text = "\n".join([child.text, *(_all_text(grandchild) for grandchild in child.children)])
        if target is None:
            builder.note(
                LintKind.UNPLACED,
                Severity.WARNING,
                f"example {text!r} has no rule to belong to",
                None,
                child.first,
                child.last,
            )
            continue
        target.examples.append(Example(text, builder.span(child.first, child.last)))
        target.last = max(target.last, child.last)
    node.children = kept


def _example_target(parent: _Node, kept: Sequence[_Node]) -> _Node | None:
    if parent.role in (_Role.PARAGRAPH, _Role.TABLE):
        return parent
    if kept and kept[-1].role is not _Role.HEADING:
        return kept[-1]
    return parent if parent.role is _Role.HEADING else None


def _all_text(node: _Node) -> str:
    return "\n".join([node.text, *(_all_text(child) for child in node.children)])


def _fold_terms(node: _Node) -> None:
    """A list item that is a bare term with only plain items under it (a keyword and its
    description) becomes one node: the term is its title and label, the items its text."""
    for child in node.children:
        _fold_terms(child)
    for child in node.children:
        subs = child.children
        if (
            child.role is _Role.PARAGRAPH
            and child.is_item
            and subs
            and _is_term(child.text)
            and all(sub.role is _Role.PARAGRAPH and sub.is_item and not sub.children for sub in subs)
        ):
            child.title = child.text
            child.label = child.text
            child.text = "\n".join(sub.text for sub in subs)
            child.examples.extend(example for sub in subs for example in sub.examples)
            child.figures.extend(figure for sub in subs for figure in sub.figures)
            child.last = max(sub.last for sub in subs)
            child.children = []


@dataclass(slots=True)
class _Freezer:
    """Assigns ids and document order and freezes nodes into rules."""

    builder: _OutlineBuilder
    """The builder (document info and findings)."""
    rules: list[Rule] = field(default_factory=list)
    """Rules in document order."""
    ids: dict[int, str] = field(default_factory=dict)
    """Id of each node, by ``id(node)``."""

    def walk(self, node: _Node, node_id: str | None, depth: int) -> None:
        """Give every child of ``node`` its id, emit it, and descend."""
        ordinal = 0
        taken: set[str] = set()
        for child in node.children:
            if child.role is _Role.HEADING:
                segment = id_segment(child.label or child.title)
            elif child.label:
                segment = id_segment(child.label)
            else:
                ordinal += 1
                segment = str(ordinal)
            segment = self.unique(segment, taken, child)
            child_id = f"{node_id}{ID_SEPARATOR}{segment}" if node_id else segment
            self.ids[id(child)] = child_id
            self.rules.append(self.freeze(child, child_id, node_id, depth))
            self.walk(child, child_id, depth + 1)
        self.check_sequence(node)

    def unique(self, segment: str, taken: set[str], node: _Node) -> str:
        """``segment``, or ``segment~2``… when a sibling already has it (with a warning)."""
        if segment not in taken:
            taken.add(segment)
            return segment
        n = 2
        while f"{segment}~{n}" in taken:
            n += 1
        self.builder.note(
            LintKind.DUPLICATE,
            Severity.WARNING,
            f"two siblings would both be {segment!r}; this one is {segment}~{n}",
            node,
            node.first,
        )
        taken.add(f"{segment}~{n}")
        return f"{segment}~{n}"

    def check_sequence(self, node: _Node) -> None:
        """Warn where the circled labels of siblings skip a number (② then ④)."""
        labelled = [child for child in node.children if _is_circled(child.label)]
        for before, after in pairwise(labelled):
            gap = _CIRCLED.index(after.label) - _CIRCLED.index(before.label)
            if gap > 1:
                missing = _CIRCLED[_CIRCLED.index(before.label) + 1 : _CIRCLED.index(after.label)]
                self.builder.note(
                    LintKind.NUMBERING_GAP,
                    Severity.WARNING,
                    f"{before.label} is followed by {after.label}; {missing} is not printed",
                    after,
                    after.first,
                )

    def freeze(self, node: _Node, node_id: str, parent: str | None, depth: int) -> Rule:
        """The Rule for ``node``."""
        return Rule(
            id=node_id,
            parent=parent,
            title=node.title,
            text=node.text,
            depth=depth,
            order=len(self.rules),
            kind=_KINDS[node.role],
            span=self.builder.span(node.first, node.last),
            examples=tuple(node.examples),
            figures=tuple(node.figures),
        )

    def lint(self) -> list[LintIssue]:
        """The builder's findings with their rule ids filled in, in line order."""
        issues = [
            replace(f.issue, rule_id=self.ids.get(id(f.node))) if f.node is not None else f.issue
            for f in self.builder.findings
        ]
        return sorted(issues, key=lambda issue: issue.span.first_line if issue.span else 0)


# --------------------------------------------------------------------------- entry point


def _check_parseable(text: str, lines: Sequence[SourceLine], info: DocumentInfo) -> None:
    if "\x00" in text:
        raise ParseError(
            f"{info.path}: expected the text of an outline document, found binary data (NUL bytes)"
        )
    if all(line.kind in (LineKind.BLANK, LineKind.EMPTY_ROW) for line in lines):
        raise ParseError(
            f"{info.path}: expected an outline (headings followed by text), but the file has no text"
        )


def _check_has_headings(rules: Sequence[Rule], lines: Sequence[SourceLine], info: DocumentInfo) -> None:
    if any(rule.kind is RuleKind.HEADING for rule in rules):
        return
    first = next((line for line in lines if line.kind not in (LineKind.BLANK, LineKind.SKIP)), None)
    where = f"; the text starts at line {first.number}: {first.text[:40]!r}" if first else ""
    raise ParseError(
        f"{info.path}: expected an outline with headings (a short line standing alone between blank "
        f"lines, or a '・' line), found none{where}"
    )


def parse_outline(text: str, info: DocumentInfo) -> RuleBook:
    """Parse an unnumbered document into a :class:`RuleBook` (pure: text in, book out).

    Raises :class:`~rules_index.errors.ParseError` when the text holds no outline at all.
    """
    lines = _read_lines(text)
    _check_parseable(text, lines, info)
    heading = _take_title(lines, info)
    changelog = _take_footer_dates(lines, info)
    dropped = _take_chrome(lines, info)
    html_dropped, html_issues = _take_html(lines, info)
    builder = _OutlineBuilder(info, PROFILES.get((info.game, info.document), OutlineProfile()))
    _build(_blocks(lines), builder)
    _attach_examples(builder.root, builder)
    _fold_terms(builder.root)
    freezer = _Freezer(builder)
    freezer.walk(builder.root, None, 0)
    _check_has_headings(freezer.rules, lines, info)
    spans = [*dropped, *html_dropped, *builder.dropped, *_blank_runs(lines, info.path)]
    return RuleBook(
        info=info,
        heading=heading,
        rules=tuple(freezer.rules),
        changelog=tuple(changelog),
        lint=tuple(sorted([*html_issues, *freezer.lint()], key=lambda i: i.span.first_line if i.span else 0)),
        dropped=tuple(sorted(spans, key=lambda span: (span.first_line, span.last_line))),
    )
