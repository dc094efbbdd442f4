"""Unresolved effects: activation, counter timings, priority, resolution and the win check.

Timing abilities (IN, OUT, end of turn, wall destroyed) activate at once and wait, unresolved
(未解決の効果). Events wait for their counter timing, which comes when the effect or process in
progress is over: the non-turn player may then activate counters whose condition is met, several
declared together. Resolution then goes by 効果処理の優先順位について: counters first (the
non-turn player orders them), then the turn player's effects (in the turn player's order), then
the non-turn player's. The win check runs between effects, never in the middle of one, and also
while effects are pending.
"""

from __future__ import annotations

from collections.abc import Sequence

from judgekit.engine import DecisionRequest, Event, GameOver, ScriptedInput, StepKind, zone_id
from judgekit.engine.rules import RuleRole
from judgekit.errors import IllegalActionError
from judgekit.games.dice_castle import terms
from judgekit.games.dice_castle.format import Activate
from judgekit.games.dice_castle.game import Ctx, DiceCastle, Pending, PendingKind
from judgekit.games.dice_castle.ids import (
    BATTLE,
    COMPOSITE,
    COUNTER,
    EFFECTS,
    EMPTY_IN,
    END,
    IN_PLAY,
    PRIORITY,
    SIMULTANEOUS,
    TOGETHER,
    WIN,
)
from judgekit.games.dice_castle.registry import rule
from judgekit.message import Message, Sentence, msg

_EVENT_TEXT: dict[str, Message] = {
    "played": msg("dice.event.played"),
    "enters": msg("dice.event.enters"),
    "attacks": msg("dice.event.attacks"),
    "destroyed": msg("dice.event.destroyed"),
    "wall_destroyed": msg("dice.event.wall_destroyed"),
    "cost_ability": msg("dice.event.cost_ability"),
    "in_ability": msg("dice.event.in_ability"),
    "out_ability": msg("dice.event.out_ability"),
    "turn_end": msg("dice.event.turn_end"),
}
"""The events counters answer, for sentences."""

TIMINGS: dict[str, Message] = {
    "in": msg("dice.timing.in"),
    "out": msg("dice.timing.out"),
    "turn_end": msg("dice.timing.turn_end"),
    "wall_destroyed": msg("dice.timing.wall_destroyed"),
}
"""The timings of timing abilities, for sentences."""


# --- activation -------------------------------------------------------------------------------


@rule(TOGETHER[3], BATTLE[7], PRIORITY[3], END[1], role=RuleRole.EFFECT)
def activate_timing(g: DiceCastle, iid: str, timing: str, pid: str, *, silent: bool = False) -> list[Pending]:
    """A card's timing abilities of ``timing`` activate at once and wait to resolve (an IN ability at the very
    moment its card enters)."""
    abilities = [a for a in g.definition(iid).abilities if a.timing == timing]
    if silent or not abilities:
        return []
    kind = {"in": PendingKind.IN, "out": PendingKind.OUT}.get(timing, PendingKind.TIMING)
    made: list[Pending] = []
    card = g.card(iid)
    for ab in abilities:
        item = Pending(
            key=g.new_key(),
            kind=kind,
            controller=pid,
            source=iid,
            name=f"{card.key}/{ab.name}",
            label=msg("dice.ability.timing", card=card.name, timing=TIMINGS[timing], name=ab.name),
            effects=ab.effects,
            event=Event(timing, pid, iid),
            ability=ab,
        )
        g.pending.append(item)
        made.append(item)
        if kind is PendingKind.IN:
            g.happened.append(Event("in_ability", pid, iid, source=item.key))
        elif kind is PendingKind.OUT:
            g.happened.append(Event("out_ability", pid, iid, source=item.key))
        cites = {"in": [TOGETHER[3]], "wall_destroyed": [BATTLE[7]], "turn_end": [END[1]]}.get(timing, [])
        if any(p.kind is PendingKind.COUNTER for p in g.pending):
            cites.append(PRIORITY[3])
        g.record(StepKind.TRIGGER, pid, msg("dice.ability.activates", ability=item.label), cites)
    return made


@rule(BATTLE[7], END[1], role=RuleRole.EFFECT)
def activate_timing_all(g: DiceCastle, pid: str, timing: str, *, silent: bool = False) -> list[Pending]:
    """Every timing ability of ``timing`` on ``pid``'s king and field activates."""
    holders = [g.king(pid), *g.units(pid), *[i for i in g.zone(pid, "magic") if not g.card(i).face_down]]
    if silent:
        return [p for i in holders for p in activate_timing(g, i, timing, pid, silent=True)]
    out: list[Pending] = []
    for iid in holders:
        out += activate_timing(g, iid, timing, pid)
    return out


# --- counter timings --------------------------------------------------------------------------


def face_down_counters(g: DiceCastle, pid: str) -> list[str]:
    """``pid``'s set counters: face-down counter cards in the magic zone."""
    return [i for i in g.zone(pid, "magic") if g.card(i).face_down and g.definition(i).magic == "counter"]


def answers(g: DiceCastle, iid: str, event: Event) -> bool:
    """Whether the counter ``iid`` has ``event`` as its condition."""
    spec = g.definition(iid).counter
    if spec is None or spec.on != event.name:
        return False
    controller = g.where(iid)[0]
    if spec.whose != "any" and event.player is not None and (event.player == controller) != (spec.whose == "own"):
        return False
    if spec.card_type is not None and event.subject is not None and event.subject in g.state.cards:
        return g.definition(event.subject).type == spec.card_type
    return True


def _matching(g: DiceCastle, pid: str, events: Sequence[Event]) -> dict[str, Event]:
    out: dict[str, Event] = {}
    for iid in face_down_counters(g, pid):
        hit = next((e for e in events if answers(g, iid, e)), None)
        if hit is not None:
            out[iid] = hit
    return out


def _names(g: DiceCastle, iids: Sequence[str]) -> tuple[str, ...]:
    return tuple(g.card(i).name for i in iids)


def _declared(g: DiceCastle, entry: ScriptedInput | None, pid: str, matching: dict[str, Event]) -> bool:
    if entry is None or entry.name != "counter" or entry.player != pid or not isinstance(entry.payload, Activate):
        return False
    options = g.options(face_down_counters(g, pid))
    return any(options.get(k) in matching for k in entry.payload.cards)


@rule(PRIORITY[2], COUNTER[1], TOGETHER[1], TOGETHER[2], END[2], END[3], IN_PLAY[5], role=RuleRole.EFFECT)
def counter_timing(g: DiceCastle, events: Sequence[Event], *, silent: bool = False) -> bool:
    """Counters whose condition has been met may be activated now, the non-turn player's first; several for one
    event are declared together. Nothing is activated in the end phase."""
    tp = g.state.turn_player
    order = [g.opponent(tp), tp]
    matching = {pid: _matching(g, pid, events) for pid in order}
    if silent:
        return any(matching.values())
    g.timings.extend((e.name, e.subject) for e in events)
    if not any(matching.values()):
        return False
    if g.state.phase == "end":
        for pid in order:
            if not matching[pid]:
                continue
            entry = g.inputs.peek()
            if _declared(g, entry, pid, matching[pid]):
                assert entry is not None
                g.inputs.take_action("a counter")
                g.reject(
                    entry,
                    IllegalActionError("counter", END[2], msg("dice.counter.end_phase")),
                    (END[3],),
                )
            else:
                g.record(
                    StepKind.RULE,
                    "rules",
                    msg("dice.counter.met_in_end_phase", player=g.name(pid), cards=_names(g, list(matching[pid]))),
                    [END[2], END[3]],
                )
        return False
    activated = False
    for pid in order:
        found = matching[pid]
        if not found:
            continue
        first = [PRIORITY[2]] if pid != tp else [COUNTER[1]]
        entry = g.inputs.peek()
        if not _declared(g, entry, pid, found):
            what = tuple(
                msg("dice.counter.answering", card=g.card(i).name, event=_EVENT_TEXT[e.name]) for i, e in found.items()
            )
            g.record(StepKind.RULE, pid, msg("dice.counter.may_activate", player=g.name(pid), counters=what), first)
            continue
        assert entry is not None and isinstance(entry.payload, Activate)
        g.inputs.take_action("a counter")
        options = g.options(face_down_counters(g, pid))
        chosen = [options.get(k) for k in entry.payload.cards]
        wrong = [k for k, iid in zip(entry.payload.cards, chosen, strict=True) if iid not in found]
        if wrong:
            g.reject(
                entry,
                IllegalActionError("counter", PRIORITY[2], msg("dice.counter.not_met", keys=tuple(wrong))),
            )
            continue
        iids = [i for i in chosen if i is not None]
        for iid in iids:
            g.turn_face(iid, False)
        cites = [*first, COUNTER[1]] + ([TOGETHER[1]] if len(iids) > 1 else [])
        events_now = [found[i] for i in iids]
        if any(e.name == "enters" and ("played", e.subject) in g.countered for e in events_now):
            cites.append(IN_PLAY[5])  # a counter at the play, then one at the entering: the order /5 asks for
        g.countered.extend((e.name, e.subject) for e in events_now)
        event = _EVENT_TEXT[found[iids[0]].name]
        g.record(
            StepKind.ACTION,
            pid,
            msg("dice.counter.activates_together", player=g.name(pid), cards=_names(g, iids), event=event)
            if len(iids) > 1
            else msg("dice.counter.activates", player=g.name(pid), cards=_names(g, iids), event=event),
            cites,
            play=entry.index,
        )
        for iid in iids:
            c = g.card(iid)
            spec = g.definition(iid).counter
            g.pending.append(
                Pending(
                    key=g.new_key(),
                    kind=PendingKind.COUNTER,
                    controller=pid,
                    source=iid,
                    name=c.key,
                    label=msg("dice.ability.counter", card=c.name),
                    effects=spec.effects if spec is not None else (),
                    event=found[iid],
                )
            )
        activated = True
        again = g.inputs.peek()
        while _declared(g, again, pid, _matching(g, pid, events)):
            assert again is not None
            g.inputs.take_action("a counter")
            g.reject(
                again,
                IllegalActionError("counter", TOGETHER[1], msg("dice.counter.late")),
            )
            again = g.inputs.peek()
    return activated


@rule(PRIORITY[2], IN_PLAY[5], role=RuleRole.ACTION)
def counter_out_of_time(g: DiceCastle, entry: ScriptedInput, *, silent: bool = False) -> bool:
    """A counter is activated only when its condition has just been met: a 'played' counter misses its timing
    once the card has entered, and an 'enters' counter has none when the play was negated."""
    if silent:
        return False
    act = entry.payload
    assert isinstance(act, Activate)
    pid = act.by
    options = g.options([i for i in g.zone(pid, "magic") if g.card(i).face_down])
    reason = msg("dice.counter.not_met_now", keys=tuple(act.cards))
    rid = PRIORITY[2]
    for key in act.cards:
        iid = options.get(key)
        spec = g.definition(iid).counter if iid else None
        if spec is None:
            reason = msg("dice.counter.not_set", key=key, player=g.name(pid))
            break
        passed = [s for e, s in g.timings if e == spec.on]
        if spec.on == "played" and passed and any(e == "enters" for e, _ in g.timings):
            reason = msg("dice.counter.played_passed", key=key)
            rid = IN_PLAY[5]
        elif spec.on == "enters" and g.last_negated is not None:
            reason = msg("dice.counter.never_entered", key=key)
            rid = IN_PLAY[5]
    g.reject(entry, IllegalActionError("counter", rid, reason))
    return False


# --- priority and resolution ------------------------------------------------------------------


def _labels(items: Sequence[Pending]) -> dict[str, Pending]:
    out: dict[str, Pending] = {}
    for p in items:
        label = p.name if p.name not in out else f"{p.name}#{sum(1 for q in out if q.startswith(p.name)) + 1}"
        out[label] = p
    return out


@rule(
    PRIORITY[1],
    PRIORITY[3],
    SIMULTANEOUS[1],
    SIMULTANEOUS["1/1"],
    SIMULTANEOUS[2],
    SIMULTANEOUS["2/1"],
    TOGETHER[2],
    role=RuleRole.EFFECT,
)
def next_effect(g: DiceCastle, counters_only: bool = False, *, silent: bool = False) -> Pending | None:
    """Which unresolved effect resolves next: a counter first (the non-turn player orders them), else the turn
    player's (in the order they choose), else the non-turn player's."""
    tp = g.state.turn_player
    ntp = g.opponent(tp)
    counters = [p for p in g.pending if p.kind is PendingKind.COUNTER]
    if counters:
        if silent:
            return counters[0]
        owners = {p.controller for p in counters}
        if len(owners) > 1:
            raise g.ambiguity(
                [PRIORITY[3], TOGETHER[2]],
                msg("dice.gap.counters_of_both"),
            )
        if len(counters) == 1:
            return counters[0]
        chooser = ntp if ntp in owners else tp
        rid = TOGETHER[2] if chooser == ntp else SIMULTANEOUS["1/1"]
        labels = _labels(counters)
        pick = g.ask(
            DecisionRequest(
                "counter_order",
                chooser,
                tuple(labels),
                rid,
                msg("dice.order.counter", player=g.name(chooser)),
            )
        )[0]
        return labels[pick]
    if counters_only:
        return None
    mine = [p for p in g.pending if p.controller == tp]
    theirs = [p for p in g.pending if p.controller == ntp]
    if silent:
        return next(iter(mine or theirs), None)
    if mine:
        if len(mine) == 1:
            if theirs:
                g.record(
                    StepKind.RULE,
                    "rules",
                    msg("dice.order.turn_player_first", player=g.name(tp), other=g.name(ntp)),
                    [PRIORITY[1], SIMULTANEOUS[2], SIMULTANEOUS["2/1"]],
                )
            return mine[0]
        labels = _labels(mine)
        pick = g.ask(
            DecisionRequest(
                "effect_order",
                tp,
                tuple(labels),
                SIMULTANEOUS["1/1"],
                msg("dice.order.effect", player=g.name(tp)),
            )
        )[0]
        if theirs:
            g.record(
                StepKind.RULE,
                "rules",
                msg("dice.order.turn_player_effects_first", player=g.name(tp), other=g.name(ntp)),
                [PRIORITY[1], SIMULTANEOUS["2/1"]],
            )
        return labels[pick]
    if not theirs:
        return None
    if len(theirs) > 1:
        raise g.ambiguity(
            [SIMULTANEOUS[1], SIMULTANEOUS[2]],
            msg("dice.gap.non_turn_player_order", n=len(theirs), player=g.name(ntp)),
        )
    return theirs[0]


@rule(
    EFFECTS[1],
    COUNTER[1],
    PRIORITY[3],
    IN_PLAY[4],
    COUNTER[5],
    COMPOSITE[1],
    COMPOSITE[2],
    COMPOSITE[3],
    EMPTY_IN[2],
    role=RuleRole.EFFECT,
)
def resolve(g: DiceCastle, item: Pending, *, silent: bool = False) -> bool:
    """An unresolved effect resolves; a composite ability pays its cost first (its effect can then be negated as
    a cost ability); a counter goes to the discard afterwards."""
    if silent:
        return True
    from judgekit.games.dice_castle import actions

    g.pending.remove(item)
    ab = item.ability
    if ab is not None and ab.cost is not None and ab.timing is not None and item.kind is not PendingKind.COST:
        yes = g.ask(
            DecisionRequest(
                "optional",
                item.controller,
                ("yes", "no"),
                COMPOSITE[3],
                msg(
                    "dice.composite.pay",
                    player=g.name(item.controller),
                    cost=_cost_name(ab.cost.name),
                    ability=item.label,
                ),
            )
        )
        if yes[0] == "no":
            g.record(
                StepKind.EFFECT,
                item.controller,
                msg("dice.composite.unpaid", ability=item.label),
                [COMPOSITE[1], COMPOSITE[3]],
            )
            return False
        actions.pay_cost(g, item.controller, ab.cost, item.source, item.label)
        paid = Pending(
            key=g.new_key(),
            kind=PendingKind.COST,
            controller=item.controller,
            source=item.source,
            name=item.name,
            label=msg("dice.ability.cost_paid", ability=item.label),
            effects=item.effects,
            event=item.event,
            ability=ab,
        )
        g.pending.append(paid)
        g.happened.append(Event("cost_ability", item.controller, item.source, source=paid.key))
        g.record(
            StepKind.EFFECT,
            item.controller,
            msg("dice.composite.paid", ability=item.label, cost=_its_cost(ab.cost.name)),
            [COMPOSITE[1], COMPOSITE[2], COMPOSITE[3]],
        )
        checkpoint(g)
        settle(g, counters_only=True)
        if paid not in g.pending:
            return False
        g.pending.remove(paid)
        item = paid
    ctx = Ctx(item.controller, item.source, item.label, item.event, kind=item.kind)
    cites = [EFFECTS[1]]
    if item.kind is PendingKind.COUNTER:
        cites.append(COUNTER[1])
        if any(p.kind is not PendingKind.COUNTER for p in g.pending):
            cites.append(PRIORITY[3])
    left = item.kind is PendingKind.IN and not g.on_field(item.source)
    if left:
        cites.append(COUNTER[5])
    empty = not terms.can_do(g, ctx, item.effects)
    if empty and item.kind is PendingKind.IN:
        cites.append(EMPTY_IN[2])
    waiting = (
        item.event.subject
        if item.event is not None and item.event.name == "played" and item.event.subject in g.state.zones["waiting"]
        else None
    )
    if waiting is not None:
        cites.append(IN_PLAY[4])
    resolves = msg(
        "dice.resolve.resolves",
        ability=item.label,
        waiting=msg("dice.resolve.while_waiting", card=g.card(waiting).name) if waiting is not None else "",
        left=msg("dice.resolve.unit_left") if left else "",
        empty=msg("dice.resolve.nothing") if empty else "",
    )
    g.record(StepKind.EFFECT, item.controller, resolves, cites)

    terms.run(g, ctx, item.effects)
    if item.kind is PendingKind.COUNTER and g.where(item.source)[1] == "magic":
        g.assume(
            "counter_after",
            [COUNTER[1]],
            msg("dice.gap.counter_after"),
        )
        owner = g.card(item.source).owner
        g.move(item.source, zone_id(owner, "discard"), face_down=False, keep_markers=False)
        g.record(StepKind.RULE, "rules", msg("dice.counter.to_discard", card=g.card(item.source).name), [COUNTER[1]])
    return True


def settle(g: DiceCastle, counters_only: bool = False, *, check: bool = True) -> None:
    """Resolve unresolved effects by priority until none is left (only counters, with ``counters_only``), with
    the win check (unless ``check`` is off: inside an effect) and counter timings between them."""
    while True:
        checkpoint(g, check=check)
        item = next_effect(g, counters_only)
        if item is None:
            return
        resolve(g, item)


def checkpoint(g: DiceCastle, *, check: bool = True) -> None:
    """Between two effects: the win check (unless ``check`` is off), then the counter timing of what happened."""
    if check:
        win_check(g)
    while g.happened:
        events = list(g.happened)
        g.happened.clear()
        counter_timing(g, events)


# --- the win check ----------------------------------------------------------------------------


@rule(WIN[1], WIN[2], WIN[3], role=RuleRole.PROCESS)
def win_check(g: DiceCastle, *, silent: bool = False) -> list[str]:
    """A player whose castle has no card loses; the check is made between effects (never in the middle of one)
    and also while effects are unresolved."""
    losers = [pid for pid in g.state.player_order() if g.castle_count(pid) == 0]
    if silent:
        return losers
    for pid in sorted(g.emptied - set(losers)):
        g.record(
            StepKind.RULE,
            "rules",
            msg("dice.win.refilled", player=g.name(pid), n=g.castle_count(pid)),
            [WIN[1], WIN[3]],
        )
    g.emptied.clear()
    if not losers:
        return []
    if len(losers) > 1:
        raise g.ambiguity([WIN[1]], msg("dice.gap.both_castles_empty"))
    loser = losers[0]
    winner = g.opponent(loser)
    waiting = tuple(p.label for p in g.pending)
    cites = [WIN[1]] + ([WIN[2], WIN[3]] if waiting else [])
    still: Sentence = msg("dice.win.unresolved", effects=waiting) if waiting else ""
    message = msg("dice.win.castle_empty", loser=g.name(loser), winner=g.name(winner), unresolved=still)
    raise end_game(g, winner, message, cites)


def _cost_name(name: str | None) -> Sentence:
    """A composite ability's cost by its printed name, or "the cost"."""
    return name or msg("dice.composite.the_cost")


def _its_cost(name: str | None) -> Sentence:
    """A composite ability's cost by its printed name, or "its cost"."""
    return name or msg("dice.composite.its_cost")


def end_game(g: DiceCastle, winner: str | None, message: Sentence, cites: Sequence[str]) -> GameOver:
    """The game ends; under the competitive rules the foul check follows."""
    g.unresolved = [p.name for p in g.pending]
    over = g.finish(winner, message, cites)
    if g.competitive:
        from judgekit.games.dice_castle import checks

        checks.foul_check(g)
    return over
