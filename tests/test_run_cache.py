"""The run cache (judgekit.run_cache): a scenario is run again only when its file, its game's engine code, its
rulebooks or, for cards read from printed text, the card readers changed; `check` and the site share it.
Runs are counted, not timed."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from judgekit import run_cache
from judgekit.check_runs import check_files
from judgekit.games.support import Support
from judgekit.render.json import trace_json
from judgekit.run_cache import RunCache, run_file
from judgekit.scenario import SCENARIOS_DIR, load_scenario, run_scenario

PICKED = (
    "divine-cross/activated-ex-once-a-turn",  # cards read from printed text
    "divine-cross/assist-without-target",  # cards given by hand only
    "code-of-joker/battle-equal-bp",
)


@pytest.fixture
def files(tmp_path: Path) -> list[Path]:
    """Copies of three scenarios and their golden traces, in game folders."""
    out = []
    for name in PICKED:
        source = SCENARIOS_DIR / f"{name}.toml"
        target = tmp_path / "scenarios" / name.split("/")[0] / source.name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(source, target)
        shutil.copy(source.with_suffix(".trace.json"), target.with_suffix(".trace.json"))
        out.append(target)
    return out


@pytest.fixture
def runs(tmp_path: Path) -> RunCache:
    return RunCache(tmp_path / "cache" / "runs")


@pytest.fixture
def ran(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The scenarios run, by file name, as they are run."""
    names: list[str] = []
    real = Support.run

    def counted(self: Support, scenario: object) -> object:
        names.append(scenario.path.name)  # type: ignore[attr-defined]
        return real(self, scenario)  # type: ignore[arg-type]

    monkeypatch.setattr(Support, "run", counted)
    yield names


def check(files: list[Path], runs: RunCache) -> list[bool]:
    return [o.ok for o in check_files(files, jobs=1, runs=runs)]


def test_changing_one_scenario_runs_only_it_again(files: list[Path], runs: RunCache, ran: list[str]) -> None:
    assert check(files, runs) == [True] * 3
    assert sorted(ran) == sorted(f.name for f in files)
    ran.clear()
    assert check(files, runs) == [True] * 3
    assert ran == []
    edited = files[1]
    edited.write_text(edited.read_text(encoding="utf-8") + "\n# a comment: the file changed, not its trace\n")
    assert check(files, runs) == [True] * 3
    assert ran == [edited.name]


def test_a_changed_engine_runs_its_games_scenarios_only(
    files: list[Path], runs: RunCache, ran: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    check(files, runs)
    ran.clear()
    real = run_cache.engine_digest
    monkeypatch.setattr(run_cache, "engine_digest", lambda game: real(game) + ("+" if game == "code-of-joker" else ""))
    assert check(files, runs) == [True] * 3
    assert ran == [files[2].name]


def test_changed_card_readers_run_the_scenarios_read_from_text_only(
    files: list[Path], runs: RunCache, ran: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    check(files, runs)
    ran.clear()
    monkeypatch.setattr(run_cache, "readers_digest", lambda: "another reader")
    assert check(files, runs) == [True] * 3
    assert ran == [files[0].name]


def test_a_golden_trace_that_differs_is_found_and_the_run_said_where(
    files: list[Path], runs: RunCache, ran: list[str]
) -> None:
    check(files, runs)
    ran.clear()
    golden = files[0].with_suffix(".trace.json")
    lines = golden.read_text(encoding="utf-8").splitlines(keepends=True)
    step = next(i for i, line in enumerate(lines) if '"rules":["' in line)
    lines[step] = lines[step].replace('"rules":["', '"rules":["0.1","', 1)
    golden.write_text("".join(lines), encoding="utf-8")
    (outcome, *_) = check_files(files, jobs=1, runs=runs)
    assert not outcome.ok and "differs from the golden trace" in outcome.findings[-1]
    assert "cited" in outcome.findings[-1]  # where: the step and its citations, found by running it again
    assert ran == [files[0].name]
    ran.clear()
    assert [o.updated for o in check_files(files, jobs=1, runs=runs, update=True)] == [True, False, False]
    assert check(files, runs) == [True] * 3
    assert ran == [files[0].name]


def test_a_missing_golden_trace_is_a_finding_from_the_kept_run(
    files: list[Path], runs: RunCache, ran: list[str]
) -> None:
    check(files, runs)
    ran.clear()
    files[2].with_suffix(".trace.json").unlink()
    outcome = list(check_files(files, jobs=1, runs=runs))[2]
    assert not outcome.ok and outcome.findings[-1].startswith("no golden trace battle-equal-bp.trace.json")
    assert ran == []


def test_the_site_and_check_share_the_runs(files: list[Path], runs: RunCache, ran: list[str]) -> None:
    check(files, runs)  # check keeps records, not traces: the site runs each once and keeps it whole
    ran.clear()
    kept = [run_file(f, runs) for f in files]
    assert len(ran) == 3
    ran.clear()
    again = [run_file(f, runs) for f in files]
    assert ran == []
    for path, a, b in zip(files, kept, again, strict=True):
        assert a.trace is not None and b.trace is not None
        assert trace_json(b.trace) == trace_json(a.trace) == trace_json(run_scenario(load_scenario(path)))
        assert b.scenario.path == path and b.scenario.model == a.scenario.model
    ran.clear()
    assert check(files, runs) == [True] * 3
    assert ran == []


def test_the_site_pages_come_from_the_kept_runs(files: list[Path], runs: RunCache, ran: list[str]) -> None:
    from judgekit.site.scenarios import load_scenario_pages

    root = files[0].parents[1]
    first = load_scenario_pages(root, runs)
    assert len(ran) == 3
    ran.clear()
    files[2].write_text(files[2].read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    second = load_scenario_pages(root, runs)
    assert ran == [files[2].name]
    assert [(p.name, trace_json(p.trace)) for p in first if p.trace] == [
        (p.name, trace_json(p.trace)) for p in second if p.trace
    ]


def test_workers_check_what_is_not_kept_and_report_in_order(files: list[Path], runs: RunCache) -> None:
    alone = list(check_files(files, jobs=1))
    together = list(check_files(files, jobs=2, runs=runs))
    assert together == alone
    assert len(list(runs.folder.iterdir())) == 3  # type: ignore[union-attr]
    assert list(check_files(files, jobs=2, runs=runs)) == alone
