"""The Code of Joker card-text reader against every card text of the Code of Joker scenarios.

Each text is either read to exactly the structure its scenario gives by hand, or reported as
unread (naming the phrase and the card); never read to something else. The two lists below are
the spec of what is not read yet and where a scenario writes something its printed text does not
say: a change to either side must update them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from judgekit.cards.code_of_joker import guess_type, read_ability, read_card, read_effects, read_field
from judgekit.cards.corpus_code_of_joker import CardText, card_texts, differences, read
from judgekit.cards.errors import UnreadText
from tests.cards.corpus_checks import reads_as_given, unread_count

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios" / "code-of-joker"
TEXTS = list(card_texts(SCENARIOS))

NOT_READ: dict[str, str] = {}
"""Texts the reader does not read yet, and why."""

SCENARIO_DIFFERS: dict[str, str] = {}
"""Texts the reader reads to something other than their scenario's hand-written structure, where the text
says what the reader reads (left for the scenarios' authors to settle)."""


@pytest.mark.parametrize("item", TEXTS, ids=[t.label for t in TEXTS])
def test_scenario_text_reads_to_the_given_structure(item: CardText) -> None:
    reads_as_given(item, read, differences, NOT_READ, SCENARIO_DIFFERS)


def test_how_many_texts_are_read() -> None:
    """The count the report gives: every scenario text but the NOT_READ ones is read."""
    assert len(TEXTS) >= 70
    assert unread_count(TEXTS, read) == len(NOT_READ)


# --- the templated language beyond the scenarios' texts ----------------------------------------


def test_game_state_conditions_on_an_effect() -> None:
    """「自分のライフが3以下なら、…」 and 「自分のユニットが2体以上なら、…」 (カード効果について/2)."""
    ability = read_ability(
        "このユニットがフィールドに出た時、自分のライフが3以下なら、カードを1枚引く。"
        "自分のユニットが2体以上なら、対戦相手のユニット1体に2000ダメージを与える。"
    )
    assert ability == {
        "on": "enter",
        "of": "self",
        "effects": [
            {
                "op": "if",
                "condition": {"count": "life", "player": "own", "at_most": 3},
                "then": [{"op": "draw", "player": "own", "count": 1}],
            },
            {
                "op": "if",
                "condition": {"count": "units", "player": "own", "at_least": 2},
                "then": [{"op": "damage", "target": {"side": "opponent"}, "amount": 2000}],
            },
        ],
    }


@pytest.mark.parametrize(
    ("text", "condition"),
    [
        ("相手の手札が5枚以上なら、", {"count": "hand", "player": "opponent", "at_least": 5}),
        ("対戦相手のCPが3以下なら、", {"count": "cp", "player": "opponent", "at_most": 3}),
        ("自分の赤のユニットが2体以上なら、", {"count": "units", "player": "own", "color": "red", "at_least": 2}),
        ("自分の捨札が10枚以上なら、", {"count": "discard", "player": "own", "at_least": 10}),
        ("自分のトリガーゾーンのカードが1枚以下なら、", {"count": "trigger", "player": "own", "at_most": 1}),
    ],
)
def test_conditions_of_the_terms(text: str, condition: dict[str, object]) -> None:
    assert read_effects(text + "カードを1枚引く。")[0]["condition"] == condition


def test_instructions_of_the_page() -> None:
    fx = read_effects(
        "対戦相手のBP3000以下のユニット1体を手札に戻す。自分のユニットすべての行動権を回復する。"
        "そのユニットのレベルを1下げる。自分のユニット1体の基本BP+1000。"
    )
    assert fx == [
        {"op": "bounce", "target": {"side": "opponent", "max_bp": 3000}},
        {"op": "recover", "target": {"side": "own", "all": True}},
        {"op": "level", "target": "subject", "by": -1},
        {"op": "bp", "target": {"side": "own"}, "amount": 1000, "base": True},
    ]


def test_a_unit_text_with_keywords_effects_and_field() -> None:
    card = read_card(
        "【次元干渉/コスト2】【加護】このユニットがアタックした時、カードを1枚捨てる。そうした場合、"
        "このユニットのBP+3000。自分の他の緑のユニットのBP+1000。",
        "unit",
    )
    assert card == {
        "keywords": ["次元干渉", "加護"],
        "dimension": 2,
        "abilities": [
            {
                "on": "attack",
                "of": "self",
                "effects": [
                    {
                        "op": "if_done",
                        "do": [{"op": "discard", "player": "own", "count": 1}],
                        "then": [{"op": "bp", "target": "self", "amount": 3000}],
                    }
                ],
            }
        ],
        "field": [{"side": "own", "other": True, "color": "green", "bp": 1000}],
    }


def test_field_keyword() -> None:
    assert read_field("自分のユニットは【不屈】を得る。") == {"side": "own", "keywords": ["不屈"]}


def test_card_kinds_are_guessed() -> None:
    assert guess_type("【不滅】") == "unit"
    assert guess_type("相手のユニットがアタックした時、そのユニットを破壊する。") == "trigger"
    assert guess_type("カードを2枚引く。") == "joker"


def test_unread_phrase_is_named_with_its_position() -> None:
    text = "カードを1枚引く。このユニットを山札の一番下に置く。"
    with pytest.raises(UnreadText) as caught:
        read_effects(text, card="test-card")
    assert caught.value.position == text.index("この")
    assert caught.value.phrase.startswith("このユニット")
    assert "test-card" in str(caught.value)


def test_parsed_but_unclear_is_not_guessed() -> None:
    """「相手の他のユニットが…時」: other than which unit? The reader does not choose."""
    with pytest.raises(UnreadText) as caught:
        read_ability("相手の他のユニットがアタックした時、カードを1枚引く。")
    assert "other than which unit" in str(caught.value)


@pytest.mark.parametrize(
    ("text", "effects"),
    [
        (
            "対戦相手のユニット1体を選び、それに3000ダメージを与える。",
            [{"op": "damage", "target": {"side": "opponent"}, "amount": 3000}],
        ),
        ("ユニットを2体選択し、それを破壊する。", [{"op": "destroy", "target": {"side": "any", "count": 2}}]),
        (
            "自分のユニット1体と対戦相手のユニット1体を選び、それらを手札に戻す。",
            [{"op": "bounce", "target": {"side": "own"}}, {"op": "bounce", "target": {"side": "opponent"}}],
        ),
        (
            "自分のライフが3以下の場合、このユニットのBPを+2000する。",
            [
                {
                    "op": "if",
                    "condition": {"count": "life", "player": "own", "at_most": 3},
                    "then": [{"op": "bp", "target": "self", "amount": 2000}],
                }
            ],
        ),
        ("そのユニットの行動権を消費させる。", [{"op": "consume", "target": "subject"}]),
        ("対戦相手のCPを2減らす。", [{"op": "cp", "player": "opponent", "by": -2}]),
        ("このユニットは【不屈】を得る。", [{"op": "grant", "target": "self", "keyword": "不屈"}]),
        (
            "自分の赤属性のユニットすべてのBP+1000。",
            [{"op": "bp", "target": {"side": "own", "color": "red", "all": True}, "amount": 1000}],
        ),
        ("カードを1枚ドローする。", [{"op": "draw", "player": "own", "count": 1}]),
        ("そのユニットのレベル+1。", [{"op": "level", "target": "subject", "by": 1}]),
    ],
)
def test_templated_variants(text: str, effects: list[dict[str, object]]) -> None:
    assert read_effects(text) == effects


@pytest.mark.parametrize("text", ["それを破壊する。", "対戦相手のユニット1体を選び、カードを1枚引く。"])
def test_a_pick_without_its_units_is_not_guessed(text: str) -> None:
    with pytest.raises(UnreadText):
        read_effects(text)


def test_a_unit_text_with_several_effects() -> None:
    """An effect's timing after another effect's sentences starts the unit's next effect."""
    card = read_card(
        "【不屈】このユニットが破壊された時、カードを1枚引く。自分のターン終了時、このユニットを破壊する。"
        "自分の他のユニットがアタックした時、そのユニットのBP+1000。自分の他の赤のユニットのBP+1000。",
        "unit",
    )
    assert [(a["on"], a["of"]) for a in card["abilities"]] == [
        ("destroyed", "self"),
        ("turn_end", "own"),
        ("attack", "other_own"),
    ]
    assert card["abilities"][1]["effects"] == [{"op": "destroy", "target": "self"}]
    assert card["field"] == [{"side": "own", "other": True, "color": "red", "bp": 1000}]
    with pytest.raises(UnreadText):
        read_ability("このユニットが破壊された時、カードを1枚引く。自分のターン終了時、このユニットを破壊する。")
