"""The coverage map: read from the engines' coverage tables, coloured by status, every square
linked and explained; a game without a table still gets a map from its traces."""

from __future__ import annotations

import html as html_lib
import json
import re
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from judgekit.site import coverage
from judgekit.site.build import build_site
from judgekit.site.coverage import (
    Cover,
    CoverageTableError,
    EngineCoverage,
    Status,
    classify,
    read_coverage_table,
    table_path,
)
from judgekit.site.layout import GamePaths
from judgekit.site.scenarios import ScenarioPage
from tests.site.checks import link_problems, read_site, structure_problems
from tests.site.toy import EVIL, GAME, toy_index, toy_scenario

DC_TABLE = table_path("divine-cross")
MAP_CELL = re.compile(r'<a class="cell cover-([a-z-]+)" href="([^"]+)" title="([^"]*)" data-preview="([^"]+)">')


def _cells(page: str) -> dict[str, tuple[str, str, str]]:
    """Rule page → (colour, title, preview key) of every square of a coverage page."""
    return {href: (cover, html_lib.unescape(title), key) for cover, href, title, key in MAP_CELL.findall(page)}


def _previews(page: str) -> dict[str, dict[str, Any]]:
    match = re.search(r'id="jk-previews">(.*?)</script>', page, re.S)
    assert match is not None
    data: dict[str, dict[str, Any]] = json.loads(match.group(1))
    return data


def _legend(page: str) -> dict[str, int]:
    return {cover: int(n) for cover, n in re.findall(r'<strong class="count-([a-z-]+)">(\d+)</strong>', page)}


# -- the reader ---------------------------------------------------------------------------


def test_the_reader_reads_the_real_divine_cross_table() -> None:
    raw = tomllib.loads(DC_TABLE.read_text(encoding="utf-8"))
    table = read_coverage_table(DC_TABLE, DC_TABLE.parents[3])
    assert table.source == "judgekit/games/divine_cross/coverage.toml"
    assert (table.game, table.document, table.version) == ("divine-cross", "comprehensive", "1.0.16")
    assert list(table.rows) == list(raw["rules"])
    assert Counter(r.status.value for r in table.rows.values()) == Counter(r["status"] for r in raw["rules"].values())
    row = table.rows["604.1"]
    assert row.status is Status.IMPLEMENTED and row.functions == ("play_command",)
    assert "assist-one-per-unit" in row.scenarios
    assert table.rows["911.2a"].reason.startswith("The only look-or-reveal effect")
    assert table.rows["102.1"].where == ("judgekit.games.divine_cross.format:Players",)


def test_a_bad_table_is_reported_whole(tmp_path: Path) -> None:
    path = tmp_path / "coverage.toml"
    path.write_text(
        "\n".join(
            [
                "version = 3",
                "[rules]",
                '"1" = { status = "implemented", functions = "f" }',
                '"2" = { status = "done" }',
                '"3" = "heading"',
                '"4" = { status = "modelled", where = ["a:b"], reason = 1 }',
                '"5" = { status = "heading" }',
            ]
        ),
        encoding="utf-8",
    )
    with pytest.raises(CoverageTableError) as caught:
        read_coverage_table(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: 5 problem(s) in the coverage table:")
    assert "version must be a string, not 3" in message
    assert "1: functions must be a list of strings, not 'f'" in message
    assert "2: unknown status 'done' (one of implemented, modelled," in message
    assert "3: the row must be a table" in message
    assert "4: reason must be a string, not 1" in message
    path.write_text("[rules\n", encoding="utf-8")
    with pytest.raises(CoverageTableError, match="not valid TOML"):
        read_coverage_table(path)


def test_colours() -> None:
    table = coverage.CoverageTable(
        "t",
        "g",
        "",
        "",
        {
            "1": coverage.TableRow("1", Status.IMPLEMENTED, ("f",)),
            "2": coverage.TableRow("2", Status.MODELLED, where=("m:a",), reason="r"),
            "3": coverage.TableRow("3", Status.CARD_FACE, reason="r"),
            "4": coverage.TableRow("4", Status.NOT_REACHABLE, reason="r"),
        },
    )
    with_table = EngineCoverage("t", "", "", table, {})
    assert classify("1", with_table, cited=True) is Cover.EXERCISED
    assert classify("1", with_table, cited=False) is Cover.IMPLEMENTED
    assert classify("2", with_table, cited=False) is Cover.MODELLED
    assert classify("3", with_table, cited=False) is Cover.NO_CODE
    assert classify("4", with_table, cited=False) is Cover.NOT_REACHABLE
    assert classify("5", with_table, cited=False) is Cover.NONE
    declared = EngineCoverage("engine", "", "", None, {"1": ("f",)})
    assert classify("1", declared, cited=False) is Cover.IMPLEMENTED
    assert classify("2", declared, cited=True) is Cover.EXERCISED
    assert classify("2", declared, cited=False) is Cover.NONE
    assert classify("2", None, cited=False) is Cover.NONE


# -- the real Divine Cross map --------------------------------------------------------------


def test_the_divine_cross_map_counts_match_the_table(site_dir: Path) -> None:
    statuses = Counter(row["status"] for row in tomllib.loads(DC_TABLE.read_text(encoding="utf-8"))["rules"].values())
    page = (site_dir / GamePaths("divine-cross").coverage).read_text(encoding="utf-8")
    drawn = Counter(cover for cover, _, _ in _cells(page).values())
    legend = _legend(page)
    assert sum(drawn.values()) == sum(statuses.values()) == 487
    assert drawn == Counter({k: v for k, v in legend.items() if v})
    assert legend["exercised"] + legend["implemented"] == statuses["implemented"]
    assert legend["modelled"] == statuses["modelled"]
    assert legend["no-code"] == sum(statuses[s] for s in ("definition", "card-face", "policy", "heading"))
    assert legend["not-reachable"] == statuses["not-reachable"]
    assert legend["none"] == 0
    detail = "definition {definition}, card face {card-face}, policy {policy}, heading {heading}"
    assert f'<span class="l-en" lang="en">{detail.format_map(statuses)}</span>' in page
    detail_ja = "定義 {definition}、カード面 {card-face}、方針 {policy}、見出し {heading}"
    assert f'<span class="l-ja" lang="ja">{detail_ja.format_map(statuses)}</span>' in page
    assert "コード不要（定義、カード面、方針、見出し）" in page  # the legend in both languages
    assert "from the engine's coverage table (<code>judgekit/games/divine_cross/coverage.toml</code>)" in page


def test_every_divine_cross_square_links_to_its_rule_and_explains_itself(
    site_dir: Path, scenario_pages: list[ScenarioPage]
) -> None:
    table = read_coverage_table(DC_TABLE)
    page = (site_dir / GamePaths("divine-cross").coverage).read_text(encoding="utf-8")
    cells = _cells(page)
    previews = _previews(page)
    base = "comprehensive/1.0.16/r"
    for rule_id, row in table.rows.items():
        cover, title, key = cells[f"{base}/{rule_id}.html"]
        assert title.startswith(f"DC {rule_id} "), title
        assert row.status.value in title
        for function in row.functions:
            assert function in title
        if row.reason:
            assert row.reason in title
        notes = previews[key]["notes"]
        assert isinstance(notes, list) and notes[0]["text"].startswith(row.status.value)
        assert cover in (("exercised", "implemented") if row.status is Status.IMPLEMENTED else (cover,))
    # The scenarios named are the ones whose traces cite the rule.
    citing = [s.title for s in scenario_pages if s.game == "divine-cross" and "604.1" in s.trace.cited_ids()]  # type: ignore[union-attr]
    cover, title, _ = cells[f"{base}/604.1.html"]
    assert cover == "exercised"
    assert f"{len(citing)} scenario" in title
    for name in citing[: coverage.TIP_SCENARIOS]:
        assert name in title
    assert "not reachable by the engine" in page


# -- a toy game: a table of its own, and none ---------------------------------------------


TOY_TABLE = f'''\
game = "{GAME}"
document = "rules"
version = "1.0"

[rules]
"100" = {{ status = "heading" }}
"101" = {{ status = "definition", reason = 'Defines players {EVIL}.' }}
"102" = {{ status = "implemented", functions = ["take_damage"], scenarios = [] }}
"200.1" = {{ status = "implemented", functions = ["deal_damage"], scenarios = ["scenario one"] }}
"404" = {{ status = "policy", reason = "Not in this document." }}
'''


@pytest.fixture
def tables(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    games = tmp_path / "repo" / "judgekit" / "games"
    folder = games / GAME.replace("-", "_")
    folder.mkdir(parents=True)
    (folder / "coverage.toml").write_text(TOY_TABLE, encoding="utf-8")
    monkeypatch.setattr(coverage, "GAMES", games)
    return games


def test_a_toy_table_colours_the_map(tables: Path, tmp_path: Path) -> None:
    out = build_site(tmp_path / "site", index=toy_index(), scenarios=[toy_scenario()]).out
    pages = read_site(out)
    assert not link_problems(out, pages)
    assert not structure_problems(pages)
    page = (out / GamePaths(GAME).coverage).read_text(encoding="utf-8")
    cells = {href.rsplit("/", 1)[-1]: cell for href, cell in _cells(page).items()}
    assert {name: cell[0] for name, cell in cells.items()} == {
        "100.html": "no-code",
        "101.html": "no-code",
        "102.html": "implemented",
        "200.html": "none",
        "200.1.html": "exercised",
    }
    assert _legend(page) == {
        "exercised": 1,
        "implemented": 1,
        "modelled": 0,
        "no-code": 2,
        "not-reachable": 0,
        "none": 1,
    }
    assert "no scenario&#39;s trace cites it" in page
    assert EVIL not in page and "Defines players &lt;script&gt;" in page
    assert "but not in this document</span>: <code>404</code>, <code>999</code></p>" in page
    assert "エンジンまたはトレースが挙げているが、この文書にないもの</span>" in page
    previews = _previews(page)
    assert previews[cells["200.1.html"][2]]["notes"][1] == {"label": "functions", "text": "deal_damage", "ja": False}


def test_a_row_the_trace_contradicts_is_pointed_out(tables: Path, tmp_path: Path) -> None:
    table = tables / GAME.replace("-", "_") / "coverage.toml"
    table.write_text(TOY_TABLE.replace('"200.1" = { status = "implemented"', '"200.1" = { status = "modelled"'))
    out = build_site(tmp_path / "site", index=toy_index(), scenarios=[toy_scenario()]).out
    page = (out / GamePaths(GAME).coverage).read_text(encoding="utf-8")
    assert "the table does not say implemented</span>: <code>200.1</code> (modelled)" in page
    assert "シナリオのトレースが引用しているが、表では実装済みとされていないもの</span>" in page


def test_a_table_that_cannot_be_read_is_reported_and_the_map_falls_back(tables: Path, tmp_path: Path) -> None:
    (tables / GAME.replace("-", "_") / "coverage.toml").write_text(TOY_TABLE.replace("heading", "headline"))
    report = build_site(tmp_path / "site", index=toy_index(), scenarios=[toy_scenario()])
    (warning,) = report.warnings
    assert warning.startswith("judgekit/games/toy_game/coverage.toml: 1 problem(s) in the coverage table:")
    assert "100: unknown status 'headline'" in warning
    page = (report.out / GamePaths(GAME).coverage).read_text(encoding="utf-8")
    fallback = "The engine's coverage table cannot be read, so this map comes from the scenario traces alone:"
    assert f"{fallback}</span>" in page
    assert "エンジンのカバレッジ表を読み込めないため、このマップはシナリオのトレースだけから作っています:" in page
    assert "100: unknown status &#39;headline&#39;" in page
    drawn = {href.rsplit("/", 1)[-1]: cell[0] for href, cell in _cells(page).items()}
    assert drawn["200.1.html"] == "exercised" and drawn["100.html"] == "none"  # from the trace alone
    pages = read_site(report.out)
    assert not structure_problems(pages)


def test_without_a_table_the_map_comes_from_the_traces(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(coverage, "GAMES", tmp_path / "nowhere")
    out = build_site(tmp_path / "site", index=toy_index(), scenarios=[toy_scenario()]).out
    page = (out / GamePaths(GAME).coverage).read_text(encoding="utf-8")
    drawn = {href.rsplit("/", 1)[-1]: cell[0] for href, cell in _cells(page).items()}
    assert drawn == {
        "100.html": "none",
        "101.html": "none",
        "102.html": "none",
        "200.html": "none",
        "200.1.html": "exercised",
    }
    assert _legend(page) == {"exercised": 1, "implemented": 0, "none": 4}
    assert "cited by neither the engine nor a scenario" in page
    assert "this game has no engine yet" in page
