"""Card effects (カード効果について): instructions in printed order, costs, partial impossibility, targets.

An effect runs its instructions in printed order (/1) and must do what it can (/2). ``if_done``
makes the instruction before そうした場合 a cost paid in full or not at all (/3). An instruction that
finds no unit is skipped (pattern A) or voids the rest (pattern B), as the card says (/6); where a
card does not say and it matters, the run stops. Counts that fall short are done as far as they go
(/8). Each instruction is a rule function whose check-only mode answers "would this change the
board?" — what a trigger or intercept card needs to be usable (/4).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from judgekit.engine import ContinuousEffect, DecisionRequest, PickMode, StepKind, zone_id
from judgekit.engine.rules import RuleRole
from judgekit.games.code_of_joker import ids, terms
from judgekit.games.code_of_joker.cards import Bounce as BounceOp
from judgekit.games.code_of_joker.cards import (
    BreakSet,
    ChangeBp,
    ChangeCp,
    ChangeLevel,
    Consume,
    DealDamage,
    Delete,
    DeleteDiscard,
    Destroy,
    Discard,
    Draw,
    Effect,
    Grant,
    IfDone,
    IfState,
    LifeDamage,
    Recover,
    Release,
    Salvage,
    Select,
    StateCondition,
    Target,
)
from judgekit.games.code_of_joker.game import CodeOfJoker, Ctx
from judgekit.games.code_of_joker.registry import rule
from judgekit.message import Message, Sentence, msg


@dataclass(frozen=True, slots=True)
class Chosen:
    """The units an instruction acts on, and why there are not more."""

    units: tuple[str, ...]
    """Instance ids."""
    short: bool
    """Fewer units than the instruction asks for could be chosen (カード効果について/8)."""
    shielded: tuple[str, ...]
    """Units left out because 【加護】 keeps them from being targets."""


# --- units an instruction acts on -----------------------------------------------------------------


def _sides(g: CodeOfJoker, ctx: Ctx, side: str) -> list[str]:
    me = ctx.controller
    if side == "own":
        return [me]
    if side == "opponent":
        return [g.state.opponent(me)]
    return g.state.player_order()


def matching(g: CodeOfJoker, ctx: Ctx, sel: Select) -> tuple[list[str], list[str]]:
    """Units matching ``sel``: those that may be chosen, and those 【加護】 keeps from being targets."""
    found: list[str] = []
    shielded: list[str] = []
    for pid in _sides(g, ctx, sel.side):
        for u in g.units(pid):
            if sel.other and u == ctx.unit:
                continue
            if sel.acted is not None and g.acted(u) != sel.acted:
                continue
            if sel.color is not None and g.definition(u).color != sel.color:
                continue
            if sel.max_bp is not None and g.bp(u) > sel.max_bp:
                continue
            if sel.max_cost is not None and g.cost(u) > sel.max_cost:
                continue
            if sel.min_bp is not None and g.bp(u) < sel.min_bp:
                continue
            if sel.min_cost is not None and g.cost(u) < sel.min_cost:
                continue
            if not sel.all and g.has(u, "加護"):
                shielded.append(u)
                continue
            found.append(u)
    return found, shielded


def named_unit(g: CodeOfJoker, ctx: Ctx, ref: str) -> str | None:
    """The unit a :data:`~judgekit.games.code_of_joker.cards.UnitRef` names, if it is on the field."""
    unit: str | None
    if ref == "self":
        unit = ctx.unit
    elif ref == "subject":
        unit = ctx.subject
    elif ref == "attacker":
        unit = g.battle.attacker if g.battle else None
    else:
        unit = g.battle.blocker if g.battle else None
    return unit if unit is not None and g.on_field(unit) else None


def candidates(g: CodeOfJoker, ctx: Ctx, target: Target) -> list[str]:
    """Every unit the instruction could act on (before any choice)."""
    if isinstance(target, str):
        unit = named_unit(g, ctx, target)
        return [unit] if unit else []
    return matching(g, ctx, target)[0]


def choose(g: CodeOfJoker, ctx: Ctx, target: Target, verb: Message) -> Chosen:
    """The units an instruction acts on; a choice of targets is the controller's decision."""
    if isinstance(target, str):
        unit = named_unit(g, ctx, target)
        return Chosen((unit,) if unit else (), False, ())
    found, shielded = matching(g, ctx, target)
    if target.all:
        return Chosen(tuple(found), False, tuple(shielded))
    if target.up_to:
        return _choose_up_to(g, ctx, target, verb, found, shielded)
    n = min(target.count, len(found))
    if n == len(found):
        return Chosen(tuple(found), n < target.count, tuple(shielded))
    options = g.unit_options(found)
    choice = g.decide(
        DecisionRequest(
            "target",
            ctx.controller,
            tuple(options),
            ids.EFFECT_MANDATORY,
            msg("coj.target.prompt", player=g.name(ctx.controller), n=n, verb=verb, effect=ctx.label),
            PickMode.SOME,
            n,
            n,
        )
    )
    return Chosen(tuple(options[c] for c in choice), n < target.count, tuple(shielded))


def _choose_up_to(
    g: CodeOfJoker, ctx: Ctx, target: Select, verb: Message, found: list[str], shielded: list[str]
) -> Chosen:
    """「…を2体まで選ぶ」: the controller chooses how many, one to ``count`` (the instruction is done as printed,
    カード効果について/2). Choosing none is not said by the page: the run stops."""
    if not found:
        return Chosen((), False, tuple(shielded))
    options = g.unit_options(found)
    most = min(target.count, len(found))
    choice = g.decide(
        DecisionRequest(
            "target",
            ctx.controller,
            tuple(options),
            ids.EFFECT_MANDATORY,
            msg("coj.target.prompt_up_to", player=g.name(ctx.controller), n=target.count, verb=verb, effect=ctx.label),
            PickMode.SOME,
            0,
            most,
        )
    )
    if not choice:
        raise g.ambiguity(
            [ids.EFFECT_MANDATORY, ids.AS_MANY],
            msg("coj.gap.up_to_none", effect=ctx.label, n=target.count),
        )
    return Chosen(tuple(options[c] for c in choice), False, tuple(shielded))


def _cites(chosen: Chosen, *more: str) -> list[str]:
    out = list(more)
    if chosen.shielded:
        out.append(ids.BLESSING)
    if chosen.short:
        out.append(ids.AS_MANY)
    return out


def _card_names(g: CodeOfJoker, iids: Sequence[str]) -> Sentence | tuple[str, ...]:
    """Cards' printed names as a list, or "nothing"."""
    return tuple(g.card(i).name for i in iids) or msg("coj.nothing")


def _no_effect_target(g: CodeOfJoker, ctx: Ctx) -> list[str]:
    """A trigger or intercept may take a target it does not affect (カード効果について/5)."""
    return [ids.CARD_ANY_TARGET] if g.definition(ctx.source).type in ("trigger", "intercept") else []


def _opponents(g: CodeOfJoker, ctx: Ctx, unit: str) -> bool:
    return g.owner_zone(unit) != ctx.controller


# --- instructions on units ---------------------------------------------------------------------


@rule(ids.CLOCK_BP, ids.TE_RESET, ids.KINGS_HEALING, role=RuleRole.TERM)
def bp_effect(g: CodeOfJoker, ctx: Ctx, op: ChangeBp, *, silent: bool = False) -> bool:
    """BP+ / BP-: this turn's BP, or the base BP (kept by the end-of-turn reset); not damage (王の治癒力)."""
    if silent:
        return op.amount != 0 and bool(candidates(g, ctx, op.target))
    chosen = choose(g, ctx, op.target, msg("coj.verb.bp", change=f"{op.amount:+d}"))
    for u in chosen.units:
        before = g.bp(u)
        name = "base" if op.base else "turn"
        g.set_num(u, name, g.num(u, name) + op.amount)
        what = msg("coj.bp.base") if op.base else msg("coj.bp.turn")
        cites = _cites(chosen, ids.CLOCK_BP if op.base else ids.TE_RESET)
        if op.amount < 0 and g.has(u, "王の治癒力"):
            cites.append(ids.KINGS_HEALING)
        g.record(
            StepKind.EFFECT,
            ctx.controller,
            msg(
                "coj.effect.bp",
                effect=ctx.label,
                card=g.cref(u),
                what=what,
                change=f"{op.amount:+d}",
                before=before,
                after=g.bp(u),
            ),
            cites,
        )
    return len(chosen.units) > 0 and not chosen.short


@rule(ids.AS_MANY, ids.TE_RESET, role=RuleRole.TERM)
def damage_effect(g: CodeOfJoker, ctx: Ctx, op: DealDamage, *, silent: bool = False) -> bool:
    """ダメージを与える: each unit takes the damage unless a keyword stops it."""
    if silent:
        return any(
            terms.deal_damage(g, u, op.amount, ctx.controller, (), ctx.controller, silent=True)
            for u in candidates(g, ctx, op.target)
        )
    chosen = choose(g, ctx, op.target, msg("coj.verb.damage", amount=op.amount))
    for u in chosen.units:
        terms.deal_damage(g, u, op.amount, ctx.controller, _cites(chosen, ids.TE_RESET), ctx.controller, ctx.label)
    return len(chosen.units) > 0 and not chosen.short


@rule(ids.AS_MANY, role=RuleRole.TERM)
def destroy_effect(g: CodeOfJoker, ctx: Ctx, op: Destroy, *, silent: bool = False) -> bool:
    """破壊する."""
    if silent:
        return bool(candidates(g, ctx, op.target))
    chosen = choose(g, ctx, op.target, msg("coj.verb.destroy"))
    for u in chosen.units:
        terms.destroy(g, u, ctx.source, _cites(chosen), ctx.controller, ctx.label)
    return len(chosen.units) > 0 and not chosen.short


@rule(ids.DELETE, ids.AS_MANY, role=RuleRole.TERM)
def delete_effect(g: CodeOfJoker, ctx: Ctx, op: Delete, *, silent: bool = False) -> bool:
    """消滅させる: units leave the field for good (not the discard pile)."""
    if silent:
        return bool(candidates(g, ctx, op.target))
    chosen = choose(g, ctx, op.target, msg("coj.verb.delete"))
    for u in chosen.units:
        terms.delete(g, u, ctx.controller, _cites(chosen))
    return len(chosen.units) > 0 and not chosen.short


@rule(ids.FIXED, ids.CLOCK_LEAVE, role=RuleRole.TERM)
def bounce_effect(g: CodeOfJoker, ctx: Ctx, op: BounceOp, *, silent: bool = False) -> bool:
    """手札に戻す; 【固着】: not by the opponent's effects."""
    if silent:
        return any(not (_opponents(g, ctx, u) and g.has(u, "固着")) for u in candidates(g, ctx, op.target))
    chosen = choose(g, ctx, op.target, msg("coj.verb.bounce"))
    done = 0
    for u in chosen.units:
        if _opponents(g, ctx, u) and g.has(u, "固着"):
            g.record(StepKind.RULE, "rules", msg("coj.keyword.fixed", card=g.cref(u)), [ids.FIXED])
            continue
        card = g.cref(u)
        terms.leave_field(g, u, "hand")
        g.record(
            StepKind.EFFECT,
            ctx.controller,
            msg("coj.effect.bounced", effect=ctx.label, card=card),
            _cites(chosen, ids.CLOCK_LEAVE),
        )
        done += 1
    return done > 0 and not chosen.short


@rule(ids.RIGHT_CONSUMED, ids.RIGHT_ACTED, ids.SELFLESS, role=RuleRole.TERM)
def consume_effect(g: CodeOfJoker, ctx: Ctx, op: Consume, *, silent: bool = False) -> bool:
    """行動権を消費させる (用語/行動権/5); 【無我の境地】: not by the opponent's effects."""
    if silent:
        return any(
            not g.acted(u) and not (_opponents(g, ctx, u) and g.has(u, "無我の境地"))
            for u in candidates(g, ctx, op.target)
        )
    chosen = choose(g, ctx, op.target, msg("coj.verb.consume"))
    for u in chosen.units:
        if _opponents(g, ctx, u) and g.has(u, "無我の境地"):
            g.record(StepKind.RULE, "rules", msg("coj.keyword.selfless", card=g.cref(u)), [ids.SELFLESS])
        elif g.acted(u):
            g.record(
                StepKind.EFFECT,
                ctx.controller,
                msg("coj.effect.already_acted", effect=ctx.label, card=g.cref(u)),
                _cites(chosen, ids.RIGHT_ACTED, *_no_effect_target(g, ctx)),
            )
        else:
            g.add_marker(u, "acted")
            g.record(
                StepKind.EFFECT,
                ctx.controller,
                msg("coj.effect.consumed", effect=ctx.label, card=g.cref(u)),
                _cites(chosen, ids.RIGHT_CONSUMED),
            )
    return len(chosen.units) > 0 and not chosen.short


@rule(ids.RIGHT_RECOVERED, role=RuleRole.TERM)
def recover_effect(g: CodeOfJoker, ctx: Ctx, op: Recover, *, silent: bool = False) -> bool:
    """行動権を回復する (用語/行動権/6)."""
    if silent:
        return any(g.acted(u) for u in candidates(g, ctx, op.target))
    chosen = choose(g, ctx, op.target, msg("coj.verb.recover"))
    for u in chosen.units:
        if g.acted(u):
            g.remove_marker(u, "acted")
            g.record(
                StepKind.EFFECT,
                ctx.controller,
                msg("coj.effect.recovered", effect=ctx.label, card=g.cref(u)),
                _cites(chosen, ids.RIGHT_RECOVERED),
            )
        else:
            g.record(
                StepKind.EFFECT,
                ctx.controller,
                msg("coj.effect.has_right", effect=ctx.label, card=g.cref(u)),
                _cites(chosen, ids.RIGHT_RECOVERED, *_no_effect_target(g, ctx)),
            )
    return len(chosen.units) > 0 and not chosen.short


@rule(ids.RESTRICTION_LIFTED, role=RuleRole.TERM)
def release_effect(g: CodeOfJoker, ctx: Ctx, op: Release, *, silent: bool = False) -> bool:
    """アタック制限を解除する: an effect lifts the attack restriction (用語/アタック制限/3)."""
    if silent:
        return any(g.restricted(u) for u in candidates(g, ctx, op.target))
    chosen = choose(g, ctx, op.target, msg("coj.verb.release"))
    for u in chosen.units:
        if g.restricted(u):
            g.remove_marker(u, "restricted")
            g.record(
                StepKind.EFFECT,
                ctx.controller,
                msg("coj.effect.released", effect=ctx.label, card=g.cref(u)),
                _cites(chosen, ids.RESTRICTION_LIFTED),
            )
        else:
            g.record(
                StepKind.EFFECT,
                ctx.controller,
                msg("coj.effect.unrestricted", effect=ctx.label, card=g.cref(u)),
                _cites(chosen, ids.RESTRICTION_LIFTED, *_no_effect_target(g, ctx)),
            )
    return len(chosen.units) > 0 and not chosen.short


@rule(ids.CLOCK_BY_EFFECT, role=RuleRole.TERM)
def level_effect(g: CodeOfJoker, ctx: Ctx, op: ChangeLevel, *, silent: bool = False) -> bool:
    """レベルアップ効果 (クロックレベル/3/3): the level changes by the effect's amount."""
    if silent:
        return any(terms.change_level(g, u, op.by, (), "rules", silent=True) for u in candidates(g, ctx, op.target))
    chosen = choose(g, ctx, op.target, msg("coj.verb.level", change=f"{op.by:+d}"))
    for u in chosen.units:
        terms.change_level(g, u, op.by, _cites(chosen, ids.CLOCK_BY_EFFECT), ctx.controller)
    return len(chosen.units) > 0 and not chosen.short


@rule(ids.KEYWORD_GRANTED, role=RuleRole.TERM)
def grant_effect(g: CodeOfJoker, ctx: Ctx, op: Grant, *, silent: bool = False) -> bool:
    """キーワード能力/3: a unit granted a keyword has it."""
    if silent:
        return any(not g.has(u, op.keyword) for u in candidates(g, ctx, op.target))
    chosen = choose(g, ctx, op.target, msg("coj.verb.grant", keyword=f"【{op.keyword}】"))
    for u in chosen.units:
        g.add_effect(
            ContinuousEffect(
                key=f"grant:{g.serial()}",
                source=ctx.source,
                controller=ctx.controller,
                layer=0,
                timestamp=g.tick(),
                until=op.until,
                label=f"【{op.keyword}】 from {g.card(ctx.source).name}",
                payload=(op.keyword, op.dimension),
                targets=(u,),
            )
        )
        span = msg("coj.span.turn") if op.until == "turn" else msg("coj.span.field")
        g.record(
            StepKind.EFFECT,
            ctx.controller,
            msg("coj.effect.granted", effect=ctx.label, card=g.cref(u), keyword=f"【{op.keyword}】", span=span),
            _cites(chosen, ids.KEYWORD_GRANTED),
        )
    return len(chosen.units) > 0 and not chosen.short


# --- instructions on players and zones ------------------------------------------------------------


def _player(g: CodeOfJoker, ctx: Ctx, ref: str) -> str:
    return ctx.controller if ref == "own" else g.state.opponent(ctx.controller)


@rule(ids.CP_MAX, role=RuleRole.TERM)
def cp_effect(g: CodeOfJoker, ctx: Ctx, op: ChangeCp, *, silent: bool = False) -> bool:
    """CP+ / CP-."""
    pid = _player(g, ctx, op.player)
    if silent:
        return terms.change_cp(g, pid, op.by, ctx.controller, ctx.label, silent=True) != 0
    return terms.change_cp(g, pid, op.by, ctx.controller, ctx.label) == op.by


@rule(ids.END_LP_ZERO, ids.START_LP, role=RuleRole.TERM)
def life_effect(g: CodeOfJoker, ctx: Ctx, op: LifeDamage, *, silent: bool = False) -> bool:
    """ライフダメージ from an effect; several players lose LP at the same time."""
    if silent:
        return True
    pids = list(g.state.players) if op.player == "both" else [_player(g, ctx, op.player)]
    terms.life_damage(g, pids, op.amount, ctx.controller, [ids.START_LP], ctx.controller, ctx.label)
    return True


@rule(ids.DRAW_LIMIT, role=RuleRole.TERM)
def draw_effect(g: CodeOfJoker, ctx: Ctx, op: Draw, *, silent: bool = False) -> bool:
    """カードを引く."""
    pid = _player(g, ctx, op.player)
    if silent:
        return terms.draw(g, pid, op.count, (), ctx.controller, silent=True) > 0
    return terms.draw(g, pid, op.count, [], ctx.controller, ctx.label) == op.count


def pick(
    g: CodeOfJoker, who: str, iids: list[str], n: int, kind: str, prompt: Sentence, *, chance: bool = False
) -> list[str]:
    """``n`` of ``iids`` chosen by ``who``, or by chance with ``chance`` (asked only when the outcome can make a
    difference)."""
    if n <= 0:
        return []
    if len(iids) <= n or len({g.card(i).key for i in iids}) == 1:
        return iids[:n]
    options = g.card_options(iids)
    choice = g.decide(
        DecisionRequest(kind, who, tuple(options), ids.EFFECT_MANDATORY, prompt, PickMode.SOME, n, n, chance=chance)
    )
    return [options[c] for c in choice]


@rule(ids.DISCARD, ids.AS_MANY, role=RuleRole.TERM)
def discard_effect(g: CodeOfJoker, ctx: Ctx, op: Discard, *, silent: bool = False) -> bool:
    """手札を捨てる: the hand's player chooses; fewer when the hand is short (/8)."""
    pid = _player(g, ctx, op.player)
    hand = g.zone(pid, "hand")
    if silent:
        return bool(hand)
    n = min(op.count, len(hand))
    chosen = pick(g, pid, hand, n, "discard", msg("coj.discard.prompt", player=g.name(pid), n=n, effect=ctx.label))
    for iid in chosen:
        terms.to_discard(g, iid)
    cites = [ids.DISCARD] + ([ids.AS_MANY] if n < op.count else [])
    names = _card_names(g, chosen)
    g.record(
        StepKind.EFFECT,
        ctx.controller,
        msg("coj.effect.discards", effect=ctx.label, player=g.name(pid), cards=names),
        cites,
    )
    return n == op.count


@rule(ids.TZONE_LEFT, ids.DISCARD, ids.AS_MANY, ids.EFFECT_MANDATORY, role=RuleRole.TERM)
def break_set(g: CodeOfJoker, ctx: Ctx, op: BreakSet, *, silent: bool = False) -> bool:
    """Cards set in a trigger zone go to the discard pile; the rest move to the left (トリガーゾーン/4)."""
    pid = _player(g, ctx, op.player)
    zone = g.zone(pid, "trigger")
    if silent:
        return bool(zone)
    slots = {iid: i + 1 for i, iid in enumerate(zone)}
    n = min(op.count, len(zone))
    if n == len(zone):
        chosen = zone
    else:
        options = {f"slot{slots[i]}": i for i in zone}
        choice = g.decide(
            DecisionRequest(
                "trigger_card",
                ctx.controller,
                tuple(options),
                ids.EFFECT_MANDATORY,
                msg("coj.break_set.prompt", player=g.name(ctx.controller), n=n, owner=g.name(pid)),
                PickMode.SOME,
                n,
                n,
            )
        )
        chosen = [options[c] for c in choice]
    for iid in chosen:
        terms.to_discard(g, iid)
    g.record(
        StepKind.EFFECT,
        ctx.controller,
        msg(
            "coj.effect.break_set",
            effect=ctx.label,
            cards=tuple(g.card(i).name for i in chosen),
            slots=tuple(slots[i] for i in chosen),
            owner=g.name(pid),
        ),
        [ids.TZONE_LEFT, ids.DISCARD] + ([ids.AS_MANY] if n < op.count else []),
    )
    return n == op.count


@rule(ids.DELETE, ids.AS_MANY, role=RuleRole.TERM)
def delete_discard(g: CodeOfJoker, ctx: Ctx, op: DeleteDiscard, *, silent: bool = False) -> bool:
    """捨札のカードを消滅させる."""
    pid = _player(g, ctx, op.player)
    pile = g.zone(pid, "discard")
    if silent:
        return bool(pile)
    n = min(op.count, len(pile))
    chosen = pick(
        g,
        ctx.controller,
        pile,
        n,
        "discard_card",
        msg("coj.delete_discard.prompt", player=g.name(ctx.controller), n=n, owner=g.name(pid)),
    )
    for iid in chosen:
        terms.delete(g, iid, ctx.controller, [ids.AS_MANY] if n < op.count else [])
    return n == op.count


@rule(ids.DELETE, ids.DISCARD_PUBLIC, ids.AS_MANY, role=RuleRole.TERM)
def salvage(g: CodeOfJoker, ctx: Ctx, op: Salvage, *, silent: bool = False) -> bool:
    """捨札のカードを手札に加える: deleted cards are not in the discard pile and cannot be taken (捨札/5)."""
    pile = [i for i in g.zone(ctx.controller, "discard") if op.type is None or g.definition(i).type == op.type]
    if silent:
        return bool(pile)
    deleted = g.zone(ctx.controller, "deleted")
    n = min(op.count, len(pile))
    chosen = pick(
        g,
        ctx.controller,
        pile,
        n,
        "random" if op.random else "discard_card",
        msg("coj.salvage.random", player=g.name(ctx.controller), n=n)
        if op.random
        else msg("coj.salvage.prompt", player=g.name(ctx.controller), n=n),
        chance=op.random,
    )
    for iid in chosen:
        g.move(iid, zone_id(ctx.controller, "hand"), top=False)
    cites = [ids.DISCARD_PUBLIC] + ([ids.DELETE] if deleted else []) + ([ids.AS_MANY] if n < op.count else [])
    extra: Sentence = msg("coj.salvage.deleted", n=len(deleted)) if deleted else ""
    g.record(
        StepKind.EFFECT,
        ctx.controller,
        msg(
            "coj.effect.salvage",
            effect=ctx.label,
            player=g.name(ctx.controller),
            cards=_card_names(g, chosen),
            deleted=extra,
        ),
        cites,
    )
    return n == op.count


# --- costs, patterns, running an effect -------------------------------------------------------------


def payable(g: CodeOfJoker, ctx: Ctx, op: Effect) -> bool:
    """Whether ``op`` can be done in full (a cost before そうした場合, カード効果について/3/1)."""
    if isinstance(op, Discard):
        return len(g.zone(_player(g, ctx, op.player), "hand")) >= op.count
    if isinstance(op, BreakSet):
        return len(g.zone(_player(g, ctx, op.player), "trigger")) >= op.count
    if isinstance(op, DeleteDiscard):
        return len(g.zone(_player(g, ctx, op.player), "discard")) >= op.count
    if isinstance(op, ChangeCp) and op.by < 0:
        return g.counter(_player(g, ctx, op.player), "CP") >= -op.by
    target: Target | None = getattr(op, "target", None)
    if target is None:
        return True
    found = candidates(g, ctx, target)
    if isinstance(target, Select) and not target.all and not target.up_to:
        return len(found) >= target.count
    return bool(found)


@rule(ids.IF_DONE, ids.IF_DONE_NO_PART, ids.IF_DONE_NOTHING, ids.EFFECT_NO_MAY, role=RuleRole.TERM)
def if_done(g: CodeOfJoker, ctx: Ctx, op: IfDone, *, silent: bool = False) -> bool:
    """「そうした場合」: the instruction before it is a cost; paid in full, or not at all and nothing follows."""
    if silent:
        return all(payable(g, ctx, o) for o in op.do) and any(affects(g, ctx, o) for o in op.then)
    if not all(payable(g, ctx, o) for o in op.do):
        g.record(
            StepKind.EFFECT,
            ctx.controller,
            msg("coj.if_done.unpaid", effect=ctx.label),
            [ids.IF_DONE, ids.IF_DONE_NO_PART, ids.IF_DONE_NOTHING],
        )
        return False
    g.record(
        StepKind.EFFECT,
        ctx.controller,
        msg("coj.if_done.payable", effect=ctx.label),
        [ids.IF_DONE, ids.EFFECT_NO_MAY],
    )
    run(g, ctx, op.do)
    g.record(StepKind.EFFECT, ctx.controller, msg("coj.if_done.paid", effect=ctx.label), [ids.IF_DONE])
    return run(g, ctx, op.then)


def counted(g: CodeOfJoker, ctx: Ctx, cond: StateCondition) -> int:
    """What a condition counts, now: the player's LP, units (of a colour), cards in a zone, or CP."""
    pid = _player(g, ctx, cond.player)
    if cond.count == "life":
        return g.counter(pid, "LP")
    if cond.count == "cp":
        return g.counter(pid, "CP")
    if cond.count == "units":
        return sum(1 for u in g.units(pid) if cond.color is None or g.definition(u).color == cond.color)
    return len(g.zone(pid, cond.count))


def holds(g: CodeOfJoker, ctx: Ctx, cond: StateCondition) -> bool:
    """Whether ``cond`` holds now."""
    n = counted(g, ctx, cond)
    return (cond.at_least is None or n >= cond.at_least) and (cond.at_most is None or n <= cond.at_most)


_COUNTED: dict[str, Message] = {
    "life": msg("coj.count.life"),
    "units": msg("coj.count.units"),
    "hand": msg("coj.count.hand"),
    "cp": msg("coj.count.cp"),
    "trigger": msg("coj.count.trigger"),
    "discard": msg("coj.count.discard"),
    "deck": msg("coj.count.deck"),
}
"""What a condition counts, for sentences."""


def _bound(count: str, at_least: bool, n: int) -> Message:
    """「3以上」「2体以上」「5枚以下」: 体 for units, 枚 for cards, a bare number for LP and CP."""
    if count == "units":
        return msg("coj.cond.at_least.units", n=n) if at_least else msg("coj.cond.at_most.units", n=n)
    if count in ("life", "cp"):
        return msg("coj.cond.at_least.number", n=n) if at_least else msg("coj.cond.at_most.number", n=n)
    return msg("coj.cond.at_least.cards", n=n) if at_least else msg("coj.cond.at_most.cards", n=n)


def condition_sentence(g: CodeOfJoker, ctx: Ctx, cond: StateCondition) -> Message:
    """「自分のライフが3以下」 for sentences."""
    what = _COUNTED[cond.count]
    if cond.count == "units" and cond.color is not None:
        what = msg("coj.count.color_units", color=terms.color(cond.color))
    bounds = [_bound(cond.count, key, n) for key, n in ((True, cond.at_least), (False, cond.at_most)) if n is not None]
    return msg("coj.cond", player=g.name(_player(g, ctx, cond.player)), count=what, bounds=tuple(bounds))


@rule(ids.EFFECT_MANDATORY, role=RuleRole.TERM)
def if_effect(g: CodeOfJoker, ctx: Ctx, op: IfState, *, silent: bool = False) -> bool:
    """「…なら、…」: what follows is done when the condition holds as the instruction comes (カード効果について/1,
    /2: an effect whose condition is met must be done)."""
    ok = holds(g, ctx, op.condition)
    if silent:
        return ok and any(affects(g, ctx, o) for o in op.then)
    said = condition_sentence(g, ctx, op.condition)
    if not ok:
        g.record(
            StepKind.EFFECT,
            ctx.controller,
            msg("coj.if.fails", effect=ctx.label, condition=said),
            [ids.EFFECT_MANDATORY],
        )
        return False
    g.record(
        StepKind.EFFECT, ctx.controller, msg("coj.if.holds", effect=ctx.label, condition=said), [ids.EFFECT_MANDATORY]
    )
    return run(g, ctx, op.then)


HANDLERS: dict[type, Callable[..., bool]] = {
    ChangeBp: bp_effect,
    DealDamage: damage_effect,
    Destroy: destroy_effect,
    Delete: delete_effect,
    BounceOp: bounce_effect,
    Consume: consume_effect,
    Recover: recover_effect,
    Release: release_effect,
    ChangeLevel: level_effect,
    Grant: grant_effect,
    ChangeCp: cp_effect,
    LifeDamage: life_effect,
    Draw: draw_effect,
    Discard: discard_effect,
    BreakSet: break_set,
    DeleteDiscard: delete_discard,
    Salvage: salvage,
    IfDone: if_done,
    IfState: if_effect,
}
"""The rule function of each instruction."""


def affects(g: CodeOfJoker, ctx: Ctx, op: Effect) -> bool:
    """Whether ``op`` would change the board (カード効果について/4/1); check-only."""
    return HANDLERS[type(op)](g, ctx, op, silent=True)


def lacks_target(g: CodeOfJoker, ctx: Ctx, effects: Sequence[Effect]) -> bool:
    """Whether an instruction that chooses targets has no legal target (カード効果について/4)."""
    for op in effects:
        target = getattr(op, "target", None)
        if isinstance(target, Select) and not target.all and not candidates(g, ctx, target):
            return True
        if isinstance(op, BreakSet) and not g.zone(_player(g, ctx, op.player), "trigger"):
            return True
        if isinstance(op, IfDone) and lacks_target(g, ctx, op.do):
            return True
        if isinstance(op, IfState) and holds(g, ctx, op.condition) and lacks_target(g, ctx, op.then):
            return True
    return False


def acts_on_units(op: Any) -> bool:
    """Whether an instruction acts on units (and so can find none, カード効果について/6)."""
    return getattr(op, "target", None) is not None


@rule(
    ids.EFFECT_ORDER,
    ids.EFFECT_MANDATORY,
    ids.PARTIAL,
    ids.PATTERN_A,
    ids.PATTERN_B,
    ids.PATTERN_EXAMPLES,
    ids.BLESSING,
    ids.AS_MANY,
    ids.CARD_ANY_TARGET,
    role=RuleRole.EFFECT,
)
def run(g: CodeOfJoker, ctx: Ctx, effects: Sequence[Effect], *, silent: bool = False) -> bool:
    """カード効果について/1: the instructions in printed order; one that finds no unit follows pattern A or B."""
    if silent:
        return any(affects(g, ctx, op) for op in effects)
    from judgekit.games.code_of_joker import timing

    full = True
    for i, op in enumerate(effects):
        rest = effects[i + 1 :]
        if acts_on_units(op) and not candidates(g, ctx, op.target):  # type: ignore[union-attr]
            target = op.target  # type: ignore[union-attr]
            shielded = matching(g, ctx, target)[1] if isinstance(target, Select) else []
            why = [ids.BLESSING] if shielded else []
            note: Sentence = msg("coj.run.shielded", cards=tuple(g.cref(u) for u in shielded)) if shielded else ""
            if not rest:
                g.record(
                    StepKind.EFFECT,
                    ctx.controller,
                    msg("coj.run.no_unit", effect=ctx.label, op=op.op, note=note),
                    [ids.EFFECT_ORDER, ids.PARTIAL, *why],
                )
                full = False
                continue
            if ctx.pattern == "A":
                g.record(
                    StepKind.EFFECT,
                    ctx.controller,
                    msg("coj.run.pattern_a", effect=ctx.label, op=op.op, note=note),
                    [ids.PARTIAL, ids.PATTERN_A, ids.PATTERN_EXAMPLES, *why],
                )
                full = False
                continue
            if ctx.pattern == "B":
                g.record(
                    StepKind.EFFECT,
                    ctx.controller,
                    msg("coj.run.pattern_b", effect=ctx.label, op=op.op, note=note),
                    [ids.PARTIAL, ids.PATTERN_B, ids.PATTERN_EXAMPLES, *why],
                )
                return False
            raise g.ambiguity(
                [ids.PARTIAL, ids.PATTERN_A, ids.PATTERN_B, ids.PATTERN_EXAMPLES, *why],
                msg("coj.run.pattern_gap", effect=ctx.label, op=op.op),
            )
        done = HANDLERS[type(op)](g, ctx, op)
        full = full and done
        timing.after_instruction(g)
    return full
