"""Applying replacement effects to one event: each at most once, in precedence groups, a player ordering ties.

When an event would happen, the game lists the :class:`~judgekit.engine.effects.ReplacementEffect`
values that would replace it. Effects fall into precedence groups (``rank``: lower first — a game
puts an ability's replacement of its own effects first, say); within the first group that has any,
one effect is applied, chosen by a player when there are several (``choose``, which asks the
game's decision). An effect already applied to this event is not offered again; after each one
the game lists the candidates afresh, since the event may have become another. The game says what
applying an effect does (``apply``), and whether an event is left to replace.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from judgekit.engine.effects import ReplacementEffect


def apply_replacements(
    candidates: Callable[[frozenset[str]], Sequence[ReplacementEffect]],
    rank: Callable[[ReplacementEffect], int],
    choose: Callable[[Sequence[ReplacementEffect]], ReplacementEffect],
    apply: Callable[[ReplacementEffect], bool],
) -> list[ReplacementEffect]:
    """Apply replacement effects until none is left or the event is gone; the effects applied, in order.

    ``candidates(applied)`` lists the effects that would replace the event now (``applied``: keys of
    those already applied to it, never offered again); ``apply(effect)`` applies one and says whether
    an event is still left that others could replace.
    """
    applied: list[ReplacementEffect] = []
    while True:
        done = frozenset(e.key for e in applied)
        found = [e for e in candidates(done) if e.key not in done]
        if not found:
            return applied
        first = min(rank(e) for e in found)
        group = [e for e in found if rank(e) == first]
        pick = group[0] if len(group) == 1 else choose(group)
        applied.append(pick)
        if not apply(pick):
            return applied


__all__ = ["apply_replacements"]
