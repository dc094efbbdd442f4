"""What changed between two versions of a document, rule by rule, and each rule's history.

:func:`diff_books` compares two :class:`~rules_index.model.RuleBook` versions in stages, one
module each:

1. :mod:`~rules_index.diff.prepare`: each rule reduced to a key (its content in search-key
   form, cross-reference numbers masked) and its place in the structure;
2. :mod:`~rules_index.diff.match`: rules paired by content and structure, never by number --
   identical rules anchored first, then the rest assigned among plausible candidates;
3. :mod:`~rules_index.diff.classify`: each pair classified (renumbered, moved,
   reference-only, changed), splits and merges found, the rest added or removed, with
   inline diffs (:mod:`~rules_index.diff.inline`) and term changes;
4. :mod:`~rules_index.diff.changelog`: the publisher's changelog set beside the entries.

:mod:`~rules_index.diff.histories` chains the diffs of consecutive versions into each rule's
history; :mod:`~rules_index.diff.data` turns a diff into plain data. Everything here is pure
and deterministic.
"""

from __future__ import annotations

from rules_index.diff.changelog import check_changelog
from rules_index.diff.classify import classify_matches, term_changes
from rules_index.diff.data import change_data, diff_data
from rules_index.diff.histories import DiffCache, DiffIndex, HeldVersion, History, HistoryEvent, history
from rules_index.diff.inline import inline_diff
from rules_index.diff.match import match_rules, max_weight_matching
from rules_index.diff.model import (
    BookDiff,
    ChangeKind,
    ChangelogCheck,
    ChangelogClaim,
    ClaimAction,
    ClaimStatus,
    ClaimTarget,
    DiffOp,
    Fate,
    HistoryKind,
    IdFate,
    OpKind,
    ReferenceChange,
    ReferenceStatus,
    Relocation,
    RuleChange,
    StaleReference,
    TermChange,
    TermChangeKind,
    Wording,
    follow,
)
from rules_index.diff.prepare import Side, dice, mask_references, prepare_side
from rules_index.model import RuleBook

__all__ = [
    "BookDiff",
    "ChangeKind",
    "ChangelogCheck",
    "ChangelogClaim",
    "ClaimAction",
    "ClaimStatus",
    "ClaimTarget",
    "DiffCache",
    "DiffIndex",
    "DiffOp",
    "Fate",
    "HeldVersion",
    "History",
    "HistoryEvent",
    "HistoryKind",
    "IdFate",
    "OpKind",
    "ReferenceChange",
    "ReferenceStatus",
    "Relocation",
    "RuleChange",
    "StaleReference",
    "TermChange",
    "TermChangeKind",
    "Wording",
    "change_data",
    "check_changelog",
    "dice",
    "diff_books",
    "diff_data",
    "diff_sides",
    "follow",
    "history",
    "inline_diff",
    "mask_references",
    "max_weight_matching",
]


def diff_books(old: RuleBook, new: RuleBook) -> BookDiff:
    """Every difference between ``old`` and ``new``: rules, terms, stale references, changelog."""
    return diff_sides(prepare_side(old), prepare_side(new))


def diff_sides(old_side: Side, new_side: Side) -> BookDiff:
    """:func:`diff_books` of two books already prepared (a chain of versions prepares each once)."""
    old, new = old_side.book, new_side.book
    result = classify_matches(old_side, new_side, match_rules(old_side, new_side))
    return BookDiff(
        old=old.info,
        new=new.info,
        entries=result.entries,
        mapping=result.pairs,
        terms=term_changes(old_side, new_side, result.pairs, (*result.entries, *result.parts)),
        stale_references=result.stale,
        changelog=check_changelog(old, new, (*result.entries, *result.parts)),
        parts=result.parts,
    )
