"""The game terms of 902–926 as rule functions, and the interpreter of the effect vocabulary.

Each op of :mod:`~judgekit.games.divine_cross.cards` is carried out by one rule function here.
In check-only mode (``silent=True``) an op answers whether it can be done in full — what 925
(そうしたなら) needs to know — and changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judgekit.engine import ContinuousEffect, DecisionRequest, Event, PickMode, StepKind, zone_id
from judgekit.engine.rules import RuleRole
from judgekit.games.divine_cross import abilities, continuous
from judgekit.games.divine_cross.cards import (
    AndThen,
    AttachEnergy,
    Charge,
    Continuous,
    Count,
    Damage,
    DamageBase,
    Delayed,
    Discard,
    Draw,
    Effect,
    Forbid,
    GainWinningTicket,
    Heal,
    If,
    IfDone,
    Janken,
    KnockOut,
    ModifyDamage,
    PlaceMarker,
    PlayerRef,
    PutInKo,
    RemoveMarker,
    RetreatOp,
    Reveal,
    Search,
    Selector,
    Shuffle,
    Stun,
    Swap,
    UseAgain,
)
from judgekit.games.divine_cross.game import Ctx, DivineCross
from judgekit.games.divine_cross.registry import rule
from judgekit.games.divine_cross.wording import COUNT, DAMAGE, LASTING, OP, ROLE, SELECTOR, op_names
from judgekit.message import CardRef, Message, Sentence, msg

CHOOSING: frozenset[str] = frozenset({"own.standby", "opponent.standby", "own.unit", "opponent.unit"})
"""Selectors that choose one unit (909.1)."""


# --- helpers -----------------------------------------------------------------------------------


def player(g: DivineCross, ctx: Ctx, ref: PlayerRef) -> str:
    """The player ``own``/``opponent`` means for an effect of ``ctx.controller`` (105.3)."""
    return ctx.controller if ref == "own" else g.state.opponent(ctx.controller)


def count(g: DivineCross, what: Count, controller: str, unit: str | None, counts: Mapping[str, int]) -> int:
    """How many of ``what`` there are, for an effect of ``controller`` whose ``self`` is ``unit``."""
    opp = g.state.opponent(controller)
    if what in ("janken_wins", "drawn", "discarded", "chosen_number"):
        return counts.get(what, 0)
    if what == "self.energy":
        if unit and g.in_area(unit):
            return len(g.energy(unit))
        return g.last_energy.get(unit, 0) if unit else 0
    if what == "self.damage":
        return g.damage(unit) if unit and g.in_area(unit) else 0
    if what.endswith(".hp"):
        return text_hp(g, controller, unit, what)
    side, rest = what.split(".", 1)
    pid = controller if side == "own" else opp
    if rest == "ko_units":
        return ko_units(g, pid)
    if rest == "main.energy":
        m = g.main_unit(pid)
        return len(g.energy(m)) if m else 0
    if rest == "standby_units":
        return len(g.standby_units(pid))
    return len(g.state.zones[zone_id(pid, rest)])


@rule("921.1", role=RuleRole.TERM)
def text_hp(g: DivineCross, controller: str, unit: str | None, what: str, *, silent: bool = False) -> int:
    """921.1: a unit's HP in text is its HP minus the damage it has (0 when there is no such unit in an area)."""
    side = what.split(".", 1)[0]
    if side == "self":
        u = unit if unit is not None and g.in_area(unit) else None
    else:
        u = g.main_unit(controller if side == "own" else g.state.opponent(controller))
    if u is None:
        return 0
    return (g.hp(u) or 0) - g.damage(u)


@rule("309.3", role=RuleRole.TERM)
def ko_units(g: DivineCross, pid: str, *, silent: bool = False) -> int:
    """309.3: 'KO'd units' are the unit cards in the KO zone, not the other cards put there (920)."""
    return sum(1 for i in g.state.zones[zone_id(pid, "ko")] if g.is_unit_card(i))


def count_cites(what: str | None) -> list[str]:
    """The rules that say what a counted thing means, for citing beside the count."""
    if what is None:
        return []
    if what.endswith(".hp"):
        return ["921.1"]
    if what.endswith(".ko_units"):
        return ["309.3"]
    return []


def ctx_counts(ctx: Ctx) -> dict[str, int]:
    """What the running effect has done so far, for ``Count`` values."""
    return {
        "janken_wins": ctx.janken_wins,
        "drawn": ctx.drawn,
        "discarded": ctx.discarded,
        "chosen_number": ctx.chosen_number,
    }


def candidates(g: DivineCross, ctx: Ctx, selector: Selector) -> list[str]:
    """The units a selector can mean now."""
    return continuous.select_fixed(g, ctx.controller, ctx.unit, selector)


@rule("909.1", role=RuleRole.TERM)
def choose_units(
    g: DivineCross,
    ctx: Ctx,
    selector: Selector,
    purpose: Sentence,
    eligible: Sequence[str] | None = None,
    *,
    silent: bool = False,
) -> list[str]:
    """909.1: the units an op acts on — a choice by the effect's controller for choosing selectors."""
    found = candidates(g, ctx, selector)
    if eligible is not None:
        found = [u for u in found if u in eligible]
    if silent:
        return found
    if selector not in CHOOSING:
        return found
    if selector in ctx.chosen and ctx.chosen[selector] in found:
        return [ctx.chosen[selector]]
    if len(found) <= 1:
        picked = found
    else:
        options = g.unit_options(found)
        choice = g.decide(
            DecisionRequest(
                "target",
                ctx.controller,
                tuple(options),
                "909.1",
                msg("dc.prompt.target", player=g.name(ctx.controller), ability=g.what(ctx.label), purpose=purpose),
            )
        )
        picked = [options[choice[0]]]
    if picked:
        ctx.chosen[selector] = picked[0]
    return picked


def pick_cards(
    g: DivineCross,
    who: str,
    iids: list[str],
    n: int,
    kind: str,
    rule_id: str,
    prompt: Sentence,
    *,
    low: int | None = None,
) -> list[str]:
    """``n`` of ``iids`` chosen by ``who`` (a decision only when the choice can make a difference)."""
    if n <= 0:
        return []
    options = g.card_options(iids)
    keys = {g.card(i).key for i in iids}
    lo = n if low is None else low
    if (len(iids) <= n and lo == n) or (len(keys) == 1 and lo == n):
        return iids[:n]
    choice = g.decide(DecisionRequest(kind, who, tuple(options), rule_id, prompt, PickMode.SOME, lo, n))
    return [options[c] for c in choice]


def order_cards(g: DivineCross, who: str, iids: list[str], rule_id: str, prompt: Sentence) -> list[str]:
    """The order ``who`` puts ``iids`` in (first = lowest); asked only when the cards differ."""
    if len({g.card(i).key for i in iids}) < 2:
        return iids
    options = g.card_options(iids)
    choice = g.decide(DecisionRequest("card_order", who, tuple(options), rule_id, prompt, PickMode.ORDER))
    return [options[c] for c in choice]


def move_unit(g: DivineCross, unit: str, to_zone: str) -> None:
    """Move a unit between areas with what is attached to it (302.3a)."""
    attached = [i for i in g.state.zones[g.card(unit).zone] if g.card(i).attached_to == unit]
    g.move(unit, to_zone)
    for i in attached:
        g.move(i, to_zone, top=False)


def leave_main_for_standby(g: DivineCross, unit: str) -> list[str]:
    """What happens to a unit going from the main area to a standby area (907.7, 302.3a, 302.3b); its cites."""
    cites: list[str] = []
    card = g.card(unit)
    if any(k != "damage" and v for k, v in card.markers.items()):
        for k in sorted(card.markers):
            if k != "damage":
                g.remove_marker(unit, k)
        cites += ["907.7", "907.8", "302.3a"]
    for e in list(g.effects):
        if unit in e.targets:
            rest = tuple(t for t in e.targets if t != unit)
            g.end_effect(e.key)
            if rest:
                from dataclasses import replace

                g.add_effect(replace(e, targets=rest))
            cites.append("302.3b")
    for e in continuous.made(g):
        if not e.targets and unit in continuous.targets_of(g, e):
            raise g.ambiguity(
                ["302.3b", "809.3b-3"],
                msg("dc.gap.group_effect_leaves_main", unit=g.cref(unit), effect=g.what(e.label)),
            )
    return cites


def forget_effects_on(g: DivineCross, unit: str) -> None:
    """A card that leaves the areas is a new card (302.3): effects locked to it stop following it."""
    for e in list(g.effects):
        if unit in e.targets:
            from dataclasses import replace

            rest = tuple(t for t in e.targets if t != unit)
            g.end_effect(e.key)
            if rest:
                g.add_effect(replace(e, targets=rest))


@rule("310.1", "310.2", "310.3", "302.4", "302.5", role=RuleRole.TERM)
def to_discard(
    g: DivineCross,
    iids: list[str],
    rule_ids: Sequence[str],
    why: Sentence,
    actor: str = "rules",
    *,
    silent: bool = False,
) -> bool:
    """310.3: cards put into discard piles at once go in the order their owner chooses, the newest on top (310.2)."""
    if silent:
        return bool(iids)
    by_owner: dict[str, list[str]] = {}
    for i in iids:
        by_owner.setdefault(g.card(i).owner, []).append(i)
    for owner in g.state.player_order():
        mine = by_owner.get(owner, [])
        if not mine:
            continue
        ordered = order_cards(
            g,
            owner,
            mine,
            "310.3",
            msg("dc.prompt.discard_order", player=g.name(owner)),
        )
        names = []
        for i in ordered:
            if g.card(i).attached_to is not None:
                g.detach(i)
            g.move(i, zone_id(owner, "discard"), face_down=False, keep_markers=False)
            names.append(g.card(i).name)
        g.record(
            StepKind.RULE if actor == "rules" else StepKind.EFFECT,
            actor,
            msg(
                "dc.term.to_discard", cards=tuple(names), n=len(names), zone=g.zref(zone_id(owner, "discard")), why=why
            ),
            [*rule_ids, "310.1", "310.2", "302.5"] + (["310.3", "302.4"] if len(ordered) > 1 else []),
        )
    return True


# --- the interpreter ---------------------------------------------------------------------------


def run(g: DivineCross, ctx: Ctx, effects: Sequence[Effect], event: Event | None) -> bool:
    """Carry out ``effects`` in order; whether every one was done in full."""
    done = True
    for op in effects:
        done = run_op(g, ctx, op) and done
        if g.state.over:
            break
    return done


def can_do(g: DivineCross, ctx: Ctx, effects: Sequence[Effect]) -> bool:
    """Whether every effect can be done in full (check-only mode; nothing changes)."""
    return all(_dispatch(g, ctx, op, True) for op in effects)


def run_op(g: DivineCross, ctx: Ctx, op: Effect) -> bool:
    """Carry out one op; whether it was done in full."""
    return _dispatch(g, ctx, op, False)


def _dispatch(g: DivineCross, ctx: Ctx, op: Effect, silent: bool) -> bool:
    match op:
        case Damage():
            return damage_effect(g, ctx, op, silent=silent)
        case DamageBase() | ModifyDamage():
            return modify_damage(g, ctx, op, silent=silent)
        case Heal():
            return heal(g, ctx, op, silent=silent)
        case Draw():
            return draw_effect(g, ctx, op, silent=silent)
        case Discard():
            return discard(g, ctx, op, silent=silent)
        case Stun():
            return stun(g, ctx, op, silent=silent)
        case PlaceMarker() | RemoveMarker():
            return markers(g, ctx, op, silent=silent)
        case KnockOut():
            return ko_effect(g, ctx, op, silent=silent)
        case PutInKo():
            return put_in_ko(g, ctx, op, silent=silent)
        case Charge():
            return charge_effect(g, ctx, op, silent=silent)
        case AttachEnergy():
            return attach_energy(g, ctx, op, silent=silent)
        case Reveal():
            return reveal(g, ctx, op, silent=silent)
        case Search():
            return search(g, ctx, op, silent=silent)
        case Shuffle():
            return shuffle_effect(g, ctx, op, silent=silent)
        case Swap():
            return swap(g, ctx, op, silent=silent)
        case RetreatOp():
            from judgekit.games.divine_cross import actions

            return actions.retreat_effect(g, ctx, op, silent=silent)
        case Janken():
            return janken_effect(g, ctx, op, silent=silent)
        case GainWinningTicket():
            return winning_ticket(g, ctx, op, silent=silent)
        case IfDone():
            return if_done(g, ctx, op, silent=silent)
        case If():
            return conditional(g, ctx, op, silent=silent)
        case AndThen():
            return run_parts(g, ctx, op, silent=silent)
        case Continuous():
            return make_continuous(g, ctx, op, silent=silent)
        case Delayed():
            return abilities.make_delayed(g, ctx, op, silent=silent)
        case UseAgain():
            return use_again(g, ctx, op, silent=silent)
    raise TypeError(f"unknown op {op!r}")


# --- damage, KO, heal --------------------------------------------------------------------------


@rule("914.1a", "914.1b", "914.1c", "914.2", "813.4", "923.1", "104.2", role=RuleRole.TERM)
def deal_damage(
    g: DivineCross,
    target: str,
    amount: int,
    source: str | None,
    kind: str,
    cites: Sequence[str] = (),
    actor: str = "rules",
    *,
    silent: bool = False,
) -> bool:
    """914.2: damage puts damage markers on the unit, as many points as the damage."""
    if silent:
        return amount > 0 and g.in_area(target)
    label = g.cref(target)
    if not g.in_area(target):
        return False
    if g.hp(target) is None:  # only units (which all have HP, 203) can be dealt damage by the vocabulary
        raise AssertionError(f"{g.label(target)} has no HP")
    if amount <= 0:
        g.record(StepKind.RULE, actor, msg("dc.term.no_damage", unit=label, damage=amount), [*cites, "104.2"])
        return False
    happens, amount = abilities.replacement(g, "damage", target, amount)
    if not happens:
        return False
    if amount <= 0:
        g.record(StepKind.RULE, actor, msg("dc.term.no_damage", unit=label, damage=amount), [*cites, "104.2"])
        return False
    kind_rule = {"skill": "914.1a", "effect": "914.1b", "rule": "914.1c"}[kind]
    g.add_marker(target, "damage", amount)
    if source is not None:
        g.damage_sources[target] = source
    g.record(
        StepKind.RULE if actor == "rules" else StepKind.EFFECT,
        actor,
        msg(
            "dc.term.damage",
            amount=amount,
            kind=DAMAGE[kind],
            unit=label,
            before=g.damage(target) - amount,
            after=g.damage(target),
        ),
        [*cites, "914.2", kind_rule],
    )
    if kind == "skill":
        watchers = _skill_damage_watchers(g)
        if amount >= 100:
            abilities.trigger(
                g, Event("skill_damage_taken", g.card(target).controller, target, source, amount), cause=("923.1",)
            )
        elif watchers:
            raise g.ambiguity(
                ["923.1"],
                msg("dc.gap.small_skill_damage", unit=label, damage=amount, asked=tuple(watchers)),
            )
    return True


def _skill_damage_watchers(g: DivineCross) -> list[str]:
    return [
        f"{g.card(r.holder).name}/{r.power.name}"
        for u in g.all_units()
        for r in g.chars(u).powers
        if r.power.kind == "triggered" and r.power.on == "skill_damage_taken"
    ]


@rule("914.3", "914.5", "914.5a", "914.6", "909.1", "812.1", "921.1", "309.3", "104.2", role=RuleRole.TERM)
def damage_effect(g: DivineCross, ctx: Ctx, op: Damage, *, silent: bool = False) -> bool:
    """914: an effect deals damage; a per-thing amount is one hit of the total (914.5a); damage to a card without HP
    (an energy or an assist chosen as 'a card in the area') does nothing (914.6)."""
    if silent:
        return bool(candidates(g, ctx, op.target))
    what = g.what(ctx.label)
    targets = (
        _area_cards(g, ctx, op)
        if op.area_card
        else choose_units(g, ctx, op.target, msg("dc.purpose.damage", n=op.amount))
    )
    if not targets:
        g.record(StepKind.EFFECT, ctx.controller, msg("dc.term.no_damage_target", ability=what), ["104.2"])
        return False
    amount = op.amount
    cites = ["914.5"]
    if op.per is not None:
        n = count(g, op.per, ctx.controller, ctx.unit, ctx_counts(ctx))
        amount = op.amount * n
        cites = (
            ["914.5", "914.5a"]
            + (["812.1"] if ctx.unit is not None and not g.in_area(ctx.unit) else [])
            + count_cites(op.per)
        )
        g.record(
            StepKind.EFFECT,
            ctx.controller,
            msg("dc.term.damage_per", ability=what, each=op.amount, n=n, per=COUNT[op.per], amount=amount),
            cites,
        )
    source = ctx.unit if ctx.unit is not None else ctx.source
    for t in targets:
        if g.card(t).attached_to is not None or g.hp(t) is None:
            role = ROLE[g.card(t).role or "card"]
            g.record(
                StepKind.EFFECT,
                ctx.controller,
                msg(
                    "dc.term.damage_no_hp",
                    ability=what,
                    card=g.card(t).name,
                    role=role,
                    unit=g.cref(g.card(t).attached_to or t),
                    damage=amount,
                ),
                [*cites, "914.6"],
            )
            continue
        deal_damage(g, t, amount, source, "effect", cites, ctx.controller)
    return True


def _area_cards(g: DivineCross, ctx: Ctx, op: Damage) -> list[str]:
    """``(エリア)のカード``: the cards in the areas of the units ``op.target`` can mean (909.1: one is chosen)."""
    pool = [c for u in candidates(g, ctx, op.target) for c in (u, *g.energy(u), *g.attached(u, "assist"))]
    if op.target.startswith(("own.all", "opponent.all", "all")) or len(pool) <= 1:
        return pool
    options = g.card_options(pool)
    choice = g.decide(
        DecisionRequest(
            "target",
            ctx.controller,
            tuple(options),
            "909.1",
            msg("dc.prompt.area_card", player=g.name(ctx.controller), ability=g.what(ctx.label), n=op.amount),
        )
    )
    return [options[choice[0]]]


@rule("908.1", "907.6", "302.3", "302.5", "813.5", "813.5a", "813.5b", "812.1", role=RuleRole.TERM)
def knock_out(
    g: DivineCross, unit: str, source: str | None, cites: Sequence[str], actor: str = "rules", *, silent: bool = False
) -> bool:
    """908.1: a KO'd unit moves to its owner's KO zone; its markers go (907.6); what is attached stays."""
    if silent:
        return g.in_area(unit)
    happens, _ = abilities.replacement(g, "ko", unit)
    if not happens:
        return False
    before = g.card(unit)
    g.last_known[unit] = before
    g.last_energy[unit] = len(g.energy(unit))
    g.move(unit, zone_id(before.owner, "ko"), face_down=False, keep_markers=False)
    forget_effects_on(g, unit)
    g.record(
        StepKind.RULE if actor == "rules" else StepKind.EFFECT,
        actor,
        msg(
            "dc.term.ko",
            card=before.name,
            zone=g.zref(before.zone),
            to=g.zref(zone_id(before.owner, "ko")),
        ),
        [*cites, "908.1", "302.5", "302.3"] + (["907.6"] if any(before.markers.values()) else []),
    )
    abilities.trigger(g, Event("ko", before.controller, unit, source, last_known=before))
    if source is not None and source in g.state.cards:
        how = "813.5b" if "813.5b" in cites else "813.5a"
        abilities.trigger(
            # the event's player is the KO'd unit's controller: 「…が相手のユニットをKOした時」 (``whose``, 105.3)
            g,
            Event("kos_unit", before.controller, unit, source, last_known=before),
            cause=("813.5", how),
        )
    return True


@rule("908.1", "813.5b", role=RuleRole.TERM)
def ko_effect(g: DivineCross, ctx: Ctx, op: KnockOut, *, silent: bool = False) -> bool:
    """908.1: an effect KOs a unit."""
    if silent:
        return bool(candidates(g, ctx, op.target))
    targets = choose_units(g, ctx, op.target, msg("dc.purpose.ko"))
    for t in targets:
        knock_out(g, t, ctx.source, ["813.5b"], ctx.controller)
    return bool(targets)


@rule("104.4", role=RuleRole.TERM)
def forbidden(g: DivineCross, action: str, unit: str, *, silent: bool = False) -> Sentence | None:
    """104.4: an action an effect tells a unit to do is not done while another effect forbids it; the forbidding
    effect's label, or None."""
    for e, targets in continuous.active(g, Forbid):
        op = continuous.payload(e).op
        if isinstance(op, Forbid) and op.action == action and unit in targets:
            return g.what(e.label)
    return None


@rule("915.1", "915.1a", "915.1b", "915.2", "915.2a", "915.3", "104.4", role=RuleRole.TERM)
def heal(g: DivineCross, ctx: Ctx, op: Heal, *, silent: bool = False) -> bool:
    """915: healing takes damage markers off (all of them when there are fewer); not a forbidden one (104.4)."""
    damaged = [u for u in candidates(g, ctx, op.target) if g.damage(u) > 0]
    if silent:
        return any(forbidden(g, "heal", u, silent=True) is None for u in damaged)
    eligible = damaged if op.target in CHOOSING else None
    what = g.what(ctx.label)
    targets = choose_units(g, ctx, op.target, msg("dc.purpose.heal"), eligible)
    if op.target in CHOOSING and not targets:
        g.record(StepKind.EFFECT, ctx.controller, msg("dc.term.no_heal_target", ability=what), ["915.3"])
        return False
    if op.per is not None and op.amount is not None and not op.all:
        n = count(g, op.per, ctx.controller, ctx.unit, ctx_counts(ctx))
        amount = op.amount * n
        g.record(
            StepKind.EFFECT,
            ctx.controller,
            msg("dc.term.heal_per", ability=what, each=op.amount, n=n, per=COUNT[op.per], amount=amount),
            ["915.1", *count_cites(op.per)],
        )
        if amount <= 0:
            return False
        op = Heal(op="heal", target=op.target, amount=amount)
    done = False
    for t in targets:
        have = g.damage(t)
        if have and (by := forbidden(g, "heal", t)) is not None:
            g.record(
                StepKind.EFFECT,
                ctx.controller,
                msg("dc.term.heal_forbidden", ability=what, effect=by, unit=g.cref(t)),
                ["104.4"],
            )
            continue
        if have == 0:
            g.record(
                StepKind.EFFECT,
                ctx.controller,
                msg("dc.term.heal_nothing", unit=g.cref(t)),
                ["915.2a" if op.all else "915.1b"],
            )
            continue
        if op.all or op.amount is None:
            g.remove_marker(t, "damage")
            g.record(
                StepKind.EFFECT,
                ctx.controller,
                msg("dc.term.heal_all", ability=what, unit=g.cref(t), before=have),
                ["915.2"] + (["915.3"] if op.target in CHOOSING else []),
            )
        else:
            new = max(0, have - op.amount)
            g.remove_marker(t, "damage", have - new)
            cites = ["915.1"] + (["915.1a"] if op.amount > have else []) + (["915.3"] if op.target in CHOOSING else [])
            g.record(
                StepKind.EFFECT,
                ctx.controller,
                msg("dc.term.heal", ability=what, unit=g.cref(t), amount=op.amount, before=have, after=new),
                cites,
            )
        done = True
    return done


# --- cards: draw, discard, charge, attach, reveal, search, shuffle ------------------------------


@rule("904.1", "904.2", "304.3", "1102.1", "1102.1a", "914.5", role=RuleRole.TERM)
def draw(
    g: DivineCross, pid: str, n: int, cites: Sequence[str] = (), actor: str | None = None, *, silent: bool = False
) -> int:
    """904.1–904.2: draw one card at a time; what the deck cannot give is draw damage (1102.1)."""
    if silent or n <= 0:
        return n
    who = actor or pid
    deck = zone_id(pid, "deck")
    got: list[str] = []
    for _ in range(n):
        top = g.state.zones[deck]
        if not top:
            break
        iid = top[0]
        g.move(iid, zone_id(pid, "hand"))
        got.append(g.card(iid).name)
    if got:
        g.record(
            StepKind.ACTION if who == pid and not cites else StepKind.RULE,
            who,
            msg("dc.term.draw", player=g.name(pid), n=len(got)),
            [*cites, "904.1"] + (["904.2", "304.3"] if n > 1 else []),
        )
    short = n - len(got)
    if short > 0:
        _draw_damage(g, pid, short, cites)
    return n


def _draw_damage(g: DivineCross, pid: str, short: int, cites: Sequence[str]) -> None:
    main = g.main_unit(pid)
    if main is None:
        g.record(
            StepKind.RULE,
            "rules",
            msg("dc.term.draw_short_no_main", player=g.name(pid), n=short),
            [*cites, "1102.1", "104.2"],
        )
        return
    reducers = [e for e, op in continuous.replacements(g, "damage", main) if op.reduce]
    if short > 1 and reducers:
        raise g.ambiguity(
            ["1102.1", "914.5"],
            msg(
                "dc.gap.draw_damage_hits",
                player=g.name(pid),
                n=short,
                total=short * 100,
                effect=g.what(reducers[0].label),
            ),
        )
    g.record(
        StepKind.RULE,
        "rules",
        msg("dc.term.draw_damage", player=g.name(pid), n=short, damage=100 * short),
        [*cites, "1102.1", "1102.1a"],
    )
    deal_damage(g, main, 100 * short, None, "rule", ["1102.1"])


@rule("904.2", "904.3", "1102.2", "104.5", "104.2", role=RuleRole.TERM)
def draw_effect(g: DivineCross, ctx: Ctx, op: Draw, *, silent: bool = False) -> bool:
    """904: an effect makes a player draw; choosing to draw more than the deck holds is allowed (1102.2)."""
    if silent:
        return True
    pid = player(g, ctx, op.player)
    n = op.count
    cites: list[str] = []
    if op.per is not None and op.until_hand is None and not op.up_to:
        times = count(g, op.per, ctx.controller, ctx.unit, ctx_counts(ctx))
        n = op.count * times
        g.record(
            StepKind.EFFECT,
            ctx.controller,
            msg("dc.term.draw_per", ability=g.what(ctx.label), each=op.count, n=times, per=COUNT[op.per], count=n),
            ["904.2", *count_cites(op.per)],
        )
    if op.until_hand is not None:
        n = op.until_hand - len(g.state.zones[zone_id(pid, "hand")])
        cites.append("904.3")
        if n <= 0:
            g.record(
                StepKind.EFFECT,
                ctx.controller,
                msg("dc.term.hand_full", player=g.name(pid), n=op.until_hand),
                ["904.3", "104.2"],
            )
            return True
    if op.up_to:
        options = tuple(str(i) for i in range(op.count + 1))
        choice = g.decide(
            DecisionRequest(
                "number", pid, options, "104.5", msg("dc.prompt.draw_count", player=g.name(pid), most=op.count)
            )
        )
        n = int(choice[0])
        ctx.chosen_number = n
        if n > len(g.state.zones[zone_id(pid, "deck")]):
            g.record(StepKind.EFFECT, pid, msg("dc.term.draw_more_than_deck", player=g.name(pid), n=n), ["1102.2"])
    draw(g, pid, n, cites, ctx.controller)
    ctx.drawn += max(0, n)
    return True


def _leaving_unit(g: DivineCross, iid: str) -> bool:
    """Note what a unit leaving the areas was (812.1) before it moves; whether ``iid`` is such a unit."""
    card = g.card(iid)
    if not g.in_area(iid) or card.attached_to is not None or not g.is_unit_card(iid):
        return False
    g.last_known[iid] = card
    g.last_energy[iid] = len(g.energy(iid))
    return True


def _assist_last_known(g: DivineCross, ctx: Ctx, iid: str, attached_to: str | None) -> None:
    """812.1: an assist that left the area by its own effect is still read as it last was there, so the rest of the
    effect's 「このアシストが付いているユニット」 is the unit it was attached to."""
    if attached_to is None or attached_to != ctx.unit or not g.in_area(attached_to):
        return
    g.record(
        StepKind.EFFECT,
        ctx.controller,
        msg("dc.term.assist_last_known", ability=g.what(ctx.label), card=g.card(iid).name, unit=g.cref(attached_to)),
        ["812.1"],
    )


def _this_card_cites(g: DivineCross, iid: str) -> list[str]:
    """The rules on a card of the areas leaving them: a new card elsewhere (302.3), without its markers (907.6)."""
    card = g.card(iid)
    if not g.in_area(iid):
        return []
    return ["302.3"] + (["907.6"] if any(card.markers.values()) else [])


@rule("910.1", "813.2", "302.3", "907.6", "812.1", role=RuleRole.TERM)
def discard_this(g: DivineCross, ctx: Ctx, op: Discard, *, silent: bool = False) -> bool:
    """910.1: ``このカードを捨てる`` moves the card whose ability it is (813.2) from the hand or an area to the discard
    pile; a card that is in neither (already moved, or being resolved) is not discarded."""
    iid = ctx.source
    card = g.state.cards.get(iid)
    from_hand = card is not None and card.zone == zone_id(card.owner, "hand")
    possible = card is not None and (from_hand or g.in_area(iid))
    if silent:
        return possible
    what = g.what(ctx.label)
    if card is None or not possible:
        name = card.name if card is not None else iid
        where = msg("dc.term.nowhere") if card is None else g.zref(card.zone)
        g.record(
            StepKind.EFFECT,
            ctx.controller,
            msg("dc.term.this_card_not_discarded", ability=what, card=name, zone=where),
            ["910.1", "813.2"],
        )
        return False
    cites = ["910.1", "813.2", *_this_card_cites(g, iid)]
    unit = _leaving_unit(g, iid)
    attached_to = card.attached_to
    to_discard(g, [iid], cites, msg("dc.why.discarded_by", ability=what), ctx.controller)
    if unit:
        forget_effects_on(g, iid)
    _assist_last_known(g, ctx, iid, attached_to)
    if from_hand:  # 手札からカードが捨てられた時 (807.2)
        abilities.trigger(g, Event("discarded", card.owner, iid, ctx.source), moved_from=card.zone)
    ctx.discarded += 1
    return True


@rule("920.1", "813.2", "302.3", "907.6", "812.1", "804.2c-1", role=RuleRole.TERM)
def put_in_ko_this(g: DivineCross, ctx: Ctx, op: PutInKo, *, silent: bool = False) -> bool:
    """920.1: ``このカードをKO置き場に置く`` puts the card whose ability it is (813.2) into its owner's KO zone face up,
    from whatever zone it is in. A command being resolved stops the run: 804.2c-1 puts it into the discard pile
    after its effect, and the rules do not say what becomes of that step once the card has gone."""
    iid = ctx.source
    card = g.state.cards.get(iid)
    if silent:  # a command being resolved: the gap below is met when the action is taken, not hidden here
        return card is not None
    what = g.what(ctx.label)
    if card is None:
        g.record(
            StepKind.EFFECT,
            ctx.controller,
            msg("dc.term.this_card_not_put_in_ko", ability=what, card=iid),
            ["920.1", "813.2"],
        )
        return False
    if card.zone == "resolution":
        raise g.ambiguity(["920.1", "804.2c-1"], msg("dc.gap.this_card_resolving", card=card.name))
    origin = card.zone
    cites = ["920.1", "813.2", *_this_card_cites(g, iid)]
    unit = _leaving_unit(g, iid)
    if card.attached_to is not None:
        g.detach(iid)
    g.move(iid, zone_id(card.owner, "ko"), face_down=False, keep_markers=False)
    if unit:
        forget_effects_on(g, iid)
    g.record(
        StepKind.EFFECT,
        ctx.controller,
        msg("dc.term.this_card_put_in_ko", ability=what, card=card.name, zone=g.zref(origin)),
        cites,
    )
    _assist_last_known(g, ctx, iid, card.attached_to)
    abilities.trigger(g, Event("put_in_ko", card.owner, iid, ctx.source), moved_from=origin)
    return True


@rule("910.1", "910.2", "104.2", role=RuleRole.TERM)
def discard(g: DivineCross, ctx: Ctx, op: Discard, *, silent: bool = False) -> bool:
    """910: discarding moves cards from a hand (or a unit's energy) to the discard pile."""
    if op.card == "this":
        return discard_this(g, ctx, op, silent=silent)
    pid = player(g, ctx, op.player)
    if op.energy_of is not None:
        units = candidates(g, ctx, op.energy_of)
        pool = g.energy(units[0]) if units else []
    else:
        pool = list(g.state.zones[zone_id(pid, "hand")])
    want = len(pool) if op.all else (op.count or 0)
    if silent:
        return op.all or len(pool) >= want
    picked = (
        pool
        if op.all
        else pick_cards(
            g,
            pid,
            pool,
            min(want, len(pool)),
            "discard",
            "910.1",
            msg("dc.prompt.discard", player=g.name(pid), n=want),
        )
    )
    if picked:
        to_discard(
            g,
            picked,
            ["910.1"] + (["910.2"] if op.all else []),
            msg("dc.why.discarded_by", ability=g.what(ctx.label)),
            ctx.controller,
        )
        if op.energy_of is None:  # 手札からカードが捨てられた時: one event per card (807.2)
            for iid in picked:
                abilities.trigger(g, Event("discarded", pid, iid, ctx.source), moved_from=zone_id(pid, "hand"))
    elif op.all:
        g.record(StepKind.EFFECT, ctx.controller, msg("dc.term.discard_empty_hand", player=g.name(pid)), ["910.2"])
    ctx.discarded += len(picked)
    return op.all or len(picked) >= want


@rule("918.1", "907.2b", "907.3", "104.3", role=RuleRole.TERM)
def stun(g: DivineCross, ctx: Ctx, op: Stun, *, silent: bool = False) -> bool:
    """918.1: stunning puts a stun marker on the unit."""
    if silent:
        return bool(candidates(g, ctx, op.target))
    targets = choose_units(g, ctx, op.target, msg("dc.purpose.stun"))
    for t in targets:
        if g.stunned(t):
            g.record(
                StepKind.EFFECT,
                ctx.controller,
                msg("dc.term.already_stunned", unit=g.cref(t)),
                ["918.1", "104.3"],
            )
            continue
        g.add_marker(t, "stun")
        g.record(
            StepKind.EFFECT,
            ctx.controller,
            msg("dc.term.stunned", ability=g.what(ctx.label), unit=g.cref(t)),
            ["918.1", "907.2b"],
        )
    return bool(targets)


@rule("907.3", "907.3b", "907.5", "907.8", role=RuleRole.TERM)
def markers(g: DivineCross, ctx: Ctx, op: PlaceMarker | RemoveMarker, *, silent: bool = False) -> bool:
    """907.3 and 907.5: putting markers on a card and taking them off."""
    if silent:
        return bool(candidates(g, ctx, op.target))
    targets = choose_units(g, ctx, op.target, msg("dc.purpose.markers", marker=op.marker))
    for t in targets:
        have = g.card(t).markers.get(op.marker, 0)
        if isinstance(op, PlaceMarker):
            g.add_marker(t, op.marker, op.count)
            g.record(
                StepKind.EFFECT,
                ctx.controller,
                msg("dc.term.markers_placed", ability=g.what(ctx.label), n=op.count, marker=op.marker, unit=g.cref(t)),
                ["907.3", "907.3b"],
            )
        else:
            g.remove_marker(t, op.marker, op.count)
            g.record(
                StepKind.EFFECT,
                ctx.controller,
                msg(
                    "dc.term.markers_removed",
                    ability=g.what(ctx.label),
                    marker=op.marker,
                    unit=g.cref(t),
                    before=have,
                    after=g.card(t).markers.get(op.marker, 0),
                ),
                ["907.5"],
            )
    return bool(targets)


@rule("920.1", "920.2", role=RuleRole.TERM)
def put_in_ko(g: DivineCross, ctx: Ctx, op: PutInKo, *, silent: bool = False) -> bool:
    """920: cards to the KO zone face up; what the named zone cannot give comes from deck, hand, discard."""
    if op.card == "this":
        return put_in_ko_this(g, ctx, op, silent=silent)
    pid = player(g, ctx, op.player)
    chain = [op.source] + [z for z in ("deck", "hand", "discard") if z != op.source]
    total = sum(len(g.state.zones[zone_id(pid, z)]) for z in dict.fromkeys(chain))
    if silent:
        return total >= op.count
    left = op.count
    for i, zone in enumerate(dict.fromkeys(chain)):
        if left <= 0:
            break
        pool = list(g.state.zones[zone_id(pid, zone)])
        n = min(left, len(pool))
        if n <= 0:
            continue
        picked = (
            pool[:n]
            if zone == "deck"
            else pick_cards(
                g,
                pid,
                pool,
                n,
                "put_in_ko",
                "920.2",
                msg("dc.prompt.put_in_ko", player=g.name(pid), n=n, zone=g.zref(zone_id(pid, zone))),
            )
        )
        for iid in picked:
            g.move(iid, zone_id(pid, "ko"), face_down=False)
        g.record(
            StepKind.EFFECT,
            ctx.controller,
            msg("dc.term.put_in_ko", n=n, zone=g.zref(zone_id(pid, zone)))
            if i == 0
            else msg("dc.term.put_in_ko_fallback", n=n, zone=g.zref(zone_id(pid, zone))),
            ["920.1"] + (["920.2"] if i else []),
        )
        for iid in picked:  # カードがKO置き場に置かれた時: one event per card (807.2)
            abilities.trigger(g, Event("put_in_ko", pid, iid, ctx.source), moved_from=zone_id(pid, zone))
        left -= n
    return left <= 0


@rule("905.2", "905.1", "906.1", "306.6", role=RuleRole.TERM)
def attach_as_energy(
    g: DivineCross, card: str, unit: str, actor: str, cites: Sequence[str], *, silent: bool = False
) -> bool:
    """905.2: a card attached as energy lies face down on the unit (hidden, open to its controller, 306.6)."""
    if silent:
        return g.in_area(unit)
    g.attach(card, unit, "energy", face_down=True)
    g.record(
        StepKind.ACTION if actor != "rules" else StepKind.RULE,
        actor,
        msg("dc.term.energy_attached", card=g.card(card).name, unit=g.cref(unit), n=len(g.energy(unit))),
        [*cites, "905.2", "306.6"],
    )
    return True


@rule("906.1", role=RuleRole.TERM)
def charge_effect(g: DivineCross, ctx: Ctx, op: Charge, *, silent: bool = False) -> bool:
    """906.1: charging attaches a hand card to the unit as energy, then its player draws one."""
    hand = list(g.state.zones[zone_id(ctx.controller, "hand")])
    units = [u for u in candidates(g, ctx, op.target) if g.card(u).controller == ctx.controller]
    if silent:
        return bool(hand) and bool(units)
    targets = choose_units(g, ctx, op.target, msg("dc.purpose.charge"), units)
    if targets and hand:
        card = pick_cards(
            g,
            ctx.controller,
            hand,
            1,
            "charge_card",
            "906.1",
            msg("dc.prompt.charge_card", player=g.name(ctx.controller)),
        )[0]
        attach_as_energy(g, card, targets[0], ctx.controller, ["906.1"])
    draw(g, ctx.controller, 1, ["906.1"], ctx.controller)
    return bool(targets) and bool(hand)


@rule("905.1", "905.2", "813.2", "302.3", "804.2c-1", role=RuleRole.TERM)
def attach_this(g: DivineCross, ctx: Ctx, op: AttachEnergy, *, silent: bool = False) -> bool:
    """905.1, 905.2: ``このカードを…にエネルギーとして付ける`` attaches the card whose ability it is (813.2) from the
    zone it is in (the hand, for an EX power that works there, 802.3). From an area or the resolution zone the run
    stops: 302.3 keeps a card that moves between areas the same card and 905 does not say what becomes of a unit or
    assist made energy; a command being resolved is put into the discard pile after its effect (804.2c-1), which does
    not say what happens once it has gone."""
    iid = ctx.source
    card = g.state.cards.get(iid)
    if silent:
        return card is not None and bool(candidates(g, ctx, op.target))
    if card is None:
        return False
    if card.zone == "resolution" or g.in_area(iid):
        raise g.ambiguity(
            ["905.1", "302.3", "804.2c-1"],
            msg("dc.gap.this_card_energy", card=card.name, zone=g.zref(card.zone)),
        )
    targets = choose_units(g, ctx, op.target, msg("dc.purpose.energy"))
    if not targets:
        return False
    attach_as_energy(g, iid, targets[0], ctx.controller, ["905.1", "813.2"])
    return True


@rule("905.1", "905.2", "909.2", role=RuleRole.TERM)
def attach_energy(g: DivineCross, ctx: Ctx, op: AttachEnergy, *, silent: bool = False) -> bool:
    """905.2: an effect attaches cards to a unit as energy."""
    if op.card == "this":
        return attach_this(g, ctx, op, silent=silent)
    pool = list(g.state.zones[zone_id(ctx.controller, op.source)])
    if silent:
        return len(pool) >= op.count and bool(candidates(g, ctx, op.target))
    targets = choose_units(g, ctx, op.target, msg("dc.purpose.energy"))
    if not targets:
        return False
    n = min(op.count, len(pool))
    picked = (
        pool[:n]
        if op.source == "deck"
        else pick_cards(
            g, ctx.controller, pool, n, "attach", "909.2", msg("dc.prompt.attach", player=g.name(ctx.controller), n=n)
        )
    )
    for iid in picked:
        attach_as_energy(g, iid, targets[0], ctx.controller, ["905.1"])
    return n >= op.count


def _reveal_pool(g: DivineCross, ctx: Ctx, op: Reveal) -> list[str]:
    pid = player(g, ctx, op.player)
    zone = zone_id(pid, "hand" if op.source == "hand" else "deck")
    return list(g.state.zones[zone] if op.source == "hand" else g.state.zones[zone][: op.count])


def revealed_already(g: DivineCross, ctx: Ctx, op: Reveal) -> list[str]:
    """The cards a ``reveal`` would show that this effect has revealed and that have not moved since (903.1)."""
    return [i for i in _reveal_pool(g, ctx, op) if ctx.revealed.get(i) == g.card(i).since]


@rule("903.1", "903.2", "911.2", role=RuleRole.TERM)
def reveal(g: DivineCross, ctx: Ctx, op: Reveal, *, silent: bool = False) -> bool:
    """903.1: revealing shows hidden cards to every player until the effect ends or the card moves; a card already
    revealed is not revealed again (903.2)."""
    pid = player(g, ctx, op.player)
    iids = _reveal_pool(g, ctx, op)
    if silent:
        return op.source == "hand" or len(iids) >= op.count
    if shuffled := [i for i in iids if ctx.shuffled.get(i) == g.card(i).since]:
        raise g.ambiguity(
            ["911.2", "903.1", "903.2"],
            msg(
                "dc.gap.reveal_after_shuffle", ability=g.what(ctx.label), cards=tuple(g.card(i).name for i in shuffled)
            ),
        )
    already = revealed_already(g, ctx, op)
    if already:
        g.record(
            StepKind.EFFECT,
            ctx.controller,
            msg("dc.term.revealed_already", ability=g.what(ctx.label), cards=tuple(g.card(i).name for i in already)),
            ["903.2", "903.1"],
        )
    fresh = [i for i in iids if i not in already]
    if fresh or not already:
        names: tuple[str, ...] | Message = tuple(g.card(i).name for i in fresh) or msg("dc.term.nothing")
        g.record(
            StepKind.EFFECT,
            ctx.controller,
            msg("dc.term.reveals", ability=g.what(ctx.label), player=g.name(pid), cards=names),
            ["903.1"],
        )
    for i in fresh:
        ctx.revealed[i] = g.card(i).since
    return op.source == "hand" or len(iids) >= op.count


@rule("909.2", "302.2b", "805.2", role=RuleRole.TERM)
def search(g: DivineCross, ctx: Ctx, op: Search, *, silent: bool = False) -> bool:
    """909.2: searching a hidden zone; the searcher may find nothing even if a card qualifies (302.2b). A search by
    attribute reads each card's base ability there (805.2: it works in any zone, as the base of 809.1a)."""
    if silent:
        return True
    pid = player(g, ctx, op.player)
    zone = zone_id(pid, op.source)
    pool = [i for i in g.state.zones[zone] if _matches(g, i, op)]
    based = [
        i
        for i in g.state.zones[zone]
        if op.filter.attribute is not None
        and (d := g.definition(i)) is not None
        and continuous.base_attributes(d) is not None
    ]
    if based:
        g.record(
            StepKind.RULE,
            pid,
            msg("dc.term.base_ability_in_zone", cards=tuple(g.card(i).name for i in based), zone=g.zref(zone)),
            ["805.2"],
        )
    if not pool:
        g.record(StepKind.EFFECT, pid, msg("dc.term.search_none", player=g.name(pid), zone=g.zref(zone)), ["909.2"])
        return False
    options = g.card_options(pool)
    choice = g.decide(
        DecisionRequest(
            "search",
            pid,
            tuple(options),
            "909.2",
            msg("dc.prompt.search", player=g.name(pid), n=op.count, zone=g.zref(zone)),
            PickMode.SOME,
            0,
            min(op.count, len(pool)),
        )
    )
    for c in choice:
        g.move(options[c], zone_id(pid, "hand"))
    g.record(
        StepKind.EFFECT,
        pid,
        msg("dc.term.search", player=g.name(pid), n=len(choice), zone=g.zref(zone)),
        ["909.2"] + (["302.2b"] if not choice else []),
    )
    return len(choice) >= op.count


def _matches(g: DivineCross, iid: str, op: Search) -> bool:
    return continuous.card_matches(g, iid, op.filter)


@rule("911.1", "911.1a", role=RuleRole.TERM)
def shuffle(g: DivineCross, pid: str, cites: Sequence[str], *, silent: bool = False) -> bool:
    """911.1: shuffling is chance: the scenario gives the resulting top cards (the rest keep their order)."""
    if silent:
        return True
    zone = zone_id(pid, "deck")
    iids = list(g.state.zones[zone])
    options = g.card_options(iids)
    choice = g.decide(
        DecisionRequest(
            "shuffle",
            pid,
            tuple(options),
            "911.1",
            msg("dc.prompt.shuffle", player=g.name(pid)),
            PickMode.SOME,
            0,
            len(iids),
            chance=True,
        )
    )
    top = [options[c] for c in choice]
    g.reorder(zone, top + [i for i in iids if i not in top])
    g.record(StepKind.RULE, pid, msg("dc.term.shuffled", player=g.name(pid)), [*cites, "911.1", "911.1a"])
    return True


@rule("911.1", "911.2", role=RuleRole.TERM)
def shuffle_effect(g: DivineCross, ctx: Ctx, op: Shuffle, *, silent: bool = False) -> bool:
    """911.1: an effect shuffles a deck; a reveal of some of its cards is ignored while it is shuffled (911.2)."""
    if silent:
        return True
    pid = player(g, ctx, op.player)
    zone = zone_id(pid, "deck")
    shown = [i for i in g.state.zones[zone] if ctx.revealed.get(i) == g.card(i).since]
    if shown:
        g.record(
            StepKind.RULE,
            pid,
            msg(
                "dc.term.reveal_ignored",
                cards=tuple(g.card(i).name for i in shown),
                ability=g.what(ctx.label),
                player=g.name(pid),
            ),
            ["911.2"],
        )
        for i in shown:
            ctx.shuffled[i] = ctx.revealed.pop(i)
    return shuffle(g, pid, ["911.1"])


@rule("912.1", "302.3a", "302.3b", "907.7", "907.8", "809.3b-3", role=RuleRole.TERM)
def swap_units(
    g: DivineCross, pid: str, standby_unit: str, cites: Sequence[str], actor: str, *, silent: bool = False
) -> bool:
    """912.1: the standby unit goes to the main area and the main unit to that standby area."""
    main = g.main_unit(pid)
    if silent:
        return main is not None and g.in_area(standby_unit)
    assert main is not None
    area = g.card(standby_unit).zone
    move_unit(g, standby_unit, zone_id(pid, "main"))
    move_unit(g, main, area)
    extra = leave_main_for_standby(g, main)
    g.record(
        StepKind.ACTION if actor == pid else StepKind.EFFECT,
        actor,
        msg("dc.term.swap", unit=g.card(standby_unit).name, main=g.card(main).name),
        [*cites, "912.1", "302.3a", *extra],
    )
    return True


@rule("912.1", role=RuleRole.TERM)
def swap(g: DivineCross, ctx: Ctx, op: Swap, *, silent: bool = False) -> bool:
    """912.1: an effect swaps the main unit with a chosen standby unit."""
    pid = player(g, ctx, op.player)
    standby = g.standby_units(pid)
    if silent:
        return bool(standby) and g.main_unit(pid) is not None
    if not standby or g.main_unit(pid) is None:
        return False
    options = g.unit_options(standby)
    if len(options) > 1:
        choice = g.decide(
            DecisionRequest("swap", pid, tuple(options), "912.1", msg("dc.prompt.swap", player=g.name(pid)))
        )
        unit = options[choice[0]]
    else:
        unit = standby[0]
    return swap_units(g, pid, unit, ["912.1"], ctx.controller)


# --- janken, winning ticket ----------------------------------------------------------------------


@rule("916.1", "916.1a", "106.1", "106.2", role=RuleRole.TERM)
def janken(g: DivineCross, a: str, why: Sentence, *, silent: bool = False) -> str:
    """916.1: two players janken; a holder of the winning ticket wins instead and loses the ticket (916.1a)."""
    if silent:
        return ""
    b = g.state.opponent(a)
    for pid in (a, b):
        if g.state.players[pid].counters.get("winning_ticket", 0):
            g.set_counter(pid, "winning_ticket", 0)
            g.record(
                StepKind.RULE,
                "rules",
                msg("dc.term.winning_ticket_used", player=g.name(pid), why=why),
                ["916.1a", "106.1"],
            )
            return pid
    choice = g.decide(
        DecisionRequest(
            "janken", None, (a, b), "916.1", msg("dc.prompt.janken", a=g.name(a), b=g.name(b), why=why), chance=True
        ),
        msg("dc.term.janken", a=g.name(a), b=g.name(b), why=why),
    )
    return choice[0]


@rule("916.1", role=RuleRole.TERM)
def janken_effect(g: DivineCross, ctx: Ctx, op: Janken, *, silent: bool = False) -> bool:
    """916.1: an effect's janken, once or several times; what follows depends on the wins."""
    if silent:
        return True
    wins = 0
    for i in range(op.times):
        why = (
            msg("dc.term.janken_of", ability=g.what(ctx.label), i=i + 1, n=op.times)
            if op.times > 1
            else g.what(ctx.label)
        )
        winner = janken(g, ctx.controller, why)
        if winner == ctx.controller:
            wins += 1
    ctx.janken_wins += wins
    g.record(
        StepKind.EFFECT,
        ctx.controller,
        msg("dc.term.janken_wins", player=g.name(ctx.controller), wins=wins, n=op.times),
        ["916.1"],
    )
    for _ in range(wins):
        run(g, ctx, op.per_win, None)
    if wins:
        run(g, ctx, op.on_win, None)
    else:
        run(g, ctx, op.on_lose, None)
    return True


@rule("926.1", "106.1", "106.2", "106.2a", "106.3", role=RuleRole.TERM)
def winning_ticket(g: DivineCross, ctx: Ctx, op: GainWinningTicket, *, silent: bool = False) -> bool:
    """926.1: a player gains the winning ticket; only one player holds it (106.2a), never two (106.3)."""
    if silent:
        return True
    pid = player(g, ctx, op.player)
    other = g.state.opponent(pid)
    cites = ["926.1", "106.1"]
    if g.state.players[pid].counters.get("winning_ticket", 0):
        g.record(
            StepKind.EFFECT,
            ctx.controller,
            msg("dc.term.ticket_held", player=g.name(pid)),
            [*cites, "106.3"],
        )
        return True
    if g.state.players[other].counters.get("winning_ticket", 0):
        g.set_counter(other, "winning_ticket", 0)
        cites += ["106.2", "106.2a"]
    g.set_counter(pid, "winning_ticket", 1)
    g.record(StepKind.EFFECT, ctx.controller, msg("dc.term.ticket_gained", player=g.name(pid)), cites)
    return True


# --- そうしたなら, continuous effects, damage modification -------------------------------------------


@rule("925.1", "925.2", "1102.2", "1101.1a", "1101.1b", "903.2", "801.2", role=RuleRole.TERM)
def if_done(g: DivineCross, ctx: Ctx, op: IfDone, *, silent: bool = False) -> bool:
    """925: do the action; the follow-up happens only if it was done in full (925.1) or as chosen (925.2)."""
    if silent:
        return can_do(g, ctx, op.do)
    cites = ["925.2"] if op.optional else ["925.1"]
    skipped = [o for o in _nested(op.do) if isinstance(o, If) and not condition_holds(g, ctx, o)]
    if skipped:
        # 925.1 asks whether the action was done; an action a condition leaves out was neither done nor failed.
        raise g.ambiguity(
            ["925.1", "925.2", "801.2"],
            msg("dc.gap.if_done_condition", ability=g.what(ctx.label), op=OP[skipped[0].then[0].op], rule=cites[0]),
        )
    again = [i for o in _nested(op.do) if isinstance(o, Reveal) for i in revealed_already(g, ctx, o)]
    if again:
        raise g.ambiguity(
            ["903.2", cites[0]],
            msg(
                "dc.gap.if_done_revealed",
                ability=g.what(ctx.label),
                cards=tuple(g.card(i).name for i in again),
                rule=cites[0],
            ),
        )
    who = ctx.controller if op.chooser == "own" else g.state.opponent(ctx.controller)
    repeats = op.optional and any(isinstance(o, UseAgain) for o in _nested(op.then))
    if repeats and g.loop is not None and can_do(g, ctx, op.do):
        # The choice that repeats the loop was made when the count was named (1101.1a, 1101.1b).
        g.record(
            StepKind.EFFECT,
            who,
            msg("dc.term.loop_goes_on", player=g.name(who), ability=g.what(ctx.label)),
            ["925.2", g.loop],
        )
        g.loop_choosers.add(who)
        return run_if_done(g, ctx, op, cites)
    if op.optional:
        possible = can_do(g, ctx, op.do)
        if not possible:
            g.record(
                StepKind.EFFECT,
                ctx.controller,
                msg("dc.term.cannot_choose", ability=g.what(ctx.label), player=g.name(who)),
                ["925.2"],
            )
            run(g, ctx, op.otherwise, None)
            return False
        draws_short = any(
            isinstance(o, Draw) and o.count > len(g.state.zones[zone_id(player(g, ctx, o.player), "deck")])
            for o in op.do
        )
        choice = g.decide(
            DecisionRequest(
                "optional",
                who,
                ("yes", "no"),
                "925.2",
                msg("dc.prompt.if_done", player=g.name(who), ability=g.what(ctx.label)),
            )
        )
        if draws_short and choice[0] == "yes":
            g.record(
                StepKind.EFFECT,
                ctx.controller,
                msg("dc.term.draw_short_allowed"),
                ["1102.2"],
            )
        if choice[0] == "no":
            run(g, ctx, op.otherwise, None)
            return True
        if repeats:
            g.loop_choosers.add(who)
    return run_if_done(g, ctx, op, cites)


def condition_holds(g: DivineCross, ctx: Ctx, op: If) -> bool:
    """Whether the condition of a ``(条件)なら`` instruction holds now (read with what the effect did so far)."""
    if gap := continuous.printed_base_gap(g, op.condition, ctx.controller, ctx.unit):
        raise g.ambiguity(["809.6", "805.2"], gap)
    return continuous.holds(g, op.condition, ctx.controller, ctx.unit, counts=ctx_counts(ctx))


@rule("801.2", "809.6", "805.2", role=RuleRole.EFFECT)
def conditional(g: DivineCross, ctx: Ctx, op: If, *, silent: bool = False) -> bool:
    """801.2: an effect is the process its text gives; under ``(条件)なら`` the instruction is part of that process
    only if the condition holds when the resolution reaches it — nothing is done otherwise."""
    holds = condition_holds(g, ctx, op)
    if silent:
        return can_do(g, ctx, op.then) if holds else True
    cites = ["801.2", *continuous.condition_cites(op.condition)]
    what = g.what(ctx.label)
    if op.condition.count is not None:  # say what was counted, so the trace shows why
        n = count(g, op.condition.count, ctx.controller, ctx.unit, ctx_counts(ctx))
        counted = COUNT[op.condition.count]
        sentence = (
            msg("dc.term.condition_holds_count", ability=what, what=counted, n=n)
            if holds
            else msg("dc.term.condition_fails_count", ability=what, what=counted, n=n)
        )
    else:
        sentence = (
            msg("dc.term.condition_holds", ability=what) if holds else msg("dc.term.condition_fails", ability=what)
        )
    g.record(StepKind.EFFECT, ctx.controller, sentence, cites)
    return run(g, ctx, op.then, None) if holds else True


def _nested(effects: Sequence[Effect]) -> list[Effect]:
    """``effects`` and every op inside them."""
    out: list[Effect] = []
    for op in effects:
        out.append(op)
        if isinstance(op, Janken):
            out += _nested([*op.on_win, *op.on_lose, *op.per_win])
        elif isinstance(op, IfDone):
            out += _nested([*op.do, *op.then, *op.otherwise])
        elif isinstance(op, AndThen):
            out += _nested([*op.first, *op.then])
        elif isinstance(op, If):
            out += _nested(op.then)
    return out


def run_if_done(g: DivineCross, ctx: Ctx, op: IfDone, cites: list[str]) -> bool:
    """925.1: do the action of an ``if_done``, then what follows if it was done in full."""
    done = run(g, ctx, op.do, None)
    if done:
        g.record(StepKind.EFFECT, ctx.controller, msg("dc.term.done", ability=g.what(ctx.label)), cites)
        run(g, ctx, op.then, None)
    else:
        g.record(
            StepKind.EFFECT,
            ctx.controller,
            msg("dc.term.not_done", ability=g.what(ctx.label)),
            cites,
        )
    return done


def run_parts(g: DivineCross, ctx: Ctx, op: AndThen, *, silent: bool = False) -> bool:
    """An effect in two parts (``and_then``): the first, then the second; done in full if both were."""
    if silent:
        return can_do(g, ctx, op.first) and can_do(g, ctx, op.then)
    first = run(g, ctx, op.first, None)
    return run(g, ctx, op.then, None) and first


@rule("801.1a", "1101.1", role=RuleRole.EFFECT)
def use_again(g: DivineCross, ctx: Ctx, op: UseAgain, *, silent: bool = False) -> bool:
    """801.1a: ``このEXパワーはこのターン、もう1回使える`` gives back one of this turn's uses of the EX power."""
    if ctx.power is None:
        return False
    flag = f"ex:{ctx.source}:{ctx.power}"
    if silent:
        return True
    g.set_flag(ctx.controller, flag, max(0, g.state.flag(ctx.controller, flag) - 1))
    g.loop_choosers.add(ctx.controller)
    g.record(
        StepKind.EFFECT,
        ctx.controller,
        msg("dc.term.use_again", ability=g.what(ctx.label), power=ctx.power),
        ["801.1a"],
    )
    return True


@rule("801.2b", "809.8", "809.3b-2", "809.3b-3", "809.1c", "809.7", "809.2", "505.4", role=RuleRole.EFFECT)
def make_continuous(g: DivineCross, ctx: Ctx, op: Continuous, *, silent: bool = False) -> bool:
    """801.2b: an effect makes a continuous effect; a specific unit is locked, a group is re-checked (809.3b-3).

    809.7: an ``…であるかぎり`` effect whose condition no longer holds when it resolves does not happen.
    """
    lapsed = op.duration == "while" and (
        op.condition is None or not continuous.holds(g, op.condition, ctx.controller, ctx.unit)
    )
    if silent:
        return not lapsed
    inner = op.effect
    if lapsed:
        g.record(
            StepKind.EFFECT,
            ctx.controller,
            msg("dc.term.while_lapsed", ability=g.what(ctx.label), op=OP[inner.op]),
            ["809.7"],
        )
        return False
    selector: Selector | None = getattr(inner, "target", None)
    locked: tuple[str, ...] = ()
    cites = ["801.2b", "809.3b-2"]
    if selector is not None and (selector in CHOOSING or selector in ("self", "own.main", "opponent.main")):
        locked = tuple(choose_units(g, ctx, selector, msg("dc.purpose.continuous")))
    elif selector is not None:
        cites.append("809.3b-3")
    until = {"turn": "end_of_turn", "game": "game", "while": "while", "next_turn": "end_of_turn"}[op.duration]
    if op.duration == "turn":
        cites.append("809.8")
    start = 0
    if op.duration == "next_turn":  # 809.8: it starts applying at the start of that turn (turns alternate, 505.4)
        start = continuous.next_turn(g, ctx.controller, op.whose)
        until = continuous.scheduled_until(start)
        cites += ["809.8", "505.4"]
    if op.duration == "while":
        cites.append("809.7")
    parts = (inner, *op.also)
    if any(continuous.layer_of(p) == continuous.LAYER_ABILITY for p in parts):
        cites.append("809.1c")
    if len({continuous.layer_of(p) for p in parts}) > 1:
        cites.append("809.2")
    key = f"made:{g.serial()}"
    at = g.tick()
    for i, part in enumerate(parts):
        g.add_effect(
            ContinuousEffect(
                key=key if i == 0 else f"{key}#{i + 1}",
                source=ctx.source,
                controller=ctx.controller,
                layer=continuous.layer_of(part),
                timestamp=at,
                until=until,
                label=g.named(
                    f"{ctx.label} ({part.op})", msg("dc.ability.part", ability=g.what(ctx.label), op=OP[part.op])
                ),
                payload=continuous.Applied(part, op.condition if op.duration == "while" else None, ctx.unit),
                targets=locked,
            )
        )
    whom: Sentence | tuple[CardRef, ...] = (
        tuple(g.cref(t) for t in locked) if locked else (SELECTOR[selector] if selector else msg("dc.term.the_game"))
    )
    what = g.what(ctx.label)
    ops = op_names([p.op for p in parts])
    lasting: Sentence = LASTING[op.duration] if op.duration != "next_turn" else continuous.lasting_next(g, start)
    g.record(
        StepKind.EFFECT,
        ctx.controller,
        msg("dc.term.continuous_parts", ability=what, ops=ops, whom=whom, lasting=lasting)
        if "809.2" in cites
        else msg("dc.term.continuous", ability=what, ops=ops, whom=whom, lasting=lasting),
        cites,
    )
    return True


@rule("914.3", "704.6a-1", "914.5a", "704.6b", "921.1", "309.3", role=RuleRole.TERM)
def modify_damage(g: DivineCross, ctx: Ctx, op: ModifyDamage | DamageBase, *, silent: bool = False) -> bool:
    """914.3: damage up or down changes the damage being calculated (704.6a-1 sets the base of a ``×`` skill: so
    much per thing counted is a step of the calculation, dealt in one hit, 914.5a)."""
    if silent:
        return ctx.damage is not None
    if ctx.damage is None:
        g.record(
            StepKind.EFFECT,
            ctx.controller,
            msg("dc.term.no_damage_to_modify", ability=g.what(ctx.label)),
            ["914.3"],
        )
        return False
    before = ctx.damage
    if isinstance(op, DamageBase):
        n = count(g, op.per, ctx.controller, ctx.unit, ctx_counts(ctx))
        ctx.damage = op.each * n
        g.record(
            StepKind.RULE,
            ctx.controller,
            msg(
                "dc.term.damage_base",
                ability=g.what(ctx.label),
                each=op.each,
                n=n,
                per=COUNT[op.per],
                damage=ctx.damage,
            ),
            ["704.6a-1", "914.5a", *count_cites(op.per)],
        )
        return True
    if op.multiply is not None:
        ctx.damage = before * op.multiply
        what = f"× {op.multiply}"
    else:
        by = op.by * (count(g, op.per, ctx.controller, ctx.unit, ctx_counts(ctx)) if op.per else 1)
        ctx.damage = before + by
        what = f"{'+' if by >= 0 else ''}{by}"
    g.record(
        StepKind.RULE,
        ctx.controller,
        msg("dc.term.damage_modified", ability=g.what(ctx.label), change=what, before=before, after=ctx.damage),
        ["914.3", "704.6b", *(count_cites(op.per) if op.multiply is None else [])],
    )
    return True
