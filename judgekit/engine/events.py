"""Events and triggered abilities: trigger counts, delayed triggers, and the ordering hook.

A triggered ability's trigger count rises by one each time its event happens (one count per
event); at the game's rule check a player plays one triggered ability with a count of 1 or more
and the count falls by one. When a player has several, which one goes first is a decision.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from judgekit.engine.state import Card


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened that abilities may trigger on."""

    name: str
    """Event name (``skill_use``, ``ko``, ``turn_start``)."""
    player: str | None = None
    """The player the event belongs to (whose turn, whose skill), if any."""
    subject: str | None = None
    """Instance id of the card the event is about, if any."""
    source: str | None = None
    """Instance id of the card that caused it (813), if any."""
    amount: int = 0
    """A number carried by the event (damage dealt), if any."""
    last_known: Card | None = None
    """The subject as it last was before it moved (812), for events of cards that left."""


@dataclass(frozen=True, slots=True)
class Trigger:
    """A triggered ability with its trigger count."""

    key: str
    """Stable key of the ability (``P1-03/ex:ガード``, ``delayed:2``)."""
    source: str
    """Instance id of the card whose ability it is (813.2)."""
    controller: str
    """Id of the player who plays it."""
    label: str
    """The ability for people (``ルナ's EX power 反撃``)."""
    count: int
    """Trigger count (807.2): how many times it still has to be played."""
    events: tuple[Event, ...]
    """The events that triggered it and are not yet played, oldest first."""
    first: int
    """Clock value when it first became triggered, for a stable order."""


class TriggerBook:
    """Every triggered ability whose trigger count is 1 or more."""

    def __init__(self) -> None:
        self._triggers: dict[str, Trigger] = {}

    def add(
        self, key: str, source: str, controller: str, label: str, event: Event, clock: int, *, cumulative: bool = True
    ) -> Trigger | None:
        """Raise the trigger count of ``key`` by one; None when a non-cumulative ability is already triggered."""
        current = self._triggers.get(key)
        if current is None:
            trig = Trigger(key, source, controller, label, 1, (event,), clock)
        elif not cumulative:
            return None
        else:
            trig = replace(current, count=current.count + 1, events=(*current.events, event))
        self._triggers[key] = trig
        return trig

    def is_triggered(self, key: str) -> bool:
        """Whether ``key`` has a trigger count of 1 or more."""
        return key in self._triggers

    def pending(self, controller: str) -> list[Trigger]:
        """``controller``'s triggered abilities, in the order they first triggered."""
        return sorted((t for t in self._triggers.values() if t.controller == controller), key=lambda t: t.first)

    def take(self, key: str) -> tuple[Trigger, Event]:
        """Lower the trigger count of ``key`` by one; the ability and the event it is played for."""
        trig = self._triggers[key]
        event = trig.events[0]
        if trig.count <= 1:
            del self._triggers[key]
        else:
            self._triggers[key] = replace(trig, count=trig.count - 1, events=trig.events[1:])
        return trig, event

    def clear(self) -> None:
        """Forget every trigger (the game is over)."""
        self._triggers.clear()


@dataclass(frozen=True, slots=True)
class DelayedTrigger:
    """A triggered ability made by an effect for a later event (807.6)."""

    key: str
    """Stable key (``delayed:1``)."""
    source: str
    """Instance id of the card whose ability made it (807.6: it is referred to as that card)."""
    controller: str
    """Id of the player who plays it."""
    on: str
    """The event name it waits for."""
    label: str
    """For people."""
    payload: object
    """The game's description of what it does."""
    from_skill: bool = False
    """Whether a skill made it: it then counts as from a skill (813.3)."""
