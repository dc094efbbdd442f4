"""The errors a user can cause. Every message is fit to print as it is."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Self


class JudgekitError(Exception):
    """Base of every error a user can cause (bad input, unknown ids, unparseable files).

    The CLI prints the message and exits 2. Internal bugs raise other exceptions.
    """

    template: str = ""
    """The message as an English message id with ``{name}`` placeholders, when it was made from one
    (:meth:`from_message`): a command line in another language prints its translation. Empty for a
    plain message."""
    values: Mapping[str, object] = MappingProxyType({})
    """The values of the template's placeholders (ids, names, file names: data, not translated)."""

    @classmethod
    def from_message(cls, template: str, /, *args: Any, **values: object) -> Self:
        """The error whose message is ``template`` filled with ``values`` (``args`` go to the constructor after it)."""
        error = cls(template.format(**values), *args)
        error.template = template
        error.values = MappingProxyType(dict(values))
        return error


class UnknownGameError(JudgekitError):
    """A game id that no manifest declares."""


class UnknownDocumentError(JudgekitError):
    """A document or version that the game's manifest does not declare."""


class UnknownRuleError(JudgekitError):
    """A rule id that does not exist in the document; the message names the nearest ids."""

    def __init__(self, message: str, suggestions: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.suggestions = suggestions


class ManifestError(JudgekitError):
    """A manifest that is missing a key or has a value of the wrong kind."""


class ParseError(JudgekitError):
    """A document that cannot be parsed at all."""


class LibraryError(JudgekitError):
    """A rulebook that cannot be brought into a rules library as asked."""
