"""The index cache: one file per book, read only when that book is asked for, rebuilt when stale."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rules_index.catalog import SOURCES, load_catalog
from rules_index.diff import HeldVersion
from rules_index.graph import BookCache, build_book_index, build_index, dump_book, load_book, load_index
from rules_index.model import Reference, Term, TermUse


@pytest.fixture
def library(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    sources = tmp_path / "sources"
    shutil.copytree(SOURCES, sources)
    monkeypatch.setenv("JUDGEKIT_CACHE", str(tmp_path / "cache"))
    return sources


def cached_files(library: Path) -> list[Path]:
    return sorted((library.parent / "cache" / "books").glob("*.pickle"))


def test_a_look_up_reads_and_writes_only_the_book_it_needs(library: Path) -> None:
    index = load_index(load_catalog(library))
    assert isinstance(index.books, BookCache)
    assert index.rule("divine-cross", "704.6c-1").id == "704.6c-1"
    assert len(cached_files(library)) == 1
    again = load_index(load_catalog(library))
    assert again.rule("divine-cross", "704.6c-1") == index.rule("divine-cross", "704.6c-1")
    assert len(cached_files(library)) == 1


def test_every_book_from_the_cache_equals_a_fresh_parse(library: Path) -> None:
    catalog = load_catalog(library)
    fresh = build_index(catalog)
    load_index(catalog).load_all()
    assert len(cached_files(library)) == 5
    cached = load_index(load_catalog(library))
    assert list(cached.books) == list(fresh.books)
    for key, book in fresh.books.items():
        got = cached.books[key]
        assert got.book == book.book
        assert (got.rules, got.references, got.terms, got.uses, got.lint, got.children) == (
            book.rules,
            book.references,
            book.terms,
            book.uses,
            book.lint,
            book.children,
        )


def test_a_changed_source_rebuilds_that_book_only(library: Path) -> None:
    load_index(load_catalog(library)).load_all()
    before = {p.name for p in cached_files(library)}
    path = library / "fftcg" / "comprehensive-2.1.9.txt"
    path.write_text(path.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    index = load_index(load_catalog(library))
    assert index.book("fftcg").info.version == "2.1.9"
    after = {p.name for p in cached_files(library)}
    assert len(after) == 5, "the stale file of the changed book is removed"
    assert len(before - after) == 1 and len(after - before) == 1
    assert isinstance(index.books, BookCache)
    assert index.books.cache_key(("fftcg", "comprehensive", "2.1.9")) in (after - before).pop()


def test_a_broken_cache_file_is_rebuilt(library: Path) -> None:
    load_index(load_catalog(library)).book("dice-castle")
    (broken,) = cached_files(library)
    broken.write_bytes(b"not a pickle")
    index = load_index(load_catalog(library))
    assert index.book("dice-castle").rules
    assert load_book(broken.read_bytes()).info.game == "dice-castle"


def test_an_unwritable_cache_is_not_an_error(library: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = library.parent / "blocked"
    blocker.write_text("a file where the cache folder would be", encoding="utf-8")
    monkeypatch.setenv("JUDGEKIT_CACHE", str(blocker))
    assert load_index(load_catalog(library)).rule("fftcg", "12.4.5").id == "12.4.5"


def test_a_book_round_trips_through_its_cache_form() -> None:
    catalog = load_catalog()
    info = catalog.game("divine-cross").default_document.latest
    from rules_index.catalog import parse_document

    book = build_book_index(parse_document(catalog, info))
    again = load_book(dump_book(book))
    assert again.book == book.book and again.uses == book.uses and again.children == book.children
    assert isinstance(again.references[0], Reference) and isinstance(again.terms[0], Term)
    assert isinstance(again.uses[0], TermUse)


def test_the_look_up_path_does_not_import_the_parsers_or_networkx() -> None:
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from rules_index.graph import load_index\n"
        "load_index().rule('divine-cross', '704.6c-1')\n"
        "heavy = [m for m in ('rules_index.terms', 'rules_index.refs', 'rules_index.numbered', 'networkx', "
        "'pydantic', 'typer', 'rich') if m in sys.modules]\n"
        "print(heavy)\n"
    )
    warm = "from rules_index.graph import load_index; load_index().book('divine-cross')"
    subprocess.run([sys.executable, "-c", warm], check=True)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_catalog_knows_every_parser_of_the_pipeline() -> None:
    from rules_index.catalog import PARSER_NAMES
    from rules_index.pipeline import PARSERS

    assert sorted(PARSER_NAMES) == sorted(PARSERS)


def test_the_graph_size_is_counted_as_networkx_counts_it() -> None:
    index = build_index(load_catalog())
    size = index.graph_size()
    assert size == (index.graph.number_of_nodes(), index.graph.number_of_edges())
    assert size[0] > 1500 and size[1] > size[0]


def test_a_held_version_is_keyed_by_its_book_cache_key_and_read_only_on_demand(library: Path) -> None:
    index = load_index(load_catalog(library))
    assert isinstance(index.books, BookCache)
    key = ("fftcg", "comprehensive", "2.1.9")
    held = index.held_version(key)
    assert isinstance(held, HeldVersion)
    assert (held.version, held.fingerprint) == ("2.1.9", f"book:{index.books.cache_key(key)}")
    assert cached_files(library) == []  # nothing read or parsed yet
    assert held.load() == build_index(load_catalog(library)).books[key].book
    assert len(cached_files(library)) == 1
    fresh = build_index(load_catalog(library))
    assert fresh.held_version(key) is fresh.books[key].book  # held in memory already
