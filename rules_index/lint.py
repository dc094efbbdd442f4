"""The lint report: published defects and parser findings, per document, with locations.

Sources of findings: the parsers (numbering gaps, orphans, duplicates, repairs, unplaced
lines) and the graph's reference resolution (``ref.rule``). Warnings do not fail a run unless
``strict`` is asked for; informational repairs are listed only on request.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from rules_index.graph import BookIndex, RulesIndex
from rules_index.model import LintIssue, Severity


@dataclass(frozen=True, slots=True)
class Finding:
    """One lint finding with the document it belongs to."""

    game: str
    """Game id."""
    document: str
    """Document id."""
    version: str
    """Document version."""
    issue: LintIssue
    """What was found and where."""

    def location(self) -> str:
        """``path:line`` of the finding, or the document when there is no line."""
        if self.issue.span is not None:
            return str(self.issue.span)
        return f"{self.game}/{self.document}@{self.version}"


def findings(index: RulesIndex, game: str | None = None, *, include_info: bool = False) -> list[Finding]:
    """Every finding of ``game`` (or of every game), in catalog and document order."""
    out: list[Finding] = []
    books: list[BookIndex] = (
        [bi for bi in index.books.values() if bi.info.game == index.catalog.game(game).id]
        if game is not None
        else list(index.books.values())
    )
    for bi in books:
        for issue in bi.lint:
            if issue.severity is Severity.INFO and not include_info:
                continue
            out.append(Finding(bi.info.game, bi.info.document, bi.info.version, issue))
    return out


def summary(found: list[Finding]) -> dict[str, int]:
    """Counts of findings by kind (``numbering.orphan``: 5, …), sorted by kind."""
    counts = Counter(f.issue.kind.value for f in found)
    return dict(sorted(counts.items()))
