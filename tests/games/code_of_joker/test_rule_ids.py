"""Every rule id the Code of Joker engine can cite exists in its pinned rules page, in page order
(the checks every game shares are in :mod:`tests.games.shared`)."""

from __future__ import annotations

from judgekit.games.code_of_joker import ids
from tests.games.shared import RuleIdChecks


class TestRuleIds(RuleIdChecks):
    package = "code_of_joker"

    def test_every_named_id_exists_in_the_pinned_rulebook(self) -> None:
        assert {name: rid for name, rid in ids.all_ids().items() if rid not in self.rules} == {}
