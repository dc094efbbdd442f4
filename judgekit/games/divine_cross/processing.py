"""The rule check (811) and rule processing (1001–1005); forced loops (1101.1c).

A rule check performs every rule process that applies, all at once in the order of 1001.2,
until none applies (811.2a); then the turn player plays one triggered ability, or else the
non-turn player does, and the check starts over (811.2b–c); it ends when neither has one
(811.2d). Each rule process is a rule function whose check-only mode answers whether it applies.
"""

from __future__ import annotations

from collections.abc import Sequence

from judgekit.engine import DRAW, DecisionRequest, GameOver, StepKind, zone_id
from judgekit.engine.rules import RuleRole
from judgekit.games.divine_cross import abilities, continuous, terms
from judgekit.games.divine_cross.game import STANDBY, DivineCross
from judgekit.games.divine_cross.registry import rule
from judgekit.message import msg

Plan = list[tuple[str, str]]
"""What a rule process would do: (player or card, rule id) pairs; empty when it does not apply."""

LOOP_LIMIT = 500
"""Triggered abilities one rule check may play at most (a safety net for loops that change the state)."""

LOOP_REPEATS = 3
"""How often the same state (board, triggers, scenario inputs used) may recur within one rule check before
the repetition counts as a loop no player can stop (1101.1c)."""


@rule("103.1", "103.2", "103.3", role=RuleRole.PROCEDURE)
def declare_losers(g: DivineCross, losers: Sequence[tuple[str, str]], *, silent: bool = False) -> GameOver:
    """103.1–103.3: a player who meets a loss condition loses; if both do, the non-turn player wins."""
    ids = sorted({pid for pid, _ in losers})
    rules = [r for _, r in losers]
    if len(ids) > 1:
        winner = g.state.opponent(g.state.turn_player)
        return g.finish(
            winner,
            msg("dc.result.both_lose", player=g.name(winner)),
            ["103.3", *rules],
        )
    loser = ids[0]
    winner = g.state.opponent(loser)
    return g.finish(
        winner,
        msg("dc.result.loses", loser=g.name(loser), rules=tuple(rules), winner=g.name(winner)),
        ["103.1", "103.2", *rules],
    )


@rule("1002.1", "1002.2", role=RuleRole.PROCESS)
def loss_process(g: DivineCross, plan: Plan | None = None, *, silent: bool = False) -> Plan:
    """1002: three or more cards in the KO zone, or a promotion that could not be made, lose the game."""
    losers: list[tuple[str, str]] = []
    for pid in g.state.player_order():
        n = len(g.state.zones[zone_id(pid, "ko")])
        if n >= 3:
            losers.append((pid, "1002.1"))
        if pid in g.failed_promotion:
            losers.append((pid, "1002.2"))
    if silent:
        return losers
    losers = list(plan) if plan is not None else losers
    for pid, why in losers:
        n = len(g.state.zones[zone_id(pid, "ko")])
        text = (
            msg("dc.rule.loss_ko", player=g.name(pid), n=n)
            if why == "1002.1"
            else msg("dc.rule.loss_promotion", player=g.name(pid))
        )
        g.record(StepKind.RULE, "rules", text, [why])
    g.failed_promotion.clear()
    if losers:
        raise declare_losers(g, losers)
    return losers


@rule("1003.1", "1003.2", "203.2", "919.3", "919.3a", "919.3b", "809.1c", "809.1e", role=RuleRole.PROCESS)
def ko_process(g: DivineCross, plan: Plan | None = None, *, silent: bool = False) -> Plan:
    """1003: a unit whose HP is 0 or less, or whose damage is at least its HP, is KO'd."""
    doomed: list[tuple[str, str]] = []
    for u in g.all_units():
        hp = g.hp(u)
        if hp is None:
            continue
        if hp <= 0:
            doomed.append((u, "1003.1"))
        elif g.damage(u) >= hp:
            doomed.append((u, "1003.2"))
    if silent:
        return doomed
    doomed = list(plan) if plan is not None else doomed
    for u, why in doomed:
        hp = g.hp(u)
        source = g.damage_sources.get(u)
        g.record(
            StepKind.RULE,
            "rules",
            msg("dc.rule.ko_hp", unit=g.cref(u), damage=g.damage(u), hp=hp or 0)
            if why == "1003.1"
            else msg("dc.rule.ko_damage", unit=g.cref(u), damage=g.damage(u), hp=hp or 0),
            [
                why,
                *(["203.2"] if why == "1003.2" else []),
                *[m for m in g.chars(u).modified if m.startswith("919.3") or m in ("809.1c", "809.1e")],
            ],
        )
        terms.knock_out(g, u, source, [why])
    return doomed


@rule("1004.1", "1004.1a", "1002.2", "302.3", "302.3a", role=RuleRole.PROCESS)
def promotion_process(g: DivineCross, plan: Plan | None = None, *, silent: bool = False) -> Plan:
    """1004.1: a player with no main unit moves a standby unit of their choice there (turn player first)."""
    needing = [(pid, "1004.1") for pid in g.state.player_order() if g.main_unit(pid) is None]
    if silent:
        return needing
    needing = list(plan) if plan is not None else needing
    for pid, _ in needing:
        standby = g.standby_units(pid)
        cites = ["1004.1"] + (["1004.1a"] if len(needing) > 1 else [])
        if not standby:
            g.failed_promotion.add(pid)
            g.record(
                StepKind.RULE,
                "rules",
                msg("dc.rule.no_promotion", player=g.name(pid)),
                [*cites, "1002.2"],
            )
            continue
        unit = standby[0]
        if len(standby) > 1:
            options = g.unit_options(standby)
            choice = g.decide(
                DecisionRequest(
                    "promote",
                    pid,
                    tuple(options),
                    "1004.1",
                    msg("dc.prompt.promote", player=g.name(pid)),
                )
            )
            unit = options[choice[0]]
        terms.move_unit(g, unit, zone_id(pid, "main"))
        g.record(
            StepKind.RULE,
            "rules",
            msg("dc.rule.promoted", card=g.card(unit).name, zone=g.zref(zone_id(pid, "main"))),
            [*cites, "302.3a"],
        )
    return needing


@rule("1005.1", "1005.2", "910.1", role=RuleRole.PROCESS)
def illegal_card_process(g: DivineCross, plan: Plan | None = None, *, silent: bool = False) -> Plan:
    """1005: an assist or energy whose unit is no longer in the area is discarded."""
    orphans: list[str] = []
    for pid in g.state.player_order():
        for area in ("main", *STANDBY):
            for iid in g.state.zones[zone_id(pid, area)]:
                c = g.card(iid)
                if c.attached_to is not None and not (
                    g.in_area(c.attached_to) and c.attached_to in g.state.zones[c.zone]
                ):
                    orphans.append(iid)
    found = [(i, "1005.1" if g.card(i).role == "assist" else "1005.2") for i in orphans]
    if silent:
        return found
    found = list(plan) if plan is not None else found
    cites = sorted({why for _, why in found})
    terms.to_discard(g, [i for i, _ in found], cites, msg("dc.why.unit_left"))
    return found


PROCESSES = (loss_process, ko_process, promotion_process, illegal_card_process)
"""The rule processes in the order of 1001.2."""


def expire_while_effects(g: DivineCross) -> None:
    """809.7: an ``…であるかぎり`` effect lasts as long as its condition: once it no longer holds, the effect ends.

    (Its limit, 期限, is the condition, as 809.8's is a turn; it does not come back if the condition holds again.)
    """
    for e in list(g.effects):
        p = continuous.payload(e)
        if e.until != "while" or p.condition is None:
            continue
        if continuous.holds(g, p.condition, e.controller, p.unit):
            continue
        g.end_effect(e.key)
        g.record(StepKind.RULE, "rules", msg("dc.rule.while_ends", effect=g.what(e.label)), ["809.7"])


@rule(
    "811.2a",
    "811.2b",
    "811.2c",
    "1001.2",
    "1101.1",
    "1101.1c",
    "502.3",
    "503.2",
    "505.2",
    "702.2",
    "704.3",
    "704.5",
    "704.9",
    "704.12",
    "705.2",
    "809.1",
    "809.1b",
    "809.1c",
    "809.7",
    "809.6",
    "805.2",
    role=RuleRole.PROCESS,
)
def rule_check(g: DivineCross, cites: Sequence[str], *, silent: bool = False) -> bool:
    """811.2: rule processes until none applies, then one triggered ability (turn player first), again."""
    tp = g.state.turn_player
    ntp = g.state.opponent(tp)
    if silent:
        return (
            any(bool(p(g, silent=True)) for p in PROCESSES)
            or abilities.state_triggers(g, silent=True)
            or bool(g.triggers.pending(tp))
            or bool(g.triggers.pending(ntp))
        )
    if gap := continuous.layer_gap(g):
        raise g.ambiguity(["809.1", "809.1b", "809.1c"], gap)
    if gap := continuous.base_gap(g):
        raise g.ambiguity(["809.6", "805.2"], gap)
    expire_while_effects(g)
    announced = False
    returned: str | None = None
    seen: dict[str, int] = {}
    processed: dict[str, int] = {}
    played = 0
    while True:
        while True:
            plans = [(p, plan) for p in PROCESSES if (plan := p(g, silent=True))]
            if not plans:
                break
            if not announced:
                g.record(StepKind.RULE, "rules", msg("dc.rule.check_processing"), [*cites, "811.2a", "1001.2"])
                announced = True
            elif returned is not None:
                g.record(
                    StepKind.RULE,
                    "rules",
                    msg("dc.rule.check_back"),
                    [returned, "811.2a", "1001.2"],
                )
            returned = None
            for p, plan in plans:
                p(g, plan)
            g.damage_sources.clear()
            key = _fingerprint(g)
            processed[key] = processed.get(key, 0) + 1
            if processed[key] >= LOOP_REPEATS:  # a KO replaced by an effect that changes nothing, again and again
                raise g.finish(
                    DRAW,
                    msg("dc.result.process_loop"),
                    ["811.2a", "1101.1", "1101.1c"],
                )
        abilities.state_triggers(g)
        for pid, rid in ((tp, "811.2b"), (ntp, "811.2c")):
            if g.triggers.pending(pid):
                if not announced:
                    g.record(StepKind.RULE, "rules", msg("dc.rule.check_triggers"), [*cites, rid])
                    announced = True
                abilities.play_triggered(g, pid, (rid,))
                returned = rid
                played += 1
                break
        else:
            return announced
        key = _fingerprint(g)
        seen[key] = seen.get(key, 0) + 1
        if seen[key] >= LOOP_REPEATS or played > LOOP_LIMIT:
            raise g.finish(
                DRAW,
                msg("dc.result.trigger_loop"),
                ["1101.1", "1101.1c"],
            )


def _fingerprint(g: DivineCross) -> str:
    st = g.state
    parts = [f"{z}:{','.join(ids)}" for z, ids in sorted(st.zones.items()) if z != "resolution"]
    parts += [f"{i}:{sorted(c.markers.items())}" for i, c in sorted(st.cards.items())]
    parts += [f"{p}:{sorted(pl.counters.items())}" for p, pl in sorted(st.players.items())]
    parts += [f"{t.key}:{t.count}" for pid in st.players for t in g.triggers.pending(pid)]
    parts.append(f"inputs:{g.inputs.used}")
    return "|".join(parts)
