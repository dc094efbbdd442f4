"""The rules-index commands, driven as a user would through the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from judgekit.cli import app


@pytest.fixture(scope="module")
def runner(tmp_path_factory: pytest.TempPathFactory) -> CliRunner:
    cache = tmp_path_factory.mktemp("cache")
    return CliRunner(env={"JUDGEKIT_CACHE": str(cache), "NO_COLOR": "1"})


def invoke(runner: CliRunner, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_games_lists_every_document(runner: CliRunner) -> None:
    code, out, _ = invoke(runner, "games", "--format", "json")
    assert code == 0
    data = {g["game"]: g for g in json.loads(out)}
    assert set(data) == {"divine-cross", "fftcg", "code-of-joker", "dice-castle"}
    dc = {d["document"]: d for d in data["divine-cross"]["documents"]}
    assert dc["comprehensive"]["version"] == "1.0.16"
    assert dc["comprehensive"]["rules"] == 487
    assert dc["beginner"]["default"] is False


def test_rule_shows_breadcrumb_children_references_and_backlinks(runner: CliRunner) -> None:
    code, out, _ = invoke(runner, "rule", "divine-cross", "704.6c", "--format", "json")
    assert code == 0
    rule = json.loads(out)
    assert rule["id"] == "704.6c"
    assert [c["id"] for c in rule["breadcrumb"]] == ["700", "704", "704.6"]
    assert rule["children"] == ["704.6c-1"]
    code, out, _ = invoke(runner, "rule", "divine-cross", "803.2", "--format", "json")
    assert "604.3" in json.loads(out)["referenced_by"]


def test_rule_text_output(runner: CliRunner) -> None:
    code, out, _ = invoke(runner, "rule", "dc", "704.6c-1")
    assert code == 0
    assert out.startswith("DC 704.6c-1")
    assert "2倍" in out
    assert "704 ダメージステップ" in out  # breadcrumb


def test_rule_accepts_a_trailing_period(runner: CliRunner) -> None:
    code, out, _ = invoke(runner, "rule", "fftcg", "15.1.1.9.5.", "--format", "json")
    assert code == 0
    assert json.loads(out)["id"] == "15.1.1.9.5"


def test_unknown_rule_names_nearest_ids_and_exits_2(runner: CliRunner) -> None:
    code, out, err = invoke(runner, "rule", "divine-cross", "704.6e")
    assert code == 2
    assert out == ""
    assert "no rule '704.6e'" in err
    assert "704.6" in err


def test_unknown_game_exits_2(runner: CliRunner) -> None:
    code, _, err = invoke(runner, "rule", "magic", "1")
    assert code == 2
    assert "unknown game 'magic'" in err


def test_search_ranks_exact_id_then_terms_then_text(runner: CliRunner) -> None:
    _, out, _ = invoke(runner, "search", "divine-cross", "704.6c", "--format", "json")
    results = json.loads(out)["results"]
    assert results[0]["id"] == "704.6c" and results[0]["rank"] == "exact_id"
    assert results[1]["id"] == "704.6c-1" and results[1]["rank"] == "id_prefix"
    _code, out, _ = invoke(runner, "search", "divine-cross", "じゃんけん", "--format", "json")
    results = json.loads(out)["results"]
    assert results[0]["rank"] in ("term", "title")
    assert results[0]["id"] == "916"


def test_search_finds_words_inside_japanese_and_highlights(runner: CliRunner) -> None:
    code, out, _ = invoke(runner, "search", "divine-cross", "有利")
    assert code == 0
    assert "704.6c-1" in out
    assert "«有利»" in out


def test_search_every_term_must_match(runner: CliRunner) -> None:
    _code, out, _ = invoke(runner, "search", "fftcg", "パーティー ブロック", "--format", "json")
    ids = [r["id"] for r in json.loads(out)["results"]]
    assert "15.1.1.9.6" in ids
    assert "15.1.1.9.1" not in ids  # mentions パーティー but not ブロック


def test_export_json_is_in_document_order(runner: CliRunner) -> None:
    code, out, _ = invoke(runner, "export", "fftcg", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert (data["game"], data["document"], data["version"]) == ("fftcg", "comprehensive", "2.1.9")
    ids = [r["id"] for r in data["rules"]]
    assert ids[0] == "1" and ids[-1] == "15.2.7.5.2"
    assert set(data["rules"][0]) >= {"id", "parent", "title", "text", "examples", "references", "terms"}


def test_export_of_an_outline_document(runner: CliRunner) -> None:
    code, out, _ = invoke(runner, "export", "code-of-joker")
    assert code == 0
    assert json.loads(out)["document"] == "rules-page"


def test_lint_warnings_exit_0_and_strict_exits_1(runner: CliRunner) -> None:
    code, out, _ = invoke(runner, "lint", "fftcg", "--format", "json")
    assert code == 0
    kinds = {f["kind"] for f in json.loads(out)["findings"]}
    assert "numbering.orphan" in kinds
    code, _, _ = invoke(runner, "lint", "fftcg", "--strict")
    assert code == 1


def test_index_prints_the_summary(runner: CliRunner) -> None:
    code, out, _ = invoke(runner, "index")
    assert code == 0
    assert "divine-cross/comprehensive@1.0.16" in out
    assert "rules graph:" in out


def test_unparseable_document_exits_2(runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = tmp_path / "toy"
    game.mkdir()
    (game / "rules.txt").write_text("これは規則ではない。\n", encoding="utf-8")
    (game / "manifest.toml").write_text(
        'id = "toy"\nshort = "T"\n[names]\nja = "x"\nen = "x"\n'
        '[[documents]]\nid = "comprehensive"\nkind = "comprehensive-rules"\ntitle = "t"\n'
        'parser = "numbered"\nnumbering = "dotted"\ndefault = true\n'
        '[[documents.versions]]\nversion = "1"\nfile = "rules.txt"\n',
        encoding="utf-8",
    )
    monkeypatch.setattr("rules_index.catalog.SOURCES", tmp_path)
    code, _, err = invoke(runner, "lint", "toy")
    assert code == 2
    assert "rules.txt" in err
