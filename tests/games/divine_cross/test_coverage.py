"""The Divine Cross rule coverage table is complete and honest (checks in :mod:`tests.games.shared`)."""

from __future__ import annotations

from tests.games.shared import CoverageChecks


class TestCoverage(CoverageChecks):
    package = "divine_cross"
    node_count = 487
