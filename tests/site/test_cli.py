"""``judgekit build`` and ``judgekit serve``."""

from __future__ import annotations

import re
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from typer.testing import CliRunner

from judgekit.cli import app
from judgekit.i18n import LANG_ENV


def test_build_writes_the_site_and_says_where_to_open_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(LANG_ENV, "en")  # --lang sets it: put back (unset) after the test
    out = tmp_path / "out"
    home = (out / "index.html").resolve().as_uri()
    result = CliRunner().invoke(app, ["--lang", "en", "build", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == f"open {home}"
    assert re.search(r"built \d+ pages \(\d+ files\) in [\d.]+s", result.stderr)
    assert (out / "divine-cross/comprehensive/1.0.16/r/704.6c-1.html").is_file()
    # In Japanese too: the same folder again, where nothing changed.
    result = CliRunner().invoke(app, ["--lang", "ja", "build", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == f"開く: {home}"
    assert re.search(r"前回の作成から変更なし（\d+ ページ）: ", result.stderr)
    said = [line for line in result.stderr.replace(str(out), "").splitlines() if not line.startswith("警告: ")]
    assert not re.search(r"[a-z]{3,}", "\n".join(said))  # no English word but the folder (and warnings' data)


def test_build_refuses_a_folder_it_did_not_write(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(LANG_ENV, "en")
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    result = CliRunner().invoke(app, ["--lang", "en", "build", "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert "is not a site judgekit built" in result.stderr
    result = CliRunner().invoke(app, ["--lang", "ja", "build", "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert f"{tmp_path.resolve()} は既にあり、judgekit が作成したサイトではありません" in result.stderr
    assert (tmp_path / "notes.txt").is_file()


def test_serve_needs_a_built_site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(LANG_ENV, "en")
    none = str(tmp_path / "none")
    result = CliRunner().invoke(app, ["--lang", "en", "serve", "--no-build", "--out", none])
    assert result.exit_code == 2
    assert "no site at" in result.stderr
    result = CliRunner().invoke(app, ["--lang", "ja", "serve", "--no-build", "--out", none])
    assert result.exit_code == 2
    assert "にサイトがありません。先に `judgekit build --out" in result.stderr


def test_serve_previews_on_localhost(site_dir: Path) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "judgekit", "serve", "--no-build", "--out", str(site_dir), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        match = re.search(r"at (http://127\.0\.0\.1:\d+/)", line)
        assert match, line
        with urllib.request.urlopen(match.group(1) + "search-index.js", timeout=10) as response:
            assert response.headers["Content-Type"] == "text/javascript; charset=utf-8"
            assert response.read(30).startswith(b"window.JUDGEKIT_SEARCH = ")
    finally:
        proc.terminate()
        proc.wait(timeout=10)
