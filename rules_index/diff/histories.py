"""Rule histories: the diffs of consecutive versions chained, to trace any rule through them.

The diffs are kept in a :class:`DiffCache` on disk, keyed by the content of both books and
the diff's code, so a library holding N editions diffs each consecutive pair once, ever.
"""

from __future__ import annotations

import functools
import hashlib
import os
import pickle
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

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
            by_old={i: e for e in (*diff.entries, *diff.parts) for i in e.old_ids},
            by_new={j: e for e in (*diff.entries, *diff.parts) for j in e.new_ids},
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


@dataclass(frozen=True, slots=True)
class HeldVersion:
    """A version of a document as a history reads it: a digest of its content, and the book only
    when a diff of it must be computed.

    A library's versions are held this way: with every consecutive diff in the cache, a
    history reads the diffs and no book.
    """

    version: str
    """The version."""
    fingerprint: str
    """A digest that changes whenever the book's content may (a library uses its book cache
    key: the file's bytes, its manifest entry and the parser's code)."""
    load: Callable[[], RuleBook]
    """The book, read or parsed on demand."""


def history(books: Sequence[RuleBook | HeldVersion], cache: DiffCache | None = None) -> History:
    """The history of every rule through ``books`` (versions of one document, oldest first).

    Each book is prepared once and each consecutive pair diffed once; with a ``cache``, a
    pair diffed before is read back, so holding one more edition costs one diff. A
    :class:`HeldVersion` is loaded only when a diff of it is computed (or when it is the only
    version); the ids of a version not loaded are those its diffs name.

    Everything runs in this process: worker processes (forked, each diffing a run of
    consecutive pairs) made a 100-edition chain slower on the 2-core machine this was
    measured on, with other jobs running.
    """
    kept = {k: cache.get(books[k - 1], books[k]) for k in range(1, len(books))} if cache is not None else {}
    missing = [k for k in range(1, len(books)) if kept.get(k) is None]
    loaded: dict[int, RuleBook] = {k: book for k, book in enumerate(books) if isinstance(book, RuleBook)}
    computed = dict(_diff_run(books, missing, loaded))
    diffs = [computed[k] if k in computed else _kept(kept, k) for k in range(1, len(books))]
    if cache is not None:
        for k in missing:
            cache.put(books[k - 1], books[k], computed[k])
    if len(books) == 1:
        _book(books, 0, loaded)
    ids = tuple(
        frozenset(rule.id for rule in loaded[k].rules)
        if k in loaded
        else (_new_ids(diffs[k - 1]) if k > 0 else _old_ids(diffs[0]))
        for k in range(len(books))
    )
    return History(
        versions=tuple(b.version if isinstance(b, HeldVersion) else b.info.version for b in books),
        diffs=tuple(diffs),
        ids=ids,
        indexes=tuple(DiffIndex.of(diff) for diff in diffs),
    )


def _book(books: Sequence[RuleBook | HeldVersion], k: int, loaded: dict[int, RuleBook]) -> RuleBook:
    """Version ``k`` as a book, loaded once."""
    found = loaded.get(k)
    if found is None:
        held = books[k]
        found = loaded[k] = held.load() if isinstance(held, HeldVersion) else held
    return found


def _diff_run(
    books: Sequence[RuleBook | HeldVersion], ks: Sequence[int], loaded: dict[int, RuleBook]
) -> list[tuple[int, BookDiff]]:
    """The diff of each pair (k - 1, k) for ``ks`` in order, each book prepared once."""
    from rules_index.diff import diff_sides
    from rules_index.diff.prepare import Side, prepare_side

    out: list[tuple[int, BookDiff]] = []
    previous: tuple[int, Side] | None = None
    for k in ks:
        old_side = (
            previous[1] if previous is not None and previous[0] == k - 1 else prepare_side(_book(books, k - 1, loaded))
        )
        new_side = prepare_side(_book(books, k, loaded))
        out.append((k, diff_sides(old_side, new_side)))
        previous = (k, new_side)
    return out


def _kept(kept: Mapping[int, BookDiff | None], k: int) -> BookDiff:
    """The kept diff of pair ``k`` (there is one: the pair was not diffed)."""
    found = kept[k]
    assert found is not None
    return found


def _old_ids(diff: BookDiff) -> frozenset[str]:
    """Every id of a diff's old version: each has a counterpart (the mapping) or an entry (removed, merged, split)."""
    return frozenset(
        [old for old, _ in diff.mapping] + [i for entry in (*diff.entries, *diff.parts) for i in entry.old_ids]
    )


def _new_ids(diff: BookDiff) -> frozenset[str]:
    """Every id of a diff's new version: each is a counterpart (the mapping) or in an entry (added, split)."""
    return frozenset(
        [new for _, new in diff.mapping] + [j for entry in (*diff.entries, *diff.parts) for j in entry.new_ids]
    )


def book_fingerprint(book: RuleBook) -> str:
    """A digest of everything a diff reads of ``book``: its version, its rules' ids, places,
    kinds and content, and its changelog."""
    pieces = [repr((book.info, book.changelog))]
    for rule in book.rules:  # one string hashed at once: a chain of 100 editions is fingerprinted on every look-up
        examples = "\x1f".join([example.text for example in rule.examples]) if rule.examples else ""
        figures = "\x1f".join([figure.text for figure in rule.figures]) if rule.figures else ""
        head = f"{rule.id}\x1f{rule.parent}\x1f{rule.kind}\x1f{rule.title}"
        pieces.append(f"{head}\x1f{rule.text}\x1d{examples}\x1d{figures}\x1e")
    return hashlib.sha256("".join(pieces).encode()).hexdigest()


@functools.cache
def code_fingerprint() -> str:
    """A digest of this package's code and of the modules it reads books through: a diff's recipe."""
    digest = hashlib.sha256()
    here = Path(__file__).resolve().parent
    for path in [*sorted(here.glob("*.py")), *(here.parent / name for name in ("refs.py", "terms.py", "normalize.py"))]:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:32]


@dataclass(frozen=True, slots=True)
class DiffCache:
    """Diffs of pairs of books kept on disk, keyed by both books' content and the diff's code.

    A cache that cannot be read or written is never an error: the diff is computed again.
    """

    folder: Path
    """Where the diffs are kept (``<cache>/diffs``)."""
    _fingerprints: dict[int, tuple[RuleBook, str]] = field(default_factory=dict, compare=False)
    """Each book's fingerprint by object identity (the book is kept, so its identity stays its own)."""

    def fingerprint(self, book: RuleBook | HeldVersion) -> str:
        """:func:`book_fingerprint`, computed once per book object (a held version's own)."""
        if isinstance(book, HeldVersion):
            return book.fingerprint
        known = self._fingerprints.get(id(book))
        if known is None or known[0] is not book:
            known = self._fingerprints[id(book)] = (book, book_fingerprint(book))
        return known[1]

    @staticmethod
    def default() -> DiffCache:
        """The cache beside the rules index cache (``$JUDGEKIT_CACHE/diffs``)."""
        from rules_index.graph import cache_dir

        return DiffCache(cache_dir() / "diffs")

    def path(self, old: RuleBook | HeldVersion, new: RuleBook | HeldVersion) -> Path:
        """The file that holds the diff of ``old`` and ``new``."""
        key = hashlib.sha256(f"{self.fingerprint(old)}:{self.fingerprint(new)}:{code_fingerprint()}".encode())
        return self.folder / f"diff-{key.hexdigest()[:40]}.pickle"

    def get(self, old: RuleBook | HeldVersion, new: RuleBook | HeldVersion) -> BookDiff | None:
        """The diff of ``old`` and ``new`` when it was kept, else None."""
        path = self.path(old, new)
        try:
            with path.open("rb") as fh:
                found = pickle.load(fh)
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError):
            return None
        return found if isinstance(found, BookDiff) else None

    def put(self, old: RuleBook | HeldVersion, new: RuleBook | HeldVersion, diff: BookDiff) -> None:
        """Keep the diff of ``old`` and ``new`` (written atomically)."""
        path = self.path(old, new)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".diff-", suffix=".tmp")
            with os.fdopen(fd, "wb") as fh:
                pickle.dump(diff, fh, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, path)
        except OSError:
            return
