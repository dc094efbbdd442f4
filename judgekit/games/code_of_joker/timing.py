"""The priority table (各種効果の発動優先度): which effect fires first at a timing.

At a timing the effects that can fire are noted once. Then, priority by priority, the turn player
and the other player take turns (/5): unit effects (the attacking, blocking or driven unit first,
then the oldest placed), trigger cards (the leftmost first), intercept cards (each player may use
one or pass); two passes in a row move to the next priority (/6). A unit's OC effects wait until
everything else is done (/7). A 破壊された時 timing interrupts whatever is being processed and the
rest resumes afterwards (/3). An effect whose unit or card is gone when its turn comes has missed
its timing and does not fire (/9).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from judgekit.engine import DecisionRequest, Event, StepKind
from judgekit.engine.rules import RuleRole
from judgekit.games.code_of_joker import effects, ids, terms
from judgekit.games.code_of_joker.cards import Ability, Effect, Recover
from judgekit.games.code_of_joker.game import CodeOfJoker, Ctx
from judgekit.games.code_of_joker.registry import rule
from judgekit.message import Message, Sentence, msg

INDOMITABLE = Ability(on="turn_end", of="any", effects=(Recover(op="recover", target="self"),), name="【不屈】")
"""【不屈】 as an effect: at the end of a turn the unit recovers its action right."""


@dataclass(frozen=True, slots=True)
class Timing:
    """A moment at which effects may fire."""

    name: str
    """The timing as the page names it (``フィールドに出た時``)."""
    events: tuple[Event, ...]
    """What happened; effects match them by ``on`` and ``of``."""
    cites: tuple[str, ...]
    """The rules that make this a timing (cited when something fires)."""
    units: bool = True
    """Whether unit effects fire at it."""
    triggers: bool = True
    """Whether trigger cards fire at it."""
    intercepts: bool = True
    """Whether intercept cards may be used at it."""
    first: tuple[str, ...] = ()
    """Units whose effects go first for their player (the attacker, the blocker, the driven unit)."""


@dataclass(frozen=True, slots=True)
class Pending:
    """An effect that may fire at the timing."""

    kind: str
    """``unit``, ``trigger`` or ``intercept``."""
    player: str
    """Whose effect it is."""
    card: str
    """Instance id of the unit or set card."""
    effects: tuple[Effect, ...]
    """Its instructions."""
    pattern: str | None
    """Pattern A or B, if the card says."""
    label: Sentence
    """For sentences (a set card's name: :func:`label_of` adds the slot it is in when it is named)."""
    event: Event
    """The event it fires for."""
    cites: tuple[str, ...] = ()
    """Extra rules it cites when it fires (a keyword)."""
    gone: bool = False
    """It fires for a unit that has already left the field (破壊された時)."""


def _about(of: str, owner: str, unit: str | None, event: Event) -> bool:
    if event.name in ("turn_start", "turn_end"):
        if of in ("self", "own", "other_own"):
            return event.player == owner
        if of == "opponent":
            return event.player != owner
        return True
    if of == "self":
        return event.subject == unit
    if of == "own":
        return event.player == owner
    if of == "other_own":
        return event.player == owner and event.subject != unit
    if of == "opponent":
        return event.player != owner
    return True


def _unit_pending(g: CodeOfJoker, timing: Timing, pid: str) -> list[Pending]:
    gone = [
        e.subject
        for e in timing.events
        if e.name == "destroyed" and e.last_known is not None and e.last_known.owner == pid and e.subject is not None
    ]
    units = [u for u in g.units(pid)] + [u for u in dict.fromkeys(gone) if not g.on_field(u)]

    def since(u: str) -> int:
        c = g.card(u) if g.on_field(u) else g.last_known[u]
        return c.since

    firsts = [u for u in timing.first if u in units]
    ordered = firsts + sorted((u for u in units if u not in firsts), key=since)
    out: list[Pending] = []
    for u in ordered:
        d = g.definition(u)
        abilities = list(enumerate(d.abilities, start=1))
        extra: tuple[str, ...] = ()
        if g.on_field(u) and g.has(u, "不屈"):
            abilities.append((0, INDOMITABLE))
        for n, ab in abilities:
            if ab.on == "oc":
                continue
            for ev in timing.events:
                if ev.name != ab.on or not _about(ab.of, pid, u, ev):
                    continue
                if n == 0:
                    label, extra = msg("coj.effect.named", card=d.name, effect="【不屈】"), (ids.INDOMITABLE,)
                else:
                    label, extra = effect_label(d.name, ab.name, n), ()
                out.append(Pending("unit", pid, u, ab.effects, ab.pattern, label, ev, extra, not g.on_field(u)))
    return out


def _card_pending(g: CodeOfJoker, timing: Timing, pid: str, kind: str) -> list[Pending]:
    out: list[Pending] = []
    for iid in g.zone(pid, "trigger"):
        d = g.definition(iid)
        if d.type != kind or d.on is None:
            continue
        for ev in timing.events:
            if ev.name == d.on and _about(d.of, pid, None, ev):
                out.append(Pending(kind, pid, iid, d.effects, d.pattern, d.name, ev))
                break
    return out


def effect_label(card: str, name: str | None, n: int) -> Message:
    """A unit's effect for sentences: its printed name, or its place among the card's effects."""
    if name:
        return msg("coj.effect.named", card=card, effect=name)
    return msg("coj.effect.nth", card=card, n=n)


def label_of(g: CodeOfJoker, p: Pending) -> Sentence:
    """A pending effect for sentences; a set card with the slot it is in now (the zone closes up to the left as
    cards are used, 用語/トリガーゾーン/4)."""
    zone = g.zone(p.player, "trigger")
    if p.kind == "unit" or p.card not in zone:
        return p.label
    return msg("coj.slot.card", card=p.label, slot=zone.index(p.card) + 1)


def card_ctx(g: CodeOfJoker, p: Pending) -> Ctx:
    """The context a set card's effect runs in."""
    return Ctx(p.player, p.card, None, label_of(g, p), p.pattern, p.event.subject)


NO_CHANGE = "coj.usable.no_change"
"""The id of the reason a card would change nothing (カード効果について/4/1 is cited with it)."""


def card_usable(g: CodeOfJoker, ctx: Ctx, fx: tuple[Effect, ...]) -> Message | None:
    """Why a trigger or intercept card cannot be used now (カード効果について/4), or None when it can."""
    if effects.lacks_target(g, ctx, fx):
        return msg("coj.usable.no_target")
    if not effects.run(g, ctx, fx, silent=True):
        return msg("coj.usable.no_change")
    return None


def intercept_problem(g: CodeOfJoker, p: Pending) -> tuple[str, Message | None]:
    """Why an intercept cannot be used now, with the rule; an empty rule and None when it can."""
    d = g.definition(p.card)
    if d.color != "colorless" and not any(g.definition(u).color == d.color for u in g.units(p.player)):
        return ids.INTERCEPT_COLOR_CP, msg(
            "coj.intercept.no_color", player=g.name(p.player), color=terms.color(d.color)
        )
    if g.counter(p.player, "CP") < d.cost:
        return ids.INTERCEPT_COLOR_CP, msg(
            "coj.intercept.short_cp", cost=d.cost, player=g.name(p.player), cp=g.counter(p.player, "CP")
        )
    why = card_usable(g, card_ctx(g, p), d.effects)
    return (ids.CARD_USABLE, why) if why else ("", None)


@rule(
    ids.PRIORITY,
    ids.PRIORITY_TABLE,
    ids.PRIORITY_UNITS,
    ids.PRIORITY_TRIGGERS,
    ids.PRIORITY_INTERCEPTS,
    ids.PRIORITY_ALTERNATE,
    ids.PRIORITY_NEXT,
    ids.MISSED_TIMING,
    ids.EFFECT_MANDATORY,
    ids.SILENCE,
    ids.TRIGGER_FIRES,
    ids.TRIGGER_LEFT_FIRST,
    ids.INTERCEPT_USE,
    ids.INTERCEPT_COLOR_CP,
    ids.INTERCEPT_COLORLESS,
    ids.INTERCEPT_WINDOW,
    ids.CARD_USABLE,
    ids.CARD_NO_EFFECT,
    ids.CARD_ANY_TARGET,
    ids.TZONE_LEFT,
    ids.TZONE_COLOR,
    ids.DISCARD,
    ids.INDOMITABLE,
    ids.MIX_DESTROYED_INTERRUPTS,
    ids.EFFECT_ORDER,
    role=RuleRole.EFFECT,
)
def process(g: CodeOfJoker, timing: Timing, *, silent: bool = False) -> bool:
    """優先度/1: unit effects, then trigger cards, then intercept cards, the two players taking turns."""
    tp = g.state.turn_player
    order = [tp, g.state.opponent(tp)]
    units = {pid: _unit_pending(g, timing, pid) if timing.units else [] for pid in order}
    trigs = {pid: _card_pending(g, timing, pid, "trigger") if timing.triggers else [] for pid in order}
    inters = {pid: _card_pending(g, timing, pid, "intercept") if timing.intercepts else [] for pid in order}
    found = any(units.values()) or any(trigs.values()) or any(inters.values())
    if silent or not found:
        return found
    g.timing_depth += 1
    try:
        _alternate(g, order, units, lambda p, both: _fire_unit(g, timing, p, both))
        _alternate(g, order, trigs, lambda p, both: _fire_trigger(g, timing, p, both))
        _intercepts(g, timing, order, inters)
    finally:
        g.timing_depth -= 1
    if g.timing_depth == 0:
        flush_oc(g)
    return True


def _alternate(
    g: CodeOfJoker, order: list[str], queues: dict[str, list[Pending]], fire: Callable[[Pending, bool], None]
) -> None:
    both = all(queues[p] for p in order)
    current, passes = 0, 0
    while passes < 2:
        q = queues[order[current]]
        if q:
            fire(q.pop(0), both)
            passes = 0
        else:
            passes += 1
        current = 1 - current


def _fire_unit(g: CodeOfJoker, timing: Timing, p: Pending, both: bool) -> None:
    label = p.label
    if not p.gone and not g.on_field(p.card):
        g.record(
            StepKind.EFFECT, p.player, msg("coj.timing.missed", effect=label, timing=timing.name), [ids.MISSED_TIMING]
        )
        return
    if not p.gone and g.has(p.card, "沈黙"):
        g.record(StepKind.EFFECT, p.player, msg("coj.timing.silenced", effect=label), [ids.SILENCE])
        return
    cites = [*timing.cites, ids.PRIORITY_TABLE, ids.PRIORITY_UNITS, ids.EFFECT_MANDATORY, *p.cites]
    if len(p.effects) > 1:
        cites.append(ids.EFFECT_ORDER)
    if both:
        cites.append(ids.PRIORITY_ALTERNATE)
    sentence = msg("coj.timing.fires", effect=label, timing=timing.name)
    if p.gone:
        sentence = msg("coj.timing.fires_destroyed", effect=label, timing=timing.name)
        cites.append(ids.MIX_DESTROYED_INTERRUPTS)
    g.record(StepKind.EFFECT, p.player, sentence, cites)

    effects.run(g, Ctx(p.player, p.card, p.card, label, p.pattern, p.event.subject), p.effects)


def _use(g: CodeOfJoker, p: Pending, cites: list[str]) -> None:
    """A set card is used from its slot: it goes to the discard pile and the cards to its right move left."""
    slot = g.zone(p.player, "trigger").index(p.card) + 1
    name = g.card(p.card).name
    terms.to_discard(g, p.card)
    right = len(g.zone(p.player, "trigger")) - slot + 1
    packed: Sentence = msg("coj.slot.packed", n=right) if right > 0 else ""
    who = g.name(p.player)
    if p.kind == "trigger":
        sentence = msg("coj.trigger.used", player=who, card=name, slot=slot, packed=packed)
    else:
        sentence = msg("coj.intercept.used", player=who, card=name, slot=slot, packed=packed)
    g.record(StepKind.EFFECT, p.player, sentence, [*cites, ids.TZONE_LEFT, ids.TZONE_COLOR, ids.DISCARD])


def _fire_trigger(g: CodeOfJoker, timing: Timing, p: Pending, both: bool) -> None:
    if p.card not in g.zone(p.player, "trigger"):
        g.record(StepKind.EFFECT, p.player, msg("coj.trigger.gone", effect=p.label), [ids.MISSED_TIMING])
        return
    ctx = card_ctx(g, p)
    why = card_usable(g, ctx, p.effects)
    if why is not None:
        g.record(
            StepKind.EFFECT,
            p.player,
            msg("coj.trigger.unusable", effect=label_of(g, p), why=why),
            [ids.CARD_USABLE] + ([ids.CARD_NO_EFFECT] if why.id == NO_CHANGE else []),
        )
        return
    cites = [*timing.cites, ids.PRIORITY_TABLE, ids.PRIORITY_TRIGGERS, ids.TRIGGER_FIRES, ids.TRIGGER_LEFT_FIRST]
    if both:
        cites.append(ids.PRIORITY_ALTERNATE)
    _use(g, p, cites)
    ctx.label = g.card(p.card).name
    effects.run(g, ctx, p.effects)


def _intercepts(g: CodeOfJoker, timing: Timing, order: list[str], queues: dict[str, list[Pending]]) -> None:
    current, passes = 0, 0
    told: set[str] = set()
    asked = False
    both = all(queues[pid] for pid in order)
    while passes < 2:
        pid = order[current]
        usable: list[Pending] = []
        for p in queues[pid]:
            if p.card not in g.zone(pid, "trigger"):
                continue
            rule_id, why = intercept_problem(g, p)
            if not rule_id:
                usable.append(p)
            elif p.card not in told and why is not None:
                told.add(p.card)
                extra = [ids.CARD_NO_EFFECT] if why.id == NO_CHANGE else []
                g.record(
                    StepKind.EFFECT,
                    pid,
                    msg("coj.intercept.unusable", effect=label_of(g, p), why=why),
                    [rule_id, *extra],
                )
        if not usable:
            passes += 1
            current = 1 - current
            continue
        options = g.card_options([p.card for p in usable])
        asked = True
        choice = g.decide(
            DecisionRequest(
                "intercept",
                pid,
                (*options, "pass"),
                ids.INTERCEPT_WINDOW,
                msg("coj.intercept.window", player=g.name(pid), timing=timing.name),
            )
        )[0]
        if choice == "pass":
            passes += 1
        else:
            p = next(q for q in usable if q.card == options[choice])
            queues[pid].remove(p)
            d = g.definition(p.card)
            cites = [
                *timing.cites,
                ids.PRIORITY_TABLE,
                ids.PRIORITY_INTERCEPTS,
                ids.INTERCEPT_USE,
                ids.INTERCEPT_COLOR_CP,
            ]
            if d.color == "colorless":
                cites.append(ids.INTERCEPT_COLORLESS)
            if both:
                cites.append(ids.PRIORITY_ALTERNATE)
            if d.cost:
                terms.change_cp(g, pid, -d.cost, pid, msg("coj.cp.paid_for", card=d.name))
            _use(g, p, cites)
            ctx = card_ctx(g, p)
            ctx.label = d.name
            effects.run(g, ctx, p.effects)
            passes = 0
        current = 1 - current
    if asked:
        g.record(
            StepKind.RULE,
            "rules",
            msg("coj.intercept.done", timing=timing.name),
            [ids.PRIORITY_NEXT],
        )


@rule(
    ids.PRIORITY_OC_LAST,
    ids.EVO_RIGHT,
    ids.OC_RECOVER,
    ids.MIX_OVERDRIVE_ACTED_RULING,
    ids.MISSED_TIMING,
    role=RuleRole.EFFECT,
)
def flush_oc(g: CodeOfJoker, *, silent: bool = False) -> bool:
    """優先度/7: the OC effects of units wait until everything else at the timing is done."""
    if silent or not g.oc_queue:
        return bool(g.oc_queue)
    while g.oc_queue:
        iid, recover = g.oc_queue.pop(0)
        name = g.card(iid).name
        if not g.on_field(iid):
            g.record(
                StepKind.EFFECT,
                "rules",
                msg("coj.oc.missed", card=name),
                [ids.MISSED_TIMING],
            )
            continue
        pid = g.owner_zone(iid)
        g.timing_depth += 1
        try:
            if recover:
                if g.acted(iid):
                    g.remove_marker(iid, "acted")
                    text = msg("coj.oc.evolution_recovers", card=g.cref(iid))
                else:
                    text = msg("coj.oc.evolution_unused", card=g.cref(iid))
                g.record(
                    StepKind.RULE,
                    "rules",
                    text,
                    [ids.EVO_RIGHT, ids.OC_RECOVER, ids.MIX_OVERDRIVE_ACTED_RULING, ids.PRIORITY_OC_LAST],
                )
            for n, ab in enumerate(g.abilities(iid), start=1):
                if ab.on != "oc":
                    continue
                if not g.on_field(iid):
                    break
                label = effect_label(name, ab.name, n)
                if g.has(iid, "沈黙"):
                    g.record(StepKind.EFFECT, pid, msg("coj.timing.silenced", effect=label), [ids.PRIORITY_OC_LAST])
                    continue
                g.record(StepKind.EFFECT, pid, msg("coj.oc.fires", effect=label), [ids.PRIORITY_OC_LAST])
                effects.run(g, Ctx(pid, iid, iid, label, ab.pattern, iid), ab.effects)
        finally:
            g.timing_depth -= 1
    return True


@rule(
    ids.DESTROYED_INTERRUPT, ids.DESTROYED_RESUME, ids.MIX_DESTROYED, ids.MIX_DESTROYED_INTERRUPTS, role=RuleRole.EFFECT
)
def flush_destroyed(g: CodeOfJoker, *, silent: bool = False) -> bool:
    """優先度/3: the 破壊された時 timing interrupts what is being processed, which then resumes (/3/1)."""
    if not g.destroyed:
        return False
    events = tuple(g.destroyed)
    first = (g.battle.attacker, g.battle.blocker or "") if g.battle else ()
    timing = Timing("破壊された時", events, (ids.DESTROYED_INTERRUPT,), first=tuple(u for u in first if u))
    if silent:
        return process(g, timing, silent=True)
    g.destroyed.clear()
    if not process(g, timing, silent=True):
        return False
    interrupting = g.timing_depth > 0
    if interrupting:
        g.record(
            StepKind.RULE,
            "rules",
            msg("coj.destroyed.interrupts"),
            [ids.DESTROYED_INTERRUPT, ids.MIX_DESTROYED, ids.MIX_DESTROYED_INTERRUPTS],
        )
    process(g, timing)
    if interrupting:
        g.record(StepKind.RULE, "rules", msg("coj.destroyed.resumes"), [ids.DESTROYED_RESUME])

    return True


def after_instruction(g: CodeOfJoker) -> None:
    """What follows every instruction: BP 0 destroys, destroyed timings interrupt, a waiting joker arrives."""
    from judgekit.games.code_of_joker import flow

    terms.zero_bp(g)
    flush_destroyed(g)
    flow.deliver_waiting_joker(g)
    flow.silenced_field_check(g)
