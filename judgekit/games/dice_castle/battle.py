"""The battle phase: attack declarations, attack processing, and the timing after it.

Attacks are processed one at a time; a unit with several attack rights may use them in between other
units' attacks. An attack first gives counters their timing; then, if the attacker is still on the
field and no unit has appeared on the defender's side, attack and counter-attack damage are dealt and
destroyed units go to the discard. After the attack processing comes the timing for OUT abilities,
wall-destroyed abilities and counters on destroyed units and walls.
"""

from __future__ import annotations

from judgekit.engine import DecisionRequest, Event, ScriptedInput, StepKind
from judgekit.engine.rules import RuleRole
from judgekit.errors import IllegalActionError
from judgekit.games.dice_castle import processing, terms
from judgekit.games.dice_castle.format import Attack
from judgekit.games.dice_castle.game import DiceCastle
from judgekit.games.dice_castle.ids import BATTLE, COUNTER, KING_RULES
from judgekit.games.dice_castle.registry import rule
from judgekit.message import CardRef, Sentence, msg


def _targets(g: DiceCastle, pid: str) -> dict[str, str]:
    """The legal targets of ``pid``'s attack, by option label (``castle``, an opposing unit's key)."""
    opp = g.opponent(pid)
    units = g.options(g.units(opp))
    how = g.assume(
        "attack_targets",
        [BATTLE[1]],
        msg("dice.gap.attack_targets"),
    )
    out = dict(units)
    if how == "unit_or_castle" or not units:
        out["castle"] = "castle"
    return out


@rule(BATTLE[1], BATTLE[2], BATTLE[3], BATTLE[4], BATTLE[8], COUNTER[3], role=RuleRole.ACTION)
def attack(g: DiceCastle, entry: ScriptedInput, *, silent: bool = False) -> bool:
    """The turn player attacks with one unit at a time; a unit with several attack rights may use them between
    other units' attacks; a unit destroyed with a right left cannot attack."""
    act = entry.payload
    assert isinstance(act, Attack)
    pid = g.actor(entry)
    problem: IllegalActionError | None = None
    unit = g.options(g.units(pid)).get(act.unit)
    if pid != g.state.turn_player:
        problem = IllegalActionError("attack", BATTLE[1], msg("dice.attack.turn_player"))
    elif unit is None:
        lost = [i for i in g.lost_rights if g.card(i).key == act.unit and g.card(i).owner == pid]
        if lost:
            problem = IllegalActionError(
                "attack",
                BATTLE[8],
                msg("dice.attack.lost_right", card=g.card(lost[0]).name),
            )
        else:
            problem = IllegalActionError(
                "attack", BATTLE[1], msg("dice.attack.no_unit", player=g.name(pid), key=repr(act.unit))
            )
    else:
        rights = g.definition(unit).attacks
        if g.attacks_used.get(unit, 0) >= rights:
            problem = IllegalActionError(
                "attack",
                BATTLE[3] if rights > 1 else BATTLE[2],
                msg("dice.attack.rights_used", card=g.card(unit).name, n=rights),
            )
        elif unit in g.declined:
            raise g.ambiguity(
                [COUNTER[3]],
                msg("dice.gap.declined_attack", card=g.card(unit).name),
            )
    target: str | None = None
    if problem is None and unit is not None:
        legal = _targets(g, pid)
        target = legal.get(act.target)
        if target is None:
            problem = IllegalActionError(
                "attack",
                BATTLE[1],
                msg(
                    "dice.attack.bad_target",
                    key=repr(act.target),
                    card=g.card(unit).name,
                    legal=tuple(legal) or msg("dice.none"),
                ),
            )
    if silent:
        return problem is None
    if problem is not None:
        g.reject(entry, problem)
        return False
    assert unit is not None and target is not None
    used = g.attacks_used.get(unit, 0)
    cites = [BATTLE[1], BATTLE[2]]
    if g.definition(unit).attacks > 1:
        cites.append(BATTLE[3])
        if used > 0 and g.last_attacker not in (None, unit):
            cites.append(BATTLE[4])
    g.attacks_used[unit] = used + 1
    g.last_attacker = unit
    g.record(
        StepKind.ACTION,
        pid,
        msg(
            "dice.attack.attacks",
            player=g.name(pid),
            target=_target(g, target),
            card=g.card(unit).name,
            right=used + 1,
            rights=g.definition(unit).attacks,
        ),
        cites,
        play=entry.index,
    )
    attack_process(g, unit, target)
    return True


@rule(
    BATTLE[5],
    BATTLE[6],
    BATTLE[7],
    COUNTER[1],
    COUNTER[2],
    COUNTER[3],
    COUNTER[4],
    KING_RULES[3],
    KING_RULES[5],
    role=RuleRole.PROCEDURE,
)
def attack_process(g: DiceCastle, unit: str, target: str, *, silent: bool = False) -> bool:
    """Counters answer the attack first; then attack and counter-attack damage, destroyed units to the discard;
    then the timing after the attack processing."""
    if silent:
        return True
    pid = g.where(unit)[0] or g.state.turn_player
    opp = g.opponent(pid)
    while True:
        before = set(g.units(opp))
        walls = g.walls(opp)
        g.happened.append(Event("attacks", pid, unit))
        processing.checkpoint(g)
        processing.settle(g, counters_only=True)
        if not g.on_field(unit):
            g.record(
                StepKind.RULE,
                "rules",
                msg("dice.attack.attacker_left", card=g.card(unit).name),
                [COUNTER[2]],
            )
            _after(g)
            return True
        new = sorted(set(g.units(opp)) - before)
        if not new:
            break
        g.record(
            StepKind.RULE,
            "rules",
            msg("dice.attack.cancelled", cards=tuple(g.card(u).name for u in new), player=g.name(opp)),
            [COUNTER[3]],
        )
        legal = _targets(g, pid)
        options = ("none", *legal)
        choice = g.ask(
            DecisionRequest(
                "reattack",
                pid,
                options,
                COUNTER[3],
                msg("dice.attack.again_prompt", player=g.name(pid), card=g.card(unit).name),
            )
        )[0]
        if choice == "none":
            g.declined.add(unit)
            g.record(StepKind.RULE, pid, msg("dice.attack.not_again", card=g.card(unit).name), [COUNTER[3]])
            _after(g)
            return True
        target = legal[choice]
        g.record(
            StepKind.ACTION,
            pid,
            msg("dice.attack.again", card=g.card(unit).name, target=_target(g, target)),
            [COUNTER[3]],
        )
    if target != "castle" and not g.on_field(target):
        raise g.ambiguity(
            [COUNTER[2]],
            msg("dice.gap.target_left", card=g.card(target).name),
        )
    g.set_phase("battle", "attack")
    damage = g.attack_of(unit)
    boosted = [t for t in g.statics() if t[0].kind == "unit_attack"]
    for static, who, holder in boosted:
        hit = [u for u in (unit, target) if u != "castle" and (static.players == "all" or g.where(u)[0] == who)]
        if hit:
            units = tuple(g.card(u).name for u in hit)
            g.record(
                StepKind.RULE,
                "rules",
                msg("dice.attack.static_all", card=g.card(holder).name, units=units, change=f"{static.by:+d}")
                if static.players == "all"
                else msg("dice.attack.static", card=g.card(holder).name, units=units, change=f"{static.by:+d}"),
                [KING_RULES[5]] if static.players == "all" else [KING_RULES[3]],
            )
    g.assume("attack_damage", [BATTLE[5]], msg("dice.gap.attack_damage"))
    if target == "castle":
        cites = [BATTLE[5]] + ([COUNTER[4]] if g.walls(opp) > walls else [])
        g.record(
            StepKind.RULE,
            "rules",
            msg("dice.attack.castle", card=g.card(unit).name, damage=damage, player=g.name(opp)),
            cites,
        )
        terms.damage_castle(g, opp, damage, g.card(unit).name)
    else:
        how = g.assume("counter_damage", [BATTLE[5]], msg("dice.gap.counter_damage"))
        back = g.attack_of(target) if how == "attack" else 0
        g.record(
            StepKind.RULE,
            "rules",
            msg("dice.attack.unit", card=g.card(unit).name, damage=damage, target=g.card(target).name, back=back),
            [BATTLE[5]],
        )
        doomed = [
            u for u, n, by in ((target, damage, unit), (unit, back, target)) if take_damage(g, u, n, g.card(by).name)
        ]
        if doomed:
            terms.to_discard(g, doomed, msg("dice.why.attack_processing"), [BATTLE[5]], True)
    g.set_phase("battle", "")
    _after(g)
    return True


def _after(g: DiceCastle) -> None:
    if g.happened or g.pending:
        g.record(
            StepKind.RULE,
            "rules",
            msg("dice.attack.after"),
            [BATTLE[6], BATTLE[7]],
        )
    processing.settle(g)


@rule(BATTLE[5], role=RuleRole.TERM)
def take_damage(g: DiceCastle, unit: str, amount: int, source: Sentence, *, silent: bool = False) -> bool:
    """A unit takes damage (automatic abilities such as 軽減 and 回避 apply); whether it is destroyed."""
    if silent:
        return amount > 0
    name = g.card(unit).name
    if amount > 0 and g.own_static(unit, "avoid") is not None:
        g.record(
            StepKind.RULE, "rules", msg("dice.damage.avoided", card=name, amount=amount, source=source), [BATTLE[5]]
        )
        return False
    reduce = g.own_static(unit, "reduce")
    if amount > 0 and reduce is not None:
        g.record(
            StepKind.RULE, "rules", msg("dice.damage.reduced", card=name, source=source, by=reduce.by), [BATTLE[5]]
        )
        amount = max(0, amount - reduce.by)
    if amount <= 0:
        return False
    total = g.card(unit).markers.get("damage", 0) + amount
    g.set_marker(unit, "damage", total)
    hp = g.definition(unit).hp
    if hp is None:
        raise g.ambiguity([BATTLE[5]], msg("dice.gap.no_hp", card=name))
    g.assume("unit_destroyed", [BATTLE[5]], msg("dice.gap.unit_destroyed"))
    destroyed = total >= hp
    takes = msg("dice.damage.takes", card=name, amount=amount, source=source, total=total, hp=hp)
    g.record(StepKind.RULE, "rules", msg("dice.damage.destroyed", takes=takes) if destroyed else takes, [BATTLE[5]])
    return destroyed


def _target(g: DiceCastle, target: str) -> Sentence | CardRef:
    """An attack's target for sentences: the castle, or the unit where it is."""
    return msg("dice.attack.the_castle") if target == "castle" else g.cref(target)


__all__ = ["attack", "attack_process", "take_damage"]
