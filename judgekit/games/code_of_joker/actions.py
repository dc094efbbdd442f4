"""The turn player's actions (行動開始): drive, overdrive, withdraw, set, use a joker, discard, override;
and taking a set card back, which the rules never allow.

Each action is a rule function: in check-only mode it answers whether the action is legal; run for
real, an illegal action is recorded as a rejection citing the rule that forbids it, and nothing else
changes. The attack is in :mod:`judgekit.games.code_of_joker.battle`.
"""

from __future__ import annotations

from typing import TypeVar

from judgekit.engine import Event, ScriptedInput, StepKind, zone_id
from judgekit.engine.rules import RuleRole
from judgekit.errors import IllegalActionError
from judgekit.games.code_of_joker import effects, ids, terms, timing
from judgekit.games.code_of_joker.format import (
    DiscardCard,
    Drive,
    Overdrive,
    Override,
    SetCard,
    UnsetCard,
    UseJoker,
    Withdraw,
)
from judgekit.games.code_of_joker.game import FIELD_LIMIT, TRIGGER_SLOTS, CodeOfJoker, Ctx
from judgekit.games.code_of_joker.registry import rule
from judgekit.message import Message, Sentence, msg

T = TypeVar("T")


def _payload(entry: ScriptedInput, kind: type[T]) -> T:
    p = entry.payload
    if not isinstance(p, kind):
        raise TypeError(f"{entry.where}: expected {kind.__name__}")
    return p


# --- paying for a unit -----------------------------------------------------------------------------


@rule(
    ids.REDUCE,
    ids.REDUCE_CROSS,
    ids.REDUCE_ZERO,
    ids.REDUCE_DISCARD,
    ids.REDUCE_MANDATORY,
    ids.REDUCE_ONE,
    ids.UNIT_REDUCE,
    ids.UNIT_REDUCE_ONE,
    ids.UNIT_REDUCE_DISCARD,
    role=RuleRole.TERM,
)
def reducer(g: CodeOfJoker, pid: str, card: str, *, silent: bool = False) -> str | None:
    """ユニットコストの軽減: a set unit or evolution of the colour must lower the cost by 1 — exactly one card."""
    color = g.definition(card).color
    found = [
        c
        for c in g.zone(pid, "trigger")
        if g.definition(c).type in ("unit", "evolution") and g.definition(c).color == color
    ]
    if not found:
        return None
    if len({g.card(c).key for c in found}) > 1 and not silent:
        slots = tuple(
            msg("coj.slot.card", card=g.card(c).name, slot=g.zone(pid, "trigger").index(c) + 1) for c in found
        )
        raise g.ambiguity(
            [ids.REDUCE_MANDATORY, ids.REDUCE_ONE],
            msg("coj.gap.which_reducer", card=g.card(card).name, player=g.name(pid), set_cards=slots),
        )
    return found[0]


def _price(g: CodeOfJoker, pid: str, card: str) -> tuple[int, str | None]:
    cut = reducer(g, pid, card, silent=True)
    return max(0, g.cost(card) - (1 if cut else 0)), cut


def _pay(g: CodeOfJoker, pid: str, card: str) -> tuple[Message, list[str]]:
    """Pay CP for a unit (with the reduction); the sentence part and the rules cited."""
    cut = reducer(g, pid, card)
    cost = g.cost(card)
    price = max(0, cost - (1 if cut else 0))
    before = g.counter(pid, "CP")
    g.set_counter(pid, "CP", before - price)
    cites = [ids.CP_PAY]
    text = msg("coj.pay.cp", before=before, after=before - price)
    if cut is not None:
        slot = g.zone(pid, "trigger").index(cut) + 1
        cut_name = g.card(cut).name
        terms.to_discard(g, cut)
        text = msg(
            "coj.pay.reduced", card=cut_name, slot=slot, cost=cost, price=price, before=before, after=before - price
        )
        cites += [
            ids.REDUCE,
            ids.REDUCE_MANDATORY,
            ids.REDUCE_ONE,
            ids.REDUCE_DISCARD,
            ids.UNIT_REDUCE,
            ids.UNIT_REDUCE_ONE,
            ids.UNIT_REDUCE_DISCARD,
            ids.TZONE_LEFT,
        ]
        if g.definition(cut).type != g.definition(card).type:
            cites.append(ids.REDUCE_CROSS)
        if cost == 1:
            cites.append(ids.REDUCE_ZERO)
    return text, cites


# --- drive and overdrive ------------------------------------------------------------------------


@rule(
    ids.UNIT_DRIVE,
    ids.UNIT_ENTERS,
    ids.ACT_DRIVE,
    ids.CP_PAY,
    ids.FIELD,
    ids.FIELD_FIVE,
    ids.RIGHT_ON_DRIVE,
    ids.RESTRICTION,
    ids.EVO_ONTO,
    ids.CLOCK_LEVELS,
    ids.PRIORITY,
    ids.TZONE_LEFT,
    ids.OC,
    ids.EVO_RIGHT,
    ids.REDUCE,
    ids.REDUCE_CROSS,
    ids.REDUCE_ZERO,
    ids.REDUCE_DISCARD,
    ids.REDUCE_MANDATORY,
    ids.REDUCE_ONE,
    ids.UNIT_REDUCE,
    ids.UNIT_REDUCE_ONE,
    ids.UNIT_REDUCE_DISCARD,
    ids.SPEED_MOVE,
    ids.RESTRICTION_LIFTED,
    role=RuleRole.ACTION,
)
def drive(g: CodeOfJoker, entry: ScriptedInput, *, silent: bool = False) -> bool:
    """ユニットカード/1: pay CP to drive a hand unit onto the field (5 at most); it has its action right and
    the attack restriction (/2)."""
    act = _payload(entry, Drive)
    pid = g.actor(entry)
    card = g.find(pid, "hand", act.card)
    problem = None
    if card is None:
        problem = IllegalActionError("drive", ids.UNIT_DRIVE, _not_in_hand(g, pid, act.card))
    elif g.definition(card).type == "evolution":
        problem = IllegalActionError("drive", ids.EVO_ONTO, msg("coj.reject.evolution", card=g.card(card).name))
    elif g.definition(card).type != "unit":
        problem = IllegalActionError("drive", ids.UNIT_DRIVE, msg("coj.reject.not_unit", card=g.card(card).name))
    elif len(g.units(pid)) >= FIELD_LIMIT:
        problem = IllegalActionError(
            "drive", ids.FIELD_FIVE, msg("coj.reject.field_full", player=g.name(pid), n=FIELD_LIMIT)
        )
    elif _price(g, pid, card)[0] > g.counter(pid, "CP"):
        problem = IllegalActionError("drive", ids.CP_PAY, _short_cp(g, pid, g.card(card).name, _price(g, pid, card)[0]))
    if silent:
        return problem is None
    if problem is not None:
        g.reject(entry, problem)
        return False
    assert card is not None
    if g.level(card) == 3:
        raise g.ambiguity(
            [ids.UNIT_ENTERS, ids.OC, ids.EVO_RIGHT],
            msg("coj.gap.driven_lv3", card=g.card(card).name),
        )
    paid, cites = _pay(g, pid, card)
    g.move(card, zone_id(pid, "field"), top=False)
    g.set_num(card, "entered", g.state.turn)
    speed = g.has(card, "スピードムーブ")
    if speed:
        what = msg("coj.drive.speed_move")
        cites += [ids.SPEED_MOVE, ids.RESTRICTION_LIFTED]
    else:
        g.add_marker(card, "restricted")
        what = msg("coj.drive.restricted")
    level: Sentence = msg("coj.drive.at_level", level=g.level(card)) if g.level(card) > 1 else ""
    g.record(
        StepKind.ACTION,
        pid,
        msg(
            "coj.drive.drives",
            player=g.name(pid),
            card=g.card(card).name,
            level=level,
            bp=g.bp(card),
            paid=paid,
            what=what,
        ),
        [ids.ACT_DRIVE, ids.UNIT_DRIVE, ids.UNIT_ENTERS, ids.RIGHT_ON_DRIVE, ids.RESTRICTION, ids.FIELD, *cites],
        play=entry.index,
    )
    enter(g, pid, card)
    return True


def enter(g: CodeOfJoker, pid: str, unit: str) -> None:
    """The フィールドに出た時 timing of a unit that came onto the field (the driven unit's effects first)."""
    timing.process(g, timing.Timing("フィールドに出た時", (Event("enter", pid, unit),), (ids.PRIORITY,), first=(unit,)))
    timing.flush_oc(g)


@rule(
    ids.EVO_ONTO,
    ids.EVO_BASE_DISCARD,
    ids.EVO_NO_RESTRICTION,
    ids.EVO_IS_UNIT,
    ids.EVO_RIGHT,
    ids.ACT_OVERDRIVE,
    ids.RIGHT_OVERDRIVE,
    ids.RESTRICTION_LIFTED,
    ids.MIX_OVERDRIVE_ACTED,
    ids.MIX_OVERDRIVE_ACTED_RULING,
    ids.FIELD_FIVE,
    ids.CP_PAY,
    ids.PRIORITY_OC_LAST,
    ids.PRIORITY,
    ids.TZONE_LEFT,
    ids.REDUCE,
    ids.REDUCE_CROSS,
    ids.REDUCE_ZERO,
    ids.REDUCE_DISCARD,
    ids.REDUCE_MANDATORY,
    ids.REDUCE_ONE,
    ids.UNIT_REDUCE,
    ids.UNIT_REDUCE_ONE,
    ids.UNIT_REDUCE_DISCARD,
    role=RuleRole.ACTION,
)
def overdrive(g: CodeOfJoker, entry: ScriptedInput, *, silent: bool = False) -> bool:
    """進化ユニットカード/1: an evolution goes onto an own unit of its colour, which goes to the discard pile;
    it keeps that unit's action right and has no attack restriction."""
    act = _payload(entry, Overdrive)
    pid = g.actor(entry)
    card = g.find(pid, "hand", act.card)
    base = g.find(pid, "field", act.onto)
    problem = None
    if card is None or g.definition(card).type != "evolution":
        problem = IllegalActionError(
            "overdrive", ids.EVO_ONTO, msg("coj.reject.no_evolution", player=g.name(pid), key=repr(act.card))
        )
    elif base is None:
        problem = IllegalActionError(
            "overdrive", ids.EVO_ONTO, msg("coj.reject.no_unit", player=g.name(pid), key=repr(act.onto))
        )
    elif g.definition(base).color != g.definition(card).color:
        problem = IllegalActionError(
            "overdrive",
            ids.EVO_ONTO,
            msg(
                "coj.reject.other_color",
                card=g.card(card).name,
                color=terms.color(g.definition(card).color),
                base=g.card(base).name,
                base_color=terms.color(g.definition(base).color),
            ),
        )
    elif _price(g, pid, card)[0] > g.counter(pid, "CP"):
        problem = IllegalActionError(
            "overdrive", ids.CP_PAY, _short_cp(g, pid, g.card(card).name, _price(g, pid, card)[0])
        )
    if silent:
        return problem is None
    if problem is not None:
        g.reject(entry, problem)
        return False
    assert card is not None and base is not None
    acted = g.acted(base)
    slot = g.units(pid).index(base)
    base_name = g.card(base).name
    paid, cites = _pay(g, pid, card)
    terms.leave_field(g, base, "discard")
    g.move(card, zone_id(pid, "field"), top=False)
    order = [u for u in g.units(pid) if u != card]
    order.insert(slot, card)
    g.reorder(zone_id(pid, "field"), order)
    g.set_num(card, "entered", g.state.turn)
    if acted:
        g.add_marker(card, "acted")
    cites += [
        ids.ACT_OVERDRIVE,
        ids.EVO_ONTO,
        ids.EVO_BASE_DISCARD,
        ids.EVO_NO_RESTRICTION,
        ids.EVO_IS_UNIT,
        ids.RIGHT_OVERDRIVE,
        ids.EVO_RIGHT,
    ]
    state = msg("coj.overdrive.acted") if acted else msg("coj.overdrive.unacted")
    if acted:
        cites += [ids.MIX_OVERDRIVE_ACTED, ids.MIX_OVERDRIVE_ACTED_RULING]
    level = g.level(card)
    if len(g.units(pid)) == FIELD_LIMIT:
        cites.append(ids.FIELD_FIVE)
    g.record(
        StepKind.ACTION,
        pid,
        msg(
            "coj.overdrive.overdrives",
            player=g.name(pid),
            card=g.card(card).name,
            level=level,
            bp=g.bp(card),
            base=base_name,
            state=state,
            paid=paid,
        ),
        cites,
        play=entry.index,
    )
    if level == 3:
        g.oc_queue.append((card, True))
        g.record(
            StepKind.RULE,
            "rules",
            msg("coj.overdrive.lv3", card=g.card(card).name),
            [ids.EVO_RIGHT, ids.PRIORITY_OC_LAST],
        )
    enter(g, pid, card)
    return True


# --- withdraw, set, joker, discard, override ----------------------------------------------------------


@rule(ids.FIELD_WITHDRAW, ids.ACT_WITHDRAW, ids.CLOCK_LEAVE, role=RuleRole.ACTION)
def withdraw(g: CodeOfJoker, entry: ScriptedInput, *, silent: bool = False) -> bool:
    """用語/フィールド/3: on its own turn a player may withdraw a unit; it goes to the discard pile."""
    act = _payload(entry, Withdraw)
    pid = g.actor(entry)
    unit = g.find(pid, "field", act.unit)
    problem = None
    if unit is None:
        problem = IllegalActionError(
            "withdraw", ids.FIELD_WITHDRAW, msg("coj.reject.no_unit", player=g.name(pid), key=repr(act.unit))
        )
    if silent:
        return problem is None
    if problem is not None:
        g.reject(entry, problem)
        return False
    assert unit is not None
    name = g.card(unit).name
    terms.leave_field(g, unit, "discard")
    g.record(
        StepKind.ACTION,
        pid,
        msg("coj.withdraw", player=g.name(pid), card=name),
        [ids.ACT_WITHDRAW, ids.FIELD_WITHDRAW, ids.CLOCK_LEAVE],
        play=entry.index,
    )
    return True


@rule(
    ids.TZONE,
    ids.TZONE_FOUR,
    ids.TZONE_LEFT,
    ids.TZONE_COLOR,
    ids.ACT_SET,
    ids.TRIGGER_FIRES,
    ids.INTERCEPT_USE,
    ids.UNIT_REDUCE,
    role=RuleRole.ACTION,
)
def set_card(g: CodeOfJoker, entry: ScriptedInput, *, silent: bool = False) -> bool:
    """トリガーゾーン: a trigger, intercept or unit (for cost reduction) is set from the left; 4 at most."""
    act = _payload(entry, SetCard)
    pid = g.actor(entry)
    card = g.find(pid, "hand", act.card)
    problem = None
    if card is None:
        problem = IllegalActionError("set", ids.TZONE, _not_in_hand(g, pid, act.card))
    elif g.definition(card).type == "joker":
        problem = IllegalActionError("set", ids.TZONE, msg("coj.reject.set_joker"))
    elif len(g.zone(pid, "trigger")) >= TRIGGER_SLOTS:
        problem = IllegalActionError(
            "set", ids.TZONE_FOUR, msg("coj.reject.trigger_full", player=g.name(pid), n=TRIGGER_SLOTS)
        )
    if silent:
        return problem is None
    if problem is not None:
        g.reject(entry, problem)
        return False
    assert card is not None
    terms.reset_in_hand(g, card)
    g.move(card, zone_id(pid, "trigger"), top=False)
    slot = len(g.zone(pid, "trigger"))
    d = g.definition(card)
    what = SET_AS.get(d.type, SET_AS["unit"])
    cites = [ids.ACT_SET, ids.TZONE, ids.TZONE_FOUR, ids.TZONE_LEFT, ids.TZONE_COLOR]
    cites.append({"trigger": ids.TRIGGER_FIRES, "intercept": ids.INTERCEPT_USE}.get(d.type, ids.UNIT_REDUCE))
    g.record(
        StepKind.ACTION,
        pid,
        msg(
            "coj.set.sets", player=g.name(pid), card=g.card(card).name, what=what, slot=slot, color=terms.color(d.color)
        ),
        cites,
        play=entry.index,
    )
    return True


@rule(ids.TZONE_NO_REMOVE, role=RuleRole.ACTION)
def unset_card(g: CodeOfJoker, entry: ScriptedInput, *, silent: bool = False) -> bool:
    """用語/トリガーゾーン/3: a set card cannot be taken out of the trigger zone at will — never legal."""
    act = _payload(entry, UnsetCard)
    pid = g.actor(entry)
    card = g.find(pid, "trigger", act.card)
    if silent:
        return False
    if card is None:
        reason = msg("coj.reject.unset_missing", player=g.name(pid), key=repr(act.card))
    else:
        slot = g.zone(pid, "trigger").index(card) + 1
        reason = msg("coj.reject.unset", card=msg("coj.slot.card", card=g.card(card).name, slot=slot))
    g.reject(entry, IllegalActionError("unset", ids.TZONE_NO_REMOVE, reason))
    return False


@rule(
    ids.JOKER_ZONE,
    ids.JOKER_PAY,
    ids.JOKER_STAYS,
    ids.JOKER_ONCE,
    ids.JOKER_VAR2,
    ids.ACT_JOKER,
    ids.TS_JOKER,
    ids.CP_PAY,
    role=RuleRole.ACTION,
)
def use_joker(g: CodeOfJoker, entry: ScriptedInput, *, silent: bool = False) -> bool:
    """ジョーカーカード (Var.2.0): paid with joker gauge and CP from the joker zone, one a turn; it stays there."""
    act = _payload(entry, UseJoker)
    pid = g.actor(entry)
    joker = g.find(pid, "joker", act.card)
    in_hand = g.find(pid, "hand", act.card)
    problem = None
    if joker is None and in_hand is not None and g.definition(in_hand).type == "joker":
        if silent:
            return False
        raise g.ambiguity(
            [ids.TS_JOKER, ids.JOKER_PAY, ids.JOKER_STAYS],
            msg("coj.gap.joker_in_hand", card=g.card(in_hand).name),
        )
    d = g.definition(joker) if joker else None
    if joker is None or d is None or d.type != "joker":
        problem = IllegalActionError(
            "use_joker", ids.JOKER_ZONE, msg("coj.reject.no_joker", player=g.name(pid), key=repr(act.card))
        )
    elif g.state.flag(pid, "joker"):
        problem = IllegalActionError("use_joker", ids.JOKER_ONCE, msg("coj.reject.joker_used", player=g.name(pid)))
    elif g.counter(pid, "gauge") < (d.gauge or 0):
        problem = IllegalActionError(
            "use_joker",
            ids.JOKER_PAY,
            msg(
                "coj.reject.short_gauge",
                card=d.name,
                cost=d.gauge or 0,
                player=g.name(pid),
                gauge=g.counter(pid, "gauge"),
            ),
        )
    elif g.counter(pid, "CP") < d.cost:
        problem = IllegalActionError("use_joker", ids.JOKER_PAY, _short_cp(g, pid, d.name, d.cost))
    if silent:
        return problem is None
    if problem is not None:
        g.reject(entry, problem)
        return False
    assert joker is not None and d is not None
    gauge, cp = g.counter(pid, "gauge"), g.counter(pid, "CP")
    g.set_counter(pid, "gauge", gauge - (d.gauge or 0))
    g.set_counter(pid, "CP", cp - d.cost)
    g.set_flag(pid, "joker", 1)
    g.record(
        StepKind.ACTION,
        pid,
        msg(
            "coj.joker.uses",
            player=g.name(pid),
            card=d.name,
            gauge_before=gauge,
            gauge_after=gauge - (d.gauge or 0),
            cp_before=cp,
            cp_after=cp - d.cost,
        ),
        [ids.ACT_JOKER, ids.JOKER_VAR2, ids.JOKER_ZONE, ids.JOKER_PAY, ids.JOKER_STAYS, ids.JOKER_ONCE],
        play=entry.index,
    )
    effects.run(g, Ctx(pid, joker, None, d.name, d.pattern), d.effects)
    return True


@rule(ids.ACT_DISCARD, ids.DISCARD, role=RuleRole.ACTION)
def discard_card(g: CodeOfJoker, entry: ScriptedInput, *, silent: bool = False) -> bool:
    """手札を捨てる: a hand card goes to the discard pile."""
    act = _payload(entry, DiscardCard)
    pid = g.actor(entry)
    card = g.find(pid, "hand", act.card)
    problem = None
    if card is None:
        problem = IllegalActionError("discard", ids.ACT_DISCARD, _not_in_hand(g, pid, act.card))
    if silent:
        return problem is None
    if problem is not None:
        g.reject(entry, problem)
        return False
    assert card is not None
    terms.to_discard(g, card)
    g.record(
        StepKind.ACTION,
        pid,
        msg("coj.discard.discards", player=g.name(pid), card=g.card(card).name),
        [ids.ACT_DISCARD, ids.DISCARD],
        play=entry.index,
    )
    return True


@rule(
    ids.OVERRIDE,
    ids.OVERRIDE_DIRECTION,
    ids.OVERRIDE_NOT_LV3,
    ids.OVERRIDE_DISCARD,
    ids.OVERRIDE_DRAW,
    ids.CLOCK_BY_OVERRIDE,
    ids.CLOCK_UP_DOWN,
    ids.CLOCK_LEVELS,
    role=RuleRole.ACTION,
)
def override(g: CodeOfJoker, entry: ScriptedInput, *, silent: bool = False) -> bool:
    """オーバーライド: a hand card onto a hand card of the same name raises that one's level by 1; draw 1."""
    act = _payload(entry, Override)
    pid = g.actor(entry)
    card = g.find(pid, "hand", act.card)
    onto = g.find(pid, "hand", act.onto)
    problem = None
    if card is None or onto is None or card == onto:
        problem = IllegalActionError(
            "override",
            ids.OVERRIDE,
            msg("coj.reject.override_missing", player=g.name(pid), key=repr(act.card), onto=repr(act.onto)),
        )
    elif g.card(card).name != g.card(onto).name:
        problem = IllegalActionError(
            "override", ids.OVERRIDE, msg("coj.reject.other_name", card=g.card(card).name, onto=g.card(onto).name)
        )
    elif g.definition(onto).bp is None:
        problem = IllegalActionError("override", ids.CLOCK_LEVELS, msg("coj.reject.no_level", card=g.card(onto).name))
    elif g.level(onto) >= 3:
        problem = IllegalActionError("override", ids.OVERRIDE_NOT_LV3, msg("coj.reject.lv3", card=g.card(onto).name))
    if silent:
        return problem is None
    if problem is not None:
        g.reject(entry, problem)
        return False
    assert card is not None and onto is not None
    before = g.level(onto)
    top_level = g.level(card)
    g.set_num(onto, "level", before + 1, 1)
    terms.to_discard(g, card)
    cites = [ids.OVERRIDE, ids.CLOCK_BY_OVERRIDE, ids.CLOCK_UP_DOWN, ids.OVERRIDE_DISCARD]
    note: Sentence = ""
    if top_level > before:
        cites.append(ids.OVERRIDE_DIRECTION)
        note = msg("coj.override.direction", level=top_level)
    g.record(
        StepKind.ACTION,
        pid,
        msg(
            "coj.override.overrides",
            player=g.name(pid),
            card=g.card(onto).name,
            before=before,
            after=before + 1,
            note=note,
        ),
        cites,
        play=entry.index,
    )
    terms.draw(g, pid, 1, [ids.OVERRIDE_DRAW], pid)
    return True


SET_AS: dict[str, Message] = {
    "trigger": msg("coj.set.as_trigger"),
    "intercept": msg("coj.set.as_intercept"),
    "unit": msg("coj.set.as_reducer"),
}
"""What a set card is set as, by card type (a unit or evolution is set for cost reduction)."""


def _not_in_hand(g: CodeOfJoker, pid: str, key: str) -> Message:
    return msg("coj.reject.not_in_hand", player=g.name(pid), key=repr(key))


def _short_cp(g: CodeOfJoker, pid: str, card: str, cost: int) -> Message:
    return msg("coj.reject.short_cp", card=card, cost=cost, player=g.name(pid), cp=g.counter(pid, "CP"))
