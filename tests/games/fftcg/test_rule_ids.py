"""Every rule id the FFTCG engine can cite exists in its pinned rulebook (2.1.9), in rulebook order
(the checks every game shares are in :mod:`tests.games.shared`)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.games.shared import RuleIdChecks


class TestRuleIds(RuleIdChecks):
    package = "fftcg"

    def test_the_engine_is_pinned_to_2_1_9(self) -> None:
        book = self.preset.rulebook
        assert (book.game, book.document, book.version) == ("fftcg", "comprehensive", "2.1.9")

    def test_the_ids_in_the_ambiguity_list_exist(self) -> None:
        text = (Path(__file__).resolve().parents[3] / "judgekit" / "games" / "fftcg" / "AMBIGUITIES.md").read_text(
            encoding="utf-8"
        )
        rows = [line for line in text.splitlines() if line.startswith("|")]
        cited = {i for line in rows for i in re.findall(r"\b\d{1,2}(?:\.\d{1,2}){1,5}\b", line)}
        assert cited and sorted(cited - set(self.rules)) == []
