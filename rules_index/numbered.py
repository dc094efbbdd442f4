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
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from rules_index.errors import ParseError
from rules_index.model import (
    ChangeEntry,
    DocumentInfo,
    Example,
    LintIssue,
    LintKind,
    Part,
    PartKind,
    Rule,
    RuleBook,
    RuleKind,
    Severity,
    SourceSpan,
)
from rules_index.normalize import has_html, is_page_number, join_lines, strip_bullet, strip_html, tidy
from rules_index.numbering import (
    SCHEMES,
    Candidate,
    NumberingScheme,
    NumberMatch,
    NumberPath,
    Step,
    detect_scheme,
    expected_after,
    format_divine_cross,
    format_dotted,
    match_divine_cross,
    match_dotted,
    match_dotted_bare,
    step_between,
)
from rules_index.parts import PartHeading, contents_entry_key, has_leader, is_contents_heading, part_heading

__all__ = [
    "SCHEMES",
    "Candidate",
    "NumberMatch",
    "NumberPath",
    "NumberingScheme",
    "Step",
    "format_divine_cross",
    "format_dotted",
    "match_divine_cross",
    "match_dotted",
    "parse_numbered",
]

HEADING_MAX_CHARS = 40
"""A numbered line longer than this is a rule, not a heading (FFTCG headings are short)."""

_SENTENCE_END = re.compile(r"[。．！？!?]")
_DEFINITION_END = re.compile(r"[。．！？!?.]")
_CLOSING = "”’\"')）)」』"
_TRAILING_MARKER = re.compile(r"\s*\*\s*$")
_EXAMPLE_LINE = re.compile(r"^(?:例|Examples?)\s*[:：]")
_INLINE_EXAMPLE = re.compile(r"[(（]\s*例\s*[:：]")
_OPEN_PARENS = "(（"
_CLOSE_PARENS = ")）"
_TITLE_VERSION = re.compile(r"ver\.?\s*(\d+(?:\.\d+)*)", re.IGNORECASE)
_JA_DATE = r"(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日"
_UPDATED_LINE = re.compile(rf"^(?:最終更新日|最新更新|更新日)\s*[:：]?\s*{_JA_DATE}")
_EFFECTIVE_LINE = re.compile(rf"^発効(?:日)?\s*[:：]?\s*{_JA_DATE}")
_MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
_EN_DATE = rf"(?:{_MONTHS})\s+\d{{1,2}},\s*\d{{4}}"
_EN_EFFECTIVE_LINE = re.compile(rf"^(?:These rules are )?effective (?:as of|from|on)\s+{_EN_DATE}\.?$", re.IGNORECASE)
_PRIVATE_USE_BULLET = re.compile(r"^[\ue000-\uf8ff]\s*")
_ANY_DATE = r"(\d{4})\s*[年/.\-]\s*(\d{1,2})\s*[月/.\-]\s*(\d{1,2})\s*日?"
_VERSION_FIRST_ENTRY = re.compile(
    rf"^ver(?:sion)?\.?\s*(\d+(?:\.\d+)*)\s*[(（]?\s*{_ANY_DATE}\s*[)）]?$", re.IGNORECASE
)
_DATE_FIRST_ENTRY = re.compile(rf"^{_ANY_DATE}\s*(?:ver(?:sion)?\.?)\s*(\d+(?:\.\d+)*)\s*$", re.IGNORECASE)
_GLOSSARY_TERM_MAX = 100
_CHANGE_NOTE = re.compile(r"^※\s*(?P<note>.+)$")
_TOC_HEADING = re.compile(r"^目次$")
_TOC_LEADER = re.compile(r"\.{3,}\s*\t+\s*\d+")
_TOC_PAGE = re.compile(r"\t\s*-\s*\d+\s*-\s*$")
_CHANGELOG_HEADING = re.compile(r"^更新情報\s*[:：]?$")
_CHANGELOG_ENTRY = re.compile(rf"^{_JA_DATE}\s*Ver\.?\s*(\d+(?:\.\d+)*)\s*$", re.IGNORECASE)
_OPENS_QUOTE = re.compile(r"^[「『(（【\[“\"']")
_STARTS_WITH_TAG = re.compile(r"^<[A-Za-z/]")


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


def reading_order(
    lines: list[str], start: int, skip: frozenset[int] = frozenset()
) -> Iterator[tuple[Fragment, tuple[int, int] | None]]:
    """The non-blank fragments from ``lines[start:]`` in reading order.

    A run of lines holding a tab is two (or more) columns merged line by line: the whole left
    column is read first, then the right one. Each fragment comes with the run's first and
    last line when it was read out of such a run, so that the repair can be reported. Lines
    whose index is in ``skip`` (page furniture) are passed over as if they were not there.
    """
    index = start
    after_blank = False
    while index < len(lines):
        if index in skip:
            index += 1
            continue
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
class _DraftEntry:
    """An entry of a part being read: a glossary term, or a numbered line of an appendix."""

    id: str
    """Its id inside the part (the term, or the number as printed)."""
    title: str
    """The term as printed (empty for a numbered appendix line)."""
    line: int
    """Where it starts."""
    pieces: list[_Piece] = field(default_factory=list)
    """Its text lines in reading order."""


@dataclass(slots=True)
class _DraftPart:
    """A part outside the numbered rules being read (introduction, glossary, appendix, credits)."""

    kind: PartKind
    """What the part is."""
    title: str
    """Its heading as printed (empty when unheaded)."""
    node_id: str | None
    """The id of its node; None for parts without one (the change log)."""
    line: int
    """Where its heading (or first line) stands."""
    pieces: list[_Piece] = field(default_factory=list)
    """Lines of the part's own text (a table, credits, prose)."""
    entries: list[_DraftEntry] = field(default_factory=list)
    """Glossary terms or numbered appendix lines."""
    last_line: int = 0
    """The last line read into the part."""


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
    GLOSSARY = "glossary"
    """Terms and definitions after the rules."""
    APPENDIX = "appendix"
    """An appendix after the rules."""
    CREDITS = "credits"
    """Credits and publisher lines."""
    INDEX = "index"
    """An index of words and pages after the rules (dropped line by line)."""


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
        self.drop_reasons: list[str] = []
        self.parts: list[_DraftPart] = []
        self.part: _DraftPart | None = None
        self.contents: tuple[int, int] | None = None
        self.title_lines: list[int] = []
        self.front_prose: _DraftPart | None = None
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

    def drop(self, line: int, reason: str) -> None:
        """Record that a line was dropped on purpose, and why (merged with the previous span when adjacent)."""
        last = self.dropped[-1] if self.dropped else None
        if last is not None and last.last_line + 1 == line and self.drop_reasons[-1] == reason:
            self.dropped[-1] = self.span(last.first_line, line)
        elif not (last is not None and last.first_line <= line <= last.last_line):
            self.dropped.append(self.span(line))
            self.drop_reasons.append(reason)

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

    def start_part(self, heading: PartHeading, line: int) -> None:
        """Leave the rules (or the previous part) for the part ``heading`` opens."""
        self.current = None
        self.example = None
        regions = {
            PartKind.GLOSSARY: Region.GLOSSARY,
            PartKind.APPENDIX: Region.APPENDIX,
            PartKind.CREDITS: Region.CREDITS,
            PartKind.CHANGELOG: Region.CHANGELOG,
            PartKind.INDEX: Region.INDEX,
        }
        self.region = regions[heading.kind]
        if heading.kind in (PartKind.CHANGELOG, PartKind.INDEX):
            self.drop(line, f"{heading.kind.value} heading")
            self.part = _DraftPart(heading.kind, heading.title, None, line, last_line=line)
        else:
            taken = {part.node_id for part in self.parts} | set(self.by_id)
            node_id = heading.node_id
            while node_id in taken:
                node_id += "~2" if "~" not in node_id else ""
                if node_id in taken:
                    stem, _, n = node_id.rpartition("~")
                    node_id = f"{stem}~{int(n) + 1}"
            self.part = _DraftPart(heading.kind, heading.title, node_id, line, last_line=line)
        self.parts.append(self.part)

    # -- result

    def finish(self) -> RuleBook:
        """The parsed book."""
        if not self.drafts:
            raise ParseError(
                f"{self.info.path}: no numbered rule found; expected {self.scheme.expected} at the start of a line"
            )
        with_children = {draft.parent for draft in self.drafts if draft.parent is not None}
        front = [self.front_prose] if self.front_prose is not None else []
        rules = [node for part in front for node in self.build_part(part, 0)]
        rules += [
            self.build_rule(draft, len(rules) + order, draft.id in with_children)
            for order, draft in enumerate(self.drafts)
        ]
        for part in self.parts:
            rules += self.build_part(part, len(rules))
        return RuleBook(
            info=self.info,
            heading=self.heading,
            rules=tuple(rules),
            changelog=self.build_changelog(),
            lint=tuple(self.lint),
            dropped=tuple(self.dropped),
            drop_reasons=tuple(self.drop_reasons),
            parts=self.build_parts(),
            scheme=self.scheme.name,
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

    def build_part(self, part: _DraftPart, order: int) -> list[Rule]:
        """The nodes of a part: the part itself, then its entries (none for the change log)."""
        if part.node_id is None:
            return []
        joiner = "\n" if part.kind in (PartKind.APPENDIX, PartKind.CREDITS) else " "
        text = joiner.join(piece.text for piece in part.pieces) if joiner == "\n" else joined_text(part.pieces)
        lines = [part.line, part.last_line, *(piece.line for piece in part.pieces)]
        nodes = [
            Rule(
                id=part.node_id,
                parent=None,
                title=part.title,
                text=text,
                depth=0,
                order=order,
                kind=RuleKind.PART,
                span=self.span(min(lines), max(lines)),
            )
        ]
        seen: dict[str, int] = {}
        for entry in part.entries:
            segment = entry.id.replace("/", "∕")
            seen[segment] = seen.get(segment, 0) + 1
            if seen[segment] > 1:
                segment = f"{segment}~{seen[segment]}"
            entry_lines = [entry.line, *(piece.line for piece in entry.pieces)]
            nodes.append(
                Rule(
                    id=f"{part.node_id}/{segment}",
                    parent=part.node_id,
                    title=entry.title,
                    text=joined_text(entry.pieces),
                    depth=1,
                    order=order + len(nodes),
                    kind=RuleKind.ENTRY,
                    span=self.span(min(entry_lines), max(entry_lines)),
                )
            )
        return nodes

    def build_parts(self) -> tuple[Part, ...]:
        """The document's parts in order: front matter, contents, the rules, and what follows them."""
        found: list[Part] = []
        prose = self.front_prose
        if self.heading or prose is not None:
            lines = [*self.title_lines, *((prose.line, prose.last_line) if prose else ())] or [1]
            title = prose.title if prose else ""
            found.append(
                Part(PartKind.FRONT_MATTER, title, self.span(min(lines), max(lines)), prose.node_id if prose else None)
            )
        contents = [span for span, why in zip(self.dropped, self.drop_reasons, strict=True) if why == "contents"]
        if contents:
            found.append(Part(PartKind.CONTENTS, "", self.span(contents[0].first_line, contents[-1].last_line)))
        if self.drafts:
            body_last = max(
                line for draft in self.drafts for line in (draft.head.line, *(piece.line for piece in draft.body))
            )
            found.append(Part(PartKind.BODY, "", self.span(self.drafts[0].head.line, body_last)))
        for part in self.parts:
            found.append(Part(part.kind, part.title, self.span(part.line, part.last_line), part.node_id))
        return tuple(found)

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
    if not any("例" in piece.text for piece in pieces):
        return joined_text(pieces), ()
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
    if found is not None and found.candidates:
        return False
    if reader.heading:
        # A title printed on two lines: the second carries the version (``総合ルール ver. 1.05``).
        version = _TITLE_VERSION.search(text)
        if reader.title_version or version is None or reader.updated is not None or reader.notes:
            return False
        reader.heading = join_lines(reader.heading, text) if reader.heading[-1:].isascii() else reader.heading + text
        reader.title_version = version.group(1)
        reader.title_lines.append(line)
        return True
    reader.heading = text
    reader.title_lines.append(line)
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
    if _EFFECTIVE_LINE.match(text) is None and _EN_EFFECTIVE_LINE.match(text) is None:
        return False
    reader.drop(line, "effective date")
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
    if reader.contents is not None and reader.contents[0] <= line <= reader.contents[1]:
        reader.drop(line, "contents")
        return True
    if _TOC_HEADING.match(text) is None and not is_toc_line(text) and not is_contents_heading(text):
        return False
    reader.drop(line, "contents")
    return True


def front_prose(reader: Reader, line: int, text: str) -> bool:
    """Prose before the rules and their contents (Magic's ``Introduction``): a front-matter part.

    Only when the document has a table of contents still to come, so that the first lines of
    a document without one are never taken from its rules.
    """
    if reader.contents is None or line >= reader.contents[0]:
        return False
    found = reader.scheme.match(strip_bullet(text))
    if found is not None and found.candidates:
        return False
    part = reader.front_prose
    if part is None:
        heading = text if len(text) <= HEADING_MAX_CHARS and not _SENTENCE_END.search(text) else ""
        node_id = heading or "front-matter"
        part = _DraftPart(PartKind.FRONT_MATTER, heading, node_id.replace("/", "∕"), line, last_line=line)
        reader.front_prose = part
        if heading:
            return True
    part.pieces.append(_Piece(line, text, False))
    part.last_line = line
    return True


def body_heading(reader: Reader, line: int, text: str) -> bool:
    """A short heading between the contents and the first rule (``総合ルール本文``): dropped."""
    if reader.contents is None or line <= reader.contents[1]:
        return False
    found = reader.scheme.match(strip_bullet(text))
    if (found is not None and found.candidates) or len(text) > HEADING_MAX_CHARS or _SENTENCE_END.search(text):
        return False
    reader.drop(line, "heading of the rules")
    return True


FRONT_RULES: tuple[FrontRule, ...] = (
    front_title,
    front_updated,
    front_effective,
    front_change_note,
    front_change_item,
    front_toc,
    front_prose,
    body_heading,
)
"""The front-matter chain, in order. The body starts at the first line none accepts."""


# --------------------------------------------------------------------------- body rules

BodyRule = Callable[[Reader, Fragment], bool]
"""A body rule: (reader, fragment) → consumed?"""


def page_number(reader: Reader, fragment: Fragment) -> bool:
    """A bare page number (``- 12 -``) is dropped."""
    if not is_page_number(fragment.text):
        return False
    reader.drop(fragment.line, "page number")
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
        step = step_between(reader.previous, candidate.path, reader.scheme.starts)
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
    expected = ", ".join(reader.scheme.format(p) for p in expected_after(reader.previous, reader.scheme.starts))
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


def part_start(reader: Reader, fragment: Fragment) -> bool:
    """A part heading after the rules (``Glossary``, ``付録 A：作品名一覧``, ``更新情報:``, ``Credits``).

    The reader leaves the rules: what follows belongs to the part, never to the last rule.
    """
    if not reader.drafts:
        return False
    heading = part_heading(fragment.text)
    if heading is None:
        return False
    reader.start_part(heading, fragment.line)
    return True


def glossary_line(reader: Reader, fragment: Fragment) -> bool:
    """A glossary line: a term (a short line opening an entry) or a line of its definition.

    An entry opens after a blank line, or after a definition that ended its sentence when the
    line is short and is no sentence itself (text extracted from a PDF has no blank lines).
    ``Term: definition`` on one line is an entry too.
    """
    part = reader.part
    assert part is not None
    text = fragment.text
    entry = part.entries[-1] if part.entries else None
    last = entry.pieces[-1].text.rstrip(_CLOSING) if entry is not None and entry.pieces else ""
    ended = bool(_DEFINITION_END.search(last[-1:]))
    term_like = len(text) <= _GLOSSARY_TERM_MAX and not _DEFINITION_END.search(text.rstrip(_CLOSING)[-1:])
    if entry is None or (term_like and (fragment.after_blank or ended)):
        name, _, definition = text.partition("：") if "：" in text else (text, "", "")
        if not definition or len(name) > _GLOSSARY_TERM_MAX // 2:
            name, definition = text, ""
        entry = _DraftEntry(" ".join(name.split()), name.strip(), fragment.line)
        if definition.strip():
            entry.pieces.append(_Piece(fragment.line, definition.strip(), False))
        part.entries.append(entry)
    else:
        entry.pieces.append(_Piece(fragment.line, text, fragment.after_blank))
    part.last_line = fragment.line
    return True


def appendix_line(reader: Reader, fragment: Fragment) -> bool:
    """An appendix line: a numbered line is an entry with an id inside the appendix; others are its text.

    Appendices re-use the body's numbers (format rules, token tables); ``付録B/8.3.1`` never
    clashes with rule 8.3.1 of the body.
    """
    part = reader.part
    assert part is not None
    text = strip_bullet(fragment.text).strip()
    literal = None
    for match in (reader.scheme.match, match_dotted, match_dotted_bare):
        found = match(text)
        literal = next((c for c in found.candidates if not c.repair), None) if found else None
        if literal is not None:
            break
    if literal is not None and not _OPENS_QUOTE.match(literal.rest):
        part.entries.append(_DraftEntry(literal.id, "", fragment.line, [_Piece(fragment.line, literal.rest, False)]))
    elif part.entries and not fragment.after_blank:
        part.entries[-1].pieces.append(_Piece(fragment.line, text, False))
    else:
        part.pieces.append(_Piece(fragment.line, text, fragment.after_blank))
    part.last_line = fragment.line
    return True


def index_line(reader: Reader, fragment: Fragment) -> bool:
    """A line of an index (``Attack, 12, 40``): dropped, with the reason."""
    part = reader.part
    assert part is not None
    reader.drop(fragment.line, "index")
    part.last_line = fragment.line
    return True


def credits_line(reader: Reader, fragment: Fragment) -> bool:
    """A line of the credits (names, publisher, address): recorded as the credits' text."""
    part = reader.part
    assert part is not None
    part.pieces.append(_Piece(fragment.line, fragment.text, fragment.after_blank))
    part.last_line = fragment.line
    return True


BODY_RULES: tuple[BodyRule, ...] = (
    part_start,
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
    if reader.part is not None:
        reader.part.last_line = fragment.line
    m = _CHANGELOG_ENTRY.match(fragment.text) or _DATE_FIRST_ENTRY.match(fragment.text)
    if m is not None:
        date = iso_date(m.group(1), m.group(2), m.group(3))
        reader.changelog.append(_DraftVersion(m.group(4), date, fragment.line))
        return True
    m = _VERSION_FIRST_ENTRY.match(fragment.text)
    if m is None:
        return False
    reader.changelog.append(_DraftVersion(m.group(1), iso_date(m.group(2), m.group(3), m.group(4)), fragment.line))
    return True


def changelog_item(reader: Reader, fragment: Fragment) -> bool:
    """A line under a version (bullet dropped) is one change; before any version it is unplaced."""
    if reader.part is not None:
        reader.part.last_line = fragment.line
    if not reader.changelog:
        reader.unplaced(fragment, "changelog line before any version")
        return True
    text = _PRIVATE_USE_BULLET.sub("", strip_bullet(fragment.text).strip())
    if reader.changelog[-1].changes and not fragment.after_blank and not _starts_item(fragment.text):
        previous = reader.changelog[-1].changes[-1]
        reader.changelog[-1].changes[-1] = _Piece(previous.line, join_lines(previous.text, text), previous.after_blank)
        return True
    item = _Piece(fragment.line, text, fragment.after_blank)
    reader.changelog[-1].changes.append(item)
    return True


def _starts_item(text: str) -> bool:
    """Whether a change-log line opens an item (a bullet) rather than continuing the one before."""
    return strip_bullet(text) != text or bool(_PRIVATE_USE_BULLET.match(text.strip()))


CHANGELOG_RULES: tuple[BodyRule, ...] = (part_start, changelog_entry, changelog_item)
"""The changelog chain, in order."""

CHAINS: dict[Region, tuple[BodyRule, ...]] = {
    Region.BODY: BODY_RULES,
    Region.CHANGELOG: CHANGELOG_RULES,
    Region.GLOSSARY: (part_start, page_number, glossary_line),
    Region.APPENDIX: (part_start, page_number, appendix_line),
    Region.CREDITS: (part_start, page_number, credits_line),
    Region.INDEX: (part_start, index_line),
}
"""The chain that reads each region after the front matter."""


def iso_date(year: str, month: str, day: str) -> str:
    """An ISO date from the printed year, month and day."""
    return f"{int(year):04d}-{int(month):02d}-{int(day):02d}"


# --------------------------------------------------------------------------- entry point


def parse_numbered(text: str, info: DocumentInfo, furniture: Mapping[int, str] | None = None) -> RuleBook:
    """Parse a numbered rulebook into a :class:`RuleBook` (pure: text in, book out).

    Raises :class:`~rules_index.errors.ParseError` when the numbering scheme is unknown or
    no numbered rule is found at all.
    """
    if info.numbering in ("", "auto"):
        scheme = detect_scheme(text).scheme
        if scheme is None:
            raise ParseError(
                f"{info.path}: no numbering scheme found: expected rules numbered like '100.1a' "
                "(three-digit), '403.3a-1' (Divine Cross) or '1.2.3.' (dotted) at the start of lines"
            )
    else:
        found = SCHEMES.get(info.numbering)
        if found is None:
            known = ", ".join(sorted(SCHEMES))
            raise ParseError(f"{info.path}: unknown numbering {info.numbering!r}; expected one of {known}")
        scheme = found
    reader = Reader(info, scheme)
    lines = join_broken_part_headings(text.splitlines(), reader)
    skip = frozenset(line - 1 for line in furniture or {})
    for line, reason in sorted((furniture or {}).items()):
        reader.drop(line, reason)
    reader.contents = find_contents(lines)
    start = read_front_matter(reader, lines, skip)
    if reader.updated is not None and not reader.notes:
        reader.drop(reader.updated[1], "date of this version")
    order = sorted(range(len(reader.dropped)), key=lambda i: reader.dropped[i].first_line)
    reader.dropped = [reader.dropped[i] for i in order]
    reader.drop_reasons = [reader.drop_reasons[i] for i in order]
    reader.region = Region.BODY
    for fragment, run in reading_order(lines, start, skip):
        if run is not None:
            reader.column_run(*run)
        for rule in CHAINS[reader.region]:
            if rule(reader, fragment):
                break
    return reader.finish()


_PART_WORD = re.compile(r"^\s*(?:付録|付表|別表|Appendix)\s*$", re.IGNORECASE)
_PART_LABEL = re.compile(r"^\s*[A-ZＡ-Ｚ0-9０-９]{1,2}\s*[:：．.]")


def join_broken_part_headings(lines: list[str], reader: Reader) -> list[str]:
    """``付録`` alone on a line with ``B：メンバー一覧`` on the next is one heading (a PDF broke it).

    The two pieces are read as one line at the first line's place; the second line is left
    blank, so line numbers stay those of the source. Each join is reported as a repair.
    """
    joined = list(lines)
    for index in range(len(joined) - 1):
        if _PART_WORD.match(joined[index]) and _PART_LABEL.match(joined[index + 1]):
            joined[index] = f"{joined[index].strip()} {joined[index + 1].strip()}"
            joined[index + 1] = ""
            reader.repaired(f"part heading broken across lines joined: {joined[index]!r}", index + 1, last=index + 2)
    return joined


CONTENTS_SEARCH_LINES = 400
"""How far into a document a table of contents is looked for."""


def find_contents(lines: list[str]) -> tuple[int, int] | None:
    """The lines (1-based, inclusive) of a table of contents under a ``目次``/``Contents`` heading
    (or, without one, from the first entry with dot leaders).

    The contents end where the body repeats their first entry (``1. Game Concepts``, or
    ``1. ゲームの概要 ....... 1`` printed again as ``1. ゲームの概要``), so that entries without
    page numbers are never taken for the chapters. Without such a repeat they end at the first
    line that is no contents entry (no leader, no tab-separated page number).
    """
    heading = next(
        (i for i, line in enumerate(lines[:CONTENTS_SEARCH_LINES]) if line.strip() and is_contents_heading(line)),
        None,
    )
    if heading is None:
        # Contents printed without a heading: they start at the first entry with dot leaders.
        first = next((i for i, line in enumerate(lines[:CONTENTS_SEARCH_LINES]) if has_leader(line)), None)
        if first is None:
            return None
        heading = first - 1
    entries = [i for i in range(heading + 1, len(lines)) if lines[i].strip()]
    if not entries:
        return None
    first_key = contents_entry_key(lines[entries[0]])
    body = next(
        (
            i
            for i in entries[1:]
            if contents_entry_key(lines[i]) == first_key and not has_leader(lines[i]) and not is_toc_line(lines[i])
        ),
        None,
    )
    last = heading
    for i in entries:
        line = lines[i]
        if body is not None and i >= body:
            break
        entry_like = has_leader(line) or is_toc_line(line) or part_heading(line) is not None
        if not entry_like and not (body is not None and re.match(r"\s*\d", line)):
            break
        last = i
    return heading + 1, last + 1


def read_front_matter(reader: Reader, lines: list[str], skip: frozenset[int] = frozenset()) -> int:
    """Run the front-matter chain over the first lines; the index of the first body line."""
    for index, line in enumerate(lines):
        text = line.strip()
        if not text or index in skip:
            continue
        if not any(rule(reader, index + 1, text) for rule in FRONT_RULES):
            return index
    return len(lines)
