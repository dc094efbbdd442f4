"""What the scenario runner needs from the dice-and-castle game: validation, lay-out, running, board checks."""

from __future__ import annotations

import re
from typing import Any

from judgekit.engine import Card, Inputs, Player, zone_id
from judgekit.games import Run
from judgekit.games.dice_castle.format import CastleEntry, DiceCastleScenario, Side
from judgekit.games.dice_castle.game import PHASE_NAMES, DiceCastle
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
)
from judgekit.message import Message, Sentence, msg
from judgekit.scenario import Scenario, scripted_inputs

DECISIONS: tuple[str, ...] = (
    "target",
    "optional",
    "mode",
    "pay",
    "take",
    "search",
    "die",
    "counter_order",
    "effect_order",
    "reattack",
)
"""Every decision kind the dice-and-castle engine can ask a player for."""

CHANCES: tuple[str, ...] = ("roll", "shuffle")
"""Every chance kind the dice-and-castle engine can ask for."""

_ZONE = re.compile(r"^(P[12]\.(king|dice|units|magic|hand|castle|damage|discard|support)|waiting)$")
_ORDERED = (".castle", ".damage", ".discard", ".king", ".dice")


# --- validation --------------------------------------------------------------------------------


def _side_cards(side: Side) -> list[tuple[str, str]]:
    refs: list[tuple[str, str]] = [("king", side.king)]
    refs += [(f"king_under[{i}]", k) for i, k in enumerate(side.king_under)]
    refs += [(f"units[{i}].card", u.card) for i, u in enumerate(side.units)]
    refs += [(f"magic[{i}].card", m.card) for i, m in enumerate(side.magic)]
    for zone in ("hand", "damage", "discard", "support"):
        refs += [(f"{zone}[{i}]", k) for i, k in enumerate(getattr(side, zone))]
    for i, c in enumerate(side.castle):
        refs.append(
            (
                f"castle[{i}]" + (".card" if isinstance(c, CastleEntry) else ""),
                c.card if isinstance(c, CastleEntry) else c,
            )
        )
    return refs


TYPE_WORDS: dict[str, Message] = {
    "unit": msg("dice.problem.type.unit"),
    "magic": msg("dice.problem.type.magic"),
    "king": msg("dice.problem.type.king"),
}
"""Each card type as a scenario problem names it (ユニット, マジック, キング)."""


def _validate(sc: DiceCastleScenario) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for key, card in sorted(sc.cards.items()):
        where = f"cards.{key}"
        if card.type == "magic" and card.magic is None:
            out.append((f"{where}.magic", said(msg("dice.problem.magic_kind"))))
        if card.type != "magic" and card.magic is not None:
            out.append((f"{where}.magic", said(msg("dice.problem.magic_kind_only"))))
        if card.magic == "counter" and card.counter is None:
            out.append((f"{where}.counter", said(msg("dice.problem.counter"))))
        if card.type == "unit" and card.hp is None:
            out.append((f"{where}.hp", said(msg("dice.problem.unit_hp"))))
        if card.type == "king" and card.walls is None:
            out.append((f"{where}.walls", said(msg("dice.problem.king_walls"))))
    for pid in ("P1", "P2"):
        side: Side = getattr(sc.players, pid)
        base = f"players.{pid}"
        out += unknown_cards(base, _side_cards(side), sc.cards)
        if side.king in sc.cards and sc.cards[side.king].type != "king":
            out.append(
                (
                    f"{base}.king",
                    said(
                        msg("dice.problem.king_card", card=repr(side.king), kind=TYPE_WORDS[sc.cards[side.king].type])
                    ),
                )
            )
        for i, u in enumerate(side.units):
            if u.card in sc.cards and sc.cards[u.card].type != "unit":
                out.append((f"{base}.units[{i}].card", said(msg("dice.problem.unit_card", card=repr(u.card)))))
        for i, m in enumerate(side.magic):
            if m.card in sc.cards and sc.cards[m.card].type != "magic" and not m.face_down:
                out.append((f"{base}.magic[{i}].card", said(msg("dice.problem.magic_card", card=repr(m.card)))))
    if sc.start.at == "check" and sc.play:
        out.append(("play", said(msg("dice.problem.check_play"))))
    if sc.match is not None and sc.start.at != "check":
        out.append(("match", said(msg("dice.problem.match"))))
    out += unknown_kinds(sc.play, DECISIONS, CHANCES)
    for i, z in enumerate(sc.expect.zones):
        if not _ZONE.match(z.zone):
            out.append(
                (
                    f"expect.zones[{i}].zone",
                    said(msg("dice.problem.zone", found=repr(z.zone))),
                )
            )
    basics = {f for f in sc.basics.__dataclass_fields__}
    for i, key in enumerate(sc.expect.assumptions):
        if key not in basics:
            out.append(
                (
                    f"expect.assumptions[{i}]",
                    said(msg("dice.problem.basics_key", keys=", ".join(sorted(basics)), found=repr(key))),
                )
            )
    out += bad_rejections(sc.expect.rejected, len(sc.play))
    return out


# --- laying out and running --------------------------------------------------------------------


def build(sc: DiceCastleScenario, inputs: Inputs) -> DiceCastle:
    """The engine with the scenario's starting board laid out."""
    from judgekit.games.dice_castle.preset import PRESET

    players = two_players(sc.players)
    g = DiceCastle(PRESET, sc.cards, sc.basics, players, inputs)
    st = g.state
    lay = Layout(g, {k: c.name for k, c in sc.cards.items()})
    for pid in ("P1", "P2"):
        side: Side = getattr(sc.players, pid)
        lay.new(pid, side.king, "king")
        for k in reversed(side.king_under):
            lay.new(pid, k, "king")
        for i, die in enumerate(side.dice, 1):
            g.place_new(
                Card(
                    f"{pid}-die{i}",
                    f"die:{die.attribute}",
                    f"サイコロ({die.attribute})",
                    pid,
                    pid,
                    zone_id(pid, "dice"),
                    markers={"all": 1} if die.makes_all else {},
                )
            )
        for u in side.units:
            c = lay.new(pid, u.card, "units", markers={"damage": u.damage} if u.damage else {})
            if u.attacks_used:
                g.attacks_used[c.iid] = u.attacks_used
            if u.from_support:
                g.from_support.add(c.iid)
        for m in side.magic:
            markers = {f"die:{m.die_attribute}": 1} if m.die_attribute else {}
            lay.new(
                pid,
                m.card,
                "magic",
                face_down=m.face_down,
                markers=markers,
                numbers={"die": m.die} if m.die is not None else {},
            )
        for k in side.hand:
            lay.new(pid, k, "hand")
        for entry in side.castle:
            key, copies = (entry.card, entry.copies) if isinstance(entry, CastleEntry) else (entry, 1)
            for _ in range(copies):
                lay.new(pid, key, "castle", face_down=True)
        for k in side.damage:
            lay.new(pid, k, "damage", face_down=True)
        for k in side.discard:
            lay.new(pid, k, "discard")
        for k in side.support:
            lay.new(pid, k, "support")
        counters = {f"energy:{a}": n for a, n in side.energy.items() if n}
        if side.walls:
            counters["walls"] = side.walls
        st.players[pid] = Player(pid, st.players[pid].name, dict(sorted(counters.items())))
        for used in side.used:
            st.flags[f"{pid}:{used}"] = 1
    if sc.start.at not in ("check", "dice"):
        st.turn_player = sc.start.turn_player
        st.phase = sc.start.at
    else:
        st.turn_player = sc.start.first
    st.turn = sc.start.turn
    g.first = sc.start.first
    g.competitive = sc.start.competitive
    g.match = sc.match
    return g


def run(scenario: Scenario) -> Run:
    """Play a scenario to its end and make its trace."""
    from judgekit.games.dice_castle import flow

    sc = scenario.model
    assert isinstance(sc, DiceCastleScenario)
    inputs = Inputs(scripted_inputs(sc.play))
    g = build(sc, inputs)
    if sc.start.at == "check":
        where = msg("dice.start.check")
    elif sc.start.at == "dice":
        where = msg("dice.start.dice", turn=sc.start.turn)
    else:
        player, phase = sc.start.turn_player, PHASE_NAMES[sc.start.at]
        where = (
            msg("dice.start.first", turn=sc.start.turn, player=player, phase=phase)
            if sc.start.turn_player == sc.start.first
            else msg("dice.start.second", turn=sc.start.turn, player=player, phase=phase)
        )
    flow.lay_out(g, where)

    def ended() -> Sentence:
        phase = PHASE_NAMES.get(g.state.phase, g.state.phase)
        return msg("dice.ended", turn=g.state.turn, player=g.state.turn_player, phase=phase)

    return play_out("dice-castle", scenario, g, inputs, lambda: flow.run(g, sc.start.at), ended)


# --- board expectations ------------------------------------------------------------------------


def _findings(sc: Any, run: Run) -> list[str]:
    assert isinstance(sc, DiceCastleScenario)
    g = run.engine
    assert isinstance(g, DiceCastle)
    out: list[str] = []
    for i, u in enumerate(sc.expect.units):
        key = f"expect.units[{i}] ({u.player}:{u.card})"
        found = [x for x in g.zone(u.player, "units") if g.card(x).key == u.card]
        if not u.present:
            if found:
                out.append(f"{key}: expected it gone; it is on the field")
            continue
        if not found:
            out.append(f"{key}: expected on {u.player}'s unit zone; it is not there")
            continue
        damage = g.card(found[0]).markers.get("damage", 0)
        if u.damage is not None and u.damage != damage:
            out.append(f"{key}.damage: expected {u.damage}; found {damage}")
    out += expected_zones(g, sc.expect.zones, _ORDERED)
    for i, p in enumerate(sc.expect.players):
        where = f"expect.players[{i}] ({p.player})"
        if p.walls is not None and p.walls != g.walls(p.player):
            out.append(f"{where}.walls: expected {p.walls}; found {g.walls(p.player)}")
        if p.energy is not None:
            energy = {k: v for k, v in p.energy.items() if v}
            if energy != g.energy(p.player):
                out.append(f"{where}.energy: expected {energy}; found {g.energy(p.player)}")
        if p.dice is not None:
            dice = tuple(g.card(d).key.split(":", 1)[1] for d in g.zone(p.player, "dice"))
            if tuple(p.dice) != dice:
                out.append(f"{where}.dice: expected {', '.join(p.dice)}; found {', '.join(dice)}")
        if p.king is not None and p.king != g.card(g.king(p.player)).key:
            out.append(f"{where}.king: expected {p.king}; found {g.card(g.king(p.player)).key}")
    for key in sc.expect.assumptions:
        if key not in g.assumed:
            out.append(f"expect.assumptions: basics.{key} is never shown as an assumption")
    if sc.expect.unresolved and sorted(sc.expect.unresolved) != sorted(g.unresolved):
        out.append(
            f"expect.unresolved: expected {', '.join(sc.expect.unresolved)}; found {', '.join(g.unresolved) or 'none'}"
        )
    return out


TEMPLATE = '''# {name}: a dice-and-castle scenario. Format: docs/scenario-format-dice-castle.md;
# schema: schemas/scenario.schema.json.
# The detailed rules are a supplement: values they do not give go in [basics], and the trace shows each as an
# assumption when the engine first relies on it. Card lists are card keys, top first where order counts.
game = "dice-castle"
rulebook = "第1版"
title = "{name}"
question = """
What is in dispute, as a player would ask it.
"""
ruling = """
The answer by the rules, citing them (e.g. ゲーム全体のルール/勝敗のチェック/2).
"""
tags = []

[basics]                               # only what the scenario relies on; omit the rest
attack_targets = "unit_or_castle"
attack_damage = "attack"
counter_damage = "attack"
unit_destroyed = "damage_reaches_hp"

[start]
at = "battle"                          # check | dice | draw | set | battle | end
turn = 1
turn_player = "P1"
first = "P1"                           # who goes first this turn

[cards.king]
name = "キング"
type = "king"
attributes = ["fire"]
walls = 3

[cards.soldier]
name = "兵士"
type = "unit"
attack = 2
hp = 3

[players.P1]
king = "king"
units = [{ card = "soldier" }]
castle = [{ card = "soldier", copies = 5 }]

[players.P2]
king = "king"
units = [{ card = "soldier", damage = 1 }]
castle = [{ card = "soldier", copies = 5 }]

[[play]]                               # actions (do), decisions (decide) and chance, in order
do = "attack"
unit = "soldier"
target = "soldier"

[expect]
end = "script_end"                     # game_over (with winner) | script_end | decision_needed | ambiguity
cites = ["ゲーム全体のルール/フェイズ規定処理について/バトルフェイズ/5"]
units = [{ player = "P2", card = "soldier", present = false }, { player = "P1", card = "soldier", damage = 2 }]
assumptions = ["attack_damage", "counter_damage"]
'''
"""The commented template ``judgekit new dice-castle NAME`` writes."""


SUPPORT = Support(
    id="dice-castle",
    scenario_model=DiceCastleScenario,
    preset_module="judgekit.games.dice_castle.preset",
    decisions=DECISIONS,
    chances=CHANCES,
    checks=_validate,
    runner=run,
    board=_findings,
    template_text=TEMPLATE,
)
"""The dice-and-castle support object the registry hands out."""
