"""The game's own words as messages: phases, steps and the windows where players receive priority.

Sentences name these as nested messages (``msg("ff.phase.attack")``), never as English text, so the
reader sees the rulebook's term in Japanese and the English rules' word in English.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judgekit.message import Message, Sentence, msg

PHASE_NAMES: dict[str, Message] = {
    "setup": msg("ff.phase.setup"),
    "active": msg("ff.phase.active"),
    "draw": msg("ff.phase.draw"),
    "main1": msg("ff.phase.main1"),
    "attack": msg("ff.phase.attack"),
    "main2": msg("ff.phase.main2"),
    "end": msg("ff.phase.end"),
}
"""Each phase (9) by its id in :data:`~judgekit.games.fftcg.game.PHASES` (and the set-up before the game, 8.2)."""

STEP_NAMES: dict[str, Message] = {
    "preparation": msg("ff.step.preparation"),
    "declaration": msg("ff.step.declaration"),
    "block": msg("ff.step.block"),
    "damage": msg("ff.step.damage"),
}
"""Each step of the attack phase (10.1) by its id."""

WINDOWS: dict[str, Message] = {
    "main1": msg("ff.window.main1"),
    "main2": msg("ff.window.main2"),
    "end": msg("ff.window.end"),
    "preparation": msg("ff.window.preparation"),
    "declaration": msg("ff.window.declaration"),
    "block": msg("ff.window.block"),
    "damage": msg("ff.window.damage"),
    "first_strike": msg("ff.window.first_strike"),
}
"""Where a priority window opens, as a sentence names it (``the attack declaration step``)."""


def phase_name(phase: str) -> Message | str:
    """A phase by its id, as a message (an unknown id as it is)."""
    return PHASE_NAMES.get(phase, phase)


def where(turn: int, player: str, phase: str, step: str = "") -> Message:
    """A moment of the game: ``turn 3, P1's attack phase, attack declaration step``."""
    if step and step in STEP_NAMES:
        return msg("ff.where.step", turn=turn, player=player, phase=phase_name(phase), step=STEP_NAMES[step])
    return msg("ff.where.phase", turn=turn, player=player, phase=phase_name(phase))


def seq(*parts: Sentence) -> Sentence:
    """Sentence pieces one after the other (each piece brings its own punctuation); empty pieces are left out."""
    kept = [p for p in parts if p]
    if not kept:
        return ""
    out = kept[-1]
    for part in reversed(kept[:-1]):
        out = msg("ff.seq", first=part, then=out)
    return out


def count(n: int, up_to: bool) -> Message | int:
    """A number of things to choose or declare: ``3``, or ``up to 3``."""
    return msg("ff.count.up_to", n=n) if up_to else n


def quoted(names: Sequence[str]) -> tuple[Message, ...]:
    """Names the scenario gave (of effects, of modes) in quotes: ``'a', 'b'``."""
    return tuple(msg("ff.quoted", name=name) for name in names)


ELEMENTS: dict[str, Message] = {
    "fire": msg("ff.element.fire"),
    "ice": msg("ff.element.ice"),
    "wind": msg("ff.element.wind"),
    "earth": msg("ff.element.earth"),
    "lightning": msg("ff.element.lightning"),
    "water": msg("ff.element.water"),
    "light": msg("ff.element.light"),
    "dark": msg("ff.element.dark"),
}
"""Each element (5.2.1) by its id in the card vocabulary."""


def element(name: str) -> Message | str:
    """An element by its id, as a message (an unknown id as it is)."""
    return ELEMENTS.get(name, name)


KEYWORDS: dict[str, Message] = {
    "brave": msg("ff.keyword.brave"),
    "haste": msg("ff.keyword.haste"),
    "first_strike": msg("ff.keyword.first_strike"),
    "back_attack": msg("ff.keyword.back_attack"),
}
"""Each keyword ability (15.2) by its id in the card vocabulary."""


def cp(amounts: Mapping[str, int]) -> tuple[Message, ...]:
    """CP by element, for sentences: ``1 fire, 2 ice``."""
    return tuple(msg("ff.cp.of", n=n, element=element(e)) for e, n in amounts.items())


def semicolons(parts: Sequence[Sentence]) -> Sentence:
    """Sentences one after another, separated as a list of clauses (``a; b``)."""
    if not parts:
        return ""
    out = parts[-1]
    for part in reversed(parts[:-1]):
        out = msg("ff.semicolon", first=part, then=out)
    return out


CARD_TYPES: dict[str, Message] = {
    "forward": msg("ff.type.forward"),
    "backup": msg("ff.type.backup"),
    "monster": msg("ff.type.monster"),
    "summon": msg("ff.type.summon"),
}
"""Each card type (5.2.3) by its id in the card vocabulary."""


def card_type(name: str) -> Message | str:
    """A card type by its id, as a message (an unknown id as it is)."""
    return CARD_TYPES.get(name, name)


def keyword(name: str) -> Message | str:
    """A keyword ability by its id, as a message (an unknown id as it is)."""
    return KEYWORDS.get(name, name)


def until(key: str) -> Message | str:
    """Where passing automatically stops, as a scenario writes it (``attack/declaration``, ``next_turn``)."""
    if key == "next_turn":
        return msg("ff.until.next_turn")
    phase, _, step = key.partition("/")
    if step in STEP_NAMES:
        return msg("ff.until.the", what=STEP_NAMES[step])
    if phase in PHASE_NAMES:
        return msg("ff.until.the", what=PHASE_NAMES[phase])
    return key
