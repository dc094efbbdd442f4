"""Every dice-and-castle scenario passes: expectations hold and the trace matches its golden trace."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgekit.render.sentences import english
from judgekit.scenario import SCENARIOS_DIR, check_scenario, load_scenario, run_scenario, template, trace_text

FOLDER = SCENARIOS_DIR / "dice-castle"
FILES = sorted(FOLDER.glob("*.toml"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_passes(path: Path) -> None:
    result = check_scenario(load_scenario(path))
    assert result.ok, "\n".join(result.findings)


def test_every_golden_trace_has_its_scenario() -> None:
    stray = sorted(
        p.name
        for p in FOLDER.glob("*.trace.json")
        if not p.with_name(p.name.removesuffix(".trace.json") + ".toml").exists()
    )
    assert stray == []


def test_there_are_at_least_25_scenarios() -> None:
    assert len(FILES) >= 25


def test_the_same_scenario_gives_a_byte_identical_trace() -> None:
    path = FOLDER / "in-out-counter-sequence.toml"
    assert trace_text(run_scenario(load_scenario(path))) == trace_text(run_scenario(load_scenario(path)))


def test_the_template_is_a_valid_scenario_that_passes(tmp_path: Path) -> None:
    path = tmp_path / "my-case.toml"
    path.write_text(template("dice-castle", "my-case"), encoding="utf-8")
    result = check_scenario(load_scenario(path), update=True)
    assert result.ok, result.findings


def test_a_missing_basic_stops_with_a_rule_gap_naming_the_key(tmp_path: Path) -> None:
    text = (FOLDER / "castle-to-zero-by-attack.toml").read_text(encoding="utf-8")
    path = tmp_path / "no-basics.toml"
    path.write_text(text.replace('castle_damage = "card_per_point"\n', ""), encoding="utf-8")
    trace = run_scenario(load_scenario(path))
    assert trace.outcome.end.value == "ambiguity"
    assert "basics.castle_damage" in english(trace.outcome.message)
    assert [r.id for r in trace.outcome.rules] == ["ゲーム全体のルール/フェイズ規定処理について/バトルフェイズ/7"]


def test_every_assumption_is_a_step_of_its_own() -> None:
    trace = run_scenario(load_scenario(FOLDER / "win-check-example-2.toml"))
    shown = [english(s.sentence).split(" ")[1] for s in trace.steps if s.kind.value == "assumption"]
    assert shown == [
        "basics.attack_targets",
        "basics.attack_damage",
        "basics.counter_damage",
        "basics.unit_destroyed",
        "basics.castle_damage",
    ]
    assert all(s.actor == "scenario" for s in trace.steps if s.kind.value == "assumption")
