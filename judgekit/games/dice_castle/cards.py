"""Dice-and-castle cards as a scenario defines them, and the effect vocabulary of card text.

The detailed rules name the kinds of card (king, unit, magic: normal, field, counter), the
kinds of ability (IN, OUT and other timing abilities, cost abilities, composite abilities,
automatic abilities such as 軽減 and 回避) and the words of card text (と, 又は, 場合,
してもよい, 全ての). They do not print any card: numbers such as a unit's attack, a king's
walls or a card's cost come from the scenario's card definitions. Each op of the vocabulary is
one thing card text does, so printed text can be written as data: ``{ op = "destroy",
target = "opponent.unit" }``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field, WithJsonSchema
from pydantic.dataclasses import dataclass

STRICT = ConfigDict(extra="forbid")
"""Every vocabulary class refuses unknown keys and documents its fields in the schema."""

Attribute = Annotated[str, Field(pattern=r"^[a-z]+$")]
"""An attribute of a card, a die or energy, as a lower-case word the scenario chooses (``fire`` for 火,
``water`` for 水); ``all`` is 全 (energy of every attribute, made by a die that 全エネルギーを生み出す)."""

PlayerRef = Literal["own", "opponent"]
"""自分 (the controller of the effect) or 相手 (the controller's opponent)."""

Whose = Literal["own", "opponent", "any"]
"""Whose card an ability or a condition looks at, from its controller's side."""

UnitSelector = Literal[
    "chosen",
    "event",
    "self",
    "own.unit",
    "opponent.unit",
    "any.unit",
    "own.all",
    "opponent.all",
    "all_units",
]
"""Which unit(s) an effect acts on.

``chosen``: the units chosen for the card's target when it was played; ``event``: the unit the
triggering event is about (the unit that entered, attacked or was destroyed); ``self``: the card
with the ability; ``own.unit`` / ``opponent.unit`` / ``any.unit``: one unit chosen on resolution
(``ユニット1体``; ``any`` may pick either side's); ``…all``: every such unit (全体).
"""

Zone = Literal["castle", "damage", "discard", "hand", "support"]
"""A player's zone as card text names it: 城, ダメージ札, 捨て札, 手札, サポート城."""

CounterOn = Literal[
    "played",
    "enters",
    "attacks",
    "destroyed",
    "wall_destroyed",
    "cost_ability",
    "in_ability",
    "out_ability",
    "turn_end",
]
"""The condition (発動条件) of a counter: a card is played (プレイした時), enters the field (場に出た時), a
unit attacks (攻撃した時), a unit is destroyed (破壊された時), a wall is destroyed (城壁が破壊された時), a
cost ability is used, an IN or OUT ability activates, the turn ends (ターン終了時)."""

Timing = Literal["in", "out", "turn_end", "wall_destroyed"]
"""When a timing ability activates: IN (it enters the field), OUT (it goes from the field to the discard),
at the end of the turn, or when one of its controller's walls is destroyed."""

CardKind = Literal["unit", "magic", "king"]
"""The kinds of card."""

MagicKind = Literal["normal", "field", "counter"]
"""マジック(通常), マジック(場), マジック(カウンター)."""

Count = Literal[
    "own.units",
    "opponent.units",
    "own.walls",
    "opponent.walls",
    "own.castle",
    "opponent.castle",
    "own.hand",
    "opponent.hand",
    "own.discard",
    "opponent.discard",
]
"""Something a condition counts."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Condition:
    """A condition on the game (``…場合``, an additional effect's condition); every bound given must hold."""

    count: Count
    """What is counted."""
    at_least: int | None = None
    """The count is at least this."""
    at_most: int | None = None
    """The count is at most this."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Cost:
    """The cost of a cost ability (コスト能力) or of the cost part of a composite ability."""

    name: str = ""
    """The cost's printed name, if it has one (``テイク``, ``リゲイン``)."""
    energy: dict[str, Annotated[int, Field(ge=0)]] = Field(default_factory=dict)
    """Energy by attribute; ``any`` for energy of any attribute."""
    take: Literal["self", "own.unit"] | None = None
    """Send a unit of one's own from the field to the discard (``テイク``): this card, or one chosen."""


@dataclass(frozen=True, slots=True, config=STRICT)
class TargetSpec:
    """What a card chooses when it is played (複数対象のカード, 単体、全体対象のカード)."""

    what: Literal["unit", "castle", "magic"]
    """A unit, a player's castle, or a card in a magic zone."""
    whose: Whose = "opponent"
    """Whose."""
    count: int = 1
    """How many (``2体``); no number means one (数字指定が無い効果)."""
    all: bool = False
    """全体: every such card; it still needs one to exist."""
    additional: bool = False
    """The target of an additional effect (追加効果): not needed for the card to be played."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Draw:
    """ドロー: draw from the castle (forced even from one card)."""

    op: Literal["draw"]
    """Draw."""
    player: PlayerRef = "own"
    """Who draws."""
    count: int = 1
    """How many."""


@dataclass(frozen=True, slots=True, config=STRICT)
class DamageUnit:
    """ダメージを与える to units."""

    op: Literal["damage"]
    """Deal damage to units."""
    target: UnitSelector
    """Which."""
    amount: int
    """How much."""


@dataclass(frozen=True, slots=True, config=STRICT)
class DamageCastle:
    """ダメージを与える to a castle (城)."""

    op: Literal["damage_castle"]
    """Deal damage to a castle."""
    amount: int
    """How much."""
    player: PlayerRef = "opponent"
    """Whose castle."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Destroy:
    """破壊する: destroy units (they go to the discard)."""

    op: Literal["destroy"]
    """Destroy units."""
    target: UnitSelector
    """Which."""
    count: int = 1
    """How many, for a chosen selector (``2体``); fewer when fewer exist."""


@dataclass(frozen=True, slots=True, config=STRICT)
class HealWalls:
    """回復する: heal walls, up to the initial value."""

    op: Literal["heal"]
    """Heal walls."""
    amount: int
    """How many walls."""
    player: PlayerRef = "own"
    """Whose."""


@dataclass(frozen=True, slots=True, config=STRICT)
class GainWalls:
    """城壁を得る / 城壁+X: gain walls, above the initial value if walls remain."""

    op: Literal["gain_walls"]
    """Gain walls."""
    amount: int
    """How many."""
    player: PlayerRef = "own"
    """Who gains them."""


@dataclass(frozen=True, slots=True, config=STRICT)
class MoveAll:
    """Move every card of one zone to another (``城を全て捨て札に送る``, ``ダメージ札を全て城に移す``)."""

    op: Literal["move_all"]
    """Move a whole zone."""
    source: Zone
    """From."""
    to: Zone
    """To."""
    player: PlayerRef = "own"
    """Whose zones."""


@dataclass(frozen=True, slots=True, config=STRICT)
class ShuffleInto:
    """Mix a zone into the castle and shuffle (``城と捨て札を混ぜてシャッフルする``)."""

    op: Literal["shuffle_into_castle"]
    """Mix and shuffle."""
    source: Zone = "discard"
    """The zone mixed in."""
    player: PlayerRef = "own"
    """Whose."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Look:
    """Look at the castle or the damage cards (then shuffle them)."""

    op: Literal["look"]
    """Look."""
    zone: Literal["castle", "damage"]
    """Which hidden zone."""
    player: PlayerRef = "own"
    """Whose."""
    count: int | None = None
    """How many from the top; all when omitted."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Search:
    """(サーチ城)…: find a card in the castle, show it, add it to the hand, shuffle the castle."""

    op: Literal["search"]
    """Search the castle."""
    card_type: Literal["unit", "magic"]
    """ユニット or マジック."""
    magic: MagicKind | None = None
    """マジック(通常) / (場) / (カウンター): only that kind of magic."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Summon:
    """場に出す without playing: a card enters the field from a zone."""

    op: Literal["summon"]
    """Put a card onto the field."""
    zone: Zone
    """From which zone (捨て札から…, 城から…)."""
    all_players: bool = False
    """全ての…: the opponent's zone of that name may be chosen too."""
    card_type: Literal["unit", "magic"] = "unit"
    """What kind of card."""
    count: int = 1
    """How many; no number means one."""
    player: PlayerRef = "own"
    """Whose field it enters (its controller)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class PlayFromSupport:
    """サポート城からプレイする: play a card from the support castle (card text overriding 'only from the hand')."""

    op: Literal["play_from_support"]
    """Play from the support castle."""
    card_type: Literal["unit", "magic"] = "unit"
    """What kind of card."""
    free: bool = True
    """The text lets it be played without paying its cost."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Negate:
    """無効にする: a counter negates the play, the IN or OUT ability, or the cost ability it answers."""

    op: Literal["negate"]
    """Negate."""
    what: Literal["play", "in", "out", "cost"]
    """What is negated."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Bounce:
    """Return a unit from the field to its owner's hand (バウンス)."""

    op: Literal["bounce"]
    """Bounce."""
    target: UnitSelector
    """Which."""


@dataclass(frozen=True, slots=True, config=STRICT)
class AddDie:
    """Add a die (サイコロの追加)."""

    op: Literal["add_die"]
    """Add a die."""


@dataclass(frozen=True, slots=True, config=STRICT)
class DieMakesAll:
    """A die of one's own starts to make energy of every attribute (全エネルギーを生み出す)."""

    op: Literal["die_makes_all"]
    """Change a die."""


@dataclass(frozen=True, slots=True, config=STRICT)
class GainEnergy:
    """Gain energy."""

    op: Literal["gain_energy"]
    """Gain energy."""
    amount: int
    """How much."""
    attribute: Attribute = "all"
    """Of which attribute."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Evolve:
    """The king evolves (キングカードの進化)."""

    op: Literal["evolve"]
    """Evolve."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Boost:
    """A unit's attack changes for this turn (このターン)."""

    op: Literal["boost"]
    """Change attack for the turn."""
    target: UnitSelector
    """Which unit(s)."""
    attack: int
    """Added to attack."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Choose:
    """又は: one of several effects, chosen when the card is played."""

    op: Literal["choose"]
    """Choose one."""
    options: tuple[tuple[Effect, ...], ...]
    """The alternatives, in printed order (chosen as ``1``, ``2``, …)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class If:
    """…場合、…: the rest only if the condition holds on resolution."""

    op: Literal["if"]
    """Conditional."""
    condition: Condition
    """The condition."""
    then: tuple[Effect, ...]
    """What follows 場合."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Additional:
    """An additional effect (追加効果) that applies when its condition holds."""

    op: Literal["additional"]
    """An additional effect."""
    condition: Condition
    """When it applies."""
    effects: tuple[Effect, ...]
    """What it does."""


@dataclass(frozen=True, slots=True, config=STRICT)
class May:
    """…してもよい: the player chooses whether to do it."""

    op: Literal["may"]
    """Optional."""
    effects: tuple[Effect, ...]
    """What may be done."""


Effect = Annotated[
    Draw
    | DamageUnit
    | DamageCastle
    | Destroy
    | HealWalls
    | GainWalls
    | MoveAll
    | ShuffleInto
    | Look
    | Search
    | Summon
    | PlayFromSupport
    | Negate
    | Bounce
    | AddDie
    | DieMakesAll
    | GainEnergy
    | Evolve
    | Boost
    | Choose
    | If
    | Additional
    | May,
    Field(discriminator="op"),
]
"""One thing card text does."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Static:
    """What a card keeps doing while it is on the field (a king's rule change, an automatic ability)."""

    kind: Literal["unit_limit", "dice_limit", "unit_attack", "magic_cost", "reduce", "avoid", "counter_attribute_free"]
    """``unit_limit``: ユニット配置上限+N; ``dice_limit``: サイコロ上限+N; ``unit_attack``: units' attack +N
    (``全てのユニットは…`` with ``players = "all"``); ``magic_cost``: magic costs N more energy of any attribute
    (``全てのマジックは…`` with ``players = "all"``); ``reduce``: 軽減 N of damage; ``avoid``: 回避 damage;
    ``counter_attribute_free``: counters ignore attribute requirements (Trap King Katie)."""
    by: int = 0
    """The number N."""
    players: Literal["own", "all"] = "own"
    """Whom a rule change applies to: its controller, or 全てのプレイヤー / 全ての…."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Ability:
    """A timing ability, a cost ability, or both at once (a composite ability, タイミング:コスト:効果)."""

    name: str
    """The ability's name, as scenarios refer to it."""
    timing: Timing | None = None
    """When it activates by itself; omit for a pure cost ability."""
    cost: Cost | None = None
    """Its cost: this makes it a cost ability (with a timing: a composite ability)."""
    once_per_turn: bool = False
    """ターン1: once a turn."""
    effects: tuple[Effect, ...] = ()
    """What it does."""
    text: str = ""
    """The printed text, for display."""


@dataclass(frozen=True, slots=True, config=STRICT)
class CounterSpec:
    """What a counter answers and does."""

    on: CounterOn
    """Its condition."""
    whose: Whose = "any"
    """Whose card or unit the event must be about, from the counter's controller's side."""
    card_type: Literal["unit", "magic"] | None = None
    """Only for a card of this kind (a counter ``マジックがプレイされた時``)."""
    effects: tuple[Effect, ...] = ()
    """What it does."""


COST_LINE = r"^\s*(コスト)?\s*[:：]?\s*([火水風土光闇全]\s*[0-9０-９]+\s*)+$"
"""A printed cost line as a scenario may write it (``火2水1``, ``コスト:火3``; full-width digits and colon too)."""

CardCost = Annotated[
    dict[str, Annotated[int, Field(ge=0)]],
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}},
                {"type": "string", "pattern": COST_LINE},
            ]
        }
    ),
]
"""A card's cost: energy by attribute. A scenario may write it as the printed line, which the card reader
(:mod:`judgekit.cards.printed_dice_castle`) turns into the table before the model sees it; the published schema
accepts both forms."""


@dataclass(frozen=True, slots=True, config=STRICT)
class CardDef:
    """A card as printed: its kind, numbers, abilities and text."""

    name: str
    """Its name."""
    type: CardKind
    """King, unit or magic."""
    magic: MagicKind | None = None
    """For magic: normal, field or counter."""
    attributes: tuple[Attribute, ...] = ()
    """Its attributes (a king with two is a 複合属性 king)."""
    cost: CardCost = Field(default_factory=dict)
    """Its cost in energy, by attribute (``any``: any attribute), or its printed cost line (``"火2水1"``)."""
    extra_cost: CardCost = Field(default_factory=dict)
    """追加コスト: paid on top of the cost when played (a table, or the printed line)."""
    optional_cost: CardCost = Field(default_factory=dict)
    """任意コスト: may be paid when played, for ``optional_effects`` (a table, or the printed line)."""
    optional_effects: tuple[Effect, ...] = ()
    """What the optional cost buys."""
    attack: int | None = Field(default=None, ge=0)
    """A unit's attack."""
    hp: int | None = Field(default=None, ge=0)
    """A unit's HP."""
    attacks: int = 1
    """How many attack rights a unit has (2回攻撃: 2)."""
    walls: int | None = Field(default=None, ge=0)
    """A king's initial walls; for an evolution king, the walls it gives (城壁+X)."""
    evolution: bool = False
    """キングカード(進化)."""
    evolves_from: str | None = None
    """For an evolution king: the key of the king it evolves from (any king when omitted)."""
    in_deck: bool = False
    """For an evolution king: its text lets it into the normal deck."""
    limited: bool = False
    """制限:デッキ1枚."""
    statics: tuple[Static, ...] = ()
    """What it keeps doing on the field."""
    abilities: tuple[Ability, ...] = ()
    """Its timing, cost and composite abilities."""
    counter: CounterSpec | None = None
    """For a counter: its condition and effects."""
    targets: tuple[TargetSpec, ...] = ()
    """What it chooses when played."""
    joined: bool = False
    """Its targets are joined by と: all must be chosen for it to be played."""
    effects: tuple[Effect, ...] = ()
    """A normal magic's effects (or a field magic's when it is played)."""
    text: str = ""
    """The printed text, for display."""


def _rebuild() -> None:
    from pydantic.dataclasses import rebuild_dataclass

    for cls in (Choose, If, Additional, May, Ability, CounterSpec, CardDef):
        rebuild_dataclass(cls, force=True)  # type: ignore[arg-type]


_rebuild()
