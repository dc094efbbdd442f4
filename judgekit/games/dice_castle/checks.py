"""Checks outside the play: the support deck and evolution kings, the competitive match, fouls."""

from __future__ import annotations

from collections import Counter

from judgekit.engine import StepKind
from judgekit.engine.rules import RuleRole
from judgekit.games.dice_castle.format import MatchRecord
from judgekit.games.dice_castle.game import DiceCastle
from judgekit.games.dice_castle.ids import EVOLUTION, FOUL, INFO, MATCH, SUPPORT
from judgekit.games.dice_castle.registry import rule

Problem = tuple[str, str, str]
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
            problems.append((pid, SUPPORT[1], f"the support deck has {len(support)} cards; at most {SUPPORT_MAX}"))
        copies = Counter(c.key for c in [*deck, *support])
        for key, n in sorted(copies.items()):
            d = g.defs[key]
            limit = 1 if d.limited or d.evolution else SAME_MAX
            if n > limit:
                why = "制限:デッキ1枚" if limit == 1 else "the same card"
                problems.append(
                    (pid, SUPPORT[2], f"{n} of {d.name} in the deck and support deck together; {why}: at most {limit}")
                )
        for c in deck:
            d = g.defs[c.key]
            if d.evolution and not d.in_deck:
                problems.append((pid, EVOLUTION[3], f"{d.name} is an evolution king in the normal deck"))
        start = g.definition(g.original_king(pid))
        if start.evolution:
            problems.append((pid, EVOLUTION[3], f"the game cannot start with the evolution king {start.name}"))
    if silent:
        return problems
    for pid, rid, text in problems:
        g.record(StepKind.RULE, "rules", f"{g.name(pid)}: {text}", [rid])
    if not problems:
        g.record(
            StepKind.RULE,
            "rules",
            "both support decks are legal: at most 10 cards, at most 3 of a card (1 of a 制限:デッキ1枚 card) counted "
            "with the deck, evolution kings only in the support deck; it becomes the support castle",
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
            problems.append((pid, MATCH[1], f"{len(decks)} decks registered; the competitive rules use three"))
        kings = Counter(d.king for d in decks)
        for king, n in sorted(kings.items()):
            if n > 1:
                problems.append(
                    (pid, MATCH[2], f"{n} decks with the king {g.defs[king].name if king in g.defs else king}")
                )
        earlier = match.earlier.get(pid)
        if earlier is not None and sorted(earlier) != sorted(d.name for d in decks):
            problems.append(
                (pid, MATCH[4], f"the decks differ from those of the earlier matches ({', '.join(earlier)})")
            )
    wins = {"P1": 0, "P2": 0}
    used: dict[str, set[str]] = {"P1": set(), "P2": set()}
    steps: list[tuple[str, list[str]]] = []
    for i, game in enumerate(match.games, 1):
        if max(wins.values()) >= 2:
            problems.append((game.winner, MATCH[1], f"game {i} is played after the match was decided"))
        for pid in ("P1", "P2"):
            name = getattr(game, pid)
            if name not in {d.name for d in registered[pid]}:
                problems.append((pid, MATCH[4], f"game {i}: {name} is not one of the registered decks"))
            elif name in used[pid]:
                problems.append((pid, MATCH[3], f"game {i}: {name} was already used in this match"))
            used[pid].add(name)
        wins[game.winner] += 1
        steps.append(
            (
                f"game {i}: P1 with {game.P1}, P2 with {game.P2}: {game.winner} wins ({wins['P1']}–{wins['P2']})",
                [MATCH[1]],
            )
        )
    if silent:
        return None if problems else max(wins, key=lambda p: wins[p])
    for text, cites in steps:
        g.record(StepKind.RULE, "rules", text, cites)
    for pid, rid, text in problems:
        g.record(StepKind.RULE, "rules", f"{g.name(pid)}: {text}", [rid])
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
        raise end_game(g, None, "the decks are not legal: the game cannot start", sorted({r for _, r, _ in problems}))
    match = g.match
    if match is None:
        return True
    winner = match_check(g, match)
    if winner is None:
        bad = match_check(g, match, silent=True) is None
        if bad:
            raise end_game(g, None, "the match record breaks the competitive rules", [MATCH[1]])
        return True
    raise end_game(
        g, winner, f"{g.name(winner)} is the first to win two games: {g.name(winner)} wins the match", [MATCH[1]]
    )


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
        "the game is over: every face-down card in the magic zones is turned face up"
        + (f" ({', '.join(g.card(i).name for _, i in down)})" if down else " (there are none)"),
        [FOUL[1], INFO[2]],
    )
    if not offenders:
        return []
    if len(offenders) > 1:
        raise g.ambiguity([FOUL[1]], "both players set a non-counter card face down; the page does not say who wins")
    loser = offenders[0]
    winner = g.opponent(loser)
    g.finish(
        winner,
        f"{g.name(loser)} had set a card that is not a counter face down: {g.name(loser)} loses by a foul, "
        f"{g.name(winner)} wins",
        [FOUL[1]],
    )
    return offenders
