"""The FFTCG rule coverage table is complete and honest (checks in :mod:`tests.games.shared`)."""

from __future__ import annotations

from tests.games.shared import CoverageChecks


class TestCoverage(CoverageChecks):
    package = "fftcg"
    node_count = 459
