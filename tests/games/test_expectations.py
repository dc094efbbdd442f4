"""The scenario checker's shared expectations, on real runs: a section id in ``expect.cites`` is satisfied by
the rules under it (and ``expect.not_cited`` refuses them), ``expect.rejected`` checks the rule the rejection
names as forbidding it, and ``expect.winner`` tells a draw from a game that ended unplayed."""

from __future__ import annotations

from functools import cache

from judgekit.engine import DRAW, EndKind, Trace
from judgekit.scenario import SCENARIOS_DIR, CommonExpect, Rejection, common_findings, load_scenario, run_scenario


@cache
def trace(name: str) -> Trace:
    return run_scenario(load_scenario(SCENARIOS_DIR / f"{name}.toml"))


def findings(name: str, **expect: object) -> list[str]:
    """The findings about the expectations given (rejections they do not list aside)."""
    found = common_findings(CommonExpect(**expect), trace(name), 99, ())  # type: ignore[arg-type]
    return [f for f in found if f.startswith("expect.")]


def test_a_section_id_is_satisfied_by_a_rule_under_it() -> None:
    cited = set(trace("fftcg/party-mixed-elements-refused").cited_ids())
    assert "15.1.1.9.2" in cited and "15.1.1.9" not in cited and "15.1" not in cited
    assert findings("fftcg/party-mixed-elements-refused", cites=("15.1.1.9", "15.1", "15")) == []
    assert findings("fftcg/party-mixed-elements-refused", cites=("15.2",)) == [
        "expect.cites: 15.2 is never cited (nor any rule under it)"
    ]


def test_a_section_in_not_cited_refuses_the_rules_under_it() -> None:
    found = findings("fftcg/party-mixed-elements-refused", not_cited=("15.1.1.9",))
    assert len(found) == 1 and found[0].startswith("expect.not_cited: 15.1.1.9 is cited: 15.1.1.9.2")
    assert findings("fftcg/party-mixed-elements-refused", not_cited=("15.2",)) == []


def test_rejected_checks_the_rule_that_forbids_not_any_rule_the_step_cites() -> None:
    name = "fftcg/party-mixed-elements-refused"
    ok = (Rejection(1, "15.1.1.9.2"), Rejection(2, "10.1.2.1.1"))
    assert findings(name, rejected=ok) == []
    # the first rejection also cites 10.1.2.1 (the attack procedure restating 15.1.1.9.2), the second 15.1.1.9.3:
    # neither is the rule that forbids the action
    wrong = (Rejection(1, "10.1.2.1"), Rejection(2, "15.1.1.9.3"))
    assert findings(name, rejected=wrong) == [
        "expect.rejected: play[1] must be rejected by 10.1.2.1; it was rejected by 15.1.1.9.2",
        "expect.rejected: play[2] must be rejected by 15.1.1.9.3; it was rejected by 10.1.2.1.1",
    ]


def test_a_draw_is_not_a_game_that_did_not_end() -> None:
    drawn = trace("fftcg/both-players-lose-draw").outcome
    assert (drawn.end, drawn.winner) == (EndKind.GAME_OVER, DRAW)
    assert drawn.to_json()["winner"] == "draw"
    going_on = trace("fftcg/party-mixed-elements-refused").outcome
    assert (going_on.end, going_on.winner) == (EndKind.SCRIPT_END, None)
    unplayed = trace("fftcg/deck-check-too-many-copies").outcome
    assert (unplayed.end, unplayed.winner) == (EndKind.GAME_OVER, None)
    assert findings("fftcg/deck-check-too-many-copies", end="game_over", winner="none") == []
    assert findings("fftcg/deck-check-too-many-copies", end="game_over", winner="draw") == [
        "expect.winner: expected draw; got none (the game cannot start: a deck is not legal)"
    ]
