"""The flow of the game: turns and phases (dice, draw, set, battle, end) with their phase processing."""

from __future__ import annotations

from judgekit.engine import DecisionRequest, Event, GameOver, ScriptedInput, ScriptEnd, StepKind
from judgekit.engine.rules import RuleRole
from judgekit.errors import IllegalActionError
from judgekit.games.dice_castle import actions, battle, checks, processing, terms
from judgekit.games.dice_castle.game import DiceCastle
from judgekit.games.dice_castle.ids import BATTLE, DICE, DRAW, END, ENERGY_CAP, FIELD, INFO, PHASE, SET, SUPPORT
from judgekit.games.dice_castle.registry import rule
from judgekit.message import Message, msg


def run(g: DiceCastle, at: str) -> None:
    """Play the game from ``at`` (``check`` or a phase) until it ends or the play list runs out."""
    try:
        if at == "check":
            checks.start_check(g)
            return
        turn(g, at)
    except (GameOver, ScriptEnd):
        return


@rule(
    FIELD[1],
    FIELD[2],
    FIELD[3],
    FIELD[5],
    FIELD[6],
    FIELD[7],
    FIELD[8],
    INFO[1],
    INFO[2],
    INFO[3],
    INFO[4],
    SUPPORT[3],
    SUPPORT[4],
    role=RuleRole.PROCEDURE,
)
def lay_out(g: DiceCastle, where: Message, *, silent: bool = False) -> bool:
    """The board: each player's field (unit zone and magic zone), castle, damage cards, hand, discard, support
    castle; what is public and what hidden; cards on a player's field are that player's."""
    if silent:
        return True
    cites = [FIELD[1], FIELD[2], FIELD[3], FIELD[6], FIELD[8], FIELD[5], FIELD[7], INFO[1], INFO[3], INFO[4]]
    if any(g.card(i).face_down for pid in g.state.players for i in g.zone(pid, "magic")):
        cites.append(INFO[2])
    if any(g.zone(pid, "support") for pid in g.state.players):
        cites += [SUPPORT[3], SUPPORT[4]]
    g.record(
        StepKind.SETUP,
        "rules",
        msg("dice.start.board", where=where),
        cites,
    )
    return True


def _counter_or_unknown(g: DiceCastle, entry: ScriptedInput, waiting_for: Message) -> None:
    if entry.name == "counter":
        processing.counter_out_of_time(g, entry)
    elif entry.name in ("play", "use") and getattr(entry.payload, "phase", None) == "end":
        actions.in_end_phase(g, entry)
    else:
        g.reject(
            entry,
            IllegalActionError(
                entry.name, PHASE[3], msg("dice.phase.does_not_take", phase=waiting_for, action=entry.name)
            ),
        )


@rule(PHASE[1], PHASE[2], PHASE[3], DICE[2], role=RuleRole.PROCEDURE)
def turn(g: DiceCastle, at: str, *, silent: bool = False) -> bool:
    """A turn: the dice phase, then each player's draw, set, battle and end phases, the first player's first."""
    if silent:
        return True
    phases = ("dice", "draw", "set", "battle", "end")
    start = phases.index(at)
    while True:
        for phase in phases[start:]:
            {"dice": dice_phase, "draw": draw_phase, "set": set_phase, "battle": battle_phase, "end": end_phase}[phase](
                g
            )
        tp = g.state.turn_player
        if tp == g.first:
            g.assume(
                "turn_order",
                [PHASE[3], DICE[2]],
                msg("dice.gap.turn_order_second"),
            )
            second = g.opponent(tp)
            g.set_turn(g.state.turn, second)
            g.clear_attacks()
            g.record(
                StepKind.PHASE,
                "rules",
                msg("dice.turn.second", turn=g.state.turn, player=g.name(second)),
                [PHASE[1], PHASE[3]],
            )
            start = 1
        else:
            g.assume(
                "turn_order",
                [PHASE[3], DICE[2]],
                msg("dice.gap.turn_order_next"),
            )
            g.set_turn(g.state.turn + 1, g.first)
            start = 0


@rule(DICE[1], DICE[2], DICE[3], PHASE[2], ENERGY_CAP[1], role=RuleRole.PROCEDURE)
def dice_phase(g: DiceCastle, *, silent: bool = False) -> bool:
    """Both players roll; the same number is rolled again; the lower goes first; each gets energy equal to the
    pips, of the die's attribute."""
    if silent:
        return True
    g.set_phase("dice", "")
    g.record(StepKind.PHASE, "rules", msg("dice.turn.dice_phase", turn=g.state.turn), [DICE[1], PHASE[2]])
    players = list(g.state.players)
    faces = g.assume("die_faces", [DICE[1]], msg("dice.gap.die_faces"))
    assert isinstance(faces, int)
    options = tuple(str(n) for n in range(1, faces + 1))
    while True:
        totals: dict[str, int] = {}
        for pid in players:
            dice = g.zone(pid, "dice")
            if not dice:
                raise g.ambiguity([DICE[1]], msg("dice.gap.no_die", player=g.name(pid)))
            total = 0
            for die in dice:
                n = int(
                    g.ask(
                        DecisionRequest(
                            "roll",
                            pid,
                            options,
                            DICE[1],
                            msg("dice.roll", player=g.name(pid), die=g.card(die).name),
                            chance=True,
                        )
                    )[0]
                )
                g.set_number(die, "pips", n)
                total += n
            totals[pid] = total
        if any(len(g.zone(pid, "dice")) > 1 for pid in players):
            g.assume(
                "dice_compare",
                [DICE[1], DICE[2]],
                msg("dice.gap.dice_compare"),
            )
        a, b = (totals[p] for p in players)
        if a != b:
            break
        g.record(StepKind.RULE, "rules", msg("dice.roll.again", pips=a), [DICE[1]])
    first = min(players, key=lambda p: totals[p])
    second = g.opponent(first)
    g.first = first
    g.set_turn(g.state.turn, first)
    g.record(
        StepKind.RULE,
        "rules",
        msg("dice.roll.first", first=g.name(first), low=totals[first], second=g.name(second), high=totals[second]),
        [DICE[2]],
    )
    for pid in players:
        made: dict[str, int] = {}
        for die in g.zone(pid, "dice"):
            c = g.card(die)
            attr = "all" if c.markers.get("all") else c.key.split(":", 1)[1]
            made[attr] = made.get(attr, 0) + c.numbers.get("pips", 0)
        for attr, n in sorted(made.items()):
            terms.add_energy(g, pid, attr, n)
        total = sum(g.energy(pid).values())
        got = msg("dice.energy.gets", player=g.name(pid), energy=_energy(made))
        g.record(
            StepKind.RULE,
            pid,
            msg("dice.energy.gets_no_cap", gets=got, total=total) if total > faces else got,
            [DICE[3]] + ([ENERGY_CAP[1]] if total > faces else []),
        )
    return True


@rule(DRAW[1], DRAW[2], PHASE[2], role=RuleRole.PROCEDURE)
def draw_phase(g: DiceCastle, *, silent: bool = False) -> bool:
    """The turn player draws one card from the castle; the draw is forced, even from a castle of one card."""
    if silent:
        return True
    tp = g.state.turn_player
    g.set_phase("draw", "")
    g.record(StepKind.PHASE, "rules", msg("dice.phase.draw", player=g.name(tp)), [DRAW[1], PHASE[2]])
    cites = [DRAW[1]] + ([DRAW[2]] if g.castle_count(tp) <= 1 else [])
    terms.draw(g, tp, 1, cites)
    processing.settle(g)
    return True


@rule(SET[1], BATTLE[1], role=RuleRole.PROCEDURE)
def set_phase(g: DiceCastle, *, silent: bool = False) -> bool:
    """The set phase has no phase processing: the turn player plays cards and uses cost abilities."""
    if silent:
        return True
    tp = g.state.turn_player
    g.set_phase("set", "")
    g.record(StepKind.PHASE, "rules", msg("dice.phase.set", player=g.name(tp)), [SET[1]])
    while True:
        entry = g.take_action(f"{tp}'s set-phase action")
        if entry is None:
            raise ScriptEnd
        if entry.name == "end_set" and g.actor(entry) == tp:
            g.record(StepKind.ACTION, tp, msg("dice.phase.set_ends", player=g.name(tp)), [SET[1]], play=entry.index)
            return True
        if entry.name == "play" and getattr(entry.payload, "phase", None) != "end":
            actions.play(g, entry)
        elif entry.name == "use" and getattr(entry.payload, "phase", None) != "end":
            actions.use(g, entry)
        elif entry.name == "attack":
            g.reject(entry, IllegalActionError("attack", BATTLE[1], msg("dice.phase.attacks_in_battle")))
        else:
            _counter_or_unknown(g, entry, msg("dice.phase.the_set_phase"))


@rule(BATTLE[1], BATTLE[2], role=RuleRole.PROCEDURE)
def battle_phase(g: DiceCastle, *, silent: bool = False) -> bool:
    """The turn player may attack with units, one at a time, until they stop."""
    if silent:
        return True
    tp = g.state.turn_player
    g.set_phase("battle", "")
    g.record(StepKind.PHASE, "rules", msg("dice.phase.battle", player=g.name(tp)), [BATTLE[1]])
    while True:
        entry = g.take_action(f"{tp}'s battle-phase action")
        if entry is None:
            raise ScriptEnd
        if entry.name == "end_battle" and g.actor(entry) == tp:
            g.record(
                StepKind.ACTION, tp, msg("dice.phase.battle_ends", player=g.name(tp)), [BATTLE[1]], play=entry.index
            )
            return True
        if entry.name == "attack":
            battle.attack(g, entry)
        elif entry.name == "play" and getattr(entry.payload, "phase", None) != "end":
            actions.play(g, entry)
        elif entry.name == "use" and getattr(entry.payload, "phase", None) != "end":
            actions.use(g, entry)
        else:
            _counter_or_unknown(g, entry, msg("dice.phase.the_battle_phase"))


@rule(END[1], END[2], PHASE[2], role=RuleRole.PROCEDURE)
def end_phase(g: DiceCastle, *, silent: bool = False) -> bool:
    """The end phase, all for the turn player: this-turn effects end, turn limits reset, end-of-turn timing
    abilities activate, unused energy vanishes. Nothing is played, used or activated."""
    if silent:
        return True
    tp = g.state.turn_player
    g.set_phase("end", "")
    g.record(StepKind.PHASE, "rules", msg("dice.phase.end", player=g.name(tp)), [END[1], PHASE[2]])
    while True:
        entry = g.inputs.peek()
        if entry is None or getattr(entry.payload, "phase", None) != "end":
            break
        g.inputs.take_action("an end-phase attempt")
        actions.in_end_phase(g, entry)
    for e in [e for e in g.effects if e.until == "turn_end" and e.controller == tp]:
        g.end_effect(e.key)
        label = g.effect_labels.pop(e.key, None) or e.label
        g.record(StepKind.RULE, "rules", msg("dice.end.effect_ends", effect=label), [END[1]])
    used = sorted(k.split(":", 1)[1] for k in g.state.flags if k.startswith(f"{tp}:"))
    for name in used:
        g.set_flag(tp, name, 0)
    if used:
        g.record(StepKind.RULE, "rules", msg("dice.end.limits", player=g.name(tp), used=tuple(used)), [END[1]])
    timed = processing.activate_timing_all(g, tp, "turn_end")
    g.happened.append(Event("turn_end", tp))
    if timed:
        g.record(StepKind.RULE, "rules", msg("dice.end.timing", player=g.name(tp)), [END[1]])
    processing.settle(g)
    energy = g.energy(tp)
    for attr in sorted(energy):
        g.set_counter(tp, f"energy:{attr}", 0)
    if energy:
        g.record(
            StepKind.RULE,
            "rules",
            msg("dice.end.energy", player=g.name(tp), energy=_energy(energy)),
            [END[1]],
        )
    g.clear_attacks()
    return True


def _energy(amounts: dict[str, int]) -> tuple[Message, ...]:
    """Energy by attribute, for sentences (``2 fire``)."""
    return tuple(msg("dice.energy.amount", n=n, attribute=a) for a, n in sorted(amounts.items()))
