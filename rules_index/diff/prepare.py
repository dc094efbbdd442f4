"""Stage 1: each version prepared for matching -- per-rule keys, bigrams and structure.

A rule is reduced to a *key*: its title, text, examples and figures in
:func:`~rules_index.normalize.search_key` form, with the numbers of its cross-references
(found by :func:`rules_index.refs.references_in`) masked, so that a reference renumbered
along with its target still matches exactly.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import TypeVar, overload

from rapidfuzz import fuzz

from rules_index.model import Rule, RuleBook
from rules_index.normalize import nfkc, search_key
from rules_index.refs import Reference, id_shapes, printed_ids, references_in
from rules_index.terms import Term, find_terms

MASK = "\x00"
"""What a reference number becomes in a key."""
PART_SEPARATOR = "\x1f"
"""Between the parts (title, text, examples, figures) of a key."""
_REFERENCE_NUMBER = re.compile(r"[0-9０-９][0-9０-９.．a-zａ-ｚ\-－]*")
T = TypeVar("T")


class Lazy(Sequence[T]):
    """A sequence whose items are computed on first use and kept (index access only)."""

    __slots__ = ("_compute", "_items")

    def __init__(self, size: int, compute: Callable[[int], T]) -> None:
        self._compute = compute
        self._items: list[T | None] = [None] * size

    def __len__(self) -> int:
        return len(self._items)

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[T]: ...

    def __getitem__(self, index: int | slice) -> T | Sequence[T]:
        if isinstance(index, slice):
            return [self[k] for k in range(*index.indices(len(self)))]
        found = self._items[index]
        if found is None:
            found = self._items[index] = self._compute(index)
        return found


@dataclass(frozen=True, slots=True)
class Side:
    """One version prepared for matching: per-rule content and structure, by position.

    Only the raw content and the structure are computed up front. Normalised keys, cross-
    references, bigrams and terms are computed per rule on first use and kept: most rules of
    two editions are anchored by identical raw content and never need them.
    """

    book: RuleBook
    """The version."""
    rules: tuple[Rule, ...]
    """The rules in document order."""
    position: Mapping[str, int]
    """Position of each id."""
    raw: tuple[str, ...]
    """Content exactly as printed (title, text, examples, figures): equal means nothing changed."""
    display: Sequence[str]
    """Content shown in diffs: title, text, examples, figures, one per line."""
    key: Sequence[str]
    """Content in search-key form with reference numbers masked: what matching compares."""
    flat: Sequence[str]
    """The key without its part separators: what similarity, splits and merges compare."""
    plain: Sequence[str]
    """Content in search-key form, nothing masked: equal means the same wording."""
    targets: Sequence[tuple[str, ...]]
    """Ids each rule's references name, in text order."""
    parent: tuple[int, ...]
    """Position of the parent, -1 for top level."""
    previous: tuple[int, ...]
    """Position of the previous sibling, -1 for a first child."""
    following: tuple[int, ...]
    """Position of the next sibling, -1 for a last child."""
    children: Mapping[int, tuple[int, ...]]
    """Positions of the children by parent position (-1 for the top level)."""
    _grams: dict[int, Counter[str]] = field(default_factory=dict)
    """Bigrams computed so far, by position."""
    _gram_sets: dict[int, frozenset[str]] = field(default_factory=dict)
    """Distinct bigrams computed so far, by position."""
    _terms: list[tuple[Term, ...]] = field(default_factory=list)
    """The terms, once found."""

    def grams(self, i: int) -> Counter[str]:
        """Character bigrams of rule ``i``'s flat key."""
        found = self._grams.get(i)
        if found is None:
            found = self._grams[i] = bigrams(self.flat[i])
        return found

    def gram_set(self, i: int) -> frozenset[str]:
        """The distinct bigrams of rule ``i``'s flat key (for quick tests)."""
        found = self._gram_sets.get(i)
        if found is None:
            flat = self.flat[i]
            found = self._gram_sets[i] = frozenset(flat[k : k + 2] for k in range(len(flat) - 1)) or frozenset(
                [flat] if flat else []
            )
        return found

    def terms(self) -> tuple[Term, ...]:
        """Terms the version defines."""
        if not self._terms:
            self._terms.append(tuple(find_terms(self.book)))
        return self._terms[0]

    def numbers(self, i: int) -> frozenset[str]:
        """Every string a rule number printed in rule ``i``'s content could be (prefixes of each
        number-like token, NFKC): a superset of the ids its references can name."""
        return _numbers(self.raw[i])


@functools.lru_cache(maxsize=1 << 16)
def _numbers(raw: str) -> frozenset[str]:
    """:meth:`Side.numbers` of a content (kept: consecutive editions share most of them)."""
    found: set[str] = set()
    for match in _REFERENCE_NUMBER.finditer(raw):
        token = nfkc(match.group(0))
        found.update(token[:k] for k in range(1, len(token) + 1))
    return frozenset(found)


def prepare_side(book: RuleBook) -> Side:
    """``book`` prepared for matching (the costly parts on demand)."""
    rules = book.rules
    position = {rule.id: i for i, rule in enumerate(rules)}
    parts = [_content_parts(rule) for rule in rules]
    raw = tuple(PART_SEPARATOR.join(p) for p in parts)
    resolution: list[tuple[frozenset[str], frozenset[tuple[int, int]]]] = []

    def references(i: int) -> list[Reference]:
        if not resolution:
            printed = printed_ids(book)
            resolution.append((printed, id_shapes(printed)))
        ids, shapes = resolution[0]
        rule = rules[i]
        found, _ = references_in(rule.text, rule.id, ids, shapes=shapes)
        for index, example in enumerate(rule.examples):
            more, _ = references_in(example.text, rule.id, ids, shapes=shapes, example=index)
            found.extend(more)
        return found

    refs = Lazy(len(rules), references)
    plain = Lazy(len(rules), lambda i: PART_SEPARATOR.join(search_key(part) for part in parts[i]))

    def masked(i: int) -> str:
        found = refs[i]
        if not found:
            return plain[i]
        by_part: dict[tuple[str, int | None], list[Reference]] = {}
        for ref in found:
            by_part.setdefault((ref.source, ref.example), []).append(ref)
        return PART_SEPARATOR.join(search_key(part) for part in _masked_parts(rules[i], by_part))

    key = Lazy(len(rules), masked)
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
    return Side(
        book=book,
        rules=rules,
        position=position,
        raw=raw,
        display=Lazy(len(rules), lambda i: "\n".join(part for part in parts[i] if part)),
        key=key,
        flat=Lazy(len(rules), lambda i: key[i].replace(PART_SEPARATOR, "")),
        plain=plain,
        targets=Lazy(len(rules), lambda i: tuple(ref.target for ref in refs[i])),
        parent=parent,
        previous=tuple(previous),
        following=tuple(following),
        children={p: tuple(c) for p, c in children.items()},
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
        out.append(MASK)
        position = end
    out.append(text[position:])
    return "".join(out)


def similarity(a: str, b: str) -> float:
    """Text similarity of two keys, 0 to 1: the normalised Indel (longest common subsequence) ratio.

    Computed by rapidfuzz (bit-parallel, in C++): the cost of the pairwise comparisons that
    fuzzy matching makes is what decides a diff's speed on a heavily rewritten edition.
    """
    if a == b:
        return 1.0
    return float(fuzz.ratio(a, b)) / 100.0


def bigrams(key: str) -> Counter[str]:
    """The character bigrams of ``key`` (the key itself when shorter than two)."""
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


def containment(part: Counter[str], whole: Counter[str]) -> float:
    """Share of ``part``'s bigrams that occur in ``whole``."""
    size = sum(part.values())
    return sum((part & whole).values()) / size if size else 0.0
