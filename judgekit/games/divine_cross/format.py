"""The Divine Cross scenario file: cards, starting board, play list and expected outcome.

These frozen pydantic dataclasses validate ``scenarios/divine-cross/*.toml`` and generate the
published JSON Schema (``schemas/scenario.schema.json``). The parts every game shares (the
prose, the decision and chance entries, the common expectations) are in
:mod:`judgekit.scenario`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Discriminator, Field, Tag
from pydantic.dataclasses import dataclass

from judgekit.games.divine_cross.cards import STRICT, CardDef
from judgekit.scenario import ChanceEntry, CommonExpect, DecisionEntry, Difference, Prose, ProseLanguage, entry_tag

PlayerId = Literal["P1", "P2"]
"""The two players (102.1)."""

StandbyArea = Literal["standby1", "standby2", "standby3"]
"""One of a player's three standby areas (308.1)."""

OwnArea = Literal["main", "standby1", "standby2", "standby3"]
"""One of the acting player's areas."""


@dataclass(frozen=True, slots=True, config=STRICT)
class UnitSetup:
    """A unit on the starting board, with what is attached to it and on it."""

    card: str
    """Key of the unit's card in ``cards``."""
    energy: tuple[str, ...] = ()
    """Keys of the cards attached as energy (face down, 905.2)."""
    assist: str | None = None
    """Key of the attached assist, if any (905.3)."""
    damage: int = 0
    """Damage markers, in points (914.2)."""
    stunned: bool = False
    """Whether it has a stun marker (918)."""
    markers: dict[str, int] = Field(default_factory=dict)
    """Other markers by name (907)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class DeckEntry:
    """Several copies of a card in a deck list."""

    card: str
    """Key of the card."""
    copies: int = 1
    """How many copies."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Side:
    """One player's cards at the start. Lists of cards are card keys, top first where order counts."""

    name: str = ""
    """Display name (default: the player id)."""
    main: UnitSetup | None = None
    """The main unit (307)."""
    standby: tuple[UnitSetup, ...] = ()
    """Standby units, filling standby areas 1, 2, 3 in order (308.1: three areas)."""
    hand: tuple[str, ...] = ()
    """Hand (305)."""
    deck: tuple[str | DeckEntry, ...] = ()
    """Deck, top first (304); ``{ card = …, copies = 2 }`` repeats a card."""
    discard: tuple[str, ...] = ()
    """Discard pile, top first (310)."""
    ko: tuple[str, ...] = ()
    """KO zone (309)."""
    used: tuple[str, ...] = ()
    """What this player already used this turn: ``charge`` (602.2), ``event`` (803.2), ``retreat``
    (605.2), or ``ex:<area>/<EX power name>`` for an activated EX power."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Start:
    """Where the game stands when the scenario starts."""

    at: Literal["setup", "draw", "main", "battle", "end"] = "main"
    """``setup`` plays 402–403 from the decks; otherwise the game starts at the beginning of this phase."""
    turn: int = 2
    """Turn number (1 is the first turn of the game, 504.1)."""
    turn_player: PlayerId = "P1"
    """Whose turn it is."""
    winning_ticket: PlayerId | None = None
    """Who holds the winning ticket (106), if anyone."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Charge:
    """602 チャージ: a hand card as energy to an own unit, then draw."""

    do: Literal["charge"]
    """The action."""
    card: str
    """Key of the hand card."""
    unit: OwnArea = "main"
    """Which of the player's units."""
    by: PlayerId | None = None
    """Who acts (default: the turn player)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class PlayUnit:
    """603 ユニットを出す: a hand unit to a free standby area."""

    do: Literal["play_unit"]
    """The action."""
    card: str
    """Key of the hand card."""
    area: StandbyArea | None = None
    """Which standby area (default: the first free one)."""
    by: PlayerId | None = None
    """Who acts (default: the turn player)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class PlayCommand:
    """604 コマンドをプレイ (804)."""

    do: Literal["play_command"]
    """The action."""
    card: str
    """Key of the hand card."""
    target: OwnArea | None = None
    """For an assist: the unit to attach it to (804.2b)."""
    by: PlayerId | None = None
    """Who acts (default: the turn player)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Retreat:
    """605 メイン・ユニットを退却 (913)."""

    do: Literal["retreat"]
    """The action."""
    to: StandbyArea
    """The standby unit that becomes the main unit."""
    by: PlayerId | None = None
    """Who acts (default: the turn player)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class PlayExPower:
    """606 起動能力であるEXパワーをプレイ."""

    do: Literal["ex_power"]
    """The action."""
    power: str
    """The EX power's name."""
    unit: OwnArea = "main"
    """The unit that has it (or whose assist has it)."""
    card: str | None = None
    """Instead of a unit's: the key of a card in the player's hand whose EX power works there (``zone = "hand"``,
    802.3); playing it reveals the card to the opponent until the ability leaves the resolution zone (806.2a)."""
    by: PlayerId | None = None
    """Who acts (default: the turn player)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class EndMain:
    """607 メインフェイズを終了."""

    do: Literal["end_main"]
    """The action."""
    by: PlayerId | None = None
    """Who acts (default: the turn player)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class DeclareSkill:
    """703.1: declare the main unit's skill."""

    do: Literal["skill"]
    """The action."""
    skill: str
    """The skill's name."""
    by: PlayerId | None = None
    """Who acts (default: the turn player)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class NoSkill:
    """703.1: declare that no skill is used."""

    do: Literal["no_skill"]
    """The action."""
    by: PlayerId | None = None
    """Who acts (default: the turn player)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Concede:
    """103.4 投了."""

    do: Literal["concede"]
    """The action."""
    by: PlayerId
    """Who concedes."""


Action = Annotated[
    Charge | PlayUnit | PlayCommand | Retreat | PlayExPower | EndMain | DeclareSkill | NoSkill | Concede,
    Field(discriminator="do"),
]
"""A player's action at an action point."""

PlayEntry = Annotated[
    Annotated[Action, Tag("do")] | Annotated[DecisionEntry, Tag("decide")] | Annotated[ChanceEntry, Tag("chance")],
    Discriminator(entry_tag),
]
"""One entry of the play list: an action (``do``), a decision (``decide``) or chance (``chance``)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class UnitExpect:
    """What must be true of a unit (or an empty area) at the end."""

    at: str
    """Where: ``P1.main``, ``P2.standby2``."""
    card: str | None = None
    """Key of the card that must be there; ``none`` for an empty area."""
    damage: int | None = None
    """Damage points on it."""
    hp: int | None = None
    """Its HP as modified (919.3), before damage."""
    stunned: bool | None = None
    """Whether it is stunned."""
    energy: int | None = None
    """How many energy cards it has."""
    assist: str | None = None
    """Key of its assist; ``none`` for no assist."""
    markers: dict[str, int] | None = None
    """Markers other than damage and stun, by name."""


@dataclass(frozen=True, slots=True, config=STRICT)
class ZoneExpect:
    """What must be true of a zone at the end."""

    zone: str
    """Which: ``P1.hand``, ``P2.ko``, ``P1.deck``, ``P1.discard``."""
    count: int | None = None
    """How many cards."""
    cards: tuple[str, ...] | None = None
    """Card keys: in order (top first) for a deck or discard pile, in any order otherwise."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Expect(CommonExpect):
    """The expected outcome: the common checks plus Divine Cross board values."""

    units: tuple[UnitExpect, ...] = ()
    """Units (and areas) at the end."""
    zones: tuple[ZoneExpect, ...] = ()
    """Zones at the end."""
    winning_ticket: PlayerId | Literal["none"] | None = None
    """Who holds the winning ticket at the end (``none``: nobody)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Players:
    """The two players' starting cards."""

    P1: Side
    """Player 1."""
    P2: Side
    """Player 2."""


@dataclass(frozen=True, slots=True, config=STRICT)
class DivineCrossScenario:
    """A Divine Cross scenario file."""

    game: Literal["divine-cross"]
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
    rulebook: str = "1.0.16"
    """Version of the comprehensive rules the ruling is made under."""
    document: str = "comprehensive"
    """The document (the comprehensive rules)."""
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
    """Where another document (the beginner sheet) says otherwise, and how the ruling differs."""
    start: Start = Field(default_factory=Start)
    """Where the game stands at the start."""
    play: tuple[PlayEntry, ...] = ()
    """Actions, decisions and chance, in order."""
