"""The Code of Joker scenario file: cards, starting board, play list and expected outcome.

These frozen pydantic dataclasses validate ``scenarios/code-of-joker/*.toml`` and generate the
published JSON Schema (``schemas/scenario.schema.json``). The parts every game shares (the prose,
the decision and chance entries, the common expectations) are in :mod:`judgekit.scenario`.

The rules page gives no timer values and no joker gauge amounts; a scenario gives them as inputs
(``[joker]``, ``end_turn.gauge``) and the trace says where it used them.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Discriminator, Field, Tag
from pydantic.dataclasses import dataclass

from judgekit.games.code_of_joker.cards import STRICT, CardDef
from judgekit.scenario import ChanceEntry, CommonExpect, DecisionEntry, Difference, Prose, ProseLanguage, entry_tag

PlayerId = Literal["P1", "P2"]
"""The two players."""


@dataclass(frozen=True, slots=True, config=STRICT)
class UnitSetup:
    """A unit on the field at the start; units are listed in the order they were placed (oldest first)."""

    card: str
    """Key of the unit's card in ``cards``."""
    level: int = 1
    """Clock level, 1 to 3."""
    acted: bool = False
    """Whether it has used its action right (行動済み)."""
    restricted: bool = False
    """Whether it has the attack restriction (アタック制限)."""
    entered_this_turn: bool = False
    """Whether it came onto the field this turn (【スピードムーブ】, 【攻撃禁止】)."""
    damage: int = 0
    """Damage taken this turn."""
    bp_turn: int = 0
    """BP changed this turn by effects (reset at the end of the turn)."""
    bp_base: int = 0
    """Base BP changed by effects (kept)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class HandCard:
    """A hand card with a clock level above 1 (after an override)."""

    card: str
    """Key of the card."""
    level: int = 1
    """Clock level, 1 to 3."""


@dataclass(frozen=True, slots=True, config=STRICT)
class DeckEntry:
    """Several copies of a card in a deck list."""

    card: str
    """Key of the card."""
    copies: int = 1
    """How many copies."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Side:
    """One player's cards and numbers at the start. Lists are card keys, top (or left) first."""

    name: str = ""
    """Display name (default: the player id)."""
    lp: int = 8
    """Life points (8 at the start of a game, ゲームの開始/2)."""
    cp: int = 0
    """CP left this turn."""
    gauge: int = 0
    """Joker gauge."""
    field: tuple[UnitSetup, ...] = ()
    """Units on the field, oldest placed first (at most 5)."""
    trigger: tuple[str, ...] = ()
    """Cards set in the trigger zone, from the left (at most 4)."""
    hand: tuple[str | HandCard, ...] = ()
    """Hand."""
    deck: tuple[str | DeckEntry, ...] = ()
    """Deck, top first; ``{ card = …, copies = 2 }`` repeats a card."""
    discard: tuple[str, ...] = ()
    """Discard pile, newest first."""
    deleted: tuple[str, ...] = ()
    """Deleted cards (消滅)."""
    jokers: tuple[str, ...] = ()
    """Jokers in the joker zone."""
    registered: tuple[str | DeckEntry, ...] = ()
    """The 40-card deck as registered: what a deck refresh sets anew (ドロー/2); needed only then."""
    joker_used: bool = False
    """Whether the player already used a joker this turn."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Start:
    """Where the game stands when the scenario starts."""

    at: Literal["setup", "turn_start", "action"] = "action"
    """``setup`` starts the game from the decks; otherwise the beginning of this part of the turn (not the turn end)."""
    round: int = 2
    """ROUND (1 to 10): both players' turns make a round."""
    turn_player: PlayerId = "P1"
    """Whose turn it is."""
    first: PlayerId = "P1"
    """The first player (先攻); with ``setup`` chance decides it."""


@dataclass(frozen=True, slots=True, config=STRICT)
class JokerInputs:
    """The joker gauge amounts, which the page does not give."""

    full: int | None = None
    """The gauge size: a gauge this high is full (ジョーカーカードの配布)."""
    life_loss: int | None = None
    """How much the gauge rises when the opponent's effect takes LP (ジョーカーカード/3)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Drive:
    """ユニットをフィールドに出す: a hand unit card onto the field, paying CP."""

    do: Literal["drive"]
    """The action."""
    card: str
    """Key of the hand card (``key#2`` for the second copy)."""
    by: PlayerId | None = None
    """Who acts (default: the turn player)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Overdrive:
    """進化カードをフィールドへ出す: a hand evolution card onto an own unit of its colour."""

    do: Literal["overdrive"]
    """The action."""
    card: str
    """Key of the hand evolution card."""
    onto: str
    """Key of the own unit it goes onto."""
    by: PlayerId | None = None
    """Who acts (default: the turn player)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Attack:
    """フィールドにいるユニットでアタック."""

    do: Literal["attack"]
    """The action."""
    unit: str
    """Key of the attacking unit."""
    by: PlayerId | None = None
    """Who acts (default: the turn player)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Withdraw:
    """フィールドにいるユニットを撤退させる."""

    do: Literal["withdraw"]
    """The action."""
    unit: str
    """Key of the unit."""
    by: PlayerId | None = None
    """Who acts (default: the turn player)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class SetCard:
    """トリガー/インターセプトカード/ユニット(CP軽減用)をセット."""

    do: Literal["set"]
    """The action."""
    card: str
    """Key of the hand card."""
    by: PlayerId | None = None
    """Who acts (default: the turn player)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class UnsetCard:
    """セットされたカードを取り外す: always rejected; a set card cannot be taken out at will (トリガーゾーン/3)."""

    do: Literal["unset"]
    """The action."""
    card: str
    """Key of the set card (``key#2`` for the second copy, left first)."""
    by: PlayerId | None = None
    """Who acts (default: the turn player)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class UseJoker:
    """ジョーカーカードの使用."""

    do: Literal["use_joker"]
    """The action."""
    card: str
    """Key of the joker."""
    by: PlayerId | None = None
    """Who acts (default: the turn player)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class DiscardCard:
    """手札を捨てる."""

    do: Literal["discard"]
    """The action."""
    card: str
    """Key of the hand card."""
    by: PlayerId | None = None
    """Who acts (default: the turn player)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Override:
    """オーバーライド: a hand card onto a hand card of the same name, whose level rises by one."""

    do: Literal["override"]
    """The action."""
    card: str
    """Key of the card put on top (it goes to the discard pile)."""
    onto: str
    """Key of the card it goes onto (``key#2`` for the second copy)."""
    by: PlayerId | None = None
    """Who acts (default: the turn player)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class EndTurn:
    """行動終了: the turn ends (or 60 seconds passed)."""

    do: Literal["end_turn"]
    """The action."""
    time_left: int | None = None
    """Seconds left of the 60 (an input; shown in the trace)."""
    gauge: int = 0
    """How much the joker gauge rises for the time left (an input: the page gives no amounts)."""
    by: PlayerId | None = None
    """Who acts (default: the turn player)."""


Action = Annotated[
    Drive | Overdrive | Attack | Withdraw | SetCard | UnsetCard | UseJoker | DiscardCard | Override | EndTurn,
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
    """What must be true of a unit on the field at the end."""

    player: PlayerId
    """Whose field."""
    card: str
    """Key of the unit (``key#2`` for the second copy)."""
    bp: int | None = None
    """Its BP."""
    level: int | None = None
    """Its clock level."""
    acted: bool | None = None
    """Whether it has used its action right."""
    restricted: bool | None = None
    """Whether it has the attack restriction."""
    damage: int | None = None
    """Damage on it."""
    keywords: tuple[str, ...] | None = None
    """Its keywords (printed, granted and from field effects), in any order."""


@dataclass(frozen=True, slots=True, config=STRICT)
class ZoneExpect:
    """What must be true of a zone at the end."""

    zone: str
    """Which: ``P1.hand``, ``P2.field``, ``P1.trigger``, ``P1.discard``, ``P1.deck``, ``P1.deleted``, ``P1.joker``."""
    count: int | None = None
    """How many cards."""
    cards: tuple[str, ...] | None = None
    """Card keys: in order for the field (oldest first), trigger zone (left first), deck and discard pile
    (top first); in any order for the hand and the other zones."""


@dataclass(frozen=True, slots=True, config=STRICT)
class PlayerExpect:
    """A player's numbers at the end."""

    player: PlayerId
    """Which player."""
    lp: int | None = None
    """Life points."""
    cp: int | None = None
    """CP."""
    gauge: int | None = None
    """Joker gauge."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Expect(CommonExpect):
    """The expected outcome: the common checks plus Code of Joker board values."""

    units: tuple[UnitExpect, ...] = ()
    """Units at the end."""
    zones: tuple[ZoneExpect, ...] = ()
    """Zones at the end."""
    players: tuple[PlayerExpect, ...] = ()
    """Players' numbers at the end."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Players:
    """The two players' starting cards."""

    P1: Side
    """Player 1."""
    P2: Side
    """Player 2."""


@dataclass(frozen=True, slots=True, config=STRICT)
class CodeOfJokerScenario:
    """A Code of Joker scenario file."""

    game: Literal["code-of-joker"]
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
    rulebook: str = "2016-08-21"
    """Version of the rules page the ruling is made under."""
    document: str = "rules-page"
    """The document (the wiki rules page)."""
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
    joker: JokerInputs = Field(default_factory=JokerInputs)
    """The joker gauge amounts (inputs)."""
    play: tuple[PlayEntry, ...] = ()
    """Actions, decisions and chance, in order."""
