"""The FFTCG rule coverage table is complete and honest.

The honesty checks are the Divine Cross table's (they are game-independent); the site reads the
table with its own reader, which must accept it too.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from judgekit.games.divine_cross.coverage import Status, coverage_problems, load_coverage
from judgekit.games.fftcg.preset import PRESET
from judgekit.scenario import SCENARIOS_DIR
from judgekit.site.coverage import read_coverage_table
from rules_index.graph import load_index

TABLE = Path(__file__).resolve().parents[3] / "judgekit" / "games" / "fftcg" / "coverage.toml"
SCENARIOS = SCENARIOS_DIR / "fftcg"


def rule_ids() -> list[str]:
    book = PRESET.rulebook
    return [r.id for r in load_index().book(book.game, book.document, book.version).book.rules]


def test_every_rule_has_an_honest_row() -> None:
    assert coverage_problems(load_coverage(TABLE), rule_ids(), PRESET, SCENARIOS) == []


def test_the_table_is_in_rulebook_order_and_covers_all_459_rules() -> None:
    ids = rule_ids()
    assert len(ids) == 459
    assert list(load_coverage(TABLE)) == ids


def test_implemented_rows_are_exactly_the_citable_ids() -> None:
    rows = load_coverage(TABLE)
    assert {rid for rid, row in rows.items() if row.status is Status.IMPLEMENTED} == set(PRESET.cited_ids())


def test_the_site_reads_the_table() -> None:
    table = read_coverage_table(TABLE)
    assert (table.game, table.document, table.version) == ("fftcg", "comprehensive", "2.1.9")


def test_the_checks_catch_a_dishonest_row() -> None:
    rows = load_coverage(TABLE)
    broken = dict(rows)
    broken["12.4.5"] = replace(rows["12.4.5"], functions=("no_such_function",), scenarios=("no-such-scenario",))
    del broken["1.1"]
    found = coverage_problems(broken, rule_ids(), PRESET, SCENARIOS)
    assert "1.1: no row" in found
    assert "12.4.5: function no_such_function does not exist" in found
