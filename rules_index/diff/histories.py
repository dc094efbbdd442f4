"""Rule histories: the diffs of consecutive versions chained, to trace any rule through them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise

from rules_index.diff.model import BookDiff, ChangeKind, HistoryKind, RuleChange
from rules_index.model import RuleBook


@dataclass(frozen=True, slots=True)
class HistoryEvent:
    """What happened to a rule in one version."""

    version: str
    """The version."""
    kind: HistoryKind
    """What happened."""
    ids: tuple[str, ...]
    """The rule's id(s) in this version (the old ones when removed)."""
    previous_ids: tuple[str, ...]
    """Its id(s) in the version before (empty for the first held version and when created)."""
    change: RuleChange | None
    """The diff entry behind the event, when there is one."""


@dataclass(frozen=True, slots=True)
class DiffIndex:
    """A diff's entries and mapping keyed by id, for tracing rules through it."""

    by_old: Mapping[str, RuleChange]
    """The entry covering each old id that has one."""
    by_new: Mapping[str, RuleChange]
    """The entry covering each new id that has one."""
    forward: Mapping[str, str]
    """Old id → new id of every matched rule."""
    backward: Mapping[str, str]
    """New id → (first) old id of every matched rule."""

    @staticmethod
    def of(diff: BookDiff) -> DiffIndex:
        """The index of ``diff``."""
        backward: dict[str, str] = {}
        for old_id, new_id in diff.mapping:
            backward.setdefault(new_id, old_id)
        return DiffIndex(
            by_old={i: e for e in diff.entries for i in e.old_ids},
            by_new={j: e for e in diff.entries for j in e.new_ids},
            forward=dict(diff.mapping),
            backward=backward,
        )


@dataclass(frozen=True, slots=True)
class History:
    """The diffs of consecutive versions of a document, to trace any rule through them."""

    versions: tuple[str, ...]
    """The versions, oldest first."""
    diffs: tuple[BookDiff, ...]
    """The diff of each version with the next."""
    ids: tuple[frozenset[str], ...]
    """The rule ids of each version."""
    indexes: tuple[DiffIndex, ...]
    """Each diff keyed by id."""

    def events(self, version: str, rule_id: str) -> tuple[HistoryEvent, ...]:
        """The history of ``rule_id`` of ``version`` through every version held, oldest first.

        Where a rule was split or merged, the history follows its first piece.
        """
        index = self.versions.index(version)
        if rule_id not in self.ids[index]:
            return ()
        return (*self._backward(index, rule_id), *self._forward(index, rule_id))

    def of_version(self, version: str) -> dict[str, tuple[HistoryEvent, ...]]:
        """The history of every rule of ``version``, by id."""
        index = self.versions.index(version)
        return {rule_id: self.events(version, rule_id) for rule_id in sorted(self.ids[index])}

    def _backward(self, index: int, rule_id: str) -> list[HistoryEvent]:
        """Events up to and including ``index``, oldest first."""
        events: list[HistoryEvent] = []
        current = (rule_id,)
        for k in range(index, 0, -1):
            lookup = self.indexes[k - 1]
            entry = lookup.by_new.get(current[0])
            version = self.versions[k]
            if entry is None:
                previous = lookup.backward.get(current[0], current[0])
                events.append(HistoryEvent(version, HistoryKind.UNCHANGED, current, (previous,), None))
                current = (previous,)
                continue
            if entry.kind is ChangeKind.ADDED:
                events.append(HistoryEvent(version, HistoryKind.CREATED, current, (), entry))
                return list(reversed(events))
            events.append(HistoryEvent(version, _HISTORY_KIND[entry.kind], current, entry.old_ids, entry))
            current = (entry.old_ids[0],)
        events.append(HistoryEvent(self.versions[0], HistoryKind.HELD, current, (), None))
        return list(reversed(events))

    def _forward(self, index: int, rule_id: str) -> list[HistoryEvent]:
        """Events after ``index``, oldest first."""
        events: list[HistoryEvent] = []
        current = rule_id
        for k in range(index, len(self.diffs)):
            lookup = self.indexes[k]
            version = self.versions[k + 1]
            entry = lookup.by_old.get(current)
            if entry is None:
                following = lookup.forward.get(current, current)
                events.append(HistoryEvent(version, HistoryKind.UNCHANGED, (following,), (current,), None))
                current = following
                continue
            if entry.kind is ChangeKind.REMOVED:
                events.append(HistoryEvent(version, HistoryKind.REMOVED, (current,), (current,), entry))
                break
            events.append(HistoryEvent(version, _HISTORY_KIND[entry.kind], entry.new_ids, entry.old_ids, entry))
            current = entry.new_ids[0]
        return events


_HISTORY_KIND = {
    ChangeKind.CHANGED: HistoryKind.EDITED,
    ChangeKind.REFERENCE_ONLY: HistoryKind.REFERENCE_ONLY,
    ChangeKind.RENUMBERED: HistoryKind.RENUMBERED,
    ChangeKind.MOVED: HistoryKind.MOVED,
    ChangeKind.SPLIT: HistoryKind.SPLIT,
    ChangeKind.MERGED: HistoryKind.MERGED,
    ChangeKind.ADDED: HistoryKind.CREATED,
    ChangeKind.REMOVED: HistoryKind.REMOVED,
}
"""The history step of each kind of diff entry."""


def history(books: Sequence[RuleBook]) -> History:
    """The history of every rule through ``books`` (versions of one document, oldest first)."""
    from rules_index.diff import diff_books

    diffs = tuple(diff_books(a, b) for a, b in pairwise(books))
    return History(
        versions=tuple(book.info.version for book in books),
        diffs=diffs,
        ids=tuple(frozenset(rule.id for rule in book.rules) for book in books),
        indexes=tuple(DiffIndex.of(diff) for diff in diffs),
    )
