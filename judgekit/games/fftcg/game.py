"""The FFTCG engine: zones, board queries, and the context effects run in.

:class:`Fftcg` is the kernel's :class:`~judgekit.engine.Engine` with the game's zones (7), its
stack (:class:`~judgekit.engine.stack.Stack`, 7.12) and the questions every rule function asks
(whose field a card is on, whether it is dull, what its power and keywords are after continuous
effects). The rule functions live in the sibling modules, registered in rulebook order in
:mod:`judgekit.games.fftcg.preset`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from judgekit.engine import (
    Card,
    Engine,
    Event,
    GameOver,
    GameState,
    Inputs,
    Player,
    Preset,
    Visibility,
    ZoneSpec,
    zone_id,
)
from judgekit.engine.stack import Stack
from judgekit.games.fftcg.cards import Ability, CardDef, CardFilter, Element, Keyword, SelfReplace
from judgekit.games.fftcg.words import WINDOWS
from judgekit.message import Message, Sentence, msg

ZONES: tuple[ZoneSpec, ...] = (
    ZoneSpec("deck", "デッキ", ordered=True, visibility=Visibility.HIDDEN),
    ZoneSpec("hand", "手札", ordered=False, visibility=Visibility.OWNER),
    ZoneSpec("field", "フィールド", ordered=False, visibility=Visibility.PUBLIC),
    ZoneSpec("damage", "ダメージゾーン", ordered=True, visibility=Visibility.PUBLIC),
    ZoneSpec("break", "ブレイクゾーン", ordered=True, visibility=Visibility.PUBLIC),
    ZoneSpec("removed", "除外", ordered=False, visibility=Visibility.PUBLIC),
    ZoneSpec("stack", "スタック", ordered=True, visibility=Visibility.PUBLIC, shared=True),
)
"""The zones (7.1): field, damage zone, deck, break zone, hand and removed for each player, one stack."""

PHASES: tuple[str, ...] = ("active", "draw", "main1", "attack", "main2", "end")
"""The phases of a turn (9): active (9.1), draw (9.2), main 1, attack (9.4), main 2 (9.3), end (9.5)."""

CHARACTER_TYPES: frozenset[str] = frozenset({"forward", "backup", "monster"})
"""The card types of characters (5.2.3.1.1)."""


@dataclass(frozen=True, slots=True)
class AbilityRef:
    """An ability a card has now, and where it comes from."""

    ability: Ability
    """The ability as printed."""
    holder: str
    """Instance id of the card that has it."""
    granted: str = ""
    """Key of the text-changing effect that gave it (11.12.4.6 ②); empty for a printed ability."""
    since: int = 0
    """That effect's timestamp (a field ability's effects take the later of it and the card's, 11.12.4.8)."""


@dataclass(frozen=True, slots=True)
class Chars:
    """A card's characteristics after continuous effects (11.12.4)."""

    name: str
    """Card name."""
    type: str
    """Card type."""
    elements: tuple[Element, ...]
    """Elements."""
    cost: int
    """Cost."""
    power: int | None
    """Power (forwards), after continuous effects; None for a card without power (5.2.6.1)."""
    jobs: tuple[str, ...]
    """Jobs."""
    categories: tuple[str, ...]
    """Categories."""
    generic: bool
    """Has the general icon (7.7.3)."""
    keywords: frozenset[Keyword]
    """Keyword abilities it has now (printed and gained)."""
    abilities: tuple[AbilityRef, ...]
    """Abilities it has now (``ダメージN`` abilities only while they apply, 15.2.6.2)."""
    cannot: frozenset[str]
    """What it cannot do (``attack``, ``block``, ``be_chosen``)."""
    unblockable_by: tuple[CardFilter, ...]
    """Forwards like these cannot block it (10.1.3.1.2)."""
    party_icon: bool
    """Has the party icon (15.1.1.9.2)."""


@dataclass(frozen=True, slots=True)
class Window:
    """What the current priority window allows (9.3.1.6, 9.3.1.7, 9.5.1.1, 15.2.3.3)."""

    key: str
    """Where it opens: a key of :data:`~judgekit.games.fftcg.words.WINDOWS` (``main1``, ``first_strike``)."""
    summons: bool
    """Summons may be cast and action and special abilities used."""
    hold_triggers: bool = False
    """Auto abilities are not put on the stack in this window (15.2.3.3)."""

    @property
    def name(self) -> Message:
        """Where it opens, for sentences (``the first main phase``, ``the first-strike window``)."""
        return WINDOWS[self.key]


@dataclass(slots=True)
class Battle:
    """The attack in progress (10.1.2–10.1.4)."""

    attackers: list[str]
    """The attacking forwards (two or more: a party, 15.1.1.9)."""
    party: bool
    """Whether they attack as a party."""
    blocker: str | None = None
    """The blocking forward, once one is declared (10.1.3.2)."""
    blocked: bool = False
    """Whether the attack was blocked."""


@dataclass(frozen=True, slots=True)
class PendingAuto:
    """An auto ability that triggered and waits to be put on the stack (11.8.7)."""

    ability: Ability
    """The ability."""
    source: str
    """Instance id of the card whose ability it is."""
    controller: str
    """Who controls it (11.8.5)."""
    event: Event
    """The event it triggered on."""
    label: str
    """For people."""
    tag: str
    """Its option label in an ordering decision (``<card key>/<ability name>``)."""
    since: int = 0
    """The timestamp its card had when it triggered (its last-known one for a card that left)."""
    about: tuple[tuple[str, int], ...] = ()
    """A delayed auto ability: the cards it affects, with the timestamps they had when it was created."""


@dataclass(frozen=True, slots=True)
class DelayedAuto:
    """What a delayed auto ability (11.8.17) does: the payload of the kernel's
    :class:`~judgekit.engine.DelayedTrigger`, whose source and controller are fixed when it is created (6.4.1.1,
    6.4.1.2, 11.8.17.4, 11.8.17.5)."""

    ability: Ability
    """What it does, as an auto ability."""
    about: tuple[tuple[str, int], ...]
    """The cards it affects, with their timestamps when it was created (11.8.17.3)."""
    period: str
    """``next`` (once, 11.8.17.2) or ``turn`` (until the end of the turn)."""


@dataclass(slots=True)
class Ctx:
    """The context an effect runs in."""

    controller: str
    """Who controls the summon or ability (``own`` means this player)."""
    source: str
    """Instance id of the card it comes from (6.4)."""
    label: str
    """The summon or ability, for sentences."""
    targets: tuple[tuple[str, ...], ...] = ()
    """What it chose for each ``choose`` entry, as they are legal now."""
    event: Event | None = None
    """The event of a triggered ability."""
    replaces: tuple[SelfReplace, ...] = ()
    """Its self-replacement effects (11.12.5.6)."""
    item: str | None = None
    """Instance id of the object on the stack, while it resolves."""
    burst: bool = False
    """Whether it is done as an EX BURST (11.10)."""
    about: tuple[tuple[str, int], ...] = ()
    """A delayed auto ability: the cards it affects, with their timestamps when it was created (11.8.17.3)."""
    x: int | None = None
    """The value of its variable X, once fixed (None: undefined, counted as 0, 4.4)."""
    x_count: str | None = None
    """When X is defined by a count: what it counts (to notice the count changing before X is used)."""
    split: tuple[tuple[str, int], ...] = ()
    """The damage of its ``distribute`` effect as divided on casting or using: (card, share) (11.3.6, 11.6.8,
    11.7.8)."""
    split_rule: str = ""
    """The rule that had it divided (11.3.6 for a summon, 11.6.8 or 11.7.8 for an ability)."""
    replacement: bool = False
    """Whether it is what a field ability's replacement effect does instead (6.4.1.3, 11.8.17.6)."""
    picked: tuple[str, ...] = ()
    """What its last ``pick`` instruction chose as it resolved (11.11.5.1)."""


@dataclass(slots=True)
class LoopPlan:
    """A loop both players can stop, as 13.3 has it repeated: the smaller count, then a stop."""

    key: str
    """The position (and the optional ability asking) where one round of the loop begins."""
    left: int
    """Rounds still to repeat."""
    stopper: str
    """The player who named the smaller count: at their next choice in the loop they stop it."""
    rounds: int
    """The smaller count."""


class Fftcg(Engine):
    """An FFTCG game in progress."""

    def __init__(
        self, preset: Preset, defs: Mapping[str, CardDef], players: list[Player], inputs: Inputs, fmt: str
    ) -> None:
        state = GameState(players={p.id: p for p in players}, zone_specs=ZONES)
        super().__init__(preset, state, inputs)
        self.defs = dict(defs)
        """Card definitions by key."""
        self.format = fmt
        """``constructed`` or ``limited`` (3.1.1, 8.1.1.1)."""
        self.stack = Stack(self)
        """The stack (7.12)."""
        self.window: Window | None = None
        """The priority window that is open, if any."""
        self.holder: str = ""
        """The player who holds priority."""
        self.battle: Battle | None = None
        """The attack in progress."""
        self.attacked: set[str] = set()
        """Forwards that attacked this turn (10.1.2.1.2)."""
        self.turn_started: dict[str, int] = {}
        """Clock value when each player's latest turn began (10.1.2.1.1, 11.6.2.2, 15.2.2.2)."""
        self.empty_draw: set[str] = set()
        """Players who tried to draw from an empty deck since the last rule-process check (12.4.2)."""
        self.empty_damage: set[str] = set()
        """Players who received damage they had no deck card for since the last check (12.4.3)."""
        self.autos: dict[str, PendingAuto] = {}
        """Triggered auto abilities by trigger key, while they wait for the stack."""
        self.damage_sources: dict[str, list[str]] = {}
        """Character → the cards whose damage it received since the last rule-process check (12.4.5)."""
        self.autopass: str | None = None
        """While set, both players pass whenever they have priority, until this phase or step begins."""
        self.state_waiting: set[str] = set()
        """State-triggered auto abilities that triggered and have not left the stack yet (11.8.18)."""
        self.loop_seen: dict[str, int] = {}
        """Positions seen after each resolution while both players pass automatically (13.1)."""
        self.optional_seen: dict[str, int] = {}
        """Positions at an optional auto ability's choice while both players pass automatically → how many choices
        to do it had been made before (13.1, 13.3)."""
        self.optional_log: list[str] = []
        """The players who chose to do an optional auto ability, in order, since the players began passing."""
        self.cast_after: list[tuple[str, str, str]] = []
        """Cards an effect casts once its summon or ability has resolved: (player, card, what cast it) (11.3.11,
        11.4.1.1)."""
        self.loop_plan: LoopPlan | None = None
        """A loop both players can stop, repeated as they named it (13.3)."""
        self.leaving: list[str] = []
        """Cards leaving the field together in the event being carried out (they look back at each other)."""
        self.control_since: dict[str, int] = {}
        """Clock value when each card last changed controller (6.2.6; its timestamp stays, 11.12.4.10)."""
        self.control_until_end: list[tuple[str, int, str]] = []
        """Control changes until the end of the turn: (card, its timestamp, the controller it goes back to)."""
        self._chars: tuple[int, int, dict[str, Chars]] | None = None
        self._said: dict[str, Message] = {}
        """What each label (of a summon or ability, an effect, a trigger) says in a sentence, by the label."""

    # --- steps ----------------------------------------------------------------------------

    def finish(self, winner: str | None, message: Sentence, cites: Sequence[str]) -> GameOver:
        """End the game as the kernel does; auto abilities waiting for the stack are forgotten too."""
        over = super().finish(winner, message, cites)
        self.autos.clear()
        return over

    # --- labels ---------------------------------------------------------------------------

    def labelled(self, label: str, says: Message) -> str:
        """``label``, a summon's or ability's label as the kernel keeps it (a stack object's name, an effect's or
        a trigger's label), noted as saying ``says`` in sentences; returns ``label``."""
        self._said[label] = says
        return label

    def shares(self, split: Sequence[tuple[str, int]]) -> tuple[Message, ...]:
        """A declared division of damage for sentences: ``3000 to クラウド (P2's field), …``."""
        return tuple(msg("ff.damage.share", n=n, card=self.cref(i)) for i, n in split)

    def said(self, label: str) -> Sentence:
        """What ``label`` says in a sentence: the message noted for it, else the label as it is (a card name)."""
        return self._said.get(label, label)

    # --- cards ----------------------------------------------------------------------------

    def stack_ids(self) -> list[str]:
        """Instance ids in the stack zone, top first."""
        return list(self.state.zones["stack"])

    def definition(self, iid: str) -> CardDef:
        """The printed card of ``iid``."""
        c = self.state.cards.get(iid) or self.last_known[iid]
        return self.defs[c.key]

    def is_card(self, iid: str) -> bool:
        """Whether ``iid`` is a card (not an ability's pseudo-card on the stack)."""
        c = self.state.cards.get(iid)
        return c is not None and c.key in self.defs

    def on_field(self, iid: str) -> bool:
        """Whether the card is on a field (7.7)."""
        c = self.state.cards.get(iid)
        return c is not None and c.zone.endswith(".field")

    def field(self, pid: str) -> list[str]:
        """The characters ``pid`` controls on the field, in the order they arrived."""
        cards = [self.state.cards[i] for p in self.state.players for i in self.state.zones[zone_id(p, "field")]]
        mine = [c for c in cards if c.controller == pid]
        return [c.iid for c in sorted(mine, key=lambda c: (c.since, c.iid))]

    def all_field(self) -> list[str]:
        """Every character on the field, the turn player's first."""
        return [i for pid in self.state.player_order() for i in self.field(pid)]

    def of_type(self, pid: str, kind: str) -> list[str]:
        """``pid``'s characters of card type ``kind`` on the field."""
        return [i for i in self.field(pid) if self.chars(i).type == kind]

    def is_dull(self, iid: str) -> bool:
        """Whether the card is dull (6.3.1)."""
        return self.state.cards[iid].markers.get("dull", 0) > 0

    def damage(self, iid: str) -> int:
        """Damage the character has received (12.4.5)."""
        return self.state.cards[iid].markers.get("damage", 0)

    def frozen(self, iid: str) -> bool:
        """Whether the character is frozen (15.2.4)."""
        return self.state.cards[iid].markers.get("frozen", 0) > 0

    def counters(self, iid: str) -> dict[str, int]:
        """Counters on the card by name (6.7)."""
        return {k[8:]: v for k, v in self.state.cards[iid].markers.items() if k.startswith("counter:") and v}

    def player_damage(self, pid: str) -> int:
        """Cards in ``pid``'s damage zone: the damage the player has received (7.8.2)."""
        return len(self.state.zones[zone_id(pid, "damage")])

    def controlled_since_turn_start(self, iid: str) -> bool:
        """Whether the controller has controlled the card since the start of their latest turn (10.1.2.1.1)."""
        c = self.state.cards[iid]
        return max(c.since, self.control_since.get(iid, 0)) < self.turn_started.get(c.controller, 0)

    def find(self, pid: str, zone: str, key: str) -> str | None:
        """A card in ``pid``'s ``zone`` by key (``key#2`` for the second copy), or None."""
        iids = self.field(pid) if zone == "field" else list(self.state.zones[zone_id(pid, zone)])
        return self.card_options(iids).get(key)

    def field_options(self, iids: list[str]) -> dict[str, str]:
        """Option labels for cards of either field: ``P2/kefka`` (``P2/kefka#2`` for a second copy)."""
        out: dict[str, str] = {}
        for pid in self.state.players:
            mine = [i for i in self.field(pid) if i in iids]
            for key, iid in self.card_options(mine).items():
                out[f"{pid}/{key}"] = iid
        return out

    def choice_options(self, iids: list[str]) -> dict[str, str]:
        """Option labels for cards to choose: ``P2/kefka`` on the field, ``P1/break/cloud`` in a zone (7.1)."""
        out = self.field_options([i for i in iids if self.on_field(i)])
        for pid in self.state.players:
            for zone in ("break", "removed"):
                mine = [i for i in self.state.zones[zone_id(pid, zone)] if i in iids]
                for key, iid in self.card_options(mine).items():
                    out[f"{pid}/{zone}/{key}"] = iid
        return out

    def option_of(self, iid: str) -> str:
        """The option label of a card on the field (``P2/kefka``), or of a player id."""
        if iid in self.state.players:
            return iid
        c = self.state.cards.get(iid)
        if c is None or not c.zone.endswith(".field"):
            lk = self.last_known.get(iid)
            return f"{lk.controller}/{lk.key}" if lk else iid
        for label, i in self.field_options(self.field(c.controller)).items():
            if i == iid:
                return label
        return iid

    # --- characteristics ------------------------------------------------------------------

    def all_chars(self) -> Mapping[str, Chars]:
        """Every character's characteristics on the field after continuous effects (11.12.4), cached."""
        key = (self.state.version, len(self.effects))
        cached = self._chars
        if cached is None or cached[0] != key[0] or cached[1] != key[1]:
            from judgekit.games.fftcg import continuous  # imported here, on a change only: it imports us

            cached = self._chars = (*key, continuous.characteristics(self))
        return cached[2]

    def chars(self, iid: str) -> Chars:
        """The card's characteristics after continuous effects (11.12.4)."""
        found = self.all_chars().get(iid)
        if found is None:
            from judgekit.games.fftcg import continuous

            return continuous.printed(self, iid)
        return found

    def power(self, iid: str) -> int | None:
        """The forward's power after continuous effects."""
        return self.chars(iid).power

    def has(self, iid: str, keyword: Keyword) -> bool:
        """Whether the card has the keyword ability now."""
        return keyword in self.chars(iid).keywords

    def is_character(self, iid: str) -> bool:
        """Whether the card is a character (5.2.3.1.1)."""
        return self.chars(iid).type in CHARACTER_TYPES

    def card_numbers(self, card: Card) -> tuple[tuple[str, int], ...]:
        """Power and damage for forwards on the field; nothing for other cards."""
        if card.zone.endswith(".field") and card.key in self.defs:
            p = self.power(card.iid)
            if p is not None:
                return (("power", p), ("damage", card.markers.get("damage", 0)))
        return ()


@dataclass(frozen=True, slots=True)
class Cp:
    """CP made for a payment: from which card, how many, of which element (11.2.1.1)."""

    card: str
    """Instance id of the card discarded or the backup dulled."""
    amount: int
    """2 for a discard (5.2.1.3), 1 for a backup (5.2.3.1.1.3)."""
    element: Element
    """The element of the CP."""
    discard: bool
    """Whether it was made by discarding."""


@dataclass(frozen=True, slots=True)
class Requirement:
    """What a cost asks for in CP."""

    total: int
    """How many CP in all."""
    elements: Mapping[str, int] = field(default_factory=dict)
    """How many of them must be of each element."""
    allowance: int = 1
    """How many CP more than ``total`` discarding may make (11.4.6.1.4, 11.3.7.1, 11.6.2.1)."""
