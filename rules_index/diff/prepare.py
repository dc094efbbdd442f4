"""Stage 1: each version prepared for matching -- per-rule keys, bigrams and structure.

A rule is reduced to a *key*: its title, text, examples and figures in
:func:`~rules_index.normalize.search_key` form, with the numbers of its cross-references
(found by :func:`rules_index.refs.find_references`) masked, so that a reference renumbered
along with its target still matches exactly.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from itertools import pairwise

from rapidfuzz import fuzz

from rules_index.model import Rule, RuleBook
from rules_index.normalize import search_key
from rules_index.refs import Reference, find_references
from rules_index.terms import Term, find_terms

MASK = "\x00"
"""What a reference number becomes in a key."""
PART_SEPARATOR = "\x1f"
"""Between the parts (title, text, examples, figures) of a key."""
_REFERENCE_NUMBER = re.compile(r"[0-9０-９][0-9０-９.．a-zａ-ｚ\-－]*")


@dataclass(frozen=True, slots=True)
class Side:
    """One version prepared for matching: per-rule keys and structure, by position.

    Bigrams and terms are computed on demand and kept: most rules of two editions are
    anchored by equal keys and never need them.
    """

    book: RuleBook
    """The version."""
    rules: tuple[Rule, ...]
    """The rules in document order."""
    position: Mapping[str, int]
    """Position of each id."""
    display: tuple[str, ...]
    """Content shown in diffs: title, text, examples, figures, one per line."""
    key: tuple[str, ...]
    """Content in search-key form with reference numbers masked: what matching compares."""
    flat: tuple[str, ...]
    """The key without its part separators: what similarity, splits and merges compare."""
    plain: tuple[str, ...]
    """Content in search-key form, nothing masked: equal means the same wording."""
    targets: tuple[tuple[str, ...], ...]
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
            found = self._gram_sets[i] = frozenset(self.grams(i))
        return found

    def terms(self) -> tuple[Term, ...]:
        """Terms the version defines."""
        if not self._terms:
            self._terms.append(tuple(find_terms(self.book)))
        return self._terms[0]


def prepare_side(book: RuleBook) -> Side:
    """``book`` prepared for matching."""
    rules = book.rules
    position = {rule.id: i for i, rule in enumerate(rules)}
    references, _ = find_references(book)
    by_part: dict[tuple[str, int | None], list[Reference]] = {}
    for ref in references:
        by_part.setdefault((ref.source, ref.example), []).append(ref)
    display, key, plain, targets = [], [], [], []
    for rule in rules:
        parts = _content_parts(rule)
        display.append("\n".join(part for part in parts if part))
        plain_key = PART_SEPARATOR.join(search_key(part) for part in parts)
        plain.append(plain_key)
        refs = [*by_part.get((rule.id, None), [])]
        for index in range(len(rule.examples)):
            refs.extend(by_part.get((rule.id, index), []))
        targets.append(tuple(ref.target for ref in refs))
        if refs:
            key.append(PART_SEPARATOR.join(search_key(part) for part in _masked_parts(rule, by_part)))
        else:
            key.append(plain_key)
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
        display=tuple(display),
        key=tuple(key),
        flat=tuple(k.replace(PART_SEPARATOR, "") for k in key),
        plain=tuple(plain),
        targets=tuple(targets),
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
