"""The game-independent kernel: recording primitives, check-only mode, citations, decisions, ordering."""

from __future__ import annotations

import pytest

from judgekit.engine import (
    Card,
    ChangeKind,
    ContinuousEffect,
    DecisionRequest,
    Engine,
    Event,
    GameState,
    InputKind,
    Inputs,
    PickMode,
    Player,
    Preset,
    Rulebook,
    RuleRegistry,
    ScriptedInput,
    StepKind,
    TriggerBook,
    Visibility,
    ZoneSpec,
    order_effects,
)
from judgekit.errors import DecisionNeeded, ScenarioError

BOOK = Rulebook("toy", "rules", "1", "TOY")
REG = RuleRegistry(BOOK)
ZONES = (
    ZoneSpec("deck", "deck", ordered=True, visibility=Visibility.HIDDEN),
    ZoneSpec("hand", "hand", ordered=False, visibility=Visibility.OWNER),
    ZoneSpec("field", "field", ordered=False, visibility=Visibility.PUBLIC),
)


@REG.rule("1.1", "1.2")
def draw_one(g: Engine, pid: str, *, silent: bool = False) -> bool:
    """1.1: draw the top card."""
    deck = g.state.zones[f"{pid}.deck"]
    if silent:
        return bool(deck)
    g.move(deck[0], f"{pid}.hand")
    g.record(StepKind.ACTION, pid, f"{pid} draws", ["1.1"])
    return True


@REG.rule("2.1")
def cites_undeclared(g: Engine, *, silent: bool = False) -> bool:
    """2.1: cites a rule no rule function declares."""
    g.record(StepKind.RULE, "rules", "oops", ["9.9"])
    return True


@REG.rule("3.1")
def changes_while_checking(g: Engine, *, silent: bool = False) -> bool:
    """3.1: changes state even in check-only mode (a bug the kernel catches)."""
    g.set_counter("A", "x", 1)
    return True


@REG.rule("4.1")
def asks(g: Engine, *, silent: bool = False) -> str:
    """4.1: asks which of two options."""
    return g.decide(DecisionRequest("pick", "A", ("left", "right"), "4.1", "A picks a side"))[0]


PRESET = Preset.from_registry("toy", REG, ["draw_one", "cites_undeclared", "changes_while_checking", "asks"])


def engine(entries: list[ScriptedInput] | None = None) -> Engine:
    st = GameState(players={"A": Player("A", "Alice"), "B": Player("B", "Bob")}, zone_specs=ZONES)
    g = Engine(PRESET, st, Inputs(entries or []))
    for n, key in enumerate(["x", "y"]):
        g.place_new(Card(f"A-{n}", key, key.upper(), "A", "A", "A.deck", face_down=True))
    return g


def test_a_step_records_changes_citations_and_board() -> None:
    g = engine()
    assert draw_one(g, "A", silent=True) is True
    assert g.steps == []
    draw_one(g, "A")
    (step,) = g.steps
    assert [r.id for r in step.rules] == ["1.1"]
    assert step.rules[0].game == "toy"
    assert step.changes[0].kind is ChangeKind.MOVE
    assert (step.changes[0].before, step.changes[0].after) == ("A.deck", "A.hand")
    hand = next(z for z in step.board.players[0].zones if z.name == "hand")
    deck = next(z for z in step.board.players[0].zones if z.name == "deck")
    assert [c.iid for c in hand.cards] == ["A-0"]
    assert deck.count == 1 and deck.cards == ()


def test_undeclared_citation_is_a_bug() -> None:
    with pytest.raises(RuntimeError, match="declared by no rule function"):
        cites_undeclared(engine())


def test_an_id_declared_by_another_rule_function_may_be_cited() -> None:
    """Ids flow as values (a helper returns the deciding rule, a trigger resolves later), so a citation is
    checked against the game's declarations: 4.1 is declared by ``asks``, cited here outside it."""
    g = engine()
    g.record(StepKind.RULE, "rules", "a value carried out of its rule function", ["4.1"])
    assert [r.id for r in g.steps[-1].rules] == ["4.1"]


def test_check_only_mode_cannot_change_state() -> None:
    with pytest.raises(RuntimeError, match="check-only"):
        changes_while_checking(engine(), silent=True)


def test_missing_decision_names_kind_options_and_rule() -> None:
    with pytest.raises(DecisionNeeded) as info:
        asks(engine())
    assert info.value.kind == "pick"
    assert info.value.options == ("left", "right")
    assert info.value.rule == "4.1"


def test_scripted_decision_is_taken_and_recorded() -> None:
    g = engine([ScriptedInput(0, InputKind.DECISION, "pick", "A", ("right",))])
    assert asks(g) == "right"
    assert g.steps[-1].kind is StepKind.DECISION and g.steps[-1].play == 0


def test_wrong_decision_kind_or_illegal_option_stops() -> None:
    with pytest.raises(DecisionNeeded, match="not a legal option"):
        asks(engine([ScriptedInput(0, InputKind.DECISION, "pick", "A", ("up",))]))
    with pytest.raises(DecisionNeeded, match="other"):
        asks(engine([ScriptedInput(0, InputKind.DECISION, "other", "A", ("left",))]))


def test_decision_where_an_action_is_expected_is_unused() -> None:
    inputs = Inputs([ScriptedInput(3, InputKind.DECISION, "pick", "A", ("left",))])
    with pytest.raises(ScenarioError, match=r"play\[3\].*nobody asked for"):
        inputs.take_action("A's action")


def test_order_modes() -> None:
    inputs = Inputs([ScriptedInput(0, InputKind.DECISION, "order", None, ("b", "a"))])
    req = DecisionRequest("order", None, ("a", "b"), "1", "order them", PickMode.ORDER)
    assert inputs.take_decision(req).choice == ("b", "a")


def test_trigger_counts_and_non_cumulative() -> None:
    book = TriggerBook()
    book.add("k", "c1", "A", "ability", Event("e"), 1)
    book.add("k", "c1", "A", "ability", Event("e2"), 2)
    assert book.pending("A")[0].count == 2
    assert book.add("k", "c1", "A", "ability", Event("e3"), 3, cumulative=False) is None
    _, event = book.take("k")
    assert event.name == "e" and book.pending("A")[0].count == 1


def test_continuous_effects_order_by_layer_dependency_timestamp() -> None:
    def eff(key: str, layer: int, ts: int) -> ContinuousEffect:
        return ContinuousEffect(key, "c", "A", layer, ts, "static", key, None)

    a, b, c = eff("a", 1, 5), eff("b", 1, 3), eff("c", 0, 9)
    assert [e.key for e in order_effects([a, b, c])] == ["c", "b", "a"]
    # b depends on a (and not the other way round): a goes first despite its later timestamp (809.3a)
    assert [e.key for e in order_effects([a, b], lambda x, y: x.key == "b" and y.key == "a")] == ["a", "b"]


def test_snapshot_hides_deck_and_counts_cards() -> None:
    g = engine()
    board = g.board()
    deck = next(z for z in board.players[0].zones if z.name == "deck")
    assert deck.count == 2 and not deck.public
    assert board.to_json()["players"][0]["name"] == "Alice"
