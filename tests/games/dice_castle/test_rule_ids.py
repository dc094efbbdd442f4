"""Every rule id the dice-and-castle engine can cite exists in its pinned rulebook, in rulebook order
(the checks every game shares are in :mod:`tests.games.shared`)."""

from __future__ import annotations

from pathlib import Path

from judgekit.games.dice_castle import ids
from rules_index.graph import load_index
from tests.games.shared import RuleIdChecks


class TestRuleIds(RuleIdChecks):
    package = "dice_castle"

    def test_every_section_constant_names_a_heading(self) -> None:
        sections = {n: s.path for n, s in vars(ids).items() if isinstance(s, ids.Section)}
        assert sections
        assert {n: p for n, p in sections.items() if p not in self.rules} == {}

    def test_engine_code_cites_ids_only_never_rule_text(self) -> None:
        """No sentence of the rulebook is copied into the engine's source (citations are data)."""
        book = load_index().book("dice-castle").book
        package = Path(ids.__file__).parent
        source = "\n".join(p.read_text(encoding="utf-8") for p in sorted(package.glob("*.py")))
        copied = [r.id for r in book.rules if r.kind.value == "paragraph" and len(r.text) > 12 and r.text in source]
        assert copied == []
