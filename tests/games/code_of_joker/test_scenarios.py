"""Every Code of Joker scenario passes: its expectations hold and its trace matches the golden trace beside it."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgekit.scenario import SCENARIOS_DIR, check_scenario, load_scenario

FOLDER = SCENARIOS_DIR / "code-of-joker"
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


def test_there_are_at_least_thirty_scenarios() -> None:
    assert len(FILES) >= 30


def test_the_template_is_a_valid_scenario_that_passes(tmp_path: Path) -> None:
    from judgekit.scenario import template

    path = tmp_path / "my-case.toml"
    path.write_text(template("code-of-joker", "my-case"), encoding="utf-8")
    result = check_scenario(load_scenario(path), update=True)
    assert result.ok, result.findings


def test_the_same_scenario_gives_a_byte_identical_trace() -> None:
    from judgekit.scenario import run_scenario, trace_text

    path = FOLDER / "priority-table.toml"
    assert trace_text(run_scenario(load_scenario(path))) == trace_text(run_scenario(load_scenario(path)))


def test_bad_files_name_the_key_and_what_was_expected(tmp_path: Path) -> None:
    from judgekit.errors import ScenarioError

    path = tmp_path / "bad.toml"
    path.write_text(
        'game = "code-of-joker"\ntitle = "t"\nquestion = "q"\nruling = "r"\n'
        '[cards.u]\nname = "U"\ntype = "unit"\n'
        '[players.P1]\nfield = [{ card = "u", level = 4 }, { card = "nope" }]\n'
        "[players.P2]\n[expect]\n",
        encoding="utf-8",
    )
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    problems = dict(info.value.problems)
    assert "cards.u.bp" in problems
    assert "players.P1.field[0].level" in problems
    assert "players.P1.field[1].card" in problems


def test_a_scenario_cannot_start_at_the_turn_end(tmp_path: Path) -> None:
    """``start.at = "turn_end"`` is refused with the values it may take (it used to run from the action time)."""
    from judgekit.errors import ScenarioError
    from judgekit.scenario import template

    text = template("code-of-joker", "turn-end").replace('at = "action"', 'at = "turn_end"', 1)
    assert 'at = "turn_end"' in text
    path = tmp_path / "turn-end.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    message = str(info.value)
    assert "start.at" in message and "turn_start" in message and "'turn_end'" in message
