"""dice-and-castle cards given by their printed text in a scenario (a cost by its printed line too): read,
checked, never guessed; and the ``card`` and ``new --card`` commands for the game."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from judgekit.cli import app
from judgekit.errors import ScenarioError
from judgekit.scenario import SCENARIOS_DIR, check_scenario, load_scenario

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
    assert "Counter: when the opponent's unit attacks: destroy that unit." in result.output
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
    said = [s.en for p in cards["extend"].parts for s in p.sentences]
    assert said == ["Cost: 1 fire.", "Effect: gain 2 wall(s)."]
    said_ja = [s.ja for p in cards["extend"].parts for s in p.sentences]
    assert said_ja == ["コスト：火1。", "効果：城壁を2得る。"]


MARTYR = SCENARIOS_DIR / "dice-castle" / "destroyed-with-attack-right-left.toml"
MARTYR_TABLE = (
    "attack = 0\nhp = 2\n"
    'abilities = [{ name = "道連れ", timing = "out", effects = [{ op = "destroy", target = "opponent.unit" }],'
    ' text = "OUT:相手のユニット1体を破壊する。" }]\n'
)


def _martyr(tmp_path: Path, table: str) -> Path:
    text = MARTYR.read_text(encoding="utf-8")
    assert text.count(MARTYR_TABLE) == 1
    path = tmp_path / MARTYR.name
    path.write_text(text.replace(MARTYR_TABLE, table), encoding="utf-8")
    shutil.copy(MARTYR.with_suffix(".trace.json"), path.with_suffix(".trace.json"))
    return path


def test_a_unit_given_by_its_printed_text_alone_runs_as_the_hand_written_scenario(tmp_path: Path) -> None:
    """Cost line, attack and HP, and an OUT ability, all read from the unit's own text: the golden trace of
    the scenario that writes them by hand, byte for byte (the ability named by the text's own name, as the
    scenario names it)."""
    table = 'text = """\n攻撃0 HP2\nOUT:相手のユニット1体を破壊する。\n"""\n'
    sc = load_scenario(_martyr(tmp_path, table))
    martyr = sc.model.cards["martyr"]
    assert (martyr.attack, martyr.hp) == (0, 2)  # type: ignore[attr-defined]
    (ability,) = martyr.abilities  # type: ignore[attr-defined]
    assert (ability.name, ability.timing, ability.text) == ("OUT", "out", "OUT:相手のユニット1体を破壊する。")
    assert [(p.text, p.source) for p in sc.cards_read["martyr"]] == [
        ("攻撃0 HP2", "text"),
        ("OUT:相手のユニット1体を破壊する。", "text"),
    ]
    (finding,) = check_scenario(sc).findings  # the trace byte for byte, but the ability's name: OUT, not 道連れ
    was = "道連れ's OUT ability 道連れ activates and waits to resolve"
    assert finding.endswith(f'was "{was}", now "{was.replace("ability 道連れ", "ability OUT")}"')


def test_abilities_named_by_hand_take_the_rest_from_the_units_text(tmp_path: Path) -> None:
    """The names a text does not print, given alone in the table (in the text's order): the golden trace of the
    hand-written scenario, byte for byte."""
    table = 'abilities = [{ name = "道連れ" }]\ntext = "攻撃0 HP2\\nOUT:相手のユニット1体を破壊する。"\n'
    sc = load_scenario(_martyr(tmp_path, table))
    (ability,) = sc.model.cards["martyr"].abilities  # type: ignore[attr-defined]
    assert (ability.name, ability.timing) == ("道連れ", "out")
    assert [p.source for p in sc.cards_read["martyr"]] == ["text", "text"]
    assert check_scenario(sc).findings == ()


def test_a_unit_given_both_ways_is_checked_line_by_line(tmp_path: Path) -> None:
    table = MARTYR_TABLE + 'text = "コスト:火1\\n攻撃0 HP2\\nOUT:相手のユニット1体を破壊する。"\n'
    sc = load_scenario(_martyr(tmp_path, table))
    assert list(sc.card_findings) == []
    assert sc.model.cards["martyr"].cost == {"fire": 1}  # type: ignore[attr-defined]  # not given: read
    wrong = MARTYR_TABLE + 'statics = [{ kind = "reduce", by = 1 }]\ntext = "攻撃1 HP2\\nOUT:1ドロー。\\n2回攻撃"\n'
    sc = load_scenario(_martyr(tmp_path, wrong))
    head = (
        "cards.martyr.card[0]: the printed text 「攻撃1 HP2」 reads { attack = 1 }; the scenario gives { attack = 0 }"
    )
    (attack, ability, unsaid) = sc.card_findings
    assert attack == head
    assert ability.startswith("cards.martyr.card[1]: the printed text 「OUT:1ドロー。」 reads")
    assert 'reads { name = "道連れ", timing = "out", effects = [{ op = "draw", count = 1 }] }' in ability
    hand = '{ name = "道連れ", timing = "out", effects = [{ op = "destroy", target = "opponent.unit" }] }'
    assert ability.endswith(f"the scenario gives abilities[0] = {hand}")
    more = MARTYR_TABLE + 'text = "攻撃0 HP2\\nOUT:相手のユニット1体を破壊する。\\nIN:1ドロー。"\n'
    (count,) = load_scenario(_martyr(tmp_path, more)).card_findings
    said = "「OUT:相手のユニット1体を破壊する。」 reads 2 abilities; the scenario gives 1"
    assert count == f"cards.martyr.card[1]: the printed text {said}"
    assert unsaid.startswith("cards.martyr.card[3]") and "statics = []" in unsaid  # no 軽減 printed
    assert sc.model.cards["martyr"].attacks == 2  # type: ignore[attr-defined]  # not given: read


def test_an_unread_unit_line_stops_loading_only_when_its_part_is_not_given(tmp_path: Path) -> None:
    table = 'text = "攻撃0 HP2\\nOUT:相手のマジックを破壊する。"\n'
    with pytest.raises(ScenarioError) as caught:
        load_scenario(_martyr(tmp_path, table))
    assert "相手のマジックを破壊する。" in str(caught.value) and "abilities" in str(caught.value)
    given = (
        'abilities = [{ name = "道連れ", timing = "out", effects = [{ op = "destroy", target = "opponent.unit" }] }]\n'
    )
    sc = load_scenario(_martyr(tmp_path, given + table))
    assert sc.model.cards["martyr"].hp == 2  # type: ignore[attr-defined]  # the other line still read
    assert [p.unread != "" for p in sc.cards_read["martyr"]] == [False, True]
    with pytest.raises(ScenarioError):  # abilities named only do not stand in for the unread one
        load_scenario(_martyr(tmp_path, 'abilities = [{ name = "道連れ" }]\n' + table))


def test_the_site_shows_a_unit_line_by_line_in_plain_words(tmp_path: Path) -> None:
    from judgekit.site.scenarios import printed_cards

    table = 'text = "コスト:火1\\n攻撃0 HP2\\nOUT:相手のユニット1体を破壊する。\\n2回攻撃"\n'
    cards = {c.key: c for c in printed_cards(load_scenario(_martyr(tmp_path, table)))}
    said = [(p.label, [s.en for s in p.sentences]) for p in cards["martyr"].parts]
    assert said == [
        ("card[0]", ["Cost: 1 fire."]),
        ("card[1]", ["Unit: attack 0, HP 2."]),
        ("card[2]", ["Ability: OUT: destroy one of the opponent's units."]),
        ("card[3]", ["Attacks 2 times a turn."]),
    ]


def test_card_command_reads_a_unit_as_printed_line_by_line() -> None:
    text = "コスト:火2\n攻撃1 HP4\n2回攻撃\nIN:城壁を1得る。"
    result = CliRunner().invoke(app, ["card", "dice-castle", text])
    assert result.exit_code == 0, result.output
    assert "read as a unit" in result.output or "ユニット" in result.output.splitlines()[0]
    assert "attacks = 2" in result.output and "hp = 4" in result.output
    assert 'abilities = [{ name = "IN", timing = "in"' in result.output
