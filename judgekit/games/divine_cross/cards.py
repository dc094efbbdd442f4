"""Divine Cross cards as a scenario defines them, and the effect vocabulary of card text.

Each op of the vocabulary is one game term of 902–926 (or one damage-step notion of 704), so a
card's printed text can be written as data: ``{ op = "damage", target = "opponent.main",
amount = 300 }``. The classes are frozen pydantic dataclasses: the same definitions validate
scenario files and generate the published JSON Schema (the field docstrings become its
descriptions).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field
from pydantic.dataclasses import dataclass

STRICT = ConfigDict(extra="forbid")
"""Every vocabulary class refuses unknown keys and documents its fields in the schema."""

Attribute = Literal["red", "green", "blue", "colorless"]
"""赤, 緑, 青, 無 (204.2). A card with the three-colour icon lists red, green and blue (204.2a)."""

PlayerRef = Literal["own", "opponent"]
"""自分 (the controller of the effect, 105.3) or 相手 (the controller's opponent)."""

Selector = Literal[
    "self",
    "own.main",
    "opponent.main",
    "own.standby",
    "opponent.standby",
    "own.unit",
    "opponent.unit",
    "own.all_standby",
    "opponent.all_standby",
    "own.all_units",
    "opponent.all_units",
    "all_units",
]
"""Which unit(s) an effect acts on.

``self`` is the unit with the ability (for an assist: the unit it is attached to, 801.1g-1);
``own.standby``, ``opponent.standby``, ``own.unit`` and ``opponent.unit`` choose one unit (909,
a ``target`` decision); ``all_…`` act on every such unit.
"""

Count = Literal[
    "self.energy",
    "own.main.energy",
    "opponent.main.energy",
    "self.damage",
    "self.hp",
    "own.main.hp",
    "opponent.main.hp",
    "own.hand",
    "opponent.hand",
    "own.deck",
    "opponent.deck",
    "own.ko",
    "opponent.ko",
    "own.ko_units",
    "opponent.ko_units",
    "own.discard",
    "opponent.discard",
    "own.standby_units",
    "opponent.standby_units",
    "janken_wins",
    "drawn",
    "discarded",
    "chosen_number",
]
"""Something counted by ``…1つにつき`` text (914.5a) or by a condition.

``….hp`` is a unit's HP as text means it: its HP minus its damage (921.1); ``….ko_units`` counts
'KO'd units', the unit cards in the KO zone (309.3), where ``….ko`` counts every card there.
``janken_wins``, ``drawn``, ``discarded`` and ``chosen_number`` count what the current effect
has done so far (wins of its janken, cards it drew — draw damage counts as drawing, 1102.1a —,
cards it discarded, the number its player chose).
"""

TriggerOn = Literal[
    "game_start",
    "turn_start",
    "draw_phase_start",
    "main_phase_start",
    "battle_start",
    "skill_use",
    "skill_used",
    "battle_end",
    "turn_end",
    "skill_damage_taken",
    "ko",
    "kos_unit",
    "played",
    "discarded",
    "put_in_ko",
    "command_played",
    "state",
]
"""The trigger condition of a triggered ability.

ゲーム開始時, ターン開始時, ドローフェイズ開始時 (502.2), メインフェイズ開始時 (503.1), バトルフェイズ開始時
(702.1), スキルを使う時 (704.1–704.2), スキルを使った時 (704.10–704.11), バトルフェイズ終了時 (705.1),
ターン終了時 (505.1), スキルのダメージを受けた時 (923), KOされた時, KOした時 (813.5), 出した時 (603),
手札からカードが捨てられた時 (``discarded``: a hand card is discarded, 910), カードがKO置き場に置かれた時
(``put_in_ko``: a card is put into a KO zone by KO置き場に置く, 920), コマンドをプレイした時 (``command_played``: a
command is played and is in the resolution zone, 804.2a; ``whose`` is the player who played it, and a ``moved``
condition reads the played card there, with the effects 804.2a-1 carries over), and ``state`` for a state trigger
(807.7) whose condition is ``condition``. ``discarded`` and ``put_in_ko`` trigger once for each card that
moves; ``whose`` is the moved card's owner, and a ``moved`` condition reads that card as 807.5 says. For
``kos_unit`` ``whose`` is the KO'd unit's controller (「このユニットが相手のユニットをKOした時」: ``opponent``, 105.3).
"""


@dataclass(frozen=True, slots=True, config=STRICT)
class CardFilter:
    """Which cards a search may take (909)."""

    type: Literal["unit", "command"] | None = None
    """Only cards of this kind (201)."""
    command: Literal["event", "action", "assist"] | None = None
    """Only commands of this class (201.2b)."""
    name_contains: str | None = None
    """Only cards whose name contains this (『…』, 902.2)."""
    attribute: Attribute | None = None
    """Only cards with this attribute (as continuous effects make it where the card is, ``zone_attribute``)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Condition:
    """A condition on the game; every field given must hold."""

    count: Count | None = None
    """Something to count; compared with ``at_least`` / ``at_most``."""
    at_least: int | None = None
    """The count is at least this."""
    at_most: int | None = None
    """The count is at most this."""
    unit: Selector | None = None
    """A unit to test with ``stunned`` / ``damaged`` / ``attribute`` (one that needs no choice)."""
    stunned: bool | None = None
    """The unit is (or is not) stunned (907.8, 918)."""
    damaged: bool | None = None
    """The unit has (or has no) damage markers."""
    abnormal: bool | None = None
    """The unit is (or is not) 状態異常: it has a marker other than damage markers (907.8)."""
    marker: str | None = None
    """The unit is in the (名称)状態 of this marker: a marker of this name is on it (907.8; ``stunned`` for 気絶)."""
    attribute: Attribute | None = None
    """The unit has this attribute."""
    printed: bool = False
    """Test the unit's printed (表記の) information: ``attribute`` as if no continuous effect applied (809.6)."""
    winning_ticket: PlayerRef | None = None
    """This player holds the winning ticket (106)."""
    turn: PlayerRef | None = None
    """It is this player's turn."""
    moved: CardFilter | None = None
    """For a ``discarded`` or ``put_in_ko`` trigger: the card that moved matches this, read where 807.5 says (807.5a:
    as it is in the public zone; 807.5c: as it is in the zone it moved to); for ``command_played``: the played card,
    read in the resolution zone (804.2a-1)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Damage:
    """ダメージを与える (914): deal damage to units, in one hit (914.5)."""

    op: Literal["damage"]
    """Deal damage."""
    target: Selector
    """Who takes it."""
    amount: int
    """Points of damage, or points per counted thing when ``per`` is given."""
    per: Count | None = None
    """``…1つにつき``: multiply ``amount`` by this count, still one hit (914.5a)."""
    area_card: bool = False
    """``(エリア)のカード1枚``: the target is one card in the areas of the units ``target`` can mean — a unit, or an
    energy or assist attached to one (a ``target`` decision; every such card for an ``all_…`` selector). A card
    without HP is dealt nothing (914.6)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class DamageBase:
    """The base of a skill whose damage is printed ``(数値)×`` (704.6a-1)."""

    op: Literal["damage_base"]
    """Set the base damage."""
    each: int
    """The printed number."""
    per: Count
    """What it is multiplied by."""


@dataclass(frozen=True, slots=True, config=STRICT)
class ModifyDamage:
    """ダメージをアップ/ダウンする (914.3) — in a skill, the 704.6b modification of its damage."""

    op: Literal["modify_damage"]
    """Change the damage to be dealt."""
    by: int = 0
    """Points added (negative: taken away)."""
    per: Count | None = None
    """Multiply ``by`` by this count."""
    multiply: int | None = None
    """Multiply the damage by this instead of adding (a card's ``2倍``)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Heal:
    """HPを回復する (915): take damage markers off."""

    op: Literal["heal"]
    """Heal."""
    target: Selector
    """Which unit; a chosen unit must have damage markers (915.3)."""
    amount: int | None = None
    """Points healed; omit with ``all = true``."""
    all: bool = False
    """HPをすべて回復する: remove every damage marker (915.2)."""
    per: Count | None = None
    """``…1つにつき、HPを(数値)回復する``: heal ``amount`` times this count, in one heal (915.1)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Draw:
    """デッキを引く (904); a draw the deck cannot give is draw damage (1102)."""

    op: Literal["draw"]
    """Draw cards."""
    player: PlayerRef = "own"
    """Who draws."""
    count: int = 1
    """How many (the most, with ``up_to``)."""
    up_to: bool = False
    """``…枚まで引く``: the player chooses how many, 0 to ``count`` (a ``number`` decision, 104.5)."""
    until_hand: int | None = None
    """``手札が…枚になるように引く`` (904.3): draw up to this hand size instead of ``count``."""
    per: Count | None = None
    """``…1枚につき、カードを(数値)枚引く``: draw ``count`` times this count, one card at a time (904.2)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Discard:
    """捨てる (910): hand cards (or a unit's energy) to the discard pile."""

    op: Literal["discard"]
    """Discard."""
    player: PlayerRef = "own"
    """Whose cards."""
    count: int | None = None
    """How many (the player chooses which, a ``discard`` decision); omit with ``all``."""
    all: bool = False
    """``手札を捨てる`` with no count: the whole hand (910.2)."""
    energy_of: Selector | None = None
    """Discard this unit's energy instead of hand cards."""
    card: Literal["this"] | None = None
    """``このカード/このユニット/このアシストを捨てる``: discard the card whose ability this is (813.2) from the hand or
    an area (910.1), instead of cards the player chooses; give no ``count``."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Stun:
    """気絶させる (918): put a stun marker on the unit."""

    op: Literal["stun"]
    """Stun."""
    target: Selector
    """Which unit."""


@dataclass(frozen=True, slots=True, config=STRICT)
class PlaceMarker:
    """マーカーを置く (907.3)."""

    op: Literal["place_marker"]
    """Put markers on a unit."""
    target: Selector
    """Which unit."""
    marker: str
    """The marker's name (``stun``, ``damage`` or any other name, 907.3b)."""
    count: int = 1
    """How many."""


@dataclass(frozen=True, slots=True, config=STRICT)
class RemoveMarker:
    """マーカーを取り除く (907.5)."""

    op: Literal["remove_marker"]
    """Take markers off a unit."""
    target: Selector
    """Which unit."""
    marker: str
    """The marker's name."""
    count: int | None = None
    """How many; omit for all of them."""


@dataclass(frozen=True, slots=True, config=STRICT)
class KnockOut:
    """KOする (908): move the unit to the KO zone."""

    op: Literal["ko"]
    """KO a unit."""
    target: Selector
    """Which unit."""


@dataclass(frozen=True, slots=True, config=STRICT)
class PutInKo:
    """KO置き場に置く (920): cards from a zone to the KO zone, falling back as 920.2 says."""

    op: Literal["put_in_ko"]
    """Put cards into the KO zone."""
    player: PlayerRef = "own"
    """Whose cards."""
    source: Literal["hand", "deck", "discard"] = "hand"
    """The zone named by the text."""
    count: int = 1
    """How many."""
    card: Literal["this"] | None = None
    """``このカードをKO置き場に置く``: put the card whose ability this is (813.2) into its owner's KO zone, from the
    zone it is in (920.1); ``source`` and ``count`` are not used (920.2 falls back only for a number of cards)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Charge:
    """チャージする (906): a hand card as energy to a unit, then draw one."""

    op: Literal["charge"]
    """Charge."""
    target: Selector = "self"
    """Which unit (of the effect's controller)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class AttachEnergy:
    """カードをエネルギーとして付ける (905.2)."""

    op: Literal["attach_energy"]
    """Attach cards as energy."""
    target: Selector = "self"
    """Which unit."""
    source: Literal["deck", "hand", "discard"] = "deck"
    """Where the cards come from (the top of the deck; a chosen hand or discard card)."""
    count: int = 1
    """How many."""
    card: Literal["this"] | None = None
    """``このカードを(ユニット)にエネルギーとして付ける``: attach the card whose ability this is (813.2) from the
    zone it is in (905.1, 905.2: the hand, for an EX power that works there); ``source`` and ``count`` are not
    used. From an area or the resolution zone the run stops (302.3, 804.2c-1)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Reveal:
    """公開する (903)."""

    op: Literal["reveal"]
    """Reveal cards."""
    player: PlayerRef = "own"
    """Whose cards."""
    source: Literal["hand", "deck"] = "hand"
    """The whole hand, or the top ``count`` cards of the deck."""
    count: int = 1
    """How many deck cards."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Search:
    """選ぶ/探す (909): look through a zone for cards and take them."""

    op: Literal["search"]
    """Search."""
    player: PlayerRef = "own"
    """Whose zone."""
    source: Literal["deck", "discard"] = "deck"
    """The zone searched."""
    filter: CardFilter = Field(default_factory=CardFilter)
    """What may be taken."""
    count: int = 1
    """How many at most."""
    to: Literal["hand"] = "hand"
    """Where the cards go."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Shuffle:
    """シャッフルする (911): chance, given by the scenario."""

    op: Literal["shuffle"]
    """Shuffle a zone."""
    player: PlayerRef = "own"
    """Whose deck."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Swap:
    """入れ替える (912): a chosen standby unit and the main unit change places."""

    op: Literal["swap"]
    """Swap."""
    player: PlayerRef = "own"
    """Whose units."""


@dataclass(frozen=True, slots=True, config=STRICT)
class RetreatOp:
    """退却させる (913), by an effect."""

    op: Literal["retreat"]
    """Retreat the main unit."""
    player: PlayerRef = "own"
    """Whose main unit."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Janken:
    """じゃんけんする (916); the winning ticket wins one instead (916.1a)."""

    op: Literal["janken"]
    """Janken."""
    times: int = 1
    """How many times."""
    on_win: tuple[Effect, ...] = ()
    """What happens when the effect's controller wins (once, after the last janken, if any win)."""
    on_lose: tuple[Effect, ...] = ()
    """What happens when the controller wins none."""
    per_win: tuple[Effect, ...] = ()
    """What happens once for each win (``勝った回数分``)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class GainWinningTicket:
    """ウィニングチケットを授かる (926, 106)."""

    op: Literal["winning_ticket"]
    """Gain the winning ticket."""
    player: PlayerRef = "own"
    """Who gains it."""


@dataclass(frozen=True, slots=True, config=STRICT)
class IfDone:
    """そうしたなら/そうしなかったなら (925)."""

    op: Literal["if_done"]
    """Do something; what follows depends on whether it was done in full."""
    do: tuple[Effect, ...]
    """The action (ある行動)."""
    then: tuple[Effect, ...] = ()
    """そうしたなら: done only when the action was done in full (925.1)."""
    otherwise: tuple[Effect, ...] = ()
    """そうしなかったなら: done when the player chose not to act (925.2)."""
    optional: bool = False
    """``…してもよい``: the player chooses whether to act (an ``optional`` decision, 925.2)."""
    chooser: PlayerRef = "own"
    """Who makes the ``optional`` choice: ``opponent`` for ``相手は…してもよい``."""


@dataclass(frozen=True, slots=True, config=STRICT)
class If:
    """``(条件)なら、(効果)``: an instruction done only if a condition on the game holds when the resolution reaches
    it (801.2: the effect is the process the text gives; 804.2c-3, 704.8: applied as the ability resolves)."""

    op: Literal["if"]
    """Do something only if a condition holds."""
    condition: Condition
    """The condition (the same keys as an EX power's ``condition``), read when the instruction is reached."""
    then: tuple[Effect, ...]
    """What is done if it holds; nothing is done otherwise."""


@dataclass(frozen=True, slots=True, config=STRICT)
class AndThen:
    """``(行動)し、(効果)``: one effect in two parts, done in order; in a skill it is taken at the time its
    second part belongs to (704.6b for a damage change, 704.7 for damage, 704.8 otherwise)."""

    op: Literal["and_then"]
    """One effect in two parts."""
    first: tuple[Effect, ...]
    """The first part (``…し、``)."""
    then: tuple[Effect, ...]
    """The second part; ``drawn``, ``discarded`` and ``chosen_number`` count what the first part did."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Continuous:
    """Start a continuous effect (801.2b) that lasts ``duration``."""

    op: Literal["continuous"]
    """Make a continuous effect."""
    effect: Static
    """What it does."""
    duration: Literal["turn", "game", "while", "next_turn"] = "turn"
    """``このターン`` (until the end of the turn, 505.3a, 809.8), the rest of the game, ``while``: ``…であるかぎり``,
    as long as ``condition`` holds (809.7), or ``next_turn``: ``次の(自分の/相手の)ターン、``, from the start of that
    turn until its end (809.8; ``whose``)."""
    whose: PlayerRef | Literal["any"] = "any"
    """For ``next_turn``: whose next turn (自分の/相手の, 105.3); ``any``: the next turn (次のターン)."""
    condition: Condition | None = None
    """For ``while``: the condition on the card itself (``unit = "self"``, ``self.…`` counts) that limits it."""
    also: tuple[Static, ...] = ()
    """More parts of the same effect (``…を得て、HP+100``), on the same units, each of another step of 809.1: each part
    is applied at its own step (809.2)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Delayed:
    """Make a delayed triggered ability (807.6) for the next such event."""

    op: Literal["delayed"]
    """Make a delayed trigger."""
    on: TriggerOn
    """The event it waits for."""
    whose: PlayerRef | Literal["any"] = "any"
    """Whose event (whose turn, whose skill)."""
    effects: tuple[Effect, ...] = ()
    """What it does when played."""


@dataclass(frozen=True, slots=True, config=STRICT)
class StaticModifyDamage:
    """A standing change to skill damage (704.6b): dealt by, or taken by, the affected units."""

    op: Literal["modify_damage"]
    """Change skill damage."""
    by: int = 0
    """Points added (negative: taken away)."""
    multiply: int | None = None
    """Multiply instead of adding."""
    applies: Literal["dealt", "taken"] = "dealt"
    """To skill damage the affected unit deals, or to skill damage it takes as the main unit."""
    target: Selector = "self"
    """The affected units."""


@dataclass(frozen=True, slots=True, config=STRICT)
class ChangeHp:
    """HPを増やす/減らす (919.3)."""

    op: Literal["hp"]
    """Change HP."""
    by: int
    """Points added (negative: taken away)."""
    target: Selector = "self"
    """The affected units."""


@dataclass(frozen=True, slots=True, config=STRICT)
class ChangeSkillCost:
    """スキルのコストを増やす/減らす (919.1)."""

    op: Literal["skill_cost"]
    """Change skill costs."""
    by: int
    """How much (negative: reduce)."""
    skill: str | None = None
    """Only the skill of this name (「…」, 902.1); omit for every skill."""
    target: Selector = "self"
    """The affected units."""


@dataclass(frozen=True, slots=True, config=STRICT)
class ChangeRetreatCost:
    """退却コストを増やす/減らす (919.2)."""

    op: Literal["retreat_cost"]
    """Change the retreat cost."""
    by: int
    """How much (negative: reduce)."""
    target: Selector = "self"
    """The affected units."""


@dataclass(frozen=True, slots=True, config=STRICT)
class NoSkillDamage:
    """スキルダメージを受けない (924)."""

    op: Literal["no_skill_damage"]
    """Take no skill damage."""
    target: Selector = "self"
    """The affected units."""


@dataclass(frozen=True, slots=True, config=STRICT)
class SkillFails:
    """A skill “fails” (917.1a), or fails on a condition checked at the success check (917.1b)."""

    op: Literal["skill_fails"]
    """Make skills fail."""
    whose: PlayerRef = "opponent"
    """Whose skills (relative to this effect's controller)."""
    janken: bool = False
    """Only if this effect's controller wins a janken, held at the success check (917.1b)."""
    condition: Condition | None = None
    """Only while this holds."""


@dataclass(frozen=True, slots=True, config=STRICT)
class ForbidSkill:
    """A skill that may not be declared (703.1a-3)."""

    op: Literal["forbid_skill"]
    """Forbid skills."""
    skill: str | None = None
    """Only the skill of this name; omit for every skill."""
    target: Selector = "opponent.main"
    """The affected units."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Forbid:
    """…できない for an action other than declaring a skill: when an effect tells the affected units to do it, it is
    not done (104.4)."""

    op: Literal["forbid"]
    """Forbid an action."""
    action: Literal["heal"]
    """The action: ``heal`` (the units' HP cannot be healed, 915)."""
    target: Selector = "self"
    """The affected units."""


@dataclass(frozen=True, slots=True, config=STRICT)
class GainAdvantage:
    """有利を与える (809.1b)."""

    op: Literal["gain_advantage"]
    """Give an advantage."""
    attribute: Attribute
    """The attribute the units gain as an advantage."""
    target: Selector = "self"
    """The affected units."""


@dataclass(frozen=True, slots=True, config=STRICT)
class LoseAdvantage:
    """有利を失う (809.1b)."""

    op: Literal["lose_advantage"]
    """Take advantages away."""
    target: Selector = "self"
    """The affected units."""


@dataclass(frozen=True, slots=True, config=STRICT)
class GainAttribute:
    """属性を与える (809.1b)."""

    op: Literal["gain_attribute"]
    """Give an attribute."""
    attribute: Attribute
    """The attribute gained."""
    target: Selector = "self"
    """The affected units."""


@dataclass(frozen=True, slots=True, config=STRICT)
class SetAttribute:
    """属性を…にする (809.1b): the units' attributes become these; the ones they had are lost (809.5)."""

    op: Literal["set_attribute"]
    """Set the attributes."""
    attributes: tuple[Attribute, ...]
    """The attributes the units have instead."""
    target: Selector = "self"
    """The affected units."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Replace:
    """A replacement effect (810): when the event would happen, the replacement happens instead."""

    op: Literal["replace"]
    """Replace an event."""
    event: Literal["ko", "damage"]
    """The event: the affected unit would be KO'd, or would be dealt damage."""
    target: Selector = "self"
    """The affected units."""
    instead: tuple[Effect, ...] = ()
    """What happens instead (the event does not happen)."""
    reduce: int | None = None
    """For ``damage``: the damage happens, this many points less, instead of ``instead``."""
    optional: bool = False
    """The controller may choose not to apply it (810.3)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class UseAgain:
    """``このEXパワーはこのターン、もう1回使える``: the activated EX power being resolved may be used once
    more this turn (801.1a); a power that can make itself usable again is a loop (1101.1)."""

    op: Literal["use_again"]
    """Make this EX power usable once more."""


Effect = Annotated[
    Damage
    | DamageBase
    | ModifyDamage
    | Heal
    | Draw
    | Discard
    | Stun
    | PlaceMarker
    | RemoveMarker
    | KnockOut
    | PutInKo
    | Charge
    | AttachEnergy
    | Reveal
    | Search
    | Shuffle
    | Swap
    | RetreatOp
    | Janken
    | GainWinningTicket
    | IfDone
    | If
    | AndThen
    | Continuous
    | Delayed
    | UseAgain,
    Field(discriminator="op"),
]
"""One instruction of card text (an immediate effect, or one that makes a lasting one)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class GainAbility:
    """能力を与える (809.1c): the units gain a skill or an EX power (give exactly one)."""

    op: Literal["gain_ability"]
    """Give an ability."""
    skill: Skill | None = None
    """The skill gained (「…」を得る)."""
    ex: ExPower | None = None
    """The EX power gained."""
    target: Selector = "self"
    """The affected units."""


@dataclass(frozen=True, slots=True, config=STRICT)
class LoseAbility:
    """能力を失う (809.1c): the units lose their EX powers or skills, every one or the one named."""

    op: Literal["lose_ability"]
    """Take abilities away."""
    ability: Literal["ex", "skill"] = "ex"
    """EX powers or skills."""
    name: str | None = None
    """Only the one of this name; omit for all of them."""
    target: Selector = "self"
    """The affected units."""


@dataclass(frozen=True, slots=True, config=STRICT)
class DeckCopies:
    """A deck-construction rule replaced (402.3): a deck may hold this many copies of this card (402.2c)."""

    op: Literal["deck_copies"]
    """Change the copy limit of this card."""
    copies: int | None = None
    """The most copies a deck may hold; omit for any number."""


@dataclass(frozen=True, slots=True, config=STRICT)
class ZoneAttribute:
    """``(プレイヤー)の(領域)のカードは(属性)を持つ`` (809.1b): cards in a hand or discard pile gain an attribute
    while they are there; a card that leaves the zone loses it."""

    op: Literal["zone_attribute"]
    """Give cards in a zone an attribute."""
    zone: Literal["hand", "discard"]
    """The zone."""
    attribute: Attribute
    """The attribute gained."""
    player: PlayerRef = "own"
    """Whose zone."""


@dataclass(frozen=True, slots=True, config=STRICT)
class BaseAttribute:
    """A base ability (基準能力, 805.2): ``このカードは(属性)として扱う`` defines the card's own attributes, with no
    condition, in every zone; it is part of the card's base information (809.1a), not an 809.1b effect."""

    op: Literal["base_attribute"]
    """Define this card's attributes."""
    attributes: tuple[Attribute, ...]
    """The attributes the card has, instead of the printed ones."""


Static = Annotated[
    StaticModifyDamage
    | ChangeHp
    | ChangeSkillCost
    | ChangeRetreatCost
    | NoSkillDamage
    | SkillFails
    | ForbidSkill
    | Forbid
    | GainAdvantage
    | LoseAdvantage
    | GainAttribute
    | SetAttribute
    | GainAbility
    | LoseAbility
    | DeckCopies
    | ZoneAttribute
    | BaseAttribute
    | Replace,
    Field(discriminator="op"),
]
"""What a continuous effect does (a static EX power, an assist, or a :class:`Continuous` op)."""


@dataclass(frozen=True, slots=True, config=STRICT)
class Skill:
    """A unit's (or an assist's) skill (208–211)."""

    name: str
    """The skill's name (「…」, 207.2)."""
    cost: int = Field(default=0, ge=0)
    """Skill cost: energy needed (209.2)."""
    damage: int | None = Field(default=None, ge=0)
    """Skill damage (210); omit for a skill without damage (704.6a-2)."""
    x: bool = False
    """The damage is printed ``(数値)×``: the base comes from a ``damage_base`` effect (704.6a-1)."""
    stunned_ok: bool = False
    """このスキルは気絶していても使える (922)."""
    before_damage: tuple[Effect, ...] = ()
    """ダメージを与える前に effects (704.4)."""
    effects: tuple[Effect, ...] = ()
    """The skill's effects, in printed order (704.6a-1, 704.6b, 704.7, 704.8 take their parts)."""
    text: str = ""
    """The printed skill text, for display."""


@dataclass(frozen=True, slots=True, config=STRICT)
class ExPower:
    """An EX power (212, 801.1f): static, activated or triggered."""

    name: str
    """Its name (EX powers with the same name are the same, 902.3)."""
    kind: Literal["static", "activated", "triggered"]
    """常時能力, 起動能力 (自分のターンに(回数)使える) or 誘発能力."""
    uses: int = 1
    """Activated: how many times a turn (801.1a)."""
    on: TriggerOn | None = None
    """Triggered: the trigger condition."""
    whose: PlayerRef | Literal["any"] = "any"
    """Triggered: whose turn or whose skill (自分の/相手の); for ``kos_unit``, whose unit was KO'd."""
    zone: Literal["area", "hand"] = "area"
    """Where it works: in the areas (802.2), or ``hand`` for an activated EX power whose text means something only
    in the hand (``このカードが手札にあるなら…``, 802.3): it works there and not in the areas, and playing it reveals
    the card (806.2a)."""
    cumulative: bool = True
    """Triggered: false for ``累積しない`` (807.2)."""
    condition: Condition | None = None
    """Triggered: only if this holds; static: only while this holds; state trigger: the state."""
    effects: tuple[Effect, ...] = ()
    """Activated and triggered: what it does."""
    statics: tuple[Static, ...] = ()
    """Static: what it keeps doing."""
    text: str = ""
    """The printed text, for display."""


@dataclass(frozen=True, slots=True, config=STRICT)
class CardDef:
    """A card as printed (200–214)."""

    name: str
    """Name (202)."""
    type: Literal["unit", "command"]
    """Kind (201)."""
    command: Literal["event", "action", "assist"] | None = None
    """Class of a command (201.2b)."""
    hp: int | None = Field(default=None, ge=0)
    """HP of a unit (203)."""
    attributes: tuple[Attribute, ...] = ()
    """Attributes (204)."""
    advantage: tuple[Attribute, ...] = ()
    """Advantage (205); empty for ``-``."""
    retreat_cost: int = Field(default=0, ge=0)
    """Retreat cost (206)."""
    skills: tuple[Skill, ...] = ()
    """Skills (208); an assist's skills are its unit's (801.1g-1)."""
    ex: tuple[ExPower, ...] = ()
    """EX powers (212)."""
    effects: tuple[Effect, ...] = ()
    """The command effect of an event or action (801.1d)."""
    text: str = ""
    """The printed card text, for display."""


def _rebuild() -> None:
    from pydantic.dataclasses import rebuild_dataclass

    for cls in (Janken, IfDone, If, AndThen, Continuous, Delayed, Replace, GainAbility, Skill, ExPower, CardDef):
        rebuild_dataclass(cls, force=True)  # type: ignore[arg-type]


_rebuild()
