"""The manifests: games, documents, versions, and their errors."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from rules_index.catalog import SOURCES, load_catalog
from rules_index.errors import ManifestError, UnknownDocumentError, UnknownGameError

SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"


def test_every_game_is_declared() -> None:
    catalog = load_catalog()
    assert [g.id for g in catalog.games] == ["code-of-joker", "dice-castle", "divine-cross", "fftcg"]
    assert catalog.game("DC").id == "divine-cross"
    assert catalog.game("fftcg").short == "FFTCG"


@pytest.mark.parametrize(
    ("game", "document", "kind", "version", "date"),
    [
        ("divine-cross", "comprehensive", "comprehensive-rules", "1.0.16", "2026-02-27"),
        ("divine-cross", "beginner", "beginner-sheet", "undated", ""),
        ("fftcg", "comprehensive", "comprehensive-rules", "2.1.9", "2023-07-28"),
        ("code-of-joker", "rules-page", "rules-page", "2016-08-21", "2016-08-21"),
        ("dice-castle", "detailed-rules", "detailed-rules", "第1版", ""),
    ],
)
def test_documents_and_versions(game: str, document: str, kind: str, version: str, date: str) -> None:
    info = load_catalog().game(game).document(document).latest
    assert (info.kind, info.version, info.date) == (kind, version, date)
    assert (SOURCES / info.path).is_file()


def test_default_document_is_the_comprehensive_rules() -> None:
    catalog = load_catalog()
    assert catalog.game("divine-cross").default_document.id == "comprehensive"
    assert catalog.game("code-of-joker").default_document.id == "rules-page"


def test_sources_are_the_published_files_unedited() -> None:
    """Each source is byte-identical to the file as published: its checksum is the one its manifest records.

    The checksums were taken from the published files (``shared/seeds``) when they were added;
    where that folder sits beside the clone, they are checked against it as well.
    """
    catalog = load_catalog()
    for info in catalog.all_documents():
        assert info.sha256, f"{info.path}: the manifest records no sha256"
        assert hashlib.sha256(catalog.path(info).read_bytes()).hexdigest() == info.sha256, info.path
    if SEEDS.is_dir():
        seeds = {hashlib.sha256(p.read_bytes()).hexdigest() for p in SEEDS.glob("*.txt")}
        assert {info.sha256 for info in catalog.all_documents()} == seeds


def test_unknown_names_are_clear_errors() -> None:
    catalog = load_catalog()
    with pytest.raises(UnknownGameError, match="unknown game 'magic'; games: code-of-joker"):
        catalog.game("magic")
    with pytest.raises(UnknownDocumentError, match="no document 'errata'"):
        catalog.game("fftcg").document("errata")
    with pytest.raises(UnknownDocumentError, match=r"no version '9\.9'; versions held: 2\.1\.9"):
        catalog.game("fftcg").document(None).version("9.9")


def test_bad_manifest_names_file_and_key(tmp_path: Path) -> None:
    game = tmp_path / "toy"
    game.mkdir()
    (game / "manifest.toml").write_text('id = "toy"\nshort = "T"\n[names]\nja = "x"\nen = "x"\n', encoding="utf-8")
    with pytest.raises(ManifestError, match=r"toy/manifest.toml: key 'documents' must be"):
        load_catalog(tmp_path)
    (game / "manifest.toml").write_text(
        'id = "toy"\nshort = "T"\n[names]\nja = "x"\nen = "x"\n'
        '[[documents]]\nid = "r"\nkind = "k"\ntitle = "t"\nparser = "magic"\n',
        encoding="utf-8",
    )
    with pytest.raises(ManifestError, match=r"documents\[0\].parser is 'magic'; expected one of numbered, outline"):
        load_catalog(tmp_path)
