"""Decisions and chance are inputs: the scenario supplies them in order, each naming its kind.

The engine asks through :meth:`Inputs.take_decision`; a missing or mismatched answer raises
:class:`judgekit.errors.DecisionNeeded` with the legal options and the asking rule. Actions are
taken at action points through :meth:`Inputs.take_action`; a scripted decision found where an
action is expected was never asked for, and fails the scenario.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from judgekit.errors import DecisionNeeded, ScenarioError
from judgekit.message import Sentence


class InputKind(StrEnum):
    """What a scripted entry of a scenario is."""

    ACTION = "action"
    """A player's action at an action point (``charge``, ``skill``)."""
    DECISION = "decision"
    """A player's answer to a decision the rules ask for (``promote``)."""
    CHANCE = "chance"
    """The outcome of chance (``janken``, ``shuffle``, ``first_player``)."""


class PickMode(StrEnum):
    """How a decision is answered."""

    ONE = "one"
    """Exactly one of the options."""
    ORDER = "order"
    """Every option, in the chosen order."""
    SOME = "some"
    """Between ``low`` and ``high`` distinct options."""


@dataclass(frozen=True, slots=True)
class DecisionRequest:
    """A decision the rules ask for."""

    kind: str
    """The decision kind (``promote``)."""
    player: str | None
    """Who decides; None for chance."""
    options: tuple[str, ...]
    """The legal options, as a scenario writes them."""
    rule: str
    """Id of the asking rule."""
    prompt: Sentence
    """What is being decided, as a sentence."""
    mode: PickMode = PickMode.ONE
    """How it is answered."""
    low: int = 1
    """Fewest options for :attr:`PickMode.SOME`."""
    high: int = 1
    """Most options for :attr:`PickMode.SOME`."""
    chance: bool = False
    """Whether this is chance rather than a player's choice."""


@dataclass(frozen=True, slots=True)
class ScriptedInput:
    """One entry of a scenario's ``play`` list."""

    index: int
    """Position in the ``play`` list, from 0."""
    kind: InputKind
    """Action, decision or chance."""
    name: str
    """The action name, or the decision or chance kind it answers."""
    player: str | None
    """Who acts or decides; None for chance without a player."""
    choice: tuple[str, ...]
    """The chosen options of a decision or chance, in order."""
    payload: object = None
    """The game's typed action, for actions."""

    @property
    def where(self) -> str:
        """The entry's key in the scenario file (``play[3]``)."""
        return f"play[{self.index}]"

    def describe(self) -> str:
        """The entry as a short phrase for messages."""
        who = f" by {self.player}" if self.player else ""
        if self.kind is InputKind.ACTION:
            return f"{self.where} (action {self.name!r}{who})"
        return f"{self.where} ({self.kind.value} {self.name!r}{who}: {', '.join(self.choice)})"


class Inputs:
    """The scripted entries, consumed in order."""

    def __init__(self, entries: Sequence[ScriptedInput]) -> None:
        self._entries = list(entries)
        self._next = 0

    @property
    def remaining(self) -> list[ScriptedInput]:
        """Entries not consumed yet."""
        return self._entries[self._next :]

    @property
    def used(self) -> int:
        """How many entries have been consumed (a state that repeats with an input used between is no loop)."""
        return self._next

    def peek(self) -> ScriptedInput | None:
        """The next entry without consuming it."""
        return self._entries[self._next] if self._next < len(self._entries) else None

    def take_action(self, waiting_for: str) -> ScriptedInput | None:
        """The next entry, which must be an action; None when the script is exhausted.

        ``waiting_for`` names the action point (for the message when a decision stands here).
        """
        entry = self.peek()
        if entry is None:
            return None
        if entry.kind is not InputKind.ACTION:
            raise ScenarioError(
                [
                    (
                        entry.where,
                        f"a {entry.kind.value} {entry.name!r} nobody asked for; the engine waits for "
                        f"{waiting_for}; remove it or move it after the action that asks for it",
                    )
                ]
            )
        self._next += 1
        return entry

    def take_decision(self, request: DecisionRequest) -> ScriptedInput:
        """The next entry, which must answer ``request`` with legal options."""
        entry = self.peek()

        def needed(found: str) -> DecisionNeeded:
            return DecisionNeeded(request.kind, request.player, request.options, request.rule, request.prompt, found)

        if entry is None:
            raise needed("")
        if entry.kind is InputKind.ACTION or entry.name != request.kind:
            raise needed(entry.describe())
        if request.player is not None and entry.player is not None and entry.player != request.player:
            raise needed(f"{entry.describe()}, but {request.player} decides")
        problem = _check_choice(request, entry.choice)
        if problem:
            raise needed(f"{entry.describe()}: {problem}")
        self._next += 1
        return entry


def _check_choice(request: DecisionRequest, choice: tuple[str, ...]) -> str:
    unknown = [c for c in choice if c not in request.options]
    if unknown:
        return f"{', '.join(repr(c) for c in unknown)} is not a legal option"
    if len(set(choice)) != len(choice):
        return "an option is given twice"
    if request.mode is PickMode.ONE and len(choice) != 1:
        return "give exactly one option"
    if request.mode is PickMode.ORDER and len(choice) != len(request.options):
        return "give every option, in order"
    if request.mode is PickMode.SOME and not request.low <= len(choice) <= request.high:
        return f"give between {request.low} and {request.high} options"
    return ""
