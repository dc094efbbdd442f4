"""Numbered rulebooks → :class:`RuleBook`: Divine Cross (``101.1.``, ``403.3a-1``) and FFTCG (``5.2.1.``).

The source is read in three regions, each by a chain of small named rules in the manner of
markdown-it-py: the *front matter* (title line, dates, the publisher's change notes, the
table of contents), the *body* (numbered rules, their continuation lines, examples and
figures) and the *changelog* (Divine Cross ``更新情報:``). Every non-blank line -- in FFTCG's
two-column passages every column fragment, in reading order -- is offered to the rules of
its region in turn and the first rule that accepts it consumes it.

Rulebooks arrive damaged. The parser repairs them by checking each candidate number against
the numbering sequence, never by editing the source:

* a line whose leading number is not a plausible next number is text of the current rule
  (``10.1.2に戻り``), or a glued number is split shorter (``15.2.3.2.1 体以上`` is rule
  15.2.3.2 whose text starts ``1 体以上``);
* two columns merged line by line with a tab are read column by column;
* tables of contents, page numbers and HTML markup are dropped from rule text.

Each repair is an INFO lint with its span; published numbering defects (gaps, duplicates,
children without their parent) are WARNING lints; a line the parser cannot place is an
UNPLACED warning, never text of the wrong rule.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum

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
from rules_index.normalize import has_html, is_page_number, join_lines, strip_bullet, strip_html, tidy

NumberPath = tuple[int, ...]
"""A rule number as a path of integers: DC ``105.3a`` → (1, 5, 3, 1), FFTCG ``5.2.1`` → (5, 2, 1)."""

HEADING_MAX_CHARS = 40
"""A numbered line longer than this is a rule, not a heading (FFTCG headings are short)."""

_SENTENCE_END = re.compile(r"[。．！？!?]")
_TRAILING_MARKER = re.compile(r"\s*\*\s*$")
_EXAMPLE_LINE = re.compile(r"^例\s*[:：]")
_INLINE_EXAMPLE = re.compile(r"[(（]\s*例\s*[:：]")
_OPEN_PARENS = "(（"
_CLOSE_PARENS = ")）"
_TITLE_VERSION = re.compile(r"ver\.?\s*(\d+(?:\.\d+)*)", re.IGNORECASE)
_JA_DATE = r"(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日"
_UPDATED_LINE = re.compile(rf"^(?:最終更新日|最新更新|更新日)\s*[:：]?\s*{_JA_DATE}")
_EFFECTIVE_LINE = re.compile(rf"^発効(?:日)?\s*[:：]?\s*{_JA_DATE}")
_CHANGE_NOTE = re.compile(r"^※\s*(?P<note>.+)$")
_TOC_HEADING = re.compile(r"^目次$")
_TOC_LEADER = re.compile(r"\.{3,}\s*\t+\s*\d+")
_TOC_PAGE = re.compile(r"\t\s*-\s*\d+\s*-\s*$")
_CHANGELOG_HEADING = re.compile(r"^更新情報\s*[:：]?$")
_CHANGELOG_ENTRY = re.compile(rf"^{_JA_DATE}\s*Ver\.?\s*(\d+(?:\.\d+)*)\s*$", re.IGNORECASE)
_DC_NUMBER = re.compile(
    r"(?P<section>\d+)\.(?:(?P<rule>\d+)(?:(?P<letter>[a-z])(?:-(?P<item>\d+))?)?(?P<dot>\.)?)?"
)
_DOTTED_NUMBER = re.compile(r"\d+(?:\.\d+)*")
_OPENS_QUOTE = re.compile(r"^[「『(（【\[“\"']")
_STARTS_WITH_TAG = re.compile(r"^<[A-Za-z/]")


# --------------------------------------------------------------------------- numbering


class Step(StrEnum):
    """How a number follows the previous one in the numbering sequence."""

    FIRST = "first"
    """The first number of the document (``1.`` / ``100.``)."""
    FIRST_CHILD = "first-child"
    """The first child of the previous number (``5.2`` → ``5.2.1``)."""
    NEXT_SIBLING = "next-sibling"
    """The next number at the same level (``5.2.1`` → ``5.2.2``)."""
    ANCESTOR_SIBLING = "ancestor-sibling"
    """The next sibling of an ancestor (``5.2.1.3`` → ``5.3``)."""
    SKIP = "skip"
    """Two or more levels down at once (``11.4.6`` → ``11.4.6.1.1``): a parent was never printed."""


@dataclass(frozen=True, slots=True)
class Candidate:
    """One reading of the number at the start of a line."""

    id: str
    """The rule id this reading gives, as printed without the trailing period."""
    path: NumberPath
    """The number as a path of integers."""
    rest: str
    """The text after the number under this reading."""
    repair: str
    """Empty for the number read as printed; otherwise how this reading repairs the line."""


@dataclass(frozen=True, slots=True)
class NumberMatch:
    """What a numbering scheme sees at the start of a line."""

    printed: str
    """The number-like text as printed (``10.1.2``, ``403.3a-1``, ``1``)."""
    candidates: tuple[Candidate, ...]
    """Readings in rule form, most literal first; empty when the number is not in rule form."""


@dataclass(frozen=True, slots=True)
class NumberingScheme:
    """How one family of rulebooks numbers its rules."""

    name: str
    """The manifest's ``numbering`` value (``divine-cross``, ``dotted``)."""
    match: Callable[[str], NumberMatch | None]
    """Reads the number at the start of a line (bullet already stripped)."""
    format: Callable[[NumberPath], str]
    """Writes a path as the document would print it (for messages)."""
    section_levels: int
    """Numbers with a path this short are always sections (DC ``100.`` and ``101.``: 2)."""
    expected: str
    """How the numbers look, for error messages."""


def match_divine_cross(text: str) -> NumberMatch | None:
    """Divine Cross numbers: ``100.`` (chapter), ``101.`` (section), ``101.1.``, ``105.3a.``, ``403.3a-1``.

    Chapters are the multiples of 100 and sections hang under them, so ``101`` is (1, 1) and
    ``1000`` is (10,). Items under a lettered rule are printed without a trailing period. An
    item number of two digits or more is also read as a sub-item of the item before it
    (``804.2c-31`` after ``804.2c-3``), and an item or rule without its period may be a
    number glued to text that starts with a digit.
    """
    m = _DC_NUMBER.match(text)
    if m is None:
        return None
    section = int(m["section"])
    base: NumberPath = (section // 100,) if section % 100 == 0 else (section // 100, section % 100)
    rest = text[m.end() :].strip()
    if m["rule"] is None:
        return NumberMatch(m.group(0), (Candidate(m["section"], base, rest, ""),))
    rule_id = f"{m['section']}.{m['rule']}"
    path = (*base, int(m["rule"]))
    if m["letter"] is not None:
        rule_id += m["letter"]
        path = (*path, ord(m["letter"]) - ord("a") + 1)
    item = m["item"]
    printed = m.group(0).rstrip(".")
    if item is None:
        if m["dot"]:
            return NumberMatch(printed, (Candidate(rule_id, path, rest, ""),))
        glued = _glued_reading(rule_id, path, text[m.end() :], printed)
        return NumberMatch(printed, glued)
    readings = [Candidate(f"{rule_id}-{item}", (*path, int(item)), rest, "")]
    if len(item) > 1:
        readings.append(
            Candidate(
                f"{rule_id}-{item}",
                (*path, int(item[:-1]), int(item[-1])),
                rest,
                f"{rule_id}-{item} read as sub-item {item[-1]} of {rule_id}-{item[:-1]}",
            )
        )
        if not m["dot"]:
            parent_item = f"{rule_id}-{item[:-1]}"
            glued_text = item[-1:] + text[m.end() :]
            readings.extend(_glued_reading(parent_item, (*path, int(item[:-1])), glued_text, printed))
    return NumberMatch(printed, tuple(readings))


def match_dotted(text: str) -> NumberMatch | None:
    """Dotted numbers (FFTCG): ``1.``, ``5.2.1.``, ``15.1.1.9.5.``, often glued to the text.

    The trailing period is part of the rule form. A number without it is text, unless its
    last component is a digit of the text glued to a shorter number: ``15.2.3.2.1 体以上``
    also reads as ``15.2.3.2.`` followed by ``1 体以上``.
    """
    m = _DOTTED_NUMBER.match(text)
    if m is None:
        return None
    printed = m.group(0)
    parts = printed.split(".")
    path = tuple(int(p) for p in parts)
    after = text[m.end() :]
    if after.startswith("."):
        return NumberMatch(printed, (Candidate(printed, path, after[1:].strip(), ""),))
    if len(parts) < 2:
        return NumberMatch(printed, ())
    shorter = ".".join(parts[:-1])
    return NumberMatch(printed, _glued_reading(shorter, path[:-1], parts[-1] + after, printed))


def format_divine_cross(path: NumberPath) -> str:
    """A path written as a Divine Cross number.

    (1,) → ``100``, (1, 1) → ``101``, (1, 5, 3, 1) → ``105.3a``, (4, 3, 3, 1, 1) → ``403.3a-1``.
    """
    number = str(path[0] * 100 + (path[1] if len(path) > 1 else 0))
    if len(path) > 2:
        number += f".{path[2]}"
    if len(path) > 3:
        number += chr(ord("a") + path[3] - 1)
    if len(path) > 4:
        number += "-" + "".join(str(part) for part in path[4:])
    return number


def format_dotted(path: NumberPath) -> str:
    """A path written as a dotted number: (5, 2, 1) → ``5.2.1``."""
    return ".".join(str(part) for part in path)


def _glued_reading(rule_id: str, path: NumberPath, rest: str, printed: str) -> tuple[Candidate, ...]:
    """The reading of ``printed`` as the shorter number ``rule_id`` whose text starts with a digit."""
    digits = re.match(r"\d+", rest)
    if digits is None or rest[digits.end() :].startswith("."):
        return ()
    repair = f"{printed!r} read as rule {rule_id} whose text starts with {rest.strip()[:12]!r}"
    return (Candidate(rule_id, path, rest.strip(), repair),)


SCHEMES: dict[str, NumberingScheme] = {
    "divine-cross": NumberingScheme(
        name="divine-cross",
        match=match_divine_cross,
        format=format_divine_cross,
        section_levels=2,
        expected="Divine Cross numbers such as '100.', '101.1.', '105.3a.' or '403.3a-1'",
    ),
    "dotted": NumberingScheme(
        name="dotted",
        match=match_dotted,
        format=format_dotted,
        section_levels=0,
        expected="dotted numbers such as '1.', '5.2.1.' or '15.1.1.9.5.'",
    ),
}
"""Numbering scheme by the manifest's ``numbering`` value."""


def step_between(previous: NumberPath | None, path: NumberPath) -> Step | None:
    """How ``path`` follows ``previous`` in the numbering sequence, or None when it is not plausible."""
    if previous is None:
        return Step.FIRST if path == (1,) else None
    depth = len(previous)
    if path == (*previous, 1):
        return Step.FIRST_CHILD
    if len(path) > depth + 1 and path[:depth] == previous and all(p == 1 for p in path[depth:]):
        return Step.SKIP
    for level in range(depth):
        if path == (*previous[:level], previous[level] + 1):
            return Step.NEXT_SIBLING if level == depth - 1 else Step.ANCESTOR_SIBLING
    return None


def expected_after(previous: NumberPath | None) -> list[NumberPath]:
    """The numbers that may follow ``previous`` without a lint (skips aside)."""
    if previous is None:
        return [(1,)]
    following = [(*previous, 1)]
    following.extend((*previous[:level], previous[level] + 1) for level in reversed(range(len(previous))))
    return following


# --------------------------------------------------------------------------- reading order


@dataclass(frozen=True, slots=True)
class Fragment:
    """A piece of source text offered to the rule chains: a line, or one column of a merged line."""

    line: int
    """The source line, 1-based."""
    text: str
    """The text, stripped of surrounding whitespace (never empty)."""
    after_blank: bool
    """Whether a blank line came before it in reading order."""
    raw: str
    """The whole source line as printed."""


def is_column_line(line: str) -> bool:
    """Whether ``line`` holds two columns merged by a tab (not a table of contents or an HTML figure)."""
    return "\t" in line and bool(line.strip()) and not has_html(line) and not is_toc_line(line)


def is_toc_line(line: str) -> bool:
    """Whether ``line`` is a table-of-contents entry: a number, tab-separated cells, page numbers.

    Divine Cross prints ``100.⇥ゲームの概要.....⇥2``, FFTCG ``1.⇥ゲームの人数⇥- 1 -``.
    """
    if "\t" not in line or not re.match(r"\s*\d", line):
        return False
    return bool(_TOC_LEADER.search(line) or _TOC_PAGE.search(line))


def reading_order(lines: list[str], start: int) -> Iterator[tuple[Fragment, tuple[int, int] | None]]:
    """The non-blank fragments from ``lines[start:]`` in reading order.

    A run of lines holding a tab is two (or more) columns merged line by line: the whole left
    column is read first, then the right one. Each fragment comes with the run's first and
    last line when it was read out of such a run, so that the repair can be reported.
    """
    index = start
    after_blank = False
    while index < len(lines):
        line = lines[index]
        if not line.strip():
            after_blank = True
            index += 1
            continue
        if not is_column_line(line):
            yield Fragment(index + 1, line.strip(), after_blank, line), None
            after_blank = False
            index += 1
            continue
        end = index
        while end < len(lines) and is_column_line(lines[end]):
            end += 1
        columns: list[list[Fragment]] = []
        for offset, merged in enumerate(lines[index:end]):
            for column, cell in enumerate(merged.split("\t")):
                while len(columns) <= column:
                    columns.append([])
                if cell.strip():
                    columns[column].append(Fragment(index + offset + 1, cell.strip(), False, merged))
        in_reading_order = [fragment for column_fragments in columns for fragment in column_fragments]
        first = in_reading_order[0]
        in_reading_order[0] = Fragment(first.line, first.text, after_blank, first.raw)
        for fragment in in_reading_order:
            yield fragment, (index + 1, end)
        after_blank = False
        index = end


# --------------------------------------------------------------------------- drafts


@dataclass(frozen=True, slots=True)
class _Piece:
    """One line's worth of text collected for a rule or example."""

    line: int
    """The source line."""
    text: str
    """The text as printed, markup removed."""
    after_blank: bool
    """Whether a blank line separated it from the text before it."""


@dataclass(slots=True)
class _DraftExample:
    """An example being read (mutable while the parser collects its lines)."""

    pieces: list[_Piece]
    """Its lines in reading order."""


@dataclass(slots=True)
class _Draft:
    """A rule being read (mutable while the parser collects its lines)."""

    id: str
    """The id as printed without the trailing period."""
    path: NumberPath
    """The number as a path."""
    parent: str | None
    """The nearest existing ancestor."""
    depth: int
    """Parent's depth + 1, 0 at the top."""
    head: _Piece
    """The text on the number's own line (may be empty)."""
    body: list[_Piece] = field(default_factory=list)
    """Continuation lines in reading order."""
    examples: list[_DraftExample] = field(default_factory=list)
    """Examples printed under the rule."""
    figures: list[Example] = field(default_factory=list)
    """Figure legends printed under the rule."""


@dataclass(slots=True)
class _DraftNote:
    """A front-matter change note (``※項目追加：1か所``) and the rule numbers listed under it."""

    note: str
    """The note without its ``※`` mark."""
    line: int
    """Where the note was printed."""
    items: list[_Piece] = field(default_factory=list)
    """The bulleted lines under it (``15.1.1.8.2.``)."""


@dataclass(slots=True)
class _DraftVersion:
    """A version of the changelog being read."""

    version: str
    """The version as printed."""
    date: str
    """ISO date."""
    line: int
    """Where its date line was printed."""
    changes: list[_Piece] = field(default_factory=list)
    """Its change lines, bullets dropped."""


# --------------------------------------------------------------------------- the reader


class Region(StrEnum):
    """Which part of the document the reader is in."""

    FRONT = "front"
    """Title, dates, change notes, table of contents."""
    BODY = "body"
    """The numbered rules."""
    CHANGELOG = "changelog"
    """The publisher's version history after the rules."""


class Reader:
    """The parser's state while it reads one document: what has been collected so far.

    Rule functions receive the reader and one fragment; they consume the fragment through
    the reader's methods and return True, or return False to pass it on.
    """

    def __init__(self, info: DocumentInfo, scheme: NumberingScheme) -> None:
        self.info = info
        self.scheme = scheme
        self.region = Region.FRONT
        self.heading = ""
        self.title_version = ""
        self.updated: tuple[str, int] | None = None
        self.notes: list[_DraftNote] = []
        self.drafts: list[_Draft] = []
        self.by_path: dict[NumberPath, _Draft] = {}
        self.by_id: dict[str, _Draft] = {}
        self.previous: NumberPath | None = None
        self.current: _Draft | None = None
        self.example: _DraftExample | None = None
        self.changelog: list[_DraftVersion] = []
        self.lint: list[LintIssue] = []
        self.dropped: list[SourceSpan] = []
        self.reported_runs: set[tuple[int, int]] = set()

    # -- reporting

    def span(self, first: int, last: int | None = None) -> SourceSpan:
        """A span of this document's source."""
        return SourceSpan(self.info.path, first, first if last is None else last)

    def report(
        self,
        kind: LintKind,
        severity: Severity,
        message: str,
        span: SourceSpan | None,
        rule_id: str | None = None,
    ) -> None:
        """Record a lint finding."""
        self.lint.append(LintIssue(kind, severity, message, span, rule_id))

    def repaired(self, message: str, line: int, rule_id: str | None = None, last: int | None = None) -> None:
        """Record a repair (INFO)."""
        self.report(LintKind.REPAIRED, Severity.INFO, message, self.span(line, last), rule_id)

    def column_run(self, first: int, last: int) -> None:
        """Record, once per run, that lines ``first``-``last`` were read column by column."""
        if (first, last) not in self.reported_runs:
            self.reported_runs.add((first, last))
            message = f"lines {first}-{last} hold two columns merged by tabs; read column by column"
            self.repaired(message, first, last=last)

    def drop(self, line: int) -> None:
        """Record that a line was dropped on purpose (merged with the previous dropped span when adjacent)."""
        if self.dropped and self.dropped[-1].last_line + 1 == line:
            self.dropped[-1] = self.span(self.dropped[-1].first_line, line)
        elif not (self.dropped and self.dropped[-1].first_line <= line <= self.dropped[-1].last_line):
            self.dropped.append(self.span(line))

    def unplaced(self, fragment: Fragment, why: str) -> None:
        """Report a fragment that no rule can hold; following continuation lines stay unplaced too."""
        self.current = None
        self.example = None
        self.report(
            LintKind.UNPLACED,
            Severity.WARNING,
            f"{why}: {fragment.text[:40]!r}",
            self.span(fragment.line),
        )

    def without_markup(self, text: str, line: int, rule_id: str | None) -> str:
        """``text`` without HTML tags; dropping them is a repair, reported."""
        if not has_html(text):
            return text
        self.repaired("HTML tags dropped from rule text", line, rule_id)
        return tidy(strip_html(text))

    # -- rules

    def start_rule(self, candidate: Candidate, fragment: Fragment) -> _Draft:
        """Begin a new rule with ``candidate``'s number, hung under its nearest existing ancestor."""
        parent: _Draft | None = None
        for length in range(len(candidate.path) - 1, 0, -1):
            parent = self.by_path.get(candidate.path[:length])
            if parent is not None:
                break
        if len(candidate.path) > 1 and candidate.path[:-1] not in self.by_path:
            missing = self.scheme.format(candidate.path[:-1])
            where = f"hung under {parent.id}" if parent else "kept at the top level"
            self.report(
                LintKind.ORPHAN,
                Severity.WARNING,
                f"{candidate.id} has no parent {missing} in the document; {where}",
                self.span(fragment.line),
                candidate.id,
            )
        head = self.without_markup(candidate.rest, fragment.line, candidate.id)
        draft = _Draft(
            id=candidate.id,
            path=candidate.path,
            parent=parent.id if parent else None,
            depth=parent.depth + 1 if parent else 0,
            head=_Piece(fragment.line, head, False),
        )
        self.drafts.append(draft)
        self.by_path.setdefault(candidate.path, draft)
        self.by_id[candidate.id] = draft
        self.previous = candidate.path
        self.current = draft
        self.example = None
        return draft

    def add_text(self, fragment: Fragment, text: str) -> bool:
        """Append a continuation line to the current example or rule; False when there is none."""
        if self.current is None:
            return False
        text = self.without_markup(text, fragment.line, self.current.id)
        piece = _Piece(fragment.line, text, fragment.after_blank)
        if self.example is not None:
            self.example.pieces.append(piece)
            return True
        self.current.body.append(piece)
        return True

    # -- result

    def finish(self) -> RuleBook:
        """The parsed book."""
        if not self.drafts:
            raise ParseError(
                f"{self.info.path}: no numbered rule found; expected {self.scheme.expected} "
                "at the start of a line"
            )
        with_children = {draft.parent for draft in self.drafts if draft.parent is not None}
        rules = tuple(
            self.build_rule(draft, order, draft.id in with_children)
            for order, draft in enumerate(self.drafts)
        )
        return RuleBook(
            info=self.info,
            heading=self.heading,
            rules=rules,
            changelog=self.build_changelog(),
            lint=tuple(self.lint),
            dropped=tuple(self.dropped),
        )

    def build_rule(self, draft: _Draft, order: int, has_children: bool) -> Rule:
        """A frozen :class:`Rule` from a draft: title or text, inline examples, span."""
        body = [piece for piece in draft.body if piece.text]
        is_section = len(draft.path) <= self.scheme.section_levels or is_heading(draft, body, has_children)
        title = draft.head.text if is_section else ""
        pieces = body if is_section else [draft.head, *body]
        text, inline = extract_inline_examples(pieces, self.info.path)
        examples = tuple(
            Example(
                _TRAILING_MARKER.sub("", joined_text(ex.pieces)),
                self.span(min(p.line for p in ex.pieces), max(p.line for p in ex.pieces)),
            )
            for ex in draft.examples
        )
        lines = [draft.head.line, *(p.line for p in draft.body)]
        lines += [p.line for ex in draft.examples for p in ex.pieces]
        lines += [line for fig in draft.figures for line in (fig.span.first_line, fig.span.last_line)]
        return Rule(
            id=draft.id,
            parent=draft.parent,
            title=title,
            text=text,
            depth=draft.depth,
            order=order,
            kind=RuleKind.SECTION if is_section else RuleKind.RULE,
            span=self.span(min(lines), max(lines)),
            examples=inline + examples,
            figures=tuple(draft.figures),
        )

    def build_changelog(self) -> tuple[ChangeEntry, ...]:
        """The front change notes (one entry) followed by the changelog entries."""
        entries: list[ChangeEntry] = []
        if self.notes:
            changes: list[str] = []
            lines: list[int] = []
            for note in self.notes:
                lines.append(note.line)
                if not note.items:
                    changes.append(note.note)
                for item in note.items:
                    changes.append(f"{note.note} {item.text}")
                    lines.append(item.line)
            date = self.info.date
            if self.updated is not None:
                date = self.updated[0]
                lines.append(self.updated[1])
            entries.append(
                ChangeEntry(
                    version=self.title_version or self.info.version,
                    date=date,
                    changes=tuple(changes),
                    span=self.span(min(lines), max(lines)),
                )
            )
        for draft in self.changelog:
            last = max([draft.line, *(change.line for change in draft.changes)])
            listed = tuple(change.text for change in draft.changes)
            entries.append(ChangeEntry(draft.version, draft.date, listed, self.span(draft.line, last)))
        return tuple(entries)


def is_heading(draft: _Draft, body: list[_Piece], has_children: bool) -> bool:
    """Whether a numbered line is a heading: short, no sentence punctuation, and the rule has children.

    Text after a heading counts as its prose only when a blank line separates it from the
    heading; text that follows on the very next line continues a sentence broken across a
    narrow column (``10.1.3.2. 選ばれたフォワードがなお非``), so the line is no heading.
    """
    head = draft.head.text
    if not has_children or not head or len(head) > HEADING_MAX_CHARS or _SENTENCE_END.search(head):
        return False
    return not body or body[0].after_blank


def joined_text(pieces: list[_Piece]) -> str:
    """The pieces joined back into one text (no space between Japanese characters)."""
    text = ""
    for piece in pieces:
        text = join_lines(text, piece.text)
    return text


def extract_inline_examples(pieces: list[_Piece], path: str) -> tuple[str, tuple[Example, ...]]:
    """The joined text with parenthesised examples ``(例: …)`` taken out, and those examples.

    FFTCG prints examples inside the rule text in parentheses, opened and closed with
    either ASCII or full-width parentheses. The example keeps its ``例:`` label; its
    parentheses go with it, and the text around it is joined back.
    """
    text = ""
    starts: list[tuple[int, int]] = []
    for piece in pieces:
        if piece.text:
            text = join_lines(text, piece.text)
            starts.append((len(text) - len(piece.text.strip()), piece.line))
    found: list[tuple[int, int]] = []
    position = 0
    while (opening := _INLINE_EXAMPLE.search(text, position)) is not None:
        closing = matching_paren(text, opening.start())
        if closing is None:
            break
        found.append((opening.start(), closing))
        position = closing + 1
    if not found:
        return text, ()

    def lines_between(first: int, last: int) -> list[int]:
        """The lines of the pieces that hold text from offset ``first`` to ``last``."""
        held = [line for start, line in starts if start <= last]
        before = [index for index, (start, _) in enumerate(starts) if start <= first]
        return held[before[-1] if before else 0 :]

    examples: list[Example] = []
    for start, end in found:
        lines = lines_between(start, end)
        span = SourceSpan(path, min(lines), max(lines))
        examples.append(Example(text[start + 1 : end].strip(), span))
    remaining = ""
    kept_from = 0
    for start, end in found:
        remaining = join_lines(remaining, text[kept_from:start])
        kept_from = end + 1
    return join_lines(remaining, text[kept_from:]), tuple(examples)


def matching_paren(text: str, opening: int) -> int | None:
    """The index of the parenthesis closing the one at ``opening`` (ASCII and full-width mix)."""
    depth = 0
    for index in range(opening, len(text)):
        if text[index] in _OPEN_PARENS:
            depth += 1
        elif text[index] in _CLOSE_PARENS:
            depth -= 1
            if depth == 0:
                return index
    return None


# --------------------------------------------------------------------------- front matter rules

FrontRule = Callable[[Reader, int, str], bool]
"""A front-matter rule: (reader, 1-based line number, stripped line) → consumed?"""


def front_title(reader: Reader, line: int, text: str) -> bool:
    """The first line is the document's title (``… 総合ルール ver.1.0.16``)."""
    found = reader.scheme.match(strip_bullet(text))
    if reader.heading or (found is not None and found.candidates):
        return False
    reader.heading = text
    version = _TITLE_VERSION.search(text)
    reader.title_version = version.group(1) if version else ""
    return True


def front_updated(reader: Reader, line: int, text: str) -> bool:
    """``最終更新日 2023年7月28日`` / ``最新更新:2026年02月27日``: the date of this version.

    With change notes (FFTCG) it dates their change entry; without (Divine Cross, whose
    changelog comes after the rules) the line is dropped, the manifest holding the date.
    """
    m = _UPDATED_LINE.match(text)
    if m is None:
        return False
    reader.updated = (iso_date(m.group(1), m.group(2), m.group(3)), line)
    return True


def front_effective(reader: Reader, line: int, text: str) -> bool:
    """``発効:2023年12月04日``: when the rules took effect (the manifest holds it); dropped."""
    if _EFFECTIVE_LINE.match(text) is None:
        return False
    reader.drop(line)
    return True


def front_change_note(reader: Reader, line: int, text: str) -> bool:
    """``※テキスト内容更新：1か所``: a note of what this version changed."""
    m = _CHANGE_NOTE.match(text)
    if m is None:
        return False
    reader.notes.append(_DraftNote(m["note"].strip(), line))
    return True


def front_change_item(reader: Reader, line: int, text: str) -> bool:
    """``- 15.1.1.8.1.`` under a change note: the rule it concerns."""
    if not reader.notes or strip_bullet(text) == text:
        return False
    reader.notes[-1].items.append(_Piece(line, strip_bullet(text).strip(), False))
    return True


def front_toc(reader: Reader, line: int, text: str) -> bool:
    """The table of contents: ``目次`` and entries with leaders or page numbers; dropped."""
    if _TOC_HEADING.match(text) is None and not is_toc_line(text):
        return False
    reader.drop(line)
    return True


FRONT_RULES: tuple[FrontRule, ...] = (
    front_title,
    front_updated,
    front_effective,
    front_change_note,
    front_change_item,
    front_toc,
)
"""The front-matter chain, in order. The body starts at the first line none accepts."""


# --------------------------------------------------------------------------- body rules

BodyRule = Callable[[Reader, Fragment], bool]
"""A body rule: (reader, fragment) → consumed?"""


def changelog_heading(reader: Reader, fragment: Fragment) -> bool:
    """``更新情報:`` ends the rules; the changelog follows. The label itself is dropped."""
    if _CHANGELOG_HEADING.match(fragment.text) is None:
        return False
    reader.region = Region.CHANGELOG
    reader.current = None
    reader.example = None
    reader.drop(fragment.line)
    return True


def page_number(reader: Reader, fragment: Fragment) -> bool:
    """A bare page number (``- 12 -``) is dropped."""
    if not is_page_number(fragment.text):
        return False
    reader.drop(fragment.line)
    return True


def figure(reader: Reader, fragment: Fragment) -> bool:
    """HTML fragments (the DC card-layout diagram): tags stripped, each tab cell kept as a figure.

    Whitespace is only collapsed, not removed between Japanese words: a diagram's caption
    (``ユニット``) must stay apart from the card text before it.
    """
    if not (_STARTS_WITH_TAG.match(fragment.text) and has_html(fragment.text)):
        return False
    if reader.current is None:
        reader.unplaced(fragment, "figure before the first rule")
        return True
    for cell in fragment.raw.split("\t"):
        legend = " ".join(strip_html(cell).split())
        if legend:
            reader.current.figures.append(Example(legend, reader.span(fragment.line)))
    reader.repaired(
        f"HTML markup stripped; its text kept as figures of {reader.current.id}",
        fragment.line,
        reader.current.id,
    )
    return True


def example(reader: Reader, fragment: Fragment) -> bool:
    """``例: …`` (with or without a bullet) is an example of the rule before it."""
    text = strip_bullet(fragment.text).strip()
    if _EXAMPLE_LINE.match(text) is None:
        return False
    if reader.current is None:
        reader.unplaced(fragment, "example before the first rule")
        return True
    reader.example = _DraftExample([_Piece(fragment.line, text, fragment.after_blank)])
    reader.current.examples.append(reader.example)
    return True


def numbered_rule(reader: Reader, fragment: Fragment) -> bool:
    """A line starting with a rule number: a new rule when the number fits the sequence.

    Readings are tried most literal first; the first one that is a plausible next number
    wins. A number in rule form that fits nowhere is still a rule (with a gap or order lint)
    unless it is a duplicate, or unless its text opens with a bracket (``10.「アタックフェイズ」
    を見ること`` is a cross-reference that happens to start a line). A number-like start that
    is not in rule form, or whose readings do not fit, is text of the current rule.
    """
    text = strip_bullet(fragment.text).strip()
    found = reader.scheme.match(text)
    if found is None:
        return False
    for candidate in found.candidates:
        if candidate.id in reader.by_id:
            continue
        step = step_between(reader.previous, candidate.path)
        if step is None:
            continue
        reader.start_rule(candidate, fragment)
        if candidate.repair:
            reader.repaired(candidate.repair, fragment.line, candidate.id)
        return True
    literal = next((c for c in found.candidates if not c.repair), None)
    if literal is not None and not _OPENS_QUOTE.match(literal.rest):
        return out_of_sequence(reader, fragment, literal)
    if reader.current is None:
        return False
    reader.repaired(
        f"{found.printed!r} does not fit after {reader.current.id}; read as text of {reader.current.id}",
        fragment.line,
        reader.current.id,
    )
    reader.add_text(fragment, text)
    return True


def out_of_sequence(reader: Reader, fragment: Fragment, candidate: Candidate) -> bool:
    """A number in rule form that is not a plausible next number: a gap, a duplicate or out of order."""
    previous = reader.drafts[-1].id if reader.drafts else None
    span = reader.span(fragment.line)
    if candidate.id in reader.by_id:
        first = reader.by_id[candidate.id].head.line
        reader.report(
            LintKind.DUPLICATE,
            Severity.WARNING,
            f"{candidate.id} is printed again (first at line {first}); this copy is not indexed",
            span,
            candidate.id,
        )
        reader.unplaced(fragment, f"duplicate {candidate.id}")
        return True
    expected = ", ".join(reader.scheme.format(p) for p in expected_after(reader.previous))
    after = f"after {previous}" if previous else "at the start"
    if reader.previous is None or candidate.path > reader.previous:
        kind, what = LintKind.NUMBERING_GAP, "skips numbers"
    else:
        kind, what = LintKind.OUT_OF_ORDER, "is out of order"
    reader.report(
        kind,
        Severity.WARNING,
        f"{candidate.id} {what} {after} (expected one of {expected})",
        span,
        candidate.id,
    )
    reader.start_rule(candidate, fragment)
    return True


def continuation(reader: Reader, fragment: Fragment) -> bool:
    """Any other line continues the current rule (or example); with no rule yet it is unplaced."""
    if not reader.add_text(fragment, strip_bullet(fragment.text).strip()):
        why = "text after an unplaced line" if reader.drafts else "text before the first numbered rule"
        reader.unplaced(fragment, why)
    return True


BODY_RULES: tuple[BodyRule, ...] = (
    changelog_heading,
    page_number,
    figure,
    example,
    numbered_rule,
    continuation,
)
"""The body chain, in order; ``continuation`` accepts whatever is left."""


# --------------------------------------------------------------------------- changelog rules


def changelog_entry(reader: Reader, fragment: Fragment) -> bool:
    """``2026年02月27日 Ver. 1.0.16``: a version of the changelog."""
    m = _CHANGELOG_ENTRY.match(fragment.text)
    if m is None:
        return False
    date = iso_date(m.group(1), m.group(2), m.group(3))
    reader.changelog.append(_DraftVersion(m.group(4), date, fragment.line))
    return True


def changelog_item(reader: Reader, fragment: Fragment) -> bool:
    """A line under a version (bullet dropped) is one change; before any version it is unplaced."""
    if not reader.changelog:
        reader.unplaced(fragment, "changelog line before any version")
        return True
    item = _Piece(fragment.line, strip_bullet(fragment.text).strip(), fragment.after_blank)
    reader.changelog[-1].changes.append(item)
    return True


CHANGELOG_RULES: tuple[BodyRule, ...] = (changelog_entry, changelog_item)
"""The changelog chain, in order."""

CHAINS: dict[Region, tuple[BodyRule, ...]] = {Region.BODY: BODY_RULES, Region.CHANGELOG: CHANGELOG_RULES}
"""The chain that reads each region after the front matter."""


def iso_date(year: str, month: str, day: str) -> str:
    """An ISO date from the printed year, month and day."""
    return f"{int(year):04d}-{int(month):02d}-{int(day):02d}"


# --------------------------------------------------------------------------- entry point


def parse_numbered(text: str, info: DocumentInfo) -> RuleBook:
    """Parse a numbered rulebook into a :class:`RuleBook` (pure: text in, book out).

    Raises :class:`~rules_index.errors.ParseError` when the numbering scheme is unknown or
    no numbered rule is found at all.
    """
    scheme = SCHEMES.get(info.numbering)
    if scheme is None:
        known = ", ".join(sorted(SCHEMES))
        raise ParseError(f"{info.path}: unknown numbering {info.numbering!r}; expected one of {known}")
    reader = Reader(info, scheme)
    lines = text.splitlines()
    start = read_front_matter(reader, lines)
    if reader.updated is not None and not reader.notes:
        reader.drop(reader.updated[1])
    reader.dropped.sort(key=lambda span: span.first_line)
    reader.region = Region.BODY
    for fragment, run in reading_order(lines, start):
        if run is not None:
            reader.column_run(*run)
        for rule in CHAINS[reader.region]:
            if rule(reader, fragment):
                break
    return reader.finish()


def read_front_matter(reader: Reader, lines: list[str]) -> int:
    """Run the front-matter chain over the first lines; the index of the first body line."""
    for index, line in enumerate(lines):
        text = line.strip()
        if not text:
            continue
        if not any(rule(reader, index + 1, text) for rule in FRONT_RULES):
            return index
    return len(lines)
