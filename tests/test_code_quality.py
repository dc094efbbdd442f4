"""The code stays as STYLE.md asks: ruff clean everywhere, mypy strict on the packages."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False)


def test_ruff_is_clean() -> None:
    result = run("ruff", "check", "--output-format", "concise", "judgekit", "rules_index", "tests", "bench")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_is_clean_on_the_packages() -> None:
    result = run("mypy", "--no-error-summary")
    assert result.returncode == 0, result.stdout + result.stderr
