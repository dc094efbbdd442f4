"""Numbering schemes: how rulebooks number their rules, and which scheme a text uses.

A scheme reads the number at the start of a line into one or more *candidates* (readings in
rule form, most literal first) and knows how its numbers follow each other. The schemes are
families of published numbering, not games:

* ``three-digit``: three-digit sections under one-digit chapters, rules and lettered subrules
  with or without a closing period (``1.``, ``100.``, ``100.1.``, ``100.1a``), letters ``l`` and
  ``o`` skipped where the document skips them (Magic: The Gathering);
* ``divine-cross``: three-digit chapters and sections, lettered rules and numbered items
  (``100.``, ``101.1.``, ``105.3a.``, ``403.3a-1``);
* ``dotted``: dotted numbers of any depth with a trailing period (``1.``, ``5.2.1.``,
  ``8.3.15.1.1.``), numbers without it read as glued text (FFTCG, Love Live);
* ``dotted-bare``: the same without the trailing period (``1.2.3 text``).

:func:`detect_scheme` picks one from the text itself; a manifest may still name one.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum

NumberPath = tuple[int, ...]
"""A rule number as a path of integers: DC ``105.3a`` → (1, 5, 3, 1), FFTCG ``5.2.1`` → (5, 2, 1)."""

StartOrdinals = tuple[int, ...]
"""The first ordinal of each level of a path, where it is not 1 (Magic's sections start at 0)."""

_DC_NUMBER = re.compile(r"(?P<section>\d+)\.(?:(?P<rule>\d+)(?:(?P<letter>[a-z])(?:-(?P<item>\d+))?)?(?P<dot>\.)?)?")
_DOTTED_NUMBER = re.compile(r"\d+(?:\.\d+)*")
_THREE_DIGIT_NUMBER = re.compile(r"(?P<section>\d{3})\.(?:(?P<rule>\d+)(?P<letter>[a-z])?(?P<dot>\.)?)?(?![\w.])")
_CHAPTER_NUMBER = re.compile(r"(?P<chapter>[1-9])\.(?=\s+\S)")
_SKIPPED_LETTERS = "lo"


class Step(StrEnum):
    """How a number follows the previous one in the numbering sequence."""

    FIRST = "first"
    """The first number of the document (``1.`` / ``100.``)."""
    FIRST_CHILD = "first-child"
    """The first child of the previous number (``5.2`` → ``5.2.1``)."""
    NEXT_SIBLING = "next-sibling"
    """The next number at the same level (``5.2.1`` → ``5.2.2``)."""
    ANCESTOR_SIBLING = "ancestor-sibling"
    """The next sibling of an ancestor (``5.2.1.3`` → ``5.3``)."""
    SKIP = "skip"
    """Two or more levels down at once (``11.4.6`` → ``11.4.6.1.1``): a parent was never printed."""


@dataclass(frozen=True, slots=True)
class Candidate:
    """One reading of the number at the start of a line."""

    id: str
    """The rule id this reading gives, as printed without the trailing period."""
    path: NumberPath
    """The number as a path of integers."""
    rest: str
    """The text after the number under this reading."""
    repair: str
    """Empty for the number read as printed; otherwise how this reading repairs the line."""


@dataclass(frozen=True, slots=True)
class NumberMatch:
    """What a numbering scheme sees at the start of a line."""

    printed: str
    """The number-like text as printed (``10.1.2``, ``403.3a-1``, ``1``)."""
    candidates: tuple[Candidate, ...]
    """Readings in rule form, most literal first; empty when the number is not in rule form."""


@dataclass(frozen=True, slots=True)
class NumberingScheme:
    """How one family of rulebooks numbers its rules."""

    name: str
    """The manifest's ``numbering`` value (``divine-cross``, ``dotted``)."""
    match: Callable[[str], NumberMatch | None]
    """Reads the number at the start of a line (bullet already stripped)."""
    format: Callable[[NumberPath], str]
    """Writes a path as the document would print it (for messages)."""
    section_levels: int
    """Numbers with a path this short are always sections (DC ``100.`` and ``101.``: 2)."""
    expected: str
    """How the numbers look, for error messages."""
    starts: StartOrdinals = field(default=())
    """The first ordinal of each level where it is not 1 (see :func:`step_between`)."""


def match_divine_cross(text: str) -> NumberMatch | None:
    """Divine Cross numbers: ``100.`` (chapter), ``101.`` (section), ``101.1.``, ``105.3a.``, ``403.3a-1``.

    Chapters are the multiples of 100 and sections hang under them, so ``101`` is (1, 1) and
    ``1000`` is (10,). Items under a lettered rule are printed without a trailing period. An
    item number of two digits or more is also read as a sub-item of the item before it
    (``804.2c-31`` after ``804.2c-3``), and an item or rule without its period may be a
    number glued to text that starts with a digit.
    """
    m = _DC_NUMBER.match(text)
    if m is None:
        return None
    section = int(m["section"])
    base: NumberPath = (section // 100,) if section % 100 == 0 else (section // 100, section % 100)
    rest = text[m.end() :].strip()
    if m["rule"] is None:
        return NumberMatch(m.group(0), (Candidate(m["section"], base, rest, ""),))
    rule_id = f"{m['section']}.{m['rule']}"
    path = (*base, int(m["rule"]))
    if m["letter"] is not None:
        rule_id += m["letter"]
        path = (*path, ord(m["letter"]) - ord("a") + 1)
    item = m["item"]
    printed = m.group(0).rstrip(".")
    if item is None:
        if m["dot"]:
            return NumberMatch(printed, (Candidate(rule_id, path, rest, ""),))
        glued = _glued_reading(rule_id, path, text[m.end() :], printed)
        return NumberMatch(printed, glued)
    readings = [Candidate(f"{rule_id}-{item}", (*path, int(item)), rest, "")]
    if len(item) > 1:
        readings.append(
            Candidate(
                f"{rule_id}-{item}",
                (*path, int(item[:-1]), int(item[-1])),
                rest,
                f"{rule_id}-{item} read as sub-item {item[-1]} of {rule_id}-{item[:-1]}",
            )
        )
        if not m["dot"]:
            parent_item = f"{rule_id}-{item[:-1]}"
            glued_text = item[-1:] + text[m.end() :]
            readings.extend(_glued_reading(parent_item, (*path, int(item[:-1])), glued_text, printed))
    return NumberMatch(printed, tuple(readings))


def match_dotted(text: str) -> NumberMatch | None:
    """Dotted numbers (FFTCG): ``1.``, ``5.2.1.``, ``15.1.1.9.5.``, often glued to the text.

    The trailing period is part of the rule form. A number without it is text, unless its
    last component is a digit of the text glued to a shorter number: ``15.2.3.2.1 体以上``
    also reads as ``15.2.3.2.`` followed by ``1 体以上``.
    """
    m = _DOTTED_NUMBER.match(text)
    if m is None:
        return None
    printed = m.group(0)
    parts = printed.split(".")
    path = tuple(int(p) for p in parts)
    after = text[m.end() :]
    if after.startswith("."):
        return NumberMatch(printed, (Candidate(printed, path, after[1:].strip(), ""),))
    if len(parts) < 2:
        return NumberMatch(printed, ())
    shorter = ".".join(parts[:-1])
    return NumberMatch(printed, _glued_reading(shorter, path[:-1], parts[-1] + after, printed))


def format_divine_cross(path: NumberPath) -> str:
    """A path written as a Divine Cross number.

    (1,) → ``100``, (1, 1) → ``101``, (1, 5, 3, 1) → ``105.3a``, (4, 3, 3, 1, 1) → ``403.3a-1``.
    """
    number = str(path[0] * 100 + (path[1] if len(path) > 1 else 0))
    if len(path) > 2:
        number += f".{path[2]}"
    if len(path) > 3:
        number += chr(ord("a") + path[3] - 1)
    if len(path) > 4:
        number += "-" + "".join(str(part) for part in path[4:])
    return number


def format_dotted(path: NumberPath) -> str:
    """A path written as a dotted number: (5, 2, 1) → ``5.2.1``."""
    return ".".join(str(part) for part in path)


def _glued_reading(rule_id: str, path: NumberPath, rest: str, printed: str) -> tuple[Candidate, ...]:
    """The reading of ``printed`` as the shorter number ``rule_id`` whose text starts with a digit."""
    digits = re.match(r"\d+", rest)
    if digits is None or rest[digits.end() :].startswith("."):
        return ()
    repair = f"{printed!r} read as rule {rule_id} whose text starts with {rest.strip()[:12]!r}"
    return (Candidate(rule_id, path, rest.strip(), repair),)


def letter_ordinal(letter: str, skipped: str) -> int:
    """The ordinal of a subrule letter: ``a`` is 1; letters in ``skipped`` are not counted."""
    return sum(1 for ch in "abcdefghijklmnopqrstuvwxyz"[: ord(letter) - ord("a") + 1] if ch not in skipped)


def ordinal_letter(ordinal: int, skipped: str) -> str:
    """The letter of a subrule ordinal (inverse of :func:`letter_ordinal`)."""
    letters = [ch for ch in "abcdefghijklmnopqrstuvwxyz" if ch not in skipped]
    return letters[ordinal - 1] if 0 < ordinal <= len(letters) else f"?{ordinal}"


def three_digit_matcher(skipped: str) -> Callable[[str], NumberMatch | None]:
    """The reader of three-digit numbers: ``1.`` chapter, ``100.`` section, ``100.1.`` rule, ``100.1a`` subrule.

    Sections are numbered from ``X00`` inside chapter ``X``, so ``100.`` is (1, 0) and ``905.`` is
    (9, 5). A rule may be printed with or without its period (``100.1.``, ``100.1``), a subrule
    with or without one (``100.1a``, ``100.1a.``).
    """

    def match(text: str) -> NumberMatch | None:
        m = _THREE_DIGIT_NUMBER.match(text)
        if m is None:
            chapter = _CHAPTER_NUMBER.match(text)
            if chapter is None:
                return _digits_only(text)
            number = chapter["chapter"]
            return NumberMatch(number, (Candidate(number, (int(number),), text[chapter.end() :].strip(), ""),))
        section = int(m["section"])
        path: NumberPath = (section // 100, section % 100)
        rest = text[m.end() :].strip()
        if m["rule"] is None:
            return NumberMatch(m["section"], (Candidate(m["section"], path, rest, ""),))
        rule_id = f"{m['section']}.{m['rule']}"
        path = (*path, int(m["rule"]))
        if m["letter"] is not None:
            if m["letter"] in skipped:
                return NumberMatch(m.group(0).rstrip("."), ())
            rule_id += m["letter"]
            path = (*path, letter_ordinal(m["letter"], skipped))
        return NumberMatch(rule_id, (Candidate(rule_id, path, rest, ""),))

    return match


def three_digit_formatter(skipped: str) -> Callable[[NumberPath], str]:
    """Writes a path as a three-digit number: (1,) → ``1``, (1, 0, 1, 1) → ``100.1a``."""

    def format_path(path: NumberPath) -> str:
        if len(path) == 1:
            return str(path[0])
        number = f"{path[0] * 100 + path[1]:03d}"
        if len(path) > 2:
            number += f".{path[2]}"
        if len(path) > 3:
            number += ordinal_letter(path[3], skipped)
        return number

    return format_path


def match_dotted_bare(text: str) -> NumberMatch | None:
    """Dotted numbers printed without a trailing period (``1.2.3 text``); a period is accepted too.

    A bare single number is a chapter only as a short heading (``1 Overview``); otherwise it is
    a count starting a broken line (``2 cards are drawn.``).
    """
    m = _DOTTED_NUMBER.match(text)
    if m is None:
        return None
    printed = m.group(0)
    after = text[m.end() :]
    with_period = after.startswith(".")
    rest = after[1:] if with_period else after
    if rest[:1].isalnum():
        return NumberMatch(printed, ())
    if not with_period and "." not in printed:
        # ``1 Overview``: a chapter heading only when short and no sentence (not ``2 cards are…``).
        heading = rest.strip()
        if not heading or len(heading) > 40 or re.search(r"[.。!?！？,、]", heading):
            return NumberMatch(printed, ())
    path = tuple(int(p) for p in printed.split("."))
    return NumberMatch(printed, (Candidate(printed, path, rest.strip(), ""),))


def _digits_only(text: str) -> NumberMatch | None:
    """A number-like start that is in no rule form (``20 cards``)."""
    m = re.match(r"\d+", text)
    return NumberMatch(m.group(0), ()) if m else None


SCHEMES: dict[str, NumberingScheme] = {
    "divine-cross": NumberingScheme(
        name="divine-cross",
        match=match_divine_cross,
        format=format_divine_cross,
        section_levels=2,
        expected="Divine Cross numbers such as '100.', '101.1.', '105.3a.' or '403.3a-1'",
    ),
    "dotted": NumberingScheme(
        name="dotted",
        match=match_dotted,
        format=format_dotted,
        section_levels=0,
        expected="dotted numbers such as '1.', '5.2.1.' or '15.1.1.9.5.'",
    ),
    "dotted-bare": NumberingScheme(
        name="dotted-bare",
        match=match_dotted_bare,
        format=format_dotted,
        section_levels=0,
        expected="dotted numbers such as '1.', '5.2.1' or '8.3.15.1.1'",
    ),
    "three-digit": NumberingScheme(
        name="three-digit",
        match=three_digit_matcher(_SKIPPED_LETTERS),
        format=three_digit_formatter(_SKIPPED_LETTERS),
        section_levels=2,
        expected="three-digit numbers such as '1.', '100.', '100.1.' or '100.1a'",
        starts=(1, 0),
    ),
    "three-digit-all-letters": NumberingScheme(
        name="three-digit-all-letters",
        match=three_digit_matcher(""),
        format=three_digit_formatter(""),
        section_levels=2,
        expected="three-digit numbers such as '1.', '100.', '100.1.' or '100.1a'",
        starts=(1, 0),
    ),
}
"""Numbering scheme by the manifest's ``numbering`` value."""


def step_between(previous: NumberPath | None, path: NumberPath, starts: StartOrdinals = ()) -> Step | None:
    """How ``path`` follows ``previous`` in the numbering sequence, or None when it is not plausible.

    ``starts`` gives the first ordinal of each level where it is not 1: Magic's sections run
    ``100.``-``199.`` under chapter ``1.``, so their level starts at 0 (``starts=(1, 0)``).
    """
    if previous is None:
        return Step.FIRST if path == first_path(len(path), starts) and len(path) <= 2 else None
    depth = len(previous)
    if path == (*previous, first_ordinal(depth, starts)):
        return Step.FIRST_CHILD
    if (
        len(path) > depth + 1
        and path[:depth] == previous
        and all(p == first_ordinal(level, starts) for level, p in enumerate(path) if level >= depth)
    ):
        return Step.SKIP
    for level in range(depth):
        if path == (*previous[:level], previous[level] + 1):
            return Step.NEXT_SIBLING if level == depth - 1 else Step.ANCESTOR_SIBLING
    return None


def expected_after(previous: NumberPath | None, starts: StartOrdinals = ()) -> list[NumberPath]:
    """The numbers that may follow ``previous`` without a lint (skips aside)."""
    if previous is None:
        return [(1,)]
    following = [(*previous, first_ordinal(len(previous), starts))]
    following.extend((*previous[:level], previous[level] + 1) for level in reversed(range(len(previous))))
    return following


def first_ordinal(level: int, starts: StartOrdinals) -> int:
    """The first ordinal of ``level`` (0-based position in a path): 1 unless ``starts`` says otherwise."""
    return starts[level] if level < len(starts) else 1


def first_path(length: int, starts: StartOrdinals) -> NumberPath:
    """The first number of a document whose first printed number has ``length`` levels."""
    return tuple(first_ordinal(level, starts) for level in range(length))


# --------------------------------------------------------------------------- detection

_NUMBER_START_LINE = re.compile(r"^[ \t]*(?:-[ \t]*)?\d[^\n]{0,24}", re.MULTILINE)
_DC_ITEM_LINE = re.compile(r"^\s*(?:-\s*)?\d{3,4}\.\d+[a-z]-\d+", re.MULTILINE)
_THREE_DIGIT_LINE = re.compile(r"^\s*\d{3}\.\d+(?:[a-z]\.?|\.)\s", re.MULTILINE)
_THREE_DIGIT_LETTER = re.compile(r"^\s*\d{3}\.\d+(?P<letter>[a-z])\.?\s", re.MULTILINE)
_CHAPTER_LINE = re.compile(r"^\s*[1-9]\.\s+\S", re.MULTILINE)
_SECTION_LINE = re.compile(r"^\s*(?:-\s*)?\d{3,4}\.(?:\s|$)", re.MULTILINE)
_DOTTED_PERIOD_LINE = re.compile(r"^\s*(?:-\s*)?\d{1,2}(?:\.\d{1,3}){1,5}\.", re.MULTILINE)
_DOTTED_BARE_LINE = re.compile(r"^\s*(?:-\s*)?\d{1,2}(?:\.\d{1,3}){1,5}[ \t\u3000]", re.MULTILINE)


@dataclass(frozen=True, slots=True)
class Detection:
    """Which scheme a text uses, and the counts that decided it (for the parse report)."""

    scheme: NumberingScheme | None
    """The scheme, or None when no numbering was found."""
    evidence: dict[str, int]
    """How many lines looked like each form."""


def detect_scheme(text: str) -> Detection:
    """The numbering scheme of ``text``, decided from how its lines start.

    Three-digit rules (``100.1.``, ``100.1a``) with one-digit chapter headings are ``three-digit``
    (letters ``l`` and ``o`` skipped unless a subrule uses them); with numbered items
    (``403.3a-1``) or with the hundreds as chapters they are ``divine-cross``. Otherwise dotted
    numbers of two or more levels decide between ``dotted`` (trailing period) and ``dotted-bare``.
    """
    # Only lines that start with a number (or a bulleted one) can say anything: take them out once.
    numbered = "\n".join(_NUMBER_START_LINE.findall(text))
    evidence = {
        "divine-cross items": len(_DC_ITEM_LINE.findall(numbered)),
        "three-digit rules": len(_THREE_DIGIT_LINE.findall(numbered)),
        "one-digit chapters": len(_CHAPTER_LINE.findall(numbered)),
        "three-digit sections": len(_SECTION_LINE.findall(numbered)),
        "dotted with period": len(_DOTTED_PERIOD_LINE.findall(numbered)),
        "dotted without period": len(_DOTTED_BARE_LINE.findall(numbered)),
    }
    three_digit = evidence["three-digit rules"] + evidence["divine-cross items"]
    dotted = evidence["dotted with period"] + evidence["dotted without period"]
    if three_digit >= 3 and three_digit * 2 >= dotted:
        if evidence["divine-cross items"] or not evidence["one-digit chapters"]:
            return Detection(SCHEMES["divine-cross"], evidence)
        letters = {m["letter"] for m in _THREE_DIGIT_LETTER.finditer(numbered)}
        uses_skipped = any(letter in letters for letter in _SKIPPED_LETTERS)
        return Detection(SCHEMES["three-digit-all-letters" if uses_skipped else "three-digit"], evidence)
    if dotted >= 3:
        bare = evidence["dotted without period"] > evidence["dotted with period"]
        return Detection(SCHEMES["dotted-bare" if bare else "dotted"], evidence)
    return Detection(None, evidence)
