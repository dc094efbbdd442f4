"""Every scenario passes: its expectations hold and its trace matches the golden trace beside it."""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

import pytest

from judgekit.scenario import SCENARIOS_DIR, CheckResult, check_scenario, load_scenario

ALL_FILES = sorted(SCENARIOS_DIR.glob("*/*.toml"))
"""Every scenario of every game."""
FILES = sorted((SCENARIOS_DIR / "divine-cross").glob("*.toml"))
"""The Divine Cross scenarios (the game-specific checks below)."""


@cache
def checked(path: Path) -> CheckResult:
    return check_scenario(load_scenario(path))


@pytest.mark.parametrize("path", ALL_FILES, ids=[f"{p.parent.name}/{p.stem}" for p in ALL_FILES])
def test_scenario_passes(path: Path) -> None:
    result = checked(path)
    assert result.ok, "\n".join(result.findings)


def test_every_scenario_has_a_golden_trace() -> None:
    stray = sorted(
        p.name
        for p in SCENARIOS_DIR.glob("*/*.trace.json")
        if not p.with_name(p.name.removesuffix(".trace.json") + ".toml").exists()
    )
    assert stray == []


def test_there_are_at_least_40_scenarios() -> None:
    assert len(FILES) >= 40


def test_at_least_five_scenarios_rule_on_a_beginner_sheet_difference() -> None:
    differing = [
        p.stem
        for p in FILES
        if any(
            d.get("document") in (None, "beginner")
            for d in tomllib.loads(p.read_text(encoding="utf-8")).get("differs", [])
        )
    ]
    assert len(differing) >= 5, differing


def test_every_difference_names_governing_rules_the_trace_cites() -> None:
    for path in FILES:
        result = checked(path)
        cited = set(result.trace.cited_ids())
        for diff in result.scenario.model.differs:
            assert diff.rules and set(diff.rules) <= cited, (path.stem, diff.rules)


def test_every_worked_example_has_a_scenario() -> None:
    # the rules printed with examples (例) in the comprehensive rules 1.0.16
    examples = {"914.5a", "916.1a", "917.1b", "925.1", "1102.1a", "1102.2"}
    cited = set()
    for path in FILES:
        cited |= set(checked(path).trace.cited_ids())
    assert examples <= cited
