"""Stage 3: the matching turned into entries -- relocation and wording of each pair, splits and merges.

Each matched pair is classified on two axes: its *relocation* (same id; renumbered in the
same place of the structure, as after an insertion; moved to another parent, or carried
along by a moved ancestor) and its *wording* (same; only cross-reference numbers, each
following its target's new id, decided with the renumbering map of the same diff;
changed). The entry's :class:`~rules_index.diff.model.ChangeKind` is the most telling of
the two.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise

from rules_index.diff.inline import inline_diff
from rules_index.diff.match import Group, find_groups, linked
from rules_index.diff.model import (
    ChangeKind,
    DiffOp,
    ReferenceChange,
    ReferenceStatus,
    Relocation,
    RuleChange,
    StaleReference,
    TermChange,
    TermChangeKind,
    Wording,
)
from rules_index.diff.prepare import Side, similarity
from rules_index.model import RuleKind


@dataclass(slots=True)
class Classifier:
    """Turns the matching into entries (mutable while it walks the rules)."""

    old: Side
    """The old version."""
    new: Side
    """The new version."""
    mapping: dict[int, int]
    """Old position → new position of the one-to-one matches."""
    image: dict[int, int]
    """Old position → new position of every old rule that has one (split wholes to their first
    piece, merged pieces to the whole): what parents and references are followed through."""
    relocation: dict[int, tuple[Relocation, str | None]]
    """Old position → its relocation and the moved ancestor that carried it."""
    in_order: frozenset[int] = frozenset()
    """Old positions of matched rules that kept their order among their matched siblings."""

    def classify_pair(self, i: int, j: int) -> RuleChange | None:
        """The entry of a one-to-one match, or None when nothing changed."""
        relocation, moved_with = self.relocate(i, j)
        wording, references = self.wording(i, j)
        if relocation is Relocation.NONE and wording is Wording.SAME:
            return None
        kind = _primary_kind(relocation, wording)
        return self.entry(kind, (i,), (j,), relocation, wording, references, moved_with)

    def relocate(self, i: int, j: int) -> tuple[Relocation, str | None]:
        """Where old rule ``i`` went (computed parents first, in document order)."""
        if i in self.relocation:
            return self.relocation[i]
        old_rule, new_rule = self.old.rules[i], self.new.rules[j]
        result: tuple[Relocation, str | None]
        if not linked(self.old.parent[i], self.new.parent[j], self.image) or i not in self.in_order:
            result = (Relocation.MOVED, None)
        elif old_rule.id == new_rule.id:
            result = (Relocation.NONE, None)
        else:
            result = (Relocation.RENUMBERED, None)
            p = self.old.parent[i]
            if p != -1 and p in self.mapping:
                parent_relocation, carrier = self.relocate(p, self.mapping[p])
                if parent_relocation is Relocation.MOVED:
                    result = (Relocation.MOVED, carrier or self.old.rules[p].id)
        self.relocation[i] = result
        return result

    def wording(self, i: int, j: int) -> tuple[Wording, tuple[ReferenceChange, ...]]:
        """How the wording of the pair changed, and its references whose target changed."""
        if self.old.raw[i] == self.new.raw[j] or self.old.plain[i] == self.new.plain[j]:
            return Wording.SAME, ()
        references = self.reference_changes(i, j)
        if (
            self.old.key[i] == self.new.key[j]
            and references
            and all(ref.status is ReferenceStatus.FOLLOWED for ref in references)
        ):
            return Wording.REFERENCES, references
        return Wording.CHANGED, references

    def reference_changes(self, i: int, j: int) -> tuple[ReferenceChange, ...]:
        """Pairwise comparison of the references of the pair (when both have as many)."""
        old_targets, new_targets = self.old.targets[i], self.new.targets[j]
        if len(old_targets) != len(new_targets):
            return ()
        changes = []
        for before, after in zip(old_targets, new_targets, strict=True):
            now = self.new_id_of(before)
            if before == after == now:
                continue
            if after == now:
                changes.append(ReferenceChange(before, after, ReferenceStatus.FOLLOWED))
            elif after == before:
                changes.append(ReferenceChange(before, after, ReferenceStatus.STALE))
            else:
                changes.append(ReferenceChange(before, after, ReferenceStatus.RETARGETED))
        return tuple(changes)

    def new_id_of(self, old_id: str) -> str | None:
        """The new id of an old rule (a split rule's first piece, a merged rule's whole)."""
        i = self.old.position.get(old_id)
        if i is None or i not in self.image:
            return None
        return self.new.rules[self.image[i]].id

    def entry(
        self,
        kind: ChangeKind,
        olds: tuple[int, ...],
        news: tuple[int, ...],
        relocation: Relocation,
        wording: Wording,
        references: tuple[ReferenceChange, ...] = (),
        moved_with: str | None = None,
    ) -> RuleChange:
        """An entry with its texts, similarity and inline diff."""
        old_text = "\n".join(self.old.display[i] for i in olds)
        new_text = "\n".join(self.new.display[j] for j in news)
        if not olds or not news:
            resemblance = 0.0
        elif wording is Wording.SAME and len(olds) == len(news) == 1:
            resemblance = 1.0
        else:
            old_flat = "".join(self.old.flat[i] for i in olds)
            new_flat = "".join(self.new.flat[j] for j in news)
            resemblance = round(similarity(old_flat, new_flat), 3)
        ops: tuple[DiffOp, ...] = ()
        if wording is not Wording.SAME:
            ops = inline_diff(old_text, new_text)
        old_parent = self.old.rules[olds[0]].parent if olds else None
        new_parent = self.new.rules[news[0]].parent if news else None
        return RuleChange(
            kind=kind,
            old_ids=tuple(self.old.rules[i].id for i in olds),
            new_ids=tuple(self.new.rules[j].id for j in news),
            relocation=relocation,
            wording=wording,
            similarity=resemblance,
            old_text=old_text,
            new_text=new_text,
            ops=ops,
            references=references,
            old_parent=old_parent,
            new_parent=new_parent,
            moved_with=moved_with,
        )


def _primary_kind(relocation: Relocation, wording: Wording) -> ChangeKind:
    """The most telling kind: wording first, then references, then a move, then a renumbering."""
    if wording is Wording.CHANGED:
        return ChangeKind.CHANGED
    if wording is Wording.REFERENCES:
        return ChangeKind.REFERENCE_ONLY
    if relocation is Relocation.MOVED:
        return ChangeKind.MOVED
    return ChangeKind.RENUMBERED


PART_KINDS = frozenset({RuleKind.PART, RuleKind.ENTRY})
"""Node kinds outside the numbered rules: their changes are listed apart (:attr:`BookDiff.parts`)."""


@dataclass(frozen=True, slots=True)
class Classified:
    """The entries of a matching, and what the later stages need of it."""

    entries: tuple[RuleChange, ...]
    """What changed in the rules, in new document order (removed rules where they stood)."""
    parts: tuple[RuleChange, ...]
    """What changed in the nodes outside the rules (glossary and appendix entries, credits)."""
    pairs: tuple[tuple[str, str], ...]
    """Every (old id, new id) with a counterpart, in old order."""
    stale: tuple[StaleReference, ...]
    """References the new version did not update after renumbering their target."""


def classify_matches(old_side: Side, new_side: Side, mapping: dict[int, int]) -> Classified:
    """The entries of ``mapping`` (old position → new position), splits and merges found first."""
    mapping = dict(mapping)
    reverse = {j: i for i, j in mapping.items()}
    splits = find_groups(old_side, new_side, mapping, reverse)
    merges = find_groups(new_side, old_side, reverse, mapping)
    merges = [m for m in merges if not overlaps(m, splits)]
    for group in splits:
        mapping.pop(group.whole, None)
        for j in group.pieces:
            if j in reverse:
                mapping.pop(reverse.pop(j), None)
    for group in merges:
        reverse.pop(group.whole, None)
        for i in group.pieces:
            if i in mapping:
                reverse.pop(mapping.pop(i), None)
    image = images(mapping, splits, merges)
    classifier = Classifier(old_side, new_side, mapping, image, {}, kept_order(old_side, new_side, mapping, image))
    placed: list[tuple[tuple[int, int, int], RuleChange]] = []
    old_rules, new_rules, old_raw, new_raw = old_side.rules, new_side.rules, old_side.raw, new_side.raw
    in_order = classifier.in_order
    for i in sorted(mapping):
        j = mapping[i]
        if (  # most rules of a new edition: printed the same, same id, same parent, same order
            old_raw[i] == new_raw[j]
            and old_rules[i].id == new_rules[j].id
            and i in in_order
            and linked(old_side.parent[i], new_side.parent[j], image)
        ):
            continue  # what classify_pair would find: nothing changed
        entry = classifier.classify_pair(i, j)
        if entry is not None:
            placed.append(((j, 1, i), entry))
    for group in splits:
        placed.append(((group.pieces[0], 1, group.whole), group_entry(classifier, group, split=True)))
    for group in merges:
        placed.append(((group.whole, 1, group.pieces[0]), group_entry(classifier, group, split=False)))
    grouped_old = {i for g in splits for i in (g.whole,)} | {i for g in merges for i in g.pieces}
    grouped_new = {j for g in splits for j in g.pieces} | {j for g in merges for j in (g.whole,)}
    for j in range(len(new_side.rules)):
        if j not in reverse and j not in grouped_new:
            placed.append(((j, 1, -1), classifier.entry(ChangeKind.ADDED, (), (j,), Relocation.NONE, Wording.CHANGED)))
    anchor = removal_anchors(old_side, image)
    for i in range(len(old_side.rules)):
        if i not in mapping and i not in grouped_old:
            removed = classifier.entry(ChangeKind.REMOVED, (i,), (), Relocation.NONE, Wording.CHANGED)
            placed.append(((anchor[i], 0, i), removed))
    ordered = [entry for _, entry in sorted(placed, key=lambda item: item[0])]
    outside = (
        {r.id for r in old_side.rules if r.kind in PART_KINDS},
        {r.id for r in new_side.rules if r.kind in PART_KINDS},
    )
    parts = [e for e in ordered if any(i in outside[0] for i in e.old_ids) or any(j in outside[1] for j in e.new_ids)]
    in_parts = {id(e) for e in parts}
    entries = tuple(e for e in ordered if id(e) not in in_parts)
    pairs = tuple((old_side.rules[i].id, new_side.rules[image[i]].id) for i in sorted(image))
    return Classified(entries, tuple(parts), pairs, stale_references(new_side, mapping, classifier))


def kept_order(old: Side, new: Side, mapping: Mapping[int, int], image: Mapping[int, int]) -> frozenset[int]:
    """The matched rules that kept their order among the siblings that stayed with them.

    Per parent, the matched children still under the parent's counterpart are listed in old
    order with their new positions; the longest increasing run of those positions kept
    their order (an insertion or deletion only shifts them: renumbered). The others were
    moved inside their parent (``702.124m`` → ``702.124k`` while later rules shift up).
    """
    kept: set[int] = set()
    for p, children in old.children.items():
        counterpart = image.get(p, -2) if p != -1 else -1
        stayed = [i for i in children if i in mapping and new.parent[mapping[i]] == counterpart]
        images = [mapping[i] for i in stayed]
        if all(a < b for a, b in pairwise(images)):  # the usual case: every one kept its order
            kept.update(stayed)
        else:
            kept.update(stayed[k] for k in longest_increasing(images))
    return frozenset(kept)


def longest_increasing(values: Sequence[int]) -> list[int]:
    """Indexes of a longest strictly increasing subsequence of ``values`` (the earliest-ending one)."""
    tails: list[int] = []
    tail_index: list[int] = []
    previous = [-1] * len(values)
    for k, value in enumerate(values):
        at = bisect_left(tails, value)
        if at == len(tails):
            tails.append(value)
            tail_index.append(k)
        else:
            tails[at] = value
            tail_index[at] = k
        previous[k] = tail_index[at - 1] if at else -1
    out: list[int] = []
    k = tail_index[-1] if tail_index else -1
    while k != -1:
        out.append(k)
        k = previous[k]
    return out[::-1]


def overlaps(merge: Group, splits: list[Group]) -> bool:
    """Whether a merge claims rules a split already took."""
    return any(merge.whole in split.pieces or split.whole in merge.pieces for split in splits)


def group_entry(classifier: Classifier, group: Group, *, split: bool) -> RuleChange:
    """The entry of a split or merge."""
    olds = (group.whole,) if split else group.pieces
    news = group.pieces if split else (group.whole,)
    old_key = "".join(classifier.old.flat[i] for i in olds)
    new_key = "".join(classifier.new.flat[j] for j in news)
    wording = Wording.SAME if old_key == new_key else Wording.CHANGED
    first_old, first_new = olds[0], news[0]
    relocation = Relocation.NONE
    if classifier.old.rules[first_old].id != classifier.new.rules[first_new].id:
        in_place = linked(classifier.old.parent[first_old], classifier.new.parent[first_new], classifier.image)
        relocation = Relocation.RENUMBERED if in_place else Relocation.MOVED
    kind = ChangeKind.SPLIT if split else ChangeKind.MERGED
    return classifier.entry(kind, olds, news, relocation, wording)


def images(mapping: Mapping[int, int], splits: list[Group], merges: list[Group]) -> dict[int, int]:
    """Old position → new position for every old rule that has a counterpart."""
    image: dict[int, int] = dict(mapping)
    for group in splits:
        image[group.whole] = group.pieces[0]
    for group in merges:
        for i in group.pieces:
            image[i] = group.whole
    return image


def removal_anchors(old: Side, image: Mapping[int, int]) -> dict[int, int]:
    """For each old position, the new position a removed rule is listed before."""
    anchors: dict[int, int] = {}
    last = -1
    for i in range(len(old.rules)):
        if i in image:
            last = image[i]
        anchors[i] = last + 1
    return anchors


def stale_references(new: Side, mapping: Mapping[int, int], classifier: Classifier) -> tuple[StaleReference, ...]:
    """References kept as printed although their target now has another id.

    A rule printed identically can only hold one when its text names a rule that was
    renumbered or removed, so only such rules have their references read.
    """
    old = classifier.old
    renamed = {
        rule.id
        for k, rule in enumerate(old.rules)
        if k not in classifier.image or new.rules[classifier.image[k]].id != rule.id
    }
    found: list[StaleReference] = []
    for i in sorted(mapping):
        j = mapping[i]
        if old.raw[i] == new.raw[j] and not (renamed and old.numbers(i) & renamed):
            continue
        for ref in classifier.reference_changes(i, j):
            if ref.status is ReferenceStatus.STALE:
                now = classifier.new_id_of(ref.old_target) or ""
                found.append(StaleReference(new.rules[j].id, ref.old_target, now))
    return tuple(found)


# --------------------------------------------------------------------------- terms


def term_changes(
    old: Side, new: Side, pairs: tuple[tuple[str, str], ...], entries: tuple[RuleChange, ...]
) -> tuple[TermChange, ...]:
    """Terms added, removed or redefined, in the order of their defining rules."""
    old_terms = {term.key: term for term in old.terms()}
    new_terms = {term.key: term for term in new.terms()}
    forward = dict(pairs)
    wording_entries = [e for e in entries if e.wording is Wording.CHANGED or e.kind in _STRUCTURAL_KINDS]
    by_old: dict[str, list[int]] = {}
    by_new: dict[str, list[int]] = {}
    for k, entry in enumerate(wording_entries):
        for i in entry.old_ids:
            by_old.setdefault(i, []).append(k)
        for j in entry.new_ids:
            by_new.setdefault(j, []).append(k)
    placed: list[tuple[tuple[int, int], TermChange]] = []
    for key, term in new_terms.items():
        position = new.position[term.rule_id]
        before = old_terms.get(key)
        if before is None:
            placed.append(((position, 0), TermChange(TermChangeKind.ADDED, key, term.name, None, term.rule_id)))
            continue
        touched = _changes_under(old, new, before.rule_id, term.rule_id, wording_entries, by_old, by_new)
        moved = forward.get(before.rule_id) != term.rule_id
        forms = (before.name, before.aliases) != (term.name, term.aliases)
        if touched or moved or forms:
            change = TermChange(TermChangeKind.REDEFINED, key, term.name, before.rule_id, term.rule_id, tuple(touched))
            placed.append(((position, 0), change))
    anchors = {old_id: new.position.get(new_id, 0) for old_id, new_id in pairs}
    for key, term in old_terms.items():
        if key not in new_terms:
            position = anchors.get(term.rule_id, old.position[term.rule_id])
            placed.append(((position, -1), TermChange(TermChangeKind.REMOVED, key, term.name, term.rule_id, None)))
    return tuple(change for _, change in sorted(placed, key=lambda item: (item[0], item[1].key)))


_STRUCTURAL_KINDS = frozenset({ChangeKind.ADDED, ChangeKind.REMOVED, ChangeKind.SPLIT, ChangeKind.MERGED})
"""Entry kinds that change what a definition says even when no single rule's wording changed."""


def _changes_under(
    old: Side,
    new: Side,
    old_root: str,
    new_root: str,
    entries: list[RuleChange],
    by_old: Mapping[str, list[int]],
    by_new: Mapping[str, list[int]],
) -> list[str]:
    """Labels of the entries within the subtree of ``old_root`` (old) or ``new_root`` (new), in entry order."""
    found = {k for i in _subtree_ids(old, old_root) for k in by_old.get(i, ())}
    found.update(k for j in _subtree_ids(new, new_root) for k in by_new.get(j, ()))
    return [entries[k].label for k in sorted(found)]


def _subtree_ids(side: Side, root: str) -> set[str]:
    """``root`` and the ids of every rule under it."""
    start = side.position.get(root)
    if start is None:
        return set()
    found = {root}
    stack = [start]
    while stack:
        for child in side.children.get(stack.pop(), ()):
            found.add(side.rules[child].id)
            stack.append(child)
    return found
