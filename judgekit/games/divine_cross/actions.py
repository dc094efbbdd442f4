"""The turn player's main-phase actions (600–607) and concession (103.4).

Each action is a rule function: in check-only mode it answers whether the action is legal; run
for real, an illegal action is recorded as a rejection citing the rule that forbids it, and
nothing else changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from judgekit.engine import DecisionRequest, Event, ScriptedInput, StepKind, zone_id
from judgekit.engine.rules import RuleRole
from judgekit.errors import IllegalActionError
from judgekit.games.divine_cross import abilities, continuous, terms
from judgekit.games.divine_cross.cards import (
    AndThen,
    Continuous,
    Damage,
    Effect,
    GainWinningTicket,
    Heal,
    IfDone,
    KnockOut,
    ModifyDamage,
    PlaceMarker,
    RemoveMarker,
    RetreatOp,
    Stun,
    UseAgain,
)
from judgekit.games.divine_cross.format import Charge, PlayCommand, PlayExPower, PlayUnit, Retreat
from judgekit.games.divine_cross.game import Ctx, DivineCross, PowerRef
from judgekit.games.divine_cross.registry import rule
from judgekit.games.divine_cross.wording import COMMAND, OP, SELECTOR
from judgekit.message import Message, msg

T = TypeVar("T")


def _payload(entry: ScriptedInput, kind: type[T]) -> T:
    p = entry.payload
    if not isinstance(p, kind):
        raise TypeError(f"{entry.where}: expected {kind.__name__}")
    return p


@rule("602.1", "602.2", "906.1", "503.3a", role=RuleRole.ACTION)
def charge(g: DivineCross, entry: ScriptedInput, *, silent: bool = False) -> bool:
    """602: once a turn, a hand card as energy to an own unit, then draw one — the term チャージする (906.1)."""
    act = _payload(entry, Charge)
    pid = g.actor(entry)
    unit = g.unit_at(pid, act.unit)
    card = g.find(pid, "hand", act.card)
    problem = None
    if g.state.flag(pid, "charge"):
        problem = IllegalActionError("charge", "602.2", msg("dc.reject.charged", player=g.name(pid)))
    elif unit is None:
        problem = IllegalActionError(
            "charge", "602.1", msg("dc.reject.no_unit_in", zone=g.zref(zone_id(pid, act.unit)))
        )
    elif card is None:
        problem = IllegalActionError("charge", "602.1", msg("dc.reject.not_in_hand", player=g.name(pid), card=act.card))
    if silent:
        return problem is None
    if problem is not None:
        g.reject(entry, problem)
        return False
    assert unit is not None and card is not None
    g.set_flag(pid, "charge", 1)
    g.record(
        StepKind.ACTION,
        pid,
        msg("dc.action.charge", player=g.name(pid), unit=g.cref(unit), card=g.card(card).name),
        ["503.3a", "602.1", "906.1"],
        play=entry.index,
    )
    terms.attach_as_energy(g, card, unit, pid, ["602.1"])
    terms.draw(g, pid, 1, ["602.1"], pid)
    return True


@rule("603.1", "603.2", "308.1", "303.1", "503.3b", role=RuleRole.ACTION)
def play_unit(g: DivineCross, entry: ScriptedInput, *, silent: bool = False) -> bool:
    """603: a hand unit card to a free standby area (a player has three, 308.1)."""
    act = _payload(entry, PlayUnit)
    pid = g.actor(entry)
    card = g.find(pid, "hand", act.card)
    free = g.free_standby(pid)
    problem = None
    also: tuple[str, ...] = ()
    if card is None or not g.is_unit_card(card):
        problem = IllegalActionError(
            "play_unit", "603.1", msg("dc.reject.no_unit_card_in_hand", player=g.name(pid), card=act.card)
        )
    elif not free:
        problem = IllegalActionError("play_unit", "603.1", msg("dc.reject.standby_full", player=g.name(pid)))
        also = ("308.1",)
    elif act.area is not None and act.area not in free:
        problem = IllegalActionError(
            "play_unit", "603.1", msg("dc.reject.area_taken", zone=g.zref(zone_id(pid, act.area)))
        )
    if silent:
        return problem is None
    if problem is not None:
        g.reject(entry, problem, also)
        return False
    assert card is not None
    area = act.area or free[0]
    g.move(card, zone_id(pid, area), face_down=False)
    g.record(
        StepKind.ACTION,
        pid,
        msg("dc.action.play_unit", player=g.name(pid), card=g.card(card).name, zone=g.zref(zone_id(pid, area))),
        ["503.3b", "603.1", "603.2", "308.1", "303.1"],
        play=entry.index,
    )
    from judgekit.engine import Event

    abilities.trigger(g, Event("played", pid, card, card), cause=("603.1",))
    return True


@rule(
    "604.1",
    "604.2",
    "604.3",
    "803.2",
    "804.2a",
    "804.2b",
    "804.2b-1",
    "804.2c-1",
    "804.2c-2",
    "905.3",
    "801.1d",
    "909.1",
    "311.3",
    "601.2",
    "503.3c",
    role=RuleRole.ACTION,
)
def play_command(g: DivineCross, entry: ScriptedInput, *, silent: bool = False) -> bool:
    """604: play a hand command through the resolution zone (804.2); one event a turn (803.2)."""
    act = _payload(entry, PlayCommand)
    pid = g.actor(entry)
    card = g.find(pid, "hand", act.card)
    d = g.definition(card) if card else None
    problem = None
    target: str | None = None
    if card is None or d is None or d.type != "command":
        problem = IllegalActionError(
            "play_command", "604.1", msg("dc.reject.no_command_in_hand", player=g.name(pid), card=act.card)
        )
    elif d.command == "event" and g.state.flag(pid, "event"):
        problem = IllegalActionError("play_command", "803.2", msg("dc.reject.event_played", player=g.name(pid)))
    elif d.command == "assist" and act.target is not None:
        target = g.unit_at(pid, act.target)
        if target is None:
            problem = IllegalActionError(
                "play_command", "804.2b-1", msg("dc.reject.no_unit_in", zone=g.zref(zone_id(pid, act.target)))
            )
        elif g.assist(target) is not None:
            problem = IllegalActionError("play_command", "804.2b-1", msg("dc.reject.has_assist", unit=g.cref(target)))
    if silent:
        return problem is None
    if problem is not None:
        g.reject(entry, problem, ("604.3",) if problem.rule == "803.2" else ())
        return False
    assert card is not None and d is not None and d.command is not None
    if d.command == "event":
        g.set_flag(pid, "event", 1)
    carried = continuous.zone_effects_on(g, card)
    g.move(card, "resolution", face_down=False)
    g.carried[card] = tuple(e.key for e in carried)
    g.record(
        StepKind.ACTION,
        pid,
        msg("dc.action.play_command", player=g.name(pid), card=d.name, kind=COMMAND[d.command]),
        ["503.3c", "604.1", "604.2", "804.2a", "311.3"] + (["803.2"] if d.command == "event" else ["601.2"]),
        play=entry.index,
    )
    abilities.trigger(g, Event("command_played", pid, card, None))
    if d.command == "assist":
        if target is None:
            eligible = [u for u in g.units(pid) if g.assist(u) is None]
            if not eligible:
                raise g.ambiguity(
                    ["804.2b", "804.2a"],
                    msg("dc.gap.assist_nowhere", card=d.name),
                )
            options = g.unit_options(eligible)
            if len(options) > 1:
                from judgekit.engine import DecisionRequest

                choice = g.decide(
                    DecisionRequest(
                        "target",
                        pid,
                        tuple(options),
                        "804.2b",
                        msg("dc.prompt.assist_unit", player=g.name(pid), card=d.name),
                    )
                )
                target = options[choice[0]]
            else:
                target = eligible[0]
        g.attach(card, target, "assist", face_down=False)
        g.record(
            StepKind.EFFECT,
            pid,
            msg("dc.action.assist_attached", card=d.name, unit=g.cref(target)),
            ["804.2c-2", "905.3"],
        )
        return True
    ctx = Ctx(pid, card, None, d.name)
    terms.run(g, ctx, d.effects, None)
    if card in g.state.zones["resolution"]:
        terms.to_discard(g, [card], ["804.2c-1", "801.1d"], msg("dc.why.resolved_command"), pid)
    return True


@rule(
    "605.1",
    "605.2",
    "605.3",
    "913.1",
    "913.1a",
    "913.1b",
    "913.1c",
    "913.1d",
    "206.1",
    "919.2",
    "919.2a",
    "919.2b",
    "919.2c",
    "503.3d",
    role=RuleRole.ACTION,
)
def retreat(g: DivineCross, entry: ScriptedInput, *, silent: bool = False) -> bool:
    """605: once a turn, pay the main unit's retreat cost in energy and swap it with a standby unit (913)."""
    act = _payload(entry, Retreat)
    pid = g.actor(entry)
    main = g.main_unit(pid)
    standby = g.unit_at(pid, act.to)
    problem = None
    if g.state.flag(pid, "retreat"):
        problem = IllegalActionError("retreat", "605.2", msg("dc.reject.retreated", player=g.name(pid)))
    elif main is None or not g.standby_units(pid):
        problem = IllegalActionError("retreat", "605.3", msg("dc.reject.no_standby", player=g.name(pid)))
    elif standby is None:
        problem = IllegalActionError(
            "retreat", "913.1a", msg("dc.reject.area_empty", zone=g.zref(zone_id(pid, act.to)))
        )
    elif len(g.energy(main)) < g.chars(main).retreat_cost:
        problem = IllegalActionError(
            "retreat",
            "605.3",
            msg(
                "dc.reject.retreat_cost", unit=g.cref(main), energy=len(g.energy(main)), cost=g.chars(main).retreat_cost
            ),
        )
    if silent:
        return problem is None
    if problem is not None:
        g.reject(entry, problem, ("913.1d",) if problem.rule == "605.3" else ())
        return False
    assert main is not None and standby is not None
    g.set_flag(pid, "retreat", 1)
    cost = g.chars(main).retreat_cost
    g.record(
        StepKind.ACTION,
        pid,
        msg("dc.action.retreat", player=g.name(pid), unit=g.cref(main), to=g.cref(standby), cost=cost),
        ["503.3d", "605.1", "913.1", "913.1a", *[m for m in g.chars(main).modified if m.startswith("919.2")]],
        play=entry.index,
    )
    _pay_and_swap(g, pid, main, standby, cost, pid)
    return True


def _pay_and_swap(g: DivineCross, pid: str, main: str, standby: str, cost: int, actor: str) -> None:
    paid = terms.pick_cards(
        g,
        pid,
        g.energy(main),
        cost,
        "energy",
        "913.1b",
        msg("dc.prompt.retreat_energy", player=g.name(pid), n=cost),
    )
    if paid:
        terms.to_discard(g, paid, ["913.1b", "206.1"], msg("dc.why.retreat_cost"), actor)
    terms.swap_units(g, pid, standby, ["913.1c"], actor)


@rule("913.1", "913.1a", "913.1b", "913.1c", "913.1d", role=RuleRole.TERM)
def retreat_effect(g: DivineCross, ctx: Ctx, op: RetreatOp, *, silent: bool = False) -> bool:
    """913.1: an effect retreats a main unit; if any part cannot be done, nothing is (913.1d)."""
    pid = terms.player(g, ctx, op.player)
    main = g.main_unit(pid)
    standby = g.standby_units(pid)
    possible = main is not None and bool(standby) and len(g.energy(main)) >= g.chars(main).retreat_cost
    if silent:
        return possible
    if not possible or main is None:
        g.record(StepKind.EFFECT, ctx.controller, msg("dc.action.cannot_retreat", player=g.name(pid)), ["913.1d"])
        return False
    options = g.unit_options(standby)
    unit = standby[0]
    if len(options) > 1:
        from judgekit.engine import DecisionRequest

        choice = g.decide(
            DecisionRequest("swap", pid, tuple(options), "913.1a", msg("dc.prompt.retreat_to", player=g.name(pid)))
        )
        unit = options[choice[0]]
    _pay_and_swap(g, pid, main, unit, g.chars(main).retreat_cost, ctx.controller)
    return True


@rule(
    "606.1",
    "801.1a",
    "802.2a",
    "802.3",
    "806.2a",
    "801.1g-1",
    "809.1c",
    "1101.1",
    "1101.1a",
    "1101.1b",
    role=RuleRole.ACTION,
)
def ex_power(g: DivineCross, entry: ScriptedInput, *, silent: bool = False) -> bool:
    """606: play an activated EX power of an own unit (not while the unit is stunned, 802.2a), or of a card in the
    hand whose EX power works there (802.3), which is revealed while the ability is played (806.2a)."""
    act = _payload(entry, PlayExPower)
    pid = g.actor(entry)
    if act.card is not None:
        return _hand_power(g, entry, pid, act, silent=silent)
    unit = g.unit_at(pid, act.unit)
    ref = None
    if unit is not None:
        ref = next((r for r in g.chars(unit).powers if r.power.name == act.power and r.power.kind == "activated"), None)
    problem = None
    flag = f"ex:{ref.holder}:{act.power}" if ref else ""
    if unit is None or ref is None:
        problem = IllegalActionError(
            "ex_power", "606.1", msg("dc.reject.no_ex_power", power=act.power, zone=g.zref(zone_id(pid, act.unit)))
        )
    elif g.stunned(unit):
        problem = IllegalActionError("ex_power", "802.2a", msg("dc.reject.stunned_no_activated", unit=g.cref(unit)))
    elif g.state.flag(pid, flag) >= ref.power.uses:
        problem = IllegalActionError("ex_power", "801.1a", msg("dc.reject.used_up", power=act.power, n=ref.power.uses))
    elif g.loop_block is not None and g.loop_block[:2] == (ref.holder, act.power):
        problem = IllegalActionError(
            "ex_power",
            g.loop_block[2],
            msg("dc.reject.loop_repeated", power=act.power),
        )
    if silent:
        return problem is None
    if problem is not None:
        g.reject(entry, problem)
        return False
    assert unit is not None and ref is not None
    g.loop_block = None
    _play_power(g, entry, pid, unit, ref)
    if g.loop_choosers and not g.state.over:
        _loop(g, entry, pid, ref)
    return True


def _hand_power(g: DivineCross, entry: ScriptedInput, pid: str, act: PlayExPower, *, silent: bool) -> bool:
    """802.3, 806.2a: an activated EX power of a card in the hand, meaningful only there."""
    assert act.card is not None
    card = g.find(pid, "hand", act.card)
    d = g.definition(card) if card is not None else None
    power = None
    if d is not None:
        power = next((p for p in d.ex if p.name == act.power and p.kind == "activated" and p.zone == "hand"), None)
    flag = f"ex:{card}:{act.power}"
    problem = None
    if card is None or power is None:
        problem = IllegalActionError(
            "ex_power", "802.3", msg("dc.reject.no_hand_power", player=g.name(pid), card=act.card, power=act.power)
        )
    elif g.state.flag(pid, flag) >= power.uses:
        problem = IllegalActionError("ex_power", "801.1a", msg("dc.reject.used_up", power=act.power, n=power.uses))
    if silent:
        return problem is None
    if problem is not None:
        g.reject(entry, problem)
        return False
    assert card is not None and power is not None
    g.set_flag(pid, flag, g.state.flag(pid, flag) + 1)
    name = g.card(card).name
    g.record(
        StepKind.ACTION,
        pid,
        msg("dc.action.hand_power", player=g.name(pid), power=act.power, card=name),
        ["503.3e", "606.1", "801.1a", "802.3"],
        play=entry.index,
    )
    opp = g.state.opponent(pid)
    g.record(
        StepKind.EFFECT,
        pid,
        msg("dc.action.hand_reveal", player=g.name(pid), card=name, to=g.name(opp)),
        ["806.2a"],
    )
    ctx = Ctx(pid, card, None, g.power_label(name, act.power), power=act.power)
    since = ctx.revealed[card] = g.card(card).since
    g.loop_choosers.clear()
    abilities.resolve_ability(g, ctx, power.effects)
    if card in g.state.cards and g.card(card).zone == zone_id(pid, "hand") and g.card(card).since == since:
        g.record(StepKind.EFFECT, pid, msg("dc.action.hand_unreveal", card=name), ["806.2a"])
    return True


def _play_power(
    g: DivineCross, entry: ScriptedInput, pid: str, unit: str, ref: PowerRef, again: Message | None = None
) -> None:
    act = _payload(entry, PlayExPower)
    flag = f"ex:{ref.holder}:{act.power}"
    g.set_flag(pid, flag, g.state.flag(pid, flag) + 1)
    holder = g.card(ref.holder)
    g.record(
        StepKind.ACTION,
        pid,
        msg("dc.action.ex_power", player=g.name(pid), power=g.what(g.power_label(holder.name, act.power)))
        if again is None
        else msg(
            "dc.action.ex_power_again",
            player=g.name(pid),
            power=g.what(g.power_label(holder.name, act.power)),
            loop=again,
        ),
        ["503.3e", "606.1", "801.1a"]
        + (["801.1g-1"] if ref.holder != unit else [])
        + (["809.1c"] if ref.gained_at is not None else [])
        + ([g.loop] if g.loop else []),
        play=entry.index,
    )
    ctx = Ctx(pid, ref.holder, unit, g.power_label(holder.name, act.power), power=act.power)
    g.loop_choosers.clear()
    abilities.resolve_ability(g, ctx, ref.power.effects)


LOOP_MOST = 99
"""The most repetitions a player may name for a loop (1101.1a); the engine's bound, not a rule."""

_FIXED = (Damage, Heal, Stun, PlaceMarker, RemoveMarker, KnockOut, ModifyDamage, GainWinningTicket, UseAgain)


def loop_gap(effects: Sequence[Effect]) -> Message | None:
    """Why repeating these effects may not be 'the same loop' (1101.1: ある一定の行動), or empty when every
    repetition is the same: no choice, chance or hidden card but the choice to go on."""
    for op in effects:
        target = getattr(op, "target", None)
        if isinstance(op, Continuous):
            target = getattr(op.effect, "target", None)
        if target in terms.CHOOSING:
            return msg("dc.gap.loop_chooses", op=OP[op.op], target=SELECTOR[target])
        if isinstance(op, IfDone):
            if op.optional and not any(isinstance(o, UseAgain) for o in terms._nested(op.then)):
                return msg("dc.gap.loop_asks", op=OP[op.op])
            if gap := loop_gap([*op.do, *op.then, *op.otherwise]):
                return gap
        elif isinstance(op, AndThen):
            if gap := loop_gap([*op.first, *op.then]):
                return gap
        elif not isinstance(op, (*_FIXED, Continuous)):
            return msg("dc.gap.loop_differs", op=OP[op.op])
    return None


def _loop(g: DivineCross, entry: ScriptedInput, pid: str, ref: PowerRef) -> None:
    """1101.1a, 1101.1b: an EX power that made itself usable again is a loop; its players name the count."""
    from judgekit.games.divine_cross import processing

    act = _payload(entry, PlayExPower)
    choosers = [p for p in g.state.player_order() if p in g.loop_choosers]
    rid = "1101.1b" if len(choosers) > 1 else "1101.1a"
    if gap := loop_gap(ref.power.effects):
        raise g.ambiguity(
            ["1101.1", rid],
            msg("dc.gap.loop", power=act.power, why=gap),
        )

    g.record(
        StepKind.RULE,
        "rules",
        msg("dc.action.loop", power=act.power, player=g.name(choosers[0]))
        if len(choosers) == 1
        else msg("dc.action.loop_both", power=act.power, a=g.name(choosers[0]), b=g.name(choosers[1])),
        ["1101.1", rid],
    )
    options = tuple(str(i) for i in range(LOOP_MOST + 1))
    counts = [
        int(
            g.decide(
                DecisionRequest("loop", p, options, rid, msg("dc.prompt.loop", player=g.name(p), power=act.power))
            )[0]
        )
        for p in choosers
    ]
    n = min(counts)
    if len(counts) > 1:
        g.record(StepKind.RULE, "rules", msg("dc.action.loop_smaller", n=n), [rid])
    done = 0
    g.loop = rid
    try:
        for i in range(n):
            processing.rule_check(g, ["503.2"])
            if g.state.over or not ex_power(g, entry, silent=True):
                g.record(StepKind.RULE, "rules", msg("dc.action.loop_stops", power=act.power), [rid])
                break
            unit = g.unit_at(pid, act.unit)
            again = next((r for r in g.chars(unit).powers if r.power.name == act.power), None) if unit else None
            assert unit is not None and again is not None
            _play_power(g, entry, pid, unit, again, msg("dc.action.loop_count", i=i + 1, n=n))
            done += 1
    finally:
        g.loop = None
    g.loop_block = (ref.holder, act.power, rid)
    g.record(
        StepKind.RULE,
        "rules",
        msg("dc.action.loop_done", power=act.power, n=done),
        [rid],
    )


@rule("103.4", role=RuleRole.ACTION)
def concede(g: DivineCross, entry: ScriptedInput, *, silent: bool = False) -> bool:
    """103.4: a player may concede at any time; the opponent wins."""
    if silent:
        return True
    pid = g.actor(entry)
    other = g.state.opponent(pid)
    g.record(StepKind.ACTION, pid, msg("dc.action.concede", player=g.name(pid)), ["103.4"], play=entry.index)
    raise g.finish(other, msg("dc.result.conceded", winner=g.name(other), loser=g.name(pid)), ["103.4"])
