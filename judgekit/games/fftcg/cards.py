"""FFTCG cards as a scenario defines them, and the effect vocabulary of card text.

A card's printed information (5.2) and its abilities (11.5) are written as data: ``{ op =
"damage", target = "chosen", amount = 7000 }``. Each op is one keyword action (15.1) or one
kind of effect (11.12); each static is one kind of continuous effect a field ability or a
resolved effect keeps up (11.9, 11.12.4, 11.12.5). The classes are frozen pydantic dataclasses:
the same definitions validate scenario files and generate the published JSON Schema.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field
from pydantic.dataclasses import dataclass

from judgekit.errors import InvalidValue
from judgekit.message import msg

STRICT = ConfigDict(extra="forbid")
"""Every vocabulary class refuses unknown keys and documents its fields in the schema."""

Element = Literal["fire", "ice", "wind", "earth", "lightning", "water", "light", "dark"]
"""火, 氷, 風, 土, 雷, 水, 光, 闇 (5.2.1.1)."""

CardType = Literal["forward", "backup", "monster", "summon"]
"""フォワード, バックアップ, モンスター (characters, 5.2.3.1.1) and 召喚獣 (5.2.3.1.2)."""

Keyword = Literal["brave", "haste", "first_strike", "back_attack"]
"""ブレイブ (15.2.1), ヘイスト (15.2.2), 先制攻撃 (15.2.3), バックアタック (15.2.5)."""

PlayerRef = Literal["own", "opponent"]
"""あなた (the controller of the ability or summon) or 相手 (that player's opponent)."""

Selector = Literal[
    "self",
    "chosen",
    "chosen.1",
    "chosen.2",
    "about",
    "event.subject",
    "event.source",
    "own.forwards",
    "opponent.forwards",
    "all.forwards",
    "own.backups",
    "opponent.backups",
    "all.backups",
    "own.characters",
    "opponent.characters",
    "all.characters",
    "attackers",
    "blocker",
    "picked",
]
"""Which cards an effect acts on.

``self`` is the card with the ability; ``chosen`` (``chosen.1``, ``chosen.2``) are the cards chosen
for the ability's first (second, third) ``choose`` entry when it was cast or put on the stack;
``event.subject`` / ``event.source`` are the card a triggered ability's event is about and the card
that caused it; ``about`` the cards a delayed auto ability affects, as they were when it was created
(11.8.17.3); ``own.*``, ``opponent.*``, ``all.*`` are every such card on the field;
``attackers`` / ``blocker`` the forwards in the current battle; ``picked`` the cards the last ``pick``
instruction of the same effect chose as it resolved (11.11.5.1).
"""

Count = Literal[
    "own.damage",
    "opponent.damage",
    "own.hand",
    "opponent.hand",
    "own.deck",
    "opponent.deck",
    "own.break",
    "opponent.break",
    "own.forwards",
    "opponent.forwards",
    "own.backups",
    "opponent.backups",
    "own.crystals",
]
"""Something a condition counts: cards in a zone (the damage zone, hand, deck, break zone), characters
on the field, or crystals (6.8)."""

TriggerOn = Literal[
    "enters_field",
    "leaves_field",
    "put_in_break_zone",
    "broken",
    "attacks",
    "blocks",
    "is_blocked",
    "deals_damage_to_player",
    "deals_damage_to_forward",
    "receives_damage",
    "main1_start",
    "main2_start",
    "attack_phase_start",
    "end_phase_start",
    "turn_end",
    "summon_cast",
    "state",
]
"""The trigger event of an auto ability (11.8.2).

フィールドに出たとき (11.8.16.2.1), フィールドを離れたとき, フィールドからブレイクゾーンに置かれたとき,
ブレイクされたとき (15.1.1.3.2: only a break), アタックしたとき, ブロックしたとき, ブロックされたとき,
プレイヤーにダメージを与えたとき (10.1.4.3), フォワードにダメージを与えたとき, ダメージを受けたとき (a player),
第1/第2メインフェイズ開始時 (9.3.1.3), アタックフェイズ開始時 (10.1.1.1), エンドフェイズ開始時 and ターン終了時
(9.5.1.1), 召喚獣をキャストしたとき (11.3.8), and ``state`` for an ability that triggers on the state of the
game (11.8.18) given by ``condition``.
"""

Subject = Literal[
    "self",
    "own.forward",
    "opponent.forward",
    "any.forward",
    "own.backup",
    "opponent.backup",
    "any.backup",
    "own.character",
    "opponent.character",
    "any.character",
    "own.party",
]
"""Whose event a card event is: this card's, or any such card's (``own.party``: a party the controller's
forwards form, 15.1.1.9.10)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class CardFilter:
    """Which cards qualify; every field given must hold."""

    type: CardType | Literal["character"] | None = None
    """Card type (5.2.3); ``character`` for any of forward, backup and monster."""
    element: Element | None = None
    """Has this element (5.2.1.1)."""
    name: str | None = None
    """Has this name (5.2.2.1)."""
    job: str | None = None
    """Has this job (5.2.3.1.1.4)."""
    category: str | None = None
    """Belongs to this category (5.2.2.2)."""
    cost_at_most: int | None = None
    """Cost at most this."""
    cost_at_least: int | None = None
    """Cost at least this."""
    power_at_most: int | None = None
    """Power at most this (forwards)."""
    power_at_least: int | None = None
    """Power at least this (forwards)."""
    dull: bool | None = None
    """Dull (true) or active (false) (6.3.1)."""
    attacking: bool | None = None
    """Is (or is not) attacking (10.1.2.4)."""
    blocking: bool | None = None
    """Is (or is not) blocking (10.1.3.2)."""
    other: bool = False
    """Not the card with the ability itself (以外の)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Choose:
    """What a summon or ability chooses (選ぶ) when it is cast or put on the stack (11.3.3, 11.8.9)."""

    what: CardFilter = Field(default_factory=lambda: CardFilter(type="forward"))
    """Which cards may be chosen (in ``zone``, by their printed characteristics off the field)."""
    whose: PlayerRef | Literal["any"] = "any"
    """Whose cards: the controller's (``own``), the opponent's, or anybody's (with ``zone``: whose zone)."""
    count: int = 1
    """How many (the most, with ``up_to``)."""
    up_to: bool = False
    """``…体まで`` / ``…枚まで``: fewer may be chosen, none included."""
    zone: Literal["field", "break", "removed"] = "field"
    """Where the cards are chosen: on the field (7.7), or in a break zone (ブレイクゾーンにある…, 7.10) or the removed
    zone (除外にある…, 7.13); a card chosen there is acted on by ``add_to_hand``, ``remove`` or ``put_onto_field``
    only."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Condition:
    """A condition on the game; every field given must hold (for the controller of the ability)."""

    count: Count | None = None
    """Something to count; compared with ``at_least`` / ``at_most``."""
    at_least: int | None = None
    """The count is at least this."""
    at_most: int | None = None
    """The count is at most this."""
    controls: CardFilter | None = None
    """The controller controls a character like this on the field."""
    turn: PlayerRef | None = None
    """It is this player's turn."""


@dataclass(frozen=True, slots=True, config=STRICT)
class CostRead:
    """A cost that reads card information (…につき、このコストは①少なくなる/多くなる): CP of any element added for
    each one counted, the count read as the cost is fixed (11.6.7, 11.7.7 first sentences; 11.6.9, 11.7.9)."""

    by: int
    """CP of any element added for each one counted (negative: fewer)."""
    per: Count | None = None
    """Count this (for the ability's controller)."""
    for_each: CardFilter | None = None
    """Count the characters like this the ability's controller controls."""

    def __post_init__(self) -> None:
        if (self.per is None) == (self.for_each is None):
            raise InvalidValue(msg("ff.problem.model.cost_reads_per_or_for_each"))


@dataclass(frozen=True, slots=True, config=STRICT)
class CostCharacters:
    """A cost that acts on characters other than by the dull icon (フォワードを1体ダルにする, …をブレイクゾーンに置く,
    …を除外する, …を手札に戻す): only characters the player controls (11.6.2.3, 11.7.2.3), and none that cannot be
    removed or returned to the hand (11.6.2.4, 11.7.2.4). Which ones is named with the action's ``characters``."""

    do: Literal["dull", "break_zone", "remove", "return_to_hand"]
    """What the cost does to them."""
    what: CardFilter = Field(default_factory=lambda: CardFilter(type="character"))
    """Which characters (as printed: the text may not say whose)."""
    count: int = Field(default=1, ge=1)
    """How many."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Cost:
    """A cost (11.2, 11.6.2.1): CP of elements, the dull icon, and other actions, all paid at once."""

    cp: dict[Element | Literal["any"], Annotated[int, Field(ge=0)]] = Field(default_factory=dict)
    """CP by element; ``any`` for CP of any element (the number in a cost)."""
    dull: bool = False
    """The dull icon: dull this character (11.6.2.2)."""
    break_self: bool = False
    """Put this character into the break zone (not a break, 15.1.1.3.2)."""
    discard: int = Field(default=0, ge=0)
    """Discard this many hand cards (chosen when paying)."""
    remove_counters: dict[str, int] = Field(default_factory=dict)
    """Remove counters of these names from this card (15.1.1.10)."""
    crystals: int = Field(default=0, ge=0)
    """Pay this many crystals (6.8)."""
    reads: CostRead | None = None
    """The CP change with card information, read as the cost is fixed (11.6.7, 11.7.7)."""
    characters: CostCharacters | None = None
    """Dull, put into the break zone, remove or return characters (an action or special ability's cost only)."""


# --- one-shot effects ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, config=STRICT)
class Damage:
    """ダメージを与える: damage to characters on the field (12.4.5 breaks them at their power)."""

    op: Literal["damage"]
    """Deal damage to characters."""
    target: Selector
    """Who takes it."""
    amount: int
    """Points of damage."""
    per_x: int = 0
    """X times this is added (``amount = 0, per_x = 1000``: X×1000 damage; X is the variable of the summon or
    ability, 4.5, fixed on resolution at the latest, 11.11.9)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Distribute:
    """ダメージを割り振る: damage divided among the chosen characters as the player declares on casting or using it
    (11.3.6, 11.6.8, 11.7.8): each card gets at least 1, the shares add up to the amount."""

    op: Literal["distribute"]
    """Deal damage divided among chosen characters."""
    target: Literal["chosen", "chosen.1", "chosen.2"]
    """The chosen cards it divides the damage among."""
    amount: int = Field(ge=1)
    """The damage to divide."""


@dataclass(frozen=True, slots=True, config=STRICT)
class DamagePlayer:
    """プレイヤーにNダメージを与える: damage processing (6.5)."""

    op: Literal["damage_player"]
    """Deal damage to a player."""
    player: PlayerRef = "opponent"
    """Who takes it."""
    amount: int = 1
    """How many points."""
    per_x: int = 0
    """X times this is added (to the points; X is the variable of the summon or ability, 4.5, fixed on resolution at the
    latest, 11.11.9)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Break:
    """ブレイクする (15.1.1.3.1): from the field to the owner's break zone, as a break."""

    op: Literal["break"]
    """Break."""
    target: Selector
    """Which characters."""


@dataclass(frozen=True, slots=True, config=STRICT)
class PutInBreakZone:
    """ブレイクゾーンに置く: from the field to the owner's break zone, not a break (15.1.1.3.2)."""

    op: Literal["put_in_break_zone"]
    """Put into the break zone."""
    target: Selector
    """Which characters."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Dull:
    """ダルにする (15.1.1.2)."""

    op: Literal["dull"]
    """Dull."""
    target: Selector
    """Which characters."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Activate:
    """アクティブにする (15.1.1.1)."""

    op: Literal["activate"]
    """Activate."""
    target: Selector
    """Which characters."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Freeze:
    """凍結する (15.2.4)."""

    op: Literal["freeze"]
    """Freeze."""
    target: Selector
    """Which characters."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Draw:
    """カードを引く."""

    op: Literal["draw"]
    """Draw cards."""
    player: PlayerRef = "own"
    """Who draws."""
    count: int = 1
    """How many."""
    per_x: int = 0
    """X times this is added (to how many; X is the variable of the summon or ability, 4.5, fixed on resolution at the
    latest, 11.11.9)."""
    half_of: Count | None = None
    """…の半分の枚数: as many as half this count (for the ability's controller), read on resolution, instead of
    ``count``; a fraction is rounded up, the text not saying otherwise (4.2)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Discard:
    """捨てる (15.1.1.4): hand cards to the break zone, chosen by their player."""

    op: Literal["discard"]
    """Discard."""
    player: PlayerRef = "own"
    """Whose hand."""
    count: int = 1
    """How many."""
    per_x: int = 0
    """X times this is added (to how many; X is the variable of the summon or ability, 4.5, fixed on resolution at the
    latest, 11.11.9)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Remove:
    """除外する (15.1.1.5)."""

    op: Literal["remove"]
    """Remove from the game."""
    target: Selector
    """Which characters (``chosen``: also cards chosen in a break zone, ``Choose.zone``)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class ReturnToHand:
    """手札に戻す: from the field to the owner's hand (7.3)."""

    op: Literal["return_to_hand"]
    """Return to the hand."""
    target: Selector
    """Which characters."""


@dataclass(frozen=True, slots=True, config=STRICT)
class AddToHand:
    """…を手札に加える: cards chosen in a break zone or the removed zone (``Choose.zone``) go to their owner's hand
    (7.3); a chosen card no longer there is not (7.4, 11.11.2)."""

    op: Literal["add_to_hand"]
    """Add to the hand."""
    target: Literal["chosen", "chosen.1", "chosen.2"] = "chosen"
    """Which chosen cards."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Power:
    """パワーを+N/-Nする, or パワーをNにする (11.3.10, 11.5.6), for a while."""

    op: Literal["power"]
    """Change power."""
    target: Selector
    """Which forwards."""
    by: int = 0
    """Points added (negative: taken away)."""
    set: int | None = None
    """Make the printed power this instead (11.3.10, 11.5.6)."""
    per_x: int = 0
    """X times this is added to ``by``; in the continuous effect it makes, X is fixed on resolution (11.12.4.3)."""
    duration: Literal["turn", "this_turn", "game"] = "turn"
    """ターン終了時まで (9.5.1.3.2), このターン (``this_turn``: see ``Continuous.duration``), or for the rest of the
    game."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Gain:
    """Keyword abilities gained for a while (ブレイブを得る)."""

    op: Literal["gain"]
    """Gain keywords."""
    target: Selector
    """Which characters."""
    keywords: tuple[Keyword, ...]
    """The keywords."""
    duration: Literal["turn", "this_turn", "game"] = "turn"
    """Until the end of the turn, this turn (``this_turn``: see ``Continuous.duration``), or for the rest of the
    game."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Continuous:
    """Any other continuous effect for a while (11.12.4), such as ``cannot``."""

    op: Literal["continuous"]
    """Make a continuous effect."""
    effect: Static
    """What it does."""
    duration: Literal["turn", "this_turn", "game"] = "turn"
    """``turn``: ターン終了時まで, ended at the end phase's cleanup (9.5.1.3.2); ``this_turn``: このターン, a period no
    rule names — it lasts through the turn's phases, and one still in effect at the cleanup, which comes before every
    end of a turn (9.5.1.5), stops the run with an ambiguity (does 9.5.1.3.2 end it?); ``game``: for the rest of the
    game."""

    def __post_init__(self) -> None:
        if getattr(self.effect, "op", "") == "deck_copies":
            raise InvalidValue(msg("ff.problem.model.deck_copies_lasting"))


@dataclass(frozen=True, slots=True, config=STRICT)
class Search:
    """サーチする (15.1.1.8): find cards in the deck, reveal them, shuffle, then do what follows."""

    op: Literal["search"]
    """Search the deck."""
    filter: CardFilter = Field(default_factory=CardFilter)
    """What may be found."""
    count: int = 1
    """How many at most."""
    to: Literal["hand", "field"] = "hand"
    """What follows: add them to the hand, or put them onto the field."""
    dull: bool = False
    """With ``to = "field"``: they enter dull (ダル状態でフィールドに出す, 15.1.1.2.1; the text over 5.2.3.1.1.3's
    'in principle', 2.1)."""

    def __post_init__(self) -> None:
        if self.dull and self.to != "field":
            raise InvalidValue(msg("ff.problem.model.search_dull_to_field"))


@dataclass(frozen=True, slots=True, config=STRICT)
class Counters:
    """カウンターを置く (6.7) or 取り除く (15.1.1.10)."""

    op: Literal["counters"]
    """Put counters on a card, or remove them."""
    target: Selector = "self"
    """Which card."""
    name: str = ""
    """The counter's name (6.7.2)."""
    count: int = 1
    """How many (negative: remove that many)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Crystals:
    """クリスタルを得る (6.8)."""

    op: Literal["crystals"]
    """Gain crystals."""
    player: PlayerRef = "own"
    """Who gains them."""
    count: int = 1
    """How many."""


@dataclass(frozen=True, slots=True, config=STRICT)
class PutOntoField:
    """このカードをフィールドに出す: the card with the ability, from where it is, onto its owner's field; or
    それをフィールドに出す: characters chosen in a break zone or 除外 (``Choose.zone``), onto the field of the
    controller of the summon or ability (6.2.4)."""

    op: Literal["put_onto_field"]
    """Put onto the field."""
    target: Literal["self", "chosen", "chosen.1", "chosen.2"] = "self"
    """The card with the ability, or the characters a ``choose`` entry with a ``zone`` chose."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Pick:
    """…を選ぶ as an instruction: a choice not declared when the summon or ability was played, made as it resolves by
    the player the text names (11.11.5.1) — every card that must be chosen included, none that cannot be chosen
    (11.11.5.1.1). The later instructions act on them as ``picked``."""

    op: Literal["pick"]
    """Choose on resolution."""
    chooser: PlayerRef | Literal["each"] = "own"
    """Who chooses (``opponent``: 相手は…を選ぶ; ``each``: 各プレイヤーは…を選ぶ, both players at once: the turn player
    declares first, then the non-turn player knowing it, 11.11.6)."""
    what: CardFilter = Field(default_factory=lambda: CardFilter(type="forward"))
    """Which cards on the field."""
    whose: PlayerRef | Literal["any"] = "any"
    """Whose cards, from the point of view of the summon's or ability's controller (with ``each``: of each chooser)."""
    count: int = Field(default=1, ge=1)
    """How many (as many as there are, when fewer)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class FromOutside:
    """ゲームの外部からカードを…に加える: a card from outside the game is brought into it (6.2.2)."""

    op: Literal["from_outside"]
    """Bring a card into the game."""
    card: str
    """The card brought in: a key of the scenario's cards."""
    to: Literal["hand", "field"] = "hand"
    """Where it goes, for the controller of the summon or ability."""


@dataclass(frozen=True, slots=True, config=STRICT)
class CastFree:
    """手札から…をコストを支払わずにキャストする: the controller casts a summon or a character from the hand without
    paying its cost, right after the summon or ability with this effect has resolved (11.3.11, 11.4.1.1)."""

    op: Literal["cast"]
    """Cast a card from the hand."""
    filter: CardFilter
    """Which hand cards may be cast (a summon or a character)."""
    optional: bool = False
    """``…してもよい``: the player may cast none."""


@dataclass(frozen=True, slots=True, config=STRICT)
class GainControl:
    """コントロールを得る (6.2.6): a player gains control of characters on the field, for the rest of the game or
    until the end of the turn (ターン終了時まで, 9.5.1.3.2); they stay where they are and do not enter the field
    again (6.2.6.1)."""

    op: Literal["gain_control"]
    """Gain control."""
    target: Selector
    """Which characters."""
    player: PlayerRef = "own"
    """Who gains control of them."""
    duration: Literal["turn", "game"] = "game"
    """``turn``: until the end of the turn (control goes back, 9.5.1.3.2); ``game``: for the rest of the game."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Delayed:
    """A delayed auto ability (遅延型のオートアビリティ, 11.8.17): created when this effect is done, it triggers the
    next time its event happens (once), or every time during this turn (``period = "turn"``, 11.8.17.2)."""

    op: Literal["delayed"]
    """Create a delayed auto ability."""
    on: TriggerOn
    """Its trigger event (not ``state``)."""
    name: str = ""
    """A label for it."""
    text: str = ""
    """Its text, for display."""
    about: Selector | None = None
    """The cards it affects, fixed when it is created; it no longer affects one that left its zone (11.8.17.3)."""
    subject: Subject = "self"
    """Card events: whose event; ``self`` is the ``about`` cards (else the card that created it)."""
    whose: PlayerRef | Literal["any"] = "any"
    """Phase and player events: whose turn, or which player takes or deals the damage."""
    period: Literal["next", "turn"] = "next"
    """``next``: once, the next time (11.8.17.2); ``turn``: このターンの間, every time until the end of the turn."""
    choose: tuple[Choose, ...] = ()
    """What it chooses when it goes on the stack."""
    effects: tuple[Effect, ...] = ()
    """What it does."""

    def __post_init__(self) -> None:
        if self.on == "state":
            raise InvalidValue(msg("ff.problem.model.delayed_on_state"))


@dataclass(frozen=True, slots=True, config=STRICT)
class Split:
    """グループにわける (15.1.1.11.2): the cards of a zone are split into groups (empty groups allowed, every card in
    one, 15.1.1.11.3); a player then picks one group, and the picked group (and the others) go somewhere."""

    op: Literal["split"]
    """Split into groups."""
    zone: Literal["break", "damage", "removed", "hand"]
    """The zone whose cards are split."""
    player: PlayerRef = "opponent"
    """Whose zone."""
    groups: int = 2
    """Into how many groups (2 or more)."""
    by: PlayerRef = "own"
    """Who splits them."""
    picker: PlayerRef = "opponent"
    """Who picks one group."""
    picked_to: Literal["hand", "break", "removed", "deck_bottom"] | None = None
    """Where the picked group's cards go (None: they stay)."""
    others_to: Literal["hand", "break", "removed", "deck_bottom"] | None = None
    """Where the other groups' cards go (None: they stay)."""

    def __post_init__(self) -> None:
        if self.groups < 2:
            raise InvalidValue(msg("ff.problem.model.split_groups"))


Effect = Annotated[
    Delayed
    | Split
    | Damage
    | Distribute
    | DamagePlayer
    | Break
    | PutInBreakZone
    | Dull
    | Activate
    | Freeze
    | Draw
    | CastFree
    | Pick
    | FromOutside
    | Discard
    | Remove
    | ReturnToHand
    | AddToHand
    | Power
    | Gain
    | Continuous
    | Search
    | Counters
    | Crystals
    | PutOntoField
    | GainControl,
    Field(discriminator="op"),
]
"""One instruction of card text, done in the printed order (11.11.5)."""


# --- continuous effects -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, config=STRICT)
class StaticPower:
    """Power +N/-N (or set) while it lasts (11.12.4.6 ⑤)."""

    op: Literal["power"]
    """Change power."""
    target: Selector = "self"
    """Which forwards."""
    by: int = 0
    """Points added (negative: taken away)."""
    set: int | None = None
    """Make the printed power this instead (11.5.6)."""
    filter: CardFilter | None = None
    """Only the cards of ``target`` like this."""


@dataclass(frozen=True, slots=True, config=STRICT)
class StaticGain:
    """Keywords gained while it lasts (11.12.4.6 ④)."""

    op: Literal["gain"]
    """Gain keywords."""
    keywords: tuple[Keyword, ...]
    """The keywords."""
    target: Selector = "self"
    """Which characters."""
    filter: CardFilter | None = None
    """Only the cards of ``target`` like this."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Cannot:
    """アタックできない / ブロックできない / 選ばれない (11.12.4.6 ④)."""

    op: Literal["cannot"]
    """Forbid something."""
    action: Literal["attack", "block", "be_chosen", "be_removed", "be_returned"]
    """What the cards cannot do (``be_chosen``: by the opponent's summons and abilities; ``be_removed``: 除外されない;
    ``be_returned``: 手札に戻らない)."""
    target: Selector = "self"
    """Which characters."""
    filter: CardFilter | None = None
    """Only the cards of ``target`` like this."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Unblockable:
    """(条件)のフォワードにブロックされない (10.1.3.1.2)."""

    op: Literal["unblockable_by"]
    """Cannot be blocked by some forwards."""
    blockers: CardFilter
    """The forwards that cannot block it."""
    target: Selector = "self"
    """Which forwards."""


@dataclass(frozen=True, slots=True, config=STRICT)
class DeckCopies:
    """A field ability about deck building (デッキの構築条件に関するフィールドアビリティ, 8.1.2): a deck may hold
    cards of this card's number up to ``copies`` (any number when omitted). It works at the deck check, from the
    deck, as a replacement effect for 8.1.1.2's limit of three; on the field it does nothing."""

    op: Literal["deck_copies"]
    """Change how many cards of this card's number a deck may hold."""
    copies: int | None = None
    """The new limit (at least 1); omitted: no limit."""

    def __post_init__(self) -> None:
        if self.copies is not None and self.copies < 1:
            raise InvalidValue(msg("ff.problem.model.copies_at_least_1"))


@dataclass(frozen=True, slots=True, config=STRICT)
class CostChange:
    """キャストするためのコストはN少なくなる/多くなる (11.4.4, 11.3.5)."""

    op: Literal["cost"]
    """Change the cost to cast cards."""
    by: int
    """CP added (negative: fewer); with ``per`` or ``for_each``, this much for each one counted."""
    cards: CardFilter = Field(default_factory=CardFilter)
    """Which cards, cast by the controller of this effect."""
    per: Count | None = None
    """…につき: the change reads card information, ``by`` for each of this count (for the controller), read
    when the cost is fixed (11.3.5, 11.4.4 first sentences; 11.3.7, 11.4.6: later changes do not matter)."""
    for_each: CardFilter | None = None
    """…につき: ``by`` for each character like this the controller controls, read when the cost is fixed."""

    def __post_init__(self) -> None:
        if self.per is not None and self.for_each is not None:
            raise InvalidValue(msg("ff.problem.model.cost_change_per_and_for_each"))


@dataclass(frozen=True, slots=True, config=STRICT)
class CostTo:
    """アタックする/ブロックするためにはCPを支払わなければならない: a cost to attack (10.1.2.3) or to block
    (10.1.3.1.3), fixed when the attack or block is declared."""

    op: Literal["cost_to"]
    """A cost to attack or block."""
    action: Literal["attack", "block"]
    """What costs CP."""
    cp: dict[Element | Literal["any"], int]
    """CP by element; ``any`` for CP of any element."""
    target: Selector = "self"
    """Which forwards."""
    filter: CardFilter | None = None
    """Only the cards of ``target`` like this."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Must:
    """可能ならアタックしなければならない / ブロックしなければならない: a forced attack (10.1.2.1.3) or block
    (10.1.3.1.3)."""

    op: Literal["must"]
    """Force an attack or a block."""
    action: Literal["attack", "block", "be_chosen"]
    """What the forwards must do when they can (``be_chosen``: 選ばなければならない, by a choice an effect makes as it
    resolves that can choose them, 11.11.5.1.1)."""
    target: Selector = "self"
    """Which forwards."""
    filter: CardFilter | None = None
    """Only the cards of ``target`` like this."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Replace:
    """A replacement effect (11.12.5): when the event would happen, ``instead`` happens (代わりに)."""

    op: Literal["replace"]
    """Replace an event."""
    event: Literal["break", "put_in_break_zone", "damage", "damage_player"]
    """The event: a character would be broken, would be put into the break zone from the field (by any
    means), would be dealt damage; or a player would receive damage."""
    target: Selector = "self"
    """The characters it watches (for ``damage_player``: ignored, see ``player``)."""
    player: PlayerRef = "own"
    """For ``damage_player``: the player it watches."""
    instead: tuple[Effect, ...] = ()
    """What happens instead (the event does not happen); ``event.subject`` is the card it was about."""
    reduce: int | None = None
    """For damage: the damage happens, this much less, instead of ``instead``."""
    to_zone: Literal["removed", "hand", "deck_bottom"] | None = None
    """For ``break`` and ``put_in_break_zone``: the card goes here instead of the break zone."""
    optional: bool = False
    """``…してもよい``: the controller chooses whether to apply it."""
    filter: CardFilter | None = None
    """Only for cards of ``target`` like this."""


@dataclass(frozen=True, slots=True, config=STRICT)
class StaticText:
    """A change of text (11.12.4.6 ②): the cards lose all their abilities (printed keywords included), or gain
    abilities, while it lasts."""

    op: Literal["text"]
    """Change text."""
    target: Selector = "self"
    """Which characters."""
    lose_abilities: bool = False
    """``すべてのアビリティを失う``: the cards lose every ability they have by their text."""
    abilities: tuple[Ability, ...] = ()
    """Abilities the cards gain, as if printed on them (after ``lose_abilities``)."""
    filter: CardFilter | None = None
    """Only the cards of ``target`` like this."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Become:
    """A change of card type or job (11.12.4.6 ③): ``パワーNのフォワードになる``, ``ジョブXを得る``."""

    op: Literal["become"]
    """Change card type or jobs."""
    target: Selector = "self"
    """Which characters."""
    type: Literal["forward", "backup", "monster"] | None = None
    """The card type the cards become."""
    power: int | None = None
    """With ``type = "forward"``: the power of a card that had none (a forward keeps its own)."""
    jobs: tuple[str, ...] | None = None
    """The jobs become exactly these (the printed ones are gone)."""
    add_jobs: tuple[str, ...] = ()
    """Jobs gained besides the ones the cards have."""
    filter: CardFilter | None = None
    """Only the cards of ``target`` like this."""

    def __post_init__(self) -> None:
        if (self.type == "forward") != (self.power is not None):
            raise InvalidValue(msg("ff.problem.model.becomes_forward_power"))


Static = Annotated[
    StaticPower
    | StaticGain
    | StaticText
    | Become
    | Cannot
    | Unblockable
    | CostChange
    | CostTo
    | Must
    | Replace
    | DeckCopies,
    Field(discriminator="op"),
]
"""What a field ability (11.9) or a lasting effect keeps doing."""


@dataclass(frozen=True, slots=True, config=STRICT)
class SelfReplace:
    """A self-replacement effect (11.12.5.6): part of an ability's own effect done otherwise."""

    event: Literal["break", "put_in_break_zone", "damage", "damage_player"]
    """The event of this ability's own effect that is replaced."""
    filter: CardFilter | None = None
    """Only when the card it is about is like this."""
    to_zone: Literal["removed", "hand", "deck_bottom"] | None = None
    """For ``break`` and ``put_in_break_zone``: the card goes here instead."""
    reduce: int | None = None
    """For damage: this much less."""
    instead: tuple[Effect, ...] = ()
    """Otherwise: what happens instead."""


# --- abilities and cards ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, config=STRICT)
class Variable:
    """The variable X of a summon, character or ability (4.5): either part of its cost, its value chosen by the
    controller when casting or using it (11.3.5, 11.4.4, 11.6.7, 11.7.7), or defined by its text as a count,
    determined once on resolution (11.11.9). Effects use it through their ``per_x`` fields."""

    cost: Element | Literal["any"] | None = None
    """X CP of this element (``any``: of any element) are added to the cost; the controller chooses X (the action's
    ``x``), a non-negative integer (4.1), fixed from then on."""
    count: Count | None = None
    """X is this count (for the controller), determined once on resolution (11.11.9)."""

    def __post_init__(self) -> None:
        if (self.cost is None) == (self.count is None):
            raise InvalidValue(msg("ff.problem.model.variable_cost_or_count"))


@dataclass(frozen=True, slots=True, config=STRICT)
class CostOption:
    """A cost the player may choose to pay as a summon is cast or an ability used (11.3.5, 11.6.7, 11.7.7 second
    sentences): an additional cost, paid together with the cost, or an alternative cost, paid instead of it."""

    name: str
    """How the scenario names it (the action's ``options``)."""
    cost: Cost
    """What it costs: CP, hand cards to discard, crystals and, for an ability, counters removed from its card (the only
    parts an option may have in the vocabulary)."""
    alternative: bool = False
    """Paid instead of the cost (代わりに), not beside it."""
    effects: tuple[Effect, ...] = ()
    """What is done besides, after the summon's or ability's own effects, when it was paid (…支払ったなら)."""
    text: str = ""
    """The printed words, for display."""


@dataclass(frozen=True, slots=True, config=STRICT)
class ModePick:
    """How many of its effects (modes) a summon or ability chooses; the number is fixed when they are declared
    (11.3.4.1, 11.6.6.1, 11.7.6.1, 11.8.10.1)."""

    count: int = 1
    """How many (the most, with ``up_to``); at most the number of modes."""
    up_to: bool = False
    """``…つまで選ぶ``: fewer may be chosen (at least 1)."""
    per: Count | None = None
    """The number varies: as many as this count (for the controller) instead of ``count``."""
    condition: Condition | None = None
    """When this holds (for the controller), ``instead`` is the number."""
    instead: int | None = None
    """The number while ``condition`` holds."""

    def __post_init__(self) -> None:
        if (self.condition is None) != (self.instead is None):
            raise InvalidValue(msg("ff.problem.model.mode_count_condition_instead"))


CHARACTERS = ("forward", "backup", "monster", "character")
"""Card filter types that are characters (5.2.3.1.1)."""


def check_zone_choices(choose: tuple[Choose, ...], effects: tuple[Effect, ...]) -> None:
    """A card chosen in a break zone or the removed zone is acted on by ``add_to_hand``, ``remove`` or
    ``put_onto_field`` only (a character), and ``add_to_hand`` acts on such a card only (the others act on the
    field)."""
    for e in effects:
        target = getattr(e, "target", "")
        if not isinstance(target, str) or not target.startswith("chosen"):
            continue
        n = 0 if target == "chosen" else int(target.split(".")[1])
        zone = choose[n].zone if n < len(choose) else None
        if e.op == "add_to_hand" and zone in (None, "field"):
            raise InvalidValue(msg("ff.problem.model.add_to_hand_target", target=str(target)))
        if e.op == "put_onto_field" and zone in (None, "field"):
            raise InvalidValue(msg("ff.problem.model.put_onto_field_target", target=str(target)))
        if e.op == "put_onto_field" and n < len(choose) and choose[n].what.type not in CHARACTERS:
            raise InvalidValue(msg("ff.problem.model.put_onto_field_character", target=str(target)))
        if zone not in (None, "field") and e.op not in ("add_to_hand", "remove", "put_onto_field"):
            raise InvalidValue(msg("ff.problem.model.chosen_zone_op", target=str(target), zone=str(zone), op=str(e.op)))


@dataclass(frozen=True, slots=True, config=STRICT)
class Mode:
    """One of the effects a summon or ability chooses among (以下から1つを選ぶ, 11.3.4, 11.6.6, 11.7.6, 11.8.10); each
    declared mode keeps its own ``choose`` list (its ``chosen`` selectors name its own choices)."""

    name: str
    """Its label, as the caster declares it."""
    text: str = ""
    """The printed text, for display."""
    choose: tuple[Choose, ...] = ()
    """What it chooses (選ぶ) when it is cast."""
    effects: tuple[Effect, ...] = ()
    """What it does."""

    def __post_init__(self) -> None:
        check_zone_choices(self.choose, self.effects)


@dataclass(frozen=True, slots=True, config=STRICT)
class Ability:
    """One ability of a card (11.5): a field, auto, action or special ability."""

    kind: Literal["field", "auto", "action", "special"]
    """フィールドアビリティ (11.9), オートアビリティ (11.8), アクションアビリティ (11.6) or
    スペシャルアビリティ (11.7)."""
    name: str = ""
    """Its name: the special ability's own name (11.7.1), or a label for the others."""
    text: str = ""
    """The printed text, for display."""
    on: TriggerOn | None = None
    """Auto: the trigger event."""
    subject: Subject = "self"
    """Auto, card events: whose event."""
    subject_filter: CardFilter | None = None
    """Auto, card events of other cards: only such cards like this, as they are when the event happens
    (「[ジョブ]のフォワードがフィールドに出たとき」, 11.8.16.2.1); only with an event whose card is then on the
    field (``enters_field``, ``attacks``, ``blocks``, ``is_blocked``, ``deals_damage_to_player``,
    ``deals_damage_to_forward``)."""
    whose: PlayerRef | Literal["any"] = "any"
    """Auto, phase and player events: whose turn, or which player takes or deals the damage."""
    condition: Condition | None = None
    """Auto: a conditional auto ability's condition (11.8.13); field: while this holds; ``state``: the state."""
    optional: bool = False
    """Auto: ``…してもよい`` — the choice is made on resolution (11.8.14)."""
    cost: Cost = Field(default_factory=Cost)
    """Action and special: the cost before the colon (11.6.2.1, 11.7.2.1)."""
    per_turn: int | None = None
    """Action and special: ``1ターンに1度`` — how often a turn it may be used."""
    choose: tuple[Choose, ...] = ()
    """What it chooses (選ぶ) when it is put on the stack."""
    effects: tuple[Effect, ...] = ()
    """Auto, action and special: what it does."""
    statics: tuple[Static, ...] = ()
    """Field: the continuous effects it keeps up."""
    replaces: tuple[SelfReplace, ...] = ()
    """Self-replacement effects of its own effects (11.12.5.6)."""
    modes: tuple[Mode, ...] = ()
    """Action, special and auto: the effects it chooses among when it is used or put on the stack (11.6.6,
    11.7.6, 11.8.10), in place of ``choose`` and ``effects``."""
    pick: ModePick = Field(default_factory=ModePick)
    """With ``modes``: how many it chooses."""
    x: Variable | None = None
    """Action and special: its variable X (4.5); auto: only a variable defined by its text (``count``)."""
    options: tuple[CostOption, ...] = ()
    """Action and special: additional and alternative costs chosen as it is used (11.6.7, 11.7.7)."""
    ex_burst: bool = False
    """This auto ability is the card's EX BURST (11.10.3): on a burst only its effect is done."""
    damage: int | None = None
    """``ダメージN``: the card has this ability only while its controller has N or more damage (15.2.6)."""

    def __post_init__(self) -> None:
        check_zone_choices(self.choose, self.effects)


@dataclass(frozen=True, slots=True, config=STRICT)
class Dejon:
    """デジョン X - [コスト] (15.2.7)."""

    counters: int
    """X: how many dejon counters it is removed with (a positive integer, 15.2.7.2)."""
    cost: Cost = Field(default_factory=Cost)
    """The cost to remove it from the game from the hand (15.2.7.3)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class CardDef:
    """A card as printed (5.2)."""

    name: str
    """Card name (5.2.2.1)."""
    type: CardType
    """Card type (5.2.3, 6.6.4)."""
    elements: tuple[Element, ...]
    """Elements (5.2.1.1); two or more for a multi-element card."""
    cost: int = Field(default=0, ge=0)
    """Cost: the CP needed to cast it (5.2.1.2)."""
    number: str = ""
    """Card number (5.2.5.1, ``1-182S``); cards with the same number are the same card (8.1.1.2)."""
    power: int | None = Field(default=None, ge=0)
    """Power of a forward (5.2.6)."""
    jobs: tuple[str, ...] = ()
    """Jobs of a character (5.2.3.1.1.4)."""
    categories: tuple[str, ...] = ()
    """Categories (5.2.2.2)."""
    generic: bool = False
    """Has the general icon (5.2.2.1, 7.7.3): any number of it may be on the field."""
    party_icon: bool = False
    """Has the party icon: it may form a party with forwards of any element (15.1.1.9.2)."""
    keywords: tuple[Keyword, ...] = ()
    """Printed keyword abilities (15.2)."""
    ex_burst: bool = False
    """Has EX BURST (5.2.2.1, 11.10): a summon's effects, or its ``ex_burst`` auto ability."""
    ex_burst_damage: int | None = None
    """``ダメージN`` gives it its EX BURST (15.2.6.3)."""
    abilities: tuple[Ability, ...] = ()
    """Its abilities (11.5.3)."""
    choose: tuple[Choose, ...] = ()
    """A summon: what it chooses (11.3.3)."""
    effects: tuple[Effect, ...] = ()
    """A summon: what it does (11.12.1)."""
    replaces: tuple[SelfReplace, ...] = ()
    """A summon: self-replacement effects of its own effects (11.12.5.6)."""
    modes: tuple[Mode, ...] = ()
    """A summon: the effects it chooses among when it is cast (11.3.4), in place of ``choose`` and ``effects``."""
    pick: ModePick = Field(default_factory=ModePick)
    """With ``modes``: how many it chooses."""
    x: Variable | None = None
    """Its variable X (4.5): a summon's (in its cost or defined by its text), or a character's in its cost
    (11.4.4)."""
    dejon: Dejon | None = None
    """デジョン (15.2.7)."""
    options: tuple[CostOption, ...] = ()
    """A summon: additional and alternative costs chosen as it is cast (11.3.5)."""
    reads: CostRead | None = None
    """このカードのコストは…につき: its own cost reads card information, read as the cost is fixed (11.3.5, 11.4.4
    first sentences; 11.3.7, 11.4.6). A summon is then on the stack (11.3.2), a character still in the hand (11.4.2)."""
    text: str = ""
    """The printed text, for display."""

    def __post_init__(self) -> None:
        check_zone_choices(self.choose, self.effects)


def _rebuild() -> None:
    from pydantic.dataclasses import rebuild_dataclass

    for cls in (Delayed, StaticText, Continuous, Replace, SelfReplace, Mode, CostOption, Ability, CardDef):
        rebuild_dataclass(cls, force=True)  # type: ignore[arg-type]


_rebuild()
