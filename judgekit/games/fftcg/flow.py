"""The flow of the game: decks and set-up (8), turns and phases (9).

The attack phase is in :mod:`~judgekit.games.fftcg.attack`; priority windows, which every main, attack
and end phase opens, are in :mod:`~judgekit.games.fftcg.priority`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from judgekit.engine import DecisionRequest, Event, GameOver, ScriptEnd, StepKind, zone_id
from judgekit.engine.rules import RuleRole
from judgekit.games.fftcg import abilities, attack, priority, processing, terms
from judgekit.games.fftcg.cards import DeckCopies
from judgekit.games.fftcg.game import PHASES, DelayedAuto, Fftcg, Window
from judgekit.games.fftcg.registry import rule
from judgekit.games.fftcg.words import PHASE_NAMES
from judgekit.message import Message, msg

HAND_LIMIT = 5
"""The hand limit (9.5.1.2: normally 5)."""


def run(g: Fftcg, at: str) -> None:
    """Play the game from ``at`` (``setup`` or a phase) until it ends or the play list runs out."""
    try:
        if at == "setup":
            if not deck_check(g):
                return
            setup(g)
            at = "active"
        turn(g, at)
    except (GameOver, ScriptEnd):
        return


def _deck_copies(g: Fftcg, keys: Sequence[str]) -> tuple[bool, int | None]:
    """Whether a field ability about deck building of these cards (one card number) changes 8.1.1.2's limit, and
    the limit it sets (None: no limit)."""
    for key in keys:
        for a in g.defs[key].abilities:
            if a.kind != "field":
                continue
            for op in a.statics:
                if isinstance(op, DeckCopies):
                    return True, op.copies
    return False, 3


@rule("8.1.1", "8.1.1.1", "8.1.1.2", "5.2.5.1", "8.1.2", role=RuleRole.PROCEDURE)
def deck_check(g: Fftcg, *, silent: bool = False) -> bool:
    """8.1.1: a deck is exactly 50 cards in constructed, 40 or more in limited (8.1.1.1), at most 3 of a card
    number in constructed (8.1.1.2, 5.2.5.1). A field ability about deck building replaces a condition as a
    replacement effect (8.1.2): the cards of its number may be as many as it says."""
    problems: list[tuple[str, str, Message]] = []
    replaced: list[tuple[str, str, Message]] = []
    limited = g.format == "limited"
    for pid in g.state.players:
        cards = [g.card(i) for i in g.state.zones[zone_id(pid, "deck")]]
        if limited and len(cards) < 40:
            problems.append((pid, "8.1.1.1", msg("ff.deck.under_forty", n=len(cards))))
        if not limited and len(cards) != 50:
            problems.append((pid, "8.1.1.1", msg("ff.deck.not_fifty", n=len(cards))))
        if not limited:
            numbers = Counter(g.defs[c.key].number or c.key for c in cards)
            for number, n in sorted(numbers.items()):
                keys = sorted({c.key for c in cards if (g.defs[c.key].number or c.key) == number})
                changed, limit = _deck_copies(g, keys)
                if changed:
                    name = g.defs[keys[0]].name
                    allowed = msg("ff.deck.any_number") if limit is None else msg("ff.deck.at_most", n=limit)
                    replaced.append(
                        (pid, number, msg("ff.deck.limit_replaced", card=name, number=number, limit=allowed, n=n))
                    )
                if limit is not None and n > limit:
                    problems.append(
                        (
                            pid,
                            "8.1.2" if changed else "8.1.1.2",
                            msg("ff.deck.too_many_copies", n=n, number=number, limit=limit),
                        )
                    )
    if silent:
        return not problems
    for pid, _, text in replaced:
        g.record(StepKind.RULE, "rules", msg("ff.deck.of", player=g.name(pid), what=text), ["8.1.2", "8.1.1.2"])
    if problems:
        for pid, rid, text in problems:
            g.record(StepKind.RULE, "rules", msg("ff.deck.not_legal", player=g.name(pid), why=text), ["8.1.1", rid])
        raise g.finish(
            None,
            msg("ff.deck.cannot_start"),
            ["8.1.1", *dict.fromkeys(rid for _, rid, _ in problems)],
        )
    g.record(
        StepKind.RULE,
        "rules",
        msg("ff.deck.legal_limited")
        if limited
        else msg("ff.deck.legal_replaced")
        if replaced
        else msg("ff.deck.legal"),
        ["8.1.1", "8.1.1.1"] + ([] if limited else ["8.1.1.2", "5.2.5.1"]) + (["8.1.2"] if replaced else []),
    )
    return True


@rule("8.2.1", "8.2.1.1", "8.2.1.2", "8.2.1.3", "8.2.1.4", "8.2.1.5", role=RuleRole.PROCEDURE)
def setup(g: Fftcg, *, silent: bool = False) -> bool:
    """8.2.1: shuffle (8.2.1.1), choose the first player at random (8.2.1.2), draw five (8.2.1.3), a mulligan for
    each player in turn order (8.2.1.4), and the first player's turn begins (8.2.1.5)."""
    if silent:
        return True
    g.set_phase("setup", "")
    for pid in g.state.players:
        terms.shuffle(g, pid, ["8.2.1", "8.2.1.1"])
    chooser = g.decide(
        DecisionRequest(
            "first_player",
            None,
            tuple(g.state.players),
            "8.2.1.2",
            msg("ff.setup.random_chooser"),
            chance=True,
        )
    )[0]
    goes = g.decide(
        DecisionRequest(
            "go_first", chooser, ("first", "second"), "8.2.1.2", msg("ff.setup.go_first", player=g.name(chooser))
        )
    )[0]
    first = chooser if goes == "first" else g.state.opponent(chooser)
    second = g.state.opponent(first)
    for pid in (first, second):
        terms.draw(g, pid, 5, ["8.2.1.3"], pid)
    for pid in (first, second):
        answer = g.decide(
            DecisionRequest(
                "mulligan",
                pid,
                ("keep", "redraw"),
                "8.2.1.4",
                msg("ff.setup.mulligan", player=g.name(pid)),
            )
        )
        if answer[0] == "keep":
            continue
        hand = list(g.state.zones[zone_id(pid, "hand")])
        ordered = terms.order_cards(
            g,
            pid,
            hand,
            "8.2.1.4",
            msg("ff.setup.mulligan_order", player=g.name(pid)),
        )
        for iid in ordered:
            g.move(iid, zone_id(pid, "deck"), top=False, face_down=True)
        g.record(StepKind.RULE, pid, msg("ff.setup.mulligan_done", player=g.name(pid)), ["8.2.1.4"])
        terms.draw(g, pid, 5, ["8.2.1.4"], pid)
    g.set_turn(1, first)
    g.record(StepKind.PHASE, "rules", msg("ff.setup.first_turn", player=g.name(first)), ["8.2.1.5"])
    return True


@rule("9", "9.5.1.5", role=RuleRole.PROCEDURE)
def turn(g: Fftcg, at: str, *, silent: bool = False) -> bool:
    """9: each turn runs its phases; after the end phase the opponent's turn begins (9.5.1.5)."""
    if silent:
        return True
    start = PHASES.index(at)
    if g.state.turn_player not in g.turn_started:
        g.turn_started[g.state.turn_player] = g.tick()
    while True:
        for phase in PHASES[start:]:
            if phase == "active":
                active_phase(g)
            elif phase == "draw":
                draw_phase(g)
            elif phase in ("main1", "main2"):
                main_phase(g, phase)
            elif phase == "attack":
                attack.attack_phase(g)
            else:
                end_phase(g)
        nxt = g.state.opponent(g.state.turn_player)
        g.set_turn(g.state.turn + 1, nxt)
        g.clear_flags()
        g.attacked.clear()
        g.set_phase("active", "")
        g.turn_started[nxt] = g.tick()
        g.record(
            StepKind.PHASE, "rules", msg("ff.turn.begins", turn=g.state.turn, player=g.name(nxt)), ["9.5.1.5", "9"]
        )
        priority.reached(g, new_turn=True)
        start = 0


@rule("9.1.1", "9.1.1.1", "9.1.1.2", "15.2.4.2", "15.1.1.1.1", role=RuleRole.PROCEDURE)
def active_phase(g: Fftcg, *, silent: bool = False) -> bool:
    """9.1.1.1: the turn player activates every dull card they control on the field — not a frozen one
    (15.2.4.2) — a special action without the stack; no one receives priority (9.1.1.2)."""
    if silent:
        return True
    tp = g.state.turn_player
    g.set_phase("active", "")
    g.record(StepKind.PHASE, "rules", msg("ff.turn.active_phase", player=g.name(tp)), ["9.1.1", "9.1.1.2"])
    woke: list[str] = []
    kept: list[str] = []
    for iid in g.field(tp):
        if g.frozen(iid):
            g.set_marker(iid, "frozen", 0)
            if g.is_dull(iid):
                kept.append(iid)
            continue
        if g.is_dull(iid):
            g.set_marker(iid, "dull", 0)
            woke.append(iid)
    if woke:
        g.record(
            StepKind.RULE,
            "rules",
            msg("ff.turn.activates", player=g.name(tp), cards=tuple(g.cref(i) for i in woke)),
            ["9.1.1.1", "15.1.1.1.1"],
        )
    if kept:
        g.record(
            StepKind.RULE,
            "rules",
            msg("ff.turn.stays_frozen", cards=tuple(g.cref(i) for i in kept)),
            ["15.2.4.2"],
        )
    return True


@rule("9.2.1", "9.2.1.1", "9.2.1.2", "9.2.1.3", "8.2.1.5", role=RuleRole.PROCEDURE)
def draw_phase(g: Fftcg, *, silent: bool = False) -> bool:
    """9.2.1.1: the turn player draws two cards — one on the first player's first turn (9.2.1.3) — a special
    action without the stack; no one receives priority (9.2.1.2)."""
    if silent:
        return True
    tp = g.state.turn_player
    g.set_phase("draw", "")
    g.record(StepKind.PHASE, "rules", msg("ff.turn.draw_phase", player=g.name(tp)), ["9.2.1", "9.2.1.2"])
    if g.state.turn == 1:
        terms.draw(g, tp, 1, ["9.2.1.3", "8.2.1.5"], "rules")
    else:
        terms.draw(g, tp, 2, ["9.2.1.1"], "rules")
    return True


@rule("9.3.1", "9.3.1.1", "9.3.1.3", "9.3.1.4", "15.2.7.4", "9.3.1.2", "11.1.2", role=RuleRole.PROCEDURE)
def main_phase(g: Fftcg, phase: str, *, silent: bool = False) -> bool:
    """9.3.1: 'main phase start' auto abilities go on the stack with those already waiting (9.3.1.3), then the
    turn player receives priority (9.3.1.4); the phase ends when both pass with the stack empty (9.3.1.2)."""
    if silent:
        return True
    tp = g.state.turn_player
    g.set_phase(phase, "")
    priority.reached(g)
    g.record(
        StepKind.PHASE,
        "rules",
        msg("ff.turn.main_phase", player=g.name(tp), phase=PHASE_NAMES[phase]),
        ["9.3.1", "9.3.1.1", "9.3.1.3", "9.3.1.4", "11.1.2"],
    )
    abilities.trigger(g, Event(f"{phase}_start", tp), cites=("9.3.1.3",))
    if phase == "main1":
        from judgekit.games.fftcg import dejon

        dejon.dejon_start(g)
    priority.priority_window(g, Window(phase, True), ["9.3.1.2"])
    return True


@rule(
    "9.5.1",
    "9.5.1.1",
    "9.5.1.2",
    "9.5.1.3",
    "9.5.1.3.1",
    "9.5.1.3.2",
    "9.5.1.4",
    "9.5.1.5",
    "13.1",
    "11.8.17.2",
    role=RuleRole.PROCEDURE,
)
def end_phase(g: Fftcg, *, silent: bool = False) -> bool:
    """9.5.1: end-phase auto abilities and priority (9.5.1.1); the hand down to the limit (9.5.1.2); then damage
    is removed and 'until end of turn' effects end at the same time (9.5.1.3); while rule processes or auto
    abilities remain, a priority window and back to 9.5.1.3.1 (9.5.1.4); then the turn ends (9.5.1.5)."""
    if silent:
        return True
    tp = g.state.turn_player
    g.set_phase("end", "")
    priority.reached(g)
    g.record(StepKind.PHASE, "rules", msg("ff.turn.end_phase", player=g.name(tp)), ["9.5.1"])
    abilities.trigger(g, Event("end_phase_start", tp), cites=("9.5.1.1",))
    abilities.trigger(g, Event("turn_end", tp), cites=("9.5.1.1",))
    priority.priority_window(g, Window("end", False), ["9.5.1.1"])
    hand = list(g.state.zones[zone_id(tp, "hand")])
    if len(hand) > HAND_LIMIT:
        n = len(hand) - HAND_LIMIT
        picked = terms.pick_cards(
            g,
            tp,
            hand,
            n,
            "discard",
            "9.5.1.2",
            msg("ff.turn.hand_limit_choice", player=g.name(tp), n=n, limit=HAND_LIMIT),
        )
        terms.discard_cards(g, tp, picked, ["9.5.1.2"], tp, msg("ff.turn.hand_limit", n=HAND_LIMIT))
    rounds = 0
    while True:
        _cleanup(g)
        if not priority.check_before_priority(g, ["9.5.1.4"], silent=True):
            g.record(StepKind.PHASE, "rules", msg("ff.turn.ends"), ["9.5.1.5"])
            return True
        rounds += 1
        if rounds > processing.LOOP_REPEATS * 10:
            raise g.ambiguity(["9.5.1.4", "13.1"], msg("ff.turn.end_phase_loops", rule="9.5.1.3.1"))
        priority.priority_window(g, Window("end", False), ["9.5.1.4"])
        g.record(StepKind.PHASE, "rules", msg("ff.turn.back_to_cleanup", rule="9.5.1.3.1"), ["9.5.1.4"])


def _cleanup(g: Fftcg) -> None:
    damaged = [i for i in g.all_field() if g.damage(i)]
    ending = [e for e in g.effects if e.until == "end_of_turn"]
    this_turn = sorted({e.label for e in g.effects if e.until == "this_turn"})
    if this_turn:
        # 9.5.1.3.2 ends 「ターン終了時まで」 effects only; このターン is never named (AMBIGUITIES.md #33). A cleanup
        # comes before every end of a turn (9.5.1.5), so a このターン effect never outlives its turn unasked.
        raise g.ambiguity(["9.5.1.3.2", "9.5.1.5"], msg("ff.gap.this_turn_at_cleanup", effects=tuple(this_turn)))
    for i in damaged:
        g.set_marker(i, "damage", 0)
    for e in ending:
        g.end_effect(e.key)
    parts: list[Message] = []
    if damaged:
        parts.append(msg("ff.cleanup.damage_removed", cards=tuple(g.cref(i) for i in damaged)))
    if ending:
        parts.append(msg("ff.cleanup.effects_end", n=len(ending), effects=tuple(sorted({e.label for e in ending}))))
    returned = _end_turn_control(g)
    if returned:
        parts.append(msg("ff.cleanup.control_back", cards=tuple(returned)))
    lapsed = [d for d in g.delayed if isinstance(d.payload, DelayedAuto) and d.payload.period == "turn"]
    for d in lapsed:
        g.delayed.remove(d)
    if lapsed:
        parts.append(msg("ff.cleanup.delayed_end", n=len(lapsed), abilities=tuple(d.label for d in lapsed)))
    said = parts[0] if parts else msg("ff.cleanup.nothing")
    for part in parts[1:]:
        said = msg("ff.cleanup.at_once", first=said, then=part)
    g.record(
        StepKind.RULE,
        "rules",
        said,
        ["9.5.1.3"]
        + (["9.5.1.3.1"] if damaged else [])
        + (["9.5.1.3.2"] if ending or returned else [])
        + (["11.8.17.2"] if lapsed else []),
    )


def _end_turn_control(g: Fftcg) -> list[Message]:
    """9.5.1.3.2: a control change 'until the end of the turn' ends; a card that left the field since is a new
    object (7.4) and is not given back."""
    out: list[Message] = []
    for iid, since, back in g.control_until_end:
        if iid in g.state.cards and g.on_field(iid) and g.card(iid).since == since and g.card(iid).controller != back:
            g.set_controller(iid, back, zone_id(back, "field"))
            g.control_since[iid] = g.tick()
            out.append(msg("ff.cleanup.control_to", card=g.cref(iid), player=g.name(back)))
    g.control_until_end.clear()
    return out
