"""A step that changed nothing reuses the last board (Engine.board's shortcut): every scenario's trace is the same,
byte for byte, when each board is built afresh instead."""

from __future__ import annotations

from itertools import pairwise

import pytest

from judgekit.engine import Engine
from judgekit.scenario import SCENARIOS_DIR, golden_difference, iter_scenario_files, load_scenario, run_scenario


def test_every_golden_trace_is_what_boards_built_afresh_give(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Engine, "reuse_boards", False)
    differing = []
    for path in iter_scenario_files([SCENARIOS_DIR]):
        scenario = load_scenario(path)
        difference = golden_difference(scenario.golden_path, run_scenario(scenario))
        if difference is not None:
            differing.append(f"{path.parent.name}/{path.name}: {difference}")
    assert differing == []


def test_a_step_that_changes_nothing_gives_the_same_board_object() -> None:
    scenario = load_scenario(SCENARIOS_DIR / "divine-cross" / "charge-once-per-turn.toml")
    steps = run_scenario(scenario).steps
    unchanged = [(a, b) for a, b in pairwise(steps) if not b.changes]
    assert unchanged
    assert all(b.board is a.board for a, b in unchanged)
