"""The trace: what happened, step by step, with cited rules, state changes and the board.

A :class:`Trace` is a list of :class:`TraceStep` values plus how the run ended. Everything is
plain data so a renderer can show any step, and :meth:`Trace.to_json` gives a
JSON-serialisable form that is byte-identical for the same scenario.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple

from judgekit.engine.citations import RuleRef
from judgekit.engine.pickling import by_fields
from judgekit.message import Sentence, sentence_json

Scalar = str | int | bool | None
"""A value before or after a change."""

Home = tuple[str, str, str]
"""A rulebook as game, document and version: the one a trace is pinned to."""


class ChangeKind(StrEnum):
    """What kind of state change a primitive made."""

    MOVE = "move"
    """A card moved between zones (or within an ordered zone)."""
    FACE = "face"
    """A card was turned face up or face down."""
    MARKER = "marker"
    """A marker count on a card changed."""
    NUMBER = "number"
    """A number kept on a card changed."""
    ATTACH = "attach"
    """A card was attached to another card, or detached (after is None)."""
    COUNTER = "counter"
    """A player-level counter changed."""
    FLAG = "flag"
    """A per-turn flag of a player changed."""
    TURN = "turn"
    """The turn, turn player, phase or step changed."""
    CONTROL = "control"
    """A card's controller changed (it stays in its zone)."""


@by_fields
@dataclass(frozen=True, slots=True)
class StateChange:
    """One recorded change: subject, attribute, before → after."""

    kind: ChangeKind
    """What kind of change."""
    subject: str
    """Instance id of the card, id of the player, or ``game``."""
    label: str
    """The subject for people (card name, player name)."""
    attribute: str
    """What changed (``zone``, ``damage``, ``winning_ticket``, ``phase``)."""
    before: Scalar
    """The value before."""
    after: Scalar
    """The value after."""

    def to_json(self) -> list[Scalar]:
        """The change as plain data: ``[kind, subject, label, attribute, before, after]``."""
        return [self.kind.value, self.subject, self.label, self.attribute, self.before, self.after]

    def describe(self) -> str:
        """A short line for people: ``ルナ (P2-01) damage 0 → 600``."""
        return f"{self.label} ({self.subject}) {self.attribute}: {_show(self.before)} → {_show(self.after)}"


def _show(value: Scalar) -> str:
    return "-" if value is None else str(value).lower() if isinstance(value, bool) else str(value)


@by_fields
@dataclass(frozen=True, slots=True)
class CardView:
    """A card as shown on the board."""

    iid: str
    """Instance id."""
    key: str
    """Card definition key."""
    name: str
    """Printed name."""
    face_down: bool
    """Whether it lies face down."""
    numbers: tuple[tuple[str, int], ...]
    """Numbers worth showing (HP, damage), in the game's order."""
    markers: tuple[tuple[str, int], ...]
    """Markers on it, by name order."""
    role: str | None
    """How it is attached (``energy``, ``assist``), if it is."""
    attached: tuple[CardView, ...]
    """Cards attached to it."""

    def to_json(self) -> dict[str, Any]:
        """The card as plain data: ``iid``, ``key`` and ``name``, then only the fields that are not empty
        (``face_down`` when true, ``numbers``, ``markers``, ``role``, ``attached``)."""
        out: dict[str, Any] = {"iid": self.iid, "key": self.key, "name": self.name}
        if self.face_down:
            out["face_down"] = True
        if self.numbers:
            out["numbers"] = dict(self.numbers)
        if self.markers:
            out["markers"] = dict(self.markers)
        if self.role is not None:
            out["role"] = self.role
        if self.attached:
            out["attached"] = [c.to_json() for c in self.attached]
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CardView:
        """The card from :meth:`to_json`'s plain data (a missing field is empty)."""
        return cls(
            iid=data["iid"],
            key=data["key"],
            name=data["name"],
            face_down=bool(data.get("face_down", False)),
            numbers=tuple(data.get("numbers", {}).items()),
            markers=tuple(data.get("markers", {}).items()),
            role=data.get("role"),
            attached=tuple(cls.from_json(c) for c in data.get("attached", ())),
        )


@by_fields
@dataclass(frozen=True, slots=True)
class ZoneView:
    """A zone as shown on the board."""

    name: str
    """Zone name within its player (``main``)."""
    label: str
    """Zone name for people."""
    public: bool
    """Whether its cards are public; hidden ordered zones show only their count."""
    count: int
    """How many cards are in it, attached cards included (302.2a)."""
    cards: tuple[CardView, ...]
    """Its cards, top first; attached cards appear under their host; empty for a deck."""

    def to_json(self) -> dict[str, Any]:
        """The zone as plain data (``cards`` only when it shows some)."""
        out: dict[str, Any] = {"name": self.name, "label": self.label, "public": self.public, "count": self.count}
        if self.cards:
            out["cards"] = [c.to_json() for c in self.cards]
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ZoneView:
        """The zone from :meth:`to_json`'s plain data."""
        cards = tuple(CardView.from_json(c) for c in data.get("cards", ()))
        return cls(data["name"], data["label"], bool(data["public"]), int(data["count"]), cards)


@by_fields
@dataclass(frozen=True, slots=True)
class PlayerView:
    """A player's side of the board."""

    id: str
    """Player id."""
    name: str
    """Display name."""
    counters: tuple[tuple[str, int], ...]
    """Player-level counters."""
    zones: tuple[ZoneView, ...]
    """The player's zones, in the game's order."""

    def to_json(self) -> dict[str, Any]:
        """The player's side as plain data."""
        return {
            "id": self.id,
            "name": self.name,
            "counters": dict(self.counters),
            "zones": [z.to_json() for z in self.zones],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PlayerView:
        """The player's side from :meth:`to_json`'s plain data."""
        zones = tuple(ZoneView.from_json(z) for z in data["zones"])
        return cls(data["id"], data["name"], tuple(data["counters"].items()), zones)


class Waiting(NamedTuple):
    """An ability or effect waiting to be resolved, as the board shows it (plain strings, language-neutral)."""

    kind: str
    """What it is, as the game names the kind (``in``, ``out``, ``counter``, ``timing``, ``cost``)."""
    player: str
    """Who resolves it (a player id)."""
    card: str
    """The printed name of the card whose ability or effect it is."""
    name: str
    """The ability's printed name (empty when it has none)."""


@by_fields
@dataclass(frozen=True, slots=True)
class BoardView:
    """A snapshot of the visible board."""

    turn: int
    """Turn number."""
    turn_player: str
    """Id of the turn player."""
    phase: str
    """Phase name."""
    step: str
    """Step name, or empty."""
    players: tuple[PlayerView, ...]
    """Each player's side."""
    shared: tuple[ZoneView, ...]
    """Zones shared by all players (a resolution zone)."""
    waiting: tuple[Waiting, ...] = ()
    """Abilities and effects that have activated and wait to be resolved, in the order the game keeps them
    (a game that keeps them in a zone, such as a stack, shows them there instead)."""

    def to_json(self) -> dict[str, Any]:
        """The board as plain data (``waiting`` only when something waits)."""
        out: dict[str, Any] = {
            "turn": self.turn,
            "turn_player": self.turn_player,
            "phase": self.phase,
            "step": self.step,
            "players": [p.to_json() for p in self.players],
            "shared": [z.to_json() for z in self.shared],
        }
        if self.waiting:
            out["waiting"] = [list(w) for w in self.waiting]
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BoardView:
        """The board from :meth:`to_json`'s plain data."""
        return cls(
            turn=int(data["turn"]),
            turn_player=data["turn_player"],
            phase=data["phase"],
            step=data["step"],
            players=tuple(PlayerView.from_json(p) for p in data["players"]),
            shared=tuple(ZoneView.from_json(z) for z in data["shared"]),
            waiting=waiting_from_json(data.get("waiting", ())),
        )


def waiting_from_json(data: Any) -> tuple[Waiting, ...]:
    """Waiting abilities from their plain data (lists of four strings)."""
    return tuple(Waiting(*(str(x) for x in item)) for item in data)


class StepKind(StrEnum):
    """What a trace step records."""

    SETUP = "setup"
    """The starting position was laid out."""
    PHASE = "phase"
    """A turn, phase or step began or ended."""
    ACTION = "action"
    """A player took an action."""
    REJECTED = "rejected"
    """A player's action was rejected by a rule; nothing changed."""
    DECISION = "decision"
    """A player made a decision the rules asked for."""
    CHANCE = "chance"
    """A chance outcome (janken, shuffle, first player) was taken from the scenario."""
    TRIGGER = "trigger"
    """A triggered ability became triggered (its trigger count rose)."""
    EFFECT = "effect"
    """An ability or effect was played or applied."""
    RULE = "rule"
    """The rules did something by themselves (rule processing, damage calculation)."""
    RESULT = "result"
    """The game ended."""
    STOP = "stop"
    """The run stopped: a decision is missing or the rules do not settle the case."""
    ASSUMPTION = "assumption"
    """The engine relies on a value the rulebook does not give, taken from the scenario (its cited rules are
    the ones that need the value)."""


@by_fields
@dataclass(frozen=True, slots=True)
class TraceStep:
    """One step of a trace: before → action → cited rules → after."""

    index: int
    """Position in the trace, from 1."""
    turn: int
    """Turn number when the step happened."""
    phase: str
    """Phase name."""
    step: str
    """Step name within the phase, or empty."""
    actor: str
    """Who acted: a player id, or ``rules`` for automatic processing."""
    kind: StepKind
    """What the step records."""
    sentence: Sentence
    """What happened: a message id with its parameters (:mod:`judgekit.message`)."""
    rules: tuple[RuleRef, ...]
    """The rules that make it happen, in citing order."""
    changes: tuple[StateChange, ...]
    """The state changes it made."""
    board: BoardView
    """The visible board after the step."""
    play: int | None = None
    """Index of the scenario ``play`` entry this step consumed, if any."""

    def to_json(self, previous: BoardView | None = None, home: Home | None = None) -> dict[str, Any]:
        """The step as plain data: its board whole, or with ``previous`` (the board of the step before) only
        what changed (``board_delta``, see :mod:`judgekit.engine.board_delta`); a cited rule of ``home``'s
        game, document and version as its id alone."""
        return {
            "index": self.index,
            "turn": self.turn,
            "phase": self.phase,
            "step": self.step,
            "actor": self.actor,
            "kind": self.kind.value,
            "sentence": sentence_json(self.sentence),
            "rules": [rule_json(r, home) for r in self.rules],
            "changes": [c.to_json() for c in self.changes],
            "play": self.play,
            **_board_json(self.board, previous),
        }


def _board_json(board: BoardView, previous: BoardView | None) -> dict[str, Any]:
    if previous is None:
        return {"board": board.to_json()}
    from judgekit.engine.board_delta import board_delta

    return {"board_delta": board_delta(previous, board)}


def rule_json(ref: RuleRef, home: Home | None) -> str | dict[str, str]:
    """A citation as plain data: its id alone when it is in the ``home`` rulebook (a trace's pinned one), else
    every field."""
    if home is not None and (ref.game, ref.document, ref.version) == home:
        return ref.id
    return ref.to_json()


def rule_from_json(data: str | Mapping[str, str], home: Home) -> RuleRef:
    """The citation :func:`rule_json` wrote (an id alone is a rule of the ``home`` rulebook)."""
    if isinstance(data, str):
        return RuleRef(*home, data)
    return RuleRef(data["game"], data["document"], data["version"], data["id"])


class EndKind(StrEnum):
    """How a run ended."""

    GAME_OVER = "game_over"
    """The game ended (a win, or a draw)."""
    SCRIPT_END = "script_end"
    """The scenario's play list ran out at a point where a player chooses an action."""
    DECISION_NEEDED = "decision_needed"
    """A decision the rules ask for was not given (or given wrongly)."""
    AMBIGUITY = "ambiguity"
    """The rulebook does not settle the case."""
    BAD_SCRIPT = "bad_script"
    """A scripted entry could not be used where it stands (a decision nobody asked for)."""


TRACE_FORMAT = "judgekit.trace/2"
"""The ``format`` of a serialized trace: ``/2`` keeps the first step's board whole and every later step's as a
difference (``board_delta``), cited rules of the pinned rulebook as ids; ``/1`` kept every step's board whole
and every citation in full."""

DRAW = "draw"
""":attr:`Outcome.winner` of a game that ended in a draw (a player id never reads so)."""


@by_fields
@dataclass(frozen=True, slots=True)
class Outcome:
    """How a run ended."""

    end: EndKind
    """The kind of ending."""
    winner: str | None
    """The winner's id when the game ended with a winner, :data:`DRAW` when it ended in a draw, None when the game
    did not end."""
    message: Sentence
    """The ending as a sentence (the result, or the error message)."""
    rules: tuple[RuleRef, ...]
    """The rules that decided the ending (the loss condition; the asking rule; the gap)."""

    def to_json(self, home: Home | None = None) -> dict[str, Any]:
        """The outcome as plain data (a rule of ``home``'s rulebook as its id alone)."""
        return {
            "end": self.end.value,
            "winner": self.winner,
            "message": sentence_json(self.message),
            "rules": [rule_json(r, home) for r in self.rules],
        }


@by_fields
@dataclass(frozen=True, slots=True)
class Trace:
    """A whole run: where it came from, its steps and how it ended."""

    game: str
    """Game id."""
    document: str
    """Document id of the pinned rulebook."""
    version: str
    """Version of the pinned rulebook."""
    scenario: str
    """The scenario's name (its file stem)."""
    title: str
    """The scenario's title."""
    steps: tuple[TraceStep, ...]
    """The steps, in order."""
    outcome: Outcome
    """How the run ended."""

    def to_json(self) -> dict[str, Any]:
        """The trace as plain data (see :func:`judgekit.render.json.trace_json`): the first step's board whole,
        every later step's as its difference from the one before (:data:`TRACE_FORMAT`)."""
        home = self.home
        before: tuple[TraceStep | None, ...] = (None, *self.steps)
        return {
            "format": TRACE_FORMAT,
            "game": self.game,
            "document": self.document,
            "version": self.version,
            "scenario": self.scenario,
            "title": self.title,
            "outcome": self.outcome.to_json(home),
            "steps": [s.to_json(b.board if b else None, home) for b, s in zip(before, self.steps, strict=False)],
        }

    @property
    def home(self) -> Home:
        """The trace's pinned rulebook (its rules are written as ids alone)."""
        return (self.game, self.document, self.version)

    def cited_ids(self) -> list[str]:
        """Every rule id cited anywhere in the trace (outcome included), first citation order."""
        seen: dict[str, None] = {}
        for step in self.steps:
            for ref in step.rules:
                seen.setdefault(ref.id, None)
        for ref in self.outcome.rules:
            seen.setdefault(ref.id, None)
        return list(seen)
