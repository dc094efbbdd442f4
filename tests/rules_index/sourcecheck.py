"""Test helpers for the numbered parser: the no-loss check and the synthetic rulebooks.

The no-loss check proves that every non-blank content line of a source reaches some node
of the parsed book: a rule's title, text, example or figure, a changelog entry, the
document heading, the dropped list, or an UNPLACED lint. Lines merged by tabs are split
into their fragments first. Comparison is whitespace-insensitive after NFKC
(:func:`rules_index.normalize.search_key`), and a fragment must be found in a node whose
span covers its line, so text that lands in the wrong rule does not count.

The check knows only the markup the parser is allowed to drop (list bullets and the
private-use glyphs publishers use as bullets in change logs, HTML tags,
the ``*`` after Divine Cross examples, the ``※`` of change notes, the parentheses around
FFTCG's inline examples); it does not reuse the parser's code.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from rules_index.errors import ParseError
from rules_index.model import DocumentInfo, LintKind, Rule, RuleBook, RuleKind, SourceSpan
from rules_index.normalize import search_key
from rules_index.numbered import parse_numbered

ROOTS = Path(__file__).resolve().parents[1] / "roots"
"""The synthetic rulebooks (``tests/roots/numbered-*``)."""

_TAG = re.compile(r"</?[A-Za-z][^<>]*>")
_LEADING_MARKER = re.compile(r"^\s*(?:[-※]|[\ue000-\uf8ff])\s*")
_TRAILING_MARKER = re.compile(r"\s*\*\s*$")
_PARENS = str.maketrans("", "", "()")
_DATE = re.compile(r"(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日")
_LEADING_NUMBER = re.compile(r"^[0-9][0-9a-z.\-]*")


@dataclass(frozen=True, slots=True)
class SourceFragment:
    """A non-blank piece of a source line (a whole line, or one cell of a tab-merged line)."""

    line: int
    """The source line, 1-based."""
    text: str
    """The fragment as printed."""
    key: str
    """The comparable form: markup dropped, NFKC, whitespace and parentheses removed."""


def comparable(text: str) -> str:
    """``search_key`` without round parentheses (inline examples leave theirs behind)."""
    return search_key(text).translate(_PARENS)


def content_fragments(source: str) -> list[SourceFragment]:
    """Every non-blank fragment of ``source`` with its comparable key."""
    fragments = []
    for number, line in enumerate(source.splitlines(), start=1):
        for cell in line.split("\t"):
            cleaned = _TRAILING_MARKER.sub("", _LEADING_MARKER.sub("", _TAG.sub(" ", cell)))
            key = comparable(cleaned)
            if key:
                fragments.append(SourceFragment(number, cell.strip(), key))
    return fragments


def rule_key(rule: Rule) -> str:
    """Everything a rule holds, as one comparable string (text first, then its examples)."""
    parts = [rule.title, rule.text, *(e.text for e in rule.examples), *(f.text for f in rule.figures)]
    return comparable("".join(parts))


def _covers(span: SourceSpan, line: int) -> bool:
    return span.first_line <= line <= span.last_line


def _in_rule(fragment: SourceFragment, rule: Rule, key: str) -> bool:
    if fragment.key in key:
        return True
    number = _LEADING_NUMBER.match(fragment.key)
    printed = comparable(rule.id.rsplit("/", 1)[-1])  # an appendix's ``付録A/1.1`` prints ``1.1.``
    if number is None or not number.group(0).startswith(printed):
        return False
    rest = fragment.key[len(printed) :].removeprefix(".")
    return not rest or rest in key


def _in_changelog(fragment: SourceFragment, book: RuleBook) -> bool:
    for entry in book.changelog:
        if not _covers(entry.span, fragment.line):
            continue
        if fragment.key in comparable("".join(entry.changes)):
            return True
        date = _DATE.search(fragment.text)
        if date is not None:
            iso = f"{int(date[1]):04d}-{int(date[2]):02d}-{int(date[3]):02d}"
            version_ok = "ver" not in fragment.key or f"ver.{entry.version}" in fragment.key
            if iso == entry.date and version_ok:
                return True
    return False


def unreached(book: RuleBook, source: str) -> list[SourceFragment]:
    """The content fragments of ``source`` that reach no node of ``book`` (empty when nothing is lost)."""
    keys = [(rule, rule_key(rule)) for rule in book.rules]
    unplaced = [i.span for i in book.lint if i.kind is LintKind.UNPLACED and i.span is not None]
    heading = comparable(book.heading)
    missing = []
    for fragment in content_fragments(source):
        if any(_covers(span, fragment.line) for span in (*book.dropped, *unplaced)):
            continue
        if heading and (fragment.key == heading or (fragment.line <= 3 and fragment.key in heading)):
            continue
        if any(_covers(rule.span, fragment.line) and _in_rule(fragment, rule, key) for rule, key in keys):
            continue
        if _in_changelog(fragment, book):
            continue
        missing.append(fragment)
    return missing


# --------------------------------------------------------------------------- synthetic rulebooks


@dataclass(frozen=True, slots=True)
class SyntheticBook:
    """A tiny rulebook under ``tests/roots/numbered-<name>/``: its source and what parsing must give."""

    name: str
    """The folder name."""
    source: str
    """The text of ``rules.txt``."""
    info: DocumentInfo
    """A DocumentInfo for it (path ``<name>/rules.txt``)."""
    expected: dict[str, Any]
    """``expected.toml``: ids, parents, titles, texts, examples, lint, changelog, or the error."""


def synthetic_books(numbering: str | None = None) -> list[SyntheticBook]:
    """Every synthetic rulebook, or those with the given numbering scheme."""
    books = []
    for folder in sorted(ROOTS.glob("numbered-*")):
        expected = tomllib.loads((folder / "expected.toml").read_text(encoding="utf-8"))
        if numbering is not None and expected["numbering"] != numbering:
            continue
        info = DocumentInfo(
            game=folder.name,
            document="rules",
            kind="comprehensive-rules",
            title=folder.name,
            version=str(expected.get("version", "0")),
            date=str(expected.get("date", "")),
            path=f"{folder.name}/rules.txt",
            parser="numbered",
            numbering=expected["numbering"],
        )
        source = (folder / "rules.txt").read_text(encoding="utf-8")
        books.append(SyntheticBook(folder.name, source, info, expected))
    return books


def check_synthetic(synthetic: SyntheticBook) -> None:
    """Compare a parsed synthetic rulebook with its expected.toml."""
    expected = synthetic.expected
    if "error" in expected:
        with pytest.raises(ParseError) as caught:
            parse_numbered(synthetic.source, synthetic.info)
        assert str(caught.value).startswith(expected["error"])
        return
    parsed = parse_numbered(synthetic.source, synthetic.info)
    rules = parsed.by_id()
    assert [r.id for r in parsed.rules] == expected["ids"]
    assert parsed.heading == expected["heading"]
    for rule_id, parent in expected.get("parents", {}).items():
        assert rules[rule_id].parent == parent, rule_id
    for rule_id, title in expected.get("titles", {}).items():
        assert (rules[rule_id].title, rules[rule_id].kind) == (title, RuleKind.SECTION), rule_id
    for rule_id, text in expected.get("texts", {}).items():
        assert rules[rule_id].text == text, rule_id
    for rule_id, texts in expected.get("examples", {}).items():
        assert [e.text for e in rules[rule_id].examples] == texts, rule_id
    for rule_id, texts in expected.get("figures", {}).items():
        assert [f.text for f in rules[rule_id].figures] == texts, rule_id
    assert [[s.first_line, s.last_line] for s in parsed.dropped] == expected["dropped"]
    log = [{"version": e.version, "date": e.date, "changes": list(e.changes)} for e in parsed.changelog]
    assert log == expected.get("changelog", [])
    lint = [[i.kind.value, i.severity.value, i.rule_id or "", i.span.first_line if i.span else 0] for i in parsed.lint]
    assert lint == expected["lint"]["issues"]
