"""The rule coverage table is complete and honest."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from judgekit.games.divine_cross.coverage import Status, coverage_problems, load_coverage
from judgekit.games.divine_cross.preset import PRESET
from judgekit.scenario import SCENARIOS_DIR
from rules_index.graph import load_index


def rule_ids() -> list[str]:
    book = PRESET.rulebook
    return [r.id for r in load_index().book(book.game, book.document, book.version).book.rules]


def test_every_rule_has_an_honest_row() -> None:
    rows = load_coverage()
    assert coverage_problems(rows, rule_ids(), PRESET, SCENARIOS_DIR / "divine-cross") == []


def test_the_table_is_in_rulebook_order_and_covers_all_487_rules() -> None:
    ids = rule_ids()
    assert len(ids) == 487
    assert list(load_coverage()) == ids


def test_implemented_rows_are_exactly_the_citable_ids() -> None:
    rows = load_coverage()
    assert {rid for rid, row in rows.items() if row.status is Status.IMPLEMENTED} == set(PRESET.cited_ids())


def test_the_checks_catch_a_dishonest_row(tmp_path: Path) -> None:
    rows = load_coverage()

    broken = dict(rows)
    broken["704.6c-1"] = replace(rows["704.6c-1"], functions=("no_such_function",), scenarios=("no-such-scenario",))
    broken["213.2"] = replace(rows["213.2"], status=Status.MODELLED, where=("judgekit.nowhere:X",))
    del broken["101.1"]
    found = coverage_problems(broken, rule_ids(), PRESET, SCENARIOS_DIR / "divine-cross")
    assert "101.1: no row" in found
    assert "704.6c-1: function no_such_function does not exist" in found
    assert any("no-such-scenario does not exist" in f for f in found)
    assert "213.2: judgekit.nowhere:X does not exist" in found
    empty = coverage_problems(rows, rule_ids(), PRESET, tmp_path)
    assert any("implemented but cited by no scenario" in f for f in empty)
