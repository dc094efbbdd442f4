"""Nothing is lost: every content line of each numbered source reaches some node of its book."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules_index.catalog import load_catalog, parse_document
from rules_index.model import LintKind, Rule, RuleBook
from rules_index.numbered import parse_numbered
from tests.rules_index.sourcecheck import SyntheticBook, content_fragments, synthetic_books, unreached

NUMBERED = [("divine-cross", 891), ("fftcg", 741)]
"""The real numbered documents and how many content fragments each has (tab cells counted apart)."""


def parsed(game: str) -> tuple[RuleBook, str]:
    catalog = load_catalog()
    info = catalog.game(game).document(None).latest
    return parse_document(catalog, info), catalog.text(info)


@pytest.mark.parametrize(("game", "fragments"), NUMBERED)
def test_every_content_line_reaches_a_node(game: str, fragments: int) -> None:
    book, source = parsed(game)
    assert len(content_fragments(source)) == fragments
    assert unreached(book, source) == []


@pytest.mark.parametrize("game", [game for game, _ in NUMBERED])
def test_nothing_is_unplaced(game: str) -> None:
    book, _ = parsed(game)
    assert [i for i in book.lint if i.kind is LintKind.UNPLACED] == []


@pytest.mark.parametrize(
    "synthetic",
    [b for b in synthetic_books() if "error" not in b.expected],
    ids=lambda b: b.name,
)
def test_synthetic_rulebooks_lose_nothing(synthetic: SyntheticBook) -> None:
    book = parse_numbered(synthetic.source, synthetic.info)
    assert unreached(book, synthetic.source) == []


def test_the_check_notices_lost_text() -> None:
    book, source = parsed("fftcg")
    damaged = tuple(replace(r, text="") if r.id == "15.1.1.8.1" else r for r in book.rules)
    lost = unreached(replace(book, rules=damaged), source)
    assert [f.line for f in lost] == [889]


def test_the_check_notices_text_in_the_wrong_rule() -> None:
    """The right words under the wrong rule do not count: the node's span must cover the line."""
    book, source = parsed("divine-cross")
    broken = book.by_id()["303.1"].text

    def moved(r: Rule) -> Rule:
        if r.id == "303.1":
            return replace(r, text="")
        if r.id == "303.2":
            return replace(r, text=r.text + broken)
        return r

    lost = unreached(replace(book, rules=tuple(moved(r) for r in book.rules)), source)
    assert [f.line for f in lost] == [249, 251]


def test_the_check_notices_a_dropped_line_that_was_not_declared() -> None:
    book, source = parsed("divine-cross")
    lost = unreached(replace(book, dropped=book.dropped[1:]), source)
    assert [f.line for f in lost] == [5]
