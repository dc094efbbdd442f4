"""What changed between two versions of a document, rule by rule, and each rule's history.

:func:`diff_books` compares two :class:`~rules_index.model.RuleBook` versions. Rules are
matched by content, globally, with the structure as a prior -- never greedily rule by rule:

1. Each rule is reduced to a *key*: its title, text, examples and figures in
   :func:`~rules_index.normalize.search_key` form, with the numbers of its cross-references
   (found by :func:`rules_index.refs.find_references`) masked, so that a reference renumbered
   along with its target still matches exactly.
2. *Candidates* are the pairs (old, new) with equal keys, plus, for a rule with no equal
   partner, the most similar rules of the other version (Dice coefficient of character
   bigrams, found through an inverted index), plus the pairs the structure suggests: the rule
   in the same slot among the mapped siblings, and the parent of mapped children.
3. Each candidate is scored: text similarity plus a *structural prior* (same id, parent
   mapped to parent, previous and next siblings mapped to each other, children mapped to
   children). The best overall assignment is a maximum-weight bipartite matching, solved
   exactly per connected component of the candidate graph by successive shortest paths.
   Priors depend on the mapping, so scoring and solving repeat until the mapping is stable.
4. Unmatched old rules are removed and unmatched new ones added, unless one old rule's text
   is the concatenation of consecutive new rules (split) or the reverse (merged).

Each matched pair is then classified on two axes: its *relocation* (same id; renumbered in
the same place of the structure, as after an insertion; moved to another parent, or carried
along by a moved ancestor) and its *wording* (same; only cross-reference numbers, each
following its target's new id; changed). The entry's :class:`ChangeKind` is the most telling
of the two. Changed wording comes with a character-level inline diff that ignores whitespace
and width differences and is cleaned up so that it reads as replaced phrases, not as
scattered characters.

Term changes compare :func:`rules_index.terms.find_terms` of both versions. Where the new
version carries a publisher's changelog (Divine Cross 更新情報, FFTCG change notes), what it
says changed since the old version is resolved to rules and set beside what the diff found.

:func:`history` chains the diffs of consecutive versions into each rule's history (created,
edited, renumbered, moved, ...). Everything here is pure and deterministic.
"""

from __future__ import annotations

import heapq
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher
from enum import StrEnum
from itertools import pairwise
from typing import Any

from rules_index.model import ChangeEntry, DocumentInfo, Rule, RuleBook
from rules_index.normalize import nfkc, search_key
from rules_index.refs import Reference, find_references
from rules_index.terms import Term, find_terms

# --------------------------------------------------------------------------- tuning

WEIGHT_SAME_ID = 0.05
"""Prior for a pair with the same id (weak: after an insertion the same id is another rule)."""
WEIGHT_PARENT = 0.15
"""Prior for a pair whose parents are matched to each other (or are both top level)."""
WEIGHT_SIBLING = 0.05
"""Prior for each of the previous and next siblings matched to each other."""
WEIGHT_CHILDREN = 0.5
"""Prior times the share of children matched to each other (how a retitled section is found)."""
ACCEPT_SCORE = 0.6
"""A pair whose keys differ is matched only when its score reaches this."""
MIN_FUZZY_SIMILARITY = 0.3
"""Text similarity a pair needs to be a candidate on its text alone."""
FUZZY_CANDIDATES = 6
"""How many of the most similar rules a rule without an equal partner is compared with."""
COMMON_GRAM_SHARE = 0.08
"""A bigram in more than this share of rules is too common to find candidates by."""
MAX_ROUNDS = 5
"""Scoring and solving repeat at most this often (they usually settle in two or three)."""
PIECE_CONTAINMENT = 0.8
"""Share of a piece's bigrams that must occur in the whole for it to be part of a split or merge."""
PIECE_SIMILARITY = 0.9
"""Similarity the concatenated pieces need to the whole for a split or merge."""
MAX_PIECES = 4
"""At most this many rules take part in one split or merge."""

_SCALE = 1_000_000
"""Scores are integers (score × this) in the assignment, so ties are exact and deterministic."""
_MASK = "\x00"
_PART_SEPARATOR = "\x1f"
_REFERENCE_NUMBER = re.compile(r"[0-9０-９][0-9０-９.．a-zａ-ｚ\-－]*")
_WHITESPACE = re.compile(r"\s")


# --------------------------------------------------------------------------- value types


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
    """Same wording, now under another parent (or carried along by a moved ancestor)."""
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
    """New place: under another parent, or carried along by a moved ancestor."""


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
    """追加."""
    REMOVED = "removed"
    """削除."""
    CHANGED = "changed"
    """更新, 変更, 修正."""
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
    """What changed, in new document order (removed rules where they stood)."""
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

    @property
    def is_empty(self) -> bool:
        """Whether the versions hold the same rules, terms and references."""
        return not self.entries and not self.terms and not self.stale_references

    def new_id(self, old_id: str) -> str | None:
        """The id an old rule has in the new version, or None when it was removed."""
        return dict(self.mapping).get(old_id)

    def entry_for_old(self, old_id: str) -> RuleChange | None:
        """The entry that covers an old rule, or None when it is unchanged (or unknown)."""
        for entry in self.entries:
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


# --------------------------------------------------------------------------- preparation


@dataclass(frozen=True, slots=True)
class _Side:
    """One version prepared for matching: per-rule keys, bigrams and structure, by position."""

    rules: tuple[Rule, ...]
    """The rules in document order."""
    position: Mapping[str, int]
    """Position of each id."""
    display: tuple[str, ...]
    """Content shown in diffs: title, text, examples, figures, one per line."""
    key: tuple[str, ...]
    """Content in search-key form with reference numbers masked: what matching compares."""
    flat: tuple[str, ...]
    """The key without its part separators: what splits and merges concatenate."""
    plain: tuple[str, ...]
    """Content in search-key form, nothing masked: equal means the same wording."""
    targets: tuple[tuple[str, ...], ...]
    """Ids each rule's references name, in text order."""
    grams: tuple[Counter[str], ...]
    """Character bigrams of each flat key."""
    gram_set: tuple[frozenset[str], ...]
    """The distinct bigrams of each flat key (for quick tests)."""
    parent: tuple[int, ...]
    """Position of the parent, -1 for top level."""
    previous: tuple[int, ...]
    """Position of the previous sibling, -1 for a first child."""
    following: tuple[int, ...]
    """Position of the next sibling, -1 for a last child."""
    children: Mapping[int, tuple[int, ...]]
    """Positions of the children by parent position (-1 for the top level)."""
    terms: tuple[Term, ...]
    """Terms the version defines."""


def _prepare(book: RuleBook) -> _Side:
    rules = book.rules
    position = {rule.id: i for i, rule in enumerate(rules)}
    references, _ = find_references(book)
    by_part: dict[tuple[str, int | None], list[Reference]] = {}
    for ref in references:
        by_part.setdefault((ref.source, ref.example), []).append(ref)
    display, key, plain, targets = [], [], [], []
    for rule in rules:
        parts = _content_parts(rule)
        masked = _masked_parts(rule, by_part)
        display.append("\n".join(part for part in parts if part))
        key.append(_PART_SEPARATOR.join(search_key(part) for part in masked))
        plain.append(_PART_SEPARATOR.join(search_key(part) for part in parts))
        refs = [*by_part.get((rule.id, None), [])]
        for index in range(len(rule.examples)):
            refs.extend(by_part.get((rule.id, index), []))
        targets.append(tuple(ref.target for ref in refs))
    grams = tuple(_bigrams(k.replace(_PART_SEPARATOR, "")) for k in key)
    parent = tuple(position.get(rule.parent, -1) if rule.parent else -1 for rule in rules)
    children: dict[int, list[int]] = {}
    for i, p in enumerate(parent):
        children.setdefault(p, []).append(i)
    previous = [-1] * len(rules)
    following = [-1] * len(rules)
    for siblings in children.values():
        for a, b in pairwise(siblings):
            following[a] = b
            previous[b] = a
    return _Side(
        rules=rules,
        position=position,
        display=tuple(display),
        key=tuple(key),
        flat=tuple(k.replace(_PART_SEPARATOR, "") for k in key),
        plain=tuple(plain),
        targets=tuple(targets),
        grams=grams,
        gram_set=tuple(frozenset(g) for g in grams),
        parent=parent,
        previous=tuple(previous),
        following=tuple(following),
        children={p: tuple(c) for p, c in children.items()},
        terms=tuple(find_terms(book)),
    )


def _content_parts(rule: Rule) -> list[str]:
    """Title, text, then each example and figure: everything of a rule that can change.

    Empty parts are kept so that text moved between a rule's text and its examples shows.
    """
    return [rule.title, rule.text, *(ex.text for ex in rule.examples), *(fig.text for fig in rule.figures)]


def _masked_parts(rule: Rule, by_part: Mapping[tuple[str, int | None], list[Reference]]) -> list[str]:
    """The content parts with the number of every cross-reference replaced by a mask."""
    examples = [mask_references(ex.text, by_part.get((rule.id, i), [])) for i, ex in enumerate(rule.examples)]
    text = mask_references(rule.text, by_part.get((rule.id, None), []))
    return [rule.title, text, *examples, *(fig.text for fig in rule.figures)]


def mask_references(text: str, references: Iterable[Reference]) -> str:
    """``text`` with the rule number of each reference replaced by one mask character.

    ``(804)`` becomes ``(\\x00)`` and ``704.6d で`` becomes ``\\x00 で``, so that two texts that
    differ only in the numbers of their references have the same masked form.
    """
    out: list[str] = []
    position = 0
    for ref in sorted(references, key=lambda r: r.start):
        number = _REFERENCE_NUMBER.search(text, ref.start, ref.end)
        if number is None or number.start() < position:
            continue
        end = number.end()
        while end > number.start() + 1 and text[end - 1] in ".．":
            end -= 1
        out.append(text[position : number.start()])
        out.append(_MASK)
        position = end
    out.append(text[position:])
    return "".join(out)


def _bigrams(key: str) -> Counter[str]:
    if len(key) < 2:
        return Counter([key]) if key else Counter()
    return Counter(key[i : i + 2] for i in range(len(key) - 1))


def dice(a: Counter[str], b: Counter[str]) -> float:
    """Dice coefficient of two bigram multisets: 1 for equal, 0 for nothing in common."""
    total = sum(a.values()) + sum(b.values())
    if total == 0:
        return 1.0
    shared = sum((a & b).values())
    return 2.0 * shared / total


def _containment(part: Counter[str], whole: Counter[str]) -> float:
    """Share of ``part``'s bigrams that occur in ``whole``."""
    size = sum(part.values())
    return sum((part & whole).values()) / size if size else 0.0


# --------------------------------------------------------------------------- candidates


def _exact_pairs(old: _Side, new: _Side) -> list[tuple[int, int]]:
    """Every pair with equal masked keys."""
    by_key: dict[str, list[int]] = {}
    for j, k in enumerate(new.key):
        by_key.setdefault(k, []).append(j)
    return [(i, j) for i, k in enumerate(old.key) for j in by_key.get(k, ())]


def _fuzzy_pairs(old: _Side, new: _Side, exact: list[tuple[int, int]]) -> dict[tuple[int, int], float]:
    """For rules with no equal partner, the most similar rules of the other version."""
    has_old = {i for i, _ in exact}
    has_new = {j for _, j in exact}
    pairs: dict[tuple[int, int], float] = {}
    for i, j, sim in _nearest(old, new, [i for i in range(len(old.rules)) if i not in has_old]):
        pairs[(i, j)] = sim
    for j, i, sim in _nearest(new, old, [j for j in range(len(new.rules)) if j not in has_new]):
        pairs[(i, j)] = sim
    return pairs


def _nearest(query: _Side, other: _Side, wanted: list[int]) -> Iterable[tuple[int, int, float]]:
    """(query position, other position, similarity) for the closest rules of each wanted rule."""
    if not wanted:
        return []
    postings: dict[str, list[int]] = {}
    for j, grams in enumerate(other.grams):
        for gram in grams:
            postings.setdefault(gram, []).append(j)
    common = max(8, int(len(other.rules) * COMMON_GRAM_SHARE))
    found: list[tuple[int, int, float]] = []
    for i in wanted:
        grams = query.grams[i]
        rare = [g for g in grams if len(postings.get(g, ())) <= common] or list(grams)
        hits: Counter[int] = Counter()
        for gram in rare:
            for j in postings.get(gram, ()):
                hits[j] += 1
        shortlist = sorted(hits, key=lambda j: (-hits[j], j))[: FUZZY_CANDIDATES * 3]
        scored = sorted(((dice(grams, other.grams[j]), j) for j in shortlist), key=lambda s: (-s[0], s[1]))
        for sim, j in scored[:FUZZY_CANDIDATES]:
            if sim >= MIN_FUZZY_SIMILARITY:
                found.append((i, j, sim))
    return found


def _structural_pairs(old: _Side, new: _Side, mapping: Mapping[int, int]) -> set[tuple[int, int]]:
    """Pairs the current mapping suggests: the same slot among mapped siblings; parents of mapped children."""
    pairs: set[tuple[int, int]] = set()
    for i in range(len(old.rules)):
        p = old.parent[i]
        if p != -1 and p not in mapping:
            continue
        new_parent = mapping[p] if p != -1 else -1
        siblings = new.children.get(new_parent, ())
        before, after = old.previous[i], old.following[i]
        if before == -1 and siblings:
            pairs.add((i, siblings[0]))
        elif before in mapping and new.parent[mapping[before]] == new_parent:
            slot = new.following[mapping[before]]
            if slot != -1:
                pairs.add((i, slot))
        if after == -1 and siblings:
            pairs.add((i, siblings[-1]))
        elif after in mapping and new.parent[mapping[after]] == new_parent:
            slot = new.previous[mapping[after]]
            if slot != -1:
                pairs.add((i, slot))
        for child in old.children.get(i, ()):
            if child in mapping and new.parent[mapping[child]] != -1:
                pairs.add((i, new.parent[mapping[child]]))
    return pairs


# --------------------------------------------------------------------------- scoring and assignment


def _score(old: _Side, new: _Side, i: int, j: int, sim: float, mapping: Mapping[int, int]) -> float:
    """Text similarity plus the structural prior of matching old rule ``i`` with new rule ``j``."""
    score = sim
    if old.rules[i].id == new.rules[j].id:
        score += WEIGHT_SAME_ID
    if _linked(old.parent[i], new.parent[j], mapping):
        score += WEIGHT_PARENT
    if _linked(old.previous[i], new.previous[j], mapping):
        score += WEIGHT_SIBLING
    if _linked(old.following[i], new.following[j], mapping):
        score += WEIGHT_SIBLING
    old_children = old.children.get(i, ())
    new_children = new.children.get(j, ())
    if old_children or new_children:
        kept = set(new_children)
        shared = sum(1 for c in old_children if mapping.get(c, -2) in kept)
        score += WEIGHT_CHILDREN * 2 * shared / (len(old_children) + len(new_children))
    return score


def _linked(a: int, b: int, mapping: Mapping[int, int]) -> bool:
    """Whether old position ``a`` and new position ``b`` correspond (both absent, or mapped)."""
    if a == -1 or b == -1:
        return a == b
    return mapping.get(a) == b


def _solve(edges: dict[tuple[int, int], int]) -> dict[int, int]:
    """The maximum-weight matching of the candidate graph, component by component."""
    parent: dict[tuple[str, int], tuple[str, int]] = {}

    def find(x: tuple[str, int]) -> tuple[str, int]:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for i, j in edges:
        a, b = find(("o", i)), find(("n", j))
        if a != b:
            parent[max(a, b)] = min(a, b)
    components: dict[tuple[str, int], dict[tuple[int, int], int]] = {}
    for (i, j), weight in sorted(edges.items()):
        components.setdefault(find(("o", i)), {})[(i, j)] = weight
    mapping: dict[int, int] = {}
    for component in components.values():
        if len(component) == 1:
            ((i, j),) = component
            mapping[i] = j
        else:
            mapping.update(max_weight_matching(component))
    return mapping


def max_weight_matching(edges: Mapping[tuple[int, int], int]) -> dict[int, int]:
    """A maximum-weight (not necessarily perfect) bipartite matching of positive integer weights.

    Successive shortest augmenting paths with Dijkstra on reduced costs (cost = −weight);
    augmentation stops when the cheapest path no longer lowers the cost, so the result has
    the largest total weight, whatever its size. Ties are broken by vertex order, so the
    result is deterministic.
    """
    lefts = sorted({i for i, _ in edges})
    rights = sorted({j for _, j in edges})
    left_index = {u: k for k, u in enumerate(lefts)}
    right_index = {v: k for k, v in enumerate(rights)}
    n_left, n_right = len(lefts), len(rights)
    adjacency: list[list[tuple[int, int]]] = [[] for _ in range(n_left)]
    for (i, j), weight in sorted(edges.items()):
        adjacency[left_index[i]].append((right_index[j], -weight))
    # Nodes: 0 source, 1..L lefts, L+1..L+R rights, L+R+1 sink.
    source, sink = 0, n_left + n_right + 1
    potential = [0] * (sink + 1)
    for out in adjacency:
        for v, cost in out:
            node = n_left + 1 + v
            potential[node] = min(potential[node], cost)
    potential[sink] = min(potential[n_left + 1 : sink], default=0)
    match_left: list[int] = [-1] * n_left
    match_right: list[int] = [-1] * n_right
    while True:
        dist, previous = _dijkstra(adjacency, match_left, match_right, potential, n_left, n_right)
        limit = dist[sink]
        if limit is None or limit + potential[sink] - potential[source] >= 0:
            break  # no augmenting path, or none that still lowers the cost
        for node, d in enumerate(dist):
            potential[node] += min(d, limit) if d is not None else limit
        node = previous[sink]
        while node != source:
            v = node - n_left - 1
            u = previous[node] - 1
            match_right[v] = u
            match_left[u] = v
            node = previous[previous[node]]
    return {lefts[u]: rights[v] for u, v in enumerate(match_left) if v != -1}


def _dijkstra(
    adjacency: list[list[tuple[int, int]]],
    match_left: list[int],
    match_right: list[int],
    potential: list[int],
    n_left: int,
    n_right: int,
) -> tuple[list[int | None], list[int]]:
    """Shortest reduced distances from the source in the residual graph, and the path tree."""
    sink = n_left + n_right + 1
    dist: list[int | None] = [None] * (sink + 1)
    previous = [-1] * (sink + 1)
    dist[0] = 0
    heap: list[tuple[int, int]] = [(0, 0)]
    done = [False] * (sink + 1)

    def relax(node: int, to: int, cost: int, d: int) -> None:
        reduced = d + cost + potential[node] - potential[to]
        best = dist[to]
        if best is None or reduced < best:
            dist[to] = reduced
            previous[to] = node
            heapq.heappush(heap, (reduced, to))

    while heap:
        d, node = heapq.heappop(heap)
        if done[node]:
            continue
        done[node] = True
        if node == 0:
            for u in range(n_left):
                if match_left[u] == -1:
                    relax(0, u + 1, 0, d)
        elif node <= n_left:
            u = node - 1
            for v, cost in adjacency[u]:
                if match_left[u] != v:
                    relax(node, n_left + 1 + v, cost, d)
        elif node < sink:
            v = node - n_left - 1
            u = match_right[v]
            if u == -1:
                relax(node, sink, 0, d)
            else:
                back = next(cost for w, cost in adjacency[u] if w == v)
                relax(node, u + 1, -back, d)
    return dist, previous


def _match(old: _Side, new: _Side) -> dict[int, int]:
    """The best overall mapping of old positions to new positions."""
    exact = _exact_pairs(old, new)
    fuzzy = _fuzzy_pairs(old, new, exact)
    text: dict[tuple[int, int], float] = dict.fromkeys(exact, 1.0)
    for pair, sim in fuzzy.items():
        text.setdefault(pair, sim)
    exact_set = set(exact)
    counts_old = Counter(i for i, _ in exact)
    counts_new = Counter(j for _, j in exact)
    mapping = {i: j for i, j in exact if counts_old[i] == 1 and counts_new[j] == 1}
    for _ in range(MAX_ROUNDS):
        pairs = set(text) | _structural_pairs(old, new, mapping)
        edges: dict[tuple[int, int], int] = {}
        for i, j in sorted(pairs):
            known = text.get((i, j))
            sim = dice(old.grams[i], new.grams[j]) if known is None else known
            score = _score(old, new, i, j, sim, mapping)
            if (i, j) in exact_set or score >= ACCEPT_SCORE:
                edges[(i, j)] = round(score * _SCALE)
        result = _solve(edges)
        if result == mapping:
            break
        mapping = result
    return mapping


# --------------------------------------------------------------------------- splits and merges


@dataclass(frozen=True, slots=True)
class _Group:
    """A split (one old, several new) or merge (several old, one new) found after matching."""

    whole: int
    """Position of the single rule (old for a split, new for a merge)."""
    pieces: tuple[int, ...]
    """Positions of the pieces, in document order of their version."""
    similarity: float
    """Similarity of the concatenated pieces to the whole."""


def _find_groups(
    whole_side: _Side,
    piece_side: _Side,
    mapping: Mapping[int, int],
    reverse: Mapping[int, int],
) -> list[_Group]:
    """Rules of ``whole_side`` whose content is the concatenation of consecutive rules of ``piece_side``.

    A whole is a rule left unmatched or matched with changed wording. Its pieces are its
    match (if any) and rules of the other side left unmatched, each mostly contained in the
    whole, consecutive in document order, and where the whole would stand: next to its
    match, or between the counterparts of its nearest matched neighbours.
    """
    count = len(piece_side.rules)
    before, after = _neighbour_images(len(whole_side.rules), mapping, count)
    groups: list[_Group] = []
    taken: set[int] = set()
    for w in range(len(whole_side.rules)):
        partner = mapping.get(w)
        if partner is None:
            low, high = before[w] + 1, after[w] - 1
        elif whole_side.key[w] == piece_side.key[partner]:
            continue
        else:
            low, high = partner - MAX_PIECES + 1, partner + MAX_PIECES - 1
        contained = [
            k
            for k in range(max(low, 0), min(high, count - 1) + 1)
            if k == partner or (k not in reverse and k not in taken and _is_piece(piece_side, k, whole_side, w))
        ]
        best = _best_run(whole_side, piece_side, w, contained, partner)
        if best is not None:
            groups.append(best)
            taken.update(best.pieces)
    return groups


def _neighbour_images(count: int, mapping: Mapping[int, int], limit: int) -> tuple[list[int], list[int]]:
    """For each position, the counterpart of its nearest matched predecessor (-1) and successor (``limit``)."""
    before = [-1] * count
    after = [limit] * count
    last = -1
    for w in range(count):
        before[w] = last
        if w in mapping:
            last = mapping[w]
    last = limit
    for w in range(count - 1, -1, -1):
        after[w] = last
        if w in mapping:
            last = mapping[w]
    return before, after


def _is_piece(piece_side: _Side, k: int, whole_side: _Side, w: int) -> bool:
    """Whether rule ``k`` is mostly contained in rule ``w`` (a cheap set test first)."""
    piece = piece_side.gram_set[k]
    if not piece or len(piece & whole_side.gram_set[w]) < PIECE_CONTAINMENT * len(piece):
        return False
    return _containment(piece_side.grams[k], whole_side.grams[w]) >= PIECE_CONTAINMENT


def _best_run(whole_side: _Side, piece_side: _Side, w: int, contained: list[int], partner: int | None) -> _Group | None:
    """The run of consecutive contained pieces whose concatenation is most like the whole."""
    runs: list[list[int]] = []
    for k in contained:
        if runs and runs[-1][-1] == k - 1:
            runs[-1].append(k)
        else:
            runs.append([k])
    best: _Group | None = None
    baseline = dice(whole_side.grams[w], piece_side.grams[partner]) if partner is not None else 0.0
    for run in runs:
        for start in range(len(run)):
            for stop in range(start + 2, min(len(run), start + MAX_PIECES) + 1):
                window = run[start:stop]
                if partner is not None and partner not in window:
                    continue
                joined = _bigrams("".join(piece_side.flat[k] for k in window))
                sim = dice(whole_side.grams[w], joined)
                if sim >= PIECE_SIMILARITY and sim > baseline and (best is None or sim > best.similarity):
                    best = _Group(w, tuple(window), sim)
    return best


# --------------------------------------------------------------------------- inline diff


def inline_diff(old: str, new: str) -> tuple[DiffOp, ...]:
    """A character-level diff of ``old`` into ``new`` that reads well in Japanese.

    Characters are compared in NFKC, case-folded form and whitespace is ignored, so only
    real differences show. Short runs of equal text caught between changes are folded into
    the change (``1度のみ`` → ``2度まで`` reads as one replacement, not four edits), and each
    change is one deletion followed by one insertion. Equal runs carry the new text.
    """
    a_units, a_starts = _units(old)
    b_units, b_starts = _units(new)
    matcher = SequenceMatcher(None, a_units, b_units, autojunk=False)
    ops: list[DiffOp] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        old_piece = old[_start(a_starts, i1, old) : _start(a_starts, i2, old)]
        new_piece = new[_start(b_starts, j1, new) : _start(b_starts, j2, new)]
        if tag == "equal":
            ops.append(DiffOp(OpKind.EQUAL, new_piece))
            continue
        if old_piece:
            ops.append(DiffOp(OpKind.DELETE, old_piece))
        if new_piece:
            ops.append(DiffOp(OpKind.INSERT, new_piece))
    return tuple(_tidy_boundaries(_coalesce(_absorb_short_equalities(ops))))


_TOKEN_TAIL = re.compile(r"[0-9A-Za-z][0-9A-Za-z.\-]*$")
_TOKEN_HEAD = re.compile(r"^[0-9A-Za-z.\-]*[0-9A-Za-z]")
_ALNUM = re.compile(r"[0-9A-Za-z]")


@dataclass(slots=True)
class _Segment:
    """A run of an inline diff while its boundaries are tidied: equal text, or a change."""

    equal: str
    """The equal text, for an equal run."""
    deleted: str
    """The deleted text, for a change."""
    inserted: str
    """The inserted text, for a change."""
    is_change: bool
    """Whether this is a change."""


def _tidy_boundaries(ops: list[DiffOp]) -> list[DiffOp]:
    """Changes widened to whole ASCII words and numbers, whitespace at their edges left outside.

    ``(80[-4-]{+5+})`` reads ``([-804-]{+805+})``; the space the character slicing leaves at the
    end of a change (``d `` → ``e ``) goes to the equal text after it.
    """
    segments: list[_Segment] = []
    for op in ops:
        if op.kind is OpKind.EQUAL:
            segments.append(_Segment(op.text, "", "", False))
        elif segments and segments[-1].is_change:
            segments[-1].deleted += op.text if op.kind is OpKind.DELETE else ""
            segments[-1].inserted += op.text if op.kind is OpKind.INSERT else ""
        else:
            deleted = op.text if op.kind is OpKind.DELETE else ""
            inserted = op.text if op.kind is OpKind.INSERT else ""
            segments.append(_Segment("", deleted, inserted, True))
    for index, segment in enumerate(segments):
        if not segment.is_change:
            continue
        before = segments[index - 1] if index > 0 else None
        after = segments[index + 1] if index + 1 < len(segments) else None
        if before is not None and _ALNUM.match(segment.deleted[:1] or segment.inserted[:1]):
            tail = _TOKEN_TAIL.search(before.equal)
            if tail is not None:
                before.equal = before.equal[: tail.start()]
                segment.deleted = tail.group(0) + segment.deleted
                segment.inserted = tail.group(0) + segment.inserted
        if after is not None:
            stripped_deleted = segment.deleted.rstrip()
            stripped_inserted = segment.inserted.rstrip()
            after.equal = segment.inserted[len(stripped_inserted) :] + after.equal
            segment.deleted, segment.inserted = stripped_deleted, stripped_inserted
            if _ALNUM.search((segment.deleted[-1:] or "") + (segment.inserted[-1:] or "")):
                head = _TOKEN_HEAD.match(after.equal)
                if head is not None:
                    after.equal = after.equal[head.end() :]
                    segment.deleted += head.group(0)
                    segment.inserted += head.group(0)
    out: list[DiffOp] = []
    for segment in segments:
        if not segment.is_change:
            if segment.equal:
                out.append(DiffOp(OpKind.EQUAL, segment.equal))
            continue
        if segment.deleted:
            out.append(DiffOp(OpKind.DELETE, segment.deleted))
        if segment.inserted:
            out.append(DiffOp(OpKind.INSERT, segment.inserted))
    return _coalesce(out)


def _units(text: str) -> tuple[list[str], list[int]]:
    """The non-whitespace characters of ``text`` in comparison form, and where each starts."""
    units: list[str] = []
    starts: list[int] = []
    for index, ch in enumerate(text):
        if _WHITESPACE.match(ch):
            continue
        units.append(nfkc(ch).lower())
        starts.append(index)
    return units, starts


def _start(starts: list[int], unit: int, text: str) -> int:
    """Offset in ``text`` where unit ``unit`` starts (whitespace before the first unit included)."""
    if unit == 0:
        return 0
    return starts[unit] if unit < len(starts) else len(text)


def _absorb_short_equalities(ops: list[DiffOp]) -> list[DiffOp]:
    """Fold an equal run into the changes around it when it is no longer than they are."""
    changed = True
    while changed:
        changed = False
        for index, op in enumerate(ops):
            if op.kind is not OpKind.EQUAL or index == 0 or index == len(ops) - 1:
                continue
            before = _edit_length(ops, index, -1)
            after = _edit_length(ops, index, 1)
            if before and after and len(op.text.strip()) <= min(before, after):
                ops = [
                    *ops[:index],
                    DiffOp(OpKind.DELETE, op.text),
                    DiffOp(OpKind.INSERT, op.text),
                    *ops[index + 1 :],
                ]
                ops = _coalesce(ops)
                changed = True
                break
    return ops


def _edit_length(ops: list[DiffOp], index: int, step: int) -> int:
    """The larger of the deleted and inserted lengths next to ``ops[index]`` on one side."""
    deleted = inserted = 0
    k = index + step
    while 0 <= k < len(ops) and ops[k].kind is not OpKind.EQUAL:
        if ops[k].kind is OpKind.DELETE:
            deleted += len(ops[k].text)
        else:
            inserted += len(ops[k].text)
        k += step
    return max(deleted, inserted)


def _coalesce(ops: list[DiffOp]) -> list[DiffOp]:
    """Adjacent equal runs joined; each change between equal runs as one delete then one insert."""
    out: list[DiffOp] = []
    deleted: list[str] = []
    inserted: list[str] = []

    def flush() -> None:
        if deleted:
            out.append(DiffOp(OpKind.DELETE, "".join(deleted)))
        if inserted:
            out.append(DiffOp(OpKind.INSERT, "".join(inserted)))
        deleted.clear()
        inserted.clear()

    for op in ops:
        if op.kind is OpKind.DELETE:
            deleted.append(op.text)
        elif op.kind is OpKind.INSERT:
            inserted.append(op.text)
        else:
            flush()
            if out and out[-1].kind is OpKind.EQUAL:
                out[-1] = DiffOp(OpKind.EQUAL, out[-1].text + op.text)
            elif op.text:
                out.append(op)
    flush()
    return out


# --------------------------------------------------------------------------- classification


@dataclass(slots=True)
class _Classifier:
    """Turns the matching into entries (mutable while it walks the rules)."""

    old: _Side
    """The old version."""
    new: _Side
    """The new version."""
    mapping: dict[int, int]
    """Old position → new position of the one-to-one matches."""
    image: dict[int, int]
    """Old position → new position of every old rule that has one (split wholes to their first
    piece, merged pieces to the whole): what parents and references are followed through."""
    relocation: dict[int, tuple[Relocation, str | None]]
    """Old position → its relocation and the moved ancestor that carried it."""

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
        if not _linked(self.old.parent[i], self.new.parent[j], self.image):
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
        references = self.reference_changes(i, j)
        if self.old.plain[i] == self.new.plain[j]:
            return Wording.SAME, ()
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
        old_grams = _bigrams("".join(self.old.flat[i] for i in olds))
        new_grams = _bigrams("".join(self.new.flat[j] for j in news))
        similarity = round(dice(old_grams, new_grams), 3) if olds and news else 0.0
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
            similarity=similarity,
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


# --------------------------------------------------------------------------- the diff


def diff_books(old: RuleBook, new: RuleBook) -> BookDiff:
    """Every difference between ``old`` and ``new``: rules, terms, stale references, changelog."""
    old_side, new_side = _prepare(old), _prepare(new)
    mapping = _match(old_side, new_side)
    reverse = {j: i for i, j in mapping.items()}
    splits = _find_groups(old_side, new_side, mapping, reverse)
    merges = _find_groups(new_side, old_side, reverse, mapping)
    merges = [m for m in merges if not _overlaps(m, splits)]
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
    image = _images(mapping, splits, merges)
    classifier = _Classifier(old_side, new_side, mapping, image, {})
    placed: list[tuple[tuple[int, int, int], RuleChange]] = []
    for i in sorted(mapping):
        entry = classifier.classify_pair(i, mapping[i])
        if entry is not None:
            placed.append(((mapping[i], 1, i), entry))
    for group in splits:
        placed.append(((group.pieces[0], 1, group.whole), _group_entry(classifier, group, split=True)))
    for group in merges:
        placed.append(((group.whole, 1, group.pieces[0]), _group_entry(classifier, group, split=False)))
    grouped_old = {i for g in splits for i in (g.whole,)} | {i for g in merges for i in g.pieces}
    grouped_new = {j for g in splits for j in g.pieces} | {j for g in merges for j in (g.whole,)}
    for j in range(len(new_side.rules)):
        if j not in reverse and j not in grouped_new:
            placed.append(((j, 1, -1), classifier.entry(ChangeKind.ADDED, (), (j,), Relocation.NONE, Wording.CHANGED)))
    anchor = _removal_anchors(old_side, image)
    for i in range(len(old_side.rules)):
        if i not in mapping and i not in grouped_old:
            removed = classifier.entry(ChangeKind.REMOVED, (i,), (), Relocation.NONE, Wording.CHANGED)
            placed.append(((anchor[i], 0, i), removed))
    entries = tuple(entry for _, entry in sorted(placed, key=lambda item: item[0]))
    pairs = tuple((old_side.rules[i].id, new_side.rules[image[i]].id) for i in sorted(image))
    return BookDiff(
        old=old.info,
        new=new.info,
        entries=entries,
        mapping=pairs,
        terms=_term_changes(old_side, new_side, pairs, entries),
        stale_references=_stale_references(new_side, mapping, classifier),
        changelog=check_changelog(old, new, entries),
    )


def _overlaps(merge: _Group, splits: list[_Group]) -> bool:
    """Whether a merge claims rules a split already took."""
    return any(merge.whole in split.pieces or split.whole in merge.pieces for split in splits)


def _group_entry(classifier: _Classifier, group: _Group, *, split: bool) -> RuleChange:
    """The entry of a split or merge."""
    olds = (group.whole,) if split else group.pieces
    news = group.pieces if split else (group.whole,)
    old_key = "".join(classifier.old.flat[i] for i in olds)
    new_key = "".join(classifier.new.flat[j] for j in news)
    wording = Wording.SAME if old_key == new_key else Wording.CHANGED
    first_old, first_new = olds[0], news[0]
    relocation = Relocation.NONE
    if classifier.old.rules[first_old].id != classifier.new.rules[first_new].id:
        linked = _linked(classifier.old.parent[first_old], classifier.new.parent[first_new], classifier.image)
        relocation = Relocation.RENUMBERED if linked else Relocation.MOVED
    kind = ChangeKind.SPLIT if split else ChangeKind.MERGED
    return classifier.entry(kind, olds, news, relocation, wording)


def _images(mapping: Mapping[int, int], splits: list[_Group], merges: list[_Group]) -> dict[int, int]:
    """Old position → new position for every old rule that has a counterpart."""
    image: dict[int, int] = dict(mapping)
    for group in splits:
        image[group.whole] = group.pieces[0]
    for group in merges:
        for i in group.pieces:
            image[i] = group.whole
    return image


def _removal_anchors(old: _Side, image: Mapping[int, int]) -> dict[int, int]:
    """For each old position, the new position a removed rule is listed before."""
    anchors: dict[int, int] = {}
    last = -1
    for i in range(len(old.rules)):
        if i in image:
            last = image[i]
        anchors[i] = last + 1
    return anchors


def _stale_references(new: _Side, mapping: Mapping[int, int], classifier: _Classifier) -> tuple[StaleReference, ...]:
    """References kept as printed although their target now has another id."""
    found: list[StaleReference] = []
    for i in sorted(mapping):
        j = mapping[i]
        for ref in classifier.reference_changes(i, j):
            if ref.status is ReferenceStatus.STALE:
                now = classifier.new_id_of(ref.old_target) or ""
                found.append(StaleReference(new.rules[j].id, ref.old_target, now))
    return tuple(found)


# --------------------------------------------------------------------------- terms


def _term_changes(
    old: _Side, new: _Side, pairs: tuple[tuple[str, str], ...], entries: tuple[RuleChange, ...]
) -> tuple[TermChange, ...]:
    """Terms added, removed or redefined, in the order of their defining rules."""
    old_terms = {term.key: term for term in old.terms}
    new_terms = {term.key: term for term in new.terms}
    forward = dict(pairs)
    wording_entries = [e for e in entries if e.wording is Wording.CHANGED or e.kind in _STRUCTURAL_KINDS]
    placed: list[tuple[tuple[int, int], TermChange]] = []
    for key, term in new_terms.items():
        position = new.position[term.rule_id]
        before = old_terms.get(key)
        if before is None:
            placed.append(((position, 0), TermChange(TermChangeKind.ADDED, key, term.name, None, term.rule_id)))
            continue
        touched = _changes_under(old, new, before.rule_id, term.rule_id, wording_entries)
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


def _changes_under(old: _Side, new: _Side, old_root: str, new_root: str, entries: list[RuleChange]) -> list[str]:
    """Labels of the entries within the subtree of ``old_root`` (old) or ``new_root`` (new)."""
    old_ids = _subtree_ids(old, old_root)
    new_ids = _subtree_ids(new, new_root)
    return [
        entry.label
        for entry in entries
        if any(i in old_ids for i in entry.old_ids) or any(j in new_ids for j in entry.new_ids)
    ]


def _subtree_ids(side: _Side, root: str) -> set[str]:
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


# --------------------------------------------------------------------------- changelog

_ACTIONS: tuple[tuple[str, ClaimAction], ...] = (
    ("移動", ClaimAction.MOVED),
    ("削除", ClaimAction.REMOVED),
    ("追加", ClaimAction.ADDED),
    ("更新", ClaimAction.CHANGED),
    ("変更", ClaimAction.CHANGED),
    ("修正", ClaimAction.CHANGED),
)
"""Changelog verbs, the most specific first (``移動`` lines also name where things went)."""
_CLAIM_ID = re.compile(r"(?<![0-9.])\d+(?:\.\d+)+[a-z]?(?:-\d+)?")


def check_changelog(old: RuleBook, new: RuleBook, changes: Sequence[RuleChange]) -> ChangelogCheck | None:
    """What the publisher's changelog says changed since ``old``, set beside the diff's ``changes``.

    The lines compared are those of the new version's changelog entries after the old
    version, up to the new one (by version number when both parse, else the entries the old
    changelog lacks). A line is resolved to rules by the rule ids it prints (FFTCG) or the
    section titles it names (Divine Cross: ``ゲーム上の用語にて、じゃんけんの項目を更新``):
    the longest title at each place, the innermost titles inside the outer ones.
    """
    entries = _changelog_since(old, new)
    if not entries:
        return None
    old_side = _Titles.of(old)
    new_side = _Titles.of(new)
    claims: list[ChangelogClaim] = []
    covered: set[int] = set()
    for entry in entries:
        for line in entry.changes:
            targets = _claim_targets(line, old_side, new_side)
            found_at = [k for k, change in enumerate(changes) if _covers(change, targets, old_side, new_side)]
            covered.update(found_at)
            if not targets:
                status = ClaimStatus.UNRESOLVED
            elif found_at:
                status = ClaimStatus.CONFIRMED
            else:
                status = ClaimStatus.NOT_FOUND
            claims.append(
                ChangelogClaim(
                    version=entry.version,
                    date=entry.date,
                    text=line,
                    action=_claim_action(line),
                    targets=targets,
                    found=tuple(changes[k] for k in found_at),
                    status=status,
                )
            )
    unlisted = tuple(change for k, change in enumerate(changes) if k not in covered)
    return ChangelogCheck(tuple(e.version for e in entries), tuple(claims), unlisted)


def _changelog_since(old: RuleBook, new: RuleBook) -> list[ChangeEntry]:
    """The new changelog's entries after the old version, up to the new one."""
    low, high = _version_key(old.info.version), _version_key(new.info.version)
    chosen = []
    old_versions = {entry.version for entry in old.changelog}
    for entry in new.changelog:
        key = _version_key(entry.version)
        if low is not None and high is not None and key is not None:
            if low < key <= high:
                chosen.append(entry)
        elif old_versions:
            if entry.version not in old_versions:
                chosen.append(entry)
        elif entry.version == new.info.version:
            chosen.append(entry)
    return chosen


def _version_key(version: str) -> tuple[int, ...] | None:
    """``1.0.16`` → (1, 0, 16); None when the version is not dotted numbers."""
    if not re.fullmatch(r"\d+(?:\.\d+)*", version):
        return None
    return tuple(int(part) for part in version.split("."))


def _claim_action(line: str) -> ClaimAction:
    for verb, action in _ACTIONS:
        if verb in line:
            return action
    return ClaimAction.UNKNOWN


@dataclass(frozen=True, slots=True)
class _Titles:
    """A version's titled rules and structure, for resolving changelog lines."""

    titles: tuple[tuple[str, str], ...]
    """(search key of the title, rule id) of every titled rule, in document order."""
    ids: frozenset[str]
    """Every rule id."""
    parent: Mapping[str, str | None]
    """Parent id of each id."""

    @staticmethod
    def of(book: RuleBook) -> _Titles:
        """The titles and structure of ``book``."""
        return _Titles(
            titles=tuple((search_key(r.title), r.id) for r in book.rules if r.title),
            ids=frozenset(r.id for r in book.rules),
            parent={r.id: r.parent for r in book.rules},
        )

    def ancestors(self, rule_id: str) -> list[str]:
        """The ids above ``rule_id``, nearest first."""
        chain = []
        parent = self.parent.get(rule_id)
        while parent is not None:
            chain.append(parent)
            parent = self.parent.get(parent)
        return chain


def _claim_targets(line: str, old: _Titles, new: _Titles) -> tuple[ClaimTarget, ...]:
    """The rules a changelog line names: printed ids first, else titles (innermost, in scope)."""
    printed = [m.group(0).rstrip(".") for m in _CLAIM_ID.finditer(nfkc(line))]
    by_id = []
    for rule_id in printed:
        if rule_id in new.ids:
            by_id.append(ClaimTarget("new", rule_id))
        elif rule_id in old.ids:
            by_id.append(ClaimTarget("old", rule_id))
    if by_id:
        return tuple(dict.fromkeys(by_id))
    key = search_key(line)
    readings = [(side, *_innermost(_named_rules(key, titles), titles)) for side, titles in (("new", new), ("old", old))]
    scoped = [(side, items) for side, items, in_scope in readings if in_scope and items]
    chosen = scoped or [(side, items) for side, items, _ in readings]
    return tuple(dict.fromkeys(ClaimTarget(side, rule_id) for side, items in chosen for rule_id in items))


def _named_rules(key: str, titles: _Titles) -> list[str]:
    """Ids of rules whose title the line names, the longest title winning at each place."""
    spans: list[tuple[int, int, str]] = []
    for title, rule_id in titles.titles:
        if not title:
            continue
        start = key.find(title)
        while start != -1:
            spans.append((start, start + len(title), rule_id))
            start = key.find(title, start + 1)
    kept: list[tuple[int, int, str]] = []
    for start, end, rule_id in spans:
        inside_longer = any(s <= start and end <= e and (e - s) > (end - start) for s, e, _ in spans)
        if not inside_longer:
            kept.append((start, end, rule_id))
    return list(dict.fromkeys(rule_id for _, _, rule_id in sorted(kept)))


def _innermost(named: list[str], titles: _Titles) -> tuple[list[str], bool]:
    """The items a line names, and whether they were read inside a named scope.

    ``ゲーム上の用語にて、じゃんけんの項目`` names 900 and 916: 900 is the scope, 916 the
    item. When some named rules lie under others, the items are those under a scope and no
    other named rule lies under; otherwise every named rule is an item.
    """
    ancestors = {rule_id: set(titles.ancestors(rule_id)) for rule_id in named}
    scopes = {a for rule_id in named for a in ancestors[rule_id] if a in named}
    if not scopes:
        return list(named), False
    return [rule_id for rule_id in named if rule_id not in scopes and ancestors[rule_id] & scopes], True


def _covers(change: RuleChange, targets: tuple[ClaimTarget, ...], old: _Titles, new: _Titles) -> bool:
    """Whether a diff entry lies within one of the targets (the rule or under it)."""
    for target in targets:
        titles, ids = (old, change.old_ids) if target.side == "old" else (new, change.new_ids)
        for rule_id in ids:
            if rule_id == target.rule_id or target.rule_id in titles.ancestors(rule_id):
                return True
    return False


# --------------------------------------------------------------------------- history


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
    diffs = tuple(diff_books(a, b) for a, b in pairwise(books))
    return History(
        versions=tuple(book.info.version for book in books),
        diffs=diffs,
        ids=tuple(frozenset(rule.id for rule in book.rules) for book in books),
        indexes=tuple(DiffIndex.of(diff) for diff in diffs),
    )


# --------------------------------------------------------------------------- plain data


def diff_data(diff: BookDiff) -> dict[str, Any]:
    """The diff as plain data (for JSON output and the site)."""
    data: dict[str, Any] = {
        "game": diff.new.game,
        "document": diff.new.document,
        "old": diff.old.version,
        "new": diff.new.version,
        "counts": diff.counts(),
        "entries": [change_data(entry) for entry in diff.entries],
        "terms": [
            {
                "kind": term.kind.value,
                "key": term.key,
                "name": term.name,
                "old_rule": term.old_rule_id,
                "new_rule": term.new_rule_id,
                "rules": list(term.rules),
            }
            for term in diff.terms
        ],
        "stale_references": [{"rule": s.rule_id, "target": s.target, "now": s.now} for s in diff.stale_references],
        "mapping": {old_id: new_id for old_id, new_id in diff.mapping if old_id != new_id},
        "changelog": None,
    }
    if diff.changelog is not None:
        data["changelog"] = {
            "versions": list(diff.changelog.versions),
            "claims": [
                {
                    "version": claim.version,
                    "date": claim.date,
                    "text": claim.text,
                    "action": claim.action.value,
                    "status": claim.status.value,
                    "targets": [f"{t.side}:{t.rule_id}" for t in claim.targets],
                    "found": [{"kind": e.kind.value, "label": e.label} for e in claim.found],
                }
                for claim in diff.changelog.claims
            ],
            "unlisted": [{"kind": e.kind.value, "label": e.label} for e in diff.changelog.unlisted],
        }
    return data


def change_data(entry: RuleChange) -> dict[str, Any]:
    """One diff entry as plain data."""
    return {
        "kind": entry.kind.value,
        "old_ids": list(entry.old_ids),
        "new_ids": list(entry.new_ids),
        "relocation": entry.relocation.value,
        "wording": entry.wording.value,
        "similarity": entry.similarity,
        "old_parent": entry.old_parent,
        "new_parent": entry.new_parent,
        "moved_with": entry.moved_with,
        "old_text": entry.old_text,
        "new_text": entry.new_text,
        "ops": [[op.kind.value, op.text] for op in entry.ops],
        "references": [
            {"old": ref.old_target, "new": ref.new_target, "status": ref.status.value} for ref in entry.references
        ],
    }
