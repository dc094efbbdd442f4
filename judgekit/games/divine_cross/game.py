"""The Divine Cross engine: zones, board queries, and the context effects run in.

:class:`DivineCross` is the kernel's :class:`~judgekit.engine.Engine` with the game's zones
(304–311) and the questions every rule function asks (which unit is the main unit, how much
energy it has, what its characteristics are after continuous effects). The rule functions
themselves live in the sibling modules, registered in rulebook order in
:mod:`judgekit.games.divine_cross.preset`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from judgekit.engine import (
    Card,
    Engine,
    GameState,
    Inputs,
    Player,
    Preset,
    Visibility,
    ZoneSpec,
    zone_id,
)
from judgekit.games.divine_cross.cards import CardDef, Effect, ExPower, Skill
from judgekit.message import Message, Sentence, msg

ZONES: tuple[ZoneSpec, ...] = (
    ZoneSpec("deck", "デッキ置き場", ordered=True, visibility=Visibility.HIDDEN),
    ZoneSpec("hand", "手札", ordered=False, visibility=Visibility.OWNER),
    ZoneSpec("main", "メイン・エリア", ordered=False, visibility=Visibility.PUBLIC, tags=("area",)),
    ZoneSpec("standby1", "スタンバイ・エリア1", ordered=False, visibility=Visibility.PUBLIC, tags=("area", "standby")),
    ZoneSpec("standby2", "スタンバイ・エリア2", ordered=False, visibility=Visibility.PUBLIC, tags=("area", "standby")),
    ZoneSpec("standby3", "スタンバイ・エリア3", ordered=False, visibility=Visibility.PUBLIC, tags=("area", "standby")),
    ZoneSpec("ko", "KO置き場", ordered=False, visibility=Visibility.PUBLIC),
    ZoneSpec("discard", "捨て場", ordered=True, visibility=Visibility.PUBLIC),
    ZoneSpec("resolution", "解決領域", ordered=True, visibility=Visibility.PUBLIC, shared=True),
)
"""The zones: deck (304), hand (305), main area (307), three standby areas (308.1), KO zone (309),
discard pile (310) and the shared resolution zone (311)."""

STANDBY: tuple[str, ...] = ("standby1", "standby2", "standby3")
"""The three standby areas (308.1)."""

AREAS: tuple[str, ...] = ("main", *STANDBY)
"""The areas (306.2): the main area and the standby areas."""

PHASES: tuple[str, ...] = ("draw", "main", "battle", "end")
"""The phases of a turn (501.1)."""


@dataclass(frozen=True, slots=True)
class SkillRef:
    """A skill a unit can use, where it is printed, and its cost after 919.1."""

    skill: Skill
    """The skill as printed."""
    holder: str
    """Instance id of the card it is printed on (the unit, or its assist, 801.1g-1)."""
    unit: str
    """Instance id of the unit that uses it."""
    cost: int
    """Its cost after increases and decreases (919.1)."""
    gained_at: int | None = None
    """When an effect gave it to the unit (809.1c); None for a printed one."""


@dataclass(frozen=True, slots=True)
class PowerRef:
    """An EX power a unit has, and where it is printed."""

    power: ExPower
    """The EX power as printed."""
    holder: str
    """Instance id of the card it is printed on."""
    unit: str
    """Instance id of the unit it counts for (801.1g-1)."""
    gained_at: int | None = None
    """When an effect gave it to the unit (809.1c, 809.3b-1); None for a printed one."""


@dataclass(frozen=True, slots=True)
class Chars:
    """A unit's characteristics after continuous effects (809)."""

    name: str
    """Name."""
    attributes: tuple[str, ...]
    """Attributes (204) after 809.1b."""
    advantage: tuple[str, ...]
    """Advantage (205) after 809.1b."""
    hp: int | None
    """HP (203) after 919.3."""
    retreat_cost: int
    """Retreat cost (206) after 919.2."""
    skills: tuple[SkillRef, ...]
    """Skills, the assist's included (801.1g-1), with costs after 919.1."""
    powers: tuple[PowerRef, ...]
    """EX powers, the assist's included."""
    forbidden: tuple[str, ...]
    """Names of skills that may not be declared (703.1a-3); ``*`` for all."""
    modified: tuple[str, ...] = ()
    """Rule ids of the 919 rules that changed a number of this unit (for citing)."""


@dataclass(frozen=True, slots=True)
class Ability:
    """What a triggered ability does, kept beside its trigger count."""

    effects: tuple[Effect, ...]
    """Its effects."""
    unit: str | None
    """The unit ``self`` means for it."""
    from_skill: bool
    """Whether a skill made it (a delayed trigger of a skill, 813.3)."""
    name: str
    """The EX power's name (``累積しない`` counts by name, 807.2 and 902.3)."""
    whose: str = "any"
    """For a delayed trigger: whose event it waits for (``own``, ``opponent``, ``any``)."""


@dataclass(slots=True)
class Ctx:
    """The context an ability's effects run in."""

    controller: str
    """Who controls the effect (105.3c): ``own`` means this player."""
    source: str
    """Instance id of the card whose ability it is (813.2)."""
    unit: str | None
    """The unit ``self`` means (the unit, or the unit an assist is attached to)."""
    label: str
    """The ability's label, the key it is kept by (:meth:`DivineCross.what` names it in sentences)."""
    skill: Skill | None = None
    """The skill, when the effects are a skill's."""
    power: str | None = None
    """The activated EX power's name, when the effects are one's (``use_again``)."""
    damage: int | None = None
    """The skill damage being calculated (704.6), for ``modify_damage``."""
    janken_wins: int = 0
    """Wins of this effect's janken so far."""
    drawn: int = 0
    """Cards this effect drew (draw damage counts, 1102.1a)."""
    discarded: int = 0
    """Cards this effect discarded."""
    chosen_number: int = 0
    """The number the player chose (104.5)."""
    chosen: dict[str, str] = field(default_factory=dict)
    """Units already chosen for a selector within this effect."""
    revealed: dict[str, int] = field(default_factory=dict)
    """Hidden cards this effect has revealed, with the time each entered its zone: revealed until the effect has
    resolved or the card moves (903.1)."""
    shuffled: dict[str, int] = field(default_factory=dict)
    """Cards of ``revealed`` whose reveal was ignored while their deck was shuffled (911.2)."""


class DivineCross(Engine):
    """A Divine Cross game in progress."""

    def __init__(self, preset: Preset, defs: Mapping[str, CardDef], players: list[Player], inputs: Inputs) -> None:
        state = GameState(players={p.id: p for p in players}, zone_specs=ZONES)
        super().__init__(preset, state, inputs)
        self.defs = dict(defs)
        """Card definitions by key."""
        self.failed_promotion: set[str] = set()
        """Players who could not promote a unit since the last rule processing (1002.2)."""
        self.damage_sources: dict[str, str] = {}
        """Unit → the card that last dealt it damage since the last rule processing (813.5a)."""
        self.last_energy: dict[str, int] = {}
        """How much energy a unit had when it left the area (812)."""
        self.losers: list[tuple[str, str]] = []
        """Players who met a loss condition, with the rule, during the current check."""
        self.battle: SkillRef | None = None
        """The skill declared in this battle phase, while it is being used."""
        self.abilities: dict[str, Ability] = {}
        """What each triggered ability with a trigger count does, by trigger key."""
        self.loop: str | None = None
        """While a voluntary loop is repeated: the rule it is repeated under (1101.1a or 1101.1b)."""
        self.loop_choosers: set[str] = set()
        """Players whose choice made the EX power being resolved usable again (``use_again``, 1101.1)."""
        self.loop_block: tuple[str, str, str] | None = None
        """A loop repeated as named: (holder, EX power, rule); it waits for another action (1101.1a, 1101.1b)."""
        self.carried: dict[str, tuple[str, ...]] = {}
        """A card played to the resolution zone → the keys of the continuous effects that applied to it when it was
        played; they apply to it there until it leaves (804.2a-1)."""
        self.labels: dict[str, Message] = {}
        """An ability's or effect's label (the key it is kept by) → how sentences name it."""
        self.printed: dict[str, str] = {}
        """An ability's label → its printed name (a skill's, an EX power's), the name of its pseudo-card in the
        resolution zone (804.2a)."""
        self._chars: tuple[int, int, dict[str, Chars]] | None = None

    # --- naming abilities in sentences ----------------------------------------------------

    def named(self, label: str, what: Message, printed: str = "") -> str:
        """Keep ``what`` as the sentence naming the ability or effect labelled ``label`` (and ``printed`` as the
        ability's printed name); returns ``label``."""
        self.labels[label] = what
        if printed:
            self.printed[label] = printed
        return label

    def what(self, label: str) -> Sentence:
        """The ability or effect labelled ``label`` for a sentence (a command's label is its printed name)."""
        return self.labels.get(label, label)

    def skill_label(self, unit: str, skill: str) -> str:
        """The label of ``unit``'s skill ``skill``."""
        name = self.card(unit).name
        return self.named(f"{name}'s skill {skill}", msg("dc.ability.skill", card=name, skill=skill), skill)

    def power_label(self, card: str, power: str) -> str:
        """The label of the EX power ``power`` printed on the card named ``card``."""
        return self.named(f"{card}'s EX power {power}", msg("dc.ability.ex_power", card=card, power=power), power)

    # --- cards ----------------------------------------------------------------------------

    def definition(self, iid: str) -> CardDef | None:
        """The printed card of ``iid`` (None for an ability's pseudo-card)."""
        return self.defs.get(self.state.cards[iid].key)

    def is_unit_card(self, iid: str) -> bool:
        """Whether ``iid`` is a unit card."""
        d = self.definition(iid)
        return d is not None and d.type == "unit"

    def player_of_zone(self, iid: str) -> str:
        """The player whose zone the card is in."""
        zone = self.state.cards[iid].zone
        return zone.split(".", 1)[0] if "." in zone else self.state.cards[iid].owner

    def area_name(self, iid: str) -> str | None:
        """The area the card is in (``main``, ``standby2``), or None outside the areas."""
        zone = self.state.cards[iid].zone
        name = zone.split(".", 1)[1] if "." in zone else zone
        return name if name in AREAS else None

    def in_area(self, iid: str) -> bool:
        """Whether the card is in an area (306.2)."""
        return iid in self.state.cards and self.area_name(iid) is not None

    def unit_at(self, pid: str, area: str) -> str | None:
        """The unit in ``pid``'s ``area`` (not an attached card), or None."""
        for iid in self.state.zones[zone_id(pid, area)]:
            c = self.state.cards[iid]
            if c.attached_to is None and self.is_unit_card(iid):
                return iid
        return None

    def main_unit(self, pid: str) -> str | None:
        """``pid``'s main unit (307.2)."""
        return self.unit_at(pid, "main")

    def standby_units(self, pid: str) -> list[str]:
        """``pid``'s standby units, in area order (308.2)."""
        return [u for a in STANDBY if (u := self.unit_at(pid, a)) is not None]

    def free_standby(self, pid: str) -> list[str]:
        """``pid``'s standby areas without a unit."""
        return [a for a in STANDBY if self.unit_at(pid, a) is None]

    def units(self, pid: str) -> list[str]:
        """``pid``'s units in the areas: the main unit first."""
        return [u for a in AREAS if (u := self.unit_at(pid, a)) is not None]

    def all_units(self) -> list[str]:
        """Every unit in the areas, the turn player's first."""
        return [u for pid in self.state.player_order() for u in self.units(pid)]

    def attached(self, iid: str, role: str) -> list[str]:
        """Cards attached to ``iid`` as ``role`` (``energy``, ``assist``)."""
        zone = self.state.cards[iid].zone
        return [
            i
            for i in self.state.zones[zone]
            if self.state.cards[i].attached_to == iid and self.state.cards[i].role == role
        ]

    def energy(self, iid: str) -> list[str]:
        """The unit's energy (905.2)."""
        return self.attached(iid, "energy")

    def assist(self, iid: str) -> str | None:
        """The unit's assist (905.3), if any."""
        found = self.attached(iid, "assist")
        return found[0] if found else None

    def damage(self, iid: str) -> int:
        """Damage points on the unit (914.4)."""
        return self.state.cards[iid].markers.get("damage", 0)

    def stunned(self, iid: str) -> bool:
        """Whether the unit is stunned (907.8, 918)."""
        return self.state.cards[iid].markers.get("stun", 0) > 0

    def locate(self, iid: str) -> str:
        """Where the card is, as a scenario writes it (``P2.main``, ``P1.hand``)."""
        return self.state.cards[iid].zone

    def unit_options(self, iids: list[str]) -> dict[str, str]:
        """Option labels for choosing among units: their area (``P2.standby1``)."""
        return {self.locate(i): i for i in iids}

    # --- characteristics ------------------------------------------------------------------

    def chars(self, iid: str) -> Chars:
        """The unit's characteristics after continuous effects (809, 919)."""
        key = (self.state.version, len(self.effects))
        cached = self._chars
        if cached is None or cached[0] != key[0] or cached[1] != key[1]:
            from judgekit.games.divine_cross import continuous  # imported here, on a change only: it imports us

            cached = self._chars = (*key, continuous.characteristics(self))
        found = cached[2].get(iid)
        if found is None:
            from judgekit.games.divine_cross import continuous

            return continuous.base_chars(self, iid)
        return found

    def hp(self, iid: str) -> int | None:
        """The unit's HP after 919.3."""
        return self.chars(iid).hp

    def card_numbers(self, card: Card) -> tuple[tuple[str, int], ...]:
        """HP and damage for units in the areas; nothing for other cards."""
        if card.attached_to is None and self.in_area(card.iid) and self.is_unit_card(card.iid):
            hp = self.hp(card.iid)
            nums = [("damage", card.markers.get("damage", 0))]
            if hp is not None:
                nums.insert(0, ("hp", hp))
            return tuple(nums)
        return ()
