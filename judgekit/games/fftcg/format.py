"""The FFTCG scenario file: cards, starting board, play list and expected outcome.

These frozen pydantic dataclasses validate ``scenarios/fftcg/*.toml`` and generate their part of
the published JSON Schema (``schemas/scenario.schema.json``). The parts every game shares (the
prose, the decision and chance entries, the common expectations) are in :mod:`judgekit.scenario`.

Cards a player acts with are named by their key in ``cards`` (``cloud``; ``cloud#2`` for the
second copy in the same zone); cards that may be either player's are named ``P2/cloud``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Discriminator, Field, Tag
from pydantic.dataclasses import dataclass

from judgekit.games.fftcg.cards import STRICT, CardDef, Element
from judgekit.scenario import ChanceEntry, CommonExpect, DecisionEntry, Difference, Prose, ProseLanguage, entry_tag

PlayerId = Literal["P1", "P2"]
"""The two players (1.1)."""

PhaseName = Literal["active", "draw", "main1", "attack", "main2", "end"]
"""The phases of a turn (9): active, draw, first main, attack, second main, end."""

Until = Literal[
    "main1",
    "attack",
    "attack/preparation",
    "attack/declaration",
    "attack/block",
    "attack/damage",
    "main2",
    "end",
    "next_turn",
]
"""Where a run of passes stops: the beginning of a phase or attack step, or of the next turn."""


@dataclass(frozen=True, slots=True, config=STRICT)
class FieldCard:
    """A character on the field at the start."""

    card: str
    """Key of the card in ``cards``."""
    dull: bool = False
    """Whether it is dull (6.3.1)."""
    damage: int = 0
    """Damage it has received this turn (12.4.5; removed in the end phase, 9.5.1.3.1)."""
    frozen: bool = False
    """Whether it is frozen (15.2.4)."""
    new: bool = False
    """It came under its controller's control after the start of that player's latest turn (10.1.2.1.1,
    11.6.2.2): it cannot attack or use dull-icon abilities without Haste."""
    counters: dict[str, int] = Field(default_factory=dict)
    """Counters on it by name (6.7)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class DeckEntry:
    """Several copies of a card in a deck list."""

    card: str
    """Key of the card."""
    copies: int = 1
    """How many copies."""


@dataclass(frozen=True, slots=True, config=STRICT)
class RemovedCard:
    """A card removed from the game at the start, with counters (a dejon card, 15.2.7)."""

    card: str
    """Key of the card."""
    counters: dict[str, int] = Field(default_factory=dict)
    """Counters on it by name."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Side:
    """One player's cards at the start. Lists are card keys, top first where order counts."""

    name: str = ""
    """Display name (default: the player id)."""
    field: tuple[FieldCard, ...] = ()
    """Characters on the field (7.7)."""
    hand: tuple[str, ...] = ()
    """Hand (7.11)."""
    deck: tuple[str | DeckEntry, ...] = ()
    """Deck, top first (7.9); ``{ card = …, copies = 3 }`` repeats a card."""
    damage: tuple[str, ...] = ()
    """Damage zone, in the order the cards were put there (7.8)."""
    break_zone: tuple[str, ...] = ()
    """Break zone (7.10)."""
    removed: tuple[str | RemovedCard, ...] = ()
    """Removed from the game (7.13)."""
    crystals: int = 0
    """Crystals (6.8)."""
    used: tuple[str, ...] = ()
    """Abilities already used this turn, as ``<card key>/<ability name>`` (``1ターンに1度``); ``<card key>/#2`` for
    one that prints no name, by its place."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Start:
    """Where the game stands when the scenario starts."""

    at: Literal["setup", "active", "draw", "main1", "attack", "main2", "end"] = "main1"
    """``setup`` plays 8.1–8.2 from the decks; otherwise the game starts at the beginning of this phase."""
    turn: int = 3
    """Turn number (1 is the first player's first turn, 9.2.1.3)."""
    turn_player: PlayerId = "P1"
    """Whose turn it is."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Discarded:
    """A multi-element card discarded for CP, with the element declared (5.2.1.3)."""

    card: str
    """Key of the hand card."""
    element: Element
    """The element of the 2 CP it makes."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Dulled:
    """A multi-element backup dulled for CP, with the element named (11.2.1.1)."""

    card: str
    """Key of the backup."""
    element: Element
    """The element of the 1 CP it makes."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Payment:
    """How a player pays a cost (11.2, 11.4.6.1): cards discarded and backups dulled for CP, and the rest."""

    discard: tuple[str | Discarded, ...] = ()
    """Hand cards discarded for 2 CP each (5.2.1.3)."""
    dull: tuple[str | Dulled, ...] = ()
    """Active backups dulled for 1 CP each (5.2.3.1.1.3)."""
    cards: tuple[str, ...] = ()
    """Hand cards discarded for a cost's ``discard`` (not for CP)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Pass:
    """11.1.6: the player with priority passes."""

    do: Literal["pass"]
    """The action."""
    until: Until | None = None
    """Both players keep passing whenever they have priority until this begins (only the passes; other
    actions the rules ask for are still taken from the play list)."""
    by: PlayerId | None = None
    """Who passes (default: the player with priority)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Cast:
    """11.3 召喚獣のキャスト, or 11.4 キャラクターをキャストする: a hand card, its targets and the payment."""

    do: Literal["cast"]
    """The action."""
    card: str
    """Key of the hand card."""
    pay: Payment = Field(default_factory=Payment)
    """How the cost is paid."""
    choose: tuple[str, ...] = ()
    """What it chooses, in order (``P2/kefka``; a player id for a player)."""
    mode: str | None = None
    """For a summon with modes: the one declared (11.3.4), by name."""
    modes: tuple[str, ...] = ()
    """For a summon that chooses more than one mode: the ones declared (11.3.4), by name, in order; what it
    chooses (``choose``) follows the declared modes' ``choose`` lists in this order."""
    x: int | None = None
    """The value of its variable X when X is part of its cost (11.3.5, 11.4.4)."""
    options: tuple[str, ...] = ()
    """A summon: the additional or alternative costs chosen (11.3.5), by name; paid with ``pay``."""
    split: dict[str, int] = Field(default_factory=dict)
    """How it divides the damage of its ``distribute`` effect among what it chose (11.3.6): ``P2/kefka`` →
    its share (at least 1 each)."""
    by: PlayerId | None = None
    """Who casts (default: the player with priority)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class UseAbility:
    """11.6 アクションアビリティ or 11.7 スペシャルアビリティ of a card on the field."""

    do: Literal["ability"]
    """The action."""
    card: str
    """Key of the character on the player's field."""
    ability: str | int
    """The ability's name; an ability that prints none (an action ability) by its place among the card's abilities:
    ``2`` or ``"#2"`` for the second (the trace calls it ``#2``)."""
    pay: Payment = Field(default_factory=Payment)
    """How the cost is paid."""
    choose: tuple[str, ...] = ()
    """What it chooses, in order."""
    mode: str | None = None
    """For an ability with modes: the one declared (11.6.6, 11.7.6), by name."""
    modes: tuple[str, ...] = ()
    """For an ability that chooses more than one mode: the ones declared, by name, in order (see ``cast``)."""
    x: int | None = None
    """The value of its variable X when X is part of its cost (11.6.7, 11.7.7)."""
    options: tuple[str, ...] = ()
    """The additional or alternative costs chosen (11.6.7, 11.7.7), by name; paid with ``pay``."""
    split: dict[str, int] = Field(default_factory=dict)
    """How it divides the damage of its ``distribute`` effect among what it chose (11.6.8, 11.7.8): ``P2/kefka`` →
    its share (at least 1 each)."""
    characters: tuple[str, ...] = ()
    """The characters its cost dulls, puts into the break zone, removes or returns (``cost.characters``), as
    ``P1/kefka`` (11.6.2.3, 11.6.2.4, 11.7.2.3, 11.7.2.4)."""
    by: PlayerId | None = None
    """Who uses it (default: the player with priority)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class UseDejon:
    """15.2.7.3: remove a dejon card from the hand, paying its cost."""

    do: Literal["dejon"]
    """The action."""
    card: str
    """Key of the hand card."""
    pay: Payment = Field(default_factory=Payment)
    """How the cost is paid."""
    by: PlayerId | None = None
    """Who acts (default: the turn player)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Attack:
    """10.1.2.1: declare one attacking forward, or a party (15.1.1.9)."""

    do: Literal["attack"]
    """The action."""
    forwards: tuple[str, ...]
    """Keys of the attacking forwards; two or more form a party."""
    pay: Payment = Field(default_factory=Payment)
    """How a cost to attack is paid (10.1.2.3)."""
    by: PlayerId | None = None
    """Who attacks (default: the turn player)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class NoAttack:
    """10.1.2.7: declare no attack (the attack phase ends)."""

    do: Literal["no_attack"]
    """The action."""
    by: PlayerId | None = None
    """Who declares (default: the turn player)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Block:
    """10.1.3.1: the non-turn player blocks with a forward."""

    do: Literal["block"]
    """The action."""
    forward: str
    """Key of the blocking forward."""
    pay: Payment = Field(default_factory=Payment)
    """How a cost to block is paid (10.1.3.1.3)."""
    by: PlayerId | None = None
    """Who blocks (default: the non-turn player)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class NoBlock:
    """10.1.3.1: the non-turn player does not block."""

    do: Literal["no_block"]
    """The action."""
    by: PlayerId | None = None
    """Who declares (default: the non-turn player)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Concede:
    """2.1: a player may concede at any time."""

    do: Literal["concede"]
    """The action."""
    by: PlayerId
    """Who concedes."""


Action = Annotated[
    Pass | Cast | UseAbility | UseDejon | Attack | NoAttack | Block | NoBlock | Concede,
    Field(discriminator="do"),
]
"""A player's action."""

PlayEntry = Annotated[
    Annotated[Action, Tag("do")] | Annotated[DecisionEntry, Tag("decide")] | Annotated[ChanceEntry, Tag("chance")],
    Discriminator(entry_tag),
]
"""One entry of the play list: an action (``do``), a decision (``decide``) or chance (``chance``)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class FieldExpect:
    """What must be true of a character on a player's field at the end (or that it is not there)."""

    player: PlayerId
    """Whose field."""
    card: str
    """Key of the card (``cloud#2`` for the second copy)."""
    present: bool = True
    """Whether it is on that field at all."""
    dull: bool | None = None
    """Whether it is dull."""
    damage: int | None = None
    """Damage it has."""
    power: int | None = None
    """Its power after continuous effects."""
    frozen: bool | None = None
    """Whether it is frozen."""
    counters: dict[str, int] | None = None
    """Counters on it, by name."""
    type: Literal["forward", "backup", "monster"] | None = None
    """Its card type after continuous effects (11.12.4.6 ③)."""
    jobs: tuple[str, ...] | None = None
    """Its jobs after continuous effects, in any order (11.12.4.6 ③)."""
    keywords: tuple[str, ...] | None = None
    """Its keyword abilities after continuous effects, in any order."""
    abilities: tuple[str, ...] | None = None
    """The names of the abilities it has after continuous effects, in any order (11.12.4.6 ②)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class ZoneExpect:
    """What must be true of a zone at the end."""

    zone: str
    """Which: ``P1.hand``, ``P2.break``, ``P1.deck``, ``P1.damage``, ``P2.removed``, ``P1.field``."""
    count: int | None = None
    """How many cards."""
    cards: tuple[str, ...] | None = None
    """Card keys: in order (top first) for a deck, in the order put there for a damage zone, in any order
    otherwise."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Expect(CommonExpect):
    """The expected outcome: the common checks plus FFTCG board values."""

    field: tuple[FieldExpect, ...] = ()
    """Characters at the end."""
    zones: tuple[ZoneExpect, ...] = ()
    """Zones at the end."""
    crystals: dict[str, int] = Field(default_factory=dict)
    """Crystals of each player at the end."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Players:
    """The two players' starting cards."""

    P1: Side
    """Player 1."""
    P2: Side
    """Player 2."""


@dataclass(frozen=True, slots=True, config=STRICT)
class FftcgScenario:
    """An FFTCG scenario file."""

    game: Literal["fftcg"]
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
    rulebook: str = "2.1.9"
    """Version of the comprehensive rules the ruling is made under."""
    document: str = "comprehensive"
    """The document (the comprehensive rules)."""
    format: Literal["constructed", "limited"] = "constructed"
    """構築戦 or リミテッド戦 (3.1.1, 8.1.1.1)."""
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
    differs: tuple[Difference, ...] = ()
    """Where another document says otherwise, and how the ruling differs."""
    start: Start = Field(default_factory=Start)
    """Where the game stands at the start."""
    play: tuple[PlayEntry, ...] = ()
    """Actions, decisions and chance, in order."""
