"""The games judgekit has engines for, and what the scenario runner needs from each.

Each game package provides a ``support`` module with ``SUPPORT``: its scenario model, semantic
checks, runner, board expectations and template. Game packages are imported only when used.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from judgekit.engine import Engine, Preset, ScriptedInput, Trace

if TYPE_CHECKING:
    from pydantic import TypeAdapter

    from judgekit.scenario import Scenario

GAMES: dict[str, str] = {
    "divine-cross": "judgekit.games.divine_cross.support",
    "fftcg": "judgekit.games.fftcg.support",
    "code-of-joker": "judgekit.games.code_of_joker.support",
    "dice-castle": "judgekit.games.dice_castle.support",
}
"""Game id → the module holding its ``SUPPORT``."""


@dataclass(frozen=True, slots=True)
class Run:
    """A finished run of a scenario."""

    trace: Trace
    """The trace."""
    unused: tuple[ScriptedInput, ...]
    """Play entries the run never used (each fails the scenario)."""
    engine: Engine
    """The engine, with the final state (for board expectations)."""


class GameSupport(Protocol):
    """What the scenario runner needs from a game."""

    id: str
    """Game id."""

    def model(self) -> type:
        """The scenario model (a pydantic dataclass)."""

    def adapter(self) -> TypeAdapter[Any]:
        """A validator for the scenario model."""

    def preset(self) -> Preset:
        """The game's rule functions."""

    def validate(self, scenario: Any) -> list[tuple[str, str]]:
        """Checks the schema cannot make (card keys exist, decision kinds known): (key, expected) pairs."""

    def run(self, scenario: Scenario) -> Run:
        """Run a scenario."""

    def findings(self, scenario: Scenario, run: Run) -> list[str]:
        """Failed game-specific expectations (board values)."""

    def template(self, name: str) -> str:
        """A commented template scenario."""

    def decision_kinds(self) -> Sequence[str]:
        """Every decision and chance kind the engine can ask for."""


def game_support(game: str) -> GameSupport:
    """The support of game ``game``; KeyError when there is no engine for it."""
    module = importlib.import_module(GAMES[game])
    support: GameSupport = module.SUPPORT
    return support
