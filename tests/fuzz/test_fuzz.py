"""Every engine fuzzed: random boards and random play keep the properties of :mod:`tests.fuzz.harness`.

CI runs a bounded, derandomized number of plays per game (the ``ci`` hypothesis profile, the default);
``HYPOTHESIS_PROFILE=long`` runs more, and ``bench/fuzz.py`` runs long campaigns outside pytest. A
failing play is printed as a scenario file: save it as ``scenarios/<game>/fuzz-<what>.toml``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

from judgekit.engine import Inputs
from judgekit.scenario import SCENARIOS_DIR, load_scenario
from tests.fuzz.games import GAMES
from tests.fuzz.harness import BoardRejected, Chooser, RandomChooser, play, replay

settings.register_profile(
    "ci",
    max_examples=20,
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "long",
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


class DataChooser:
    """Randomness drawn from hypothesis, so a failing play shrinks."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def below(self, n: int) -> int:
        """A number from 0 to ``n - 1``."""
        return self.data.draw(st.integers(0, n - 1)) if n > 1 else 0


def _chooser(data: st.DataObject) -> Chooser:
    return DataChooser(data)


@pytest.mark.parametrize("game", sorted(GAMES))
@given(data=st.data())
def test_random_play_keeps_every_property(game: str, data: st.DataObject) -> None:
    try:
        p = play(GAMES[game], _chooser(data), max_actions=30)
    except BoardRejected:
        reject()
    assert p.ok, "\n".join([*p.findings, "", "the play as a scenario:", p.toml()])


def test_a_check_only_answer_that_disagrees_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """The harness is not blind: a charge that says 'legal' to every check-only call, while the real one
    rejects what is illegal, breaks the check-only property within a few plays."""
    from judgekit.engine import RuleRegistry, RuleRole
    from judgekit.games.divine_cross import actions, flow
    from judgekit.games.divine_cross.preset import PRESET

    registry = RuleRegistry(PRESET.rulebook)

    @registry.rule("602.1", "602.2", role=RuleRole.ACTION)
    def lenient_charge(g: Any, entry: Any, *, silent: bool = False) -> bool:
        return True if silent else bool(actions.charge(g, entry))

    monkeypatch.setitem(flow.MAIN_ACTIONS, "charge", lenient_charge)
    wanted = "lenient_charge said legal in check-only mode, and the action was rejected"
    assert any(any(wanted in f for f in _findings("divine-cross", seed)) for seed in range(40))


def test_a_card_in_two_zones_is_found() -> None:
    from judgekit.games.divine_cross.support import build
    from judgekit.scenario import load_scenario
    from tests.fuzz.harness import _conservation

    scenario = load_scenario(SCENARIOS_DIR / "divine-cross" / "advantage-after-modifiers.toml")
    g = build(scenario.model, Inputs([]))
    assert _conservation(g, set(g.state.cards)) == []
    iid = g.state.zones["P1.main"][0]
    g.state.zones["P1.hand"].append(iid)
    assert _conservation(g, set(g.state.cards)) == [
        f"cards in two places: {iid}",
        f"{iid} is listed in P1.hand but says it is in P1.main",
    ]


def test_a_stale_board_and_a_board_difference_left_out_are_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """The board properties are not blind: an engine that shows its first board at every step, and a trace whose
    steps leave out what changed on the board, each break one."""
    from judgekit.engine import Engine
    from judgekit.scenario import load_scenario
    from tests.fuzz.harness import replay

    scenario = load_scenario(SCENARIOS_DIR / "divine-cross" / "advantage-after-modifiers.toml")
    built = Engine.board
    first: dict[int, Any] = {}
    monkeypatch.setattr(Engine, "board", lambda g: first.setdefault(id(g), built(g)))
    assert any(f.endswith("its board differs from the board built afresh") for f in replay(scenario))
    monkeypatch.setattr(Engine, "board", built)
    monkeypatch.setattr("judgekit.engine.board_delta.board_delta", lambda before, after: {})
    assert any(f.startswith("the boards rebuilt from the JSON trace differ") for f in replay(scenario))


def _findings(game: str, seed: int) -> list[str]:
    try:
        return play(GAMES[game], RandomChooser(seed)).findings
    except BoardRejected:
        return []


FUZZ_SCENARIOS = sorted(SCENARIOS_DIR.glob("*/fuzz-*.toml"))


@pytest.mark.parametrize("path", FUZZ_SCENARIOS, ids=[f"{p.parent.name}/{p.stem}" for p in FUZZ_SCENARIOS])
def test_failures_found_by_random_play_stay_fixed(path: Path) -> None:
    """Each failure random play found is a scenario; replayed with every property checked, it breaks none."""
    assert replay(load_scenario(path)) == []
