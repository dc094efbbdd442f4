"""The flow of the game: deck check, game start (ゲームの開始), turn start and end (バトルの流れ), game end.

A turn starts with, in order: the action right and attack restriction of the turn player's units,
CP from the table, two cards drawn, the joker handed out when the gauge is full, and the
ターン開始時 timing. The turn player then acts until the turn ends; the end runs the joker gauge,
the ターン終了時 timing and the reset of this turn's BP changes. After round 10, the second
player's turn end decides the game by LP.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from judgekit.engine import DecisionRequest, Event, GameOver, PickMode, ScriptEnd, StepKind, zone_id
from judgekit.engine.rules import RuleRole
from judgekit.errors import IllegalActionError
from judgekit.games.code_of_joker import actions, battle, ids, terms, timing
from judgekit.games.code_of_joker.format import EndTurn
from judgekit.games.code_of_joker.game import CP_BY_ROUND, HAND_LIMIT, LAST_ROUND, CodeOfJoker
from judgekit.games.code_of_joker.registry import rule
from judgekit.message import Message, Sentence, msg

ACTIONS = {
    "drive": actions.drive,
    "overdrive": actions.overdrive,
    "attack": battle.attack,
    "withdraw": actions.withdraw,
    "set": actions.set_card,
    "unset": actions.unset_card,
    "use_joker": actions.use_joker,
    "discard": actions.discard_card,
    "override": actions.override,
}
"""The turn player's actions (行動開始/2–8, the override of 用語/オーバーライド, and the taking back of a set card
that 用語/トリガーゾーン/3 forbids) by scenario name."""


def run(g: CodeOfJoker, at: str) -> None:
    """Play the game from ``at`` (``setup`` or a part of the turn) until it ends or the play list runs out."""
    try:
        if at == "setup":
            if not deck_check(g):
                return
            setup(g)
            at = "turn_start"
        turn(g, at)
    except (GameOver, ScriptEnd):
        return


@rule(ids.DECK_40, ids.DECK_THREE, ids.DECK_FOIL, role=RuleRole.PROCEDURE)
def deck_check(g: CodeOfJoker, *, silent: bool = False) -> bool:
    """デッキ構成: a deck is exactly 40 cards, at most 3 of a name, foils and normal cards together."""
    problems: list[tuple[str, list[str], Message]] = []
    for pid in g.state.players:
        cards = [g.card(i) for i in g.zone(pid, "deck")]
        if len(cards) != 40:
            problems.append((pid, [ids.DECK_40], msg("coj.deck.size", n=len(cards))))
        names = Counter(c.name for c in cards)
        for name, n in sorted(names.items()):
            if n > 3:
                keys = {c.key for c in cards if c.name == name}
                cites = [ids.DECK_THREE] + ([ids.DECK_FOIL] if len(keys) > 1 else [])
                copies = (
                    msg("coj.deck.copies_foil", n=n, card=name)
                    if len(keys) > 1
                    else msg("coj.deck.copies", n=n, card=name)
                )
                problems.append((pid, cites, copies))
    if silent:
        return not problems
    if problems:
        for pid, cites, text in problems:
            g.record(StepKind.RULE, "rules", msg("coj.deck.illegal", player=g.name(pid), why=text), cites)
        all_cites = list(dict.fromkeys(c for _, cs, _ in problems for c in cs))
        raise g.finish(None, msg("coj.deck.cannot_start"), all_cites)
    g.record(
        StepKind.RULE,
        "rules",
        msg("coj.deck.legal"),
        [ids.DECK_40, ids.DECK_THREE, ids.DECK_FOIL],
    )
    return True


@rule(ids.START_FIRST, ids.START_LP, ids.START_HAND, ids.FIRST_TURN_PLAYER, ids.SECOND_STARTS, role=RuleRole.PROCEDURE)
def setup(g: CodeOfJoker, *, silent: bool = False) -> bool:
    """ゲームの開始: chance assigns the first player; 8 LP each; 4 cards each, redrawn as often as a player wants."""
    if silent:
        return True
    g.set_phase("setup", "")
    first = g.decide(
        DecisionRequest(
            "first_player",
            None,
            tuple(g.state.players),
            ids.START_FIRST,
            msg("coj.setup.first_player"),
            chance=True,
        )
    )[0]
    g.first = first
    for pid in g.state.players:
        g.set_counter(pid, "LP", 8)
    g.record(StepKind.RULE, "rules", msg("coj.setup.lp", lp=8), [ids.START_LP])
    for pid in (first, g.state.opponent(first)):
        _take_four(g, pid)
        while True:
            answer = g.decide(
                DecisionRequest(
                    "mulligan",
                    pid,
                    ("yes", "no"),
                    ids.START_HAND,
                    msg("coj.setup.mulligan", player=g.name(pid)),
                )
            )[0]
            if answer == "no":
                break
            for iid in g.zone(pid, "hand"):
                g.move(iid, zone_id(pid, "deck"), top=False)
            g.record(StepKind.RULE, pid, msg("coj.setup.redraw", player=g.name(pid)), [ids.START_HAND])
            deck = g.zone(pid, "deck")
            options = g.card_options(deck)
            choice = g.decide(
                DecisionRequest(
                    "shuffle",
                    pid,
                    tuple(options),
                    ids.START_HAND,
                    msg("coj.setup.shuffle", player=g.name(pid)),
                    PickMode.SOME,
                    0,
                    len(deck),
                    chance=True,
                )
            )
            top = [options[c] for c in choice]
            g.reorder(zone_id(pid, "deck"), top + [i for i in deck if i not in top])
            _take_four(g, pid)
    g.set_turn(1, first)
    g.record(
        StepKind.PHASE,
        "rules",
        msg("coj.setup.first", first=g.name(first), second=g.name(g.state.opponent(first))),
        [ids.FIRST_TURN_PLAYER, ids.SECOND_STARTS],
    )
    return True


def _take_four(g: CodeOfJoker, pid: str) -> None:
    for iid in g.zone(pid, "deck")[:4]:
        g.move(iid, zone_id(pid, "hand"), top=False)
    g.record(StepKind.RULE, pid, msg("coj.setup.hand", player=g.name(pid), n=4), [ids.START_HAND])


@rule(ids.TE_NEXT, ids.TE_LOOP, ids.TURN_START, ids.TURN_END_ORDER, role=RuleRole.PROCEDURE)
def turn(g: CodeOfJoker, at: str, *, silent: bool = False) -> bool:
    """The turns follow each other: turn start, actions, turn end, then the other player's turn until the end."""
    if silent:
        return True
    part = at
    while True:
        if part == "turn_start":
            turn_start(g)
        end = action_phase(g)
        turn_end(g, end)
        round_ten(g)
        nxt = g.state.opponent(g.state.turn_player)
        g.set_turn(g.state.turn + 1, nxt)
        g.clear_flags()
        g.set_phase("turn_start", "")
        g.record(StepKind.PHASE, "rules", msg("coj.turn.swap", player=g.name(nxt)), [ids.TE_NEXT, ids.TE_LOOP])
        part = "turn_start"


@rule(ids.TURN_START, role=RuleRole.PROCEDURE)
def turn_start(g: CodeOfJoker, *, silent: bool = False) -> bool:
    """ターン開始: its steps in order."""
    if silent:
        return True
    tp = g.state.turn_player
    g.set_phase("turn_start", "")
    g.record(
        StepKind.PHASE,
        "rules",
        msg("coj.turn.starts", round=g.round, player=g.name(tp), order=_order(g, tp)),
        [ids.TURN_START],
    )
    recover_step(g)
    cp_step(g)
    draw_step(g)
    joker_step(g)
    start_effects(g)
    return True


@rule(ids.TS_RECOVER, ids.RIGHT_RECOVERED, ids.RESTRICTION_LIFTED, ids.CURSE, role=RuleRole.PROCEDURE)
def recover_step(g: CodeOfJoker, *, silent: bool = False) -> bool:
    """行動権の回復、アタック制限の解除: the turn player's units recover (【呪縛】 units do not)."""
    if silent:
        return True
    tp = g.state.turn_player
    g.set_phase("turn_start", "recover")
    cursed = []
    for u in g.units(tp):
        if g.acted(u):
            if g.has(u, "呪縛"):
                cursed.append(u)
            else:
                g.remove_marker(u, "acted")
        if g.restricted(u):
            g.remove_marker(u, "restricted")
    cites = [ids.TS_RECOVER, ids.RIGHT_RECOVERED, ids.RESTRICTION_LIFTED]
    curse: Sentence = ""
    if cursed:
        curse = msg("coj.turn.cursed", cards=tuple(g.cref(u) for u in cursed))
        cites.append(ids.CURSE)
    text = msg("coj.turn.recover", player=g.name(tp), cursed=curse)
    g.record(StepKind.RULE, "rules", text, cites)
    return True


@rule(ids.TS_CP, ids.CP_SET, ids.CP_TABLE, role=RuleRole.PROCEDURE)
def cp_step(g: CodeOfJoker, *, silent: bool = False) -> bool:
    """CPのセット: CP is set to the table's value for the round; what was left is not carried over."""
    tp = g.state.turn_player
    value = CP_BY_ROUND[g.is_first(tp)][min(g.round, LAST_ROUND) - 1]
    if silent:
        return True
    g.set_phase("turn_start", "cp")
    before = g.counter(tp, "CP")
    g.set_counter(tp, "CP", value)
    g.record(
        StepKind.RULE,
        "rules",
        msg("coj.turn.cp", player=g.name(tp), cp=value, round=g.round, order=_order(g, tp), before=before),
        [ids.TS_CP, ids.CP_SET, ids.CP_TABLE],
    )
    return True


@rule(ids.TS_DRAW, ids.FIRST_ROUND1, ids.FIRST_NO_DRAW, ids.SECOND_FREE, role=RuleRole.PROCEDURE)
def draw_step(g: CodeOfJoker, *, silent: bool = False) -> bool:
    """カードのドロー: the turn player draws 2 — but not the first player in round 1."""
    tp = g.state.turn_player
    skip = g.round == 1 and g.is_first(tp)
    if silent:
        return not skip
    g.set_phase("turn_start", "draw")
    if skip:
        g.record(
            StepKind.RULE,
            "rules",
            msg("coj.turn.first_no_draw", player=g.name(tp)),
            [ids.TS_DRAW, ids.FIRST_ROUND1, ids.FIRST_NO_DRAW],
        )
        return False
    cites = [ids.TS_DRAW] + ([ids.SECOND_FREE] if g.round == 1 else [])
    terms.draw(g, tp, 2, cites, "rules")
    return True


@rule(ids.TS_JOKER, ids.TS_JOKER_FULL_HAND, ids.JOKER_ZONE, ids.JOKER_STAYS, ids.JOKER_GAUGE, role=RuleRole.PROCEDURE)
def joker_step(g: CodeOfJoker, *, silent: bool = False) -> bool:
    """ジョーカーカードの配布: a full gauge hands a joker to the hand and is emptied (later, if the hand is 7)."""
    tp = g.state.turn_player
    gauge = g.counter(tp, "gauge")
    if silent:
        return g.gauge_full is not None and gauge >= g.gauge_full
    g.set_phase("turn_start", "joker")
    if g.gauge_full is None:
        if gauge > 0:
            raise g.ambiguity(
                [ids.TS_JOKER, ids.JOKER_GAUGE],
                msg("coj.joker.no_size", player=g.name(tp), gauge=gauge),
            )
        g.record(StepKind.RULE, "rules", msg("coj.joker.empty", player=g.name(tp)), [ids.TS_JOKER])
        return False
    if gauge < g.gauge_full:
        g.record(
            StepKind.RULE,
            "rules",
            msg("coj.joker.not_full", player=g.name(tp), gauge=gauge, full=g.gauge_full),
            [ids.TS_JOKER],
        )
        return False
    jokers = g.zone(tp, "joker")
    if len({g.card(j).key for j in jokers}) != 1:
        raise g.ambiguity(
            [ids.TS_JOKER, ids.JOKER_ZONE, ids.JOKER_STAYS],
            msg("coj.joker.which", player=g.name(tp), n=len(jokers)),
        )
    if g.hand_size(tp) >= HAND_LIMIT:
        g.pending_joker[tp] = jokers[0]
        g.record(
            StepKind.RULE,
            "rules",
            msg("coj.joker.hand_full", player=g.name(tp), limit=HAND_LIMIT),
            [ids.TS_JOKER, ids.TS_JOKER_FULL_HAND],
        )
        return True
    _hand_joker(g, tp, jokers[0], [ids.TS_JOKER, ids.JOKER_STAYS])
    return True


def _hand_joker(g: CodeOfJoker, pid: str, joker: str, cites: list[str]) -> None:
    g.move(joker, zone_id(pid, "hand"), top=False)
    before = g.counter(pid, "gauge")
    g.set_counter(pid, "gauge", 0)
    g.record(
        StepKind.RULE,
        "rules",
        msg("coj.joker.handed", player=g.name(pid), card=g.card(joker).name, gauge=before),
        cites,
    )


@rule(ids.TS_JOKER_FULL_HAND, ids.TS_JOKER, role=RuleRole.PROCEDURE)
def deliver_waiting_joker(g: CodeOfJoker, *, silent: bool = False) -> bool:
    """ジョーカーカードの配布/2: a joker held back by a full hand comes once the hand holds fewer than 7."""
    ready = [pid for pid in g.pending_joker if g.hand_size(pid) < HAND_LIMIT]
    if silent or not ready:
        return bool(ready)
    for pid in ready:
        joker = g.pending_joker.pop(pid)
        _hand_joker(g, pid, joker, [ids.TS_JOKER, ids.TS_JOKER_FULL_HAND])
    return True


@rule(ids.TS_EFFECTS, role=RuleRole.PROCEDURE)
def start_effects(g: CodeOfJoker, *, silent: bool = False) -> bool:
    """「ターン開始時」効果の発動: both players' turn-start effects fire."""
    tp = g.state.turn_player
    t = timing.Timing("ターン開始時", (Event("turn_start", tp),), (ids.TS_EFFECTS,))
    if silent:
        return timing.process(g, t, silent=True)
    g.set_phase("turn_start", "effects")
    return timing.process(g, t)


@rule(ids.ACTIONS, ids.TURN_END, role=RuleRole.PROCEDURE)
def action_phase(g: CodeOfJoker, *, silent: bool = False) -> Any:
    """行動開始: the turn player acts, any number of times, until the turn ends."""
    if silent:
        return True
    tp = g.state.turn_player
    g.set_phase("action", "")
    g.record(
        StepKind.PHASE,
        "rules",
        msg("coj.turn.action_time", player=g.name(tp), seconds=60),
        [ids.ACTIONS],
    )
    while True:
        timing.flush_oc(g)
        deliver_waiting_joker(g)
        silenced_field_check(g)
        entry = g.take_action(f"{tp}'s action (行動開始)")
        if entry is None:
            raise ScriptEnd
        if g.actor(entry) != tp:
            g.reject(entry, IllegalActionError(entry.name, ids.ACTIONS, msg("coj.turn.only_turn_player")))
            continue
        if entry.name == "end_turn":
            end = entry.payload
            assert isinstance(end, EndTurn)
            ends = (
                msg("coj.turn.ends_with_time", player=g.name(tp), seconds=end.time_left)
                if end.time_left is not None
                else msg("coj.turn.ends", player=g.name(tp))
            )
            g.record(StepKind.ACTION, tp, ends, [ids.TURN_END], play=entry.index)
            return end
        ACTIONS[entry.name](g, entry)


@rule(ids.TURN_END_ORDER, ids.TE_GAUGE, ids.JOKER_GAUGE, ids.TE_EFFECTS, role=RuleRole.PROCEDURE)
def turn_end(g: CodeOfJoker, end: Any, *, silent: bool = False) -> bool:
    """ターン終了: the joker gauge, the ターン終了時 timing, then the reset of this turn's BP changes."""
    if silent:
        return True
    tp = g.state.turn_player
    g.set_phase("turn_end", "gauge")
    why = (
        msg("coj.gauge.turn_ended_with", seconds=end.time_left)
        if end.time_left is not None
        else msg("coj.gauge.turn_ended")
    )
    terms.raise_gauge(g, tp, end.gauge, why, [ids.TURN_END_ORDER, ids.TE_GAUGE])
    g.set_phase("turn_end", "effects")
    timing.process(g, timing.Timing("ターン終了時", (Event("turn_end", tp),), (ids.TE_EFFECTS,)))
    reset_step(g)
    return True


@rule(ids.TE_RESET, ids.OC_NO_HEAL, role=RuleRole.PROCEDURE)
def reset_step(g: CodeOfJoker, *, silent: bool = False) -> bool:
    """ダメージのリセット: every unit's BP changes of this turn and its damage go; base BP changes stay."""
    if silent:
        return True
    g.set_phase("turn_end", "reset")
    touched = []
    oc = []
    for u in g.all_units():
        if g.num(u, "turn") or g.damage(u):
            touched.append(u)
            if g.damage(u) and g.level(u) == 3:
                oc.append(u)
            g.set_num(u, "turn", 0)
            g.set_num(u, "damage", 0)
    for e in [e for e in g.effects if e.until == "turn"]:
        g.end_effect(e.key)
    text = msg("coj.turn.reset")
    if touched:
        units = tuple(msg("coj.turn.reset_unit", card=g.cref(u), bp=g.bp(u)) for u in touched)
        text = msg("coj.turn.reset_units", units=units)
    cites = [ids.TE_RESET] + ([ids.OC_NO_HEAL] if oc else [])
    g.record(StepKind.RULE, "rules", text, cites)
    return True


@rule(ids.END_ROUND_TEN, ids.END, role=RuleRole.PROCEDURE)
def round_ten(g: CodeOfJoker, *, silent: bool = False) -> bool:
    """ゲームの勝敗/3: at the second player's turn end of round 10 more LP wins; a tie goes to the second player."""
    applies = g.round >= LAST_ROUND and g.state.turn_player == g.second
    if silent or not applies:
        return applies
    first, second = g.first, g.second
    lp1, lp2 = g.counter(first, "LP"), g.counter(second, "LP")
    if lp1 > lp2:
        raise g.finish(
            first,
            msg("coj.end.more_lp", round=LAST_ROUND, player=g.name(first), lp=lp1, other=lp2),
            [ids.END, ids.END_ROUND_TEN],
        )
    if lp2 > lp1:
        text = msg("coj.end.more_lp", round=LAST_ROUND, player=g.name(second), lp=lp2, other=lp1)
    else:
        text = msg("coj.end.tie", round=LAST_ROUND, lp=lp1, player=g.name(second))
    raise g.finish(second, text, [ids.END, ids.END_ROUND_TEN])


@rule(ids.SILENCE, ids.FIELD_EFFECT, role=RuleRole.PROCESS)
def silenced_field_check(g: CodeOfJoker, *, silent: bool = False) -> bool:
    """【沈黙】 stops a unit firing effects; whether it stops a field effect the page does not say."""
    both = [u for u in g.all_units() if g.definition(u).field and g.has(u, "沈黙")]
    if silent or not both:
        return bool(both)
    raise g.ambiguity(
        [ids.SILENCE, ids.FIELD_EFFECT],
        msg("coj.gap.silenced_field_effect", card=g.cref(both[0])),
    )


def _order(g: CodeOfJoker, pid: str) -> Message:
    """先攻 or 後攻, for sentences."""
    return msg("coj.order.first") if g.is_first(pid) else msg("coj.order.second")
