"""Continuous effects (809), their targets and conditions, and the characteristics they make.

Static EX powers (and an assist's) make continuous effects while their card is in an area
(802.2, 805.1); ``continuous`` ops make them for a while (809.8). Characteristics are computed
in the order of 809.1: printed information (809.1a), then attributes and advantage (809.1b),
abilities (809.1c), other non-numbers (809.1d), numbers (809.1e, with 919's increase-first
order); within a layer by dependency (809.3a) then timestamp (809.3b). Damage modifiers,
``no_skill_damage``, ``skill_fails`` and replacement effects change no characteristic: the
rules that need them look them up with :func:`active`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from judgekit.engine import ContinuousEffect, StepKind, order_effects, zone_id
from judgekit.engine.rules import RuleRole
from judgekit.games.divine_cross.cards import (
    BaseAttribute,
    CardDef,
    CardFilter,
    ChangeHp,
    ChangeRetreatCost,
    ChangeSkillCost,
    Condition,
    ForbidSkill,
    GainAbility,
    GainAdvantage,
    GainAttribute,
    LoseAbility,
    LoseAdvantage,
    Replace,
    Selector,
    SetAttribute,
    Static,
    ZoneAttribute,
)
from judgekit.games.divine_cross.game import Chars, DivineCross, PowerRef, SkillRef
from judgekit.games.divine_cross.registry import rule
from judgekit.games.divine_cross.wording import OP
from judgekit.message import Message, msg

LAYER_KIND = 1
"""809.1b: kind, name, attribute, advantage."""
LAYER_ABILITY = 2
"""809.1c: abilities gained or lost."""
LAYER_OTHER = 3
"""809.1d: other information that is not a number."""
LAYER_NUMBER = 4
"""809.1e: numbers (HP, costs)."""
LAYER_NONE = 9
"""Effects that change no characteristic (damage modifiers, replacement effects)."""


@dataclass(frozen=True, slots=True)
class Applied:
    """What a continuous effect carries: the static op and where ``self`` and its condition point."""

    op: Static
    """What it does."""
    condition: Condition | None
    """It applies only while this holds (a static EX power's condition)."""
    unit: str | None
    """The unit ``self`` means for it."""


def layer_of(op: Static) -> int:
    """The 809.1 layer of a static op."""
    if isinstance(op, GainAdvantage | LoseAdvantage | GainAttribute | SetAttribute):
        return LAYER_KIND
    if isinstance(op, GainAbility | LoseAbility):
        return LAYER_ABILITY
    if isinstance(op, ForbidSkill):
        return LAYER_OTHER
    if isinstance(op, ChangeHp | ChangeSkillCost | ChangeRetreatCost):
        return LAYER_NUMBER
    return LAYER_NONE


def base_attributes(d: CardDef) -> tuple[str, ...] | None:
    """The attributes a card's base ability defines (805.2), or None if it has none; they replace the printed ones as
    the base of 809.1a (the first, if a card had two)."""
    found = [op.attributes for p in d.ex for op in p.statics if isinstance(op, BaseAttribute)]
    return tuple(found[0]) if found else None


def printed_attributes(d: CardDef) -> tuple[str, ...]:
    """The base of a card's attributes (809.1a): what is written on it, or what its base ability defines (805.2)."""
    based = base_attributes(d)
    return tuple(d.attributes) if based is None else based


def base_chars(g: DivineCross, iid: str) -> Chars:
    """A unit's printed characteristics (809.1a), its assist's skills and EX powers included (801.1g-1)."""
    d = g.definition(iid)
    if d is None:
        return Chars("", (), (), None, 0, (), (), ())
    holders = [iid]
    if g.in_area(iid) and (a := g.assist(iid)) is not None:
        holders.append(a)
    skills: list[SkillRef] = []
    powers: list[PowerRef] = []
    for h in holders:
        hd = g.definition(h)
        if hd is None:
            continue
        skills.extend(SkillRef(s, h, iid, s.cost) for s in hd.skills)
        powers.extend(PowerRef(p, h, iid) for p in hd.ex if p.zone == "area")  # 802.3: hand powers work there
    return Chars(
        d.name, printed_attributes(d), tuple(d.advantage), d.hp, d.retreat_cost, tuple(skills), tuple(powers), ()
    )


def static_effects(g: DivineCross, powers: Mapping[str, tuple[PowerRef, ...]] | None = None) -> list[ContinuousEffect]:
    """The continuous effects of static EX powers of cards in the areas (805.1, 802.2).

    ``powers``: each unit's EX powers after 809.1c (gained and lost ones); the printed ones if omitted.
    """
    out: list[ContinuousEffect] = []
    for unit in g.all_units():
        for ref in base_chars(g, unit).powers if powers is None else powers.get(unit, ()):
            if ref.power.kind != "static" or any(isinstance(op, BaseAttribute) for op in ref.power.statics):
                continue  # a base ability is the base of 809.1a, not a continuous effect (805.2)
            holder = g.card(ref.holder)
            for i, op in enumerate(ref.power.statics):
                out.append(
                    ContinuousEffect(
                        key=f"static:{ref.holder}/{ref.power.name}#{i + 1}",
                        source=ref.holder,
                        controller=holder.controller,
                        layer=layer_of(op),
                        timestamp=holder.since if ref.gained_at is None else ref.gained_at,
                        until="static",
                        label=g.power_label(holder.name, ref.power.name),
                        payload=Applied(op, ref.power.condition, unit),
                    )
                )
    return out


def all_effects(g: DivineCross) -> list[ContinuousEffect]:
    """Static abilities' effects (of the EX powers units have after 809.1c) and effects made by abilities,
    in application order."""
    return order_effects([*static_effects(g, {u: g.chars(u).powers for u in g.all_units()}), *made(g)])


def layer_gap(g: DivineCross) -> Message | None:
    """Where 809.1 is silent, as a sentence (None when it is not): a static EX power gained or lost by an
    809.1c effect whose own effect belongs to 809.1b or 809.1c, a step already applied when it is gained
    or lost."""
    printed = {e.key: e for e in static_effects(g) if e.layer <= LAYER_ABILITY}
    after = {
        e.key: e for e in static_effects(g, {u: g.chars(u).powers for u in g.all_units()}) if e.layer <= LAYER_ABILITY
    }
    for key in sorted(set(printed) ^ set(after)):
        e = printed.get(key) or after[key]
        step = "809.1b" if e.layer == LAYER_KIND else "809.1c"
        if key in printed:
            return msg("dc.gap.layer_lost", power=g.what(e.label), op=OP[payload(e).op.op], rule=step)
        return msg("dc.gap.layer_gained", power=g.what(e.label), op=OP[payload(e).op.op], rule=step)
    return None


def printed_base_gap(g: DivineCross, cond: Condition | None, controller: str, unit: str | None) -> Message | None:
    """Where 809.6 meets 805.2 (None when it does not): a condition on a unit's printed attribute, when the unit's
    card has a base ability defining its attributes. 809.6 reads printed information with no continuous effect
    applied, and a static ability's effect is in principle a continuous effect (805.1); but a base ability works
    in every zone (805.2) and is, with what is written on the card, the base of 809.1a."""
    if cond is None or not cond.printed or cond.attribute is None or cond.unit is None:
        return None
    for u in select_fixed(g, controller, unit, cond.unit):
        d = g.definition(u)
        if d is not None and base_attributes(d) is not None:
            return msg("dc.gap.printed_base", unit=g.cref(u))
    return None


def base_gap(g: DivineCross) -> Message | None:
    """:func:`printed_base_gap` for every continuous effect in force, as a sentence (None when none)."""
    for e in all_effects(g):
        p = payload(e)
        if gap := printed_base_gap(g, p.condition, e.controller, p.unit):
            return gap
    return None


_SCHEDULED = "from_turn:"
"""``until`` of an effect made for a turn still to come (809.8: ``次の…ターン、``), with that turn's number."""


def scheduled_until(turn: int) -> str:
    """The ``until`` of an effect that starts applying at the start of turn ``turn`` (809.8)."""
    return f"{_SCHEDULED}{turn}"


def is_scheduled(effect: ContinuousEffect) -> bool:
    """Whether ``effect`` waits for a turn still to come (809.8): it does not apply yet."""
    return effect.until.startswith(_SCHEDULED)


def made(g: DivineCross) -> list[ContinuousEffect]:
    """The effects made by abilities that apply now (not those waiting for their turn, 809.8)."""
    return [e for e in g.effects if not is_scheduled(e)]


def turn_player_of(g: DivineCross, turn: int) -> str:
    """Whose turn ``turn`` is: the players take turns (505.4)."""
    tp = g.state.turn_player
    return tp if (turn - g.state.turn) % 2 == 0 else g.state.opponent(tp)


def next_turn(g: DivineCross, controller: str, whose: str) -> int:
    """The number of the next turn (``any``), of the next turn of ``controller`` (``own``) or of the opponent
    (``opponent``): 105.3, 505.4."""
    turn = g.state.turn + 1
    if whose == "any":
        return turn
    player = controller if whose == "own" else g.state.opponent(controller)
    return turn if turn_player_of(g, turn) == player else turn + 1


def lasting_next(g: DivineCross, turn: int) -> Message:
    """How long a ``next_turn`` effect lasts, for sentences."""
    return msg("dc.lasting.next_turn", n=turn, player=g.name(turn_player_of(g, turn)))


@rule("809.8", role=RuleRole.TERM)
def start_scheduled(g: DivineCross, *, silent: bool = False) -> bool:
    """809.8: an effect made for this turn (``次の…ターン、``) starts applying at its start, until its end."""
    due = [e for e in g.effects if e.until == scheduled_until(g.state.turn)]
    if silent or not due:
        return bool(due)
    for e in due:
        g.end_effect(e.key)
        g.add_effect(replace(e, until="end_of_turn"))
        g.record(StepKind.RULE, "rules", msg("dc.rule.effect_starts", effect=g.what(e.label)), ["809.8"])
    return True


def payload(effect: ContinuousEffect) -> Applied:
    """The effect's payload (every Divine Cross continuous effect carries an :class:`Applied`)."""
    p = effect.payload
    if not isinstance(p, Applied):
        raise TypeError(f"{effect.key}: unexpected payload {p!r}")
    return p


def select_fixed(g: DivineCross, controller: str, unit: str | None, selector: Selector) -> list[str]:
    """Units a selector names without a choice (``self``, mains, ``all_…``); choosing ones give all candidates."""
    opp = g.state.opponent(controller)
    match selector:
        case "self":
            return [unit] if unit is not None and g.in_area(unit) else []
        case "own.main":
            return [m] if (m := g.main_unit(controller)) else []
        case "opponent.main":
            return [m] if (m := g.main_unit(opp)) else []
        case "own.standby" | "own.all_standby":
            return g.standby_units(controller)
        case "opponent.standby" | "opponent.all_standby":
            return g.standby_units(opp)
        case "own.unit" | "own.all_units":
            return g.units(controller)
        case "opponent.unit" | "opponent.all_units":
            return g.units(opp)
        case "all_units":
            return g.units(controller) + g.units(opp)
    return []


def targets_of(g: DivineCross, effect: ContinuousEffect, cur: Mapping[str, Chars] | None = None) -> list[str]:
    """The units a continuous effect applies to now (locked targets, or its selector, 809.3b-3)."""
    p = payload(effect)
    if p.condition is not None and not holds(g, p.condition, effect.controller, p.unit, cur):
        return []
    if effect.targets:
        return [t for t in effect.targets if g.in_area(t)]
    selector: Selector | None = getattr(p.op, "target", None)
    return [] if selector is None else select_fixed(g, effect.controller, p.unit, selector)


def condition_cites(cond: Condition | None) -> list[str]:
    """The rules that say what a condition's terms mean, for citing where the condition is checked."""
    from judgekit.games.divine_cross import terms

    if cond is None:
        return []
    return (
        terms.count_cites(cond.count)
        + (["809.6"] if cond.printed else [])
        + (["907.8"] if cond.abnormal is not None or cond.marker is not None else [])
    )


@rule("907.8", role=RuleRole.TERM)
def abnormal(g: DivineCross, unit: str, *, silent: bool = False) -> bool:
    """907.8: a unit is 状態異常 when a marker other than damage markers is on it."""
    return any(v for k, v in g.card(unit).markers.items() if k != "damage")


def holds(
    g: DivineCross,
    cond: Condition,
    controller: str,
    unit: str | None,
    cur: Mapping[str, Chars] | None = None,
    counts: Mapping[str, int] | None = None,
    moved: str | None = None,
) -> bool:
    """Whether every part of ``cond`` holds for an effect of ``controller`` (``self`` = ``unit``; ``moved`` = the card
    whose move triggered it, already where 807.5 reads it)."""
    from judgekit.games.divine_cross import terms

    if cond.moved is not None and (moved is None or not card_matches(g, moved, cond.moved)):
        return False

    if cond.count is not None:
        n = terms.count(g, cond.count, controller, unit, counts or {})
        if cond.at_least is not None and n < cond.at_least:
            return False
        if cond.at_most is not None and n > cond.at_most:
            return False
    if cond.unit is not None:
        found = select_fixed(g, controller, unit, cond.unit)
        if not found:
            return False
        u = found[0]
        if cond.stunned is not None and g.stunned(u) != cond.stunned:
            return False
        if cond.damaged is not None and (g.damage(u) > 0) != cond.damaged:
            return False
        if cond.abnormal is not None and abnormal(g, u) != cond.abnormal:
            return False
        if cond.marker is not None and not g.card(u).markers.get(cond.marker, 0):
            return False
        if cond.attribute is not None:
            if cond.printed:  # 809.6: printed information, no continuous effect applied
                attrs = base_chars(g, u).attributes
            else:
                attrs = cur[u].attributes if cur is not None and u in cur else g.chars(u).attributes
            if cond.attribute not in attrs:
                return False
    if cond.winning_ticket is not None:
        pid = controller if cond.winning_ticket == "own" else g.state.opponent(controller)
        if not g.state.players[pid].counters.get("winning_ticket", 0):
            return False
    if cond.turn is not None:
        pid = controller if cond.turn == "own" else g.state.opponent(controller)
        if g.state.turn_player != pid:
            return False
    return True


def _apply(cur: dict[str, Chars], op: Static, targets: list[str], at: int = 0) -> None:
    for t in targets:
        if t not in cur:
            continue
        c = cur[t]
        if isinstance(op, GainAdvantage) and op.attribute not in c.advantage:
            cur[t] = replace(c, advantage=(*c.advantage, op.attribute))
        elif isinstance(op, LoseAdvantage):
            cur[t] = replace(c, advantage=())
        elif isinstance(op, GainAttribute) and op.attribute not in c.attributes:
            cur[t] = replace(c, attributes=(*c.attributes, op.attribute))
        elif isinstance(op, SetAttribute):  # 809.5: the attributes it had are lost
            cur[t] = replace(c, attributes=tuple(op.attributes))
        elif isinstance(op, ForbidSkill):
            cur[t] = replace(c, forbidden=(*c.forbidden, op.skill or "*"))
        elif isinstance(op, GainAbility) and op.skill is not None:
            if all(s.skill.name != op.skill.name for s in c.skills):
                cur[t] = replace(c, skills=(*c.skills, SkillRef(op.skill, t, t, op.skill.cost, at)))
        elif isinstance(op, GainAbility) and op.ex is not None:
            if all(p.power.name != op.ex.name for p in c.powers):
                cur[t] = replace(c, powers=(*c.powers, PowerRef(op.ex, t, t, at)))
        elif isinstance(op, LoseAbility) and op.ability == "ex":
            cur[t] = replace(c, powers=tuple(p for p in c.powers if op.name not in (None, p.power.name)))
        elif isinstance(op, LoseAbility):
            cur[t] = replace(c, skills=tuple(s for s in c.skills if op.name not in (None, s.skill.name)))


def characteristics(g: DivineCross) -> dict[str, Chars]:
    """Every unit's characteristics after continuous effects (809.1–809.3, 919)."""
    units = g.all_units()
    cur = {u: base_chars(g, u) for u in units}
    printed = static_effects(g)
    effects = [e for e in [*printed, *made(g)] if e.layer <= LAYER_ABILITY]

    def depends(b: ContinuousEffect, a: ContinuousEffect) -> bool:
        # 809.3a: b depends on a if applying a first changes where or what b applies.
        before = targets_of(g, b, cur)
        trial = dict(cur)
        _apply(trial, payload(a).op, targets_of(g, a, cur), a.timestamp)
        return targets_of(g, b, trial) != before

    kind_layer: dict[str, list[ContinuousEffect]] = {}
    ability_layer: dict[str, list[ContinuousEffect]] = {}
    dependent: set[str] = set()

    def run(group: list[ContinuousEffect]) -> None:
        ordered = order_effects(group, depends)
        # 809.3a: an effect that a dependency moved after another, off its timestamp order
        moved = {e.key for e, p in zip(ordered, order_effects(group), strict=True) if e.key != p.key}
        for e in ordered:
            hit = targets_of(g, e, cur)
            _apply(cur, payload(e).op, hit, e.timestamp)
            layer = {LAYER_KIND: kind_layer, LAYER_ABILITY: ability_layer}.get(e.layer)
            for t in hit:
                if layer is not None:
                    layer.setdefault(t, []).append(e)
                if e.key in moved:
                    dependent.add(t)

    run(effects)
    # 809.1c done: from here on the static effects are those of the EX powers units have now.
    after = static_effects(g, {u: cur[u].powers for u in units})
    run([e for e in [*after, *made(g)] if e.layer == LAYER_OTHER])
    numeric = [e for e in [*after, *made(g)] if e.layer == LAYER_NUMBER]
    was = {e.key for e in printed}
    lost_numbers = {payload(e).unit for e in printed if e.layer == LAYER_NUMBER} - {
        payload(e).unit for e in after if e.layer == LAYER_NUMBER
    }
    for u in units:
        hp_mods: list[int] = []
        retreat_mods: list[int] = []
        cost_mods: list[tuple[str | None, int]] = []
        for e in numeric:
            if u not in targets_of(g, e, cur):
                continue
            op = payload(e).op
            if isinstance(op, ChangeHp):
                hp_mods.append(op.by)
            elif isinstance(op, ChangeRetreatCost):
                retreat_mods.append(op.by)
            elif isinstance(op, ChangeSkillCost):
                cost_mods.append((op.skill, op.by))
        c = cur[u]
        cites: list[str] = []
        applied = kind_layer.get(u, [])
        if applied:
            cites.append("809.1b")
            if any(isinstance(payload(e).op, SetAttribute) for e in applied):
                cites.append("809.5")
        if len(applied) > 1 and u not in dependent:
            cites += ["809.3b"] + (["809.3b-1"] if any(e.until == "static" for e in applied) else [])
        if u in dependent:
            cites += ["809.3", "809.3a"]
        if ability_layer.get(u):
            cites.append("809.1c")
            if u in lost_numbers or any(payload(e).unit == u and e.key not in was for e in numeric):
                cites.append("809.1e")
        hp = c.hp
        if hp is not None and hp_mods:
            hp = hp + sum(hp_mods)
            cites += ["919.3", "919.3a", "919.3b"]
        retreat = c.retreat_cost
        if retreat_mods:
            retreat = _raise_then_lower(retreat, retreat_mods)
            cites += ["919.2", "919.2a", "919.2b", "919.2c"]
        skills = c.skills
        if cost_mods:
            skills = tuple(
                replace(
                    s,
                    cost=_raise_then_lower(
                        s.cost, [by for name, by in cost_mods if name is None or name == s.skill.name]
                    ),
                )
                for s in c.skills
            )
            cites += ["919.1", "919.1a", "919.1b", "919.1c"]
        cur[u] = replace(c, hp=hp, retreat_cost=retreat, skills=skills, modified=tuple(cites))
    return cur


def _raise_then_lower(value: int, mods: list[int]) -> int:
    # 919.1a/919.2a: increases are applied first, then decreases; a decrease never goes below 0
    # (919.1c/919.2c). The order within each group cannot change the result, so it is not asked.
    for by in mods:
        if by > 0:
            value += by
    for by in mods:
        if by < 0:
            value = max(0, value + by)
    return value


def effect_tag(g: DivineCross, e: ContinuousEffect) -> str:
    """A short, stable label for an effect in decisions: ``<card key>/<EX power name>``."""
    src = g.state.cards.get(e.source) or g.last_known.get(e.source)
    key = src.key if src else e.source
    if e.key.startswith("static:"):
        return f"{key}/{e.key.split('/', 1)[1].rsplit('#', 1)[0]}"
    return f"{key}/{e.key}"


def card_matches(g: DivineCross, iid: str, f: CardFilter) -> bool:
    """Whether a card matches a filter, with its attributes where it is now (:func:`card_attributes`)."""
    d = g.definition(iid)
    if d is None:
        return False
    if f.type is not None and d.type != f.type:
        return False
    if f.command is not None and d.command != f.command:
        return False
    if f.name_contains is not None and f.name_contains not in d.name:
        return False
    return f.attribute is None or f.attribute in card_attributes(g, iid)


def card_attributes(g: DivineCross, iid: str) -> tuple[str, ...]:
    """A card's attributes where it is now: a unit's from 809.1; another card's printed ones (809.1a) plus those
    ``zone_attribute`` effects give the cards of its zone (809.1b)."""
    if g.in_area(iid):
        return tuple(g.chars(iid).attributes)
    d = g.definition(iid)
    attrs = list(printed_attributes(d)) if d is not None else []
    card = g.card(iid)
    carried = g.carried.get(iid, ()) if card.zone == "resolution" else ()
    for e, _ in active(g, ZoneAttribute):
        op = payload(e).op
        assert isinstance(op, ZoneAttribute)
        pid = e.controller if op.player == "own" else g.state.opponent(e.controller)
        if (card.zone == zone_id(pid, op.zone) or e.key in carried) and op.attribute not in attrs:
            attrs.append(op.attribute)
    return tuple(attrs)


def zone_effects_on(g: DivineCross, iid: str) -> list[ContinuousEffect]:
    """The continuous effects that apply now to a card outside the areas (``zone_attribute`` effects of its zone); a
    card played from there keeps them in the resolution zone (804.2a-1)."""
    card = g.card(iid)
    out: list[ContinuousEffect] = []
    for e, _ in active(g, ZoneAttribute):
        op = payload(e).op
        assert isinstance(op, ZoneAttribute)
        pid = e.controller if op.player == "own" else g.state.opponent(e.controller)
        if card.zone == zone_id(pid, op.zone):
            out.append(e)
    return out


def replacements(g: DivineCross, event: str, unit: str) -> list[tuple[ContinuousEffect, Replace]]:
    """Replacement effects (810) for ``event`` that apply to ``unit`` now, in order."""
    out: list[tuple[ContinuousEffect, Replace]] = []
    for e, targets in active(g, Replace):
        op = payload(e).op
        if isinstance(op, Replace) and op.event == event and unit in targets:
            out.append((e, op))
    return out


def active(g: DivineCross, kind: type) -> list[tuple[ContinuousEffect, list[str]]]:
    """Continuous effects whose op is a ``kind``, with the units they apply to now, in order."""
    out: list[tuple[ContinuousEffect, list[str]]] = []
    for e in all_effects(g):
        if isinstance(payload(e).op, kind):
            out.append((e, targets_of(g, e)))
    return out
