"""The diff's value types: entries, their kinds, and what became of an old rule id (:func:`follow`)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import StrEnum

from rules_index.model import DocumentInfo


class ChangeKind(StrEnum):
    """What happened to a rule between two versions (the most telling of its changes)."""

    ADDED = "added"
    """A rule of the new version with no counterpart in the old one."""
    REMOVED = "removed"
    """A rule of the old version with no counterpart in the new one."""
    CHANGED = "changed"
    """The wording changed (whether or not the rule was also renumbered or moved)."""
    REFERENCE_ONLY = "reference-only"
    """Only cross-reference numbers changed, each to the new id of the rule it named."""
    MOVED = "moved"
    """Same wording, now under another parent or elsewhere among its siblings (or carried by a moved ancestor)."""
    RENUMBERED = "renumbered"
    """Same wording and place in the structure, new id (an insertion or removal shifted it)."""
    SPLIT = "split"
    """One old rule became several consecutive new rules."""
    MERGED = "merged"
    """Several consecutive old rules became one new rule."""


class Relocation(StrEnum):
    """Where a matched rule went."""

    NONE = "none"
    """Same id."""
    RENUMBERED = "renumbered"
    """New id, same place: the parent is the old parent's counterpart."""
    MOVED = "moved"
    """New place: under another parent, out of order among its siblings, or carried along by a moved ancestor."""


class Wording(StrEnum):
    """How a matched rule's wording changed (title, text, examples and figures)."""

    SAME = "same"
    """Identical up to whitespace, width and case."""
    REFERENCES = "references"
    """Only cross-reference numbers differ, each now the new id of the rule it named."""
    CHANGED = "changed"
    """Anything else."""


class OpKind(StrEnum):
    """One step of an inline diff."""

    EQUAL = "equal"
    """Text both versions have (as the new version prints it)."""
    DELETE = "delete"
    """Text only the old version has."""
    INSERT = "insert"
    """Text only the new version has."""


class ReferenceStatus(StrEnum):
    """What happened to one cross-reference of a matched rule."""

    FOLLOWED = "followed"
    """The number changed to the new id of the rule it named."""
    RETARGETED = "retargeted"
    """The reference now names a different rule."""
    STALE = "stale"
    """The number was kept although the rule it named now has another id."""


class TermChangeKind(StrEnum):
    """What happened to a defined term."""

    ADDED = "added"
    """Defined only in the new version."""
    REMOVED = "removed"
    """Defined only in the old version."""
    REDEFINED = "redefined"
    """Defined in both, and its defining rule (or a rule under it) or its forms changed."""


class ClaimAction(StrEnum):
    """What a changelog line says was done."""

    ADDED = "added"
    """追加, 追記."""
    REMOVED = "removed"
    """削除."""
    CHANGED = "changed"
    """更新, 変更, 修正, 明記."""
    MOVED = "moved"
    """移動."""
    UNKNOWN = "unknown"
    """No verb we know."""


class ClaimStatus(StrEnum):
    """How a changelog line compares with the diff."""

    CONFIRMED = "confirmed"
    """The diff found changes in the rules the line names."""
    NOT_FOUND = "not-found"
    """The line names rules, but the diff found no change in them."""
    UNRESOLVED = "unresolved"
    """The line names no rule we can find."""


class HistoryKind(StrEnum):
    """One step of a rule's history."""

    HELD = "held"
    """Present in the oldest version we hold (its creation is older)."""
    CREATED = "created"
    """Added in this version."""
    UNCHANGED = "unchanged"
    """Same id and wording as in the version before."""
    EDITED = "edited"
    """Wording changed in this version."""
    REFERENCE_ONLY = "reference-only"
    """Only cross-reference numbers changed in this version."""
    RENUMBERED = "renumbered"
    """Renumbered in this version."""
    MOVED = "moved"
    """Moved in this version."""
    SPLIT = "split"
    """Split from a rule of the version before."""
    MERGED = "merged"
    """Merged from rules of the version before."""
    REMOVED = "removed"
    """Removed in this version (the history ends)."""


@dataclass(frozen=True, slots=True)
class DiffOp:
    """One run of an inline diff: text both have, or text only one side has."""

    kind: OpKind
    """Equal, delete or insert."""
    text: str
    """The run's text as printed (equal runs as the new version prints them)."""


@dataclass(frozen=True, slots=True)
class ReferenceChange:
    """A cross-reference of a matched rule whose target changed or should have."""

    old_target: str
    """The id the old text named."""
    new_target: str
    """The id the new text names."""
    status: ReferenceStatus
    """Followed, retargeted or stale."""


@dataclass(frozen=True, slots=True)
class RuleChange:
    """One entry of a diff: a rule (or the rules of a split or merge) and what happened to it."""

    kind: ChangeKind
    """The most telling change."""
    old_ids: tuple[str, ...]
    """Ids in the old version (empty when added; several when merged)."""
    new_ids: tuple[str, ...]
    """Ids in the new version (empty when removed; several when split)."""
    relocation: Relocation
    """Where it went (NONE for added and removed)."""
    wording: Wording
    """How its wording changed (CHANGED for added and removed)."""
    similarity: float
    """Text similarity of the old and new content, 0 to 1 (rounded to 3 places)."""
    old_text: str
    """The old content as displayed: title, text, examples and figures, one per line."""
    new_text: str
    """The new content as displayed."""
    ops: tuple[DiffOp, ...]
    """Inline diff of old_text into new_text; empty when the wording is the same."""
    references: tuple[ReferenceChange, ...] = ()
    """Cross-references whose target changed or should have."""
    old_parent: str | None = None
    """The old parent's id (of the first old rule)."""
    new_parent: str | None = None
    """The new parent's id (of the first new rule)."""
    moved_with: str | None = None
    """For a rule carried along by a moved ancestor: that ancestor's old id."""

    @property
    def old_id(self) -> str | None:
        """The first old id, or None when added."""
        return self.old_ids[0] if self.old_ids else None

    @property
    def new_id(self) -> str | None:
        """The first new id, or None when removed."""
        return self.new_ids[0] if self.new_ids else None

    @property
    def label(self) -> str:
        """``old → new`` ids as a short label (``704.6c → 704.6d``, ``+ 106``, ``− 1002``)."""
        old = ", ".join(self.old_ids)
        new = ", ".join(self.new_ids)
        if not self.old_ids:
            return f"+ {new}"
        if not self.new_ids:
            return f"− {old}"
        return old if old == new else f"{old} → {new}"


@dataclass(frozen=True, slots=True)
class StaleReference:
    """A reference of an unchanged rule that still names a rule which has been renumbered."""

    rule_id: str
    """The new id of the rule whose text holds the reference."""
    target: str
    """The id it names (as in the old version)."""
    now: str
    """The named rule's id in the new version."""


@dataclass(frozen=True, slots=True)
class TermChange:
    """A defined term added, removed or redefined."""

    kind: TermChangeKind
    """Added, removed or redefined."""
    key: str
    """The term's key (:func:`~rules_index.normalize.search_key` of its name)."""
    name: str
    """Its name as printed (the new one when it exists)."""
    old_rule_id: str | None
    """The defining rule in the old version."""
    new_rule_id: str | None
    """The defining rule in the new version."""
    rules: tuple[str, ...] = ()
    """For a redefinition: labels of the changed rules in its definition."""


@dataclass(frozen=True, slots=True)
class ClaimTarget:
    """A rule a changelog line names, in the version that has it."""

    side: str
    """``old`` or ``new``."""
    rule_id: str
    """The rule's id in that version."""


@dataclass(frozen=True, slots=True)
class ChangelogClaim:
    """One line of the publisher's changelog, resolved to rules and compared with the diff."""

    version: str
    """The changelog version the line belongs to."""
    date: str
    """That version's date."""
    text: str
    """The line as printed."""
    action: ClaimAction
    """What it says was done."""
    targets: tuple[ClaimTarget, ...]
    """The rules it names."""
    found: tuple[RuleChange, ...]
    """The diff entries within those rules (and the rules under them)."""
    status: ClaimStatus
    """Confirmed, not found or unresolved."""


@dataclass(frozen=True, slots=True)
class ChangelogCheck:
    """The publisher's changelog beside the diff."""

    versions: tuple[str, ...]
    """The changelog versions compared (those after the old version, up to the new one)."""
    claims: tuple[ChangelogClaim, ...]
    """Each changelog line with what the diff found there."""
    unlisted: tuple[RuleChange, ...]
    """Diff entries no changelog line names."""


@dataclass(frozen=True, slots=True)
class BookDiff:
    """Every difference between two versions of a document."""

    old: DocumentInfo
    """The old version."""
    new: DocumentInfo
    """The new version."""
    entries: tuple[RuleChange, ...]
    """What changed in the rules, in new document order (removed rules where they stood)."""
    mapping: tuple[tuple[str, str], ...]
    """Every matched (old id, new id), unchanged rules included, in old order.

    A split old rule maps to its first piece; each merged old rule maps to the merged rule.
    """
    terms: tuple[TermChange, ...] = ()
    """Terms added, removed or redefined, in the order of their defining rules."""
    stale_references: tuple[StaleReference, ...] = ()
    """References the new version did not update after renumbering their target."""
    changelog: ChangelogCheck | None = None
    """The publisher's changelog beside the diff, when the new version has one."""
    parts: tuple[RuleChange, ...] = ()
    """What changed outside the numbered rules -- glossary entries, appendix entries,
    introduction, credits (nodes of kind ``part`` and ``entry``) -- in new document order."""

    @property
    def is_empty(self) -> bool:
        """Whether the versions hold the same rules, parts, terms and references."""
        return not self.entries and not self.parts and not self.terms and not self.stale_references

    def new_id(self, old_id: str) -> str | None:
        """The id an old rule has in the new version, or None when it was removed."""
        return dict(self.mapping).get(old_id)

    def entry_for_old(self, old_id: str) -> RuleChange | None:
        """The entry that covers an old rule, or None when it is unchanged (or unknown)."""
        for entry in (*self.entries, *self.parts):
            if old_id in entry.old_ids:
                return entry
        return None

    def counts(self) -> dict[str, int]:
        """How many entries of each kind, in :class:`ChangeKind` order, kinds with none left out."""
        found = Counter(entry.kind for entry in self.entries)
        return {kind.value: found[kind] for kind in ChangeKind if found[kind]}


class Fate(StrEnum):
    """What became of an old rule id, as a citation of it sees it."""

    UNCHANGED = "unchanged"
    """Same id, same wording."""
    RENUMBERED = "renumbered"
    """New id (renumbered or moved), same wording (or only references followed): safe to rewrite."""
    CHANGED = "changed"
    """Its wording changed: a citation must be reviewed."""
    SPLIT = "split"
    """Split into several rules: a citation must pick one."""
    MERGED = "merged"
    """Merged with others into one rule: review."""
    REMOVED = "removed"
    """No longer exists."""
    UNKNOWN = "unknown"
    """Not a rule of the old version."""


@dataclass(frozen=True, slots=True)
class IdFate:
    """Where an old rule id leads in the new version."""

    old_id: str
    """The id as cited."""
    fate: Fate
    """What became of it."""
    new_ids: tuple[str, ...]
    """Its id(s) in the new version (several when split; empty when removed or unknown)."""
    entry: RuleChange | None
    """The diff entry behind it, when there is one."""

    @property
    def needs_review(self) -> bool:
        """Whether a citation cannot simply be rewritten to the new id."""
        return self.fate not in (Fate.UNCHANGED, Fate.RENUMBERED)


def follow(diff: BookDiff, old_id: str) -> IdFate:
    """What became of ``old_id``: the id to cite instead, or why a person must look."""
    entry = diff.entry_for_old(old_id)
    new_id = diff.new_id(old_id)
    if entry is None:
        if new_id is None:
            return IdFate(old_id, Fate.UNKNOWN, (), None)
        return IdFate(old_id, Fate.UNCHANGED, (new_id,), None)
    fates = {
        ChangeKind.REMOVED: Fate.REMOVED,
        ChangeKind.CHANGED: Fate.CHANGED,
        ChangeKind.SPLIT: Fate.SPLIT,
        ChangeKind.MERGED: Fate.MERGED,
    }
    fate = fates.get(entry.kind, Fate.RENUMBERED)
    if fate is Fate.RENUMBERED and entry.new_ids == (old_id,):
        fate = Fate.UNCHANGED  # a reference-only change keeps the id: nothing to rewrite
    return IdFate(old_id, fate, entry.new_ids, entry)
