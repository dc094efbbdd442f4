"""The start-up fast path answers a plain `judgekit rule` exactly as the typer command does, and nothing else."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from judgekit.cli import app
from judgekit.commands import output
from judgekit.commands.fast import IndexArgs, RuleArgs, parse_index_args, parse_rule_args, run_fast
from judgekit.i18n import LANG_ENV

ROOT = Path(__file__).resolve().parents[1]

ANSWERED = [
    ["rule", "divine-cross", "704.6c-1"],
    ["rule", "DC", "704.6c-1."],
    ["rule", "fftcg", "12.4.5", "--format", "json"],
    ["rule", "fftcg", "--format=json", "15.1.1.9.5"],
    ["rule", "-f", "json", "code-of-joker", "キーワード能力/アイコン/不屈"],
    ["rule", "dice-castle", "カウンター"],
    ["rule", "divine-cross", "1", "--document", "beginner"],
    ["rule", "divine-cross", "704.6c-1", "-d", "comprehensive", "-v", "1.0.16"],
    ["rule", "divine-cross", "704.6c-1", "--version=1.0.16", "--format", "text"],
    ["rule", "divine-cross", "704.6e"],  # unknown: the nearest ids, exit 2
    ["rule", "divine-cross", "704.6c-1", "--version", "9.9"],
    ["rule", "divine-cross", "704.6c-1", "--document", "nope"],
    ["rule", "no-such-game", "1"],
    ["rule", "divine-cross", ""],
    ["index"],
    ["index", "--format", "json"],
    ["index", "-f", "json"],
    ["--lang", "ja", "rule", "divine-cross", "704.6c"],
    ["--lang", "en", "rule", "divine-cross", "704.6c"],
    ["--lang=ja", "-L", "lib", "rule", "fftcg", "12.4.5"],
    ["--lang", "ja", "rule", "divine-cross", "704.6e"],  # the error's frame in Japanese
    ["--lang", "ja", "rule", "lovelive", "8.3.1"],  # an unknown game
    ["--lang", "ja", "index"],
    ["--lang", "ja", "index", "--format", "json"],
]

LEFT_TO_TYPER = [
    [],
    ["--help"],
    ["rule"],
    ["rule", "divine-cross"],
    ["rule", "divine-cross", "704.6c-1", "extra"],
    ["rule", "divine-cross", "704.6c-1", "--help"],
    ["rule", "divine-cross", "704.6c-1", "--format", "xml"],
    ["rule", "divine-cross", "704.6c-1", "--format"],
    ["rule", "divine-cross", "704.6c-1", "-f", "json", "-f", "text"],
    ["rule", "divine-cross", "704.6c-1", "-fjson"],
    ["rule", "divine-cross", "704.6c-1", "--unknown", "x"],
    ["rule", "--", "divine-cross", "704.6c-1"],
    ["rule", "divine-cross", "-"],
    ["--lang", "fr", "rule", "divine-cross", "704.6c-1"],  # typer says which languages there are
    ["--lang", "ja", "--lang", "en", "rule", "divine-cross", "704.6c-1"],
    ["search", "divine-cross", "有利"],
    ["games"],
    ["-L", "lib", "games"],
    ["index", "extra"],
    ["index", "--format", "xml"],
    ["index", "--help"],
    ["index", "-f=json"],
]


@pytest.fixture
def cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path_factory.getbasetemp() / "fast-path-cache"
    monkeypatch.setenv("JUDGEKIT_CACHE", str(folder))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.delenv(LANG_ENV, raising=False)  # --lang sets it: put back after each test
    return folder


@pytest.mark.parametrize("argv", ANSWERED, ids=lambda a: " ".join(a) or "(nothing)")
def test_the_fast_path_prints_what_the_typer_command_prints(
    argv: list[str], cache: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    expected = CliRunner().invoke(app, argv)
    code = run_fast(argv)
    got = capsys.readouterr()
    assert code == expected.exit_code
    assert got.out == expected.stdout
    assert got.err == expected.stderr
    assert code == 0 or got.err.startswith("エラー: " if "ja" in " ".join(argv) else "error: ")


def test_the_fast_path_speaks_the_chosen_language(cache: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert parse_rule_args(["--lang", "ja", "rule", "dc", "1"]) == RuleArgs("dc", "1", lang="ja")
    assert run_fast(["--lang", "ja", "rule", "divine-cross", "704.6c"]) == 0
    out = capsys.readouterr().out
    assert "\n下位のルール:\n" in out and "\n出典: divine-cross/" in out and "children:" not in out
    assert run_fast(["--lang", "en", "rule", "divine-cross", "704.6c"]) == 0
    out = capsys.readouterr().out
    assert "\nchildren:\n" in out and "\nsource: divine-cross/" in out


@pytest.mark.parametrize("argv", LEFT_TO_TYPER, ids=lambda a: " ".join(a) or "(nothing)")
def test_every_other_command_line_is_left_to_typer(argv: list[str]) -> None:
    assert parse_rule_args(argv) is None and parse_index_args(argv) is None
    assert run_fast(argv) is None


def test_the_library_option_before_the_command_is_honoured(
    tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("JUDGEKIT_LIBRARY", raising=False)
    assert parse_rule_args(["--library", "lib/", "rule", "dc", "1"]) == RuleArgs("dc", "1", library="lib/")
    assert parse_rule_args(["-L=x", "rule", "dc", "1"]) is None
    assert parse_index_args(["--library=lib", "index", "-f", "json"]) == IndexArgs(as_json=True, library="lib")
    library = tmp_path / "library"
    monkeypatch.setenv("JUDGEKIT_LIBRARY", "/elsewhere")
    assert run_fast(["-L", f"{library}/", "rule", "divine-cross", "704.6c-1"]) == 0
    assert os.environ["JUDGEKIT_LIBRARY"] == str(library)
    assert "DC 704.6c-1" in capsys.readouterr().out


def test_the_styles_are_those_typer_writes() -> None:
    assert output.emphasis("x", True) == typer.style("x", fg=typer.colors.YELLOW, bold=True)
    assert output.dim("x", True) == typer.style("x", dim=True)
    assert output.emphasis("x", False) == "«x»" and output.dim("x", False) == "x"


def run_console(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    code = (
        "import sys\n"
        f"sys.argv = ['judgekit', *{list(args)!r}]\n"
        "from judgekit.__main__ import main\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as exc:\n"
        "    code = exc.code\n"
        "heavy = [m for m in ('typer', 'click', 'pydantic', 'rich', 'networkx', 'rules_index.terms',"
        " 'rules_index.refs', 'rules_index.pipeline') if m in sys.modules]\n"
        "print('imported:', heavy, 'exit:', code, file=sys.stderr)\n"
    )
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT)


def test_a_look_up_imports_neither_typer_nor_the_parsers(cache: Path) -> None:
    env = {**os.environ, "JUDGEKIT_CACHE": str(cache), "NO_COLOR": "1"}
    run_console("rule", "divine-cross", "704.6c-1", env=env)  # the cache is warm after this one
    done = run_console("rule", "divine-cross", "704.6c-1", env=env)
    assert done.stdout.startswith("DC 704.6c-1")
    assert done.stderr.strip() == "imported: [] exit: 0"
    help_ = run_console("--help", env=env)
    assert "Usage" in help_.stdout and "'typer'" in help_.stderr
