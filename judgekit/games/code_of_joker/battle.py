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
from judgekit.message import Message, Sentence, msg


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
        problem = IllegalActionError(
            "attack", ids.AB_ATTACK, msg("coj.reject.no_unit", player=g.name(pid), key=repr(act.unit))
        )
    elif g.round == 1 and g.is_first(pid):
        free = not g.restricted(unit) or g.has(unit, "スピードムーブ")
        problem = IllegalActionError(
            "attack",
            ids.FIRST_NO_ATTACK,
            msg("coj.reject.first_round_lifted", player=g.name(pid))
            if free
            else msg("coj.reject.first_round", player=g.name(pid)),
        )
        also = (ids.FIRST_ROUND1,) + ((ids.FIRST_NO_ATTACK_EVEN,) if free else ())
    elif g.acted(unit):
        problem = IllegalActionError("attack", ids.RIGHT, msg("coj.reject.acted", card=g.card(unit).name))
    elif g.restricted(unit) and not (g.has(unit, "スピードムーブ") and g.entered_this_turn(unit)):
        problem = IllegalActionError("attack", ids.RESTRICTION, msg("coj.reject.restricted", card=g.card(unit).name))
    elif g.has(unit, "攻撃禁止") and g.entered_this_turn(unit):
        problem = IllegalActionError("attack", ids.NO_ATTACK, msg("coj.reject.no_attack", card=g.card(unit).name))
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
        msg("coj.battle.attacks", player=g.name(pid), card=g.card(unit).name, bp=g.bp(unit)),
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
            msg("coj.gap.gone_before_block", card=g.cref(b.attacker)),
        )
    cites = [ids.AB_BLOCK]
    if barred:
        cites.append(ids.DIMENSION)
    if not units:
        g.record(StepKind.RULE, "rules", msg("coj.block.no_unit", player=g.name(defender)), cites)
        return None
    if not able:
        why = (
            msg("coj.block.none_able_dimension", player=g.name(defender))
            if barred
            else msg("coj.block.none_able", player=g.name(defender))
        )
        g.record(StepKind.RULE, "rules", why, [*cites, ids.RIGHT])
        return None
    forced = [u for u in able if g.has(u, "強制防御")]
    barred_cards = tuple(g.cref(u) for u in barred)
    if barred or forced:
        notes: list[Message] = []
        if barred:
            notes.append(
                msg(
                    "coj.block.barred",
                    cards=barred_cards,
                    attacker=g.cref(b.attacker),
                    keyword=f"【次元干渉/コスト{dim}】",
                )
            )
        if forced:
            notes.append(msg("coj.block.forced", cards=tuple(g.cref(u) for u in forced), player=g.name(defender)))
        note = notes[0] if len(notes) == 1 else msg("coj.block.both_notes", first=notes[0], then=notes[1])
        g.record(
            StepKind.RULE,
            "rules",
            note,
            [c for c in cites if c != ids.AB_BLOCK] + ([ids.FORCED_BLOCK] if forced else []),
        )
    options = g.unit_options(forced or able)
    barred_note: Sentence = msg("coj.block.barred_note", cards=barred_cards) if barred else ""
    if forced:
        prompt = msg("coj.block.must", player=g.name(defender), barred=barred_note)
    else:
        options["none"] = ""
        prompt = msg("coj.block.choose", player=g.name(defender), barred=barred_note)
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
            msg("coj.block.unblocked", player=g.name(defender)),
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
        msg("coj.block.blocks", blocker=g.cref(blocker), attacker=g.cref(b.attacker)),
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
            msg("coj.battle.gone_before_damage", card=g.cref(gone)),
            [ids.AB_DAMAGE, ids.MIX_REMOVED, ids.MIX_REMOVED_BEFORE],
        )
        return False
    bp_a, bp_d = g.bp(a), g.bp(d)
    g.record(
        StepKind.RULE,
        "rules",
        msg("coj.battle.damage", attacker=g.cref(a), attacker_bp=bp_a, blocker=g.cref(d), blocker_bp=bp_d),
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
    stays: Sentence = ""
    if b.winner is not None:
        outcome = msg("coj.battle.won", card=g.card(b.winner).name)
    elif d_dead and a_dead:
        outcome = msg("coj.battle.both_destroyed")
    elif d_dead or a_dead:
        outcome = msg("coj.battle.no_winner_destroyed")
    else:
        outcome = msg("coj.battle.none_destroyed")
        if immortal:
            cites.append(ids.MIX_IMMORTAL_NO_WIN)
            hurt = [u for u in (a, d) if g.damage(u)]
            if hurt:
                stays = msg("coj.battle.damage_stays", cards=tuple(g.cref(u) for u in hurt))
                cites.append(ids.MIX_IMMORTAL_DAMAGE_STAYS)
    penetrate: Sentence = ""
    if g.on_field(a) and g.has(a, "貫通"):
        if b.winner == a:
            b.penetrates = True
            penetrate = msg("coj.battle.penetrates", card=g.card(a).name)
            cites.append(ids.PENETRATE)
            if a in immortal:
                cites.append(ids.MIX_IMMORTAL_PENETRATES)
        else:
            penetrate = msg("coj.battle.no_penetration", card=g.card(a).name)
            cites.append(ids.PENETRATE)
            if d in immortal:
                cites.append(ids.MIX_IMMORTAL_NO_PENETRATION)
            elif a in immortal:
                cites.append(ids.MIX_IMMORTAL_PENETRATES)
    text = msg("coj.battle.result", outcome=outcome, stays=stays, penetrate=penetrate)
    g.record(StepKind.RULE, "rules", text, cites)
    timing.flush_destroyed(g)
    return True


@rule(
    ids.AB_LIFE,
    ids.AB_PENETRATE,
    ids.PENETRATE,
    ids.MIX_REMOVED_AFTER,
    ids.MIX_REMOVED,
    ids.PATTERN_EXAMPLES,
    role=RuleRole.PROCEDURE,
)
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
                msg("coj.gap.gone_before_life", card=g.cref(b.attacker)),
            )
        terms.life_damage(g, [defender], 1, None, [ids.AB_LIFE], "rules")
        timing.process(g, _player_attack(g))
        return True
    if b.penetrates:
        if timing.process(g, _player_attack(g), silent=True):
            raise g.ambiguity(
                [ids.AB_LIFE, ids.AB_PENETRATE, ids.PATTERN_EXAMPLES],
                msg("coj.gap.penetrate_player_attack", card=g.cref(b.attacker)),
            )
        cites = [ids.AB_PENETRATE, ids.PENETRATE]
        if not g.on_field(b.attacker):
            cites += [ids.MIX_REMOVED, ids.MIX_REMOVED_AFTER]
            g.record(
                StepKind.RULE,
                "rules",
                msg("coj.battle.gone_after_damage", card=g.cref(b.attacker)),
                cites,
            )
        terms.life_damage(g, [defender], 1, None, cites, "rules")
        return True
    return False


def _player_attack(g: CodeOfJoker) -> timing.Timing:
    """プレイヤーアタックに成功した時: the unblocked attacker dealt the defender its life damage (ライフダメージ/1).
    The page names the timing in its pattern B examples (カード効果について/7: 「プレイヤーアタックしたユニット」), not
    its place in the flow; the life damage is the success, so it comes right after it, before 戦闘終了."""
    b = g.battle
    assert b is not None
    return timing.Timing(
        "プレイヤーアタックに成功した時",
        (Event("player_attack", b.attacking_player, b.attacker),),
        (ids.AB_LIFE, ids.PATTERN_EXAMPLES),
        first=(b.attacker,),
    )


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
    g.record(StepKind.PHASE, "rules", msg("coj.battle.end"), [ids.AB_END_TIMING])

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
