"""The battle phase (700–705): skill declaration, the success check (917), the damage step (704)."""

from __future__ import annotations

from dataclasses import dataclass

from judgekit.engine import DecisionRequest, Event, PickMode, ScriptedInput, ScriptEnd, StepKind
from judgekit.engine.rules import RuleRole
from judgekit.errors import IllegalActionError
from judgekit.games.divine_cross import abilities, continuous, processing, terms
from judgekit.games.divine_cross.cards import (
    AndThen,
    DamageBase,
    Effect,
    If,
    IfDone,
    Janken,
    ModifyDamage,
    NoSkillDamage,
    SkillFails,
    StaticModifyDamage,
)
from judgekit.games.divine_cross.cards import Damage as DamageOp
from judgekit.games.divine_cross.format import DeclareSkill
from judgekit.games.divine_cross.game import Ctx, DivineCross, SkillRef
from judgekit.games.divine_cross.registry import rule
from judgekit.games.divine_cross.wording import ATTRIBUTE, OP
from judgekit.message import Message, Sentence, msg


@rule("504.1", "701.1", "702.1", "702.2", role=RuleRole.PROCEDURE)
def battle_phase(g: DivineCross, *, silent: bool = False) -> bool:
    """504.1: the battle phase runs its steps in order (701.1) — but not on the game's first turn."""
    if silent:
        return g.state.turn != 1
    tp = g.state.turn_player
    if g.state.turn == 1:
        g.set_phase("battle", "")
        g.record(
            StepKind.PHASE,
            "rules",
            msg("dc.battle.first_turn", player=g.name(tp)),
            ["504.1"],
        )
        return False
    g.set_phase("battle", "start")
    g.record(StepKind.PHASE, "rules", msg("dc.battle.start_step"), ["701.1", "702.1"])
    abilities.trigger(g, Event("battle_start", tp), cause=("702.1",))
    processing.rule_check(g, ["702.2"])
    skill_step(g)
    battle_end_step(g)
    return True


@rule("703.1", "703.2", "703.2a", "703.2b", role=RuleRole.PROCEDURE)
def skill_step(g: DivineCross, *, silent: bool = False) -> bool:
    """703: the turn player declares a skill of the main unit, or none; a declared skill is checked (917)."""
    if silent:
        return True
    tp = g.state.turn_player
    g.set_phase("battle", "skill")
    g.record(StepKind.PHASE, "rules", msg("dc.battle.skill_step"), ["703.1"])
    from judgekit.games.divine_cross import flow

    while True:
        entry = g.take_action(f"{tp}'s skill declaration (703.1)")
        if entry is None:
            raise ScriptEnd
        if flow.handled_anytime(g, entry):
            continue
        if entry.name == "no_skill" and g.actor(entry) == tp:
            g.record(StepKind.ACTION, tp, msg("dc.battle.no_skill", player=g.name(tp)), ["703.1"], play=entry.index)
            return False
        if entry.name == "skill" and declare_skill(g, entry):
            break
        if entry.name != "skill":
            g.reject(
                entry,
                IllegalActionError(entry.name, "703.1", msg("dc.reject.skill_step_waits", player=g.name(tp))),
            )
    assert g.battle is not None
    ref = g.battle
    label = g.skill_label(ref.unit, ref.skill.name)
    g.record(StepKind.RULE, "rules", msg("dc.battle.success_check", skill=g.what(label)), ["703.2"])
    if skill_success(g, tp, label, "declared"):
        g.record(StepKind.RULE, "rules", msg("dc.battle.to_damage_step"), ["703.2a"])
        damage_step(g, ref)
    else:
        g.record(StepKind.RULE, "rules", msg("dc.battle.failed", skill=g.what(label)), ["703.2b"])
    g.battle = None
    return True


@rule(
    "703.1a",
    "703.1a-1",
    "703.1a-2",
    "703.1a-3",
    "703.1b",
    "209.2",
    "922.1",
    "922.2",
    "801.1g-1",
    "919.1",
    "919.1a",
    "919.1b",
    "919.1c",
    "809.1b",
    "809.1c",
    "703.1",
    role=RuleRole.ACTION,
)
def declare_skill(g: DivineCross, entry: ScriptedInput, *, silent: bool = False) -> bool:
    """703.1a: the skill must be the unit's (or its assist's), affordable, not forbidden; 703.1b: not stunned."""
    act = entry.payload
    assert isinstance(act, DeclareSkill)
    pid = g.actor(entry)
    main = g.main_unit(pid)
    ref: SkillRef | None = None
    problem = None
    also: tuple[str, ...] = ()
    if pid != g.state.turn_player:
        problem = IllegalActionError("skill", "703.1", msg("dc.reject.skill_not_turn_player"))
    elif main is None:
        problem = IllegalActionError("skill", "703.1a-1", msg("dc.reject.no_main_unit", player=g.name(pid)))
    else:
        c = g.chars(main)
        ref = next((s for s in c.skills if s.skill.name == act.skill), None)
        energy = len(g.energy(main))
        if ref is None:
            problem = IllegalActionError(
                "skill", "703.1a-1", msg("dc.reject.no_such_skill", unit=g.cref(main), skill=act.skill)
            )
        elif ref.cost > energy:
            problem = IllegalActionError(
                "skill",
                "703.1a-2",
                msg("dc.reject.skill_cost", skill=act.skill, cost=ref.cost, unit=g.cref(main), energy=energy),
            )
            also = ("209.2", *[m for m in c.modified if m.startswith("919.1")][:1])
        elif "*" in c.forbidden or act.skill in c.forbidden:
            problem = IllegalActionError("skill", "703.1a-3", msg("dc.reject.skill_forbidden", skill=act.skill))
        elif g.stunned(main) and not ref.skill.stunned_ok:
            problem = IllegalActionError("skill", "703.1b", msg("dc.reject.stunned", unit=g.cref(main)))
    if silent:
        return problem is None
    if problem is not None:
        g.reject(entry, problem, also)
        return False
    assert main is not None and ref is not None
    c = g.chars(main)
    cites = ["703.1", "703.1a", "703.1a-1", "703.1a-2", "209.2", *[m for m in c.modified if m.startswith("919.1")]]
    if c.forbidden:
        cites.append("703.1a-3")
    if ref.holder != main:
        cites.append("801.1g-1")
    if ref.gained_at is not None:
        cites += [m for m in g.chars(main).modified if m in ("809.1b", "809.1c")] or ["809.1c"]
    if g.stunned(main):
        cites.append("922.1")
    elif ref.skill.stunned_ok:
        cites.append("922.2")
    g.record(
        StepKind.ACTION,
        pid,
        msg(
            "dc.battle.declares",
            player=g.name(pid),
            skill=g.what(g.skill_label(main, ref.skill.name)),
            cost=ref.cost,
            energy=len(g.energy(main)),
        ),
        cites,
        play=entry.index,
    )
    g.battle = ref
    return True


@rule("917.1", "917.1a", "917.1b", "917.1c", "917.2", "917.2a", "917.2b", "804.2c-31", role=RuleRole.TERM)
def skill_success(g: DivineCross, user: str, label: str, how: str, *, silent: bool = False) -> bool:
    """917.1: a skill fails on an unconditional fail effect, or on a condition checked now; else it succeeds."""
    fails: list[tuple[Sentence, SkillFails, str]] = []
    for e, _ in continuous.active(g, SkillFails):
        op = continuous.payload(e).op
        assert isinstance(op, SkillFails)
        victim = e.controller if op.whose == "own" else g.state.opponent(e.controller)
        if victim != user:
            continue
        if op.condition is not None and not continuous.holds(g, op.condition, e.controller, continuous.payload(e).unit):
            continue
        fails.append((g.what(e.label), op, e.controller))
    if silent:
        return not fails
    end = ["917.2", "917.2a" if how == "declared" else "917.2b"] + (["804.2c-31"] if how == "ability" else [])
    what = g.what(label)
    plain = [f for f in fails if not f[1].janken]
    if plain:
        g.record(
            StepKind.RULE, "rules", msg("dc.battle.fails", skill=what, effect=plain[0][0]), ["917.1", "917.1a", *end]
        )
        return False
    if len(fails) > 1:
        raise g.ambiguity(
            ["917.1b"],
            msg("dc.gap.janken_fails", skill=what, n=len(fails), effects=tuple(f[0] for f in fails)),
        )
    if fails:
        name, _, controller = fails[0]
        winner = terms.janken(g, controller, msg("dc.battle.janken_why", effect=name))
        if winner == controller:
            g.record(
                StepKind.RULE,
                "rules",
                msg("dc.battle.janken_fails", skill=what, player=g.name(controller), effect=name),
                ["917.1", "917.1b", *end],
            )
            return False
        g.record(
            StepKind.RULE,
            "rules",
            msg("dc.battle.janken_succeeds", skill=what, player=g.name(controller), effect=name),
            ["917.1b", "917.1c"],
        )
        return True
    g.record(StepKind.RULE, "rules", msg("dc.battle.succeeds", skill=what), ["917.1", "917.1c"])
    return True


def _categories(op: Effect) -> set[str]:
    match op:
        case DamageBase():
            return {"base"}
        case ModifyDamage():
            return {"modify"}
        case DamageOp():
            return {"damage"}
        case Janken():
            found = set().union(*(_categories(o) for o in (*op.on_win, *op.on_lose, *op.per_win)))
            return found or {"other"}
        case IfDone():
            found = set().union(*(_categories(o) for o in (*op.then, *op.otherwise)))
            return found or set().union(*(_categories(o) for o in op.do)) or {"other"}
        case AndThen():
            return set().union(*(_categories(o) for o in op.then)) or {"other"}
        case If():
            return set().union(*(_categories(o) for o in op.then)) or {"other"}
    return {"other"}


def _side_effects(op: Effect) -> bool:
    """Whether applying a skill's damage change can come out differently in another order (704.6b-3): anything but
    adding a fixed number — a multiplication, a count, or a part that changes the game; a ``(条件)なら`` adding a
    fixed number reads a condition no addition changes."""
    if isinstance(op, If):
        return any(_side_effects(o) for o in op.then)
    return not isinstance(op, ModifyDamage) or op.multiply is not None


_PART: dict[str, Message] = {
    "base": msg("dc.part.base"),
    "modify": msg("dc.part.modify"),
    "damage": msg("dc.part.damage"),
    "other": msg("dc.part.other"),
}
"""The parts of a skill's effects the damage step takes at different times (704.6a-1, 704.6b, 704.7, 704.8)."""


def skill_parts(g: DivineCross, ref: SkillRef) -> dict[str, list[tuple[int, Effect]]]:
    """The skill's effects sorted into the damage step's parts: base, modify, damage, other."""
    parts: dict[str, list[tuple[int, Effect]]] = {"base": [], "modify": [], "damage": [], "other": []}
    for i, op in enumerate(ref.skill.effects):
        cats = _categories(op)
        if len(cats) > 1:
            named = tuple(_PART[c] for c in sorted(cats))
            both: Message | tuple[Message, ...] = (
                msg("dc.gap.both", a=named[0], b=named[1]) if len(named) == 2 else named
            )
            raise g.ambiguity(
                ["704.7", "704.8"],
                msg("dc.gap.effect_parts", n=i + 1, skill=ref.skill.name, op=OP[op.op], parts=both),
            )
        parts[cats.pop()].append((i, op))
    return parts


@dataclass(frozen=True, slots=True)
class _Modifier:
    label: str
    effect: Effect | None
    static: StaticModifyDamage | None
    side_effects: bool
    cites: tuple[str, ...] = ()


@rule(
    "704.1",
    "704.2",
    "704.3",
    "704.4",
    "704.5",
    "704.6",
    "704.6a",
    "704.6a-1",
    "704.6a-2",
    "704.6b",
    "921.1",
    "309.3",
    "809.5",
    "809.6",
    "704.6b-1",
    "704.6b-2",
    "704.6b-3",
    "704.6c",
    "704.6c-1",
    "704.6d",
    "704.7",
    "704.8",
    "704.9",
    "704.10",
    "704.11",
    "704.12",
    "210.1",
    "205.1",
    "205.2",
    "204.2",
    "813.4",
    "924.1",
    "914.3",
    "104.2",
    "809.1b",
    "809.1c",
    "809.1e",
    "809.3",
    "809.3a",
    "809.3b",
    "809.3b-1",
    role=RuleRole.PROCEDURE,
)
def damage_step(g: DivineCross, ref: SkillRef, *, silent: bool = False) -> bool:
    """704: the damage step, in its exact order."""
    if silent:
        return True
    tp = g.state.turn_player
    ntp = g.state.opponent(tp)
    attacker = ref.unit
    g.set_phase("battle", "damage")
    label = g.skill_label(attacker, ref.skill.name)
    what = g.what(label)
    g.record(StepKind.PHASE, "rules", msg("dc.battle.damage_step", skill=what), ["704.1"])
    use = Event("skill_use", tp, attacker, attacker)
    abilities.trigger(g, use, (tp,), cause=("704.1",))
    abilities.trigger(g, use, (ntp,), cause=("704.2",))
    processing.rule_check(g, ["704.3"])
    ctx = Ctx(tp, ref.holder, attacker, label, skill=ref.skill)
    if ref.skill.before_damage:
        g.record(StepKind.RULE, "rules", msg("dc.battle.before_damage", skill=what), ["704.4"])
        terms.run(g, ctx, ref.skill.before_damage, None)
        processing.rule_check(g, ["704.5"])
    parts = skill_parts(g, ref)
    if g.in_area(attacker):
        _calculate(g, ref, ctx, parts)
    if parts["damage"]:
        g.record(StepKind.RULE, "rules", msg("dc.battle.damage_effects", skill=what), ["704.7"])
        terms.run(g, ctx, [op for _, op in parts["damage"]], None)
    if parts["other"]:
        g.record(StepKind.RULE, "rules", msg("dc.battle.other_effects", skill=what), ["704.8"])
        terms.run(g, ctx, [op for _, op in parts["other"]], None)
    processing.rule_check(g, ["704.9"])
    used = Event("skill_used", tp, attacker, attacker)
    abilities.trigger(g, used, (tp,), cause=("704.10",))
    abilities.trigger(g, used, (ntp,), cause=("704.11",))
    processing.rule_check(g, ["704.12"])
    return True


def _calculate(g: DivineCross, ref: SkillRef, ctx: Ctx, parts: dict[str, list[tuple[int, Effect]]]) -> None:
    tp = g.state.turn_player
    ntp = g.state.opponent(tp)
    attacker = ref.unit
    defender = g.main_unit(ntp)
    label = g.what(ctx.label)
    skill = ref.skill
    if skill.damage is None and not skill.x:
        g.record(StepKind.RULE, "rules", msg("dc.battle.no_skill_damage", skill=label, rule="704.7"), ["704.6a-2"])
        return
    if defender is None:
        g.record(
            StepKind.RULE, "rules", msg("dc.battle.no_defender", player=g.name(ntp), skill=label), ["704.6a", "104.2"]
        )
        return
    ctx.damage = skill.damage or 0
    if skill.x:
        terms.run(g, ctx, [op for _, op in parts["base"]], None)
        if ctx.damage == 0:
            g.record(StepKind.RULE, "rules", msg("dc.battle.base_zero", skill=label, rule="704.7"), ["704.6a-1"])
            return
    else:
        g.record(
            StepKind.RULE,
            "rules",
            msg("dc.battle.base_damage", skill=label, damage=ctx.damage, unit=g.cref(defender)),
            ["704.6", "704.6a", "210.1"],
        )
    own = [_Modifier(f"skill#{i + 1}", op, None, _side_effects(op)) for i, op in parts["modify"]]
    foreign: list[_Modifier] = []
    for e, targets in continuous.active(g, StaticModifyDamage):
        op = continuous.payload(e).op
        assert isinstance(op, StaticModifyDamage)
        hit = attacker in targets if op.applies == "dealt" else defender in targets
        if not hit:
            continue
        why = tuple(continuous.condition_cites(continuous.payload(e).condition))
        m = _Modifier(continuous.effect_tag(g, e), None, op, op.multiply is not None, why)
        (own if e.controller == tp else foreign).append(m)
    _modify(g, ctx, own, "704.6b-1", g.name(tp))
    _modify(g, ctx, foreign, "704.6b-2", g.name(ntp))
    assert ctx.damage is not None
    adv = g.chars(attacker).advantage
    attrs = g.chars(defender).attributes
    matched = [a for a in adv if a in attrs]
    if matched and ctx.damage > 0:
        before = ctx.damage
        ctx.damage *= 2
        g.record(
            StepKind.RULE,
            "rules",
            msg(
                "dc.battle.advantage",
                attacker=g.card(attacker).name,
                attribute=ATTRIBUTE[matched[0]],
                defender=g.card(defender).name,
                before=before,
                after=ctx.damage,
            ),
            ["704.6c", "704.6c-1", "205.1", "204.2", *[m for m in g.chars(attacker).modified if m.startswith("809")]]
            + [m for m in g.chars(defender).modified if m == "809.5"],
        )
    else:
        g.record(
            StepKind.RULE,
            "rules",
            msg("dc.battle.no_advantage", attacker=g.card(attacker).name, defender=g.card(defender).name)
            if adv
            else msg("dc.battle.no_advantage_at_all", attacker=g.card(attacker).name, defender=g.card(defender).name),
            ["704.6c", "704.6c-1"]
            + ([] if adv else ["205.2"])
            + [m for m in g.chars(defender).modified if m == "809.5"],
        )
    amount = ctx.damage
    if any(defender in t for _, t in continuous.active(g, NoSkillDamage)):
        g.record(
            StepKind.RULE,
            "rules",
            msg("dc.battle.no_skill_damage_taken", unit=g.cref(defender), damage=amount),
            ["704.6d", "924.1"],
        )
        amount = 0
    terms.deal_damage(g, defender, amount, attacker, "skill", ["704.6d", "813.4"])
    ctx.damage = None


def _modify(g: DivineCross, ctx: Ctx, mods: list[_Modifier], rule_id: str, whose: str) -> None:
    """Apply ``mods`` (the effects of the player named ``whose``) to the damage being calculated."""
    if not mods:
        return
    tp = g.state.turn_player
    order = mods
    if len(mods) > 1 and any(m.side_effects for m in mods):
        labels: dict[str, _Modifier] = {}
        for m in mods:
            key = m.label if m.label not in labels else f"{m.label}#{len(labels) + 1}"
            labels[key] = m
        choice = g.decide(
            DecisionRequest(
                "modifier_order",
                tp,
                tuple(labels),
                "704.6b-3",
                msg("dc.prompt.modifier_order", player=g.name(tp), whose=whose),
                PickMode.ORDER,
            )
        )
        order = [labels[c] for c in choice]
    g.record(
        StepKind.RULE,
        "rules",
        msg("dc.battle.modifiers", whose=whose),
        [rule_id, "704.6b"] + (["704.6b-3"] if len(mods) > 1 else []),
    )
    for m in order:
        if m.effect is not None:
            terms.run_op(g, ctx, m.effect)
        elif m.static is not None:
            assert ctx.damage is not None
            before = ctx.damage
            if m.static.multiply is not None:
                ctx.damage = before * m.static.multiply
            else:
                ctx.damage = before + m.static.by
            g.record(
                StepKind.RULE,
                "rules",
                msg("dc.battle.modified", effect=m.label, before=before, after=ctx.damage),
                ["704.6b", "914.3", *m.cites],
            )


@rule("705.1", "705.2", role=RuleRole.PROCEDURE)
def battle_end_step(g: DivineCross, *, silent: bool = False) -> bool:
    """705: the battle phase's end step."""
    if silent:
        return True
    g.set_phase("battle", "end")
    g.record(StepKind.PHASE, "rules", msg("dc.battle.end_step"), ["705.1"])
    abilities.trigger(g, Event("battle_end", g.state.turn_player), cause=("705.1",))
    processing.rule_check(g, ["705.2"])
    return True
