"""The kernel's stack, priority window and replacement loop, on a toy game."""

from __future__ import annotations

from judgekit.engine import (
    Card,
    Engine,
    GameState,
    Inputs,
    Player,
    Preset,
    ReplacementEffect,
    Rulebook,
    RuleRegistry,
    Visibility,
    ZoneSpec,
)
from judgekit.engine.replacement import apply_replacements
from judgekit.engine.stack import Answer, Stack, run_priority

BOOK = Rulebook("toy", "rules", "1", "TOY")
ZONES = (
    ZoneSpec("hand", "hand", ordered=False, visibility=Visibility.OWNER),
    ZoneSpec("stack", "stack", ordered=True, visibility=Visibility.PUBLIC, shared=True),
)


def engine() -> Engine:
    st = GameState(players={"A": Player("A", "Alice"), "B": Player("B", "Bob")}, zone_specs=ZONES)
    g = Engine(Preset.from_registry("toy", RuleRegistry(BOOK), []), st, Inputs([]))
    g.place_new(Card("A-1", "bolt", "Bolt", "A", "A", "A.hand"))
    return g


def test_the_stack_is_last_in_first_out_and_cards_stay_until_moved() -> None:
    g = engine()
    stack = Stack(g)
    card = stack.push_card("A-1", "summon", "A", "Bolt", "deal 3")
    ability = stack.push_ability("auto", "B", "A-1", "Reply", "draw 1", targets=("A-1",))
    assert [i.iid for i in stack.items()] == [ability.iid, "A-1"]
    assert stack.top() == ability and ability.targets == ("A-1",) and not ability.is_card
    stack.take(ability.iid)
    assert ability.iid not in g.state.cards
    assert stack.top() == card
    stack.take("A-1")
    assert stack.is_empty() and g.state.cards["A-1"].zone == "stack"


class Host:
    """Scripted answers: each player's answers in turn; resolving pops the stack list."""

    def __init__(self, answers: list[tuple[str, Answer]], stack: list[str]) -> None:
        self.answers = answers
        self.stack = stack
        self.log: list[str] = []

    def before_priority(self, player: str) -> None:
        self.log.append(f"check {player}")

    def act(self, player: str) -> tuple[Answer, str]:
        who, answer = self.answers.pop(0)
        assert who == player, (who, player)
        self.log.append(f"{player} {answer.value}")
        other = "B" if player == "A" else "A"
        return answer, other if answer is Answer.PASS else player

    def stack_empty(self) -> bool:
        return not self.stack

    def resolve_top(self) -> str:
        self.log.append(f"resolve {self.stack.pop(0)}")
        return "A"

    def player_count(self) -> int:
        return 2


def test_both_passing_resolves_the_top_then_closes_the_window_when_empty() -> None:
    host = Host([("A", Answer.PASS), ("B", Answer.PASS), ("A", Answer.PASS), ("B", Answer.PASS)], ["x"])
    run_priority(host, "A")
    assert [e for e in host.log if not e.startswith("check")] == ["A pass", "B pass", "resolve x", "A pass", "B pass"]
    assert host.log[0] == "check A"


def test_an_action_starts_the_passes_over_and_an_undone_one_does_not() -> None:
    answers = [("A", Answer.PASS), ("B", Answer.UNDONE), ("B", Answer.PASS)]
    host = Host(answers, [])
    run_priority(host, "A")
    assert host.log[-1] == "B pass" and not host.answers
    answers = [("A", Answer.PASS), ("B", Answer.ACT), ("B", Answer.PASS), ("A", Answer.PASS)]
    host = Host(answers, [])
    run_priority(host, "A")
    assert not host.answers


def test_replacements_apply_once_each_by_rank_with_a_chooser_for_ties() -> None:
    effects = [
        ReplacementEffect("own", "c", "A", "break", "its own text", "self"),
        ReplacementEffect("x", "c", "B", "break", "shield X", "x"),
        ReplacementEffect("y", "c", "B", "break", "shield Y", "y"),
    ]
    asked: list[list[str]] = []

    def choose(group: object) -> ReplacementEffect:
        keys = [e.key for e in group]  # type: ignore[attr-defined]
        asked.append(keys)
        return next(e for e in effects if e.key == keys[-1])

    applied = apply_replacements(
        lambda done: effects,
        lambda e: 0 if e.key == "own" else 1,
        choose,
        lambda e: True,
    )
    assert [e.key for e in applied] == ["own", "y", "x"]
    assert asked == [["x", "y"]]
    stopped = apply_replacements(lambda done: effects, lambda e: 0, lambda g: g[0], lambda e: False)
    assert [e.key for e in stopped] == ["own"]
