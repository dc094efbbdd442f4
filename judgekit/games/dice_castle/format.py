"""The dice-and-castle scenario file: basics, cards, starting board, play list and expected outcome.

These frozen pydantic dataclasses validate ``scenarios/dice-castle/*.toml`` and generate the
published JSON Schema. The detailed rules are a supplement: they leave the game's basic numbers
and procedures to the basic rules, which are not in the rules index. A scenario states what it
relies on in ``[basics]``; the engine shows each value as an explicit assumption in the trace
when it first uses it, and stops with a rule-gap error naming the key when one it needs is not
given.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Discriminator, Field, Tag
from pydantic.dataclasses import dataclass

from judgekit.games.dice_castle.cards import STRICT, Attribute, CardDef
from judgekit.scenario import ChanceEntry, CommonExpect, DecisionEntry, Prose, ProseLanguage, entry_tag

PlayerId = Literal["P1", "P2"]
"""The two players."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Basics:
    """Values and procedures the detailed rules do not give, taken from the scenario (each shows in the
    trace as an assumption when first used; a run that needs one not given stops with a rule gap)."""

    turn_order: Literal["first_then_second"] | None = None
    """After the first player's end phase, the second player's draw, set, battle and end phases follow, then
    the next turn's dice phase."""
    die_faces: int | None = None
    """How many faces a die has (the options of a roll)."""
    dice_compare: Literal["total"] | None = None
    """With several dice, the dice phase compares each player's total."""
    cost_payment: Literal["attribute"] | None = None
    """A cost is paid with energy of its attribute (or 全 energy); ``any`` with energy of any attribute."""
    counter_set: Literal["face_down_paid"] | None = None
    """A counter is played by paying its cost and setting it face down in the magic zone with a die showing
    the number paid; setting it opens no 'played' timing."""
    counter_after: Literal["discard"] | None = None
    """A counter goes to the discard once it has resolved."""
    attack_targets: Literal["unit_or_castle", "units_first"] | None = None
    """An attack may target any opposing unit or the castle, or the castle only when the defender has no unit."""
    attack_damage: Literal["attack"] | None = None
    """An attack deals the attacker's attack as damage."""
    counter_damage: Literal["attack", "none"] | None = None
    """A unit that is attacked deals its own attack back as counter-attack damage (or none)."""
    unit_destroyed: Literal["damage_reaches_hp"] | None = None
    """A unit is destroyed when its damage reaches its HP."""
    castle_damage: Literal["card_per_point"] | None = None
    """Each point of damage to a castle that walls do not stop moves the castle's top card to the damage cards."""
    walls_absorb: Literal["one_per_hit", "one_per_point"] | None = None
    """Damage to a castle with walls destroys one wall per hit (and deals nothing), or one wall per point first."""
    magic_limit: int | None = None
    """How many cards a magic zone holds."""


@dataclass(frozen=True, slots=True, config=STRICT)
class DieSetup:
    """A die a player has."""

    attribute: Attribute
    """Its attribute."""
    makes_all: bool = False
    """It already makes energy of every attribute (全エネルギー)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class UnitSetup:
    """A unit on the starting board."""

    card: str
    """Key of its card."""
    damage: int = 0
    """Damage on it."""
    attacks_used: int = 0
    """Attack rights it has already used this battle phase."""
    from_support: bool = False
    """It came from the support castle (it goes back there instead of the discard or hand)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class MagicSetup:
    """A card in the magic zone at the start."""

    card: str
    """Key of its card."""
    face_down: bool = False
    """It lies face down (a set counter — or a card set face down by mistake)."""
    die: int | None = None
    """The number on the die on it (a counter played with a die)."""
    die_attribute: str | None = None
    """The attribute of that die, when it can be told."""


@dataclass(frozen=True, slots=True, config=STRICT)
class CastleEntry:
    """Several copies of a card in a castle list."""

    card: str
    """Key of the card."""
    copies: int = 1
    """How many copies."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Side:
    """One player's cards and numbers at the start. Card lists are keys, top first where order counts."""

    king: str
    """Key of the king card on the field."""
    name: str = ""
    """Display name (default: the player id)."""
    king_under: tuple[str, ...] = ()
    """Kings under the king (it has evolved from them), the original first."""
    dice: tuple[DieSetup, ...] = ()
    """The player's dice."""
    energy: dict[str, int] = Field(default_factory=dict)
    """Energy already made this turn, by attribute."""
    walls: int = 0
    """Walls the player has."""
    units: tuple[UnitSetup, ...] = ()
    """Units in the unit zone."""
    magic: tuple[MagicSetup, ...] = ()
    """Cards in the magic zone."""
    hand: tuple[str, ...] = ()
    """Hand."""
    castle: tuple[str | CastleEntry, ...] = ()
    """Castle, top first; ``{ card = …, copies = 3 }`` repeats a card."""
    damage: tuple[str, ...] = ()
    """Damage cards, top first."""
    discard: tuple[str, ...] = ()
    """Discard, top first."""
    support: tuple[str, ...] = ()
    """Support castle."""
    used: tuple[str, ...] = ()
    """Once-a-turn (ターン1) abilities already used this turn, as ``<card key>/<ability name>``."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Start:
    """Where the game stands when the scenario starts."""

    at: Literal["check", "dice", "draw", "set", "battle", "end"] = "set"
    """``check``: only the deck check; otherwise the game starts at the beginning of this phase."""
    turn: int = 1
    """Turn number."""
    turn_player: PlayerId = "P1"
    """Whose phases are under way (the turn player); ignored at the dice phase."""
    first: PlayerId = "P1"
    """Who goes first this turn (the last dice phase's result); ignored at the dice phase."""
    competitive: bool = False
    """The game is played under the competitive rules (fouls are checked when it ends)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class DeckRecord:
    """One of a player's decks for a match."""

    name: str
    """The deck's name."""
    king: str
    """Key of its king."""


@dataclass(frozen=True, slots=True, config=STRICT)
class GameRecord:
    """One game of a match: the decks used and the winner."""

    P1: str
    """Name of P1's deck."""
    P2: str
    """Name of P2's deck."""
    winner: PlayerId
    """Who won it."""


@dataclass(frozen=True, slots=True, config=STRICT)
class MatchRecord:
    """A competitive match, for the tournament check (競技ルール)."""

    decks_P1: tuple[DeckRecord, ...]
    """P1's registered decks."""
    decks_P2: tuple[DeckRecord, ...]
    """P2's registered decks."""
    games: tuple[GameRecord, ...]
    """The games, in order."""
    earlier: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    """Decks each player used in earlier matches of the same tournament, by player id."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Play:
    """Play a card (the turn player, in the set phase)."""

    do: Literal["play"]
    """The action."""
    card: str
    """Key of the card (``key#2`` for a second copy)."""
    source: Literal["hand", "discard", "castle", "support", "field"] = "hand"
    """Where the card is."""
    by: PlayerId | None = None
    """Who acts (default: the turn player)."""
    phase: Literal["end"] | None = None
    """``end``: the attempt is made in the end phase."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Use:
    """Use a cost ability."""

    do: Literal["use"]
    """The action."""
    card: str
    """Key of the card with the ability."""
    ability: str
    """The ability's name."""
    owner: PlayerId | None = None
    """Whose field (or zone) the card is on (default: the acting player's)."""
    by: PlayerId | None = None
    """Who acts (default: the turn player)."""
    phase: Literal["end"] | None = None
    """``end``: the attempt is made in the end phase."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Attack:
    """Declare an attack."""

    do: Literal["attack"]
    """The action."""
    unit: str
    """Key of the attacking unit."""
    target: str = "castle"
    """``castle``, or the key of an opposing unit."""
    by: PlayerId | None = None
    """Who acts (default: the turn player)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Activate:
    """Activate counters whose condition has just been met; several are declared together."""

    do: Literal["counter"]
    """The action."""
    cards: tuple[str, ...]
    """Keys of the face-down counters."""
    by: PlayerId
    """Whose counters."""


@dataclass(frozen=True, slots=True, config=STRICT)
class EndSet:
    """End the set phase."""

    do: Literal["end_set"]
    """The action."""
    by: PlayerId | None = None
    """Who acts (default: the turn player)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class EndBattle:
    """End the battle phase (attack no more)."""

    do: Literal["end_battle"]
    """The action."""
    by: PlayerId | None = None
    """Who acts (default: the turn player)."""


Action = Annotated[Play | Use | Attack | Activate | EndSet | EndBattle, Field(discriminator="do")]
"""A player's action."""

PlayEntry = Annotated[
    Annotated[Action, Tag("do")] | Annotated[DecisionEntry, Tag("decide")] | Annotated[ChanceEntry, Tag("chance")],
    Discriminator(entry_tag),
]
"""One entry of the play list: an action (``do``), a decision (``decide``) or chance (``chance``)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class UnitExpect:
    """What must be true of a unit at the end."""

    player: PlayerId
    """Whose unit zone."""
    card: str
    """Key of the card."""
    present: bool = True
    """Whether it is there."""
    damage: int | None = None
    """Damage on it."""


@dataclass(frozen=True, slots=True, config=STRICT)
class ZoneExpect:
    """What must be true of a zone at the end."""

    zone: str
    """Which: ``P1.hand``, ``P2.castle``, ``P1.magic``, ``waiting``."""
    count: int | None = None
    """How many cards."""
    cards: tuple[str, ...] | None = None
    """Card keys: in order (top first) for a castle, damage cards or discard, in any order otherwise."""


@dataclass(frozen=True, slots=True, config=STRICT)
class PlayerExpect:
    """What must be true of a player at the end."""

    player: PlayerId
    """Which player."""
    walls: int | None = None
    """Walls."""
    energy: dict[str, int] | None = None
    """Energy by attribute (attributes not listed must be 0)."""
    dice: tuple[str, ...] | None = None
    """The attributes of the player's dice, in order."""
    king: str | None = None
    """Key of the king on top."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Expect(CommonExpect):
    """The expected outcome: the common checks plus dice-and-castle board values."""

    units: tuple[UnitExpect, ...] = ()
    """Units at the end."""
    zones: tuple[ZoneExpect, ...] = ()
    """Zones at the end."""
    players: tuple[PlayerExpect, ...] = ()
    """Players' numbers at the end."""
    assumptions: tuple[str, ...] = ()
    """Keys of ``[basics]`` the trace must show as assumptions."""
    unresolved: tuple[str, ...] = ()
    """Abilities left unresolved when the game ended, as ``<card key>/<ability name>``."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Players:
    """The two players' starting cards."""

    P1: Side
    """Player 1."""
    P2: Side
    """Player 2."""


@dataclass(frozen=True, slots=True, config=STRICT)
class DiceCastleScenario:
    """A dice-and-castle scenario file."""

    game: Literal["dice-castle"]
    """The game."""
    title: str
    """A short title."""
    question: str
    """The question in dispute (Markdown)."""
    ruling: str
    """The ruling by the rules, in words (Markdown)."""
    cards: dict[str, CardDef]
    """The cards the scenario uses, by key."""
    players: Players
    """The starting cards of each player."""
    expect: Expect
    """The expected outcome."""
    rulebook: str = "第1版"
    """Version of the detailed rules the ruling is made under."""
    document: str = "detailed-rules"
    """The document (the detailed rules)."""
    notes: str = ""
    """Anything else worth saying (Markdown)."""
    language: ProseLanguage = "en"
    """The language of the top-level title, question, ruling and notes."""
    ja: Prose | None = None
    """The prose in Japanese, when the top level is English (``[ja]``)."""
    en: Prose | None = None
    """The prose in English, when the top level is Japanese (``[en]``)."""
    tags: tuple[str, ...] = ()
    """Topics, for the site's index."""
    basics: Basics = Field(default_factory=Basics)
    """Values the detailed rules do not give, which this scenario relies on."""
    start: Start = Field(default_factory=Start)
    """Where the game stands at the start."""
    match: MatchRecord | None = None
    """A competitive match to check (with ``start.at = "check"``)."""
    play: tuple[PlayEntry, ...] = ()
    """Actions, decisions and chance, in order."""
