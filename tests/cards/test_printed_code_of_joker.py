"""Code of Joker cards given by their printed text in a scenario: read, checked, never guessed; and the
``card`` and ``new --card`` commands for the game."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from judgekit.cli import app
from judgekit.errors import ScenarioError
from judgekit.scenario import check_scenario, load_scenario

SCENARIO = """
game = "code-of-joker"
rulebook = "2016-08-21"
title = "printed text"
question = "q"
ruling = "r"

[start]
round = 6
turn_player = "P1"

[cards]
storm = {{ name = "逆境の嵐", type = "joker", cost = 1, gauge = 20, text = "{text}"{extra} }}
giant = {{ name = "青の巨兵", type = "unit", color = "blue", cost = 4, bp = [6000, 7000, 8000], text = "【加護】" }}
filler = {{ name = "フィラー", type = "unit", color = "red", cost = 1, bp = [1000, 2000, 3000] }}

[players.P1]
lp = 3
cp = 5
gauge = 20
jokers = ["storm"]
field = [{{ card = "giant" }}]
deck = ["filler", "filler", "filler"]

[players.P2]
field = [{{ card = "filler" }}]
deck = ["filler"]

[[play]]
do = "use_joker"
card = "storm"

[expect]
zones = [{{ zone = "P1.hand", count = 2 }}]
"""

STORM = "自分のライフが3以下なら、カードを2枚引く。"


def _write(tmp_path: Path, text: str = STORM, extra: str = "") -> Path:
    path = tmp_path / "printed.toml"
    path.write_text(SCENARIO.format(text=text, extra=extra), encoding="utf-8")
    return path


def test_a_card_given_by_its_text_alone_runs_as_read(tmp_path: Path) -> None:
    scenario = load_scenario(_write(tmp_path))
    storm = scenario.model.cards["storm"]
    assert storm.effects[0].op == "if"  # type: ignore[attr-defined]
    assert scenario.model.cards["giant"].keywords == ("加護",)  # type: ignore[attr-defined]
    result = check_scenario(scenario)
    assert [f for f in result.findings if "golden" not in f] == []


def test_a_text_that_reads_otherwise_than_the_structure_given_is_reported(tmp_path: Path) -> None:
    extra = ', effects = [{ op = "draw", count = 2 }]'
    scenario = load_scenario(_write(tmp_path, extra=extra))
    assert any("cards.storm.card[0]" in f and "reads" in f for f in scenario.card_findings)


def test_an_unread_text_stops_loading_naming_the_phrase(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError) as caught:
        load_scenario(_write(tmp_path, text="カードを1枚引く。山札を見る。"))
    assert "山札を見る。" in str(caught.value)
    assert "逆境の嵐" in str(caught.value)


def test_an_unread_text_given_by_hand_loads(tmp_path: Path) -> None:
    extra = ', effects = [{ op = "draw", count = 2 }]'
    scenario = load_scenario(_write(tmp_path, text="カードを2枚引く。山札を見る。", extra=extra))
    assert scenario.cards_read["storm"][0].unread


def test_card_command_reads_code_of_joker() -> None:
    result = CliRunner().invoke(
        app, ["card", "code-of-joker", "このユニットがフィールドに出た時、対戦相手のユニット1体を破壊する。"]
    )
    assert result.exit_code == 0, result.output
    assert 'abilities = [{ on = "enter", of = "self", effects = [{ op = "destroy"' in result.output
    assert "Effect 1: when this unit enters the field: destroy 1 chosen unit (the opponent's)." in result.output


def test_card_command_names_an_unread_phrase() -> None:
    result = CliRunner().invoke(app, ["card", "coj", "--kind", "joker", "カードを1枚引く。山札を見る。"])
    assert result.exit_code == 2
    assert "山札を見る。" in result.output


def test_new_writes_code_of_joker_cards_from_text(tmp_path: Path) -> None:
    out = tmp_path / "mine.toml"
    result = CliRunner().invoke(
        app,
        [
            "new",
            "code-of-joker",
            "mine",
            "--dir",
            str(tmp_path),
            "--card",
            "逆境の嵐=" + STORM,
            "--card",
            "門番=【加護】【強制防御】",
        ],
    )
    assert result.exit_code == 0, result.output
    written = out.read_text(encoding="utf-8")
    assert 'text = "自分のライフが3以下なら、カードを2枚引く。"' in written
    assert 'type = "joker"' in written
    assert '# keywords = ["加護", "強制防御"]' in written


def test_the_site_says_a_code_of_joker_card_in_its_own_plain_words(tmp_path: Path) -> None:
    from judgekit.site.scenarios import printed_cards

    cards = {c.key: c for c in printed_cards(load_scenario(_write(tmp_path)))}
    (storm,) = cards["storm"].parts
    assert [s.en for s in storm.sentences] == ["Effect: if your life is at most 3: you draw 2 cards."]
    assert [s.ja for s in storm.sentences] == ["効果：自分のライフが3以下なら、カードを2枚引く。"]
    assert [s.en for s in cards["giant"].parts[0].sentences] == ["Keywords: 【加護】."]
