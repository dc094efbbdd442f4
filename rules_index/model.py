"""Value types of the rules index: what a parsed rulebook is made of.

Parsing is a pure function from text to :class:`RuleBook`; everything here is a small
frozen value so that parsed books can be compared, cached and diffed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class RuleKind(StrEnum):
    """What kind of node a parsed rule is."""

    SECTION = "section"
    """A numbered heading that mostly groups rules (``704. ダメージステップ``)."""
    RULE = "rule"
    """A numbered rule with its own text (``704.6c-1 ...``)."""
    HEADING = "heading"
    """An outline heading of an unnumbered document (``デッキ構成``)."""
    PARAGRAPH = "paragraph"
    """A paragraph or bullet of an unnumbered document."""
    TABLE = "table"
    """A table of an unnumbered document (one node; rows are in its text)."""
    PART = "part"
    """A part of the document outside the numbered rules: introduction, glossary, appendix, credits."""
    ENTRY = "entry"
    """An entry of a part: a glossary term with its definition, or a numbered line of an appendix."""


class PartKind(StrEnum):
    """The parts publishers print around the numbered rules."""

    FRONT_MATTER = "front-matter"
    """Title, dates, introduction before the rules."""
    CONTENTS = "contents"
    """The table of contents (dropped: it repeats the headings)."""
    BODY = "body"
    """The numbered rules."""
    GLOSSARY = "glossary"
    """Terms and their definitions (Magic's Glossary, 用語集)."""
    APPENDIX = "appendix"
    """An appendix (付録 A, Appendix B): tables, lists, format rules."""
    CHANGELOG = "changelog"
    """The publisher's change log (更新情報, 付録 D：更新内容)."""
    CREDITS = "credits"
    """Credits, publisher and contact lines."""
    INDEX = "index"
    """An index of words with page numbers (dropped: it points at pages, and the site has search)."""


class LintKind(StrEnum):
    """The kinds of defect the parser and the graph builder report."""

    NUMBERING_GAP = "numbering.gap"
    """A number is missing from an otherwise continuous sequence."""
    ORPHAN = "numbering.orphan"
    """A rule whose parent number does not exist (hung under its nearest ancestor)."""
    DUPLICATE = "numbering.duplicate"
    """The same number is printed twice."""
    OUT_OF_ORDER = "numbering.order"
    """A number that breaks the document's numbering sequence."""
    UNRESOLVED_REF = "ref.rule"
    """A cross-reference to a rule id that does not exist."""
    UNPLACED = "text.unplaced"
    """A content line the parser could not attach to any rule."""
    REPAIRED = "text.repaired"
    """A line the parser had to repair (column split, glued number); informational."""


class Severity(StrEnum):
    """How serious a lint finding is."""

    INFO = "info"
    """A repair the parser made; worth knowing, not a defect."""
    WARNING = "warning"
    """A published defect or something the parser could not place."""
    ERROR = "error"
    """The document cannot be indexed."""


@dataclass(frozen=True, slots=True)
class SourceSpan:
    """Where a piece of parsed text came from."""

    path: str
    """The source file, relative to ``rules_index/sources`` (``divine-cross/comprehensive-1.0.16.txt``)."""
    first_line: int
    """First line, 1-based."""
    last_line: int
    """Last line, 1-based, inclusive."""

    def __str__(self) -> str:
        if self.first_line == self.last_line:
            return f"{self.path}:{self.first_line}"
        return f"{self.path}:{self.first_line}-{self.last_line}"


@dataclass(frozen=True, slots=True)
class Example:
    """A worked example (``例: ...``) printed under a rule."""

    text: str
    """The example's text as published, without the leading bullet."""
    span: SourceSpan
    """Where it was printed."""


@dataclass(frozen=True, slots=True)
class Rule:
    """One node of a rulebook: a numbered rule, a section, or an outline heading/paragraph."""

    id: str
    """The id as published (``704.6c-1``, ``15.1.1.9.5``) or the derived outline id."""
    parent: str | None
    """The id of the parent node, or None for a top-level node."""
    title: str
    """The heading text for sections and headings; empty for plain rules."""
    text: str
    """The rule's text, joined across lines and pages, examples excluded."""
    depth: int
    """0 for top-level nodes, parent's depth + 1 otherwise."""
    order: int
    """Position in document order, 0-based."""
    kind: RuleKind
    """What kind of node this is."""
    span: SourceSpan
    """Where the rule was printed (first to last line it took)."""
    examples: tuple[Example, ...] = ()
    """Worked examples attached to this rule."""
    figures: tuple[Example, ...] = ()
    """Text of figures printed under this rule (card-layout legends), markup stripped."""
    page: int | None = None
    """The page the rule starts on, for documents imported from a PDF."""
    icons: tuple[Icon, ...] = ()
    """Where the published text holds an icon glyph or lost one (a gap), in ``text`` order."""


@dataclass(frozen=True, slots=True)
class Icon:
    """An icon in a rule's text: a private-use glyph as printed, or a gap where one was dropped."""

    offset: int
    """Where in the rule's ``text`` the icon stands (characters from the start)."""
    glyph: str
    """The private-use character as printed, or empty for a gap where the icon was lost."""


@dataclass(frozen=True, slots=True)
class Part:
    """One part of a document (contents, body, glossary, an appendix, change log, credits)."""

    kind: PartKind
    """What the part is."""
    title: str
    """Its heading as printed (empty for the body and an unheaded front matter)."""
    span: SourceSpan
    """The lines it takes."""
    rule_id: str | None = None
    """The node holding it, where it has one (``Glossary``, ``付録A``)."""


@dataclass(frozen=True, slots=True)
class ChangeEntry:
    """One version in a publisher's changelog (Divine Cross 更新情報)."""

    version: str
    """The version as printed (``1.0.16``)."""
    date: str
    """ISO date (``2026-02-27``)."""
    changes: tuple[str, ...]
    """What the publisher says changed, one line each."""
    span: SourceSpan
    """Where the entry was printed."""


@dataclass(frozen=True, slots=True)
class LintIssue:
    """A finding of the parser or graph builder, with where it was found."""

    kind: LintKind
    """What kind of finding."""
    severity: Severity
    """How serious it is."""
    message: str
    """A sentence fit to print, quoting the text at fault."""
    span: SourceSpan | None = None
    """Where in the source, when known."""
    rule_id: str | None = None
    """The rule concerned, when there is one."""


@dataclass(frozen=True, slots=True)
class DocumentInfo:
    """What the manifest says about one version of one document."""

    game: str
    """Game id (``divine-cross``)."""
    document: str
    """Document id within the game (``comprehensive``)."""
    kind: str
    """comprehensive-rules, beginner-sheet, rules-page, detailed-rules."""
    title: str
    """The document's title."""
    version: str
    """Version as printed (``1.0.16``, ``第1版``)."""
    date: str
    """Publication or last-update date, ISO; empty when undated."""
    path: str
    """Source file relative to ``rules_index/sources``."""
    parser: str
    """``numbered`` or ``outline``."""
    numbering: str = ""
    """Numbering scheme for numbered documents (``divine-cross``, ``dotted``)."""
    is_default: bool = False
    """Whether this is the game's default document."""
    effective: str = ""
    """Date the rules took effect, when printed."""
    note: str = ""
    """A note from the manifest (how this document relates to the others)."""
    library: str = ""
    """The rules library holding the file (its folder); empty for the library judgekit ships."""
    encoding: str = ""
    """The file's encoding when it is not UTF-8 (``shift_jis``, ``cp1252``)."""
    source: str = ""
    """The file as published when ``path`` is text extracted from it (a PDF), relative like ``path``."""
    sha256: str = ""
    """The checksum of the file as published, recorded when it was added."""


@dataclass(frozen=True, slots=True)
class Reference:
    """A cross-reference written in a rule's text (or example) to another rule of the same book."""

    source: str
    """Id of the rule whose text holds the reference."""
    target: str
    """Id of the rule referred to (exact, existing)."""
    text: str
    """The matched text as printed: ``(804)``, ``403.1``, ``10.「アタックフェイズ」``."""
    start: int
    """Offset of ``text`` in the source rule's text (or in the example's text)."""
    end: int
    """Offset just past ``text``."""
    example: int | None
    """Index into ``Rule.examples`` when found in an example, else None."""


@dataclass(frozen=True, slots=True)
class Term:
    """A word a rulebook defines."""

    key: str
    """The normalised key (:func:`rules_index.normalize.search_key` of the name), unique per document."""
    name: str
    """The display form as printed (``KO する``, ``支配と支配者``)."""
    rule_id: str
    """The id of the defining rule."""
    aliases: tuple[str, ...]
    """Other printed forms that count as uses (``支配者`` of ``支配と支配者``; ``OC``)."""


@dataclass(frozen=True, slots=True)
class TermUse:
    """One place where a term is used outside its defining rule."""

    key: str
    """The term's key."""
    rule_id: str
    """The rule whose text (or example) uses it."""
    start: int
    """Offset of the use in the original text of the rule (or example)."""
    end: int
    """Offset just past the use."""
    example: int | None
    """Index into ``Rule.examples`` when found in an example, else None."""


@dataclass(frozen=True, slots=True)
class RuleBook:
    """A parsed document: its rules in document order, changelog and parser findings."""

    info: DocumentInfo
    """Which document and version this is."""
    heading: str
    """The document's own title line as printed."""
    rules: tuple[Rule, ...]
    """Every node in document order."""
    changelog: tuple[ChangeEntry, ...] = ()
    """The publisher's version history, when the document has one."""
    lint: tuple[LintIssue, ...] = ()
    """What the parser found while reading."""
    dropped: tuple[SourceSpan, ...] = field(default=())
    """Lines dropped on purpose (table of contents, page numbers, HTML), for the no-loss check."""
    parts: tuple[Part, ...] = ()
    """The document's parts in order, as the parser found them."""
    scheme: str = ""
    """The numbering scheme the parser used (``three-digit``, ``dotted``, …)."""
    drop_reasons: tuple[str, ...] = ()
    """Why each span of ``dropped`` was dropped (page number, running header, contents line), in step."""

    def by_id(self) -> dict[str, Rule]:
        """The rules keyed by id."""
        return {rule.id: rule for rule in self.rules}
