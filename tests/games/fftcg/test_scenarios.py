"""Every FFTCG scenario passes: its expectations hold and its trace matches the golden trace beside it."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgekit.scenario import SCENARIOS_DIR, check_scenario, load_scenario

FILES = sorted((SCENARIOS_DIR / "fftcg").glob("*.toml"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_passes(path: Path) -> None:
    result = check_scenario(load_scenario(path))
    assert result.ok, "\n".join(result.findings)


def test_every_golden_trace_has_its_scenario() -> None:
    stray = sorted(
        p.name
        for p in (SCENARIOS_DIR / "fftcg").glob("*.trace.json")
        if not p.with_name(p.name.removesuffix(".trace.json") + ".toml").exists()
    )
    assert stray == []


def test_there_are_at_least_forty_scenarios() -> None:
    assert len(FILES) >= 40
