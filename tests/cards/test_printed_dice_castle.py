"""dice-and-castle cards given by their printed text in a scenario (a cost by its printed line too): read,
checked, never guessed; and the ``card`` and ``new --card`` commands for the game."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from judgekit.cli import app
from judgekit.errors import ScenarioError
from judgekit.scenario import check_scenario, load_scenario

SCENARIO = """
game = "dice-castle"
title = "printed text"
question = "q"
ruling = "r"

[start]
at = "set"
turn = 2
turn_player = "P1"
first = "P1"

[basics]
cost_payment = "attribute"

[cards.king]
name = "キング"
type = "king"
attributes = ["fire"]
walls = 3
text = "サイコロ上限+1"

[cards.extend]
name = "増築"
type = "magic"
magic = "normal"
text = "{text}"
cost = "{cost}"
{extra}

[cards.filler]
name = "兵士"
type = "unit"
attack = 1
hp = 1

[players.P1]
king = "king"
walls = 1
energy = {{ fire = 3 }}
hand = ["extend"]
castle = [{{ card = "filler", copies = 5 }}]

[players.P2]
king = "king"
castle = [{{ card = "filler", copies = 5 }}]

[[play]]
do = "play"
card = "extend"

[expect]
players = [{{ player = "P1", walls = 3 }}]
"""


def _write(tmp_path: Path, text: str = "城壁を2得る。", cost: str = "火1", extra: str = "") -> Path:
    path = tmp_path / "printed.toml"
    path.write_text(SCENARIO.format(text=text, cost=cost, extra=extra), encoding="utf-8")
    return path


def test_a_card_and_its_cost_given_by_their_printed_text_run_as_read(tmp_path: Path) -> None:
    scenario = load_scenario(_write(tmp_path))
    extend = scenario.model.cards["extend"]
    assert extend.effects[0].op == "gain_walls"  # type: ignore[attr-defined]
    assert extend.cost == {"fire": 1}  # type: ignore[attr-defined]
    assert scenario.model.cards["king"].statics[0].kind == "dice_limit"  # type: ignore[attr-defined]
    result = check_scenario(scenario)
    assert [f for f in result.findings if "golden" not in f] == []


def test_a_text_that_reads_otherwise_is_reported(tmp_path: Path) -> None:
    scenario = load_scenario(_write(tmp_path, extra='effects = [{ op = "gain_walls", amount = 3 }]'))
    assert any("cards.extend.card[0]" in f for f in scenario.card_findings)


def test_an_unread_text_or_cost_line_stops_loading_naming_the_phrase(tmp_path: Path) -> None:
    with pytest.raises(ScenarioError) as caught:
        load_scenario(_write(tmp_path, text="城壁を2得る。相手の手札を1枚捨てる。"))
    assert "相手の手札を1枚捨てる。" in str(caught.value)
    with pytest.raises(ScenarioError) as caught:
        load_scenario(_write(tmp_path, cost="火1火2"))
    assert "cards.extend.cost" in str(caught.value)


def test_card_command_reads_dice_castle() -> None:
    result = CliRunner().invoke(
        app, ["card", "dice-castle", "カウンター:相手のユニットが攻撃した時、そのユニットを破壊する。"]
    )
    assert result.exit_code == 0, result.output
    assert 'counter = { on = "attacks", whose = "opponent"' in result.output
    assert "Counter: when your opponent has a unit attack: destroy that unit." in result.output
    cost = CliRunner().invoke(app, ["card", "dice-castle", "--kind", "cost", "火2水1"])
    assert "cost = { fire = 2, water = 1 }" in cost.output


def test_new_writes_dice_castle_cards_from_text(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app,
        [
            "new",
            "dice-castle",
            "mine",
            "--dir",
            str(tmp_path),
            "--card",
            "落とし穴=カウンター:相手のユニットが攻撃した時、そのユニットを破壊する。",
        ],
    )
    assert result.exit_code == 0, result.output
    written = (tmp_path / "mine.toml").read_text(encoding="utf-8")
    assert 'magic = "counter"' in written
    assert "# counter = " in written


def test_the_site_says_a_dice_castle_card_in_its_own_plain_words(tmp_path: Path) -> None:
    from judgekit.site.scenarios import printed_cards

    cards = {c.key: c for c in printed_cards(load_scenario(_write(tmp_path)))}
    said = [s for p in cards["extend"].parts for s in p.sentences]
    assert said == ["Cost: 1 fire.", "Effect: gain 2 wall(s)."]
