"""The inline diff of a reworded rule, cleaned up to read as replaced phrases.

Japanese is compared character by character, English word by word (a run of Latin letters
and digits is one unit), both ignoring whitespace, width and case.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import SequenceMatcher

from rules_index.diff.model import DiffOp, OpKind
from rules_index.normalize import nfkc

_UNIT_PATTERN = re.compile(r"[0-9A-Za-z０-９Ａ-Ｚａ-ｚ]+|\S")
"""A unit of comparison: a run of Latin letters and digits (a word, a number), or one other character."""


def inline_diff(old: str, new: str) -> tuple[DiffOp, ...]:
    """A character-level diff of ``old`` into ``new`` that reads well in Japanese.

    Characters are compared in NFKC, case-folded form and whitespace is ignored, so only
    real differences show. Short runs of equal text caught between changes are folded into
    the change (``1度のみ`` → ``2度まで`` reads as one replacement, not four edits), and each
    change is one deletion followed by one insertion. Equal runs carry the new text.
    """
    a_units, a_starts = _units(old)
    b_units, b_starts = _units(new)
    runs: list[_Run] = []
    for tag, i1, i2, j1, j2 in _opcodes(a_units, b_units):
        old_piece = old[_start(a_starts, i1, old) : _start(a_starts, i2, old)]
        new_piece = new[_start(b_starts, j1, new) : _start(b_starts, j2, new)]
        if tag == "equal":
            runs.append(_Run(OpKind.EQUAL, old_piece, new_piece))
            continue
        if old_piece:
            runs.append(_Run(OpKind.DELETE, old_piece, ""))
        if new_piece:
            runs.append(_Run(OpKind.INSERT, "", new_piece))
    ops = [DiffOp(r.kind, r.old if r.kind is OpKind.DELETE else r.new) for r in _absorb_short_equalities(runs)]
    return tuple(_tidy_boundaries(_coalesce(ops)))


@dataclass(frozen=True, slots=True)
class _Run:
    """A run of the diff before it is cleaned up: equal runs keep both versions' text."""

    kind: OpKind
    """Equal, delete or insert."""
    old: str
    """The old text (equal and delete)."""
    new: str
    """The new text (equal and insert)."""


def _opcodes(a: list[str], b: list[str]) -> list[tuple[str, int, int, int, int]]:
    """SequenceMatcher's opcodes, the common head and tail set aside first.

    Most reworded rules change in a few places of a long text: matching only the middle
    keeps the quadratic part of the matcher small.
    """
    head = 0
    limit = min(len(a), len(b))
    while head < limit and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < limit - head and a[len(a) - 1 - tail] == b[len(b) - 1 - tail]:
        tail += 1
    middle = SequenceMatcher(None, a[head : len(a) - tail], b[head : len(b) - tail], autojunk=False)
    ops: list[tuple[str, int, int, int, int]] = []
    if head:
        ops.append(("equal", 0, head, 0, head))
    for kind, i1, i2, j1, j2 in middle.get_opcodes():
        if i1 == i2 and j1 == j2:
            continue
        ops.append((str(kind), i1 + head, i2 + head, j1 + head, j2 + head))
    if tail:
        ops.append(("equal", len(a) - tail, len(a), len(b) - tail, len(b)))
    merged: list[tuple[str, int, int, int, int]] = []
    for op in ops:
        if merged and merged[-1][0] == op[0] == "equal":
            _, i1, _, j1, _ = merged[-1]
            merged[-1] = ("equal", i1, op[2], j1, op[4])
        else:
            merged.append(op)
    return merged


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
    """The units of ``text`` (words, numbers, other characters; no whitespace) in comparison
    form, and where each starts."""
    matches = list(_UNIT_PATTERN.finditer(text))
    units: list[str] = []
    known = _UNIT.get
    for match in matches:
        token = match.group()
        unit = known(token)
        if unit is None:
            unit = _UNIT[token] = nfkc(token).lower()
        units.append(unit)
    return units, [match.start() for match in matches]


_UNIT: dict[str, str] = {}
"""Each unit's comparison form, as met (the words and characters of rulebooks are a small set)."""


def _start(starts: list[int], unit: int, text: str) -> int:
    """Offset in ``text`` where unit ``unit`` starts (whitespace before the first unit included)."""
    if unit == 0:
        return 0
    return starts[unit] if unit < len(starts) else len(text)


def _absorb_short_equalities(runs: list[_Run]) -> list[_Run]:
    """Fold an equal run into the changes around it when it is no longer than they are."""
    changed = True
    while changed:
        changed = False
        for index, run in enumerate(runs):
            if run.kind is not OpKind.EQUAL or index == 0 or index == len(runs) - 1:
                continue
            before = _edit_length(runs, index, -1)
            after = _edit_length(runs, index, 1)
            if before and after and len(run.new.strip()) <= min(before, after):
                runs = _joined(
                    [
                        *runs[:index],
                        _Run(OpKind.DELETE, run.old, ""),
                        _Run(OpKind.INSERT, "", run.new),
                        *runs[index + 1 :],
                    ]
                )
                changed = True
                break
    return runs


def _joined(runs: list[_Run]) -> list[_Run]:
    """Adjacent equal runs joined; the changes between two equal runs as one delete then one insert."""
    out: list[_Run] = []
    deleted: list[str] = []
    inserted: list[str] = []

    def flush() -> None:
        if deleted:
            out.append(_Run(OpKind.DELETE, "".join(deleted), ""))
        if inserted:
            out.append(_Run(OpKind.INSERT, "", "".join(inserted)))
        deleted.clear()
        inserted.clear()

    for run in runs:
        if run.kind is OpKind.DELETE:
            deleted.append(run.old)
        elif run.kind is OpKind.INSERT:
            inserted.append(run.new)
        else:
            flush()
            if out and out[-1].kind is OpKind.EQUAL:
                out[-1] = _Run(OpKind.EQUAL, out[-1].old + run.old, out[-1].new + run.new)
            elif run.new or run.old:
                out.append(run)
    flush()
    return out


def _edit_length(runs: list[_Run], index: int, step: int) -> int:
    """The larger of the deleted and inserted lengths next to ``runs[index]`` on one side."""
    deleted = inserted = 0
    k = index + step
    while 0 <= k < len(runs) and runs[k].kind is not OpKind.EQUAL:
        deleted += len(runs[k].old)
        inserted += len(runs[k].new)
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
