"""What the scenario runner needs from Code of Joker: validation, lay-out, running, board checks, template."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from judgekit.engine import Inputs, Player, StepKind
from judgekit.games import Run
from judgekit.games.code_of_joker.cards import CardDef, Effect, IfDone
from judgekit.games.code_of_joker.format import CodeOfJokerScenario, DeckEntry, HandCard, Side
from judgekit.games.code_of_joker.game import FIELD_LIMIT, TRIGGER_SLOTS, CodeOfJoker
from judgekit.games.support import (
    Layout,
    Support,
    bad_rejections,
    expected_zones,
    play_out,
    said,
    two_players,
    unknown_cards,
    unknown_kinds,
    value_findings,
)
from judgekit.message import Message, msg
from judgekit.scenario import Scenario, scripted_inputs

DECISIONS: tuple[str, ...] = ("mulligan", "block", "intercept", "target", "discard", "trigger_card", "discard_card")
"""Every decision kind the Code of Joker engine can ask a player for."""

CHANCES: tuple[str, ...] = ("first_player", "shuffle", "random")
"""Every chance kind the Code of Joker engine can ask for."""

ZONE_NAMES: tuple[str, ...] = ("deck", "hand", "field", "trigger", "discard", "deleted", "joker")

TYPE_WORDS: dict[str, Message] = {
    "unit": msg("coj.problem.type.unit"),
    "evolution": msg("coj.problem.type.evolution"),
    "trigger": msg("coj.problem.type.trigger"),
    "intercept": msg("coj.problem.type.intercept"),
    "joker": msg("coj.problem.type.joker"),
}
"""Each card type as a scenario problem names it (ユニット, 進化ユニット, …)."""
"""The zones a board expectation may name."""

_ZONE = re.compile(rf"^P[12]\.({'|'.join(ZONE_NAMES)})$")

PARTS: dict[str, Message] = {
    "setup": msg("coj.part.setup"),
    "turn_start": msg("coj.part.turn_start"),
    "action": msg("coj.part.action"),
    "battle": msg("coj.part.battle"),
    "turn_end": msg("coj.part.turn_end"),
}
"""The parts of a turn (the engine's phases) for sentences."""

STEP_NAMES: dict[str, Message] = {
    "recover": msg("coj.step.recover_name"),
    "cp": msg("coj.step.cp_name"),
    "draw": msg("coj.step.draw_name"),
    "joker": msg("coj.step.joker_name"),
    "effects": msg("coj.step.effects_name"),
    "gauge": msg("coj.step.gauge_name"),
    "reset": msg("coj.step.reset_name"),
    "attack": msg("coj.step.attack_name"),
    "block": msg("coj.step.block_name"),
    "damage": msg("coj.step.damage_name"),
    "life": msg("coj.step.life_name"),
    "end": msg("coj.step.end_name"),
}
"""Every step the engine keeps, named as the rules page heads it (バトルの流れ):
ターン開始 — 行動権の回復、アタック制限の解除 / CPのセット / カードのドロー / ジョーカーカードの配布 / 効果の発動;
ターン終了 — ジョーカーゲージの上昇 / 効果の発動 / ダメージのリセット;
アタック・ブロック — アタック選択 / ブロック選択 / 戦闘ダメージ / ライフダメージ / 戦闘終了.
For the board's caption (:func:`judgekit.render.sentences.part_name`); ``effects`` is in both the turn's start and
its end, and the caption names the part before it."""


# --- validation --------------------------------------------------------------------------------


def _ops(effects: Sequence[Effect]) -> list[Effect]:
    out: list[Effect] = []
    for op in effects:
        out.append(op)
        if isinstance(op, IfDone):
            out += _ops([*op.do, *op.then])
    return out


def _card_problems(key: str, card: CardDef) -> list[tuple[str, str]]:
    where = f"cards.{key}"
    out: list[tuple[str, str]] = []
    unitlike = card.type in ("unit", "evolution")
    if unitlike and card.bp is None:
        out.append((f"{where}.bp", said(msg("coj.problem.bp"))))
    if not unitlike and (card.bp is not None or card.abilities or card.field or card.keywords):
        out.append((where, said(msg("coj.problem.unit_only"))))
    if card.type in ("trigger", "intercept") and card.on is None:
        out.append((f"{where}.on", said(msg("coj.problem.on"))))
    if card.type in ("unit", "evolution") and card.effects:
        out.append((f"{where}.effects", said(msg("coj.problem.unit_effects"))))
    if card.type == "joker" and card.gauge is None:
        out.append((f"{where}.gauge", said(msg("coj.problem.gauge"))))
    if "次元干渉" in card.keywords and card.dimension is None:
        out.append((f"{where}.dimension", said(msg("coj.problem.dimension"))))
    for i, ab in enumerate(card.abilities):
        for op in _ops(ab.effects):
            if getattr(op, "target", None) in ("attacker", "blocker") and ab.on not in (
                "attack",
                "block",
                "battle",
                "battle_end",
                "destroyed",
                "player_attack",
            ):
                out.append((f"{where}.abilities[{i}]", said(msg("coj.problem.battle_target"))))
    return out


def _keys(side: Side) -> list[tuple[str, str]]:
    refs: list[tuple[str, str]] = []
    refs += [(f"field[{i}].card", u.card) for i, u in enumerate(side.field)]
    refs += [(f"hand[{i}]", h.card if isinstance(h, HandCard) else h) for i, h in enumerate(side.hand)]
    for name in ("trigger", "discard", "deleted", "jokers"):
        refs += [(f"{name}[{i}]", k) for i, k in enumerate(getattr(side, name))]
    for name in ("deck", "registered"):
        for i, d in enumerate(getattr(side, name)):
            refs.append(
                (
                    f"{name}[{i}]" + (".card" if isinstance(d, DeckEntry) else ""),
                    d.card if isinstance(d, DeckEntry) else d,
                )
            )
    return refs


def _count(entries: Sequence[str | DeckEntry]) -> int:
    return sum(d.copies if isinstance(d, DeckEntry) else 1 for d in entries)


def _validate(sc: CodeOfJokerScenario) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for key, card in sorted(sc.cards.items()):
        out += _card_problems(key, card)
    for pid in ("P1", "P2"):
        side: Side = getattr(sc.players, pid)
        base = f"players.{pid}"
        out += unknown_cards(base, _keys(side), sc.cards)
        for i, u in enumerate(side.field):
            if u.card in sc.cards and sc.cards[u.card].type not in ("unit", "evolution"):
                out.append(
                    (
                        f"{base}.field[{i}].card",
                        said(msg("coj.problem.field_card", card=repr(u.card), kind=TYPE_WORDS[sc.cards[u.card].type])),
                    )
                )
            if not 1 <= u.level <= 3:
                out.append((f"{base}.field[{i}].level", said(msg("coj.problem.field_level", found=u.level))))
        for i, h in enumerate(side.hand):
            if isinstance(h, HandCard) and not 1 <= h.level <= 3:
                out.append((f"{base}.hand[{i}].level", said(msg("coj.problem.hand_level", found=h.level))))
        for i, k in enumerate(side.jokers):
            if k in sc.cards and sc.cards[k].type != "joker":
                out.append(
                    (
                        f"{base}.jokers[{i}]",
                        said(msg("coj.problem.joker_card", card=repr(k), kind=TYPE_WORDS[sc.cards[k].type])),
                    )
                )
        for i, k in enumerate(side.trigger):
            if k in sc.cards and sc.cards[k].type == "joker":
                out.append((f"{base}.trigger[{i}]", said(msg("coj.problem.trigger_joker"))))
        if len(side.field) > FIELD_LIMIT:
            out.append((f"{base}.field", said(msg("coj.problem.field_count", n=len(side.field)))))
        if len(side.trigger) > TRIGGER_SLOTS:
            out.append((f"{base}.trigger", said(msg("coj.problem.trigger_count", n=len(side.trigger)))))
        if side.registered and _count(side.registered) != 40:
            out.append((f"{base}.registered", said(msg("coj.problem.registered_count", n=_count(side.registered)))))
        if sc.start.at == "setup" and (side.field or side.hand or side.trigger or side.discard or side.deleted):
            out.append((base, said(msg("coj.problem.setup_deck_only"))))
    if not 1 <= sc.start.round <= 10:
        out.append(("start.round", said(msg("coj.problem.round", found=sc.start.round))))
    out += unknown_kinds(sc.play, DECISIONS, CHANCES)
    for i, z in enumerate(sc.expect.zones):
        if not _ZONE.match(z.zone):
            out.append(
                (
                    f"expect.zones[{i}].zone",
                    said(msg("coj.problem.zone", zones="." + ", .".join(ZONE_NAMES), found=repr(z.zone))),
                )
            )
    out += bad_rejections(sc.expect.rejected, len(sc.play))
    return out


# --- laying out and running --------------------------------------------------------------------


def _expand(entries: Sequence[str | DeckEntry]) -> tuple[str, ...]:
    out: list[str] = []
    for d in entries:
        key, copies = (d.card, d.copies) if isinstance(d, DeckEntry) else (d, 1)
        out += [key] * copies
    return tuple(out)


def build(sc: CodeOfJokerScenario, inputs: Inputs) -> CodeOfJoker:
    """The engine with the scenario's starting board laid out."""
    from judgekit.games.code_of_joker.preset import PRESET

    players = two_players(sc.players)
    registered = {pid: _expand(getattr(sc.players, pid).registered) for pid in ("P1", "P2")}
    g = CodeOfJoker(PRESET, sc.cards, players, inputs, sc.start.first, sc.joker.full, sc.joker.life_loss, registered)
    setup = sc.start.at == "setup"
    turn = 2 * sc.start.round - (1 if sc.start.turn_player == sc.start.first else 0)
    lay = Layout(g, {k: c.name for k, c in sc.cards.items()}, g.serials)
    for pid in ("P1", "P2"):
        side: Side = getattr(sc.players, pid)
        for u in side.field:
            numbers = {
                "level": u.level,
                "base": u.bp_base,
                "turn": u.bp_turn,
                "damage": u.damage,
                "entered": turn if u.entered_this_turn else 0,
            }
            markers = {k: 1 for k, v in (("acted", u.acted), ("restricted", u.restricted)) if v}
            lay.new(
                pid, u.card, "field", numbers={k: v for k, v in numbers.items() if v or k == "level"}, markers=markers
            )
        for k in side.trigger:
            lay.new(pid, k, "trigger")
        for h in side.hand:
            key, level = (h.card, h.level) if isinstance(h, HandCard) else (h, 1)
            lay.new(pid, key, "hand", numbers={"level": level} if level > 1 else None)
        for key in _expand(side.deck):
            lay.new(pid, key, "deck", face_down=True)
        for k in side.discard:
            lay.new(pid, k, "discard")
        for k in side.deleted:
            lay.new(pid, k, "deleted")
        for k in side.jokers:
            lay.new(pid, k, "joker")
        if not setup:
            counters = {"LP": side.lp, "CP": side.cp, "gauge": side.gauge}
            g.state.players[pid] = Player(
                pid, g.state.players[pid].name, {k: v for k, v in sorted(counters.items()) if v}
            )
            if side.joker_used:
                g.state.flags[f"{pid}:joker"] = 1
    if not setup:
        g.state.turn = turn
        g.state.turn_player = sc.start.turn_player
        g.state.phase = sc.start.at
    return g


def run(scenario: Scenario) -> Run:
    """Play a scenario to its end and make its trace."""
    from judgekit.games.code_of_joker import flow

    sc = scenario.model
    assert isinstance(sc, CodeOfJokerScenario)
    inputs = Inputs(scripted_inputs(sc.play))
    g = build(sc, inputs)
    if sc.start.at == "setup":
        start = msg("coj.start.setup")
    else:
        part = msg("coj.part.action_time") if sc.start.at == "action" else PARTS[sc.start.at]
        start = msg(
            "coj.start.board",
            round=sc.start.round,
            player=sc.start.turn_player,
            part=part,
            first=sc.start.first,
        )
    g.record(StepKind.SETUP, "rules", start, [])

    def ended() -> Message:
        return msg("coj.ended", round=g.round, player=g.state.turn_player, part=PARTS[g.state.phase])

    return play_out("code-of-joker", scenario, g, inputs, lambda: flow.run(g, sc.start.at), ended)


# --- board expectations ------------------------------------------------------------------------


def _findings(sc: Any, run: Run) -> list[str]:
    assert isinstance(sc, CodeOfJokerScenario)
    g = run.engine
    assert isinstance(g, CodeOfJoker)
    out: list[str] = []
    for i, u in enumerate(sc.expect.units):
        key = f"expect.units[{i}] ({u.player}.{u.card})"
        unit = g.find(u.player, "field", u.card)
        if unit is None:
            keys = [g.card(x).key for x in g.units(u.player)]
            out.append(f"{key}: no such unit on the field ({', '.join(keys) or 'empty'})")
            continue
        checks: list[tuple[str, object, object]] = [
            ("bp", u.bp, g.bp(unit)),
            ("level", u.level, g.level(unit)),
            ("acted", u.acted, g.acted(unit)),
            ("restricted", u.restricted, g.restricted(unit)),
            ("damage", u.damage, g.damage(unit)),
            ("keywords", sorted(u.keywords) if u.keywords is not None else None, sorted(g.keywords(unit))),
        ]
        out += value_findings(key, checks)
    out += expected_zones(g, sc.expect.zones, (".deck", ".discard", ".field", ".trigger"))
    for i, p in enumerate(sc.expect.players):
        for name, want, counter in (("lp", p.lp, "LP"), ("cp", p.cp, "CP"), ("gauge", p.gauge, "gauge")):
            got = g.counter(p.player, counter)
            if want is not None and want != got:
                out.append(f"expect.players[{i}] ({p.player}).{name}: expected {want}; found {got}")
    return out


TEMPLATE = '''# {name}: a Code of Joker scenario. Format: docs/scenario-format-code-of-joker.md;
# schema: schemas/scenario.schema.json.
# Rule ids are the outline ids of the rules page (judgekit export code-of-joker --format text).
game = "code-of-joker"
rulebook = "2016-08-21"             # the version of the wiki rules page
title = "{name}"
question = """
What is in dispute, as a player would ask it.
"""
ruling = """
The answer by the rules, citing them.
"""
tags = []

[start]
at = "action"                       # setup | turn_start | action
round = 3
turn_player = "P1"
first = "P1"                        # the first player (先攻)

[joker]                             # the page gives no gauge amounts: they are inputs
# full = 100
# life_loss = 10

[cards.attacker]
name = "アタッカー"
type = "unit"                       # unit | evolution | trigger | intercept | joker
color = "red"
cost = 3
bp = [5000, 6000, 7000]             # BP at Lv.1, Lv.2, Lv.3
keywords = []                       # e.g. ["貫通"]
text = "printed card text, for display"

[cards.defender]
name = "ディフェンダー"
type = "unit"
color = "blue"
cost = 2
bp = [3000, 4000, 5000]

[players.P1]
lp = 8
cp = 4
field = [{ card = "attacker" }]
deck = ["defender", "defender"]

[players.P2]
lp = 8
field = [{ card = "defender" }]
deck = ["defender", "defender"]

[[play]]                            # actions (do), decisions (decide) and chance, in order
do = "attack"
unit = "attacker"

[[play]]
decide = "block"
by = "P2"
choose = "P2.defender"

[expect]
end = "script_end"                  # game_over (with winner) | script_end | decision_needed | ambiguity
cites = ["バトルの流れ/アタック・ブロック/戦闘ダメージ/1"]
units = [{ player = "P1", card = "attacker", level = 2, bp = 6000 }]
zones = [{ zone = "P2.discard", cards = ["defender"] }]
'''
"""The commented template ``judgekit new code-of-joker NAME`` writes."""


SUPPORT = Support(
    id="code-of-joker",
    scenario_model=CodeOfJokerScenario,
    preset_module="judgekit.games.code_of_joker.preset",
    decisions=DECISIONS,
    chances=CHANCES,
    checks=_validate,
    runner=run,
    board=_findings,
    template_text=TEMPLATE,
)
"""The Code of Joker support object the registry hands out."""
