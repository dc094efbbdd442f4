"""Nothing is lost: every content line of the three outline documents reaches some node.

Also the properties every outline book must have (unique, resolvable, deterministic ids; ids
that stay put when text elsewhere moves) and the outline parser's errors.

The no-loss check is written here from the source's side, without the parser's code: every
non-blank line, split into tab cells, with list bullets and the ``・`` of headings removed, must
be found (whitespace-insensitively, after :func:`rules_index.normalize.search_key`, table cell
separators ignored) in a node whose span covers the line — its title and text, an example or a
figure — or in the document heading, a changelog entry covering it, a dropped span, or an
UNPLACED lint.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from rules_index.catalog import load_catalog, parse_document
from rules_index.errors import JudgekitError, ParseError
from rules_index.model import DocumentInfo, LintKind, RuleBook, SourceSpan
from rules_index.normalize import search_key
from rules_index.outline import parse_outline

ROOTS = Path(__file__).resolve().parents[1] / "roots"

OUTLINES = [
    ("code-of-joker", "rules-page", 328, 248),
    ("dice-castle", "detailed-rules", 209, 182),
    ("divine-cross", "beginner", 72, 51),
]
"""The outline documents: game, document, content fragments (tab cells apart), nodes parsed."""

_MARKER = re.compile(r"^\s*[-•・●]\s*")


@dataclass(frozen=True, slots=True)
class Fragment:
    """A non-blank piece of a source line (a line, or one tab-separated cell of it)."""

    line: int
    """The source line, 1-based."""
    key: str
    """Comparable form: bullet removed, search key, table separators removed."""


def comparable(text: str) -> str:
    return search_key(text).replace("|", "")


def fragments(source: str) -> list[Fragment]:
    found = []
    for number, line in enumerate(source.splitlines(), start=1):
        for cell in line.split("\t"):
            key = comparable(_MARKER.sub("", cell))
            if key:
                found.append(Fragment(number, key))
    return found


def _covers(span: SourceSpan, line: int) -> bool:
    return span.first_line <= line <= span.last_line


def places(book: RuleBook) -> list[tuple[SourceSpan, str]]:
    """Every (span, comparable text) a fragment may be found in."""
    found = []
    for rule in book.rules:
        whole = comparable(rule.title + rule.text + "".join(example.text for example in rule.examples))
        found.append((rule.span, whole))
        found.extend((extra.span, comparable(extra.text)) for extra in (*rule.examples, *rule.figures))
    for entry in book.changelog:
        found.append((entry.span, comparable("".join(entry.changes))))
    return found


def unreached(book: RuleBook, source: str) -> list[Fragment]:
    """The fragments of ``source`` that reach nothing in ``book`` (empty when nothing is lost)."""
    where = places(book)
    skipped = [*book.dropped, *(i.span for i in book.lint if i.kind is LintKind.UNPLACED and i.span)]
    heading = comparable(book.heading)
    missing = []
    for fragment in fragments(source):
        if any(_covers(span, fragment.line) for span in skipped) or (heading and fragment.key == heading):
            continue
        if not any(_covers(span, fragment.line) and fragment.key in text for span, text in where):
            missing.append(fragment)
    return missing


def parsed(game: str, document: str) -> tuple[RuleBook, str]:
    catalog = load_catalog()
    info = catalog.game(game).document(document).latest
    return parse_document(catalog, info), catalog.text(info)


def synthetic_info(name: str, path: str, title: str = "") -> DocumentInfo:
    return DocumentInfo(
        game=name,
        document="rules",
        kind="rules-page",
        title=title or name,
        version="0",
        date="",
        path=path,
        parser="outline",
    )


FIXTURE = ROOTS / "outline-id-stability"
FIXTURE_TITLE = "サンプルゲーム ルール"


def fixture_book(name: str) -> tuple[RuleBook, str]:
    source = (FIXTURE / name).read_text(encoding="utf-8")
    return parse_outline(
        source, synthetic_info(FIXTURE.name, f"{FIXTURE.name}/{name}", FIXTURE_TITLE)
    ), source


# --------------------------------------------------------------------------- the real documents


@pytest.mark.parametrize(("game", "document", "count", "nodes"), OUTLINES)
def test_every_content_line_reaches_a_node(game: str, document: str, count: int, nodes: int) -> None:
    book, source = parsed(game, document)
    assert len(fragments(source)) == count
    assert len(book.rules) == nodes
    assert unreached(book, source) == []


@pytest.mark.parametrize(("game", "document"), [entry[:2] for entry in OUTLINES])
def test_nothing_is_unplaced(game: str, document: str) -> None:
    book, _ = parsed(game, document)
    assert [i for i in book.lint if i.kind in (LintKind.UNPLACED, LintKind.DUPLICATE)] == []


@pytest.mark.parametrize(("game", "document"), [entry[:2] for entry in OUTLINES])
def test_ids_are_unique_and_the_tree_is_sound(game: str, document: str) -> None:
    book, source = parsed(game, document)
    ids = [rule.id for rule in book.rules]
    assert len(ids) == len(set(ids))
    rules = book.by_id()
    last_line = len(source.splitlines())
    for position, rule in enumerate(book.rules):
        assert rule.order == position
        assert 1 <= rule.span.first_line <= rule.span.last_line <= last_line
        assert rule.span.path == book.info.path
        if rule.parent is None:
            assert (rule.depth, "/" in rule.id) == (0, False)
        else:
            assert rule.id.startswith(rule.parent + "/")
            assert rules[rule.parent].order < rule.order
            assert rule.depth == rules[rule.parent].depth + 1


@pytest.mark.parametrize(("game", "document"), [entry[:2] for entry in OUTLINES])
def test_parsing_is_deterministic(game: str, document: str) -> None:
    first, _ = parsed(game, document)
    second, _ = parsed(game, document)
    assert first == second


def test_the_check_notices_lost_text() -> None:
    book, source = parsed("code-of-joker", "rules-page")
    damaged = tuple(replace(r, text="") if r.id == "用語/トリガーゾーン/2" else r for r in book.rules)
    assert [f.line for f in unreached(replace(book, rules=damaged), source)] == [137]


def test_the_check_notices_text_under_the_wrong_rule() -> None:
    """The right words under the wrong rule do not count: the node's span must cover the line."""
    book, source = parsed("dice-castle", "detailed-rules")
    second, third = "ゲーム全体のルール/勝敗のチェック/2", "ゲーム全体のルール/勝敗のチェック/3"
    example = book.by_id()[second].examples[0]
    assert example.text.startswith("例2:")
    moved = tuple(
        replace(r, examples=(), span=replace(r.span, last_line=r.span.first_line))
        if r.id == second
        else replace(r, text=r.text + example.text)
        if r.id == third
        else r
        for r in book.rules
    )
    assert [f.line for f in unreached(replace(book, rules=moved), source)] == [36, 37]


def test_the_check_notices_a_figure_that_went_missing() -> None:
    book, source = parsed("divine-cross", "beginner")
    bare = tuple(replace(r, figures=()) for r in book.rules)
    assert [f.line for f in unreached(replace(book, rules=bare), source)] == [
        26,
        28,
        30,
        31,
        33,
        34,
        36,
        37,
        39,
        40,
    ]


# --------------------------------------------------------------------------- ids stay put


def test_ids_stay_when_text_is_inserted_elsewhere() -> None:
    expected = tomllib.loads((FIXTURE / "expected.toml").read_text(encoding="utf-8"))
    before = fixture_book("original.txt")[0].by_id()
    after = fixture_book("edited.txt")[0].by_id()
    for rule_id in expected["stable"]:
        assert (after[rule_id].title, after[rule_id].text) == (before[rule_id].title, before[rule_id].text), (
            rule_id
        )
    for old, new in expected["shifted"].items():
        assert after[new].text == before[old].text, old
    for rule_id, text in expected["inserted"].items():
        assert after[rule_id].text == text
    unaffected = {
        rule_id for rule_id in before if not rule_id.startswith(("準備/", "ターンの流れ/ドローフェイズ/"))
    }
    assert unaffected <= set(expected["stable"])
    assert len(after) == len(before) + 2


def test_the_fixture_loses_nothing() -> None:
    for name in ("original.txt", "edited.txt"):
        book, source = fixture_book(name)
        assert book.heading == FIXTURE_TITLE
        assert unreached(book, source) == []
        assert (
            book.by_id()["ターンの流れ/メインフェイズ/3"].examples[0].text
            == "例: 「突撃」を使い、ユニットのBPを上げる。"
        )


# --------------------------------------------------------------------------- errors and findings


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("", "expected an outline (headings followed by text), but the file has no text"),
        ("  \n\t\t\n\n", "expected an outline (headings followed by text), but the file has no text"),
        ("見出し\x00\n", "expected the text of an outline document, found binary data"),
        ("本文の一行目。\n本文の二行目。\n", "expected an outline with headings"),
    ],
)
def test_unparseable_input_raises_a_parse_error(source: str, expected: str) -> None:
    with pytest.raises(ParseError) as caught:
        parse_outline(source, synthetic_info("broken", "broken/rules.txt"))
    assert isinstance(caught.value, JudgekitError)
    assert str(caught.value).startswith("broken/rules.txt: ")
    assert expected in str(caught.value)


def test_a_line_that_cannot_be_placed_is_reported() -> None:
    source = "例: 何の例でもない例。\n\n見出し\n\n本文。\n"
    book = parse_outline(source, synthetic_info("orphan", "orphan/rules.txt"))
    (issue,) = [i for i in book.lint if i.kind is LintKind.UNPLACED]
    assert issue.span == SourceSpan("orphan/rules.txt", 1, 1)
    assert "例: 何の例でもない例。" in issue.message
    assert [rule.id for rule in book.rules] == ["見出し", "見出し/1"]
    assert unreached(book, source) == []
