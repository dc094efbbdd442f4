"""A warm look-up is answered from the views judgekit.commands.quick keeps, exactly as through the index, and
only while nothing it was made from has changed."""

from __future__ import annotations

import ast
import inspect
import os
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

import rules_index.graph
from judgekit.cli import app
from judgekit.commands import lookup, quick
from judgekit.commands.fast import run_fast
from judgekit.i18n import LANG_ENV
from rules_index.catalog import LIBRARY_ENV
from rules_index.graph import load_index

ROOTS = Path(__file__).resolve().parent / "roots"
LONG_AGO = 1_600_000_000  # files older than quick.RACY_NS, as a library is when it is read days after it was written

KEPT = [
    ["rule", "divine-cross", "704.6c-1"],
    ["rule", "DC", "704.6c-1."],
    ["rule", "divine-cross", "704.6c-1", "-d", "comprehensive", "-v", "1.0.16"],
    ["rule", "divine-cross", "204.2a"],  # a text with an icon
    ["rule", "fftcg", "12.4.5", "--format", "json"],
    ["rule", "code-of-joker", "キーワード能力/アイコン/不屈"],  # ∕ typed as /
    ["rule", "dice-castle", "ゲーム全体のルール/公開情報と非公開情報"],
    ["--lang", "ja", "rule", "divine-cross", "704.6c"],
    ["--lang", "ja", "rule", "divine-cross", "204.2a"],
    ["--lang", "en", "rule", "divine-cross", "704.6c"],
]


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("JUDGEKIT_CACHE", str(folder))
    monkeypatch.setenv(LIBRARY_ENV, str(tmp_path / "no-library"))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.delenv(LANG_ENV, raising=False)
    # The checkout's code and catalogs may have been edited a moment ago (while others work in the
    # same tree): only the test of that rule keeps it.
    monkeypatch.setattr(quick, "RACY_NS", 0)
    return folder


def no_index(*args: object, **kwargs: object) -> None:
    raise AssertionError("the look-up went through the index")


@pytest.mark.parametrize("argv", KEPT, ids=" ".join)
def test_a_kept_answer_prints_what_the_index_prints(
    argv: list[str], cache: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_fast(argv) == 0  # through the index: keeps the book's views
    through_index = capsys.readouterr()
    monkeypatch.setattr(rules_index.graph, "load_index", no_index)
    assert run_fast(argv) == 0
    kept = capsys.readouterr()
    assert kept.out == through_index.out and kept.err == through_index.err == ""
    monkeypatch.undo()
    assert kept.out == CliRunner().invoke(app, argv).stdout


def test_what_is_not_kept_goes_through_the_index(cache: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert quick.answer("divine-cross", "704.6c-1", None, None) is None  # nothing kept yet
    assert run_fast(["rule", "divine-cross", "704.6c-1"]) == 0
    assert quick.answer("divine-cross", "704.6c-1", None, None) is not None
    assert quick.answer("dc", "704.6c-1", "comprehensive", None) is not None
    assert quick.answer("divine-cross", "704.6e", None, None) is None  # the index names the nearest ids
    assert quick.answer("fftcg", "12.4.5", None, None) is None  # a book not looked up yet
    assert quick.answer("divine-cross", "704.6c-1", None, "9.9") is None
    capsys.readouterr()
    assert run_fast(["rule", "divine-cross", "704.6e"]) == 2
    assert "704.6c" in capsys.readouterr().err


def test_a_damaged_state_is_no_answer(cache: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run_fast(["rule", "divine-cross", "704.6c-1"]) == 0
    state = cache / "lookup" / quick.STATE
    state.write_bytes(state.read_bytes()[:100])
    assert quick.answer("divine-cross", "704.6c-1", None, None) is None
    assert run_fast(["rule", "divine-cross", "704.6c-1"]) == 0
    assert quick.answer("divine-cross", "704.6c-1", None, None) is not None


def test_a_damaged_answer_file_is_written_again(cache: Path) -> None:
    assert run_fast(["rule", "divine-cross", "704.6c-1"]) == 0
    (views,) = [p for p in (cache / "lookup").iterdir() if p.name != quick.STATE]
    views.write_bytes(views.read_bytes()[:1000])
    assert quick.answer("divine-cross", "704.6c-1", None, None) is None
    assert run_fast(["rule", "divine-cross", "704.6c-1"]) == 0
    assert quick.answer("divine-cross", "704.6c-1", None, None) is not None


def write_library(folder: Path, text: str) -> Path:
    game = folder / "mini"
    game.mkdir(parents=True)
    (game / "rules.txt").write_text(text, encoding="utf-8")
    (game / "manifest.toml").write_text(
        'id = "mini"\nshort = "MINI"\n[names]\nja = "ミニ"\nen = "Mini"\n'
        '[[documents]]\nid = "comprehensive"\nkind = "comprehensive-rules"\ntitle = "ミニ総合ルール"\n'
        'parser = "numbered"\ndefault = true\n[[documents.versions]]\nversion = "0.0.1"\nfile = "rules.txt"\n',
        encoding="utf-8",
    )
    age(folder)
    return folder


def age(folder: Path, when: int = LONG_AGO) -> None:
    for path in [folder, *folder.rglob("*")]:
        os.utime(path, (when, when))


def test_a_changed_source_manifest_or_library_is_read_again(
    tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (ROOTS / "numbered-divine-cross-mini" / "rules.txt").read_text(encoding="utf-8")
    library = write_library(tmp_path / "library", text)
    monkeypatch.setenv(LIBRARY_ENV, str(library))
    assert run_fast(["rule", "mini", "101.1"]) == 0
    assert "最初の規則です。" in capsys.readouterr().out
    assert quick.answer("mini", "101.1", None, None) is not None

    source = library / "mini" / "rules.txt"
    source.write_text(text.replace("最初の規則です。", "書き換えた規則です。"), encoding="utf-8")
    age(library, LONG_AGO + 60)
    assert quick.answer("mini", "101.1", None, None) is None
    assert run_fast(["rule", "mini", "101.1"]) == 0
    assert "書き換えた規則です。" in capsys.readouterr().out
    assert quick.answer("mini", "101.1", None, None) is not None

    manifest = library / "mini" / "manifest.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace('"MINI"', '"MN"'), encoding="utf-8")
    age(library, LONG_AGO + 120)
    assert quick.answer("mini", "101.1", None, None) is None
    assert run_fast(["rule", "mini", "101.1"]) == 0
    assert capsys.readouterr().out.startswith("MN 101.1")

    shutil.copytree(library / "mini", library / "other")  # a new game folder (same id: the index refuses it)
    assert quick.answer("mini", "101.1", None, None) is None


def test_a_file_changed_just_now_keeps_nothing(
    tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (ROOTS / "numbered-divine-cross-mini" / "rules.txt").read_text(encoding="utf-8")
    library = write_library(tmp_path / "library", text)
    (library / "mini" / "rules.txt").write_text(text + "\n", encoding="utf-8")  # modified now: could change unseen
    monkeypatch.setattr(quick, "RACY_NS", 2_000_000_000)
    monkeypatch.setenv(LIBRARY_ENV, str(library))
    assert run_fast(["rule", "mini", "101.1"]) == 0
    assert quick.answer("mini", "101.1", None, None) is None


def test_each_library_keeps_its_own_answers(
    tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (ROOTS / "numbered-divine-cross-mini" / "rules.txt").read_text(encoding="utf-8")
    library = write_library(tmp_path / "library", text)
    assert run_fast(["rule", "divine-cross", "704.6c-1"]) == 0
    assert run_fast(["-L", str(library), "rule", "mini", "101.1"]) == 0
    assert quick.answer("mini", "101.1", None, None) is not None
    monkeypatch.setenv(LIBRARY_ENV, str(tmp_path / "no-library"))
    assert quick.answer("mini", "101.1", None, None) is None
    assert quick.answer("divine-cross", "704.6c-1", None, None) is not None


def test_the_book_links_answer_as_the_index_does() -> None:
    index = load_index(use_cache=False)
    for bi in index.books.values():
        links = lookup.BookLinks(bi)
        for rule_id in bi.rules:
            assert links.references_from(bi, rule_id) == index.references_from(bi, rule_id)
            assert links.references_to(bi, rule_id) == index.references_to(bi, rule_id)
            assert links.terms_defined_by(bi, rule_id) == index.terms_defined_by(bi, rule_id)
            assert links.terms_used_in(bi, rule_id) == index.terms_used_in(bi, rule_id)


def test_every_id_typed_with_a_slash_is_the_rule_the_index_finds(cache: Path) -> None:
    index = load_index()
    bi = index.book("code-of-joker")
    views = quick._views_by_id(index, bi)
    aliases = [typed for typed in views if typed not in bi.rules]
    assert aliases
    for typed in aliases:
        assert views[typed] == views[index.rule("code-of-joker", typed).id]


def test_every_sentence_print_rule_translates_is_kept() -> None:
    tree = ast.parse(inspect.getsource(lookup.print_rule))
    used = {
        node.args[0].value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_"
        if isinstance(node.args[0], ast.Constant)
    }
    assert used == set(lookup.RULE_MESSAGES)


def test_the_library_variable_is_the_catalogs() -> None:
    assert quick.LIBRARY_ENV == LIBRARY_ENV
