"""The Divine Cross card-text reader against every card text of the Divine Cross scenarios.

Each text is either read to exactly the structure its scenario gives by hand, or reported as
unread (naming the phrase and the card); never read to something else. The two lists below are
the spec of what is not read yet and where a scenario writes something its printed text does not
say: a change to either side must update them.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from judgekit.cards.corpus import CardText, card_texts, differences, read
from judgekit.cards.divine_cross import read_card, read_effects, read_ex, read_skill
from judgekit.cards.errors import UnreadText
from judgekit.cli import app
from tests.cards.corpus_checks import reads_as_given, unread_count

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios" / "divine-cross"
TEXTS = list(card_texts(SCENARIOS))

NOT_READ = {
    "gained-skill-needs-attribute.toml swordsman": "スキル「紅蓮斬」を得る: its cost and damage are not printed",
}
"""Texts the reader does not read yet, and why."""

SCENARIO_DIFFERS: dict[str, str] = {}
"""Texts the reader reads to something other than their scenario's hand-written structure, where the text
says what the reader reads (left for the scenarios' authors to settle)."""


@pytest.mark.parametrize("item", TEXTS, ids=[t.label for t in TEXTS])
def test_scenario_text_reads_to_the_given_structure(item: CardText) -> None:
    reads_as_given(item, read, differences, NOT_READ, SCENARIO_DIFFERS)


def test_how_many_texts_are_read() -> None:
    """The count the report gives: every scenario text but the NOT_READ ones is read."""
    assert len(TEXTS) >= 100
    assert unread_count(TEXTS, read) == len(NOT_READ)


def test_unread_phrase_is_named_with_its_position() -> None:
    text = "自分のデッキを2枚引く。このユニットはスキル「紅蓮斬」を得る。"
    with pytest.raises(UnreadText) as caught:
        read_effects(text, card="test-card")
    assert caught.value.position == text.index("この")
    assert caught.value.phrase.startswith("このユニット")
    assert "test-card" in str(caught.value)
    assert f"character {text.index('この') + 1}" in str(caught.value)


def test_parsed_but_unclear_target_is_not_guessed() -> None:
    """「相手のユニットに」 in an effect: one chosen unit or every unit? The reader does not choose."""
    text = "自分のデッキを2枚引く。相手のユニットに300ダメージを与える。"
    with pytest.raises(UnreadText) as caught:
        read_effects(text)
    assert caught.value.phrase.startswith("相手のユニットに300ダメージ")
    assert caught.value.position == text.index("相手")


def test_static_every_unit_of_a_player() -> None:
    assert read_ex("相手のユニットはHPを回復できない。") == {
        "kind": "static",
        "statics": [{"op": "forbid", "action": "heal", "target": "opponent.all_units"}],
    }


def test_opponent_as_subject_turns_own_around() -> None:
    """「相手は自分の…」: 自分 is the opponent."""
    assert read_effects("相手は自分のメイン・ユニットに報酬マーカーを1つ置いてもよい。") == [
        {
            "op": "if_done",
            "optional": True,
            "do": [{"op": "place_marker", "target": "opponent.main", "marker": "報酬", "count": 1}],
            "chooser": "opponent",
        }
    ]


def test_full_width_digits_and_middle_dot_variants() -> None:
    assert read_effects("相手のメインユニットに２００ダメージを与える。") == read_effects(
        "相手のメイン・ユニットに200ダメージを与える。"
    )


def test_skill_line_and_skill_text() -> None:
    assert read_card("「捨て身」① 400 このユニットに300ダメージを与える。", "unit") == {
        "skills": [
            {"name": "捨て身", "cost": 1, "damage": 400, "effects": [{"op": "damage", "target": "self", "amount": 300}]}
        ]
    }
    assert read_skill("200× このユニットのエネルギー1つにつき200ダメージ。") == {
        "damage": 200,
        "x": True,
        "effects": [{"op": "damage_base", "each": 200, "per": "self.energy"}],
    }


def test_cli_prints_toml_and_sentence() -> None:
    result = CliRunner().invoke(app, ["card", "divine-cross", "自分のデッキを2枚引く。"])
    assert result.exit_code == 0, result.output
    assert 'effects = [{ op = "draw", player = "own", count = 2 }]' in result.output
    assert "you draw 2 cards" in result.output


def test_cli_pasted_toml_is_the_vocabulary() -> None:
    """What the command prints loads as TOML and validates as the scenario's card model."""
    import tomllib

    from pydantic import TypeAdapter

    from judgekit.games.divine_cross.cards import CardDef

    text = "EX 自分のターンに1回使える。このユニットのHPを100回復する。"
    result = CliRunner().invoke(app, ["card", "divine-cross", text])
    assert result.exit_code == 0, result.output
    toml_part = result.output.split("\n\n")[0]
    keys = tomllib.loads(toml_part)
    card = TypeAdapter(CardDef).validate_python({"name": "x", "type": "unit", "hp": 100, **keys})
    assert card.ex[0].kind == "activated"


def test_cli_unread_exits_2_naming_the_phrase() -> None:
    result = CliRunner().invoke(
        app, ["card", "divine-cross", "このユニットはスキル「紅蓮斬」を得る。", "--kind", "unit"]
    )
    assert result.exit_code == 2
    assert "could not read" in result.output
    assert "Traceback" not in result.output


def test_cli_game_without_reader_exits_2() -> None:
    result = CliRunner().invoke(app, ["card", "chess", "カードを1枚引く。"])
    assert result.exit_code == 2
    assert "divine-cross" in result.output


RULEBOOK_PHRASES = [
    # 906.1 チャージする
    ("自分のメイン・ユニットにチャージする。", [{"op": "charge", "target": "own.main"}]),
    # 905.2 エネルギーとして付ける
    (
        "自分のデッキの上からカードを1枚このユニットにエネルギーとして付ける。",
        [{"op": "attach_energy", "target": "self", "source": "deck", "count": 1}],
    ),
    # 913 退却させる
    ("相手のメイン・ユニットを退却させる。", [{"op": "retreat", "player": "opponent"}]),
    # 910.2 手札を捨てる with no count: the whole hand
    ("相手は手札を捨てる。", [{"op": "discard", "player": "opponent", "all": True}]),
    # 925.2 …してもよい。そうしなかったなら…
    (
        "自分のデッキを1枚引いてもよい。そうしなかったなら、自分の手札を1枚捨てる。",
        [
            {
                "op": "if_done",
                "optional": True,
                "do": [{"op": "draw", "count": 1}],
                "otherwise": [{"op": "discard", "count": 1}],
            }
        ],
    ),
]


@pytest.mark.parametrize(("text", "expected"), RULEBOOK_PHRASES, ids=[t for t, _ in RULEBOOK_PHRASES])
def test_rulebook_phrasing(text: str, expected: list[dict[str, object]]) -> None:
    from pydantic import TypeAdapter

    from judgekit.games.divine_cross.cards import Effect

    adapter: TypeAdapter[tuple[Effect, ...]] = TypeAdapter(tuple[Effect, ...])
    assert adapter.validate_python(read_effects(text)) == adapter.validate_python(expected)


def test_otherwise_needs_an_optional_action() -> None:
    """925.2 defines そうしなかったなら only after …してもよい; anywhere else it is not read."""
    text = "カードを1枚引く。そうしなかったなら、自分の手札を1枚捨てる。"
    with pytest.raises(UnreadText, match=r"925\.2") as caught:
        read_effects(text)
    assert caught.value.position == text.index("そうしなかった")
    assert caught.value.phrase == "そうしなかったなら、自分の手札を1枚捨てる。"


STATIC_CONDITIONS = [
    ("自分の手札が3枚以上であるかぎり、このユニットのHP+200。", {"count": "own.hand", "at_least": 3}),
    ("自分のターンであるかぎり、このユニットのHP+200。", {"turn": "own"}),
    ("自分がウィニングチケットを持っているかぎり、このユニットのHP+200。", {"winning_ticket": "own"}),
    ("このユニットのエネルギーが2つ以下であるかぎり、このユニットのHP+200。", {"count": "self.energy", "at_most": 2}),
]


@pytest.mark.parametrize(("text", "condition"), STATIC_CONDITIONS, ids=[t for t, _ in STATIC_CONDITIONS])
def test_static_condition(text: str, condition: dict[str, object]) -> None:
    assert read_ex(text) == {
        "kind": "static",
        "condition": condition,
        "statics": [{"op": "hp", "by": 200, "target": "self"}],
    }


def test_chosen_unit_then_stunned() -> None:
    assert read_effects("相手のスタンバイ・ユニットを1体選び、気絶させる。") == [
        {"op": "stun", "target": "opponent.standby"}
    ]
