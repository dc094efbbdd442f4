"""Attack and block (バトルの流れ/アタック・ブロック), in the page's order.

The attack is chosen and the non-trigger アタックした時 timing runs; the defender chooses a blocker
or none. Unblocked, the trigger-only attack timing runs and the defender takes 1 life damage.
Blocked, the 戦闘した時 / ブロックした時 timing runs as one; the two units exchange their BP as battle
damage; a unit at 0 BP or less is destroyed; a unit that destroyed the other with more BP wins the
battle, and an attacker with 【貫通】 that won deals 1 life damage through the blocker. At the battle
end the winner clocks up (and an overclock recovers its action right).
"""

from __future__ import annotations

from judgekit.engine import DecisionRequest, Event, ScriptedInput, StepKind
from judgekit.engine.rules import RuleRole
from judgekit.errors import IllegalActionError
from judgekit.games.code_of_joker import ids, terms, timing
from judgekit.games.code_of_joker.format import Attack
from judgekit.games.code_of_joker.game import Battle, CodeOfJoker
from judgekit.games.code_of_joker.registry import rule


@rule(
    ids.ACT_ATTACK,
    ids.BATTLE,
    ids.AB_ATTACK,
    ids.AB_ATTACK_TIMING,
    ids.RIGHT,
    ids.RIGHT_CONSUMED,
    ids.RESTRICTION,
    ids.SPEED_MOVE,
    ids.NO_ATTACK,
    ids.FIRST_ROUND1,
    ids.FIRST_NO_ATTACK,
    ids.FIRST_NO_ATTACK_EVEN,
    ids.SECOND_FREE,
    role=RuleRole.ACTION,
)
def attack(g: CodeOfJoker, entry: ScriptedInput, *, silent: bool = False) -> bool:
    """アタック選択: a unit with its action right and without the attack restriction attacks, using up the right."""
    act = entry.payload
    assert isinstance(act, Attack)
    pid = g.actor(entry)
    unit = g.find(pid, "field", act.unit)
    problem = None
    also: tuple[str, ...] = ()
    if unit is None:
        problem = IllegalActionError("attack", ids.AB_ATTACK, f"{g.name(pid)} has no unit {act.unit!r} on the field")
    elif g.round == 1 and g.is_first(pid):
        free = not g.restricted(unit) or g.has(unit, "スピードムーブ")
        problem = IllegalActionError(
            "attack",
            ids.FIRST_NO_ATTACK,
            f"round 1: {g.name(pid)} is the first player and "
            "no unit may attack" + (", whatever lifts its restriction" if free else ""),
        )
        also = (ids.FIRST_ROUND1,) + ((ids.FIRST_NO_ATTACK_EVEN,) if free else ())
    elif g.acted(unit):
        problem = IllegalActionError("attack", ids.RIGHT, f"{g.card(unit).name} has used its action right")
    elif g.restricted(unit) and not (g.has(unit, "スピードムーブ") and g.entered_this_turn(unit)):
        problem = IllegalActionError("attack", ids.RESTRICTION, f"{g.card(unit).name} has the attack restriction")
    elif g.has(unit, "攻撃禁止") and g.entered_this_turn(unit):
        problem = IllegalActionError(
            "attack", ids.NO_ATTACK, f"{g.card(unit).name} has 【攻撃禁止】 and came onto the field this turn"
        )
    if silent:
        return problem is None
    if problem is not None:
        g.reject(entry, problem, also)
        return False
    assert unit is not None
    g.set_phase("battle", "attack")
    cites = [ids.ACT_ATTACK, ids.BATTLE, ids.AB_ATTACK, ids.RIGHT, ids.RIGHT_CONSUMED]
    if g.restricted(unit) or (g.has(unit, "スピードムーブ") and g.entered_this_turn(unit)):
        cites.append(ids.SPEED_MOVE)
    if g.round == 1:
        cites.append(ids.SECOND_FREE)
    g.add_marker(unit, "acted")
    g.record(
        StepKind.ACTION,
        pid,
        f"{g.name(pid)} attacks with {g.card(unit).name} (BP {g.bp(unit)}); it uses up its action right",
        cites,
        play=entry.index,
    )
    g.battle = Battle(unit, pid)
    try:
        timing.process(
            g,
            timing.Timing(
                "アタックした時", (Event("attack", pid, unit),), (ids.AB_ATTACK_TIMING,), triggers=False, first=(unit,)
            ),
        )
        battle_flow(g)
    finally:
        g.battle = None
    g.set_phase("action", "")
    timing.flush_oc(g)
    return True


@rule(
    ids.AB_BLOCK,
    ids.AB_NO_BLOCK,
    ids.AB_ATTACK_TRIGGERS,
    ids.AB_BATTLE_TIMING,
    ids.AB_BATTLE_TIMING_ONE,
    ids.PRIORITY_BATTLE_BLOCK,
    ids.RIGHT,
    ids.DIMENSION,
    ids.FORCED_BLOCK,
    ids.MIX_REMOVED,
    role=RuleRole.PROCEDURE,
)
def block_step(g: CodeOfJoker, *, silent: bool = False) -> str | None:
    """ブロック選択: the defender blocks with a unit that has its action right, or does not."""
    b = g.battle
    assert b is not None
    defender = g.state.opponent(b.attacking_player)
    units = g.units(defender)
    able = [u for u in units if not g.acted(u)]
    dim = g.dimension(b.attacker) if g.on_field(b.attacker) else None
    barred = [u for u in able if dim is not None and g.cost(u) >= dim]
    able = [u for u in able if u not in barred]
    if silent:
        return None
    g.set_phase("battle", "block")
    if not g.on_field(b.attacker):
        raise g.ambiguity(
            [ids.AB_BLOCK, ids.MIX_REMOVED],
            f"{g.label(b.attacker)} left the field before the block choice; the page says what a removal before "
            "battle damage cancels but not whether the block choice and life damage still happen",
        )
    cites = [ids.AB_BLOCK]
    if barred:
        cites.append(ids.DIMENSION)
    if not units:
        g.record(StepKind.RULE, "rules", f"{g.name(defender)} has no unit: the block choice is skipped", cites)
        return None
    if not able:
        why = "no unit has its action right" + (" or may block past 【次元干渉】" if barred else "")
        g.record(StepKind.RULE, "rules", f"{g.name(defender)} cannot block: {why}", [*cites, ids.RIGHT])
        return None
    forced = [u for u in able if g.has(u, "強制防御")]
    if barred or forced:
        notes = []
        if barred:
            notes.append(
                f"{', '.join(g.label(u) for u in barred)} may not block {g.label(b.attacker)}, which has "
                f"【次元干渉/コスト{dim}】"
            )
        if forced:
            notes.append(
                f"{', '.join(g.label(u) for u in forced)} has 【強制防御】 and can block, so {g.name(defender)} "
                "must block with it"
            )
        g.record(
            StepKind.RULE,
            "rules",
            "; ".join(notes),
            [c for c in cites if c != ids.AB_BLOCK] + ([ids.FORCED_BLOCK] if forced else []),
        )
    options = g.unit_options(forced or able)
    if forced:
        prompt = f"{g.name(defender)} must block (【強制防御】)"
    else:
        options["none"] = ""
        prompt = f"{g.name(defender)} chooses a blocker, or none"
    if barred:
        prompt += f"; {', '.join(g.label(u) for u in barred)} may not block (【次元干渉】)"
    choice = g.decide(DecisionRequest("block", defender, tuple(options), ids.AB_BLOCK, prompt))[0]
    return options[choice] or None


@rule(
    ids.AB_NO_BLOCK,
    ids.AB_ATTACK_TRIGGERS,
    ids.AB_BATTLE_TIMING,
    ids.AB_BATTLE_TIMING_ONE,
    ids.PRIORITY_BATTLE_BLOCK,
    role=RuleRole.PROCEDURE,
)
def battle_flow(g: CodeOfJoker, *, silent: bool = False) -> bool:
    """After the block choice: the trigger-only attack timing and life damage, or the battle."""
    if silent:
        return True
    b = g.battle
    assert b is not None
    blocker = block_step(g)
    defender = g.state.opponent(b.attacking_player)
    if blocker is None:
        g.record(
            StepKind.RULE,
            "rules",
            f"{g.name(defender)} does not block: the trigger-only アタックした時 timing, then straight to life damage",
            [ids.AB_NO_BLOCK],
        )
        timing.process(
            g,
            timing.Timing(
                "アタックした時(トリガーのみ)",
                (Event("attack", b.attacking_player, b.attacker),),
                (ids.AB_ATTACK_TRIGGERS,),
                units=False,
                intercepts=False,
            ),
        )
        life_step(g)
        battle_end(g)
        return True
    b.blocker = blocker
    g.record(
        StepKind.RULE,
        "rules",
        f"{g.label(blocker)} blocks {g.label(b.attacker)}: the 戦闘した時 and ブロックした時 timings are one",
        [ids.AB_BATTLE_TIMING, ids.AB_BATTLE_TIMING_ONE, ids.PRIORITY_BATTLE_BLOCK],
    )
    timing.process(
        g,
        timing.Timing(
            "ブロックした時/戦闘した時",
            (
                Event("block", defender, blocker),
                Event("battle", b.attacking_player, b.attacker),
                Event("battle", defender, blocker),
            ),
            (ids.AB_BATTLE_TIMING, ids.AB_BATTLE_TIMING_ONE),
            first=(b.attacker, blocker),
        ),
    )
    damage_step(g)
    life_step(g)
    battle_end(g)
    return True


@rule(
    ids.AB_DAMAGE,
    ids.AB_DESTROY,
    ids.AB_WIN,
    ids.PENETRATE,
    ids.IMMORTAL,
    ids.MIX_REMOVED,
    ids.MIX_REMOVED_BEFORE,
    ids.MIX_IMMORTAL,
    ids.MIX_IMMORTAL_NO_WIN,
    ids.MIX_IMMORTAL_DAMAGE_STAYS,
    ids.MIX_IMMORTAL_NO_PENETRATION,
    ids.MIX_IMMORTAL_PENETRATES,
    role=RuleRole.PROCEDURE,
)
def damage_step(g: CodeOfJoker, *, silent: bool = False) -> bool:
    """戦闘ダメージ: both units still there deal each other their BP; 0 or less is destroyed; the winner is noted."""
    b = g.battle
    assert b is not None and b.blocker is not None
    a, d = b.attacker, b.blocker
    both = g.on_field(a) and g.on_field(d)
    if silent:
        return both
    g.set_phase("battle", "damage")
    if not both:
        gone = a if not g.on_field(a) else d
        g.record(
            StepKind.RULE,
            "rules",
            f"{g.label(gone)} left the field before battle damage: no battle damage, no "
            "winner, no 【貫通】 damage, no clock up",
            [ids.AB_DAMAGE, ids.MIX_REMOVED, ids.MIX_REMOVED_BEFORE],
        )
        return False
    bp_a, bp_d = g.bp(a), g.bp(d)
    g.record(
        StepKind.RULE,
        "rules",
        f"battle damage: {g.label(a)} (BP {bp_a}) and {g.label(d)} (BP {bp_d}) deal each other their BP",
        [ids.AB_DAMAGE],
    )
    terms.deal_damage(g, d, bp_a, None, [ids.AB_DAMAGE], "rules")
    terms.deal_damage(g, a, bp_d, None, [ids.AB_DAMAGE], "rules")
    b.damage_dealt = True
    a_dead, d_dead = g.bp(a) <= 0, g.bp(d) <= 0
    immortal = [u for u in (a, d) if g.has(u, "不滅")]
    for u, dead in ((d, d_dead), (a, a_dead)):
        if dead:
            terms.destroy(g, u, "rules", [ids.AB_DESTROY], "rules")
    if d_dead and bp_a > bp_d:
        b.winner = a
    elif a_dead and bp_d > bp_a:
        b.winner = d
    cites = [ids.AB_WIN]
    if immortal:
        cites += [ids.MIX_IMMORTAL, ids.IMMORTAL]
    if b.winner is not None:
        text = f"{g.card(b.winner).name} destroyed the other with more BP: it wins the battle"
    elif d_dead and a_dead:
        text = "both units were destroyed: neither wins the battle"
    elif d_dead or a_dead:
        text = "a unit was destroyed, but not by a unit with more BP: neither wins the battle"
    else:
        text = "neither unit was destroyed: neither wins the battle"
        if immortal:
            cites.append(ids.MIX_IMMORTAL_NO_WIN)
            hurt = [u for u in (a, d) if g.damage(u)]
            if hurt:
                text += (
                    "; no clock up heals "
                    + ", ".join(g.label(u) for u in hurt)
                    + ": its damage stays until the end of the turn"
                )
                cites.append(ids.MIX_IMMORTAL_DAMAGE_STAYS)
    if g.on_field(a) and g.has(a, "貫通"):
        if b.winner == a:
            b.penetrates = True
            text += f"; {g.card(a).name} has 【貫通】 and met its condition"
            cites.append(ids.PENETRATE)
            if a in immortal:
                cites.append(ids.MIX_IMMORTAL_PENETRATES)
        else:
            text += f"; {g.card(a).name} has 【貫通】 but did not destroy the blocker with more BP"
            cites.append(ids.PENETRATE)
            if d in immortal:
                cites.append(ids.MIX_IMMORTAL_NO_PENETRATION)
            elif a in immortal:
                cites.append(ids.MIX_IMMORTAL_PENETRATES)
    g.record(StepKind.RULE, "rules", text, cites)
    timing.flush_destroyed(g)
    return True


@rule(ids.AB_LIFE, ids.AB_PENETRATE, ids.PENETRATE, ids.MIX_REMOVED_AFTER, ids.MIX_REMOVED, role=RuleRole.PROCEDURE)
def life_step(g: CodeOfJoker, *, silent: bool = False) -> bool:
    """ライフダメージ: 1 to the defender when unblocked, or when the attacker met the 【貫通】 condition."""
    b = g.battle
    assert b is not None
    defender = g.state.opponent(b.attacking_player)
    hits = b.blocker is None or b.penetrates
    if silent:
        return hits
    g.set_phase("battle", "life")
    if b.blocker is None:
        if not g.on_field(b.attacker):
            raise g.ambiguity(
                [ids.AB_LIFE, ids.MIX_REMOVED],
                f"{g.label(b.attacker)} attacked unblocked and left the field before life damage; the page does not "
                "say whether the defender still takes the life damage",
            )
        terms.life_damage(g, [defender], 1, None, [ids.AB_LIFE], "rules")
        return True
    if b.penetrates:
        cites = [ids.AB_PENETRATE, ids.PENETRATE]
        if not g.on_field(b.attacker):
            cites += [ids.MIX_REMOVED, ids.MIX_REMOVED_AFTER]
            g.record(
                StepKind.RULE,
                "rules",
                f"{g.label(b.attacker)} left the field after battle damage, having met "
                "the 【貫通】 condition: the 【貫通】 damage still happens",
                cites,
            )
        terms.life_damage(g, [defender], 1, None, cites, "rules")
        return True
    return False


@rule(ids.AB_END_TIMING, ids.AB_CLOCK_UP, ids.AB_OC, ids.CLOCK_BY_WIN, ids.OC_NO_HEAL, role=RuleRole.PROCEDURE)
def battle_end(g: CodeOfJoker, *, silent: bool = False) -> bool:
    """戦闘終了: the 戦闘終了時 timing; the winner clocks up (heals, new BP); an overclock recovers its right."""
    b = g.battle
    assert b is not None
    if silent:
        return True
    g.set_phase("battle", "end")
    units = [u for u in (b.attacker, b.blocker) if u is not None]
    # a unit off the field may be gone from the game too (a deck refresh throws the discard pile away, ドロー/2)
    events = tuple(
        Event("battle_end", g.owner_zone(u) if g.on_field(u) else (g.state.cards.get(u) or g.last_known[u]).owner, u)
        for u in units
    )
    g.record(StepKind.PHASE, "rules", "battle end", [ids.AB_END_TIMING])
    timing.process(g, timing.Timing("戦闘終了時", events, (ids.AB_END_TIMING,), first=tuple(units)))
    w = b.winner
    if w is not None and g.on_field(w):
        cites = [ids.AB_CLOCK_UP, ids.CLOCK_BY_WIN]
        if g.level(w) == 3:
            cites.append(ids.OC_NO_HEAL)
        if g.level(w) == 2:
            cites.append(ids.AB_OC)
        terms.change_level(g, w, 1, cites, "rules")
    return True
