"""The README cannot rot: its examples run, and its two set-up commands are the real ones."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from judgekit.cli import app

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def examples() -> list[str]:
    """Every `.venv/bin/judgekit …` line of the code blocks marked ``<!-- readme-examples -->``."""
    lines: list[str] = []
    for block in re.findall(r"<!-- readme-examples -->\n```sh\n(.*?)```", README, flags=re.S):
        for line in block.splitlines():
            command = line.split("  #")[0].strip()
            if command.startswith(".venv/bin/judgekit "):
                lines.append(command)
    return lines


def session() -> list[str]:
    """The `.venv/bin/judgekit …` lines of the block marked ``<!-- readme-session -->``, in order."""
    block = re.search(r"<!-- readme-session -->\n```sh\n(.*?)```", README, flags=re.S)
    assert block is not None
    commands = [line.split("  #")[0].strip() for line in block.group(1).splitlines()]
    return [command for command in commands if command.startswith(".venv/bin/judgekit ")]


def test_bring_your_own_rulebook_session_runs_in_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's import session, run as a reader would: one library, one command after another."""
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("JUDGEKIT_LIBRARY", str(tmp_path / "library"))
    monkeypatch.setenv("JUDGEKIT_CACHE", str(tmp_path / "cache"))
    runner = CliRunner(env={"NO_COLOR": "1"})
    commands = session()
    assert len(commands) >= 6
    for command in commands:
        result = runner.invoke(app, shlex.split(command)[1:])
        assert result.exit_code == 0, f"{command}\n{result.stdout}\n{result.stderr}"
        assert result.stdout.strip(), command


def test_there_are_examples() -> None:
    assert len(examples()) >= 8


@pytest.mark.parametrize("command", examples())
def test_example_runs(command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    runner = CliRunner(env={"NO_COLOR": "1"})
    args = shlex.split(command)[1:]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, f"{command}\n{result.stdout}\n{result.stderr}"
    assert result.stdout.strip()


def test_two_setup_commands_and_ci_runs_the_test_command() -> None:
    block = re.search(r"## Set-up.*?```sh\n(.*?)```", README, flags=re.S)
    assert block is not None
    commands = [line.split("#")[0].strip() for line in block.group(1).splitlines() if line.strip()]
    assert commands == ["./main.sh", "./test.sh"]
    for command in commands:
        assert (ROOT / command).stat().st_mode & 0o111, f"{command} is not executable"
    assert "./test.sh" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
