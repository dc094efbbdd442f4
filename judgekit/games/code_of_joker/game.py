"""The Code of Joker engine: zones, board queries, and the context effects run in.

:class:`CodeOfJoker` is the kernel's :class:`~judgekit.engine.Engine` with the game's zones (the
deck, hand, field, trigger zone, discard pile, deleted cards, joker zone) and the questions every
rule function asks (a unit's BP at its clock level, its keywords after grants and field effects,
whose turn and which round it is). The rule functions live in the sibling modules, registered in
the page's order in :mod:`judgekit.games.code_of_joker.preset`.

A unit keeps its state on the card instance: numbers ``level``, ``base`` (base-BP change),
``turn`` (this turn's BP change), ``damage``, ``entered`` (the turn it came onto the field), and
markers ``acted`` (行動権を失った) and ``restricted`` (アタック制限).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from judgekit.engine import (
    Card,
    Engine,
    Event,
    GameState,
    Inputs,
    Player,
    Preset,
    Visibility,
    ZoneSpec,
    zone_id,
)
from judgekit.games.code_of_joker.cards import Ability, CardDef, Keyword
from judgekit.message import Sentence

ZONES: tuple[ZoneSpec, ...] = (
    ZoneSpec("deck", "デッキ", ordered=True, visibility=Visibility.HIDDEN),
    ZoneSpec("hand", "手札", ordered=False, visibility=Visibility.OWNER),
    ZoneSpec("field", "フィールド", ordered=True, visibility=Visibility.PUBLIC),
    ZoneSpec("trigger", "トリガーゾーン", ordered=True, visibility=Visibility.OWNER),
    ZoneSpec("discard", "捨札", ordered=True, visibility=Visibility.PUBLIC),
    ZoneSpec("deleted", "消滅", ordered=True, visibility=Visibility.PUBLIC),
    ZoneSpec("joker", "ジョーカー", ordered=False, visibility=Visibility.OWNER),
)
"""The zones: the hand keeps its cards in the order they came (so ``key#2`` is the second copy to arrive);
the field holds units oldest-placed first; the trigger zone holds cards from the left
(the opponent sees only their colour); the discard pile shows the newest first (捨札/3); deleted
cards (捨札/5) are kept apart; jokers have their own zone (ジョーカーカード/4)."""

FIELD_LIMIT = 5
"""Units a player may have on the field (用語/フィールド/2)."""

TRIGGER_SLOTS = 4
"""Cards a trigger zone holds (トリガーゾーン/2)."""

HAND_LIMIT = 7
"""Cards a hand holds (ドロー/1)."""

CP_LIMIT = 12
"""The most CP a player can have (CP/2/1)."""

LAST_ROUND = 10
"""The round after which LP decide the game (ゲームの勝敗/3)."""

CP_BY_ROUND: dict[bool, tuple[int, ...]] = {
    True: (2, 3, 4, 5, 6, 7, 7, 7, 7, 7),
    False: (3, 3, 4, 5, 6, 7, 7, 7, 7, 7),
}
"""The CP table (CP/3): the first player's (True) and the second player's CP for rounds 1 to 10."""


@dataclass(slots=True)
class Ctx:
    """The context an effect's instructions run in."""

    controller: str
    """Who the effect belongs to (自分)."""
    source: str
    """Instance id of the card whose effect it is."""
    unit: str | None
    """The unit ``self`` means, if any."""
    label: Sentence
    """The effect, for sentences (a card's printed name, or a message naming the effect)."""
    pattern: str | None = None
    """Pattern A or B (カード効果について/6)."""
    subject: str | None = None
    """The unit the timing is about (``subject``)."""


@dataclass(slots=True)
class Battle:
    """The attack in progress."""

    attacker: str
    """Instance id of the attacking unit."""
    attacking_player: str
    """Who attacks."""
    blocker: str | None = None
    """Instance id of the blocking unit, once chosen."""
    damage_dealt: bool = False
    """Whether battle damage was exchanged (混同しやすいルール・処理/4)."""
    winner: str | None = None
    """The unit that won the battle (戦闘ダメージ/3)."""
    penetrates: bool = False
    """Whether the attacker met the 【貫通】 condition in the damage exchange (混同/5)."""


class CodeOfJoker(Engine):
    """A Code of Joker game in progress."""

    def __init__(
        self,
        preset: Preset,
        defs: Mapping[str, CardDef],
        players: list[Player],
        inputs: Inputs,
        first: str,
        gauge_full: int | None,
        gauge_on_life_loss: int | None,
        registered: Mapping[str, tuple[str, ...]],
    ) -> None:
        state = GameState(players={p.id: p for p in players}, zone_specs=ZONES)
        super().__init__(preset, state, inputs)
        self.defs = dict(defs)
        """Card definitions by key."""
        self.first = first
        """The first player (先攻)."""
        self.gauge_full = gauge_full
        """The joker gauge size (a scenario input)."""
        self.gauge_on_life_loss = gauge_on_life_loss
        """The gauge rise when the opponent's effect takes LP (a scenario input)."""
        self.registered = dict(registered)
        """Each player's registered 40-card deck (for a deck refresh)."""
        self.battle: Battle | None = None
        """The attack in progress."""
        self.oc_queue: list[tuple[str, bool]] = []
        """Units whose OC effects wait for the end of the timing (優先度/7), and whether the OC effect
        also recovers the action right (a Lv.3 evolution, 進化ユニットカード/1/4)."""
        self.timing_depth = 0
        """How many timings are being processed (a destroyed timing interrupts another)."""
        self.destroyed: list[Event] = []
        """Destructions whose 破壊された時 timing has not been processed yet."""
        self.pending_joker: dict[str, str] = {}
        """A joker to be handed to a player once the hand is below 7 (ジョーカーカードの配布/2)."""
        self.serials: dict[str, int] = {}
        """The last instance number used per player (new cards of a deck refresh)."""

    # --- turns ----------------------------------------------------------------------------

    @property
    def round(self) -> int:
        """The current round: both players' turns make one."""
        return (self.state.turn + 1) // 2

    def is_first(self, pid: str) -> bool:
        """Whether ``pid`` is the first player."""
        return pid == self.first

    @property
    def second(self) -> str:
        """The second player (後攻)."""
        return self.state.opponent(self.first)

    # --- cards ----------------------------------------------------------------------------

    def definition(self, iid: str) -> CardDef:
        """The printed card of ``iid``."""
        return self.defs[self.state.cards[iid].key]

    def zone_of(self, iid: str) -> str:
        """The name of the zone the card is in (``field``)."""
        return self.state.cards[iid].zone.split(".", 1)[1]

    def owner_zone(self, iid: str) -> str:
        """The player whose zone the card is in."""
        return self.state.cards[iid].zone.split(".", 1)[0]

    def zone(self, pid: str, name: str) -> list[str]:
        """The instance ids in ``pid``'s zone ``name``, in zone order."""
        return list(self.state.zones[zone_id(pid, name)])

    def units(self, pid: str) -> list[str]:
        """``pid``'s units, oldest placed first."""
        return self.zone(pid, "field")

    def all_units(self) -> list[str]:
        """Every unit on the field, the turn player's first."""
        return [u for pid in self.state.player_order() for u in self.units(pid)]

    def on_field(self, iid: str) -> bool:
        """Whether the card is a unit on a field."""
        return iid in self.state.cards and self.zone_of(iid) == "field"

    def hand_size(self, pid: str) -> int:
        """How many cards ``pid`` holds."""
        return len(self.state.zones[zone_id(pid, "hand")])

    def unit_options(self, iids: list[str]) -> dict[str, str]:
        """Option labels for units of both fields: ``P2.key`` (``P2.key#2`` for a second copy)."""
        out: dict[str, str] = {}
        for pid in self.state.players:
            mine = [i for i in iids if self.owner_zone(i) == pid]
            options = self.card_options(self.units(pid))
            for label, iid in options.items():
                if iid in mine:
                    out[f"{pid}.{label}"] = iid
        return out

    def counter(self, pid: str, name: str) -> int:
        """A player's counter (``LP``, ``CP``, ``gauge``)."""
        return self.state.players[pid].counters.get(name, 0)

    # --- unit state -----------------------------------------------------------------------

    def num(self, iid: str, name: str, default: int = 0) -> int:
        """A number kept on a card."""
        return self.state.cards[iid].numbers.get(name, default)

    def set_num(self, iid: str, name: str, value: int, default: int = 0) -> None:
        """Set a number kept on a card (no change recorded when it already has that value)."""
        if self.num(iid, name, default) != value:
            self.set_number(iid, name, value)

    def level(self, iid: str) -> int:
        """The card's clock level (1 to 3)."""
        return self.num(iid, "level", 1)

    def acted(self, iid: str) -> bool:
        """Whether the unit has used its action right (行動済み)."""
        return self.state.cards[iid].markers.get("acted", 0) > 0

    def restricted(self, iid: str) -> bool:
        """Whether the unit has the attack restriction."""
        return self.state.cards[iid].markers.get("restricted", 0) > 0

    def entered_this_turn(self, iid: str) -> bool:
        """Whether the unit came onto the field this turn."""
        return self.num(iid, "entered", -1) == self.state.turn

    def damage(self, iid: str) -> int:
        """Damage the unit has taken."""
        return self.num(iid, "damage")

    def field_bonuses(self, iid: str) -> tuple[int, tuple[Keyword, ...]]:
        """BP and keywords the unit has from field effects of units on the field (フィールド効果)."""
        bp = 0
        kws: list[Keyword] = []
        owner = self.owner_zone(iid)
        for src in self.all_units():
            d = self.definition(src)
            if not d.field:
                continue
            src_owner = self.owner_zone(src)
            for fb in d.field:
                if fb.side == "own" and owner != src_owner:
                    continue
                if fb.side == "opponent" and owner == src_owner:
                    continue
                if fb.other and src == iid:
                    continue
                if fb.color is not None and self.definition(iid).color != fb.color:
                    continue
                bp += fb.bp
                kws.extend(fb.keywords)
        return bp, tuple(kws)

    def keywords(self, iid: str) -> tuple[Keyword, ...]:
        """The unit's keywords: printed, granted (キーワード能力/3) and from field effects."""
        out: list[Keyword] = list(self.definition(iid).keywords)
        for e in self.effects:
            if iid in e.targets and isinstance(e.payload, tuple):
                out.append(e.payload[0])
        if self.on_field(iid):
            out.extend(self.field_bonuses(iid)[1])
        return tuple(dict.fromkeys(out))

    def has(self, iid: str, keyword: Keyword) -> bool:
        """Whether the unit has ``keyword``."""
        return keyword in self.keywords(iid)

    def dimension(self, iid: str) -> int | None:
        """The cost of the unit's 【次元干渉】, if it has one (the lowest, when several)."""
        costs = [] if self.definition(iid).dimension is None else [self.definition(iid).dimension]
        for e in self.effects:
            if iid in e.targets and isinstance(e.payload, tuple) and e.payload[0] == "次元干渉":
                costs.append(e.payload[1])
        found = [c for c in costs if c is not None]
        return min(found) if found and self.has(iid, "次元干渉") else None

    def printed_bp(self, iid: str) -> int:
        """The BP printed for the unit's clock level (クロックレベル/4)."""
        bp = self.definition(iid).bp
        assert bp is not None
        return bp[self.level(iid) - 1]

    def base_bp(self, iid: str) -> int:
        """The base BP: the level's BP plus base-BP changes."""
        return self.printed_bp(iid) + self.num(iid, "base")

    def bp(self, iid: str) -> int:
        """The unit's BP now: base BP, this turn's changes, field effects, less damage."""
        bonus = self.field_bonuses(iid)[0] if self.on_field(iid) else 0
        return self.base_bp(iid) + self.num(iid, "turn") + bonus - self.damage(iid)

    def cost(self, iid: str) -> int:
        """The card's CP."""
        return self.definition(iid).cost

    def abilities(self, iid: str) -> tuple[Ability, ...]:
        """The unit's printed effects."""
        return self.definition(iid).abilities

    def card_numbers(self, card: Card) -> tuple[tuple[str, int], ...]:
        """BP, level and damage for units on the field; the level of a hand card above level 1."""
        if card.zone.endswith(".field") and self.defs[card.key].bp is not None:
            nums = [("BP", self.bp(card.iid)), ("Lv", self.level(card.iid))]
            if self.damage(card.iid):
                nums.append(("damage", self.damage(card.iid)))
            return tuple(nums)
        if card.zone.endswith(".hand") and card.numbers.get("level", 1) > 1:
            return (("Lv", card.numbers["level"]),)
        return ()
