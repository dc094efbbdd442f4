"""The errors a user can cause, for the engine and the scenario files.

:class:`JudgekitError` is the one base (shared with the rules index); the leaves here carry
what a judge or a scenario author needs to fix the problem: the file and key of a bad
scenario, the rule that forbids an action, the options of a missing decision, the rule gap
where the rulebook is silent.
"""

from __future__ import annotations

from collections.abc import Sequence

from judgekit.message import Message, Sentence, msg
from rules_index.errors import JudgekitError

__all__ = [
    "AmbiguityError",
    "DecisionNeeded",
    "IllegalActionError",
    "InvalidValue",
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
        from judgekit.i18n import gettext as _

        where = self.file or _("<scenario>")
        lines = [f"{where}: {key}: {expected}" for key, expected in self.problems]
        return "\n".join(lines)

    def in_file(self, file: str) -> ScenarioError:
        """The same problems, located in ``file``."""
        return ScenarioError(self.problems, file)


class InvalidValue(ValueError):
    """A value a scenario's model rejects (raised in a model's own check, which pydantic reports as the key's
    ``value_error``), its words a message so the problem is said in the command line's language."""

    def __init__(self, message: Message) -> None:
        from judgekit.render.sentences import render

        super().__init__(render(message, "en"))
        self.message = message
        """What the value should have been, as a message id with its parameters."""


class IllegalActionError(JudgekitError):
    """An action the rules forbid; carries the rule that forbids it."""

    def __init__(self, action: str, rule: str, reason: Sentence, also: tuple[str, ...] = ()) -> None:
        self.action = action
        """The action as the scenario wrote it (``charge``)."""
        self.rule = rule
        """Id of the rule that forbids it (``602.2``)."""
        self.reason = reason
        """A sentence saying why."""
        self.also = also
        """Rules that forbid it too: the general rule a procedure restates, or the procedure's restatement."""
        super().__init__(_text(msg("kernel.not_allowed", action=action, rule=rule, reason=reason)))


class DecisionNeeded(JudgekitError):
    """A decision or chance the engine needs and the scenario does not give (or gives wrongly)."""

    def __init__(
        self,
        kind: str,
        player: str | None,
        options: Sequence[str],
        rule: str,
        prompt: Sentence,
        found: Sentence = "",
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
        super().__init__(_text(self.sentence))

    @property
    def sentence(self) -> Message:
        """The stop as a trace sentence (its neutral form)."""
        return msg(
            "kernel.decision_needed",
            kind=self.kind,
            who=msg("kernel.by", player=self.player) if self.player else "",
            rule=self.rule,
            prompt=self.prompt,
            options=tuple(repr(o) for o in self.options) or msg("kernel.none"),
            found=msg("kernel.found", found=self.found) if self.found else "",
        )


class AmbiguityError(JudgekitError):
    """The rulebook is silent or ambiguous here; the engine stops instead of guessing."""

    def __init__(self, rules: Sequence[str], gap: Sentence) -> None:
        self.rules = tuple(rules)
        """Ids of the rules around the gap."""
        self.gap = gap
        """What the rules do not say."""
        super().__init__(_text(self.sentence))

    @property
    def sentence(self) -> Message:
        """The stop as a trace sentence (its neutral form)."""
        return msg("kernel.ambiguity", rules=self.rules, gap=self.gap)


def _text(sentence: Sentence) -> str:
    """A sentence in the command line's language, for an error's message (the frame of the engine's
    errors is a kernel message too, so the whole message is in that language)."""
    if isinstance(sentence, str):
        return sentence
    from judgekit.i18n import cli_language
    from judgekit.render.sentences import render

    return render(sentence, cli_language())
