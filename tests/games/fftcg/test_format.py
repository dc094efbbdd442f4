"""FFTCG scenario files: the template, validation with file and key, and the command line."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from judgekit.cli import app
from judgekit.errors import ScenarioError
from judgekit.render.sentences import english
from judgekit.scenario import SCENARIOS_DIR, check_scenario, load_scenario, run_scenario, template, trace_text

runner = CliRunner()

GOOD = """
game = "fftcg"
title = "t"
question = "q"
ruling = "r"
[cards.fw]
name = "A"
type = "forward"
elements = ["fire"]
cost = 1
power = 5000
[cards.bk]
name = "B"
type = "backup"
elements = ["fire"]
cost = 1
generic = true
[players.P1]
field = [{ card = "bk" }]
hand = ["fw"]
deck = ["bk", "bk"]
[players.P2]
deck = ["bk", "bk"]
[[play]]
do = "cast"
card = "fw"
pay = { dull = ["bk"] }
[expect]
field = [{ player = "P1", card = "fw", power = 5000 }]
"""


def write(tmp_path: Path, text: str, name: str = "case.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def problems(tmp_path: Path, text: str) -> dict[str, str]:
    with pytest.raises(ScenarioError) as info:
        load_scenario(write(tmp_path, text))
    return dict(info.value.problems)


def test_a_small_scenario_runs_and_checks(tmp_path: Path) -> None:
    result = check_scenario(load_scenario(write(tmp_path, GOOD)), update=True)
    assert result.ok, result.findings
    assert "11.4.1" in result.trace.cited_ids()


def test_the_template_is_a_valid_scenario_that_passes(tmp_path: Path) -> None:
    path = write(tmp_path, template("fftcg", "my-case"), "my-case.toml")
    result = check_scenario(load_scenario(path), update=True)
    assert result.ok, result.findings


def test_problems_are_reported_with_their_keys(tmp_path: Path) -> None:
    bad = GOOD.replace('hand = ["fw"]', 'hand = ["nope"]').replace("power = 5000\n[cards.bk]", "[cards.bk]")
    found = problems(tmp_path, bad)
    assert "a key of [cards]" in found["players.P1.hand[0]"]
    assert "a power for a forward" in found["cards.fw.power"]


def test_a_summon_on_the_field_is_refused(tmp_path: Path) -> None:
    bad = GOOD.replace('type = "forward"', 'type = "summon"').replace("power = 5000\n", "")
    bad = bad.replace('field = [{ card = "bk" }]', 'field = [{ card = "fw" }]')
    assert "a character" in problems(tmp_path, bad)["players.P1.field[0].card"]


FW_TEXT = "power = 5000\n[cards.bk]"


@pytest.mark.parametrize(
    ("extra", "key", "words"),
    [
        (
            'options = [{ name = "o", cost = { discard = 1 } }, { name = "o", cost = { cp = { any = 1 } } }]\n',
            "cards.fw.options",
            "its own name",
        ),
        (
            '[[cards.fw.abilities]]\nkind = "auto"\non = "enters_field"\noptional = true\n'
            'cost = { dull = true }\neffects = [{ op = "draw" }]\n',
            "cards.fw.abilities[0].cost",
            "CP and discards",
        ),
        (
            '[[cards.fw.abilities]]\nkind = "action"\nname = "a"\neffects = [{ op = "draw" }]\n'
            'options = [{ name = "o", cost = { dull = true } }]\n',
            "cards.fw.abilities[0].options[0].cost",
            "CP, discards and crystals",
        ),
        (
            '[[cards.fw.abilities]]\nkind = "field"\ncost = { reads = { by = -1, per = "own.hand" } }\n',
            "cards.fw.abilities[0].cost",
            "no cost",
        ),
        (
            'dejon = { counters = 1, cost = { reads = { by = -1, per = "own.hand" } } }\n',
            "cards.fw.dejon.cost.reads",
            "does not read cards",
        ),
        (
            '[[cards.fw.abilities]]\nkind = "auto"\non = "enters_field"\noptional = true\n'
            'cost = { characters = { do = "dull" } }\neffects = [{ op = "draw" }]\n',
            "cards.fw.abilities[0].cost.characters",
            "only on an action or special ability",
        ),
        (
            '[[cards.fw.abilities]]\nkind = "action"\nname = "a"\neffects = [{ op = "draw" }]\n'
            'options = [{ name = "o", cost = { characters = { do = "remove" } } }]\n',
            "cards.fw.abilities[0].options[0].cost",
            "CP, discards and crystals",
        ),
    ],
)
def test_costs_the_vocabulary_does_not_model_are_refused(tmp_path: Path, extra: str, key: str, words: str) -> None:
    """Additional, alternative and auto abilities' costs outside what the engine models (11.3.5, 11.6.7, 11.8.8)
    are refused with their key, never silently ignored."""
    bad = GOOD.replace(FW_TEXT, "power = 5000\n" + extra + "[cards.bk]")
    assert words in problems(tmp_path, bad)[key]


def test_a_card_from_outside_must_be_a_card_of_the_scenario(tmp_path: Path) -> None:
    bad = GOOD.replace(
        FW_TEXT, "power = 5000\n" + _ACTION.format(op='{ op = "from_outside", card = "nope" }') + "[cards.bk]"
    )
    assert "from_outside names a key of [cards]" in problems(tmp_path, bad)["cards.fw"]


_ACTION = '[[cards.fw.abilities]]\nkind = "action"\nname = "a"\neffects = [{op}]\n'


def test_casting_a_card_with_modes_by_an_effect_is_refused(tmp_path: Path) -> None:
    """A `cast` effect casts only what the engine models; a summon with modes is refused as it is cast."""
    text = GOOD.replace(
        "[players.P1]",
        '[cards.sm]\nname = "S"\ntype = "summon"\nelements = ["fire"]\ncost = 1\n'
        'modes = [{ name = "m", effects = [{ op = "draw" }] }]\n'
        '[cards.gate]\nname = "G"\ntype = "summon"\nelements = ["fire"]\ncost = 1\n'
        'effects = [{ op = "cast", filter = { type = "summon" } }]\n[players.P1]',
    ).replace('hand = ["fw"]', 'hand = ["gate", "sm"]')
    text = text.split("[[play]]")[0] + (
        '[[play]]\ndo = "cast"\ncard = "gate"\npay = { dull = ["bk"] }\n[[play]]\ndo = "pass"\n[[play]]\ndo = "pass"\n'
        '[[play]]\ndecide = "cast"\nby = "P1"\nchoose = ["sm"]\n[expect]\ncites = ["11.3.11"]\n'
    )
    outcome = run_scenario(load_scenario(write(tmp_path, text))).outcome
    assert outcome.end == "bad_script"
    assert "not modelled" in english(outcome.message)


def test_runs_are_deterministic() -> None:
    path = SCENARIOS_DIR / "fftcg" / "first-strike-two-batches.toml"
    assert trace_text(run_scenario(load_scenario(path))) == trace_text(run_scenario(load_scenario(path)))


def test_run_prints_ids_with_the_fftcg_prefix() -> None:
    path = SCENARIOS_DIR / "fftcg" / "first-strike-two-batches.toml"
    result = runner.invoke(app, ["run", str(path)], env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    line = next(ln for ln in result.stdout.splitlines() if "First Strike at the start" in ln)
    assert "[FFTCG 15.2.3.1, FFTCG 15.2.3.2]" in line


def test_check_passes_on_the_fftcg_folder() -> None:
    result = runner.invoke(app, ["check", str(SCENARIOS_DIR / "fftcg")], env={"NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    assert "0 failed" in result.stdout


def test_an_auto_ability_cost_paid_short_stops_at_the_pay_decision(tmp_path: Path) -> None:
    """11.8.14: the answer to ``pay`` must pay the whole cost; a short payment names the decision and why."""
    text = (SCENARIOS_DIR / "fftcg" / "auto-cost-paid-on-resolution.toml").read_text(encoding="utf-8")
    short = text.replace('choose = ["dull:chocobo#3"]', "choose = []")
    assert short != text
    trace = run_scenario(load_scenario(write(tmp_path, short)))
    last = english(trace.steps[-1].sentence)
    assert "decision needed: 'pay'" in last and "0 CP made; 1 CP needed" in last


def test_a_loop_both_players_stop_with_equal_counts_is_a_gap(tmp_path: Path) -> None:
    """13.3 names 'the relevant player' to stop the loop; with equal counts no one is, and the run stops there."""
    text = (SCENARIOS_DIR / "fftcg" / "loop-both-players-smaller-count.toml").read_text(encoding="utf-8")
    text = text.replace('choose = ["10"]', 'choose = ["2"]')
    outcome = run_scenario(load_scenario(write(tmp_path, text))).outcome
    assert outcome.end == "ambiguity"
    assert [r.id for r in outcome.rules] == ["13.3"]
