"""Boards in traces: the engine's reused views equal a board built afresh, and every step's board rebuilt from the
serialized trace (``judgekit.trace/2``: the first board whole, then differences) equals the engine's."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from judgekit.engine import BoardView, CardView, Engine, PlayerView, Trace, ZoneView
from judgekit.engine.board_delta import apply_board_delta, board_delta, trace_boards
from judgekit.render.json import trace_json
from judgekit.scenario import SCENARIOS_DIR, check_scenario, load_scenario, run_scenario
from judgekit.versions import rerun_scenario
from tests.engine.boards import fresh_board

ALL_FILES = sorted(SCENARIOS_DIR.glob("*/*.toml"))


@pytest.mark.parametrize("path", ALL_FILES, ids=[f"{p.parent.name}/{p.stem}" for p in ALL_FILES])
def test_every_board_is_the_fresh_board_and_rebuilds_from_the_json(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    built = Engine.board
    boards_made = 0

    def board(self: Engine) -> BoardView:
        nonlocal boards_made
        made = built(self)
        assert made == fresh_board(self), f"step {len(self.steps) + 1}: the board differs from one built afresh"
        boards_made += 1
        return made

    monkeypatch.setattr(Engine, "board", board)
    trace = run_scenario(load_scenario(path))
    assert boards_made >= len(trace.steps)
    rebuilt = trace_boards(json.loads(trace_json(trace)))
    assert len(rebuilt) == len(trace.steps)
    for step, again in zip(trace.steps, rebuilt, strict=True):
        assert again == step.board, f"step {step.index}: the board rebuilt from the JSON differs"


def _card(iid: str, **kw: object) -> CardView:
    fields: dict[str, object] = {
        "key": "k",
        "name": "名",
        "face_down": False,
        "numbers": (),
        "markers": (),
        "role": None,
        "attached": (),
    }
    fields.update(kw)
    return CardView(iid, **fields)  # type: ignore[arg-type]


def _board(
    main: tuple[CardView, ...], *, hand: int = 0, turn: int = 1, counters: tuple[tuple[str, int], ...] = ()
) -> BoardView:
    zones = (
        ZoneView("deck", "デッキ", False, 3, ()),
        ZoneView("hand", "手札", False, hand, ()),
        ZoneView("main", "メイン", True, len(main), main),
    )
    theirs = (
        ZoneView("deck", "デッキ", False, 3, ()),
        ZoneView("hand", "手札", False, 0, ()),
        ZoneView("main", "メイン", True, 0, ()),
    )
    players = (PlayerView("P1", "Alice", counters, zones), PlayerView("P2", "Bob", (), theirs))
    return BoardView(turn, "P1", "main", "", players, (ZoneView("stack", "スタック", True, 0, ()),))


def test_a_delta_names_only_what_changed_and_keeps_unchanged_cards_by_id() -> None:
    a, b = _card("P1-01", numbers=(("hp", 900), ("damage", 0))), _card("P1-02", face_down=True, role="energy")
    before = _board((a, b))
    after = _board((a, replace(b, face_down=False)), hand=1, turn=2, counters=(("charges", 1),))
    delta = board_delta(before, after)
    assert delta == {
        "turn": 2,
        "counters": {"P1": {"charges": 1}},
        "zones": {
            "P1.hand": {"count": 1},
            "P1.main": {"count": 2, "cards": ["P1-01", {"iid": "P1-02", "key": "k", "name": "名", "role": "energy"}]},
        },
    }
    assert apply_board_delta(before, delta) == after
    assert board_delta(after, after) == {} and apply_board_delta(after, {}) is after


def test_a_card_writes_only_its_fields_that_are_not_empty_and_reads_back() -> None:
    energy = _card("P1-03", face_down=True, role="energy")
    unit = _card("P1-01", numbers=(("hp", 900),), markers=(("stun", 1),), attached=(energy,))
    assert _card("P1-09").to_json() == {"iid": "P1-09", "key": "k", "name": "名"}
    assert CardView.from_json(unit.to_json()) == unit
    assert BoardView.from_json(_board((unit,)).to_json()) == _board((unit,))


def test_a_delta_that_does_not_fit_the_board_is_refused() -> None:
    board = _board(())
    with pytest.raises(ValueError, match=r"zones not on the board: P3\.main"):
        apply_board_delta(board, {"zones": {"P3.main": {"count": 0, "cards": []}}})
    with pytest.raises(ValueError, match="keeps card P1-07"):
        apply_board_delta(board, {"zones": {"P1.main": {"count": 1, "cards": ["P1-07"]}}})


def test_version_1_traces_with_a_whole_board_in_every_step_are_read_too() -> None:
    first, second = _board(()), _board((_card("P1-01"),))
    steps = [{"index": 1, "board": first.to_json()}, {"index": 2, "board": second.to_json()}]
    assert trace_boards({"format": "judgekit.trace/1", "steps": steps}) == [first, second]
    mixed = [{"index": 1, "board": first.to_json()}, {"index": 2, "board_delta": board_delta(first, second)}]
    assert trace_boards({"format": "judgekit.trace/2", "steps": mixed}) == [first, second]


def _version_1(trace: Trace) -> str:
    """The trace as ``judgekit.trace/1`` wrote it: every step's board whole, every citation in full."""
    data = {**trace.to_json(), "format": "judgekit.trace/1", "outcome": trace.outcome.to_json()}
    data["steps"] = [step.to_json() for step in trace.steps]
    fields = ("kind", "subject", "label", "attribute", "before", "after")
    for step in data["steps"]:
        step["changes"] = [dict(zip(fields, change, strict=True)) for change in step["changes"]]
    return json.dumps(data, ensure_ascii=False, indent=1)


def test_an_old_golden_trace_is_named_as_such_and_rewritten_by_update(tmp_path: Path) -> None:
    source = SCENARIOS_DIR / "divine-cross" / "charge-once-per-turn.toml"
    path = tmp_path / source.name
    path.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    scenario = load_scenario(path)
    old = _version_1(run_scenario(scenario))
    assert '"board_delta"' not in old and '"board"' in old
    scenario.golden_path.write_text(old, encoding="utf-8")
    rerun = rerun_scenario(path)  # the impact report compares rulings with the old format too
    assert (rerun.outcome_differs, rerun.first_step, rerun.error) == (False, None, "")
    (finding,) = check_scenario(scenario).findings
    assert finding.endswith(
        "it is in the old format judgekit.trace/1; `judgekit check --update` rewrites it as judgekit.trace/2 "
        "(the run gives the same trace: only the format changes)"
    )
    data = json.loads(old)
    data["steps"][2]["rules"] = data["steps"][2]["rules"][:1]
    scenario.golden_path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    (finding,) = check_scenario(scenario).findings
    assert "; the run also differs from it: step 3 (" in finding and "cited [" in finding
    assert check_scenario(scenario, update=True).updated
    assert check_scenario(scenario).ok
    text = scenario.golden_path.read_text(encoding="utf-8")
    assert '"format": "judgekit.trace/2"' in text and text.count('"board":') == 1
