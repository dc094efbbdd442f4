"""Triggered abilities (807), playing abilities (804), replacement effects (810), sources (813).

Triggers are counted when their event happens (807.2) and played at the next rule check
(807.3, in :mod:`~judgekit.games.divine_cross.processing`). Playing an ability puts a
pseudo-card for it into the resolution zone (804.2a), resolves it, and removes it (804.2c-3).
"""

from __future__ import annotations

from dataclasses import replace

from judgekit.engine import Card, DecisionRequest, DelayedTrigger, Event, PickMode, StepKind, Trigger, Visibility
from judgekit.engine.rules import RuleRole
from judgekit.games.divine_cross import continuous
from judgekit.games.divine_cross.cards import Delayed, Effect, ExPower
from judgekit.games.divine_cross.game import Ability, Ctx, DivineCross
from judgekit.games.divine_cross.registry import rule
from judgekit.games.divine_cross.wording import REPLACED, TRIGGER
from judgekit.message import Message, msg


def _whose_ok(whose: str, controller: str, player: str | None) -> bool:
    if whose == "any" or player is None:
        return True
    return (player == controller) == (whose == "own")


MOVE_TRIGGERS = ("discarded", "put_in_ko")
"""Trigger conditions that are a card moving between zones (807.5): one event per moved card."""


def _subject_ok(on: str, unit: str, event: Event) -> bool:
    if on in ("ko", "skill_damage_taken", "played"):
        return event.subject == unit
    if on == "kos_unit":
        return event.source == unit
    return True


@rule(
    "807.2",
    "807.5a",
    "807.5b",
    "807.5c",
    "807.6",
    "902.3",
    "921.1",
    "309.3",
    "809.6",
    "804.2a-1",
    "805.2",
    "105.3",
    role=RuleRole.EFFECT,
)
def trigger(
    g: DivineCross,
    event: Event,
    controllers: tuple[str, ...] | None = None,
    cause: tuple[str, ...] = (),
    *,
    moved_from: str | None = None,
    silent: bool = False,
) -> bool:
    """807.2: each triggered ability whose condition is ``event`` gets one more trigger count.

    For a move (``moved_from``: the zone the subject left, 807.5) the moved card is read where 807.5a / 807.5c say.
    """
    found: list[tuple[str, str, str, str, Ability, bool, tuple[str, ...]]] = []
    subjects_left = event.last_known is not None and not g.in_area(event.last_known.iid)
    misses: list[tuple[str, Message, tuple[str, ...]]] = []
    units = g.all_units()
    for unit in units:
        _collect(g, unit, event, controllers, found, g.chars(unit).powers, moved_from=moved_from, misses=misses)
    if subjects_left and event.last_known is not None:
        # 807.5b: a card that left the areas triggers as it was in the area.
        lk = event.last_known
        _collect(g, lk.iid, event, controllers, found, continuous.base_chars(g, lk.iid).powers, lk)
    for d in list(g.delayed):
        if d.on != event.name or (controllers is not None and d.controller not in controllers):
            continue
        info = d.payload
        if not isinstance(info, Ability) or not _whose_ok(info.whose, d.controller, event.player):
            continue
        found.append((d.key, d.source, d.controller, d.label, info, True, ("807.6",)))
    if silent:
        return bool(found)
    for controller, text, cites in misses:
        g.record(StepKind.TRIGGER, controller, text, [*cause, *cites])
    for key, source, controller, label, info, cumulative, cites in found:
        if "807.6" in cites:
            g.delayed = [d for d in g.delayed if d.key != key]
        if not cumulative:
            other = g.state.opponent(controller)
            if any(g.abilities.get(t.key, info).name == info.name for t in g.triggers.pending(other)):
                raise g.ambiguity(
                    ["807.2", "902.3"],
                    msg("dc.gap.not_cumulative_across_players", ability=g.what(label)),
                )
        if not cumulative and any(
            g.abilities.get(t.key, info).name == info.name for t in g.triggers.pending(controller)
        ):
            g.record(
                StepKind.TRIGGER,
                controller,
                msg("dc.ability.not_cumulative", ability=g.what(label)),
                [*cause, "807.2", "902.3"],
            )
            continue
        g.abilities[key] = info
        trig = g.triggers.add(key, source, controller, label, event, g.tick(), cumulative=True)
        assert trig is not None
        g.record(
            StepKind.TRIGGER,
            controller,
            msg("dc.ability.triggers", ability=g.what(label), n=trig.count),
            [*cause, "807.2", *(c for c in cites if c != "807.2")],
        )
    return bool(found)


def _collect(
    g: DivineCross,
    unit: str,
    event: Event,
    controllers: tuple[str, ...] | None,
    found: list[tuple[str, str, str, str, Ability, bool, tuple[str, ...]]],
    powers: tuple[object, ...],
    last_known: Card | None = None,
    moved_from: str | None = None,
    misses: list[tuple[str, Message, tuple[str, ...]]] | None = None,
) -> None:
    from judgekit.games.divine_cross.game import PowerRef

    for ref in powers:
        assert isinstance(ref, PowerRef)
        p: ExPower = ref.power
        if p.kind != "triggered" or p.on != event.name:
            continue
        holder = last_known if last_known is not None and ref.holder == last_known.iid else g.card(ref.holder)
        controller = holder.controller
        if controllers is not None and controller not in controllers:
            continue
        if not _whose_ok(p.whose, controller, event.player) or not _subject_ok(p.on, unit, event):
            continue
        look = _look_back(g, p, event, moved_from)
        if gap := continuous.printed_base_gap(g, p.condition, controller, unit):
            raise g.ambiguity(["809.6", "805.2"], gap)
        if p.condition is not None and not continuous.holds(g, p.condition, controller, unit, moved=event.subject):
            if look and misses is not None and event.subject is not None:
                misses.append(
                    (
                        controller,
                        msg(
                            "dc.ability.no_match",
                            ability=g.what(g.power_label(holder.name, p.name)),
                            card=g.card(event.subject).name,
                            zone=g.zref(g.card(event.subject).zone),
                        ),
                        look,
                    )
                )
            continue
        cite = ("807.5b" if last_known is not None else "807.2", *look, *continuous.condition_cites(p.condition))
        if p.on == "kos_unit" and p.whose != "any":  # 「…が相手のユニットをKOした時」: 自分/相手 (105.3)
            cite = (*cite, "105.3")
        info = Ability(p.effects, unit, False, p.name)
        found.append(
            (
                f"{ref.holder}/{p.name}",
                ref.holder,
                controller,
                g.power_label(holder.name, p.name),
                info,
                p.cumulative,
                cite,
            )
        )


def _look_back(g: DivineCross, p: ExPower, event: Event, moved_from: str | None) -> tuple[str, ...]:
    """807.5: where a move trigger reads the moved card. The vocabulary's moves (a hand card discarded, a card put
    into a KO zone) all end in a public zone that is not an area, so the card is read where it is now: 807.5a
    when it came from a hidden zone, 807.5c when it came from another public zone. A played command is read in the
    resolution zone, where the continuous effects it was played with still apply (804.2a-1)."""
    if p.condition is None or p.condition.moved is None:
        return ()
    if p.on == "command_played":
        # 804.2a-1: the played card is read in the resolution zone, with the effects it was played with.
        assert event.subject is not None
        return ("804.2a-1",) if g.carried.get(event.subject) else ()
    if p.on not in MOVE_TRIGGERS:
        return ()
    assert moved_from is not None and event.subject is not None
    to = g.card(event.subject).zone
    public = [g.state.spec(z).visibility is Visibility.PUBLIC for z in (moved_from, to)]
    if not public[1] or g.in_area(event.subject):
        raise AssertionError(f"move trigger {p.on}: the vocabulary moves only into public zones other than areas")
    return ("807.5c" if public[0] else "807.5a",)


@rule("807.7", role=RuleRole.EFFECT)
def state_triggers(g: DivineCross, *, silent: bool = False) -> bool:
    """807.7: a state trigger becomes triggered when its state holds and it is not triggered yet."""
    found: list[tuple[str, str, str, str, Ability]] = []
    for unit in g.all_units():
        for ref in g.chars(unit).powers:
            p = ref.power
            if p.kind != "triggered" or p.on != "state" or p.condition is None:
                continue
            key = f"{ref.holder}/{p.name}"
            holder = g.card(ref.holder)
            if g.triggers.is_triggered(key) or not continuous.holds(g, p.condition, holder.controller, unit):
                continue
            found.append(
                (
                    key,
                    ref.holder,
                    holder.controller,
                    g.power_label(holder.name, p.name),
                    Ability(p.effects, unit, False, p.name),
                )
            )
    if silent:
        return bool(found)
    for key, source, controller, label, info in found:
        g.abilities[key] = info
        g.triggers.add(key, source, controller, label, Event("state", controller), g.tick())
        g.record(StepKind.TRIGGER, controller, msg("dc.ability.state_triggers", ability=g.what(label)), ["807.7"])
    return bool(found)


@rule("807.3", "807.4", "807.8", "801.1b", "804.2a", "804.2c-3", "804.2c-31", "813.3", role=RuleRole.EFFECT)
def play_triggered(g: DivineCross, player: str, cause: tuple[str, ...] = (), *, silent: bool = False) -> bool:
    """807.3: the player plays one of their triggered abilities and its trigger count falls by one."""
    pending = g.triggers.pending(player)
    if silent or not pending:
        return bool(pending)
    if len(pending) > 1:
        labels = _trigger_labels(g, pending)
        choice = g.decide(
            DecisionRequest(
                "trigger_order",
                player,
                tuple(labels),
                "807.3",
                msg("dc.prompt.trigger_order", player=g.name(player)),
            )
        )
        trig = pending[list(labels).index(choice[0])]
    else:
        trig = pending[0]
    _, event = g.triggers.take(trig.key)
    info = g.abilities[trig.key]
    remaining = trig.count - 1
    pseudo = _enter_resolution(g, trig.key, trig.label, trig.controller)
    g.record(
        StepKind.EFFECT,
        player,
        msg("dc.ability.plays", player=g.name(player), ability=g.what(trig.label), n=trig.count, left=remaining),
        [*cause, "807.3", "807.4", "801.1b", "804.2a"] + (["807.8"] if not g.in_area(trig.source) else []),
    )
    from judgekit.games.divine_cross import battle, terms

    ok = True
    if info.from_skill:
        ok = battle.skill_success(g, player, trig.label, "ability")
    if ok:
        ctx = Ctx(player, trig.source, info.unit, trig.label)
        terms.run(g, ctx, info.effects, event)
    g.remove(pseudo)
    g.record(StepKind.EFFECT, player, msg("dc.ability.leaves", ability=g.what(trig.label)), ["804.2c-3"])
    return True


def _trigger_labels(g: DivineCross, pending: list[Trigger]) -> dict[str, str]:
    labels: dict[str, str] = {}
    for t in pending:
        holder = g.state.cards.get(t.source) or g.last_known.get(t.source)
        name = g.abilities[t.key].name
        base = f"{holder.key if holder else t.source}/{name}"
        label = base if base not in labels else f"{base}@{t.source}"
        labels[label] = t.key
    return labels


def _enter_resolution(g: DivineCross, key: str, label: str, controller: str) -> str:
    """The ability as a pseudo-card in the resolution zone (804.2a), named by the ability's printed name."""
    iid = f"A{g.serial()}"
    name = g.printed.get(label, label)
    g.create(Card(iid=iid, key="", name=f"[{name}]", owner=controller, controller=controller, zone="resolution"))
    return iid


@rule("804.2a", "804.2c-3", "806.2c", "801.1a", role=RuleRole.EFFECT)
def resolve_ability(g: DivineCross, ctx: Ctx, effects: tuple[Effect, ...], *, silent: bool = False) -> bool:
    """804.2: an activated ability is played through the resolution zone and resolved."""
    if silent:
        return True
    from judgekit.games.divine_cross import terms

    pseudo = _enter_resolution(g, ctx.label, ctx.label, ctx.controller)
    g.record(StepKind.EFFECT, ctx.controller, msg("dc.ability.enters", ability=g.what(ctx.label)), ["804.2a", "806.2c"])
    terms.run(g, ctx, effects, None)
    g.remove(pseudo)
    g.record(StepKind.EFFECT, ctx.controller, msg("dc.ability.leaves", ability=g.what(ctx.label)), ["804.2c-3"])
    return True


@rule("807.6", "813.3", role=RuleRole.EFFECT)
def make_delayed(g: DivineCross, ctx: Ctx, op: Delayed, *, silent: bool = False) -> bool:
    """807.6: an effect makes a delayed triggered ability for the next such event."""
    if silent:
        return True
    key = f"delayed:{g.serial()}"
    info = Ability(op.effects, ctx.unit, ctx.skill is not None, f"delayed {op.on}", op.whose)
    g.abilities[key] = info
    what = msg("dc.ability.delayed", ability=g.what(ctx.label))
    label = g.named(f"{ctx.label} (delayed)", what, g.printed.get(ctx.label, ""))
    g.delayed.append(DelayedTrigger(key, ctx.source, ctx.controller, op.on, label, info, ctx.skill is not None))
    g.record(
        StepKind.EFFECT,
        ctx.controller,
        msg("dc.ability.makes_delayed", ability=g.what(ctx.label), on=TRIGGER[op.on]),
        ["807.6"] + (["813.3"] if ctx.skill is not None else []),
    )
    return True


@rule("810.1", "810.2", "810.3", "801.2c", role=RuleRole.EFFECT)
def replacement(g: DivineCross, event: str, unit: str, amount: int = 0, *, silent: bool = False) -> tuple[bool, int]:
    """810: replacement effects for ``event`` on ``unit``; returns whether the event still happens, and its amount."""
    applied: set[str] = set()
    happens = True
    while True:
        candidates = [(e, op) for e, op in continuous.replacements(g, event, unit) if e.key not in applied]
        if not candidates:
            return happens, amount
        if silent:
            return False, amount
        chooser = g.card(unit).controller
        if len(candidates) > 1:
            labels = {continuous.effect_tag(g, e): (e, op) for e, op in candidates}
            choice = g.decide(
                DecisionRequest(
                    "replacement",
                    chooser,
                    tuple(labels),
                    "810.2",
                    msg("dc.prompt.replacement", player=g.name(chooser), event=REPLACED[event], unit=g.cref(unit)),
                )
            )
            effect, op = labels[choice[0]]
        else:
            effect, op = candidates[0]
        applied.add(effect.key)
        if op.optional:
            yes = g.decide(
                DecisionRequest(
                    "optional",
                    effect.controller,
                    ("yes", "no"),
                    "810.3",
                    msg("dc.prompt.apply", player=g.name(effect.controller), effect=g.what(effect.label)),
                    PickMode.ONE,
                )
            )
            if yes[0] == "no":
                continue
        if op.reduce is not None and event == "damage":
            amount -= op.reduce
            g.record(
                StepKind.EFFECT,
                effect.controller,
                msg("dc.ability.reduces", effect=g.what(effect.label), unit=g.cref(unit), by=op.reduce, left=amount),
                ["810.1", "810.3"],
            )
            continue
        g.record(
            StepKind.EFFECT,
            effect.controller,
            msg("dc.ability.replaces", effect=g.what(effect.label), event=REPLACED[event], unit=g.cref(unit)),
            ["810.1", "801.2c"],
        )
        from judgekit.games.divine_cross import terms

        ctx = Ctx(effect.controller, effect.source, continuous.payload(effect).unit, effect.label)
        terms.run(g, ctx, op.instead, None)
        happens = False
        return happens, amount


def lki(card: Card) -> Card:
    """A card's last-known information (812): the value it had in the zone it left."""
    return replace(card)
