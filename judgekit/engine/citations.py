"""Citations are data: a rule is addressed by game, document, version and id."""

from __future__ import annotations

from dataclasses import dataclass

from judgekit.engine.pickling import by_fields


@by_fields
@dataclass(frozen=True, slots=True)
class RuleRef:
    """One rule of one version of one document, as an engine cites it."""

    game: str
    """Game id (``divine-cross``)."""
    document: str
    """Document id within the game (``comprehensive``)."""
    version: str
    """Document version (``1.0.16``)."""
    id: str
    """The rule id as printed, without a trailing period (``704.6c-1``)."""

    def to_json(self) -> dict[str, str]:
        """The citation as plain data."""
        return {"game": self.game, "document": self.document, "version": self.version, "id": self.id}


@dataclass(frozen=True, slots=True)
class Rulebook:
    """The rulebook an engine is pinned to."""

    game: str
    """Game id (``divine-cross``)."""
    document: str
    """Document id (``comprehensive``)."""
    version: str
    """Version (``1.0.16``)."""
    short: str
    """Prefix used when printing ids (``DC``)."""

    def ref(self, rule_id: str) -> RuleRef:
        """The citation of ``rule_id`` in this rulebook."""
        return RuleRef(self.game, self.document, self.version, rule_id)

    def label(self, rule_id: str) -> str:
        """``rule_id`` as printed for people (``DC 704.6c-1``)."""
        return f"{self.short} {rule_id}"
