"""Every rule id the Divine Cross engine can cite exists in its pinned rulebook, in rulebook order
(checks in :mod:`tests.games.shared`)."""

from __future__ import annotations

from tests.games.shared import RuleIdChecks


class TestRuleIds(RuleIdChecks):
    package = "divine_cross"
