"""The coverage table has one true row per node of the detailed rules."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from judgekit.games.dice_castle.coverage import Row, Status, coverage_problems, load_coverage
from judgekit.games.dice_castle.preset import PRESET
from judgekit.scenario import SCENARIOS_DIR
from judgekit.site.coverage import read_coverage_table
from rules_index.graph import load_index

FOLDER = SCENARIOS_DIR / "dice-castle"


@pytest.fixture(scope="module")
def nodes() -> list[tuple[str, bool]]:
    book = PRESET.rulebook
    rules = load_index().book(book.game, book.document, book.version).book.rules
    return [(r.id, r.kind.value == "heading") for r in rules]


@pytest.fixture(scope="module")
def rows() -> dict[str, Row]:
    return load_coverage()


def test_every_node_has_a_true_row(rows: dict[str, Row], nodes: list[tuple[str, bool]]) -> None:
    assert coverage_problems(rows, nodes, PRESET, FOLDER) == []


def test_the_rows_follow_the_page_and_cover_all_182_nodes(rows: dict[str, Row], nodes: list[tuple[str, bool]]) -> None:
    assert len(nodes) == 182
    assert list(rows) == [rid for rid, _ in nodes]


def test_implemented_rows_are_exactly_the_ids_the_engine_can_cite(rows: dict[str, Row]) -> None:
    assert {rid for rid, row in rows.items() if row.status is Status.IMPLEMENTED} == set(PRESET.cited_ids())


def test_the_site_reads_the_table() -> None:
    table = read_coverage_table(Path(__file__).resolve().parents[3] / "judgekit/games/dice_castle/coverage.toml")
    book = PRESET.rulebook
    assert (table.game, table.document, table.version) == (book.game, book.document, book.version)
    assert len(table.rows) == 182


def test_the_checks_catch_an_untrue_row(rows: dict[str, Row], nodes: list[tuple[str, bool]], tmp_path: Path) -> None:
    win = "ゲーム全体のルール/勝敗のチェック/2"
    foul = "競技ルール/反則/2"
    broken = dict(rows)
    broken[win] = replace(rows[win], functions=("no_such_function",), scenarios=("no-such-scenario",))
    broken[foul] = replace(rows[foul], reason="")
    del broken["ゲーム全体のルール/場について/1"]
    found = coverage_problems(broken, nodes, PRESET, FOLDER)
    assert "ゲーム全体のルール/場について/1: no row" in found
    assert any(f.startswith(f"{win}: functions ['no_such_function']") for f in found)
    assert f"{win}: scenario no-such-scenario does not cite it" in found
    assert f"{foul}: policy needs a reason" in found
    empty = coverage_problems(rows, nodes, PRESET, tmp_path)
    assert any("implemented but cited by no scenario" in f for f in empty)
