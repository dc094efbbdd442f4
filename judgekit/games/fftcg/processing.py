"""Game end (3), rule processes (12.4) and the check made each time a player would receive priority (12.3).

Each rule process is a rule function whose check-only mode answers what it would do (a plan:
player or card with the rule id); the check carries out every process that applies at once, as
one event (12.3), again until none applies, then puts the waiting auto abilities on the stack
(11.8.7) and checks again; only then does the player receive priority.
"""

from __future__ import annotations

from collections.abc import Sequence

from judgekit.engine import DRAW, DecisionRequest, GameOver, PickMode, StepKind
from judgekit.engine.rules import RuleRole
from judgekit.games.fftcg import terms
from judgekit.games.fftcg.game import CHARACTER_TYPES, Fftcg
from judgekit.games.fftcg.registry import rule
from judgekit.games.fftcg.words import semicolons
from judgekit.message import Message, msg

Plan = list[tuple[str, str]]
"""What a rule process would do: (player or card, rule id) pairs; empty when it does not apply."""

LOOP_REPEATS = 3
"""How often the same state may recur in one check, with no input taken, before it counts as a loop (13.1)."""


@rule("3.1", "3.1.1", "3.1.2", "3.1.3", "3.2", "3.3", "12.4.1", "12.4.2", "12.4.3", role=RuleRole.PROCEDURE)
def game_result(g: Fftcg, losers: Sequence[tuple[str, str]], *, silent: bool = False) -> GameOver:
    """3.1: the game ends when a player meets a loss condition, the opponent winning; a player who would both
    win and lose loses (3.2); when every player loses at once the game is a draw (3.3)."""
    ids = sorted({pid for pid, _ in losers})
    condition = {"12.4.1": "3.1.1", "12.4.2": "3.1.2", "12.4.3": "3.1.3"}
    rules = list(dict.fromkeys(x for _, r in losers for x in (r, condition.get(r, r))))
    if len(ids) == len(g.state.players):
        return g.finish(
            DRAW,
            msg("ff.result.draw"),
            ["3.2", "3.3", *rules],
        )
    loser = ids[0]
    winner = g.state.opponent(loser)
    return g.finish(
        winner, msg("ff.result.loses", loser=g.name(loser), rules=tuple(rules), winner=g.name(winner)), ["3.1", *rules]
    )


@rule("2.1", role=RuleRole.ACTION)
def concede(g: Fftcg, pid: str, play: int, *, silent: bool = False) -> bool:
    """2.1: a player may concede at any time, whatever the cards say."""
    if silent:
        return True
    other = g.state.opponent(pid)
    g.record(StepKind.ACTION, pid, msg("ff.result.concedes", player=g.name(pid)), ["2.1"], play=play)
    raise g.finish(other, msg("ff.result.conceded", winner=g.name(other), player=g.name(pid)), ["2.1"])


def loss_damage(g: Fftcg) -> int:
    """The damage that makes a player lose: 7 in constructed, 6 in limited (3.1.1, 12.4.1)."""
    return 6 if g.format == "limited" else 7


@rule("12.4.1", "3.1.1", "7.8.2", role=RuleRole.PROCESS)
def damage_loss(g: Fftcg, *, silent: bool = False) -> Plan:
    """12.4.1: a player with 7 damage (6 in limited, 3.1.1) loses."""
    n = loss_damage(g)
    return [(pid, "12.4.1") for pid in g.state.player_order() if g.player_damage(pid) >= n]


@rule("12.4.2", "3.1.2", role=RuleRole.PROCESS)
def draw_loss(g: Fftcg, *, silent: bool = False) -> Plan:
    """12.4.2: a player who tried to draw from an empty deck since the last check loses."""
    return [(pid, "12.4.2") for pid in g.state.player_order() if pid in g.empty_draw]


@rule("12.4.3", "3.1.3", role=RuleRole.PROCESS)
def deck_damage_loss(g: Fftcg, *, silent: bool = False) -> Plan:
    """12.4.3: a player who received more damage than the deck held loses."""
    return [(pid, "12.4.3") for pid in g.state.player_order() if pid in g.empty_damage]


@rule("12.4.4", "5.2.6.1", "4.3", role=RuleRole.PROCESS)
def zero_power(g: Fftcg, *, silent: bool = False) -> Plan:
    """12.4.4: a character with power 0 or less goes to its owner's break zone (a character without power,
    5.2.6.1, has none to test)."""
    return [(i, "12.4.4") for i in g.all_field() if (p := g.power(i)) is not None and p <= 0]


@rule("12.4.5", "5.2.6.1", role=RuleRole.PROCESS)
def lethal_damage(g: Fftcg, *, silent: bool = False) -> Plan:
    """12.4.5: a character of power 1000 or more with at least its power in damage is broken."""
    out: Plan = []
    for i in g.all_field():
        p = g.power(i)
        if p is not None and p >= 1000 and g.damage(i) >= p:
            out.append((i, "12.4.5"))
    return out


@rule("12.4.6", "7.7.3", "5.2.2.1", role=RuleRole.PROCESS)
def same_name(g: Fftcg, *, silent: bool = False) -> Plan:
    """12.4.6: two or more characters of one name without the general icon under one player all go."""
    out: Plan = []
    for pid in g.state.player_order():
        names: dict[str, list[str]] = {}
        for i in g.field(pid):
            c = g.chars(i)
            if not c.generic:
                names.setdefault(c.name, []).append(i)
        for group in names.values():
            if len(group) > 1:
                out += [(i, "12.4.6") for i in group]
    return out


@rule("12.4.7", "7.7.5", role=RuleRole.PROCESS)
def light_dark(g: Fftcg, *, silent: bool = False) -> Plan:
    """12.4.7: two or more Light or Dark characters under one player all go."""
    out: Plan = []
    for pid in g.state.player_order():
        group = [i for i in g.field(pid) if {"light", "dark"} & set(g.chars(i).elements)]
        if len(group) > 1:
            out += [(i, "12.4.7") for i in group]
    return out


@rule("12.4.8", "7.7.4", role=RuleRole.PROCESS)
def sixth_backup(g: Fftcg, *, silent: bool = False) -> Plan:
    """12.4.8: a player with six or more backups puts the extra ones into the break zone (the controller
    chooses which, 7.7.4)."""
    out: Plan = []
    for pid in g.state.player_order():
        backups = g.of_type(pid, "backup")
        if len(backups) > 5:
            out.append((pid, "12.4.8"))
    return out


LOSS_PROCESSES = (damage_loss, draw_loss, deck_damage_loss)
"""The rule processes that end the game (12.4.1–12.4.3)."""

CARD_PROCESSES = (zero_power, lethal_damage, same_name, light_dark, sixth_backup)
"""The rule processes that move characters (12.4.4–12.4.8)."""


@rule(
    "12.3",
    "12.1",
    "12.2",
    "11.1.3",
    "6.1.4",
    "12.4",
    "12.4.1",
    "12.4.2",
    "12.4.3",
    "12.4.4",
    "12.4.5",
    "12.4.6",
    "12.4.7",
    "12.4.8",
    "3.1.1",
    "3.1.2",
    "3.1.3",
    "7.8.2",
    "7.7.3",
    "7.7.4",
    "7.7.5",
    "5.2.6.1",
    "5.2.2.1",
    "15.1.1.9.8",
    "13.1",
    "11.12.5.5",
    role=RuleRole.PROCESS,
)
def rule_processes(g: Fftcg, cites: Sequence[str], *, silent: bool = False) -> bool:
    """12.3: every rule process that applies is carried out at once, as one event; again until none applies.

    When carrying them out brings back a position they already left (a replacement effect that makes a
    forward dull instead of broken, while its damage still equals its power), the rulebook allows two
    readings: the same break comes back at every check, an endless loop no one can stop, so the game is a
    draw (13.1); or the break that comes back is the result of the replacement, which is not applied to it
    again (11.12.5.5), so the forward is broken. The run stops naming both (AMBIGUITIES.md)."""
    if silent:
        return any(p(g, silent=True) for p in (*LOSS_PROCESSES, *CARD_PROCESSES))
    any_done = False
    seen: set[str] = set()
    while True:
        losses = [x for p in LOSS_PROCESSES for x in p(g, silent=True)]
        moves = [(p, plan) for p in CARD_PROCESSES if (plan := p(g, silent=True))]
        if not losses and not moves:
            g.empty_draw.clear()
            g.empty_damage.clear()
            g.damage_sources.clear()
            return any_done
        any_done = True
        g.record(
            StepKind.RULE,
            "rules",
            msg("ff.process.apply"),
            [*cites, "12.3", "12.1", "12.2", "12.4", "11.1.3"],
        )
        if losses:
            for pid, rid in losses:
                _record_loss(g, pid, rid)
            raise game_result(g, losses)
        _move_all(g, moves)
        g.empty_draw.clear()
        g.empty_damage.clear()
        g.damage_sources.clear()
        position = _position(g)
        if position in seen:
            again = tuple(g.cref(i) for _, plan in moves for i, _rid in plan)
            raise g.ambiguity(["12.3", "13.1", "11.12.5.5"], msg("ff.gap.endless_processes", cards=again))
        seen.add(position)


def _position(g: Fftcg) -> str:
    """What the rule processes read: every zone's cards and the markers of the cards on the field."""
    st = g.state
    parts = [f"{z}:{','.join(ids)}" for z, ids in sorted(st.zones.items())]
    parts += [f"{i}:{sorted(c.markers.items())}" for i, c in sorted(st.cards.items()) if c.zone.endswith(".field")]
    return "|".join(parts)


def _record_loss(g: Fftcg, pid: str, rid: str) -> None:
    if rid == "12.4.1":
        text = msg("ff.process.loss_damage", player=g.name(pid), n=g.player_damage(pid))
        cites = ["12.4.1", "3.1.1", "7.8.2"]
    elif rid == "12.4.2":
        text = msg("ff.process.loss_empty_draw", player=g.name(pid))
        cites = ["12.4.2", "3.1.2"]
    else:
        text = msg("ff.process.loss_empty_damage", player=g.name(pid))
        cites = ["12.4.3", "3.1.3"]
    g.record(StepKind.RULE, "rules", text, cites)


def _move_all(g: Fftcg, moves: Sequence[tuple[object, Plan]]) -> None:
    breaks: list[str] = []
    puts: dict[str, list[str]] = {}
    for _, plan in moves:
        for subject, rid in plan:
            if rid == "12.4.8":
                continue
            if rid == "12.4.5":
                breaks.append(subject)
            else:
                puts.setdefault(subject, []).append(rid)
    both = [i for i in breaks if i in puts]
    if both:
        raise g.ambiguity(
            ["12.3", "12.4.5", *sorted({r for i in both for r in puts[i]})],
            msg(
                "ff.gap.broken_and_put",
                cards=tuple(g.cref(i) for i in both),
                rules=tuple(sorted({r for i in both for r in puts[i]})),
            ),
        )
    for _, plan in moves:
        for subject, rid in plan:
            if rid == "12.4.8":
                extra = _choose_extra_backups(g, subject)
                for i in extra:
                    puts.setdefault(i, []).append("12.4.8")
    for i in breaks:
        p = g.power(i)
        sources = g.damage_sources.get(i, [])
        party = g.battle is not None and len(sources) > 1 and all(s in g.battle.attackers for s in sources)
        said = msg("ff.process.damage_and_power", card=g.cref(i), damage=g.damage(i), power=p)
        if sources:
            names = tuple(g.cref(s) for s in sources)
            said = (
                msg("ff.process.broken_by_party", what=said, cards=names)
                if party
                else msg("ff.process.broken_by", what=said, cards=names)
            )
        g.record(
            StepKind.RULE,
            "rules",
            said,
            ["12.4.5", "5.2.6.1"] + (["15.1.1.9.8"] if party else []),
        )
    for i, rids in puts.items():
        why: dict[str, Message] = {
            "12.4.4": msg("ff.process.power", power=str(g.power(i))),
            "12.4.6": msg("ff.process.same_name"),
            "12.4.7": msg("ff.process.light_or_dark"),
            "12.4.8": msg("ff.process.five_backups"),
        }
        g.record(
            StepKind.RULE,
            "rules",
            msg("ff.process.why", card=g.cref(i), why=semicolons([why[r] for r in rids])),
            [
                *rids,
                *(["7.7.3", "5.2.2.1"] if "12.4.6" in rids else []),
                *(["7.7.5"] if "12.4.7" in rids else []),
                *(["7.7.4"] if "12.4.8" in rids else []),
            ],
        )
    everyone = [*breaks, *puts]
    g.leaving = list(everyone)
    try:
        for i in breaks:
            sources = g.damage_sources.get(i, [])
            terms.to_break_zone(g, [i], True, ["12.4.5"], source=sources[-1] if sources else None)
        for i, rids in puts.items():
            terms.to_break_zone(g, [i], False, rids, why=msg("ff.process.rule", rules=tuple(rids)))
    finally:
        g.leaving = []


def _choose_extra_backups(g: Fftcg, pid: str) -> list[str]:
    backups = g.of_type(pid, "backup")
    n = len(backups) - 5
    options = g.card_options(backups)
    if len({g.card(i).key for i in backups}) == 1:
        return backups[:n]
    choice = g.decide(
        DecisionRequest(
            "break_backups",
            pid,
            tuple(options),
            "12.4.8",
            msg("ff.process.backups_prompt", player=g.name(pid), n=n),
            PickMode.SOME,
            n,
            n,
        )
    )
    return [options[c] for c in choice]


def is_character_type(kind: str) -> bool:
    """Whether a card type is a character's."""
    return kind in CHARACTER_TYPES
