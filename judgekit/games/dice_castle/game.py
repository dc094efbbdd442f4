"""The dice-and-castle engine: zones, board queries, pending effects and assumptions.

:class:`DiceCastle` is the kernel's :class:`~judgekit.engine.Engine` with the game's zones (the
unit zone, the magic zone, the castle, the damage cards, the discard, the support castle, the
waiting zone) and the questions every rule function asks (how many units a zone holds, what a
unit's attack is, which effects are unresolved). The rule functions live in the sibling modules,
registered in rulebook order in :mod:`judgekit.games.dice_castle.preset`.

Dice are kept as objects in a ``dice`` zone (not cards: they carry an attribute and the number
rolled); energy and walls are player counters (``energy:fire``, ``walls``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from judgekit.engine import (
    Card,
    DecisionRequest,
    Engine,
    Event,
    GameState,
    Inputs,
    Player,
    Preset,
    StepKind,
    Visibility,
    Waiting,
    ZoneSpec,
    zone_id,
)
from judgekit.games.dice_castle.cards import Ability, CardDef, Effect, Static
from judgekit.games.dice_castle.format import Basics, MatchRecord
from judgekit.message import Message, Sentence, msg

ZONES: tuple[ZoneSpec, ...] = (
    ZoneSpec("king", "キングカード", ordered=True, visibility=Visibility.PUBLIC),
    ZoneSpec("dice", "サイコロ", ordered=True, visibility=Visibility.PUBLIC),
    ZoneSpec("units", "ユニットゾーン", ordered=True, visibility=Visibility.PUBLIC, tags=("field",)),
    ZoneSpec("magic", "マジックゾーン", ordered=True, visibility=Visibility.PUBLIC, tags=("field",)),
    ZoneSpec("hand", "手札", ordered=False, visibility=Visibility.OWNER),
    ZoneSpec("castle", "城", ordered=True, visibility=Visibility.HIDDEN),
    ZoneSpec("damage", "ダメージ札", ordered=True, visibility=Visibility.HIDDEN),
    ZoneSpec("discard", "捨て札", ordered=True, visibility=Visibility.PUBLIC),
    ZoneSpec("support", "サポート城", ordered=False, visibility=Visibility.OWNER),
    ZoneSpec("waiting", "待機ゾーン", ordered=True, visibility=Visibility.PUBLIC, shared=True),
)
"""The zones: the king, the dice, the unit zone and the magic zone (together the field), the hand, the
castle, the damage cards, the discard, the support castle, and the shared waiting zone of cards being played."""

PHASES: tuple[str, ...] = ("dice", "draw", "set", "battle", "end")
"""The phases of a turn, in order."""

BASE_UNIT_LIMIT = 3
"""The unit zone holds 3 units unless a king changes it (キングカードのルール変更能力について/2)."""

BASE_DICE_LIMIT = 2
"""A player has at most 2 dice unless card text changes it (ルールとテキストの矛盾/1, its example)."""

ASSUMED: Mapping[str, Mapping[str, Message]] = {
    "turn_order": {"first_then_second": msg("dice.assumed.turn_order.first_then_second")},
    "die_faces": {},
    "dice_compare": {"total": msg("dice.assumed.dice_compare.total")},
    "cost_payment": {"attribute": msg("dice.assumed.cost_payment.attribute")},
    "counter_set": {"face_down_paid": msg("dice.assumed.counter_set.face_down_paid")},
    "counter_after": {"discard": msg("dice.assumed.counter_after.discard")},
    "attack_targets": {
        "unit_or_castle": msg("dice.assumed.attack_targets.unit_or_castle"),
        "units_first": msg("dice.assumed.attack_targets.units_first"),
    },
    "attack_damage": {"attack": msg("dice.assumed.attack_damage.attack")},
    "counter_damage": {
        "attack": msg("dice.assumed.counter_damage.attack"),
        "none": msg("dice.assumed.counter_damage.none"),
    },
    "unit_destroyed": {"damage_reaches_hp": msg("dice.assumed.unit_destroyed.damage_reaches_hp")},
    "castle_damage": {"card_per_point": msg("dice.assumed.castle_damage.card_per_point")},
    "walls_absorb": {
        "one_per_hit": msg("dice.assumed.walls_absorb.one_per_hit"),
        "one_per_point": msg("dice.assumed.walls_absorb.one_per_point"),
    },
    "magic_limit": {},
}
"""What each value of ``[basics]`` means, for the assumption steps of the trace."""


ZONE_WORDS: dict[str, Message] = {
    "hand": msg("dice.zone.hand"),
    "castle": msg("dice.zone.castle"),
    "damage": msg("dice.zone.damage"),
    "discard": msg("dice.zone.discard"),
    "support": msg("dice.zone.support"),
    "field": msg("dice.zone.field"),
}
"""A player's zones named without their player (``the discard``), for sentences."""

PHASE_NAMES: dict[str, Message] = {
    "dice": msg("dice.phase.dice_name"),
    "draw": msg("dice.phase.draw_name"),
    "set": msg("dice.phase.set_name"),
    "battle": msg("dice.phase.battle_name"),
    "end": msg("dice.phase.end_name"),
}
"""The phases, named for sentences (``the battle phase``)."""

PART_NAMES: dict[tuple[str, str], Message] = {
    ("phase", "setup"): msg("dice.phase.setup_name"),
    ("step", "attack"): msg("dice.step.attack_name"),
}
"""What a board's caption names besides the phases: before the first turn, and an attack being processed
(攻撃処理, as the detailed rules call it) (:func:`judgekit.render.sentences.part_name`)."""


class PendingKind(StrEnum):
    """What an unresolved effect is."""

    COUNTER = "counter"
    """A counter that has been activated and waits to resolve (it has priority)."""
    IN = "in"
    """An IN ability (it activated when its card entered the field)."""
    OUT = "out"
    """An OUT ability (it activated when its card went from the field to the discard)."""
    TIMING = "timing"
    """Another timing ability (at the end of the turn, when a wall is destroyed)."""
    COST = "cost"
    """A cost ability whose cost has been paid."""


@dataclass(frozen=True, slots=True)
class Pending:
    """An effect that has activated and is not resolved yet (未解決の効果)."""

    key: str
    """Stable key (``E3``)."""
    kind: PendingKind
    """What it is."""
    controller: str
    """Who resolves it."""
    source: str
    """Instance id of the card whose effect it is."""
    name: str
    """The option label a scenario names it by (``<card key>/<ability name>``)."""
    label: Sentence
    """For sentences."""
    effects: tuple[Effect, ...]
    """What it does."""
    event: Event | None
    """The event it answers or activated on."""
    ability: Ability | None = None
    """The ability, for timing and cost abilities (a composite one pays its cost on resolution)."""


@dataclass(slots=True)
class Ctx:
    """The context an effect resolves in."""

    controller: str
    """Who controls it: ``own`` means this player."""
    source: str
    """Instance id of the card whose effect it is."""
    label: Sentence
    """For sentences (a card's or an ability's printed name, or a message naming the effect)."""
    event: Event | None = None
    """The event it answers (``event`` selectors and negation look at it)."""
    targets: tuple[str, ...] = ()
    """Targets chosen when the card was played."""
    choice: int | None = None
    """The alternative of a 又は card chosen when it was played (0-based)."""
    kind: PendingKind | None = None
    """What kind of pending effect it is, if it is one."""
    did: list[str] = field(default_factory=list)
    """What it did, for the resolution sentence."""


class DiceCastle(Engine):
    """A dice-and-castle game in progress."""

    def __init__(
        self, preset: Preset, defs: Mapping[str, CardDef], basics: Basics, players: list[Player], inputs: Inputs
    ) -> None:
        state = GameState(players={p.id: p for p in players}, zone_specs=ZONES)
        super().__init__(preset, state, inputs)
        self.defs = dict(defs)
        """Card definitions by key."""
        self.basics = basics
        """The scenario's basics."""
        self.pending: list[Pending] = []
        """Unresolved effects, in the order they activated."""
        self.happened: list[Event] = []
        """Events whose counter timing has not come yet (it comes when the current effect or process ends)."""
        self.first = "P1"
        """Who goes first this turn."""
        self.attacks_used: dict[str, int] = {}
        """Attack rights used this battle phase, by unit."""
        self.last_attacker: str | None = None
        """The unit that attacked last this battle phase."""
        self.lost_rights: set[str] = set()
        """Units destroyed this battle phase with an attack right left."""
        self.declined: set[str] = set()
        """Units whose attack was cancelled and which chose not to attack again."""
        self.from_support: set[str] = set()
        """Cards played or put onto the field from the support castle (they go back there)."""
        self.assumed: set[str] = set()
        """Basics already shown as assumptions."""
        self.emptied: set[str] = set()
        """Players whose castle was empty at some moment of the effect being resolved."""
        self.timings: list[tuple[str, str | None]] = []
        """Counter timings passed during the current play: (event, subject)."""
        self.countered: list[tuple[str, str | None]] = []
        """The timings of the current play at which counters were activated: (event, subject)."""
        self.competitive = False
        """Whether the competitive rules apply."""
        self.match: MatchRecord | None = None
        """The match record to check, for a scenario that starts at ``check``."""
        self.negated: set[str] = set()
        """Cards in the waiting zone whose play a counter has negated."""
        self.last_negated: str | None = None
        """The card of the current play, when its play was negated."""
        self.unresolved: list[str] = []
        """Effects left unresolved when the game ended (their option names)."""
        self.effect_labels: dict[str, Message] = {}
        """Continuous effects made by card text, for sentences, by key."""

    # --- steps ----------------------------------------------------------------------------

    def assume(self, key: str, rules: Sequence[str], gap: Message) -> object:
        """The scenario's value of ``basics.key``, shown as an assumption the first time (not in a check-only
        call, which writes no trace); a rule gap when absent."""
        value = getattr(self.basics, key)
        if value is None:
            raise self.ambiguity(rules, msg("dice.assume.missing", gap=gap, key=f"basics.{key}"))
        if key not in self.assumed and not self.checking:
            self.assumed.add(key)
            meaning = ASSUMED.get(key, {}).get(str(value))
            shown = repr(value)
            if meaning is not None:
                text = msg("dice.assume.meaning", key=f"basics.{key}", value=shown, meaning=meaning, gap=gap)
            else:
                text = msg("dice.assume.value", key=f"basics.{key}", value=shown, gap=gap)
            self.record(StepKind.ASSUMPTION, "scenario", text, rules)
        return value

    def ask(self, request: DecisionRequest, sentence: Sentence = "") -> tuple[str, ...]:
        """Take a decision; actions scripted while effects are unresolved are rejected first (プレイの開始)."""
        from judgekit.games.dice_castle import actions

        while self.pending:
            entry = self.inputs.peek()
            if entry is None or entry.payload is None or entry.name not in ("play", "use", "attack"):
                break
            self.inputs.take_action("an attempt while effects are unresolved")
            actions.while_unresolved(self, entry)
        return self.decide(request, sentence)

    # --- cards ----------------------------------------------------------------------------

    def definition(self, iid: str) -> CardDef:
        """The printed card of ``iid``."""
        return self.defs[self.state.cards[iid].key]

    def zone(self, pid: str, name: str) -> list[str]:
        """The instance ids in ``pid``'s zone ``name``, top first."""
        return self.state.zones[zone_id(pid, name)]

    def where(self, iid: str) -> tuple[str | None, str]:
        """(player, zone name) of a card's zone; the player is None for the waiting zone."""
        z = self.state.cards[iid].zone
        return (z.split(".", 1)[0], z.split(".", 1)[1]) if "." in z else (None, z)

    def on_field(self, iid: str) -> bool:
        """Whether the card is on the field (a unit zone or a magic zone)."""
        return iid in self.state.cards and self.where(iid)[1] in ("units", "magic")

    def units(self, pid: str) -> list[str]:
        """``pid``'s units, in instance-id order."""
        return sorted(self.zone(pid, "units"))

    def all_units(self) -> list[str]:
        """Every unit on the field, the turn player's first."""
        return [u for pid in self.state.player_order() for u in self.units(pid)]

    def king(self, pid: str) -> str:
        """``pid``'s king: the top card of the king zone."""
        return self.zone(pid, "king")[0]

    def original_king(self, pid: str) -> str:
        """The king ``pid`` started with (the bottom of the king zone)."""
        return self.zone(pid, "king")[-1]

    def options(self, iids: Sequence[str]) -> dict[str, str]:
        """Option labels for choosing among cards: ``key``, ``key#2`` for a second copy (in instance-id order)."""
        return self.card_options(sorted(iids))

    def unit_options(self, iids: Sequence[str]) -> dict[str, str]:
        """Option labels for choosing units of either side: ``P2:key``."""
        out: dict[str, str] = {}
        for pid in self.state.players:
            mine = [i for i in iids if self.where(i)[0] == pid]
            out.update({f"{pid}:{k}": v for k, v in self.options(mine).items()})
        return out

    # --- numbers --------------------------------------------------------------------------

    def statics(self) -> list[tuple[Static, str, str]]:
        """Every static ability on the field: (static, controller, instance id of its card)."""
        out: list[tuple[Static, str, str]] = []
        for pid in self.state.players:
            holders = [self.king(pid), *self.units(pid), *self.zone(pid, "magic")]
            for iid in holders:
                if self.card(iid).face_down:
                    continue
                out.extend((s, pid, iid) for s in self.definition(iid).statics)
        return out

    def rule_change(self, kind: str, pid: str) -> int:
        """The total change ``kind`` (``unit_limit``, ``dice_limit``) applied to ``pid``."""
        return sum(s.by for s, who, _ in self.statics() if s.kind == kind and (s.players == "all" or who == pid))

    def rule_changers(self, kind: str, pid: str) -> list[tuple[Static, str, str]]:
        """The statics that change ``kind`` for ``pid``."""
        return [t for t in self.statics() if t[0].kind == kind and (t[0].players == "all" or t[1] == pid)]

    def unit_limit(self, pid: str) -> int:
        """How many units ``pid``'s unit zone holds."""
        return BASE_UNIT_LIMIT + self.rule_change("unit_limit", pid)

    def dice_limit(self, pid: str) -> int:
        """How many dice ``pid`` may have."""
        return BASE_DICE_LIMIT + self.rule_change("dice_limit", pid)

    def attack_of(self, unit: str) -> int:
        """A unit's attack, with 全てのユニットは… statics and this-turn changes."""
        base = self.definition(unit).attack or 0
        pid = self.where(unit)[0]
        bonus = sum(
            s.by for s, who, _ in self.statics() if s.kind == "unit_attack" and (s.players == "all" or who == pid)
        )
        bonus += sum(int(str(e.payload)) for e in self.effects if unit in e.targets)
        return base + bonus

    def own_static(self, unit: str, kind: str) -> Static | None:
        """The unit's own automatic ability of ``kind`` (軽減, 回避), if it has one."""
        return next((s for s in self.definition(unit).statics if s.kind == kind), None)

    def walls(self, pid: str) -> int:
        """``pid``'s walls."""
        return self.state.players[pid].counters.get("walls", 0)

    def wall_start(self, pid: str) -> int:
        """The initial walls healing stops at: the king's before any evolution (城壁が増える能力について/3)."""
        return self.definition(self.original_king(pid)).walls or 0

    def energy(self, pid: str) -> dict[str, int]:
        """``pid``'s energy by attribute."""
        counters = self.state.players[pid].counters
        return {k.split(":", 1)[1]: v for k, v in counters.items() if k.startswith("energy:") and v}

    def castle_count(self, pid: str) -> int:
        """How many cards ``pid``'s castle holds."""
        return len(self.zone(pid, "castle"))

    def opponent(self, pid: str) -> str:
        """The other player."""
        return self.state.opponent(pid)

    # --- primitives -----------------------------------------------------------------------

    def move(
        self, iid: str, to_zone: str, *, top: bool = True, face_down: bool | None = None, keep_markers: bool = True
    ) -> Card:
        """The kernel's move, noting a castle left empty in the middle of an effect (勝敗のチェック/1)."""
        before = self.state.cards[iid].zone
        card = super().move(iid, to_zone, top=top, face_down=face_down, keep_markers=keep_markers)
        if before.endswith(".castle") and not self.state.zones[before]:
            self.emptied.add(before.split(".", 1)[0])
        return card

    def card_numbers(self, card: Card) -> tuple[tuple[str, int], ...]:
        """Attack, HP and damage for units; pips for dice; the die on a counter."""
        if card.key.startswith("die:"):
            return tuple(sorted(card.numbers.items()))
        if card.zone.endswith(".units"):
            d = self.defs[card.key]
            nums = [("attack", self.attack_of(card.iid))]
            if d.hp is not None:
                nums.append(("hp", d.hp))
            nums.append(("damage", card.markers.get("damage", 0)))
            return tuple(nums)
        return tuple(sorted(card.numbers.items()))

    def waiting_view(self) -> tuple[Waiting, ...]:
        """The effects activated and not resolved yet (未解決の効果: counters, IN and OUT abilities, timing and cost
        abilities), in the order they wait, for the board."""
        out = []
        for p in self.pending:
            card = self.state.cards.get(p.source) or self.last_known.get(p.source)
            ability = p.name.split("/", 1)[1] if "/" in p.name else ""
            out.append(Waiting(p.kind.value, p.controller, card.name if card is not None else p.source, ability))
        return tuple(out)

    def clear_attacks(self) -> None:
        """Forget this battle phase's attack bookkeeping."""
        self.attacks_used.clear()
        self.last_attacker = None
        self.lost_rights.clear()
        self.declined.clear()

    def new_key(self) -> str:
        """A fresh key for a pending effect."""
        return f"E{self.serial()}"
