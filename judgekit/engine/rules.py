"""Engine rules are named functions in a registry, each with a check-only mode.

A rule function takes the engine first and a keyword ``silent``; with ``silent=True`` it only
answers "would this apply?" (or "is this legal?") and must change nothing and write no trace —
markdown-it-py's rule functions with ``silent``. The decorator declares the rule ids the function
may cite; the engine refuses any citation no rule function of the game declares, so the declared
ids are every id an engine can cite (and a test proves every id written in a game's code is declared).
A game is a :class:`Preset`: the ordered list of its rule functions, in rulebook order.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar

from judgekit.engine.citations import Rulebook


class RuleRole(StrEnum):
    """What part of the game a rule function plays."""

    PROCEDURE = "procedure"
    """A part of the game's flow (set-up, a phase, a step)."""
    ACTION = "action"
    """A player's action; check-only mode answers whether it is legal."""
    PROCESS = "process"
    """Automatic rule processing (state-based); check-only mode answers whether it applies."""
    TERM = "term"
    """A game term used by card text (draw, damage, janken)."""
    EFFECT = "effect"
    """Effect and ability handling (triggers, continuous and replacement effects)."""


@dataclass(frozen=True, slots=True)
class RuleSpec:
    """A registered rule function."""

    name: str
    """The function's name (what a coverage table names)."""
    ids: tuple[str, ...]
    """Rule ids the function may cite; the first is the rule it is filed under."""
    role: RuleRole
    """What part of the game it plays."""
    summary: str
    """The first line of its docstring."""
    func: Callable[..., Any]
    """The wrapped function."""


class RuleHost(Protocol):
    """What the registry needs from an engine: to know which rule function is running."""

    def enter_rule(self, spec: RuleSpec, silent: bool) -> None:
        """A rule function starts (in check-only mode when ``silent``)."""

    def leave_rule(self, spec: RuleSpec, silent: bool) -> None:
        """A rule function ends."""


H = TypeVar("H", bound=RuleHost)
P = ParamSpec("P")
R = TypeVar("R")


class RuleRegistry:
    """The rule functions of one game, in registration order."""

    def __init__(self, rulebook: Rulebook) -> None:
        self.rulebook = rulebook
        """The rulebook the ids belong to."""
        self._specs: dict[str, RuleSpec] = {}

    def rule(
        self, *ids: str, role: RuleRole = RuleRole.PROCEDURE
    ) -> Callable[[Callable[Concatenate[H, P], R]], Callable[Concatenate[H, P], R]]:
        """Register a rule function that may cite ``ids`` (the first is the rule it implements)."""
        if not ids:
            raise ValueError("a rule function must declare at least one rule id")

        def decorate(func: Callable[Concatenate[H, P], R]) -> Callable[Concatenate[H, P], R]:
            doc = (func.__doc__ or "").strip().splitlines()
            spec_holder: list[RuleSpec] = []

            @functools.wraps(func)
            def wrapper(host: H, /, *args: P.args, **kwargs: P.kwargs) -> R:
                silent = bool(kwargs.get("silent", False))
                spec = spec_holder[0]
                host.enter_rule(spec, silent)
                try:
                    return func(host, *args, **kwargs)
                finally:
                    host.leave_rule(spec, silent)

            spec = RuleSpec(func.__name__, tuple(ids), role, doc[0] if doc else "", wrapper)
            if spec.name in self._specs:
                raise ValueError(f"rule function {spec.name} registered twice")
            spec_holder.append(spec)
            self._specs[spec.name] = spec
            return wrapper

        return decorate

    @property
    def specs(self) -> tuple[RuleSpec, ...]:
        """Every registered rule function, in registration order."""
        return tuple(self._specs.values())

    def spec(self, name: str) -> RuleSpec:
        """The rule function called ``name``."""
        return self._specs[name]

    def cited_ids(self) -> frozenset[str]:
        """Every rule id any registered function may cite."""
        return frozenset(i for spec in self._specs.values() for i in spec.ids)


@dataclass(frozen=True, slots=True)
class Preset:
    """A game: its pinned rulebook and the ordered list of its rule functions."""

    game: str
    """Game id."""
    rulebook: Rulebook
    """The rulebook the engine implements."""
    rules: tuple[RuleSpec, ...]
    """The rule functions, in rulebook order."""

    def names(self) -> list[str]:
        """The rule functions' names, in order."""
        return [spec.name for spec in self.rules]

    def cited_ids(self) -> frozenset[str]:
        """Every rule id the game's engine can cite."""
        return frozenset(i for spec in self.rules for i in spec.ids)

    def implementers(self) -> dict[str, list[str]]:
        """Rule id → names of the functions that declare it."""
        out: dict[str, list[str]] = {}
        for spec in self.rules:
            for rid in spec.ids:
                out.setdefault(rid, []).append(spec.name)
        return out

    @classmethod
    def from_registry(cls, game: str, registry: RuleRegistry, order: list[str]) -> Preset:
        """The preset listing ``order`` (function names) from ``registry``; every function must be listed."""
        missing = [s.name for s in registry.specs if s.name not in order]
        if missing:
            raise ValueError(f"rule functions not in the preset: {', '.join(missing)}")
        return cls(game, registry.rulebook, tuple(registry.spec(n) for n in order))
