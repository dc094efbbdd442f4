"""Checks outside the play: the support deck and evolution kings, the competitive match, fouls."""

from __future__ import annotations

from collections import Counter

from judgekit.engine import StepKind
from judgekit.engine.rules import RuleRole
from judgekit.games.dice_castle.format import MatchRecord
from judgekit.games.dice_castle.game import DiceCastle
from judgekit.games.dice_castle.ids import EVOLUTION, FOUL, INFO, MATCH, SUPPORT
from judgekit.games.dice_castle.registry import rule
from judgekit.message import Message, Sentence, msg

Problem = tuple[str, str, Message]
"""(player, rule id, what is wrong)."""

SUPPORT_MAX = 10
"""A support deck has at most 10 cards (サポートデッキについて/1)."""

SAME_MAX = 3
"""At most 3 of the same card, deck and support deck together (サポートデッキについて/2)."""


@rule(SUPPORT[1], SUPPORT[2], SUPPORT[3], EVOLUTION[3], role=RuleRole.PROCEDURE)
def deck_check(g: DiceCastle, *, silent: bool = False) -> list[Problem]:
    """The support deck: at most 10 cards, under the deck's limits counted together with the deck; evolution
    kings only there (unless their text says otherwise) and never the king a game starts with."""
    problems: list[Problem] = []
    for pid in g.state.players:
        support = [g.card(i) for i in g.zone(pid, "support")]
        deck = [
            c
            for c in g.state.cards.values()
            if c.owner == pid and not c.key.startswith("die:") and c.zone.split(".", 1)[-1] not in ("king", "support")
        ]
        if len(support) > SUPPORT_MAX:
            problems.append((pid, SUPPORT[1], msg("dice.check.support_size", n=len(support), limit=SUPPORT_MAX)))
        copies = Counter(c.key for c in [*deck, *support])
        for key, n in sorted(copies.items()):
            d = g.defs[key]
            limit = 1 if d.limited or d.evolution else SAME_MAX
            if n > limit:
                why: Sentence = "制限:デッキ1枚" if limit == 1 else msg("dice.check.same_card")
                problems.append((pid, SUPPORT[2], msg("dice.check.copies", n=n, card=d.name, why=why, limit=limit)))
        for c in deck:
            d = g.defs[c.key]
            if d.evolution and not d.in_deck:
                problems.append((pid, EVOLUTION[3], msg("dice.check.evolution_in_deck", card=d.name)))
        start = g.definition(g.original_king(pid))
        if start.evolution:
            problems.append((pid, EVOLUTION[3], msg("dice.check.evolution_start", card=start.name)))
    if silent:
        return problems
    for pid, rid, text in problems:
        g.record(StepKind.RULE, "rules", msg("dice.check.problem", player=g.name(pid), problem=text), [rid])
    if not problems:
        g.record(
            StepKind.RULE,
            "rules",
            msg("dice.check.support_legal"),
            [SUPPORT[1], SUPPORT[2], SUPPORT[3], EVOLUTION[3]],
        )
    return problems


@rule(MATCH[1], MATCH[2], MATCH[3], MATCH[4], role=RuleRole.PROCEDURE)
def match_check(g: DiceCastle, match: MatchRecord, *, silent: bool = False) -> str | None:
    """A competitive match: three decks with different kings, each used once, the same decks all tournament;
    the first to two wins takes the match. Returns the winner (None when the record breaks a rule)."""
    problems: list[Problem] = []
    registered = {"P1": match.decks_P1, "P2": match.decks_P2}
    for pid, decks in registered.items():
        if len(decks) != 3:
            problems.append((pid, MATCH[1], msg("dice.match.deck_count", n=len(decks))))
        kings = Counter(d.king for d in decks)
        for king, n in sorted(kings.items()):
            if n > 1:
                problems.append(
                    (
                        pid,
                        MATCH[2],
                        msg("dice.match.same_king", n=n, king=g.defs[king].name if king in g.defs else king),
                    )
                )
        earlier = match.earlier.get(pid)
        if earlier is not None and sorted(earlier) != sorted(d.name for d in decks):
            problems.append((pid, MATCH[4], msg("dice.match.decks_changed", earlier=tuple(earlier))))
    wins = {"P1": 0, "P2": 0}
    used: dict[str, set[str]] = {"P1": set(), "P2": set()}
    steps: list[tuple[Message, list[str]]] = []
    for i, game in enumerate(match.games, 1):
        if max(wins.values()) >= 2:
            problems.append((game.winner, MATCH[1], msg("dice.match.after_decided", game=i)))
        for pid in ("P1", "P2"):
            name = getattr(game, pid)
            if name not in {d.name for d in registered[pid]}:
                problems.append((pid, MATCH[4], msg("dice.match.unregistered", game=i, deck=name)))
            elif name in used[pid]:
                problems.append((pid, MATCH[3], msg("dice.match.reused", game=i, deck=name)))
            used[pid].add(name)
        wins[game.winner] += 1
        steps.append(
            (
                msg(
                    "dice.match.game",
                    game=i,
                    deck1=game.P1,
                    deck2=game.P2,
                    winner=game.winner,
                    wins1=wins["P1"],
                    wins2=wins["P2"],
                ),
                [MATCH[1]],
            )
        )
    if silent:
        return None if problems else max(wins, key=lambda p: wins[p])
    for text, cites in steps:
        g.record(StepKind.RULE, "rules", text, cites)
    for pid, rid, problem in problems:
        g.record(StepKind.RULE, "rules", msg("dice.check.problem", player=g.name(pid), problem=problem), [rid])
    if problems:
        return None
    leader = max(wins, key=lambda p: wins[p])
    return leader if wins[leader] >= 2 else None


@rule(SUPPORT[1], SUPPORT[2], EVOLUTION[3], MATCH[1], role=RuleRole.PROCEDURE)
def start_check(g: DiceCastle, *, silent: bool = False) -> bool:
    """The checks a scenario starting at ``check`` asks for: the decks, then the match record if it has one."""
    if silent:
        return not deck_check(g, silent=True)
    from judgekit.games.dice_castle.processing import end_game

    problems = deck_check(g)
    if problems:
        raise end_game(g, None, msg("dice.check.cannot_start"), sorted({r for _, r, _ in problems}))
    match = g.match
    if match is None:
        return True
    winner = match_check(g, match)
    if winner is None:
        bad = match_check(g, match, silent=True) is None
        if bad:
            raise end_game(g, None, msg("dice.match.broken"), [MATCH[1]])
        return True
    raise end_game(g, winner, msg("dice.match.won", player=g.name(winner)), [MATCH[1]])


@rule(FOUL[1], INFO[2], role=RuleRole.PROCESS)
def foul_check(g: DiceCastle, *, silent: bool = False) -> list[str]:
    """After the game every counter is turned face up; a player who set a non-counter face down loses by a foul."""
    offenders: list[str] = []
    down = [(pid, i) for pid in g.state.players for i in g.zone(pid, "magic") if g.card(i).face_down]
    for pid, iid in down:
        if g.definition(iid).magic != "counter" and pid not in offenders:
            offenders.append(pid)
    if silent:
        return offenders
    for _, iid in down:
        g.turn_face(iid, False)
    g.record(
        StepKind.RULE,
        "rules",
        msg("dice.foul.turned_up", cards=tuple(g.card(i).name for _, i in down))
        if down
        else msg("dice.foul.none_down"),
        [FOUL[1], INFO[2]],
    )
    if not offenders:
        return []
    if len(offenders) > 1:
        raise g.ambiguity([FOUL[1]], msg("dice.gap.both_fouls"))
    loser = offenders[0]
    winner = g.opponent(loser)
    g.finish(winner, msg("dice.foul.loses", loser=g.name(loser), winner=g.name(winner)), [FOUL[1]])

    return offenders
