"""The dice-and-castle card-text reader against every card text of the dice-and-castle scenarios.

Each text is either read to exactly the structure its scenario gives by hand, or reported as
unread (naming the phrase and the card); never read to something else. The two lists below are
the spec of what is not read yet and where a scenario writes something its printed text does not
say: a change to either side must update them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from judgekit.cards.corpus_dice_castle import CardText, card_texts, differences, read
from judgekit.cards.dice_castle import read_ability, read_card, read_cost_line
from judgekit.cards.errors import UnreadText
from tests.cards.corpus_checks import reads_as_given, unread_count

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios" / "dice-castle"
TEXTS = list(card_texts(SCENARIOS))

NOT_READ: dict[str, str] = {}
"""Texts the reader does not read yet, and why."""

SCENARIO_DIFFERS: dict[str, str] = {}
"""Texts the reader reads to something other than their scenario's hand-written structure."""


@pytest.mark.parametrize("item", TEXTS, ids=[t.label for t in TEXTS])
def test_scenario_text_reads_to_the_given_structure(item: CardText) -> None:
    reads_as_given(item, read, differences, NOT_READ, SCENARIO_DIFFERS)


def test_how_many_texts_are_read() -> None:
    """The count the report gives: every scenario text but the NOT_READ ones is read."""
    assert len(TEXTS) >= 90
    assert unread_count(TEXTS, read) == len(NOT_READ)


def test_a_reading_that_differs_is_found() -> None:
    """The comparison can fail: a wrong reading of a scenario text is reported."""
    item = next(t for t in TEXTS if t.text == "相手のユニット1体を破壊する。")
    assert differences(item, {"effects": [{"op": "destroy", "target": "any.unit"}]})


def test_the_printed_cost_line() -> None:
    assert read_cost_line("火2水1") == {"fire": 2, "water": 1}
    assert read_cost_line("コスト:闇3") == {"dark": 3}
    with pytest.raises(UnreadText):
        read_cost_line("火2火1")


def test_a_magic_chooses_its_targets_when_played() -> None:
    """単体、全体対象のカード: 「相手のユニット1体」 in a magic's own sentence is a target chosen on play; in a
    condition's sentence (場合) it is chosen on resolution."""
    assert read_card("相手のユニット1体に2ダメージを与える。", "magic") == {
        "targets": [{"what": "unit"}],
        "effects": [{"op": "damage", "target": "chosen", "amount": 2}],
    }
    cond = read_card("自分のユニットが2体以上いる場合、相手のユニット1体を破壊する。", "magic")
    assert "targets" not in cond
    assert cond["effects"][0]["then"] == [{"op": "destroy", "target": "opponent.unit"}]


def test_abilities_of_the_rules() -> None:
    assert read_ability("IN:リゲイン(火1):2ドロー。") == {
        "timing": "in",
        "cost": {"name": "リゲイン", "energy": {"fire": 1}},
        "effects": [{"op": "draw", "count": 2}],
    }
    assert read_ability("OUT:剣3ダメージを与える。") == {
        "timing": "out",
        "effects": [{"op": "damage_castle", "amount": 3}],
    }
    assert read_ability("テイク(このユニット):相手のユニット1体を破壊する。")["cost"] == {
        "name": "テイク",
        "take": "self",
    }


def test_unread_phrase_is_named_with_its_position() -> None:
    text = "1ドロー。相手の手札を1枚捨てる。"
    with pytest.raises(UnreadText) as caught:
        read_card(text, "magic", "test-card")
    assert caught.value.position == text.index("相手")
    assert "test-card" in str(caught.value)


@pytest.mark.parametrize(
    ("text", "printed", "reading"),
    [
        ("2回攻撃", "unit", {"attacks": 2}),
        ("軽減1制限:デッキ1枚", "unit", {"statics": [{"kind": "reduce", "by": 1}], "limited": True}),
        (
            "相手の城が3枚以下の場合、1ドロー。",
            "magic",
            {
                "effects": [
                    {
                        "op": "if",
                        "condition": {"count": "opponent.castle", "at_most": 3},
                        "then": [{"op": "draw", "count": 1}],
                    }
                ]
            },
        ),
        (
            "自分の城壁が1以下の場合、城壁を2得る。",
            "magic",
            {
                "effects": [
                    {
                        "op": "if",
                        "condition": {"count": "own.walls", "at_most": 1},
                        "then": [{"op": "gain_walls", "amount": 2}],
                    }
                ]
            },
        ),
        (
            "相手の2体のユニットを破壊する。",
            "magic",
            {"targets": [{"what": "unit", "count": 2}], "effects": [{"op": "destroy", "target": "chosen", "count": 2}]},
        ),
    ],
)
def test_templated_variants_of_the_rules(text: str, printed: str, reading: dict[str, object]) -> None:
    assert read_card(text, printed, "x") == reading  # type: ignore[arg-type]
