"""What checking a scenario finds, without the scenario models: a finding, said in English and kept with its
message id (the command line says it in its own language), and what checking one file found.

``judgekit check`` answers a scenario whose run is kept (:mod:`judgekit.run_cache`) with these alone,
without importing pydantic or the engines; :mod:`judgekit.scenario` gives the same names.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from judgekit.i18n import N_


class Finding(str):
    """A failed expectation: its English text, kept with its English message id and values so the command line
    can say it in its own language (:func:`localised`); JSON reports keep the English."""

    template: str
    """The English message id, with ``{name}`` placeholders."""
    values: dict[str, object]
    """The placeholders' values (ids, keys, file names: data)."""

    def __new__(cls, template: str, /, **values: object) -> Finding:
        obj = super().__new__(cls, template.format(**values))
        obj.template = template
        obj.values = values
        return obj


def localised(finding: str) -> str:
    """A finding in the command line's language (a plain string as it is)."""
    if isinstance(finding, Finding):
        from judgekit.i18n import gettext

        return gettext(finding.template).format(**finding.values)
    return finding


NO_GOLDEN = N_("no golden trace {file}; run `judgekit check --update` and read it before committing")
"""The finding of a scenario without its golden trace (an English message id)."""
DIFFERS = N_("the trace differs from the golden trace {file}: {difference}")
"""The finding of a trace that differs from its golden trace (an English message id)."""


@dataclass(frozen=True, slots=True)
class CheckOutcome:
    """What checking one scenario file found, without its trace (what ``judgekit check`` prints)."""

    path: Path
    """The scenario file."""
    findings: tuple[str, ...] = ()
    """Failed expectations and golden-trace differences, one sentence each."""
    updated: bool = False
    """Whether the golden trace was (re)written."""
    error: str | None = None
    """Why the file could not be read or run (a JudgekitError's message), else None."""

    @property
    def ok(self) -> bool:
        """Whether the file was read and everything held."""
        return self.error is None and not self.findings


__all__ = ["DIFFERS", "NO_GOLDEN", "CheckOutcome", "Finding", "localised"]
