"""Cross-references written in rule text, resolved to the exact rule they name.

Rulebooks refer to their own rules in running text: ``(804)``, ``(804.2c-31)``,
``403.1 からやり直します``, ``12.4.6、12.4.7のとおり``, ``10.「アタックフェイズ」を見ること``. The same
texts are full of numbers that are not references (``100 点``, ``2 人``, ``5 枚``, ``Lv.3``,
``【16-015H】``), and in both numbered documents many of those numbers are also rule ids
(``100`` is a Divine Cross section, ``7`` an FFTCG one). So a number becomes a reference only
where its form or its context says so:

- a dotted or lettered id (``703.2``, ``704.6d``, ``10.1.2.1``) that names an existing rule;
- a bare number in parentheses (``(804)``), before a quoted title (``10.「アタックフェイズ」``), or
  followed by a cue that only a reference takes (``に従``, ``に戻``, ``のとおり``, ``を見``…).

A candidate that names no rule is reported (``ref.rule``, a warning) only when it is clearly
meant as a reference — parenthesised, titled, or followed by a cue — and has the shape of the
document's ids; otherwise it is a quantity and says nothing. Resolution uses the book's own
id set, so outline documents (whose ids are heading paths) get no numeric references.

Matching folds full-width ASCII to ASCII one character for one, so offsets in a
:class:`Reference` are offsets in the original text.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection
from dataclasses import dataclass

from rules_index.model import LintIssue, LintKind, RuleBook, RuleKind, Severity, SourceSpan
from rules_index.model import Reference as Reference  # defined with the other value types; still importable here

_FULL_WIDTH = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)}
_FULL_WIDTH[0x3000] = 0x20
"""Full-width ASCII (and the ideographic space) → ASCII, one character for one."""

_NUMBER = re.compile(
    r"(?<![0-9A-Za-z.\-])"  # not inside a longer token (ver.1.0.16, 16-015H, HP800)
    r"(?P<number>\d+(?:\.\d+)*(?:[a-z](?:-\d+)?)?)"
    r"(?![0-9A-Za-z]|-\d|\.\d)"  # nor followed by more of one (1CP, 2026年 is fine, 16-015H)
)
"""A candidate rule number: ``804``, ``703.2``, ``704.6d``, ``804.2c-31``, ``9.5.1.3.1``."""

_TITLE = re.compile(r"\.\s*「(?P<title>[^「」]{1,40})」")
"""A quoted section title right after a number: ``10.「アタックフェイズ」``."""

_SEPARATOR = re.compile(r"\s*(?:、|,|・|〜|～|および|及び|または|又は|と)\s*")
"""What may stand between the numbers of a list (``12.4.6、12.4.7``)."""

_STRONG_CUE = re.compile(r"\s*(?:に従|に則|に戻|のとおり|の通り|を参照|参照|を見|から(?:やり直|再開|繰り返))")
"""Words that follow only a reference: a bare number before them is a rule number."""

_WEAK_CUE = re.compile(r"\s*(?:で(?![すあしき])|によ|から|へ|の時点|の手順|の処理|に(?:移|記|示|定|基|あ|書))")
"""Words that follow references and quantities alike: enough for a dotted id only."""

_VERSION_MARK = re.compile(r"(?<![A-Za-z])(?:ver|var|lv|v|no)\.?\s*$", re.IGNORECASE)
"""A version or level marker just before a number (``Ver. 1.0.16``, ``Lv 3``): not a rule."""

_NUMBERED_KINDS = frozenset({RuleKind.SECTION, RuleKind.RULE})
"""Kinds of node whose id is printed in the document."""

_UNIT = re.compile(r"\s*(?:倍|%|秒|点|枚|体|人|回|個|円|cp|CP)")
"""A unit just after a number: the number is a quantity."""


@dataclass(frozen=True, slots=True)
class _Candidate:
    """A number in a text that might be a rule number, before its context is judged."""

    number: str
    """The number as an id (ASCII): ``804.2c-31``."""
    start: int
    """Offset of the printed text (the opening parenthesis when parenthesised)."""
    end: int
    """Offset past the printed text (past the closing parenthesis or the quoted title)."""
    titled: bool
    """Whether a quoted title follows (``10.「アタックフェイズ」``)."""


def find_references(book: RuleBook) -> tuple[list[Reference], list[LintIssue]]:
    """Every cross-reference in ``book``'s rule texts and examples, and the unresolved ones.

    References come in document order (rule order; a rule's text before its examples; text
    order within each). An unresolved candidate that is clearly meant as a reference gives a
    ``ref.rule`` warning naming the rule and the text at fault.
    """
    ids = printed_ids(book)
    shapes = id_shapes(ids)
    references: list[Reference] = []
    issues: list[LintIssue] = []
    for rule in book.rules:
        refs, found = references_in(rule.text, rule.id, ids, shapes=shapes, span=rule.span)
        references.extend(refs)
        issues.extend(found)
        for index, example in enumerate(rule.examples):
            refs, found = references_in(example.text, rule.id, ids, shapes=shapes, example=index, span=example.span)
            references.extend(refs)
            issues.extend(found)
    return references, issues


def references_in(
    text: str,
    source: str,
    ids: Collection[str],
    *,
    shapes: frozenset[tuple[int, int]] | None = None,
    example: int | None = None,
    span: SourceSpan | None = None,
) -> tuple[list[Reference], list[LintIssue]]:
    """The references in one text of rule ``source``, resolved against ``ids``, in text order.

    ``shapes`` is :func:`id_shapes` of ``ids`` (computed when not given); it decides whether
    an unresolved candidate looks like a rule number of this document at all.
    """
    if shapes is None:
        shapes = id_shapes(ids)
    references: list[Reference] = []
    issues: list[LintIssue] = []
    for found in _numbers_in(text):
        if found.number in ids:
            if found.is_id_form or found.meant:
                references.append(Reference(source, found.number, found.printed, found.start, found.end, example))
        elif found.meant and looks_like_rule_id(found.number, shapes):
            issues.append(_unresolved(found.printed, found.number, source, example, span))
    return references, issues


@dataclass(frozen=True, slots=True)
class _Number:
    """A candidate judged in its context: everything about it that depends on the text alone."""

    number: str
    """The number as an id (ASCII)."""
    printed: str
    """The text a reference to it would quote (with its parentheses when it stands alone in them)."""
    start: int
    """Offset of ``printed`` in the text."""
    end: int
    """Offset just past ``printed``."""
    is_id_form: bool
    """Whether only a rule id has this form (a dot or a letter)."""
    meant: bool
    """Whether the context says a rule number is meant (parentheses, a title, a strong cue, or
    a weak cue after an id form)."""


@functools.lru_cache(maxsize=1 << 16)
def _numbers_in(text: str) -> tuple[_Number, ...]:
    """The candidates of ``text`` judged in their context, before resolution against a book's ids.

    Kept per text: consecutive editions of a book share almost all their texts, so a chain
    of editions reads each text once while every edition resolves it against its own ids.
    """
    folded = text.translate(_FULL_WIDTH)
    out: list[_Number] = []
    for chain in _chains(_candidates(folded), folded):
        parenthesised = _is_parenthesised(chain, folded)
        strong = bool(_STRONG_CUE.match(folded, chain[-1].end))
        weak = strong or bool(_WEAK_CUE.match(folded, chain[-1].end))
        for cand in chain:
            start, end = cand.start, cand.end
            if parenthesised and len(chain) == 1:
                start, end = _widen_to_parentheses(folded, start, end)
            is_id_form = _is_dotted(cand.number)
            meant = parenthesised or cand.titled or strong or (is_id_form and weak)
            out.append(_Number(cand.number, text[start:end], start, end, is_id_form, meant))
    return tuple(out)


def printed_ids(book: RuleBook) -> frozenset[str]:
    """The ids a text can cite: those of numbered sections and rules.

    Outline nodes (headings, paragraphs, tables) have ids derived from their heading path and
    ordinal; they are never printed, so a number in an outline text never names one.
    """
    return frozenset(rule.id for rule in book.rules if rule.kind in _NUMBERED_KINDS)


def id_shapes(ids: Collection[str]) -> frozenset[tuple[int, int]]:
    """The shapes of a book's numeric ids: (digits of the first part, number of dotted parts).

    ``804.2c-31`` has shape (3, 2), ``15.1.1.9.5`` (2, 5); heading-path ids have none.
    """
    return frozenset(shape for shape in map(_id_shape, ids) if shape is not None)


@functools.lru_cache(maxsize=1 << 16)
def _id_shape(rule_id: str) -> tuple[int, int] | None:
    """The shape of one id, None when it is not numeric (kept: editions share their ids)."""
    return _shape(rule_id) if _NUMBER.fullmatch(rule_id) else None


def looks_like_rule_id(number: str, shapes: frozenset[tuple[int, int]]) -> bool:
    """Whether ``number`` is shaped like one of the document's ids (``(2)`` is not, in Divine Cross)."""
    digits, parts = _shape(number)
    return any(d == digits and parts <= p + 1 for d, p in shapes)


def _shape(number: str) -> tuple[int, int]:
    head = number.split(".", 1)[0]
    return len(head), number.count(".") + 1


def _is_dotted(number: str) -> bool:
    """Whether the number has the form only a rule id has (a dot or a letter: ``703.2``, ``704.6d``)."""
    return "." in number or any(ch.isalpha() for ch in number)


def _candidates(folded: str) -> list[_Candidate]:
    """Every number of ``folded`` that could be a rule number (not versions, levels, units)."""
    out = []
    for match in _NUMBER.finditer(folded):
        start, end = match.span()
        if _VERSION_MARK.search(folded[max(0, start - 6) : start]):
            continue
        title = _TITLE.match(folded, end)
        if title is None and _UNIT.match(folded, end):
            continue
        if title is not None:
            end = title.end()
        out.append(_Candidate(match["number"], start, end, title is not None))
    return out


def _chains(candidates: list[_Candidate], folded: str) -> list[list[_Candidate]]:
    """Candidates grouped into lists (``12.4.6、12.4.7``): the last one's context is the list's."""
    chains: list[list[_Candidate]] = []
    for cand in candidates:
        if chains and _SEPARATOR.fullmatch(folded, chains[-1][-1].end, cand.start):
            chains[-1].append(cand)
        else:
            chains.append([cand])
    return chains


def _is_parenthesised(chain: list[_Candidate], folded: str) -> bool:
    """Whether the list stands alone in parentheses: ``(804)``, ``(804.2c-31)``."""
    before = folded[: chain[0].start].rstrip()
    after = folded[chain[-1].end :].lstrip()
    return before.endswith("(") and after.startswith(")")


def _widen_to_parentheses(folded: str, start: int, end: int) -> tuple[int, int]:
    """The span of ``(number)`` with its parentheses (spaces inside kept)."""
    while start > 0 and folded[start - 1] != "(":
        start -= 1
    while end < len(folded) and folded[end] != ")":
        end += 1
    return start - 1, end + 1


def _unresolved(printed: str, number: str, source: str, example: int | None, span: SourceSpan | None) -> LintIssue:
    where = f"{source} (example {example + 1})" if example is not None else source
    return LintIssue(
        kind=LintKind.UNRESOLVED_REF,
        severity=Severity.WARNING,
        message=f"{where}: reference {printed!r} names no rule: there is no {number}",
        span=span,
        rule_id=source,
    )
