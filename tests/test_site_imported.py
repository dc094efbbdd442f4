"""The site works on a book a user imported exactly as on the built-in ones.

A small English rulebook in two editions is imported into a library of its own (the second
edition inserts a subrule and renumbers the one after it), and the site is built from that
library alone, so the test stays quick.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from judgekit.site.build import build_site
from rules_index.catalog import load_catalog
from rules_index.graph import build_index
from rules_index.library import plan_import, write_import

FIRST = (
    "Toy Game Comprehensive Rules\n\nContents\n1. Basics\nGlossary\n\n1. Basics\n\n100. General\n\n"
    "100.1. The game is for two players.\n\n100.1a Each player has a deck.\n\n100.1b Each player has a hand.\n\n"
    "101. Turns\n\n101.1. Players take turns. See rule 100.1b.\n\n"
    "Glossary\n\nDeck\nThe cards a player brings. See rule 100.1a.\n\nHand\nThe cards a player holds.\n"
)
INSERTED = "100.1b Each player has a sideboard.\n\n100.1c Each player has a hand."
SECOND = FIRST.replace("100.1b Each player has a hand.", INSERTED).replace("See rule 100.1b.", "See rule 100.1c.")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("imported-site")
    library = folder / "library"
    for name, text, version in (("v1.txt", FIRST, "1.0"), ("v2.txt", SECOND, "1.1")):
        (folder / name).write_text(text, encoding="utf-8")
        write_import(plan_import(folder / name, game="toy", version=version, library=library, name="Toy Game"))
    report = build_site(folder / "site", index=build_index(load_catalog(root=library)), scenarios=[])
    assert report.warnings == ()
    return folder / "site"


def read(site: Path, path: str) -> str:
    """A page's HTML; an old address that now redirects is followed to the page it names."""
    page = site / path
    html = page.read_text(encoding="utf-8")
    moved = re.search(r'<meta http-equiv="refresh" content="0; url=([^"]+)"', html)
    return (page.parent / moved.group(1)).read_text(encoding="utf-8") if moved else html


def test_the_old_addresses_of_an_english_book_redirect_in_english(site: Path) -> None:
    redirects = [
        page
        for page in sorted((site / "toy" / "comprehensive" / "1.1").glob("[rs]/*.html"))
        if 'http-equiv="refresh"' in page.read_text(encoding="utf-8")
    ]
    assert redirects
    for page in redirects:
        assert '<html lang="en">' in page.read_text(encoding="utf-8"), page


def test_every_rule_of_every_edition_has_its_page(site: Path) -> None:
    for version, ids in (("1.0", ["100.1a", "100.1b", "101.1"]), ("1.1", ["100.1a", "100.1b", "100.1c", "101.1"])):
        for rule_id in ids:
            assert (site / "toy" / "comprehensive" / version / "r" / f"{rule_id}.html").is_file(), (version, rule_id)
    page = read(site, "toy/comprehensive/1.1/r/100.1c.html")
    assert "Each player has a hand." in page


def test_the_glossary_defines_terms_linked_from_rule_text(site: Path) -> None:
    glossary = read(site, "toy/glossary.html")
    assert "Deck</dt>" in glossary and "Glossary/Deck</a>" in glossary
    assert "The cards a player brings." in read(site, "toy/comprehensive/1.1/r/Glossary-Deck-f4bf650d.html")
    page = read(site, "toy/comprehensive/1.1/r/100.1a.html")
    assert re.search(r'<a href="[^"]*" class="term"[^>]*>deck</a>', page)  # "deck" links to its definition


def test_the_diff_page_shows_the_insertion_and_the_renumbering(site: Path) -> None:
    diff = read(site, "toy/diff/comprehensive--1.0--1.1.html")
    assert "100.1b" in diff and "100.1c" in diff
    assert "renumbered" in diff.lower()


def test_history_and_search_include_the_imported_book(site: Path) -> None:
    assert "1.1" in read(site, "toy/history.html")
    assert "toy/comprehensive/1.1" in read(site, "search-index.js")
