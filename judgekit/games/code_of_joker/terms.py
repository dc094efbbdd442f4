"""Game terms the page defines and every part of the game uses.

Drawing with the hand limit and the deck refresh (ドロー), leaving the field and the discard pile
(捨札), deletion (消滅), damage and the keywords that stop it, destruction at BP 0, clock levels
and overclock (クロックレベル, オーバークロック), CP, life damage and the immediate end of the game
(ゲームの勝敗/2), the joker gauge.
"""

from __future__ import annotations

from collections.abc import Sequence

from judgekit.engine import DRAW, Card, DecisionRequest, Event, PickMode, StepKind, zone_id
from judgekit.engine.rules import RuleRole
from judgekit.errors import ScenarioError
from judgekit.games.code_of_joker import ids
from judgekit.games.code_of_joker.game import CP_LIMIT, HAND_LIMIT, CodeOfJoker
from judgekit.games.code_of_joker.registry import rule
from judgekit.games.support import said
from judgekit.message import Message, Sentence, msg

COLORS: dict[str, Message] = {
    "red": msg("coj.color.red"),
    "blue": msg("coj.color.blue"),
    "yellow": msg("coj.color.yellow"),
    "green": msg("coj.color.green"),
    "purple": msg("coj.color.purple"),
    "colorless": msg("coj.color.colorless"),
}
"""The colours (属性) for sentences."""


def color(name: str) -> Message:
    """A colour for sentences."""
    return COLORS[name]


def effect_says(label: Sentence, sentence: Message) -> Message:
    """``sentence`` as what the effect ``label`` does (``label: sentence``); as it is without a label."""
    return msg("coj.effect.does", effect=label, what=sentence) if label else sentence


# --- CP --------------------------------------------------------------------------------------


@rule(ids.CP_PAY, ids.CP_MAX, role=RuleRole.TERM)
def change_cp(g: CodeOfJoker, pid: str, by: int, actor: str, why: Sentence, *, silent: bool = False) -> int:
    """CP/1: CP pays for cards; an effect may raise it above the round's value, to at most 12 (CP/2/1)."""
    before = g.counter(pid, "CP")
    after = max(before, min(CP_LIMIT, before + by)) if by >= 0 else max(0, before + by)
    if silent:
        return after - before
    g.set_counter(pid, "CP", after)
    cites = [ids.CP_PAY] if by < 0 else [ids.CP_MAX]
    capped: Sentence = msg("coj.cp.capped", limit=CP_LIMIT) if by > 0 and before + by > CP_LIMIT else ""
    g.record(
        StepKind.EFFECT if actor != "rules" else StepKind.RULE,
        actor,
        msg("coj.cp.changes", player=g.name(pid), before=before, after=after, capped=capped, why=why),
        cites,
    )
    return after - before


# --- drawing ---------------------------------------------------------------------------------


@rule(
    ids.DRAW, ids.DRAW_LIMIT, ids.DRAW_REFRESH, ids.DRAW_REFRESH_ONE_LEFT, ids.DRAW_REFRESH_DELETED, role=RuleRole.TERM
)
def draw(
    g: CodeOfJoker, pid: str, n: int, cites: Sequence[str], actor: str, label: Sentence = "", *, silent: bool = False
) -> int:
    """ドロー/1: at most up to 7 cards in hand; ドロー/2: a deck shorter than the draw is refreshed first."""
    hand = g.hand_size(pid)
    k = min(n, max(0, HAND_LIMIT - hand))
    if silent or n <= 0:
        return k
    if k < n:
        g.record(
            StepKind.RULE,
            "rules",
            msg("coj.draw.limited", player=g.name(pid), hand=hand, limit=HAND_LIMIT, draws=k, asked=n),
            [*cites, ids.DRAW_LIMIT],
        )
    if k == 0:
        return 0
    deck = zone_id(pid, "deck")
    if len(g.state.zones[deck]) < k:
        refresh(g, pid, k, cites)
    for iid in list(g.state.zones[deck][:k]):
        g.move(iid, zone_id(pid, "hand"), top=False)
    g.record(
        StepKind.RULE if actor == "rules" else StepKind.EFFECT,
        pid,
        effect_says(label, msg("coj.draw.draws", player=g.name(pid), n=k)),
        [*cites, ids.DRAW],
    )
    return k


def refresh(g: CodeOfJoker, pid: str, k: int, cites: Sequence[str]) -> None:
    """ドロー/2: the deck and discard pile are thrown away and the registered 40 cards set anew."""
    deck = zone_id(pid, "deck")
    left = len(g.state.zones[deck])
    registered = g.registered.get(pid, ())
    if len(registered) != 40:
        raise ScenarioError(
            [
                (
                    f"players.{pid}.registered",
                    said(msg("coj.problem.registered_needed", player=g.name(pid), n=k, left=left)),
                )
            ]
        )
    deleted = len(g.state.zones[zone_id(pid, "deleted")])
    for zone in ("deck", "discard", "deleted"):
        for iid in list(g.state.zones[zone_id(pid, zone)]):
            g.remove(iid)
    new: list[str] = []
    for key in reversed(registered):
        g.serials[pid] = g.serials.get(pid, 0) + 1
        card = Card(f"{pid}-{g.serials[pid]:02d}", key, g.defs[key].name, pid, pid, deck, face_down=True)
        new.insert(0, g.create(card).iid)
    refresh_cites = [*cites, ids.DRAW_REFRESH, ids.DRAW_REFRESH_DELETED]
    unreachable: Sentence = ""
    if left:
        unreachable = msg("coj.refresh.left", n=left)
        refresh_cites.append(ids.DRAW_REFRESH_ONE_LEFT)
    again: Sentence = msg("coj.refresh.deleted", n=deleted) if deleted else ""
    g.record(
        StepKind.RULE,
        "rules",
        msg("coj.refresh.done", player=g.name(pid), draws=k, deck=left, left=unreachable, deleted=again),
        refresh_cites,
    )
    options = g.card_options(new)
    choice = g.decide(
        DecisionRequest(
            "shuffle",
            pid,
            tuple(options),
            ids.DRAW_REFRESH,
            msg("coj.refresh.shuffle", player=g.name(pid)),
            PickMode.SOME,
            0,
            len(new),
            chance=True,
        )
    )
    top = [options[c] for c in choice]
    g.reorder(deck, top + [i for i in new if i not in top])


# --- leaving the field, destruction, deletion --------------------------------------------------


@rule(ids.CLOCK_LEAVE, ids.DISCARD, ids.DISCARD_LEVEL, ids.DISCARD_ORDER, ids.FIELD_EFFECT, role=RuleRole.TERM)
def leave_field(g: CodeOfJoker, iid: str, to: str, *, silent: bool = False) -> Card:
    """クロックレベル/6: a unit leaving the field is level 1 again (捨札/4); its markers and changes go."""
    card = g.card(iid)
    if silent:
        return card
    g.last_known[iid] = card
    pid = card.owner
    if g.defs[card.key].field:
        g.record(
            StepKind.RULE,
            "rules",
            msg("coj.field_effect.gone", card=card.name),
            [ids.FIELD_EFFECT],
        )
    new = g.move(iid, zone_id(pid, to), top=to != "hand", keep_markers=False)
    for name, default in (("level", 1), ("base", 0), ("turn", 0), ("damage", 0), ("entered", 0)):
        g.set_num(iid, name, default, default)
    for e in list(g.effects):
        if iid in e.targets:
            g.end_effect(e.key)
    return new


@rule(ids.DISCARD, ids.DISCARD_LEVEL, role=RuleRole.TERM)
def to_discard(g: CodeOfJoker, iid: str, *, silent: bool = False) -> bool:
    """捨札/1: a card from the hand or the trigger zone goes to the discard pile (newest first), at level 1."""
    if silent:
        return True
    reset_in_hand(g, iid)
    g.move(iid, zone_id(g.card(iid).owner, "discard"))
    return True


def reset_in_hand(g: CodeOfJoker, iid: str) -> None:
    """A card put from the hand into the discard pile or the trigger zone is level 1 (捨札/4)."""
    g.set_num(iid, "level", 1, 1)


@rule(
    ids.AB_DESTROY,
    ids.DESTROYED_INTERRUPT,
    ids.CLOCK_LEAVE,
    ids.DISCARD,
    ids.DISCARD_LEVEL,
    ids.DISCARD_ORDER,
    role=RuleRole.TERM,
)
def destroy(
    g: CodeOfJoker,
    iid: str,
    by: str,
    cites: Sequence[str],
    actor: str,
    label: Sentence = "",
    *,
    silent: bool = False,
) -> bool:
    """破壊: the unit goes to the discard pile; its 破壊された時 timing comes next (優先度/3)."""
    if silent or not g.on_field(iid):
        return g.on_field(iid)
    before = g.card(iid)
    pid = before.owner
    card = g.cref(iid)
    leave_field(g, iid, "discard")
    g.record(
        StepKind.RULE if actor == "rules" else StepKind.EFFECT,
        actor,
        effect_says(label, msg("coj.destroyed", card=card)),
        [*cites, ids.CLOCK_LEAVE, ids.DISCARD, ids.DISCARD_LEVEL, ids.DISCARD_ORDER],
    )
    g.destroyed.append(Event("destroyed", pid, iid, by, last_known=before))
    return True


@rule(ids.AB_DESTROY, role=RuleRole.TERM)
def zero_bp(g: CodeOfJoker, cites: Sequence[str] = (), *, silent: bool = False) -> bool:
    """戦闘ダメージ/2: a unit whose BP is 0 or less is destroyed."""
    doomed = [u for u in g.all_units() if g.bp(u) <= 0]
    if silent or not doomed:
        return bool(doomed)
    for u in doomed:
        destroy(g, u, "rules", [*cites, ids.AB_DESTROY], "rules")
    return True


@rule(ids.DELETE, ids.CLOCK_LEAVE, role=RuleRole.TERM)
def delete(g: CodeOfJoker, iid: str, actor: str, cites: Sequence[str], *, silent: bool = False) -> bool:
    """捨札/5: a deleted card is not a card of the discard pile; it is kept apart, marked DELETE."""
    if silent:
        return True
    card = g.card(iid)
    named = g.cref(iid)
    where = g.zone_of(iid)
    if where == "field":
        leave_field(g, iid, "deleted")
    else:
        g.move(iid, zone_id(card.owner, "deleted"), keep_markers=False)
    g.record(
        StepKind.EFFECT,
        actor,
        msg("coj.deleted", card=named),
        [*cites, ids.DELETE] + ([ids.CLOCK_LEAVE] if where == "field" else []),
    )
    return True


# --- damage ----------------------------------------------------------------------------------


@rule(ids.IMMORTAL, ids.ORDER_SHIELD, ids.KINGS_HEALING, role=RuleRole.TERM)
def deal_damage(
    g: CodeOfJoker,
    iid: str,
    amount: int,
    effect_of: str | None,
    cites: Sequence[str],
    actor: str,
    label: Sentence = "",
    *,
    silent: bool = False,
) -> int:
    """Damage lowers BP until the end of the turn; 【不滅】, 【秩序の盾】 and 【王の治癒力】 stop it."""
    bp = g.bp(iid)
    stop: tuple[str, Message] | None = None
    if g.has(iid, "不滅"):
        stop = (ids.IMMORTAL, msg("coj.damage.immortal"))
    elif effect_of is not None and effect_of != g.owner_zone(iid) and g.has(iid, "秩序の盾"):
        stop = (ids.ORDER_SHIELD, msg("coj.damage.order_shield"))
    elif g.has(iid, "王の治癒力") and amount < bp:
        stop = (ids.KINGS_HEALING, msg("coj.damage.kings_healing", amount=amount, bp=bp))
    if silent:
        return 0 if stop else amount
    if stop is not None:
        g.record(
            StepKind.RULE,
            "rules",
            msg("coj.damage.stopped", card=g.cref(iid), amount=amount, why=stop[1]),
            [*cites, stop[0]],
        )
        return 0
    g.set_num(iid, "damage", g.damage(iid) + amount)
    kind = StepKind.RULE if actor == "rules" else StepKind.EFFECT
    g.record(
        kind,
        actor,
        effect_says(label, msg("coj.damage.taken", card=g.cref(iid), amount=amount, before=bp, after=g.bp(iid))),
        list(cites),
    )
    return amount


# --- clock levels ----------------------------------------------------------------------------


@rule(
    ids.CLOCK_LEVELS,
    ids.CLOCK_UP_DOWN,
    ids.CLOCK_BP,
    ids.CLOCK_HEAL,
    ids.CLOCK_OC,
    ids.OC,
    ids.OC_RECOVER,
    ids.OC_NO_HEAL,
    role=RuleRole.TERM,
)
def change_level(g: CodeOfJoker, iid: str, by: int, cites: Sequence[str], actor: str, *, silent: bool = False) -> int:
    """クロックレベル: levels 1 to 3; a change sets the level's BP as base BP and heals damage; Lv.3 is OC."""
    before = g.level(iid)
    after = max(1, min(3, before + by))
    if silent:
        return after - before
    kind = StepKind.RULE if actor == "rules" else StepKind.EFFECT
    if after == before:
        extra = [ids.OC_NO_HEAL] if by > 0 and g.damage(iid) else []
        if by <= 0:
            text = msg("coj.level.lowest", card=g.cref(iid))
        elif extra:
            text = msg("coj.level.highest_damaged", card=g.cref(iid))
        else:
            text = msg("coj.level.highest", card=g.cref(iid))
        g.record(kind, actor, text, [*cites, ids.CLOCK_LEVELS, *extra])
        return 0
    bp_before = g.bp(iid)
    g.set_num(iid, "level", after, 1)
    healed = g.damage(iid)
    if healed:
        g.set_num(iid, "damage", 0)
    heal: Sentence = msg("coj.level.healed", damage=healed) if healed else ""
    card, bp_after = g.cref(iid), g.bp(iid)
    if after > before:
        text = msg(
            "coj.level.up", card=card, before=before, after=after, bp_before=bp_before, bp_after=bp_after, healed=heal
        )
    else:
        text = msg(
            "coj.level.down", card=card, before=before, after=after, bp_before=bp_before, bp_after=bp_after, healed=heal
        )
    g.record(kind, actor, text, [*cites, ids.CLOCK_UP_DOWN, ids.CLOCK_BP] + ([ids.CLOCK_HEAL] if healed else []))
    if after == 3:
        overclock(g, iid, actor)
    return after - before


@rule(ids.OC, ids.OC_RECOVER, ids.CLOCK_OC, ids.PRIORITY_OC_LAST, role=RuleRole.TERM)
def overclock(g: CodeOfJoker, iid: str, actor: str, *, silent: bool = False) -> bool:
    """オーバークロック/2: a unit that reaches Lv.3 recovers its action right and loses its attack restriction."""
    if silent:
        return True
    acted, restricted = g.acted(iid), g.restricted(iid)
    if acted:
        g.remove_marker(iid, "acted")
    if restricted:
        g.remove_marker(iid, "restricted")
    changed: Sentence = ""
    if acted and restricted:
        changed = msg("coj.oc.recovers_and_unrestricted")
    elif acted:
        changed = msg("coj.oc.recovers")
    elif restricted:
        changed = msg("coj.oc.unrestricted")
    cites = [ids.OC, ids.CLOCK_OC, ids.OC_RECOVER]
    waits: Sentence = ""
    if any(a.on == "oc" for a in g.abilities(iid)):
        g.oc_queue.append((iid, False))
        waits = msg("coj.oc.waits")
        cites.append(ids.PRIORITY_OC_LAST)
    text = msg("coj.oc.overclocks", card=g.cref(iid), changed=changed, waits=waits)
    g.record(StepKind.RULE, actor if actor != "rules" else "rules", text, cites)
    return True


# --- life, the end of the game, the joker gauge ------------------------------------------------------


@rule(ids.END, ids.END_LP_ZERO, ids.END_BOTH_ZERO, ids.JOKER_GAUGE, ids.JOKER_GAUGE_SHARED, role=RuleRole.TERM)
def life_damage(
    g: CodeOfJoker,
    pids: Sequence[str],
    amount: int,
    effect_of: str | None,
    cites: Sequence[str],
    actor: str,
    label: Sentence = "",
    *,
    silent: bool = False,
) -> bool:
    """ゲームの勝敗/2: LP 0 ends the game at once; both at 0 together lose both (/2/1)."""
    if silent:
        return True
    for pid in pids:
        before = g.counter(pid, "LP")
        after = max(0, before - amount)
        g.set_counter(pid, "LP", after)
        g.record(
            StepKind.RULE if actor == "rules" else StepKind.EFFECT,
            actor,
            effect_says(label, msg("coj.life.damage", player=g.name(pid), amount=amount, before=before, after=after)),
            list(cites),
        )
    zero = [pid for pid in g.state.players if g.counter(pid, "LP") <= 0]
    if len(zero) == len(g.state.players):
        raise g.finish(DRAW, msg("coj.end.both_zero"), [ids.END, ids.END_BOTH_ZERO])
    if zero:
        winner = g.state.opponent(zero[0])
        raise g.finish(
            winner,
            msg("coj.end.lp_zero", loser=g.name(zero[0]), winner=g.name(winner)),
            [ids.END, ids.END_LP_ZERO],
        )
    for pid in pids:
        if effect_of is not None and effect_of != pid:
            raise_gauge(g, pid, g.gauge_on_life_loss, msg("coj.gauge.life_taken"), [ids.JOKER_GAUGE])
    return True


@rule(ids.JOKER_GAUGE, ids.JOKER_GAUGE_SHARED, role=RuleRole.TERM)
def raise_gauge(
    g: CodeOfJoker, pid: str, amount: int | None, why: Sentence, cites: list[str], *, silent: bool = False
) -> bool:
    """ジョーカーカード/3: the gauge rises by a scenario-given amount (the page gives none), up to its size."""
    if silent:
        return amount is not None
    if amount is None:
        raise g.ambiguity(
            [*cites, ids.JOKER_GAUGE],
            msg("coj.gauge.no_amount", player=g.name(pid), why=why),
        )
    before = g.counter(pid, "gauge")
    after = before + amount
    if g.gauge_full is not None:
        after = min(after, g.gauge_full)
    g.set_counter(pid, "gauge", after)
    g.record(
        StepKind.RULE,
        "rules",
        msg("coj.gauge.rises", player=g.name(pid), before=before, after=after, why=why, amount=amount),
        [*cites, ids.JOKER_GAUGE_SHARED],
    )
    return True
