"""The errors a user can cause, for the engine and the scenario files.

:class:`JudgekitError` is the one base (shared with the rules index); the leaves here carry
what a judge or a scenario author needs to fix the problem: the file and key of a bad
scenario, the rule that forbids an action, the options of a missing decision, the rule gap
where the rulebook is silent.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules_index.errors import JudgekitError

__all__ = [
    "AmbiguityError",
    "DecisionNeeded",
    "IllegalActionError",
    "JudgekitError",
    "ScenarioError",
]


class ScenarioError(JudgekitError):
    """A scenario file that is not valid: every problem with its file, key and what was expected."""

    def __init__(self, problems: Sequence[tuple[str, str]], file: str = "") -> None:
        self.file = file
        """The scenario file (as given on the command line), or empty when not yet known."""
        self.problems = tuple(problems)
        """Each problem as (key, what was expected), e.g. ``("play[3].do", "one of charge, ...")``."""
        super().__init__(self._message())

    def _message(self) -> str:
        where = self.file or "<scenario>"
        lines = [f"{where}: {key}: {expected}" for key, expected in self.problems]
        return "\n".join(lines)

    def in_file(self, file: str) -> ScenarioError:
        """The same problems, located in ``file``."""
        return ScenarioError(self.problems, file)


class IllegalActionError(JudgekitError):
    """An action the rules forbid; carries the rule that forbids it."""

    def __init__(self, action: str, rule: str, reason: str, also: tuple[str, ...] = ()) -> None:
        self.action = action
        """The action as the scenario wrote it (``charge``)."""
        self.rule = rule
        """Id of the rule that forbids it (``602.2``)."""
        self.reason = reason
        """A sentence saying why."""
        self.also = also
        """Rules that forbid it too: the general rule a procedure restates, or the procedure's restatement."""
        super().__init__(f"{action} is not allowed ({rule}): {reason}")


class DecisionNeeded(JudgekitError):
    """A decision or chance the engine needs and the scenario does not give (or gives wrongly)."""

    def __init__(
        self,
        kind: str,
        player: str | None,
        options: Sequence[str],
        rule: str,
        prompt: str,
        found: str = "",
    ) -> None:
        self.kind = kind
        """The decision kind (``promote``, ``modifier_order``, ``janken``)."""
        self.player = player
        """Who decides, or None for chance."""
        self.options = tuple(options)
        """The legal options, as the scenario should write them."""
        self.rule = rule
        """Id of the rule that asks for the decision."""
        self.prompt = prompt
        """What is being decided, as a sentence."""
        self.found = found
        """What the scenario gave instead, when it gave something wrong."""
        who = f" by {player}" if player else ""
        opts = ", ".join(repr(o) for o in self.options) or "(none)"
        msg = f"decision needed: {kind!r}{who} ({rule}): {prompt}; options: {opts}"
        if found:
            msg += f"; the scenario gives {found}"
        super().__init__(msg)


class AmbiguityError(JudgekitError):
    """The rulebook is silent or ambiguous here; the engine stops instead of guessing."""

    def __init__(self, rules: Sequence[str], gap: str) -> None:
        self.rules = tuple(rules)
        """Ids of the rules around the gap."""
        self.gap = gap
        """What the rules do not say."""
        super().__init__(f"the rules do not settle this ({', '.join(self.rules)}): {gap}")
