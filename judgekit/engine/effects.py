"""Continuous effects with a layering hook, and replacement effects with a chooser hook.

The kernel keeps the effects and orders them; what an effect does is the game's business
(``payload``). Ordering is by layer, then dependency (a game supplies ``depends``), then
timestamp; a tie that remains is left to the game to decide (``tie`` hook).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ContinuousEffect:
    """An effect that applies for a while."""

    key: str
    """Stable key (``static:P1-03/ex:守り`` or ``made:4``)."""
    source: str
    """Instance id of the card it comes from (813)."""
    controller: str
    """Id of the player who controls it (105.3c)."""
    layer: int
    """The game's application layer (lower first)."""
    timestamp: int
    """When it began (809.3b): creation, or when the static ability became effective."""
    until: str
    """When it ends, in the game's words (``end_of_turn``, ``static``)."""
    label: str
    """For people."""
    payload: object
    """What it does, in the game's effect vocabulary."""
    targets: tuple[str, ...] = ()
    """Instance ids it is locked to, or empty when it applies by a condition (809.3b-3)."""


@dataclass(frozen=True, slots=True)
class ReplacementEffect:
    """An effect that replaces an event with another (810)."""

    key: str
    """Stable key."""
    source: str
    """Instance id of the card it comes from."""
    controller: str
    """Id of the player who controls it."""
    event: str
    """The event name it replaces."""
    label: str
    """For people."""
    payload: object
    """The game's description of the match and the replacement."""
    optional: bool = False
    """Whether applying it is a choice (810.3)."""


def order_effects(
    effects: Sequence[ContinuousEffect],
    depends: Callable[[ContinuousEffect, ContinuousEffect], bool] | None = None,
) -> list[ContinuousEffect]:
    """``effects`` in application order: layer, then dependency, then timestamp, then key.

    ``depends(b, a)`` says whether ``b`` depends on ``a`` (applying ``a`` first changes what ``b``
    does). Within a layer an effect that depends on another, and not the other way round, goes
    after it; otherwise the earlier timestamp goes first.
    """
    ordered: list[ContinuousEffect] = []
    for layer in sorted({e.layer for e in effects}):
        group = sorted((e for e in effects if e.layer == layer), key=lambda e: (e.timestamp, e.key))
        if depends is None or len(group) < 2:
            ordered.extend(group)
            continue
        waits: dict[str, set[str]] = {e.key: set() for e in group}
        for a in group:
            for b in group:
                if a is not b and depends(b, a) and not depends(a, b):
                    waits[b.key].add(a.key)
        remaining = list(group)
        while remaining:
            done = {e.key for e in ordered}
            ready = [e for e in remaining if waits[e.key] <= done]
            pick = ready[0] if ready else remaining[0]
            ordered.append(pick)
            remaining.remove(pick)
    return ordered


def same_time(effects: Sequence[ContinuousEffect]) -> list[list[ContinuousEffect]]:
    """Groups of two or more effects of one layer that began at the same time (809.3b ties)."""
    groups: dict[tuple[int, int], list[ContinuousEffect]] = {}
    for e in effects:
        groups.setdefault((e.layer, e.timestamp), []).append(e)
    return [g for _, g in sorted(groups.items()) if len(g) > 1]
