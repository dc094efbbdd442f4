"""Code of Joker cards as a scenario defines them, and the effect vocabulary of card text.

The rules page describes five kinds of card (unit, evolution, trigger, intercept, joker), the
keyword abilities, and how card effects are processed, but prints no card. A scenario therefore
writes each card it uses as data: its kind, colour, CP, BP per clock level, keywords, and its
effects in this vocabulary (``{ op = "destroy", target = { side = "opponent" } }``). The classes
are frozen pydantic dataclasses: they validate scenario files and generate the published JSON
Schema (the field docstrings become its descriptions).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field
from pydantic.dataclasses import dataclass

STRICT = ConfigDict(extra="forbid")
"""Every vocabulary class refuses unknown keys and documents its fields in the schema."""

Color = Literal["red", "blue", "yellow", "green", "purple", "colorless"]
"""属性 (色): a card's colour; ``colorless`` is 無色 (an intercept without the colour condition)."""

CardType = Literal["unit", "evolution", "trigger", "intercept", "joker"]
"""ユニット, 進化, トリガー, インターセプト, ジョーカー (カードの種類)."""

Keyword = Literal[
    "スピードムーブ",
    "不屈",
    "貫通",
    "無我の境地",
    "固着",
    "加護",
    "次元干渉",
    "呪縛",
    "不滅",
    "秩序の盾",
    "沈黙",
    "強制防御",
    "攻撃禁止",
    "王の治癒力",
]
"""The keyword abilities of the page (キーワード能力/アイコン). ``次元干渉`` takes its cost from ``dimension``."""

On = Literal[
    "enter", "attack", "block", "battle", "destroyed", "turn_start", "turn_end", "battle_end", "oc", "player_attack"
]
"""When an effect fires.

``enter`` フィールドに出た時; ``attack`` アタックした時 (for a unit or an intercept: the timing right after
the attack is chosen; for a trigger card: the trigger-only timing of an unblocked attack); ``block``
ブロックした時 and ``battle`` 戦闘した時 (one timing); ``destroyed`` 破壊された時; ``turn_start``
ターン開始時; ``turn_end`` ターン終了時; ``battle_end`` 戦闘終了時; ``oc`` オーバークロックした時 (a unit's
OC effect, processed after everything else); ``player_attack`` プレイヤーアタックに成功した時 (an unblocked attack
that dealt its life damage, right after it: ライフダメージ/1, the page's example カード効果について/7).
"""

Whose = Literal["self", "own", "other_own", "opponent", "any"]
"""Whose unit (or, for ``turn_start`` and ``turn_end``, whose turn) the timing is about.

``self`` this unit; ``own`` a unit of the card's player; ``other_own`` another own unit; ``opponent``
a unit of the opponent; ``any`` any unit. For turn timings ``self`` and ``own`` mean the player's
own turn.
"""

Side = Literal["own", "opponent", "any"]
"""Whose units a selection looks at, seen from the player of the effect."""

PlayerRef = Literal["own", "opponent"]
"""自分 (the player of the effect) or 相手."""

LifeTarget = Literal["own", "opponent", "both"]
"""Who takes life damage from an effect; ``both`` takes it at the same time."""

UnitRef = Literal["self", "subject", "attacker", "blocker"]
"""A unit an effect names without choosing it.

``self`` the unit with the effect; ``subject`` the unit the timing is about (the unit that attacked,
entered, was destroyed); ``attacker`` and ``blocker`` the units of the battle in progress.
"""


@dataclass(frozen=True, slots=True, config=STRICT)
class Select:
    """Units an effect chooses (対象, one decision) or affects all at once (``all``)."""

    side: Side = "opponent"
    """Whose units."""
    count: int = 1
    """How many to choose (fewer when fewer exist: カード効果について/8)."""
    up_to: bool = False
    """「…を2体まで選ぶ」: the player chooses how many, from one to ``count`` (none: the page does not say, the
    run stops)."""
    all: bool = False
    """Every matching unit, without choosing: not a target, so 【加護】 does not protect."""
    other: bool = False
    """Not the unit with the effect (自身以外)."""
    acted: bool | None = None
    """Only units that have (``true``: 行動済み) or have not (``false``) used their action right."""
    color: Color | None = None
    """Only units of this colour."""
    max_bp: int | None = None
    """Only units with at most this BP."""
    max_cost: int | None = None
    """Only units with at most this CP."""
    min_bp: int | None = None
    """Only units with at least this BP (BP…以上の)."""
    min_cost: int | None = None
    """Only units with at least this CP (コスト…以上の)."""


Target = UnitRef | Select
"""Which units an instruction acts on."""


@dataclass(frozen=True, slots=True, config=STRICT)
class ChangeBp:
    """BP+ / BP- (not damage): until the end of the turn, or of the base BP (基本BP) with ``base``."""

    op: Literal["bp"]
    """Change BP."""
    target: Target
    """Which units."""
    amount: int
    """Points added (negative: taken away)."""
    base: bool = False
    """A change of the base BP, which the end-of-turn reset keeps (ダメージのリセット)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class DealDamage:
    """ダメージを与える: damage from an effect (【不滅】, 【秩序の盾】, 【王の治癒力】 apply)."""

    op: Literal["damage"]
    """Deal damage."""
    target: Target
    """Which units."""
    amount: int
    """Points of damage."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Destroy:
    """破壊する: the unit goes to the discard pile and its 破壊された時 timing interrupts."""

    op: Literal["destroy"]
    """Destroy."""
    target: Target
    """Which units."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Delete:
    """消滅させる: the unit is deleted (not put in the discard pile, 捨札/5)."""

    op: Literal["delete"]
    """Delete."""
    target: Target
    """Which units."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Bounce:
    """手札に戻す: the unit returns to its owner's hand (【固着】 stops the opponent's)."""

    op: Literal["bounce"]
    """Return to hand."""
    target: Target
    """Which units."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Consume:
    """行動権を消費させる (【無我の境地】 stops the opponent's)."""

    op: Literal["consume"]
    """Use up the action right."""
    target: Target
    """Which units."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Recover:
    """行動権を回復する."""

    op: Literal["recover"]
    """Recover the action right."""
    target: Target
    """Which units."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Release:
    """アタック制限を解除する: the units lose the attack restriction (用語/アタック制限/3: lifted by effects)."""

    op: Literal["release"]
    """Lift the attack restriction."""
    target: Target
    """Which units."""


@dataclass(frozen=True, slots=True, config=STRICT)
class ChangeLevel:
    """レベルアップ / ダウン: the clock level changes by ``by`` (between 1 and 3)."""

    op: Literal["level"]
    """Change the clock level."""
    target: Target
    """Which units."""
    by: int
    """Levels added (negative: taken away)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Grant:
    """【…】を付与する: the units have the keyword (キーワード能力/3)."""

    op: Literal["grant"]
    """Grant a keyword."""
    target: Target
    """Which units."""
    keyword: Keyword
    """The keyword."""
    dimension: int | None = None
    """For 次元干渉: its cost."""
    until: Literal["turn", "game"] = "turn"
    """Until the end of the turn, or for as long as the unit stays on the field."""


@dataclass(frozen=True, slots=True, config=STRICT)
class ChangeCp:
    """CP+ / CP-: a player's CP changes (at most 12, カード/CPに関するルール; never below 0)."""

    op: Literal["cp"]
    """Change CP."""
    player: PlayerRef
    """Whose CP."""
    by: int
    """CP added (negative: taken away)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class LifeDamage:
    """ライフダメージ from an effect."""

    op: Literal["life"]
    """Life damage."""
    player: LifeTarget
    """Who takes it."""
    amount: int = 1
    """Points of LP lost."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Draw:
    """カードを引く (the hand limit and the deck refresh apply, ドロー)."""

    op: Literal["draw"]
    """Draw."""
    player: PlayerRef = "own"
    """Who draws."""
    count: int = 1
    """How many."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Discard:
    """手札を捨てる: the player chooses which."""

    op: Literal["discard"]
    """Discard from the hand."""
    player: PlayerRef = "own"
    """Whose hand (that player chooses)."""
    count: int = 1
    """How many (fewer when the hand is short, unless it is a cost)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class BreakSet:
    """トリガーゾーンのカードを破壊する: cards set in a trigger zone go to the discard pile."""

    op: Literal["break_set"]
    """Remove set cards."""
    player: PlayerRef = "opponent"
    """Whose trigger zone."""
    count: int = 1
    """How many (the player of the effect chooses)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class DeleteDiscard:
    """捨札のカードを消滅させる: cards of a discard pile are deleted."""

    op: Literal["delete_discard"]
    """Delete from the discard pile."""
    player: PlayerRef = "opponent"
    """Whose discard pile."""
    count: int = 1
    """How many (the player of the effect chooses)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Salvage:
    """捨札のカードを手札に加える (a deleted card cannot be taken, 捨札/5)."""

    op: Literal["salvage"]
    """Take from the discard pile into the hand."""
    count: int = 1
    """How many."""
    type: CardType | None = None
    """Only cards of this kind."""
    random: bool = False
    """「ランダムで」: the cards are taken at random, not chosen (a ``random`` chance: the scenario gives which)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class IfDone:
    """「…。そうした場合、…」: ``do`` is the cost of ``then`` and must be paid in full (カード効果について/3)."""

    op: Literal["if_done"]
    """A cost and what it pays for."""
    do: tuple[Effect, ...]
    """The instruction before そうした場合: the cost."""
    then: tuple[Effect, ...]
    """What happens when the cost was paid in full."""


@dataclass(frozen=True, slots=True, config=STRICT)
class StateCondition:
    """「自分のライフが3以下なら」「自分のユニットが2体以上なら」: a count of the game state, held or not when the
    instruction comes (カード効果について/2: an effect is done when its condition is met)."""

    count: Literal["life", "units", "hand", "cp", "trigger", "discard", "deck"]
    """What is counted: ``life`` ライフ (LP), ``units`` ユニット on the field, ``hand`` 手札, ``cp`` CP,
    ``trigger`` cards set in the トリガーゾーン, ``discard`` 捨札, ``deck`` デッキ."""
    player: PlayerRef = "own"
    """Whose."""
    at_least: int | None = None
    """The count is at least this (以上)."""
    at_most: int | None = None
    """The count is at most this (以下)."""
    color: Color | None = None
    """For ``units``: only units of this colour."""


@dataclass(frozen=True, slots=True, config=STRICT)
class IfState:
    """「…なら、…」: ``then`` is done only when ``condition`` holds as the instruction comes."""

    op: Literal["if"]
    """A condition on the game state."""
    condition: StateCondition
    """What must hold."""
    then: tuple[Effect, ...]
    """What is done when it holds."""


Effect = Annotated[
    ChangeBp
    | DealDamage
    | Destroy
    | Delete
    | Bounce
    | Consume
    | Recover
    | Release
    | ChangeLevel
    | Grant
    | ChangeCp
    | LifeDamage
    | Draw
    | Discard
    | BreakSet
    | DeleteDiscard
    | Salvage
    | IfDone
    | IfState,
    Field(discriminator="op"),
]
"""One instruction of card text."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Ability:
    """One effect of a unit (第1効果, 第2効果, …): when it fires and what it does, in printed order."""

    on: On
    """When it fires."""
    effects: tuple[Effect, ...]
    """Its instructions, in printed order (カード効果について/1)."""
    name: str = ""
    """A name for the trace (default: the card's name and the effect's position)."""
    of: Whose = "self"
    """Whose unit (or turn) the timing is about."""
    pattern: Literal["A", "B"] | None = None
    """When an instruction finds no unit: A skips it, B voids the rest (カード効果について/6); none: the run
    stops when it matters, the page settling it card by card."""
    text: str = ""
    """The printed text, for display."""


@dataclass(frozen=True, slots=True, config=STRICT)
class FieldBonus:
    """フィールド効果: while the unit is on the field, matching units have the bonus."""

    side: Side = "own"
    """Whose units."""
    other: bool = False
    """Not the unit itself."""
    color: Color | None = None
    """Only units of this colour."""
    bp: int = 0
    """BP added."""
    keywords: tuple[Keyword, ...] = ()
    """Keywords they have."""
    text: str = ""
    """The printed text, for display."""


@dataclass(frozen=True, slots=True, config=STRICT)
class CardDef:
    """A card as printed."""

    name: str
    """Name; cards of the same name count together in a deck, foil or not (デッキ構成/2/1)."""
    type: CardType
    """Kind."""
    color: Color = "colorless"
    """Colour (属性)."""
    cost: int = Field(default=0, ge=0)
    """CP to drive the unit, use the intercept or use the joker."""
    bp: tuple[Annotated[int, Field(ge=0)], Annotated[int, Field(ge=0)], Annotated[int, Field(ge=0)]] | None = None
    """Units and evolutions: BP at clock levels 1, 2 and 3."""
    race: str = ""
    """種族, for display."""
    keywords: tuple[Keyword, ...] = ()
    """Printed keyword abilities."""
    dimension: int | None = Field(default=None, ge=0)
    """The cost of 【次元干渉/コスト】."""
    abilities: tuple[Ability, ...] = ()
    """Units and evolutions: their effects."""
    field: tuple[FieldBonus, ...] = ()
    """Units and evolutions: フィールド効果."""
    on: On | None = None
    """Triggers and intercepts: when they fire or may be used."""
    of: Whose = "own"
    """Triggers and intercepts: whose unit (or turn) the timing is about."""
    effects: tuple[Effect, ...] = ()
    """Triggers, intercepts and jokers: what they do."""
    pattern: Literal["A", "B"] | None = None
    """Triggers, intercepts and jokers: as :attr:`Ability.pattern`."""
    gauge: int | None = Field(default=None, ge=0)
    """Jokers: the joker gauge they cost (the page gives no amounts; the scenario does)."""
    text: str = ""
    """The printed card text, for display."""


def _rebuild() -> None:
    from pydantic.dataclasses import rebuild_dataclass

    for cls in (IfDone, IfState, Ability, CardDef):
        rebuild_dataclass(cls, force=True)  # type: ignore[arg-type]


_rebuild()
