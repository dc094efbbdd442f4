"""The dice-and-castle coverage table has one true row per node of the detailed rules (checks in
:mod:`tests.games.shared`)."""

from __future__ import annotations

from tests.games.shared import CoverageChecks


class TestCoverage(CoverageChecks):
    package = "dice_castle"
    node_count = 182
    every_function = True
