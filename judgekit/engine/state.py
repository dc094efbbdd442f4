"""Game state: players, zones, card instances, markers, numbers, attachments, per-turn flags.

The state is a plain container. It is changed only through the primitives of
:class:`judgekit.engine.game.Engine`, which record every change; card instances and players are
immutable values replaced on change, so a card's last-known information is simply the value it
had before it left (812).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from judgekit.message import Sentence


class Visibility(StrEnum):
    """Who may see the cards in a zone."""

    PUBLIC = "public"
    """Every player sees the cards (an area, a KO zone, a discard pile)."""
    OWNER = "owner"
    """Hidden, but open to the player it belongs to (a hand)."""
    HIDDEN = "hidden"
    """No player sees the cards (a deck)."""


@dataclass(frozen=True, slots=True)
class ZoneSpec:
    """What kind of zone a zone is; a game lists one per zone each player has (or one shared)."""

    name: str
    """The zone's name within its player (``main``, ``standby1``, ``deck``)."""
    label: str
    """The zone's name for people."""
    ordered: bool
    """Whether the order of its cards is managed (a deck, a discard pile)."""
    visibility: Visibility
    """Who may see its cards."""
    shared: bool = False
    """Whether there is one zone shared by all players instead of one per player."""
    tags: tuple[str, ...] = ()
    """Game-defined groupings (``area`` for Divine Cross main and standby areas)."""


@dataclass(frozen=True, slots=True)
class Card:
    """One card instance: a physical card in the game, with a stable instance id."""

    iid: str
    """Stable instance id (``P1-07``); never reused."""
    key: str
    """Key of the card definition in the scenario (``kasuko``)."""
    name: str
    """The card's printed name, for display."""
    owner: str
    """Id of the player who brought it (105.2)."""
    controller: str
    """Id of the player who controls it."""
    zone: str
    """Id of the zone it is in (``P1.main``)."""
    face_down: bool = False
    """Whether it lies face down."""
    markers: Mapping[str, int] = field(default_factory=dict)
    """Markers on it by name (``stun``: 1; ``damage``: points)."""
    numbers: Mapping[str, int] = field(default_factory=dict)
    """Game numbers kept on the instance, by name."""
    attached_to: str | None = None
    """Instance id of the card it is attached to, if any."""
    role: str | None = None
    """How it is attached (``energy``, ``assist``), if attached."""
    since: int = 0
    """Timestamp of its arrival in its zone: a new object in a new zone (302.3), ordering for 809.3b."""


@dataclass(frozen=True, slots=True)
class Player:
    """One player and the numbers kept on the player."""

    id: str
    """Player id (``P1``)."""
    name: str
    """Display name."""
    counters: Mapping[str, int] = field(default_factory=dict)
    """Player-level counters (``winning_ticket``: 1)."""


@dataclass(slots=True)
class GameState:
    """Everything the engine knows about a game in progress."""

    players: dict[str, Player]
    """Players by id, in seating order (the first is listed first)."""
    zone_specs: tuple[ZoneSpec, ...]
    """The kinds of zone of this game."""
    zones: dict[str, list[str]] = field(default_factory=dict)
    """Zone id → instance ids; index 0 is the top of an ordered zone."""
    cards: dict[str, Card] = field(default_factory=dict)
    """Every card instance by instance id."""
    turn: int = 0
    """Turn number, 1 for the first turn of the game; 0 before the game starts."""
    turn_player: str = ""
    """Id of the turn player (empty before the first turn)."""
    phase: str = "setup"
    """Current phase name."""
    step: str = ""
    """Current step name within the phase, or empty."""
    flags: dict[str, int] = field(default_factory=dict)
    """Per-turn bookkeeping (``P1:charge`` → 1): what was used this turn; cleared each turn."""
    clock: int = 0
    """Timestamp counter: increases with every change that needs ordering."""
    winner: str | None = None
    """Id of the winner once the game is over (``DRAW`` for a draw); None while it goes on, or when it ended
    without being played (a deck that is not legal)."""
    over: bool = False
    """Whether the game has ended."""
    result: Sentence = ""
    """How the game ended, as a sentence."""
    version: int = 0
    """Bumped by every recorded change; a cache key for derived information."""

    def __post_init__(self) -> None:
        for spec in self.zone_specs:
            if spec.shared:
                self.zones.setdefault(spec.name, [])
            else:
                for pid in self.players:
                    self.zones.setdefault(zone_id(pid, spec.name), [])

    def spec(self, zone: str) -> ZoneSpec:
        """The spec of zone id ``zone`` (``P1.deck`` → the ``deck`` spec)."""
        name = zone.split(".", 1)[1] if "." in zone else zone
        for spec in self.zone_specs:
            if spec.name == name:
                return spec
        raise KeyError(zone)

    def cards_in(self, zone: str) -> list[Card]:
        """The cards in ``zone``, top first."""
        return [self.cards[iid] for iid in self.zones[zone]]

    def opponent(self, player: str) -> str:
        """The other player of a two-player game."""
        others = [pid for pid in self.players if pid != player]
        return others[0]

    def player_order(self) -> list[str]:
        """Players starting with the turn player (APNAP-like order for simultaneous choices)."""
        ids = list(self.players)
        if self.turn_player in ids:
            i = ids.index(self.turn_player)
            ids = ids[i:] + ids[:i]
        return ids

    def flag(self, player: str, name: str) -> int:
        """The per-turn count ``name`` of ``player`` (0 when unused)."""
        return self.flags.get(f"{player}:{name}", 0)


def zone_id(player: str, name: str) -> str:
    """The id of ``player``'s zone ``name`` (``P1.deck``)."""
    return f"{player}.{name}"


def zone_owner(zone: str) -> str | None:
    """The player a zone id belongs to, or None for a shared zone."""
    return zone.split(".", 1)[0] if "." in zone else None


def zone_name(zone: str) -> str:
    """The zone's name without its player (``P1.deck`` → ``deck``)."""
    return zone.split(".", 1)[1] if "." in zone else zone
