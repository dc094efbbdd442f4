"""What the scenario runner needs from Divine Cross: validation, lay-out, running, board checks, template."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from judgekit.engine import Inputs, Player, StepKind
from judgekit.errors import ScenarioError
from judgekit.games import Run
from judgekit.games.divine_cross import continuous
from judgekit.games.divine_cross.cards import (
    AndThen,
    BaseAttribute,
    CardDef,
    Continuous,
    Discard,
    Draw,
    Effect,
    ExPower,
    GainAbility,
    Heal,
    If,
    IfDone,
    Janken,
    Replace,
    Skill,
    UseAgain,
)
from judgekit.games.divine_cross.format import DeckEntry, DivineCrossScenario, Side, UnitSetup
from judgekit.games.divine_cross.game import STANDBY, DivineCross
from judgekit.games.divine_cross.terms import CHOOSING
from judgekit.games.divine_cross.wording import PHASE
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

DECISIONS: tuple[str, ...] = (
    "main_unit",
    "redo_draw",
    "promote",
    "trigger_order",
    "modifier_order",
    "replacement",
    "target",
    "optional",
    "number",
    "discard",
    "energy",
    "charge_card",
    "attach",
    "search",
    "swap",
    "put_in_ko",
    "card_order",
    "loop",
)
"""Every decision kind the Divine Cross engine can ask a player for."""

CHANCES: tuple[str, ...] = ("janken", "shuffle", "first_player")
"""Every chance kind the Divine Cross engine can ask for."""

_UNIT_AT = re.compile(r"^P[12]\.(main|standby[123])$")
_ZONE = re.compile(r"^P[12]\.(hand|deck|discard|ko)$")


# --- validation --------------------------------------------------------------------------------


def _effects(effects: Sequence[Effect]) -> list[Effect]:
    out: list[Effect] = []
    for op in effects:
        out.append(op)
        if isinstance(op, Janken):
            out += _effects([*op.on_win, *op.on_lose, *op.per_win])
        elif isinstance(op, IfDone):
            out += _effects([*op.do, *op.then, *op.otherwise])
        elif isinstance(op, AndThen | If):
            out += _effects([*op.first, *op.then] if isinstance(op, AndThen) else op.then)
        elif hasattr(op, "effects"):
            out += _effects(op.effects)
    return out


def _card_problems(key: str, card: CardDef) -> list[tuple[str, str]]:
    where = f"cards.{key}"
    out: list[tuple[str, str]] = []
    if card.type == "unit" and card.hp is None:
        out.append((f"{where}.hp", said(msg("dc.problem.unit_hp"))))
    if card.type == "unit" and card.command is not None:
        out.append((f"{where}.command", said(msg("dc.problem.unit_class"))))
    if card.type == "command" and card.command is None:
        out.append((f"{where}.command", said(msg("dc.problem.command_class"))))
    if card.type == "command" and card.command != "assist" and (card.skills or card.ex):
        out.append((f"{where}", said(msg("dc.problem.abilities_on"))))
    for i, p in enumerate(card.ex):
        out += _power_problems(f"{where}.ex[{i}]", p)
    for i, s in enumerate(card.skills):
        out += _skill_problems(f"{where}.skills[{i}]", s)
    ops = _effects([*card.effects, *(o for s in card.skills for o in (*s.before_damage, *s.effects))])
    ops += _effects([o for p in card.ex for o in p.effects])
    for op in ops:
        if isinstance(op, Discard) and op.card is not None and (op.count is not None or op.all or op.energy_of):
            out.append((f"{where}", said(msg("dc.problem.discard_this"))))
        if isinstance(op, If) and op.condition.unit in CHOOSING:
            out.append((f"{where}", said(msg("dc.problem.if_unit"))))
        if isinstance(op, Draw) and op.per is not None and (op.up_to or op.until_hand is not None):
            out.append((f"{where}", said(msg("dc.problem.draw_per"))))
        if isinstance(op, Heal) and op.per is not None and (op.all or op.amount is None):
            out.append((f"{where}", said(msg("dc.problem.heal_per"))))
        if isinstance(op, If) and op.condition.moved is not None:
            out.append((f"{where}", said(msg("dc.problem.if_moved"))))
        if not isinstance(op, Continuous):
            continue
        if op.duration == "while" and op.condition is None:
            out.append((f"{where}", said(msg("dc.problem.while_condition"))))
        parts = (op.effect, *op.also)
        if op.also and len({continuous.layer_of(p) for p in parts}) < len(parts):
            out.append((f"{where}", said(msg("dc.problem.continuous_steps"))))
        if op.also and len({getattr(p, "target", None) for p in parts}) > 1:
            out.append((f"{where}", said(msg("dc.problem.continuous_target"))))
    return out


def _power_problems(where: str, p: ExPower) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    if p.kind == "triggered" and p.on is None:
        out.append((f"{where}.on", said(msg("dc.problem.trigger_on"))))
    if p.kind == "triggered" and p.on == "state" and p.condition is None:
        out.append((f"{where}.condition", said(msg("dc.problem.state_trigger"))))
    if (
        p.condition is not None
        and p.condition.moved is not None
        and p.on
        not in (
            "discarded",
            "put_in_ko",
            "command_played",
        )
    ):
        out.append(
            (
                f"{where}.condition.moved",
                said(msg("dc.problem.moved_trigger")),
            )
        )
    if p.zone == "hand" and p.kind != "activated":
        out.append((f"{where}.zone", said(msg("dc.problem.hand_power"))))
    if any(isinstance(st, BaseAttribute) for st in p.statics) and (
        p.kind != "static" or p.condition is not None or len(p.statics) != 1
    ):
        out.append((f"{where}.statics", said(msg("dc.problem.base_attribute"))))
    if p.kind == "static" and p.effects:
        out.append((f"{where}.effects", said(msg("dc.problem.static_effects"))))
    if p.kind != "static" and p.statics:
        out.append((f"{where}.statics", said(msg("dc.problem.active_statics"))))
    for j, st in enumerate(p.statics):
        if getattr(st, "target", None) in CHOOSING:
            out.append((f"{where}.statics[{j}].target", said(msg("dc.problem.static_target"))))
        if isinstance(st, Replace) and st.reduce is not None and st.event != "damage":
            out.append((f"{where}.statics[{j}].reduce", said(msg("dc.problem.reduce"))))
        if isinstance(st, GainAbility) and (st.skill is None) == (st.ex is None):
            out.append((f"{where}.statics[{j}]", said(msg("dc.problem.gain_ability"))))
    if p.kind != "activated" and any(isinstance(op, UseAgain) for op in _effects(p.effects)):
        out.append((f"{where}.effects", said(msg("dc.problem.use_again_activated"))))
    if p.zone == "hand" and any(isinstance(op, UseAgain) for op in _effects(p.effects)):
        out.append((f"{where}.effects", said(msg("dc.problem.use_again_areas"))))
    return out


def _skill_problems(where: str, s: Skill) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    if s.x and not any(op.op == "damage_base" for op in s.effects):
        out.append((f"{where}.effects", said(msg("dc.problem.skill_x"))))
    return out


def _side_cards(side: Side) -> list[tuple[str, str]]:
    refs: list[tuple[str, str]] = []

    def unit(where: str, u: UnitSetup) -> None:
        refs.append((f"{where}.card", u.card))
        refs.extend((f"{where}.energy[{i}]", k) for i, k in enumerate(u.energy))
        if u.assist is not None:
            refs.append((f"{where}.assist", u.assist))

    if side.main is not None:
        unit("main", side.main)
    for i, u in enumerate(side.standby):
        unit(f"standby[{i}]", u)
    for zone in ("hand", "discard", "ko"):
        refs.extend((f"{zone}[{i}]", k) for i, k in enumerate(getattr(side, zone)))
    for i, d in enumerate(side.deck):
        refs.append(
            (f"deck[{i}]" + (".card" if isinstance(d, DeckEntry) else ""), d.card if isinstance(d, DeckEntry) else d)
        )
    return refs


def _validate(sc: DivineCrossScenario) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for key, card in sorted(sc.cards.items()):
        out += _card_problems(key, card)
    for pid in ("P1", "P2"):
        side: Side = getattr(sc.players, pid)
        base = f"players.{pid}"
        out += unknown_cards(base, _side_cards(side), sc.cards)
        if len(side.standby) > 3:
            out.append(
                (
                    f"{base}.standby",
                    said(msg("dc.problem.standby_count", n=len(side.standby))),
                )
            )
        for where, u in [("main", side.main), *[(f"standby[{i}]", s) for i, s in enumerate(side.standby)]]:
            if u is None or u.card not in sc.cards:
                continue
            if sc.cards[u.card].type != "unit":
                out.append((f"{base}.{where}.card", said(msg("dc.problem.not_unit", card=repr(u.card)))))
            if u.assist is not None and u.assist in sc.cards and sc.cards[u.assist].command != "assist":
                out.append((f"{base}.{where}.assist", said(msg("dc.problem.not_assist", card=repr(u.assist)))))
        for i, used in enumerate(side.used):
            if used not in ("charge", "event", "retreat") and not re.match(r"^ex:(main|standby[123])/.+$", used):
                out.append((f"{base}.used[{i}]", said(msg("dc.problem.used", found=repr(used)))))
        if sc.start.at == "setup" and (side.main or side.standby or side.hand or side.discard or side.ko):
            out.append((base, said(msg("dc.problem.setup_deck_only"))))
    if sc.start.at != "setup":
        for pid in ("P1", "P2"):
            if getattr(sc.players, pid).main is None:
                out.append((f"players.{pid}.main", said(msg("dc.problem.main_needed"))))
    out += unknown_kinds(sc.play, DECISIONS, CHANCES)
    for i, ue in enumerate(sc.expect.units):
        if not _UNIT_AT.match(ue.at):
            out.append((f"expect.units[{i}].at", said(msg("dc.problem.unit_at", found=repr(ue.at)))))
    for i, z in enumerate(sc.expect.zones):
        if not _ZONE.match(z.zone):
            out.append((f"expect.zones[{i}].zone", said(msg("dc.problem.zone", found=repr(z.zone)))))
    out += bad_rejections(sc.expect.rejected, len(sc.play))
    return out


# --- laying out and running --------------------------------------------------------------------


def build(sc: DivineCrossScenario, inputs: Inputs) -> DivineCross:
    """The engine with the scenario's starting board laid out."""
    from judgekit.games.divine_cross.preset import PRESET

    players = two_players(sc.players)
    g = DivineCross(PRESET, sc.cards, players, inputs)
    lay = Layout(g, {k: c.name for k, c in sc.cards.items()})
    for pid in ("P1", "P2"):
        side: Side = getattr(sc.players, pid)

        def unit(u: UnitSetup, area: str, pid: str = pid) -> None:
            markers = {k: v for k, v in u.markers.items() if v}
            if u.damage:
                markers["damage"] = u.damage
            if u.stunned:
                markers["stun"] = 1
            c = lay.new(pid, u.card, area, markers=markers)
            if u.assist is not None:
                lay.new(pid, u.assist, area, host=c.iid, role="assist")
            for k in u.energy:
                lay.new(pid, k, area, face_down=True, host=c.iid, role="energy")

        if side.main is not None:
            unit(side.main, "main")
        for area, u in zip(STANDBY, side.standby, strict=False):
            unit(u, area)
        for zone in ("hand",):
            for k in side.hand:
                lay.new(pid, k, zone)
        for d in side.deck:
            key, copies = (d.card, d.copies) if isinstance(d, DeckEntry) else (d, 1)
            for _ in range(copies):
                lay.new(pid, key, "deck", face_down=True)
        for k in side.discard:
            lay.new(pid, k, "discard")
        for k in side.ko:
            lay.new(pid, k, "ko")
    st = g.state
    if sc.start.at != "setup":
        st.turn = sc.start.turn
        st.turn_player = sc.start.turn_player
        st.phase = sc.start.at
    if sc.start.winning_ticket is not None:
        p = st.players[sc.start.winning_ticket]
        st.players[p.id] = Player(p.id, p.name, {"winning_ticket": 1})
    for pid in ("P1", "P2"):
        for used in getattr(sc.players, pid).used:
            if used.startswith("ex:"):
                area, name = used[3:].split("/", 1)
                at = g.unit_at(pid, area)
                holder = next((r.holder for r in g.chars(at).powers if r.power.name == name), None) if at else None
                if holder is None:
                    raise ScenarioError(
                        [
                            (
                                f"players.{pid}.used",
                                said(msg("dc.problem.no_ex_power", name=repr(name), player=pid, area=area)),
                            )
                        ]
                    )
                st.flags[f"{pid}:ex:{holder}:{name}"] = 1
            else:
                st.flags[f"{pid}:{used}"] = 1
    return g


def run(scenario: Scenario) -> Run:
    """Play a scenario to its end and make its trace."""
    from judgekit.games.divine_cross import flow

    sc = scenario.model
    assert isinstance(sc, DivineCrossScenario)
    inputs = Inputs(scripted_inputs(sc.play))
    g = build(sc, inputs)
    where = (
        msg("dc.start.setup")
        if sc.start.at == "setup"
        else msg("dc.start.phase", n=sc.start.turn, player=g.name(sc.start.turn_player), phase=PHASE[sc.start.at])
    )
    g.record(StepKind.SETUP, "rules", msg("dc.start.board", where=where), [])

    def ended() -> Message:
        st = g.state
        return msg(
            "dc.start.phase", n=st.turn, player=g.name(st.turn_player), phase=PHASE.get(st.phase, PHASE["setup"])
        )

    return play_out("divine-cross", scenario, g, inputs, lambda: flow.run(g, sc.start.at), ended)


# --- board expectations ------------------------------------------------------------------------


def _findings(sc: Any, run: Run) -> list[str]:
    assert isinstance(sc, DivineCrossScenario)
    g = run.engine
    assert isinstance(g, DivineCross)
    out: list[str] = []
    for i, u in enumerate(sc.expect.units):
        pid, area = u.at.split(".")
        unit = g.unit_at(pid, area)
        key = f"expect.units[{i}] ({u.at})"
        if u.card == "none":
            if unit is not None:
                out.append(f"{key}: expected no unit; found {g.card(unit).key}")
            continue
        if unit is None:
            out.append(f"{key}: expected a unit; the area is empty")
            continue
        c = g.card(unit)
        checks: list[tuple[str, object, object]] = [
            ("card", u.card, c.key),
            ("damage", u.damage, g.damage(unit)),
            ("hp", u.hp, g.hp(unit)),
            ("stunned", u.stunned, g.stunned(unit)),
            ("energy", u.energy, len(g.energy(unit))),
            ("assist", u.assist, g.card(a).key if (a := g.assist(unit)) else "none"),
            ("markers", u.markers, {k: v for k, v in c.markers.items() if k not in ("damage", "stun")}),
        ]
        out += value_findings(key, checks)
    out += expected_zones(g, sc.expect.zones, (".deck", ".discard"))
    if sc.expect.winning_ticket is not None:
        holders = [p for p, pl in g.state.players.items() if pl.counters.get("winning_ticket", 0)]
        got = holders[0] if holders else "none"
        if got != sc.expect.winning_ticket:
            out.append(f"expect.winning_ticket: expected {sc.expect.winning_ticket}; found {got}")
    return out


TEMPLATE = '''# {name}: a Divine Cross scenario.
# Format: docs/scenario-format-divine-cross.md; schema: schemas/scenario.schema.json.
# Prose fields (question, ruling, notes) are Markdown. Card lists are card keys, top first where order counts.
game = "divine-cross"
rulebook = "1.0.16"                 # the comprehensive rules version the ruling is made under
title = "{name}"
question = """
What is in dispute, as a player would ask it.
"""
ruling = """
The answer by the rules, citing them (e.g. 704.6c-1).
"""
tags = []

# [[differs]]                       # where the beginner sheet says otherwise
# says = "what the beginner sheet says"
# rules = ["1102.1"]
# difference = "how the comprehensive rules rule instead"

[start]
at = "battle"                       # setup | draw | main | battle | end: the game starts at the beginning of it
turn = 2
turn_player = "P1"
# winning_ticket = "P2"

[cards.attacker]
name = "アタッカー"
type = "unit"
hp = 800
attributes = ["red"]
advantage = ["green"]
retreat_cost = 1
text = "「ファイア」1 300"                # the printed text; a card may give only its text (the engine reads it)
[[cards.attacker.skills]]
name = "ファイア"
cost = 1
damage = 300
effects = []                        # e.g. [{ op = "stun", target = "opponent.main" }]

[cards.defender]
name = "ディフェンダー"
type = "unit"
hp = 500
attributes = ["green"]

[cards.filler]
name = "フィラー"
type = "unit"
hp = 100

[players.P1]
main = { card = "attacker", energy = ["filler"] }
hand = []
deck = ["filler", "filler"]

[players.P2]
main = { card = "defender", damage = 0 }
standby = [{ card = "filler" }]
deck = ["filler"]

[[play]]                            # actions (do), decisions (decide) and chance, in order
do = "skill"
skill = "ファイア"

[expect]
end = "script_end"                  # game_over (with winner = "P1") | script_end | decision_needed | ambiguity
cites = ["704.6c-1"]                # rules the trace must cite
units = [{ at = "P2.main", card = "filler", damage = 0 }]
zones = [{ zone = "P2.ko", cards = ["defender"] }]
# rejected = [{ play = 0, rule = "703.1b" }]   # actions the rules must reject, and the rule
'''
"""The commented template ``judgekit new divine-cross NAME`` writes."""


SUPPORT = Support(
    id="divine-cross",
    scenario_model=DivineCrossScenario,
    preset_module="judgekit.games.divine_cross.preset",
    decisions=DECISIONS,
    chances=CHANCES,
    checks=_validate,
    runner=run,
    board=_findings,
    template_text=TEMPLATE,
)
"""The Divine Cross support object the registry hands out."""
