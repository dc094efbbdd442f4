"""Scenario prose in two languages: the ``language`` key, the ``[ja]``/``[en]`` tables, the fallback."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgekit.errors import ScenarioError
from judgekit.scenario import SCENARIOS_DIR, load_scenario
from tests.scenario_fixtures import DAMAGE_DEALT, SKILL_BOARD

BODY = "\n" + SKILL_BOARD + "[expect]\n" + DAMAGE_DEALT


def write(tmp_path: Path, head: str) -> Path:
    path = tmp_path / "case.toml"
    path.write_text('game = "divine-cross"\n' + head + BODY, encoding="utf-8")
    return path


def problems(tmp_path: Path, head: str) -> dict[str, str]:
    with pytest.raises(ScenarioError) as info:
        load_scenario(write(tmp_path, head))
    return dict(info.value.problems)


ENGLISH_WITH_JAPANESE = """title = "Skill damage"
question = "How much?"
ruling = "300 (704.6c)."
notes = "A note."
[ja]
title = "スキルのダメージ"
question = "いくつ？"
ruling = "300です（704.6c）。"
"""


def test_english_file_gives_japanese_from_its_ja_table(tmp_path: Path) -> None:
    scenario = load_scenario(write(tmp_path, ENGLISH_WITH_JAPANESE))
    assert scenario.language == "en"
    assert scenario.title == "Skill damage"  # the trace's title: the top level
    assert scenario.text("title", "ja").text == "スキルのダメージ"
    assert scenario.text("title", "ja").language == "ja"
    assert scenario.text("ruling", "en").text == "300 (704.6c)."
    assert scenario.text("ruling", "en").language == "en"


def test_a_piece_missing_in_one_language_falls_back_to_the_other_and_says_so(tmp_path: Path) -> None:
    scenario = load_scenario(write(tmp_path, ENGLISH_WITH_JAPANESE))
    notes = scenario.text("notes", "ja")
    assert (notes.text, notes.language) == ("A note.", "en")


def test_one_language_only_is_enough(tmp_path: Path) -> None:
    scenario = load_scenario(write(tmp_path, 'title = "t"\nquestion = "q"\nruling = "r"\n'))
    assert scenario.language == "en"
    assert (scenario.text("question", "ja").text, scenario.text("question", "ja").language) == ("q", "en")


def test_japanese_file_with_english_table(tmp_path: Path) -> None:
    head = 'language = "ja"\ntitle = "題"\nquestion = "問"\nruling = "裁定"\n[en]\ntitle = "Title"\n'
    scenario = load_scenario(write(tmp_path, head))
    assert scenario.language == "ja"
    assert scenario.text("title", "en").text == "Title"
    assert scenario.text("title", "ja").text == "題"
    assert scenario.text("ruling", "en").language == "ja"  # not translated: the Japanese, marked as such


def test_unknown_key_in_the_language_table_is_named(tmp_path: Path) -> None:
    head = 'title = "t"\nquestion = "q"\nruling = "r"\n[ja]\ntitle = "題"\nanswer = "x"\n'
    assert problems(tmp_path, head) == {"ja.answer": "no such key here"}


def test_a_table_naming_the_top_level_language_is_refused(tmp_path: Path) -> None:
    found = problems(tmp_path, 'title = "t"\nquestion = "q"\nruling = "r"\n[en]\ntitle = "T"\n')
    assert list(found) == ["en"]
    assert "[ja]" in found["en"]
    found = problems(tmp_path, 'language = "ja"\ntitle = "t"\nquestion = "q"\nruling = "r"\n[ja]\ntitle = "T"\n')
    assert list(found) == ["ja"]
    assert "[en]" in found["ja"]


def test_an_unknown_language_is_refused(tmp_path: Path) -> None:
    found = problems(tmp_path, 'language = "fr"\ntitle = "t"\nquestion = "q"\nruling = "r"\n')
    assert list(found) == ["language"]
    assert "'fr'" in found["language"]


def test_the_language_table_comes_right_after_the_top_level_keys() -> None:
    """Where a built-in scenario has a translation, it is the first table, before [start] or any other."""
    for path in sorted(SCENARIOS_DIR.glob("*/*.toml")):
        tables = [line for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("[")]
        if "[ja]" in tables or "[en]" in tables:
            assert tables[0] in ("[ja]", "[en]"), path.name


def test_run_prints_the_title_in_the_command_line_language(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from judgekit.cli import app

    path = write(tmp_path, ENGLISH_WITH_JAPANESE)
    runner = CliRunner()
    ja = runner.invoke(app, ["--lang", "ja", "run", str(path)])
    en = runner.invoke(app, ["--lang", "en", "run", str(path)])
    md = runner.invoke(app, ["--lang", "ja", "run", str(path), "--format", "md"])
    as_json = runner.invoke(app, ["--lang", "ja", "run", str(path), "--format", "json"])
    assert ja.exit_code == en.exit_code == md.exit_code == as_json.exit_code == 0, ja.output
    assert ja.output.splitlines()[0].startswith("スキルのダメージ ")
    assert en.output.splitlines()[0].startswith("Skill damage ")
    assert md.output.startswith("# スキルのダメージ\n")
    assert '"title": "Skill damage"' in as_json.output  # the trace as data keeps the file's own title


@pytest.mark.parametrize("language", ["ja", "en"])
def test_new_writes_the_language_of_the_command_line(tmp_path: Path, language: str) -> None:
    from typer.testing import CliRunner

    from judgekit.cli import app
    from judgekit.games import GAMES

    runner = CliRunner()
    for game in GAMES:
        result = runner.invoke(app, ["--lang", language, "new", game, "case", "--dir", str(tmp_path / game)])
        assert result.exit_code == 0, result.output
        text = (tmp_path / game / "case.toml").read_text(encoding="utf-8")
        assert f'\nlanguage = "{language}"' in text
        other = "en" if language == "ja" else "ja"
        assert f"\n# [{other}]" in text
        assert ("争点" in text) is (language == "ja")


def test_notes_only_in_the_other_language_are_found(tmp_path: Path) -> None:
    head = 'title = "t"\nquestion = "q"\nruling = "r"\n[ja]\nnotes = "注記"\n'
    scenario = load_scenario(write(tmp_path, head))
    assert (scenario.text("notes", "en").text, scenario.text("notes", "en").language) == ("注記", "ja")
    assert scenario.text("notes", "ja").text == "注記"


DIFFERS = """title = "t"
question = "q"
ruling = "r"
[[differs]]
says = "すべてのユニットを「KO」させたプレイヤーが勝利します。"
rules = ["1002.1"]
difference = "The sheet says otherwise (1002.1)."
[differs.ja]
difference = "シートは違うことを言っています（1002.1）。"
[[differs]]
says = "A paraphrase."
rules = ["1002.1"]
difference = "Only in English."
"""


def test_a_difference_gives_its_prose_in_both_languages(tmp_path: Path) -> None:
    scenario = load_scenario(write(tmp_path, DIFFERS))
    first = scenario.difference_text(0, "difference", "ja")
    assert (first.text, first.language) == ("シートは違うことを言っています（1002.1）。", "ja")
    assert scenario.difference_text(0, "difference", "en").text == "The sheet says otherwise (1002.1)."
    quote = scenario.difference_text(0, "says", "en")
    assert quote.language == "ja"  # a Japanese quote in an English file is marked Japanese
    second = scenario.difference_text(1, "difference", "ja")
    assert (second.text, second.language) == ("Only in English.", "en")  # not translated: the English, marked
    assert scenario.difference_text(1, "says", "ja").language == "en"


def test_a_differs_table_naming_the_top_level_language_is_refused(tmp_path: Path) -> None:
    head = DIFFERS.replace("[differs.ja]", "[differs.en]")
    found = problems(tmp_path, head)
    assert list(found) == ["differs[0].en"] and "[differs.ja]" in found["differs[0].en"]
    found = problems(tmp_path, DIFFERS.replace("[differs.ja]\ndifference", "[differs.ja]\nanswer"))
    assert found == {"differs[0].ja.answer": "no such key here"}


def test_every_built_in_difference_is_in_both_languages() -> None:
    for path in sorted(SCENARIOS_DIR.rglob("*.toml")):
        if "[[differs]]" not in path.read_text(encoding="utf-8"):
            continue
        scenario = load_scenario(path)
        for i in range(len(scenario.model.differs)):
            assert scenario.difference_text(i, "difference", "ja").language == "ja", f"{path.name} differs[{i}]"
            assert scenario.difference_text(i, "difference", "en").language == "en", f"{path.name} differs[{i}]"
