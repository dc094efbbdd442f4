"""Incremental builds: what is taken from the previous build is byte for byte what a build from scratch writes."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgekit.run_cache import RunCache
from judgekit.site.build import _scenario_pages, build_site
from judgekit.site.incremental import Recorded, record_path, scenario_files, scenario_files_key
from judgekit.site.output import MARKER
from rules_index.graph import cache_dir
from tests.site.toy import toy_index, toy_scenario


@pytest.fixture(autouse=True)
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test keeps its build records and scenario runs in a cache folder of its own."""
    monkeypatch.setenv("JUDGEKIT_CACHE", str(tmp_path / "cache"))


def tree(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (from it) with its bytes."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def scratch(folder: Path, versions: int, with_scenario: bool) -> dict[str, bytes]:
    """The site of the toy game built from scratch (no previous build, nothing recorded)."""
    scenarios = [toy_scenario()] if with_scenario else []
    out = build_site(folder, index=toy_index(versions=versions), scenarios=scenarios, incremental=False).out
    return tree(out)


def test_a_rebuild_after_a_change_is_the_site_built_from_scratch(tmp_path: Path) -> None:
    out = tmp_path / "site"
    first = build_site(out, index=toy_index(versions=2), scenarios=[])
    assert first.reused == 0
    again = build_site(out, index=toy_index(versions=2), scenarios=[toy_scenario()])
    # the scenario cites the first edition: its pages, the game's and the home page are rendered again;
    # the second edition's pages and the static files come from the previous build
    assert 0 < again.reused < again.files
    assert tree(out) == scratch(tmp_path / "scratch", 2, True)
    record = Recorded.read(record_path(out, cache_dir()))
    assert {"static", "everything", "game:toy-game", "book:toy-game/rules/1.0", "book:toy-game/rules/1.1"} <= set(
        record.parts
    )


def test_an_unchanged_part_is_taken_not_rendered(tmp_path: Path) -> None:
    out = tmp_path / "site"
    build_site(out, index=toy_index(versions=2), scenarios=[toy_scenario()])
    page = out / "toy-game/rules/1.1/index.html"
    inode = page.stat().st_ino
    report = build_site(out, index=toy_index(versions=2), scenarios=[toy_scenario()])
    assert report.reused == report.files - 1  # everything but the marker
    assert page.stat().st_ino == inode  # the same file, linked into the new site
    assert tree(out) == scratch(tmp_path / "scratch", 2, True)


def test_a_page_edited_by_hand_is_built_again(tmp_path: Path) -> None:
    out = tmp_path / "site"
    build_site(out, index=toy_index(), scenarios=[toy_scenario()])
    page = out / "toy-game/rules/1.0/index.html"
    page.write_text("edited", encoding="utf-8")
    report = build_site(out, index=toy_index(), scenarios=[toy_scenario()])
    assert 0 < report.reused < report.files
    assert tree(out) == scratch(tmp_path / "scratch", 1, True)


def test_nothing_changed_leaves_the_site_as_it_is(tmp_path: Path) -> None:
    out, none = tmp_path / "site", tmp_path / "no-scenarios"
    none.mkdir()
    first = build_site(out, index=toy_index(), scenario_root=none)
    before = {p: p.stat().st_mtime_ns for p in out.rglob("*")}
    again = build_site(out, index=toy_index(), scenario_root=none)
    assert again.up_to_date and not first.up_to_date
    assert (again.pages, again.files) == (first.pages, first.files)
    assert {p: p.stat().st_mtime_ns for p in out.rglob("*")} == before
    (out / "stale.html").write_text("not ours", encoding="utf-8")
    third = build_site(out, index=toy_index(), scenario_root=none)
    assert not third.up_to_date and not (out / "stale.html").exists()
    assert tree(out) == scratch(tmp_path / "scratch", 1, False)
    assert (out / MARKER).is_file()


SMALL = Path(__file__).resolve().parents[2] / "scenarios" / "dice-castle" / "energy-has-no-cap.toml"
"""A short real scenario."""


def test_scenarios_are_replayed_only_when_their_files_change(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import judgekit.site.scenarios as site_scenarios

    root = tmp_path / "scenarios"
    (root / "dice-castle").mkdir(parents=True)
    copy = root / "dice-castle" / SMALL.name
    copy.write_bytes(SMALL.read_bytes())
    runs: list[Path] = []
    real = site_scenarios.load_scenario_pages

    def counted(folder: Path | None = None, kept: RunCache | None = None) -> list[site_scenarios.ScenarioPage]:
        runs.append(Path(str(folder)))
        return real(folder, kept)

    monkeypatch.setattr(site_scenarios, "load_scenario_pages", counted)

    def pages() -> list[site_scenarios.ScenarioPage]:
        by_game = scenario_files(root)
        keys = {g: scenario_files_key(g, files, {}) for g, files in by_game.items()}
        return _scenario_pages(root, by_game, keys, tmp_path / "cache", None)

    first = pages()
    assert [p.name for p in first] == [SMALL.stem] and runs == [root / "dice-castle"]
    second = pages()
    assert runs == [root / "dice-castle"]  # read from the cache, not run
    assert [(p.name, p.title, p.trace) for p in second] == [(p.name, p.title, p.trace) for p in first]
    copy.write_text(copy.read_text(encoding="utf-8") + "\n# a comment\n", encoding="utf-8")
    pages()
    assert runs == [root / "dice-castle", root / "dice-castle"]


def test_the_files_looked_at_are_those_check_and_the_site_run() -> None:
    from judgekit.scenario import SCENARIOS_DIR, iter_scenario_files
    from judgekit.site.build import SCENARIOS

    assert SCENARIOS == SCENARIOS_DIR
    found = [f for files in scenario_files(SCENARIOS).values() for f in files]
    assert found == iter_scenario_files([SCENARIOS_DIR])


def test_a_build_on_several_processes_writes_what_one_process_writes(tmp_path: Path) -> None:
    sites = {}
    for jobs in (1, 2):
        out = tmp_path / f"site-{jobs}"
        report = build_site(out, index=toy_index(versions=2), scenarios=[toy_scenario()], jobs=jobs)
        record = Recorded.read(record_path(out, cache_dir()))
        parts = {name: {k: v for k, v in entry.items() if k != "key"} for name, entry in record.parts.items()}
        sites[jobs] = (tree(out), report.pages, report.files, report.warnings, list(parts.items()))
    assert sites[2] == sites[1]
    assert sites[1][1] > 10


def test_games_replayed_on_several_processes_give_what_one_process_gives(tmp_path: Path) -> None:
    root = tmp_path / "scenarios"
    real = Path(__file__).resolve().parents[2] / "scenarios"
    for game, name in (("dice-castle", SMALL.name), ("code-of-joker", "round-ten-tie-goes-second.toml")):
        (root / game).mkdir(parents=True)
        (root / game / name).write_bytes((real / game / name).read_bytes())
    by_game = scenario_files(root)
    keys = {g: scenario_files_key(g, files, {}) for g, files in by_game.items()}
    one = _scenario_pages(root, by_game, keys, None, None, 1)
    two = _scenario_pages(root, by_game, keys, None, None, 2)
    assert [p.game for p in two] == ["code-of-joker", "dice-castle"]
    assert [(p.name, p.title, p.trace, p.error) for p in two] == [(p.name, p.title, p.trace, p.error) for p in one]
