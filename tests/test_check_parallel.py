"""`judgekit check` across cores (same report, same order), golden traces compared as it goes, progress output."""

from __future__ import annotations

import io
import json
import shutil
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from judgekit.cli import app
from judgekit.commands import progress as progress_module
from judgekit.commands.progress import PlainProgress, is_live, progress
from judgekit.message import sentence_from_json
from judgekit.render.json import trace_json
from judgekit.render.sentences import english
from judgekit.scenario import (
    SCENARIOS_DIR,
    CheckOutcome,
    check_files,
    golden_difference,
    iter_scenario_files,
    load_scenario,
    run_scenario,
)


@pytest.fixture(scope="module")
def some_files() -> list[Path]:
    files = iter_scenario_files([SCENARIOS_DIR])
    return files[:: max(1, len(files) // 12)][:12]


def test_workers_give_the_report_of_one_process_in_the_files_order(some_files: list[Path], tmp_path: Path) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text("game = 'divine-cross'\n[[play]\n", encoding="utf-8")
    files = [*some_files[:6], broken, *some_files[6:]]
    alone = list(check_files(files, jobs=1))
    together = list(check_files(files, jobs=2))
    assert together == alone
    assert [o.path.name for o in together] == [f.name for f in files]
    assert together[6].error is not None and not together[6].ok
    assert all(o.ok for i, o in enumerate(together) if i != 6)


def test_the_check_command_prints_the_same_whatever_the_jobs(some_files: list[Path]) -> None:
    runner = CliRunner(env={"NO_COLOR": "1"})
    args = ["check", *map(str, some_files)]
    one = runner.invoke(app, [*args, "--jobs", "1"])
    two = runner.invoke(app, [*args, "--jobs", "2"])
    assert one.exit_code == two.exit_code == 0
    assert one.stdout == two.stdout
    assert one.stdout.splitlines()[-1] == f"{len(some_files)} scenario(s): {len(some_files)} passed, 0 failed"


@pytest.fixture
def golden(tmp_path: Path) -> tuple[Path, str]:
    source = SCENARIOS_DIR / "divine-cross" / "charge-once-per-turn.toml"
    path = tmp_path / source.name
    shutil.copy(source, path)
    text = trace_json(run_scenario(load_scenario(path)))
    return path.with_suffix(".trace.json"), text


def test_the_golden_trace_is_compared_line_by_line(golden: tuple[Path, str]) -> None:
    path, text = golden
    trace = run_scenario(load_scenario(path.with_name("charge-once-per-turn.toml")))
    path.write_text(text, encoding="utf-8")
    assert golden_difference(path, trace) is None
    lines = text.splitlines(keepends=True)
    step = next(i for i, line in enumerate(lines) if '"rules":["' in line)
    lines[step] = lines[step].replace('"rules":["', '"rules":["0.1","', 1)
    path.write_text("".join(lines), encoding="utf-8")
    was = json.loads(lines[step].rstrip(",\n"))
    cited = f"cited {was['rules']}, now {was['rules'][1:]}"
    said = english(sentence_from_json(was["sentence"]), "divine-cross")
    assert golden_difference(path, trace) == f"step {was['index']} ({said!r}): {cited}"
    path.write_text("".join(text.splitlines(keepends=True)[:-2]), encoding="utf-8")
    assert golden_difference(path, trace) == f"{len(lines) - 2} lines before, {len(lines)} now"
    path.write_text(text.rstrip("\n"), encoding="utf-8")
    assert golden_difference(path, trace) == f"{len(lines)} lines before, {len(lines)} now"


def test_a_run_outcome_without_its_trace_is_small() -> None:
    outcome = CheckOutcome(Path("x.toml"), ("a finding",))
    assert not outcome.ok and CheckOutcome(Path("x.toml")).ok
    assert not hasattr(outcome, "trace")


def test_plain_progress_prints_every_item_when_few_and_each_tenth_when_many(capsys: pytest.CaptureFixture[str]) -> None:
    few = PlainProgress("indexing", 3)
    for name in ("a", "b", "c"):
        few.step(name)
    assert capsys.readouterr().err.splitlines() == ["indexing: 1/3 a", "indexing: 2/3 b", "indexing: 3/3 c"]
    many = PlainProgress("checking", 343)
    for i in range(343):
        many.step(f"s{i}")
    lines = capsys.readouterr().err.splitlines()
    assert lines[0] == "checking: 1/343 s0" and lines[-1] == "checking: 343/343 s342"
    assert 10 <= len(lines) <= 12


def test_progress_is_live_only_on_a_terminal_and_never_under_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stderr", Terminal())
    monkeypatch.delenv("CI", raising=False)
    assert is_live()
    monkeypatch.setenv("CI", "true")
    assert not is_live()
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    monkeypatch.delenv("CI")
    assert not is_live()


def test_without_a_terminal_progress_prints_only_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    with progress("checking", 2) as bar:
        bar.step("a")
        bar.step("b")
    assert capsys.readouterr().err == ""
    with progress("building the site", None, plain=True) as bar:
        bar.step("build/site")
    assert capsys.readouterr().err == "building the site: build/site\n"


def test_the_live_bar_draws_on_stderr_and_goes_away(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(progress_module, "is_live", lambda: True)
    with progress("indexing", 2) as bar:
        bar.step("divine-cross/comprehensive@1.0.16")
        bar.step("fftcg/comprehensive@2.1.9")


def test_a_killed_worker_stops_the_check_with_a_message(
    some_files: list[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    import os
    import signal

    from judgekit import check_runs
    from rules_index.errors import JudgekitError

    def killed(*args: object) -> None:
        os.kill(os.getpid(), signal.SIGKILL)

    monkeypatch.setattr(check_runs, "_work", killed)
    with pytest.raises(JudgekitError, match="worker process of the check was killed"):
        list(check_files(some_files[:4], jobs=2))


def test_a_check_reads_the_libraries_catalog_once(some_files: list[Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """Looking at the libraries' manifests is done once per check, not once per file (counted, not timed)."""
    from rules_index import catalog as catalogs

    looks: list[int] = []
    real = catalogs.user_library

    def counted() -> Path:
        looks.append(1)
        return real()

    monkeypatch.setattr(catalogs, "user_library", counted)
    assert all(o.ok for o in check_files(some_files[:1], jobs=1))  # the catalog read and kept
    looks.clear()
    assert all(o.ok for o in check_files(some_files[:1], jobs=1))
    one = len(looks)
    looks.clear()
    outcomes = list(check_files(some_files, jobs=1))
    assert all(o.ok for o in outcomes), [o.error or o.findings for o in outcomes if not o.ok]
    assert len(looks) == one
