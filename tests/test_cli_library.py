"""``judgekit import`` and the user's rules library, as a judge or rules editor uses them."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from judgekit.cli import app
from rules_index.catalog import LIBRARY_ENV, SOURCES, load_catalog

BOOKS = Path(__file__).resolve().parent / "data" / "books"
runner = CliRunner()


def invoke(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def files(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()) if folder.exists() else []


@pytest.fixture
def library(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh user library, with the index cache of its own.

    ``--library`` sets ``$JUDGEKIT_LIBRARY`` for the process; the test's value is restored after it.
    """
    monkeypatch.setenv("JUDGEKIT_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv(LIBRARY_ENV, os.environ.get(LIBRARY_ENV, ""))
    return tmp_path / "library"


def test_import_a_new_game_from_text_then_look_it_up(library: Path) -> None:
    book = BOOKS / "mtg-cr-en-2020-04-17.txt"
    code, out, err = invoke(
        "import",
        str(book),
        "--game",
        "mtg",
        "--version",
        "2020-04-17",
        "--date",
        "2020-04-17",
        "--library",
        str(library),
    )
    assert code == 0, err
    assert "imported mtg comprehensive 2020-04-17 (new game)" in out
    assert "numbering: three-digit; rules found: 2576" in out
    assert "glossary" in out and "lines not placed: 0" in out
    assert files(library) == ["mtg/comprehensive-2020-04-17.txt", "mtg/manifest.toml"]
    assert (library / "mtg" / "comprehensive-2020-04-17.txt").read_bytes() == book.read_bytes()
    manifest = tomllib.loads((library / "mtg" / "manifest.toml").read_text(encoding="utf-8"))
    version = manifest["documents"][0]["versions"][0]
    assert version["sha256"] == hashlib.sha256(book.read_bytes()).hexdigest()

    code, out, err = invoke("--library", str(library), "rule", "mtg", "116.2g")
    assert code == 0, err
    assert out.startswith("MTG 116.2g") and "planar die" in out
    code, out, _ = invoke("--library", str(library), "search", "mtg", "Two-Headed Giant", "--limit", "2")
    assert code == 0 and "810" in out
    code, out, _ = invoke("--library", str(library), "rule", "mtg", "Glossary/Absorb", "--format", "json")
    assert json.loads(out)["text"].startswith("A keyword ability that prevents damage.")
    code, out, _ = invoke("--library", str(library), "games")
    assert "mtg (MTG)" in out and "divine-cross (DC)" in out


def test_import_a_pdf_keeps_the_pdf_and_its_extracted_text(library: Path) -> None:
    pdf = BOOKS / "lovelive-ocg-cr-ja-1.05.pdf"
    code, out, err = invoke(
        "import", str(pdf), "--game", "lovelive", "--version", "1.05", "--library", str(library), "--format", "json"
    )
    assert code == 0, err
    report = json.loads(out)
    assert report["new_game"] is True
    assert report["report"]["pages"] == 16
    assert report["report"]["rules"] == 512
    assert report["report"]["changelog"] == ["1.00", "1.01", "1.02", "1.03", "1.04", "1.05"]
    assert report["report"]["unplaced"] == []
    assert files(library) == [
        "lovelive/comprehensive-1.05.pdf",
        "lovelive/comprehensive-1.05.txt",
        "lovelive/manifest.toml",
    ]
    assert (library / "lovelive" / "comprehensive-1.05.pdf").read_bytes() == pdf.read_bytes()
    # The parse can be reproduced from the files: the catalog reads the extracted text.
    catalog = load_catalog(library=library)
    info = catalog.game("lovelive").document(None).latest
    assert info.source == "lovelive/comprehensive-1.05.pdf"
    code, out, _ = invoke("--library", str(library), "rule", "lovelive", "1.2.1.1", "--format", "json")
    assert code == 0 and "3 枚以上" in json.loads(out)["text"]


def test_a_new_edition_of_a_built_in_game_joins_it_without_touching_the_package(library: Path, tmp_path: Path) -> None:
    before = files(SOURCES)
    edition = tmp_path / "dc-1.0.17.txt"
    text = (SOURCES / "divine-cross" / "comprehensive-1.0.16.txt").read_text(encoding="utf-8")
    edition.write_text(text.replace("ver.1.0.16", "ver.1.0.17"), encoding="utf-8")
    code, out, err = invoke(
        "import", str(edition), "--game", "divine-cross", "--version", "1.0.17", "--date", "2026-06-01",
        "--library", str(library),
    )  # fmt: skip
    assert code == 0, err
    assert "(new edition)" in out
    assert files(SOURCES) == before
    versions = [v.version for v in load_catalog(library=library).game("divine-cross").document(None).versions]
    assert versions == ["1.0.16", "1.0.17"]
    code, out, err = invoke("--library", str(library), "diff", "divine-cross", "1.0.16", "1.0.17")
    assert code == 0, err


def test_an_edition_already_held_is_refused_and_nothing_is_written(library: Path) -> None:
    book = BOOKS / "lovelive-ocg-cr-ja-1.05.txt"
    assert invoke("import", str(book), "--game", "ll", "--version", "1.05", "--library", str(library))[0] == 0
    before = {p: p.read_bytes() for p in library.rglob("*") if p.is_file()}
    code, out, err = invoke("import", str(book), "--game", "ll", "--version", "1.05", "--library", str(library))
    assert code == 2
    assert "version '1.05' is already held" in err and "Traceback" not in err + out
    assert {p: p.read_bytes() for p in library.rglob("*") if p.is_file()} == before


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"Just a letter.\nDear judge, no rules here.\n", "no numbering scheme found"),
        (b"\x00\x01\x02binary", "binary file"),
    ],
)
def test_a_file_that_is_no_rulebook_writes_nothing(library: Path, tmp_path: Path, content: bytes, message: str) -> None:
    file = tmp_path / "notes.txt"
    file.write_bytes(content)
    code, out, err = invoke("import", str(file), "--game", "notes", "--version", "1", "--library", str(library))
    assert code == 2
    assert message in err and "notes.txt" in err
    assert "Traceback" not in out + err
    assert files(library) == []


def test_two_columns_merged_side_by_side_are_refused(library: Path, tmp_path: Path) -> None:
    lines = [
        line.strip()
        for line in (BOOKS / "lovelive-ocg-cr-ja-1.05.txt").read_text(encoding="utf-8").split("\n")
        if line[:1].isdigit() and line.count(".") >= 3
    ]
    merged = tmp_path / "merged.txt"
    merged.write_text("\n".join(f"{a:<40}    {b}" for a, b in zip(lines[::2], lines[1::2], strict=False)), "utf-8")
    code, _, err = invoke("import", str(merged), "--game", "ll", "--version", "1", "--library", str(library))
    assert code == 2
    assert "two columns seem merged side by side" in err and re.search(r"line \d+: ", err)
    assert files(library) == []


def test_a_pdf_without_a_text_layer_is_a_clear_error(library: Path, tmp_path: Path) -> None:
    import pypdfium2 as pdfium

    scan = tmp_path / "scan.pdf"
    document = pdfium.PdfDocument.new()
    document.new_page(595, 842)
    document.save(str(scan))
    document.close()
    code, out, err = invoke("import", str(scan), "--game", "scan", "--version", "1", "--library", str(library))
    assert code == 2
    assert "no text layer" in err and "Traceback" not in out + err
    assert files(library) == []


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "Bad Id", "--version", "1"], "--game 'Bad Id'"),
        (["--game", "ok", "--version", "1", "--date", "31/03/2026"], "--date '31/03/2026': expected YYYY-MM-DD"),
        (["--game", "ok", "--version", "a/b"], "--version 'a/b'"),
        (["--game", "dc", "--version", "1"], "would be confused with divine-cross (DC)"),
        (["--game", "new", "--short", "FFTCG", "--version", "1"], "would be confused with fftcg"),
    ],
)
def test_bad_arguments_are_errors_that_say_what_was_expected(library: Path, args: list[str], message: str) -> None:
    code, _, err = invoke("import", str(BOOKS / "lovelive-ocg-cr-ja-1.05.txt"), *args, "--library", str(library))
    assert code == 2 and message in err
    assert files(library) == []


def test_a_missing_file_is_an_error(library: Path) -> None:
    code, _, err = invoke("import", "no-such-file.pdf", "--game", "x", "--version", "1", "--library", str(library))
    assert code == 2 and "no-such-file.pdf: no such file" in err


def test_the_built_in_library_is_never_written(library: Path) -> None:
    code, _, err = invoke(
        "import",
        str(BOOKS / "lovelive-ocg-cr-ja-1.05.txt"),
        "--game",
        "ll",
        "--version",
        "1",
        "--library",
        str(SOURCES),
    )
    assert code == 2 and "the library judgekit ships" in err


def test_dry_run_reports_and_writes_nothing(library: Path) -> None:
    code, out, _ = invoke(
        "import", str(BOOKS / "mtg-cr-en-2020-06-01.txt"), "--game", "mtg", "--version", "2020-06-01", "--dry-run",
        "--library", str(library),
    )  # fmt: skip
    assert code == 0 and out.startswith("would import mtg")
    assert files(library) == []


def test_the_user_library_comes_from_the_environment(library: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUDGEKIT_LIBRARY", str(library))
    shutil.copytree(BOOKS, library.parent / "books-copy")
    code, _, err = invoke("import", str(library.parent / "books-copy" / "lovelive-ocg-cr-ja-1.05.txt"), "--game",
                          "ll", "--version", "1.05")  # fmt: skip
    assert code == 0, err
    assert files(library) == ["ll/comprehensive-1.05.txt", "ll/manifest.toml"]
    code, out, _ = invoke("rule", "ll", "1.1.1")
    assert code == 0 and "2 名" in out
