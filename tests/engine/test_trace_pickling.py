"""A trace pickles as its values (judgekit.engine.pickling): the same trace back, boards shared as they were."""

from __future__ import annotations

import pickle
from itertools import pairwise

from judgekit.engine.trace import BoardView, ChangeKind, StateChange
from judgekit.render.json import trace_json
from judgekit.scenario import SCENARIOS_DIR, load_scenario, run_scenario


def test_a_trace_comes_back_equal_with_its_boards_shared_as_before() -> None:
    trace = run_scenario(load_scenario(SCENARIOS_DIR / "divine-cross" / "charge-once-per-turn.toml"))
    back = pickle.loads(pickle.dumps(trace, protocol=pickle.HIGHEST_PROTOCOL))
    assert back == trace and trace_json(back) == trace_json(trace)
    shared = [a.board is b.board for a, b in pairwise(trace.steps)]
    assert any(shared)
    assert [a.board is b.board for a, b in pairwise(back.steps)] == shared
    assert all(type(s.board) is BoardView for s in back.steps)


def test_a_value_pickles_as_its_class_and_fields() -> None:
    change = StateChange(ChangeKind.MOVE, "P1-01", "a", "zone", None, "P1.hand")
    assert change.__reduce__() == (StateChange, (ChangeKind.MOVE, "P1-01", "a", "zone", None, "P1.hand"))
    assert pickle.loads(pickle.dumps(change)) == change
