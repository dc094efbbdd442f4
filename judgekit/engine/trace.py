"""The trace: what happened, step by step, with cited rules, state changes and the board.

A :class:`Trace` is a list of :class:`TraceStep` values plus how the run ended. Everything is
plain data so a renderer can show any step, and :meth:`Trace.to_json` gives a
JSON-serialisable form that is byte-identical for the same scenario.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from judgekit.engine.citations import RuleRef
from judgekit.message import Sentence, sentence_json

Scalar = str | int | bool | None
"""A value before or after a change."""


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

    def to_json(self) -> dict[str, Any]:
        """The change as plain data."""
        return {
            "kind": self.kind.value,
            "subject": self.subject,
            "label": self.label,
            "attribute": self.attribute,
            "before": self.before,
            "after": self.after,
        }

    def describe(self) -> str:
        """A short line for people: ``ルナ (P2-01) damage 0 → 600``."""
        return f"{self.label} ({self.subject}) {self.attribute}: {_show(self.before)} → {_show(self.after)}"


def _show(value: Scalar) -> str:
    return "-" if value is None else str(value).lower() if isinstance(value, bool) else str(value)


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
        """The card as plain data."""
        return {
            "iid": self.iid,
            "key": self.key,
            "name": self.name,
            "face_down": self.face_down,
            "numbers": dict(self.numbers),
            "markers": dict(self.markers),
            "role": self.role,
            "attached": [c.to_json() for c in self.attached],
        }


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
        """The zone as plain data."""
        return {
            "name": self.name,
            "label": self.label,
            "public": self.public,
            "count": self.count,
            "cards": [c.to_json() for c in self.cards],
        }


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

    def to_json(self) -> dict[str, Any]:
        """The board as plain data."""
        return {
            "turn": self.turn,
            "turn_player": self.turn_player,
            "phase": self.phase,
            "step": self.step,
            "players": [p.to_json() for p in self.players],
            "shared": [z.to_json() for z in self.shared],
        }


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

    def to_json(self) -> dict[str, Any]:
        """The step as plain data."""
        return {
            "index": self.index,
            "turn": self.turn,
            "phase": self.phase,
            "step": self.step,
            "actor": self.actor,
            "kind": self.kind.value,
            "sentence": sentence_json(self.sentence),
            "rules": [r.to_json() for r in self.rules],
            "changes": [c.to_json() for c in self.changes],
            "play": self.play,
            "board": self.board.to_json(),
        }


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


DRAW = "draw"
""":attr:`Outcome.winner` of a game that ended in a draw (a player id never reads so)."""


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

    def to_json(self) -> dict[str, Any]:
        """The outcome as plain data."""
        return {
            "end": self.end.value,
            "winner": self.winner,
            "message": sentence_json(self.message),
            "rules": [r.to_json() for r in self.rules],
        }


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
        """The trace as plain data (see :func:`judgekit.render.json.trace_json`)."""
        return {
            "format": "judgekit.trace/1",
            "game": self.game,
            "document": self.document,
            "version": self.version,
            "scenario": self.scenario,
            "title": self.title,
            "outcome": self.outcome.to_json(),
            "steps": [s.to_json() for s in self.steps],
        }

    def cited_ids(self) -> list[str]:
        """Every rule id cited anywhere in the trace (outcome included), first citation order."""
        seen: dict[str, None] = {}
        for step in self.steps:
            for ref in step.rules:
                seen.setdefault(ref.id, None)
        for ref in self.outcome.rules:
            seen.setdefault(ref.id, None)
        return list(seen)
