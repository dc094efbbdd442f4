"""The FFTCG card-text reader against every card text of the FFTCG scenarios, and on the rulebook's templates.

Each scenario text is either read to exactly the structure its scenario gives by hand, or reported as
unread (naming the phrase and the card); never read to something else. The two lists below are the spec
of what is not read yet and where a scenario writes something its printed text does not say.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import TypeAdapter
from typer.testing import CliRunner

from judgekit.cards.errors import UnreadText
from judgekit.cards.fftcg import read_ability, read_card, read_card_parts, read_summon
from judgekit.cards.fftcg_corpus import CardText, card_texts, differences, read
from judgekit.cli import app
from judgekit.games.fftcg.cards import Ability, CardDef
from tests.cards.corpus_checks import reads_as_given, unread_count

SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios" / "fftcg"
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
    assert len(TEXTS) >= 100
    assert unread_count(TEXTS, read) == len(NOT_READ)


def test_unread_phrase_is_named_with_its_position() -> None:
    text = "フォワードを1体選ぶ。それをブレイクする。カードを1枚山札に戻す。"
    with pytest.raises(UnreadText) as caught:
        read_summon(text, card="test-card")
    assert caught.value.position == text.index("カードを1枚山札")
    assert caught.value.phrase == "カードを1枚山札に戻す。"
    assert "test-card" in str(caught.value)


def test_the_cards_own_name_is_not_guessed() -> None:
    """Without the card's name, 「ティーダがフィールドに出たとき」 is not taken for this card."""
    text = "ティーダがフィールドに出たとき、カードを1枚引く。"
    with pytest.raises(UnreadText):
        read_ability(text)
    assert read_ability(text, "ティーダ") == {
        "kind": "auto",
        "on": "enters_field",
        "subject": "self",
        "effects": [{"op": "draw", "count": 1}],
    }


def test_a_special_ability_needs_its_name() -> None:
    """11.7.1: a special ability always prints its own name and the S icon."""
    with pytest.raises(UnreadText, match=r"11\.7\.1"):
        read_ability("《S》《火》：カードを1枚引く。")
    assert read_ability("「必殺」《S》《火》《火》《ダル》：カードを1枚引く。")["name"] == "必殺"


def test_an_unnamed_action_ability_reads_without_a_name() -> None:
    reading = read_ability("《ダル》：カードを1枚引く。このアビリティは1ターンに1度しか使用できない。")
    assert "name" not in reading
    assert reading == {"kind": "action", "cost": {"dull": True}, "per_turn": 1, "effects": [{"op": "draw", "count": 1}]}


TEMPLATES = [
    # 11.8.2: 「～時に、……。」 and 「～開始時に……。」
    (
        "あなたのターンのエンドフェイズ開始時に、カードを1枚引く。",
        {"kind": "auto", "on": "end_phase_start", "whose": "own", "effects": [{"op": "draw", "count": 1}]},
    ),
    # 11.8.2: 「～たび、……。」 with 11.8.13's 「[条件]場合、」
    (
        "クラウドがアタックするたび、あなたのダメージが5以上の場合、カードを1枚引く。",
        {
            "kind": "auto",
            "on": "attacks",
            "condition": {"count": "own.damage", "at_least": 5},
            "effects": [{"op": "draw", "count": 1}],
        },
    ),
    # 11.8.14: 「～とき、・・・よい。」 — chosen on resolution
    (
        "クラウドがフィールドに出たとき、あなたはフォワードを1枚サーチし、手札に加えてもよい。",
        None,
    ),
    # 15.2.6: ダメージN
    (
        "ダメージ5 — クラウドはパワー+1000され、ヘイストを得る。",
        {
            "kind": "field",
            "damage": 5,
            "statics": [{"op": "power", "by": 1000}, {"op": "gain", "keywords": ["haste"]}],
        },
    ),
    # 11.6: cost, colon, effect; 15.2.4 凍結
    (
        "《氷》《ダル》：相手のフォワードを1体選ぶ。それをダルにし、凍結する。",
        {
            "kind": "action",
            "cost": {"cp": {"ice": 1}, "dull": True},
            "choose": [{"what": {"type": "forward"}, "whose": "opponent"}],
            "effects": [{"op": "dull", "target": "chosen"}, {"op": "freeze", "target": "chosen"}],
        },
    ),
]


@pytest.mark.parametrize(("text", "expected"), TEMPLATES, ids=[t for t, _ in TEMPLATES])
def test_rulebook_templates(text: str, expected: dict[str, object] | None) -> None:
    adapter = TypeAdapter(Ability)
    if expected is None:
        # サーチし、手札に加えてもよい: the search's own wording is not one the grammar has with もよい
        with pytest.raises(UnreadText):
            read_ability(text, "クラウド")
        return
    assert adapter.validate_python(read_ability(text, "クラウド")) == adapter.validate_python(expected)


def test_a_character_text_box_reads_part_by_part() -> None:
    text = "ヘイスト ブレイブ\nクラウドがフィールドに出たとき、カードを1枚引く。\nクラウドは山を動かす。"
    parts = read_card_parts(text, "forward", "クラウド")
    assert [(p.section, p.unread is None) for p in parts] == [
        ("keywords", True),
        ("abilities", True),
        ("abilities", False),
    ]
    with pytest.raises(UnreadText):
        read_card(text, "forward", "クラウド")
    card = read_card("ヘイスト ブレイブ\nクラウドがフィールドに出たとき、カードを1枚引く。", "forward", "クラウド")
    assert card["keywords"] == ["haste", "brave"]
    TypeAdapter(CardDef).validate_python({"name": "クラウド", "type": "forward", "elements": ["fire"], **card})


def test_summon_reads_ex_burst_choice_and_duration() -> None:
    assert read_summon("EX BURST 自分のフォワードを1体選ぶ。ターン終了時まで、それのパワーを+3000する。") == {
        "choose": [{"what": {"type": "forward"}, "whose": "own"}],
        "effects": [{"op": "power", "target": "chosen", "by": 3000}],
        "ex_burst": True,
    }


def test_cli_reads_fftcg() -> None:
    result = CliRunner().invoke(
        app, ["card", "fftcg", "ティーダがフィールドに出たとき、カードを1枚引く。", "--name", "ティーダ"]
    )
    assert result.exit_code == 0, result.output
    assert 'on = "enters_field"' in result.output
    assert "draw" in result.output


def test_cli_fftcg_unread_exits_2() -> None:
    result = CliRunner().invoke(app, ["card", "fftcg", "カードを1枚山札に戻す。"])
    assert result.exit_code == 2
    assert "could not read" in result.output
    assert "Traceback" not in result.output


MORE_TEMPLATES = [
    "あなたがダメージを受けたとき、クリスタルを1つ得る。",
    "あなたが召喚獣をキャストしたとき、カードを1枚引く。",
    "クラウドがフィールドに出たとき、クラウドにチャージカウンターを1つ置く。",
    "クラウドはブロックされない。",
    "クラウドはアタックできない。",
    "クラウドは相手の召喚獣やアビリティに選ばれない。",
    "あなたのフォワードはブレイブを得る。",
    "相手のフォワードがブレイクされたとき、カードを1枚引く。",
    "《ダル》：相手のフォワードを1体選ぶ。ターン終了時まで、それはブロックできない。",
    "《火》《火》《ダル》：相手のアクティブ状態のフォワードを1体選ぶ。ターン終了時まで、それのパワーを-3000する。",
    "「必殺」《S》《火》《火》：すべてのフォワードに5000ダメージを与える。",
]


@pytest.mark.parametrize("text", MORE_TEMPLATES)
def test_more_templates_read_to_valid_abilities(text: str) -> None:
    """Phrases of the rulebook's keyword actions and ability forms read to abilities the vocabulary accepts."""
    TypeAdapter(Ability).validate_python(read_ability(text, "クラウド"))


def test_a_power_change_without_its_duration_is_not_guessed() -> None:
    """The vocabulary's power effect lasts until the end of the turn by default; a text that does not say
    ターン終了時まで is not read as if it did."""
    with pytest.raises(UnreadText, match="ターン終了時まで"):
        read_summon("相手のフォワードを1体選ぶ。それのパワーを-3000する。")


def test_dejon_and_a_card_named_in_brackets() -> None:
    """15.2.7.2 「デジョン X - [コスト]」; 《name》 names cards by their name (5.2.2.1), whatever their type."""
    assert read_card("デジョン 2 － 《水》《水》", "forward", "x") == {
        "dejon": {"counters": 2, "cost": {"cp": {"water": 2}}}
    }
    assert read_summon("相手の《クラウド》を1体選ぶ。それをブレイクする。") == {
        "choose": [{"what": {"name": "クラウド"}, "whose": "opponent"}],
        "effects": [{"op": "break", "target": "chosen"}],
    }
