"""The flow of the game: deck check and set-up (402–403), turns and phases (501–505, 601–607)."""

from __future__ import annotations

from collections import Counter

from judgekit.engine import DRAW, DecisionRequest, Event, GameOver, ScriptedInput, ScriptEnd, StepKind, zone_id
from judgekit.engine.rules import RuleRole
from judgekit.errors import IllegalActionError
from judgekit.games.divine_cross import abilities, actions, battle, continuous, processing, terms
from judgekit.games.divine_cross.cards import DeckCopies
from judgekit.games.divine_cross.game import DivineCross
from judgekit.games.divine_cross.registry import rule
from judgekit.games.divine_cross.wording import PHASE
from judgekit.message import Message, msg

MAIN_ACTIONS = {
    "charge": actions.charge,
    "play_unit": actions.play_unit,
    "play_command": actions.play_command,
    "retreat": actions.retreat,
    "ex_power": actions.ex_power,
}
"""The main-phase actions (503.3a–e) by their scenario name."""


def run(g: DivineCross, at: str) -> None:
    """Play the game from ``at`` (``setup`` or a phase) until it ends or the play list runs out."""
    try:
        if at == "setup":
            if not deck_check(g):
                return
            setup(g)
            at = "draw"
        turn(g, at)
    except (GameOver, ScriptEnd):
        return


def handled_anytime(g: DivineCross, entry: ScriptedInput) -> bool:
    """Actions any player may take at any action point (concession, 103.4)."""
    if entry.name == "concede":
        actions.concede(g, entry)
        return True
    return False


PART_NAMES: dict[tuple[str, str], Message] = {
    ("phase", "setup"): msg("dc.phase.setup_name"),
    ("phase", "draw"): msg("dc.phase.draw_name"),
    ("phase", "main"): msg("dc.phase.main_name"),
    ("phase", "battle"): msg("dc.phase.battle_name"),
    ("phase", "end"): msg("dc.phase.end_name"),
    ("step", "start"): msg("dc.step.start_name"),
    ("step", "skill"): msg("dc.step.skill_name"),
    ("step", "damage"): msg("dc.step.damage_name"),
    ("step", "end"): msg("dc.step.end_name"),
}
"""Every phase and step the engine keeps, named in full as the rulebook prints it (403 ゲームの準備,
502–505 ドローフェイズ … エンドフェイズ, 702–705 バトルフェイズ開始ステップ … バトルフェイズ終了ステップ):
the board's caption (:func:`judgekit.render.sentences.part_name`)."""

_KIND: dict[str, Message] = {"unit": msg("dc.kind.unit"), "command": msg("dc.kind.command")}
"""The card types (201.1), for sentences."""


def _copy_limit(g: DivineCross, name: str, kind: str) -> tuple[int | None, bool]:
    """402.2c's limit for cards of this name and kind, and whether a card's ability replaced it (402.3)."""
    for d in g.defs.values():
        if d.name == name and d.type == kind:
            for p in d.ex:
                for op in p.statics:
                    if isinstance(op, DeckCopies):
                        return op.copies, True
    return 2, False


@rule("402.1", "402.2", "402.2b", "402.2c", "402.2d", "402.3", "802.3", role=RuleRole.PROCEDURE)
def deck_check(g: DivineCross, *, silent: bool = False) -> bool:
    """402.2: a deck is exactly 30 cards, at most 2 of a name and kind, with at least one unit; an ability
    that replaces a deck-construction rule applies here only (402.3)."""
    problems: list[tuple[str, str, Message]] = []
    replaced: list[tuple[str, str, int]] = []
    for pid in g.state.players:
        cards = [g.card(i) for i in g.state.zones[zone_id(pid, "deck")]]
        if len(cards) != 30:
            problems.append((pid, "402.2b", msg("dc.deck.size", n=len(cards))))
        copies = Counter((c.name, g.defs[c.key].type) for c in cards)
        for (name, kind), n in sorted(copies.items()):
            limit, by_ability = _copy_limit(g, name, kind)
            if limit is not None and n > limit:
                problems.append((pid, "402.2c", msg("dc.deck.copies", n=n, card=name, kind=_KIND[kind], limit=limit)))
            elif n > 2 and by_ability:
                replaced.append((pid, name, n))
        if not any(g.defs[c.key].type == "unit" for c in cards):
            problems.append((pid, "402.2d", msg("dc.deck.no_unit")))
    if silent:
        return not problems
    if problems:
        for pid, rid, text in problems:
            g.record(StepKind.RULE, "rules", msg("dc.deck.illegal", player=g.name(pid), why=text), ["402.2", rid])
        g.finish(
            None,
            msg("dc.result.deck_illegal"),
            ["402.1", "402.2", *dict.fromkeys(rid for _, rid, _ in problems)],
        )
        return False
    for pid, name, n in replaced:
        g.record(
            StepKind.RULE,
            "rules",
            msg("dc.deck.copies_by_ability", player=g.name(pid), n=n, card=name),
            ["402.3", "802.3", "402.2c"],
        )
    g.record(
        StepKind.RULE,
        "rules",
        msg("dc.deck.legal"),
        ["402.1", "402.2", "402.2b", "402.2c", "402.2d"],
    )
    return True


@rule(
    "403.1",
    "401.1",
    "403.2",
    "403.3",
    "403.3a",
    "403.3a-1",
    "403.3a-2",
    "403.4",
    "403.5",
    "403.6",
    "303.1",
    role=RuleRole.PROCEDURE,
)
def setup(g: DivineCross, *, silent: bool = False) -> bool:
    """403: shuffle, draw five, a face-down main unit (or the redo of 403.3a), first player, flip, start."""
    if silent:
        return True
    g.set_phase("setup", "")
    redo = list(g.state.players)
    while True:
        for pid in redo:
            terms.shuffle(g, pid, ["401.1", "403.1"] if redo == list(g.state.players) else ["403.1"])
            deck = zone_id(pid, "deck")
            for iid in list(g.state.zones[deck][:5]):
                g.move(iid, zone_id(pid, "hand"))
            g.record(StepKind.RULE, pid, msg("dc.setup.draw_five", player=g.name(pid)), ["403.2"])
        without = [
            pid for pid in g.state.players if not any(g.is_unit_card(i) for i in g.state.zones[zone_id(pid, "hand")])
        ]
        if not without:
            break
        for pid in without:
            hand = tuple(g.card(i).name for i in g.state.zones[zone_id(pid, "hand")])
            g.record(
                StepKind.RULE,
                pid,
                msg("dc.setup.no_unit_in_hand", player=g.name(pid), hand=hand),
                ["403.3a", "403.3a-1" if len(without) == 1 else "403.3a-2"],
            )
        if len(without) == 1:
            other = g.state.opponent(without[0])
            answer = g.decide(
                DecisionRequest(
                    "redo_draw",
                    other,
                    ("yes", "no"),
                    "403.3a-1",
                    msg("dc.prompt.redo_draw", player=g.name(other)),
                )
            )
            if answer[0] == "yes":
                terms.draw(g, other, 1, ["403.3a-1"], other)
        for pid in without:
            for iid in list(g.state.zones[zone_id(pid, "hand")]):
                g.move(iid, zone_id(pid, "deck"), top=False)
            g.record(
                StepKind.RULE,
                pid,
                msg("dc.setup.redo", player=g.name(pid), rule="403.1"),
                ["403.3a-1" if len(without) == 1 else "403.3a-2"],
            )
        redo = without
    for pid in g.state.players:
        units = [i for i in g.state.zones[zone_id(pid, "hand")] if g.is_unit_card(i)]
        unit = terms.pick_cards(
            g,
            pid,
            units,
            1,
            "main_unit",
            "403.3",
            msg("dc.prompt.main_unit", player=g.name(pid)),
        )[0]
        g.move(unit, zone_id(pid, "main"), face_down=True)
        g.record(StepKind.RULE, pid, msg("dc.setup.main_unit", player=g.name(pid)), ["403.3"])
    first = g.decide(
        DecisionRequest(
            "first_player",
            None,
            tuple(g.state.players),
            "403.4",
            msg("dc.prompt.first_player"),
            chance=True,
        )
    )[0]
    for pid in g.state.players:
        m = g.main_unit(pid)
        assert m is not None
        g.turn_face(m, False)
    g.record(StepKind.RULE, "rules", msg("dc.setup.face_up"), ["403.5", "303.1"])
    g.set_turn(1, first)
    g.record(StepKind.PHASE, "rules", msg("dc.setup.first", player=g.name(first)), ["403.6"])
    return True


@rule("501.1", "505.4", role=RuleRole.PROCEDURE)
def turn(g: DivineCross, at: str, *, silent: bool = False) -> bool:
    """501.1: each turn runs the draw, main, battle and end phases; then the other player's turn (505.4)."""
    if silent:
        return True
    phases = ("draw", "main", "battle", "end")
    start = phases.index(at)
    while True:
        for phase in phases[start:]:
            if phase == "draw":
                draw_phase(g)
            elif phase == "main":
                main_phase(g)
            elif phase == "battle":
                battle.battle_phase(g)
            else:
                end_phase(g)
        nxt = g.state.opponent(g.state.turn_player)
        g.set_turn(g.state.turn + 1, nxt)
        g.clear_flags()
        g.set_phase("draw", "")
        g.record(StepKind.PHASE, "rules", msg("dc.flow.turn", n=g.state.turn, player=g.name(nxt)), ["505.4", "501.1"])
        continuous.start_scheduled(g)
        start = 0


@rule("502.1", "502.2", "502.3", role=RuleRole.PROCEDURE)
def draw_phase(g: DivineCross, *, silent: bool = False) -> bool:
    """502: the turn player draws one; draw-phase, turn and game start triggers; rule check."""
    if silent:
        return True
    tp = g.state.turn_player
    g.set_phase("draw", "")
    g.record(StepKind.PHASE, "rules", msg("dc.flow.phase", player=g.name(tp), phase=PHASE["draw"]), ["502.1"])
    terms.draw(g, tp, 1, ["502.1"], tp)
    abilities.trigger(g, Event("draw_phase_start", tp), cause=("502.2",))
    abilities.trigger(g, Event("turn_start", tp), cause=("502.2",))
    if g.state.turn == 1:
        abilities.trigger(g, Event("game_start", tp), cause=("502.2",))
    processing.rule_check(g, ["502.3"])
    return True


@rule(
    "503.1",
    "503.2",
    "503.3",
    "503.3a",
    "503.3b",
    "503.3c",
    "503.3d",
    "503.3e",
    "503.3f",
    "503.4",
    "601.1",
    "601.2",
    "607.1",
    role=RuleRole.PROCEDURE,
)
def main_phase(g: DivineCross, *, silent: bool = False) -> bool:
    """503: main-phase start triggers, then rule check and one action at a time until the phase ends."""
    if silent:
        return True
    tp = g.state.turn_player
    g.set_phase("main", "")
    g.record(StepKind.PHASE, "rules", msg("dc.flow.phase", player=g.name(tp), phase=PHASE["main"]), ["503.1", "601.1"])
    abilities.trigger(g, Event("main_phase_start", tp), cause=("503.1",))
    g.loop_block = None
    while True:
        processing.rule_check(g, ["503.2"])
        entry = g.take_action(f"{tp}'s main-phase action (503.3)")
        if entry is None:
            raise ScriptEnd
        if handled_anytime(g, entry):
            continue
        if g.actor(entry) != tp:
            g.reject(entry, IllegalActionError(entry.name, "503.3", msg("dc.reject.not_turn_player_main")))
            continue
        if entry.name == "end_main":
            g.record(
                StepKind.ACTION,
                tp,
                msg("dc.flow.end_main", player=g.name(tp)),
                ["503.3f", "607.1", "503.4"],
                play=entry.index,
            )
            return True
        fn = MAIN_ACTIONS.get(entry.name)
        if fn is None:
            g.reject(
                entry, IllegalActionError(entry.name, "503.3", msg("dc.reject.not_main_action", action=entry.name))
            )
            continue
        if fn(g, entry) and entry.name != "ex_power":
            g.loop_block = None  # another action: a loop repeated as named may be repeated again (1101.1a)


@rule("505.1", "505.2", "505.3", "505.3a", "505.3b", "505.3c", "809.8", "1101.1", "1101.1c", role=RuleRole.PROCEDURE)
def end_phase(g: DivineCross, *, silent: bool = False) -> bool:
    """505: turn-end triggers, then rule check and the final steps until nothing more is to be done."""
    if silent:
        return True
    tp = g.state.turn_player
    g.set_phase("end", "")
    g.record(StepKind.PHASE, "rules", msg("dc.flow.phase", player=g.name(tp), phase=PHASE["end"]), ["505.1"])
    abilities.trigger(g, Event("turn_end", tp), cause=("505.1",))
    rounds = 0
    while True:
        processing.rule_check(g, ["505.2"])
        ending = [e for e in g.effects if e.until == "end_of_turn"]
        for e in ending:
            g.end_effect(e.key)
            g.record(
                StepKind.RULE, "rules", msg("dc.flow.effect_ends", effect=g.what(e.label)), ["505.3", "505.3a", "809.8"]
            )
        main = g.main_unit(tp)
        if main is not None and g.stunned(main):
            g.remove_marker(main, "stun")
            g.record(StepKind.RULE, "rules", msg("dc.flow.unstun", unit=g.cref(main)), ["505.3", "505.3b"])
        if not processing.rule_check(g, ["505.2"], silent=True):
            return True
        rounds += 1
        g.record(StepKind.RULE, "rules", msg("dc.flow.end_again"), ["505.3c"])
        if rounds > processing.LOOP_LIMIT:
            raise g.finish(
                DRAW,
                msg("dc.result.end_phase_loop"),
                ["505.3c", "1101.1", "1101.1c"],
            )
