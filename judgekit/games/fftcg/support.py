"""What the scenario runner needs from FFTCG: validation, lay-out, running, board checks, template."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from judgekit.engine import Inputs, Player, StepKind
from judgekit.errors import ScenarioError
from judgekit.games import Run
from judgekit.games.fftcg import words
from judgekit.games.fftcg.cards import CardDef, Cost, CostOption, Distribute, FromOutside, Mode, ModePick, Variable
from judgekit.games.fftcg.format import DeckEntry, FftcgScenario, RemovedCard, Side
from judgekit.games.fftcg.game import Fftcg
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
    "go_first",
    "mulligan",
    "card_order",
    "trigger_order",
    "target",
    "optional",
    "replacement",
    "ex_burst",
    "discard",
    "search",
    "damage_split",
    "break_backups",
    "mode",
    "group",
    "group_pick",
    "pay",
    "share",
    "loop",
    "cast",
)
"""Every decision kind the FFTCG engine can ask a player for."""

CHANCES: tuple[str, ...] = ("shuffle", "first_player")
"""Every chance kind the FFTCG engine can ask for."""

_ZONE = re.compile(r"^P[12]\.(hand|deck|field|damage|break|removed)$")


# --- validation --------------------------------------------------------------------------------


def _card_problems(key: str, card: CardDef) -> list[tuple[str, str]]:
    where = f"cards.{key}"
    out: list[tuple[str, str]] = []
    if not card.elements:
        out.append((f"{where}.elements", said(msg("ff.problem.element"))))
    if card.type == "forward" and card.power is None:
        out.append((f"{where}.power", said(msg("ff.problem.forward_power"))))
    if card.type != "forward" and card.power is not None:
        out.append((f"{where}.power", said(msg("ff.problem.power_only_forward"))))
    if card.type == "summon" and (card.jobs or card.abilities):
        out.append((where, said(msg("ff.problem.summon_text"))))
    if card.type != "summon" and (card.effects or card.choose):
        out.append((where, said(msg("ff.problem.character_text"))))
    if card.ex_burst and card.type != "summon" and not any(a.ex_burst for a in card.abilities):
        out.append((f"{where}.abilities", said(msg("ff.problem.ex_burst_ability"))))
    if card.dejon is not None and card.dejon.cost.reads is not None:
        out.append((f"{where}.dejon.cost.reads", said(msg("ff.problem.dejon_reads"))))
    if card.dejon is not None and card.dejon.counters < 1:
        out.append((f"{where}.dejon.counters", said(msg("ff.problem.dejon_counters"))))
    for i, a in enumerate(card.abilities):
        at = f"{where}.abilities[{i}]"
        if a.kind == "auto" and a.on is None:
            out.append((f"{at}.on", said(msg("ff.problem.auto_on"))))
        on_field = (
            "enters_field",
            "attacks",
            "blocks",
            "is_blocked",
            "deals_damage_to_player",
            "deals_damage_to_forward",
        )
        if a.subject_filter is not None and (
            a.kind != "auto" or a.subject in ("self", "own.party") or a.on not in on_field
        ):
            out.append(
                (
                    f"{at}.subject_filter",
                    said(msg("ff.problem.subject_filter")),
                )
            )
        if a.kind == "auto" and a.on == "state" and a.condition is None:
            out.append((f"{at}.condition", said(msg("ff.problem.state_trigger"))))
        if a.kind == "field" and a.effects:
            out.append((f"{at}.effects", said(msg("ff.problem.field_effects"))))
        if a.kind != "field" and a.statics:
            out.append((f"{at}.statics", said(msg("ff.problem.ability_statics"))))
        if a.kind == "special" and not a.name:
            out.append((f"{at}.name", said(msg("ff.problem.special_name"))))
        if a.ex_burst and a.kind != "auto":
            out.append((f"{at}.ex_burst", said(msg("ff.problem.ex_burst_auto"))))
        if a.modes and a.kind not in ("action", "special", "auto"):
            out.append((f"{at}.modes", said(msg("ff.problem.modes_kind"))))
        if a.modes and (a.choose or a.effects):
            out.append((at, said(msg("ff.problem.modes_beside"))))
        if a.pick != ModePick() and not a.modes:
            out.append((f"{at}.pick", said(msg("ff.problem.pick"))))
        if a.x is not None and a.kind not in ("action", "special", "auto"):
            out.append((f"{at}.x", said(msg("ff.problem.ability_x"))))
        if a.kind == "field" and a.cost != Cost():
            out.append((f"{at}.cost", said(msg("ff.problem.field_cost"))))
        if a.cost.characters is not None and a.kind not in ("action", "special"):
            out.append((f"{at}.cost.characters", said(msg("ff.problem.characters_cost"))))
        if a.kind == "auto" and (a.cost.dull or a.cost.break_self or a.cost.remove_counters or a.cost.crystals):
            out.append((f"{at}.cost", said(msg("ff.problem.auto_cost"))))
        if a.kind == "auto" and a.ex_burst and (a.cost != Cost() or (a.x is not None and a.x.cost is not None)):
            out.append((f"{at}.cost", said(msg("ff.problem.ex_burst_cost"))))
        if a.options and a.kind not in ("action", "special"):
            out.append((f"{at}.options", said(msg("ff.problem.options_kind"))))
        out.extend(_option_problems(f"{at}.options", a.options, a.modes, a.x, counters=True))
        if a.cost.reads is not None and a.kind not in ("action", "special", "auto"):
            out.append((f"{at}.cost.reads", said(msg("ff.problem.reads_kind"))))
        if _uses_x(a.effects, a.modes) and a.x is None:
            out.append((f"{at}.x", said(msg("ff.problem.ability_uses_x"))))
    allowed = [
        *card.effects,
        *(op for m in card.modes for op in m.effects),
        *(op for a in card.abilities if a.kind in ("action", "special") for op in (*a.effects, *_mode_ops(a.modes))),
        *(
            op
            for a in card.abilities
            if a.kind == "auto" and not a.ex_burst
            for op in (*a.effects, *_mode_ops(a.modes))
        ),
    ]
    placed = sum(isinstance(op, Distribute) for op in allowed)
    if _distributes(card) > placed:
        out.append(
            (
                where,
                said(msg("ff.problem.distribute_where")),
            )
        )
    if sum(isinstance(op, Distribute) for op in (*card.effects, *_mode_ops(card.modes))) > 1 or any(
        sum(isinstance(op, Distribute) for op in (*a.effects, *_mode_ops(a.modes))) > 1 for a in card.abilities
    ):
        out.append(
            (
                where,
                said(msg("ff.problem.distribute_one")),
            )
        )
    if card.reads is not None and card.x is not None and card.x.cost is not None:
        out.append((f"{where}.reads", said(msg("ff.problem.reads_beside_x"))))
    out.extend(_option_problems(f"{where}.options", card.options, card.modes, card.x))
    if card.pick != ModePick() and not card.modes:
        out.append((f"{where}.pick", said(msg("ff.problem.pick"))))
    if card.x is not None and card.x.cost not in (None, "any"):
        out.append((f"{where}.x.cost", said(msg("ff.problem.x_cost"))))
    if card.x is not None and card.type != "summon" and card.x.cost is None:
        out.append((f"{where}.x", said(msg("ff.problem.character_x"))))
    if _uses_x(card.effects, card.modes) and card.x is None:
        out.append((f"{where}.x", said(msg("ff.problem.summon_uses_x"))))
    return out


def _mode_ops(modes: Sequence[Mode]) -> list[object]:
    """Every effect of the modes."""
    return [op for m in modes for op in m.effects]


def _option_problems(
    where: str, options: Sequence[CostOption], modes: Sequence[Mode], x: Variable | None, *, counters: bool = False
) -> list[tuple[str, str]]:
    """Additional and alternative costs (11.3.5, 11.4.4, 11.6.7, 11.7.7 second sentences) the vocabulary models: CP,
    discards and crystals (an ability's also counters removed from its card), unique names, and no modes or X in
    the cost beside them."""
    out: list[tuple[str, str]] = []
    if not options:
        return out
    names = [o.name for o in options]
    if len(set(names)) != len(names):
        out.append((where, said(msg("ff.problem.option_names"))))
    if modes:
        out.append((where, said(msg("ff.problem.options_modes"))))
    if x is not None and x.cost is not None:
        out.append((where, said(msg("ff.problem.options_x"))))
    for i, o in enumerate(options):
        c = o.cost
        if (
            c.dull
            or c.break_self
            or (c.remove_counters and not counters)
            or c.reads is not None
            or c.characters is not None
        ):
            out.append(
                (
                    f"{where}[{i}].cost",
                    said(msg("ff.problem.option_cost")),
                )
            )
        if _distributes(o.effects):
            out.append((f"{where}[{i}].effects", said(msg("ff.problem.option_distribute"))))
    return out


def _distributes(node: object) -> int:
    """How many ``distribute`` ops a card definition holds anywhere."""
    if isinstance(node, Distribute):
        return 1
    if isinstance(node, (list, tuple)):
        return sum(_distributes(x) for x in node)
    if isinstance(node, dict):
        return sum(_distributes(x) for x in node.values())
    slots = getattr(type(node), "__dataclass_fields__", None)
    if slots is None:
        return 0
    return sum(_distributes(getattr(node, f)) for f in slots)


def _uses_x(effects: Sequence[object], modes: Sequence[Mode]) -> bool:
    ops = [*effects, *(op for m in modes for op in m.effects)]
    return any(getattr(op, "per_x", 0) for op in ops)


def _side_cards(side: Side) -> list[tuple[str, str]]:
    refs: list[tuple[str, str]] = [(f"field[{i}].card", f.card) for i, f in enumerate(side.field)]
    for zone in ("hand", "damage", "break_zone"):
        refs.extend((f"{zone}[{i}]", k) for i, k in enumerate(getattr(side, zone)))
    for i, r in enumerate(side.removed):
        refs.append((f"removed[{i}]" + ("" if isinstance(r, str) else ".card"), r if isinstance(r, str) else r.card))
    for i, d in enumerate(side.deck):
        refs.append(
            (f"deck[{i}]" + (".card" if isinstance(d, DeckEntry) else ""), d.card if isinstance(d, DeckEntry) else d)
        )
    return refs


def _validate(sc: FftcgScenario) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for key, card in sorted(sc.cards.items()):
        out += _card_problems(key, card)
        ops = [*card.effects, *_mode_ops(card.modes)]
        ops += [op for a in card.abilities for op in (*a.effects, *_mode_ops(a.modes))]
        for op in ops:
            if isinstance(op, FromOutside) and op.card not in sc.cards:
                out.append((f"cards.{key}", said(msg("ff.problem.from_outside", found=repr(op.card)))))
    for pid in ("P1", "P2"):
        side: Side = getattr(sc.players, pid)
        base = f"players.{pid}"
        out += unknown_cards(base, _side_cards(side), sc.cards)
        for i, f in enumerate(side.field):
            if f.card in sc.cards and sc.cards[f.card].type == "summon":
                out.append((f"{base}.field[{i}].card", said(msg("ff.problem.field_summon", card=repr(f.card)))))
        for i, used in enumerate(side.used):
            if "/" not in used:
                out.append((f"{base}.used[{i}]", said(msg("ff.problem.used", found=repr(used)))))
        if sc.start.at == "setup" and (side.field or side.hand or side.damage or side.break_zone or side.removed):
            out.append((base, said(msg("ff.problem.setup_deck_only"))))
    out += unknown_kinds(sc.play, DECISIONS, CHANCES)
    for i, z in enumerate(sc.expect.zones):
        if not _ZONE.match(z.zone):
            out.append(
                (
                    f"expect.zones[{i}].zone",
                    said(msg("ff.problem.zone", found=repr(z.zone))),
                )
            )
    for i, fe in enumerate(sc.expect.field):
        if fe.card.split("#")[0] not in sc.cards:
            out.append((f"expect.field[{i}].card", said(msg("ff.problem.field_key", found=repr(fe.card)))))
    out += bad_rejections(sc.expect.rejected, len(sc.play))
    return out


# --- laying out and running --------------------------------------------------------------------


def build(sc: FftcgScenario, inputs: Inputs) -> Fftcg:
    """The engine with the scenario's starting board laid out."""
    from dataclasses import replace

    from judgekit.games.fftcg.preset import PRESET

    players = two_players(sc.players)
    g = Fftcg(PRESET, sc.cards, players, inputs, sc.format)
    new_cards: list[str] = []
    lay = Layout(g, {k: c.name for k, c in sc.cards.items()})
    for pid in ("P1", "P2"):
        side: Side = getattr(sc.players, pid)
        for f in side.field:
            markers = {f"counter:{k}": v for k, v in f.counters.items() if v}
            if f.dull:
                markers["dull"] = 1
            if f.damage:
                markers["damage"] = f.damage
            if f.frozen:
                markers["frozen"] = 1
            c = lay.new(pid, f.card, "field", markers=markers)
            if f.new:
                new_cards.append(c.iid)
        for k in side.hand:
            lay.new(pid, k, "hand")
        for d in side.deck:
            key, copies = (d.card, d.copies) if isinstance(d, DeckEntry) else (d, 1)
            for _ in range(copies):
                lay.new(pid, key, "deck", face_down=True)
        for k in side.damage:
            lay.new(pid, k, "damage")
        for k in side.break_zone:
            lay.new(pid, k, "break")
        for r in side.removed:
            if isinstance(r, RemovedCard):
                lay.new(pid, r.card, "removed", markers={f"counter:{k}": v for k, v in r.counters.items() if v})
            else:
                lay.new(pid, r, "removed")
        if side.crystals:
            g.state.players[pid] = Player(pid, g.state.players[pid].name, {"crystals": side.crystals})
    st = g.state
    if sc.start.at != "setup":
        st.turn = sc.start.turn
        st.turn_player = sc.start.turn_player
        st.phase = sc.start.at
        clock = g.tick()
        g.turn_started = {pid: clock for pid in st.players}
        for iid in new_cards:
            st.cards[iid] = replace(st.cards[iid], since=g.tick())
    for pid in ("P1", "P2"):
        for used in getattr(sc.players, pid).used:
            key, name = used.split("/", 1)
            holder = g.find(pid, "field", key)
            if holder is None:
                raise ScenarioError(
                    [(f"players.{pid}.used", said(msg("ff.problem.used_not_on_field", card=repr(key), player=pid)))]
                )
            st.flags[f"{pid}:ability:{holder}:{name}"] = 1
    return g


def run(scenario: Scenario) -> Run:
    """Play a scenario to its end and make its trace."""
    from judgekit.games.fftcg import flow

    sc = scenario.model
    assert isinstance(sc, FftcgScenario)
    inputs = Inputs(scripted_inputs(sc.play))
    g = build(sc, inputs)
    start = (
        msg("ff.start.setup")
        if sc.start.at == "setup"
        else msg("ff.start.at", where=words.where(sc.start.turn, sc.start.turn_player, sc.start.at))
    )
    g.record(StepKind.SETUP, "rules", start, [])

    def ended() -> Message:
        return words.where(g.state.turn, g.state.turn_player, g.state.phase, g.state.step)

    return play_out("fftcg", scenario, g, inputs, lambda: flow.run(g, sc.start.at), ended)


# --- board expectations ------------------------------------------------------------------------


def _findings(sc: Any, run: Run) -> list[str]:
    assert isinstance(sc, FftcgScenario)
    g = run.engine
    assert isinstance(g, Fftcg)
    out: list[str] = []
    for i, fe in enumerate(sc.expect.field):
        iid = g.find(fe.player, "field", fe.card)
        key = f"expect.field[{i}] ({fe.player}/{fe.card})"
        if not fe.present:
            if iid is not None:
                out.append(f"{key}: expected it not to be on the field; it is")
            continue
        if iid is None:
            out.append(f"{key}: expected on {fe.player}'s field; it is not")
            continue
        checks: list[tuple[str, object, object]] = [
            ("dull", fe.dull, g.is_dull(iid)),
            ("damage", fe.damage, g.damage(iid)),
            ("power", fe.power, g.power(iid)),
            ("frozen", fe.frozen, g.frozen(iid)),
            ("counters", fe.counters, g.counters(iid)),
        ]
        c = g.chars(iid)
        named = sorted(r.ability.name for r in c.abilities)
        checks += [
            ("type", fe.type, c.type),
            ("jobs", None if fe.jobs is None else sorted(fe.jobs), sorted(c.jobs)),
            ("keywords", None if fe.keywords is None else sorted(fe.keywords), sorted(c.keywords)),
            ("abilities", None if fe.abilities is None else sorted(fe.abilities), named),
        ]
        out += value_findings(key, checks)
    out += expected_zones(g, sc.expect.zones, (".deck", ".damage"))
    for pid, n in sorted(sc.expect.crystals.items()):
        got = g.state.players[pid].counters.get("crystals", 0) if pid in g.state.players else None
        if got != n:
            out.append(f"expect.crystals.{pid}: expected {n}; found {got}")
    return out


TEMPLATE = '''# {name}: an FFTCG scenario. Format: docs/scenario-format.md; schema: schemas/scenario.schema.json.
# Prose fields (question, ruling, notes) are Markdown. Card lists are card keys, top first where order counts.
game = "fftcg"
rulebook = "2.1.9"                  # the comprehensive rules version the ruling is made under
format = "constructed"              # constructed | limited
title = "{name}"
question = """
What is in dispute, as a player would ask it.
"""
ruling = """
The answer by the rules, citing them (e.g. 12.4.5).
"""
tags = []

[start]
at = "main1"                        # setup | active | draw | main1 | attack | main2 | end
turn = 3
turn_player = "P1"

[cards.cloud]
name = "クラウド"
number = "1-182S"
type = "forward"                    # forward | backup | monster | summon
elements = ["wind"]
cost = 2
power = 7000
jobs = ["ソルジャー"]
text = "ブレイブ"                      # as printed: keywords and abilities not given here are read from it

[cards.moogle]
name = "モーグリ"
type = "backup"
elements = ["wind"]
cost = 2
generic = true

[cards.kefka]
name = "ケフカ"
type = "forward"
elements = ["ice"]
cost = 3
power = 5000

[players.P1]
field = [{ card = "moogle" }, { card = "moogle" }]
hand = ["cloud"]
deck = [{ card = "moogle", copies = 5 }]

[players.P2]
field = [{ card = "kefka" }]
deck = [{ card = "moogle", copies = 5 }]

[[play]]                            # actions (do), decisions (decide) and chance, in order
do = "cast"
card = "cloud"
pay = { dull = ["moogle", "moogle#2"] }

[[play]]
do = "pass"
until = "next_turn"                 # both players pass whenever they have priority until then

[[play]]
do = "no_attack"

[expect]
end = "script_end"                  # game_over (with winner = "P1") | script_end | decision_needed | ambiguity
cites = ["11.4.1"]                  # rules the trace must cite
field = [{ player = "P1", card = "cloud", dull = false }]
zones = [{ zone = "P1.hand", count = 0 }]
# rejected = [{ play = 0, rule = "11.4.1" }]   # actions the rules must reject, and the rule
'''
"""The commented template ``judgekit new fftcg NAME`` writes."""


SUPPORT = Support(
    id="fftcg",
    scenario_model=FftcgScenario,
    preset_module="judgekit.games.fftcg.preset",
    decisions=DECISIONS,
    chances=CHANCES,
    checks=_validate,
    runner=run,
    board=_findings,
    template_text=TEMPLATE,
)
"""The FFTCG support object the registry hands out."""
