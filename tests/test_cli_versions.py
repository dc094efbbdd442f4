"""The version commands (diff, migrate, impact), driven as a user would through the CLI.

We hold one published version of each document, so each test runs against a copy of the
sources with a second version added (a realistic edition built from the real text, see
``tests/rules_index/editions.py``) and ``rules_index.catalog.SOURCES`` pointed at it; the real
manifests keep the published versions only.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import pytest
from typer.testing import CliRunner

import rules_index.catalog
from judgekit.cli import app
from tests.rules_index.editions import Edition, write_sources

CHARGE_SCENARIO = '''\
game = "divine-cross"
rulebook = "1.0.16"
title = "Charging: once a turn"
question = "Can I charge twice in one turn?"
ruling = """
**No.** Charging attaches a hand card as energy and draws a card (602.1, 905.2); it can be done
only once a turn (602.2).
"""

[start]
at = "main"
turn = 3
turn_player = "P1"

[cards.mage]
name = "見習い魔導士"
type = "unit"
hp = 500
attributes = ["blue"]

[cards.cat]
name = "使い魔の猫"
type = "unit"
hp = 200
attributes = ["colorless"]

[players.P1]
main = { card = "mage", energy = ["cat"] }
standby = [{ card = "cat" }]
hand = ["cat", "mage"]
deck = ["cat", "mage", "cat"]

[players.P2]
main = { card = "mage" }
deck = ["cat"]

[[play]]
do = "charge"
card = "mage"
unit = "main"

[[play]]
do = "charge"
card = "cat"
unit = "standby1"

[expect]
rejected = [{ play = 1, rule = "602.2" }]
cites = ["602.1", "905.2"]
'''
"""A runnable scenario citing 602.2, which the 1.0.17 edition rewords."""

ADVANTAGE_CITATIONS = '''\
game = "divine-cross"
rulebook = "1.0.16"
title = "Advantage doubles after the modifiers"
question = "Is advantage applied before or after 「炎の指輪」 (300)?"
ruling = """
After: modifiers first (704.6b-1), then advantage doubles the damage (704.6c-1); see also 704.6d.
"""

[expect]
cites = ["704.6a", "704.6c-1"]
not_cited = ["704.6d"]
'''
"""Citations only (migrate reads files with tomllib): every id maps safely to 1.0.17."""

OTHER_VERSION = """\
game = "divine-cross"
rulebook = "1.0.15"
title = "Ruled under an older version"
question = "?"
ruling = "(602.2)"

[expect]
cites = ["602.2"]
"""


@cache
def edition_1_0_17() -> Edition:
    """1.0.17: a sub-rule inserted before 704.6c (later letters shift), 602.2 reworded (with markup-like text)."""
    return (
        Edition.published("divine-cross")
        .renumber({"704.6d": "704.6e", "704.6c": "704.6d"})
        .insert_before("704.6d", "704.6c. 宣言したスキルを持つユニットのスキル効果によるダメージの増減を適用します。")
        .reword("602.2", "1ターンに1度のみ", "1ターンに1度のみ(<注>&チャージ)")
        .as_version("1.0.17", "2026-06-01")
    )


@pytest.fixture
def sources(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = write_sources(tmp_path, edition_1_0_17())
    monkeypatch.setattr(rules_index.catalog, "SOURCES", folder)
    return folder


@pytest.fixture
def runner(tmp_path: Path) -> CliRunner:
    return CliRunner(env={"JUDGEKIT_CACHE": str(tmp_path / "cache"), "NO_COLOR": "1"})


def invoke(runner: CliRunner, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


# --------------------------------------------------------------------------- diff


def test_the_real_manifests_hold_the_published_versions_only() -> None:
    manifest = (rules_index.catalog.SOURCES / "divine-cross" / "manifest.toml").read_text(encoding="utf-8")
    assert manifest.count("[[documents.versions]]") == 2 and "1.0.17" not in manifest


def test_diff_text(sources: Path, runner: CliRunner) -> None:
    code, out, err = invoke(runner, "diff", "dc", "1.0.16", "1.0.17")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == (
        "DC comprehensive 1.0.16 → 1.0.17: 6 change(s) (1 added, 1 changed, 1 reference-only, 3 renumbered)"
    )
    assert "~ 602.2  changed" in lines
    assert "    この処理は、1ターンに1度のみ{+(<注>&チャージ)+}実行できます。" in lines
    assert "+ 704.6c  added" in lines
    assert "= 704.6c-1 → 704.6d-1  renumbered" in lines
    assert "# 924.1  reference-only; references: 704.6d → 704.6e (followed)" in lines


def test_diff_json(sources: Path, runner: CliRunner) -> None:
    code, out, _ = invoke(runner, "diff", "divine-cross", "1.0.16", "1.0.17", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert (data["old"], data["new"]) == ("1.0.16", "1.0.17")
    assert data["counts"] == {"added": 1, "changed": 1, "reference-only": 1, "renumbered": 3}
    assert data["mapping"] == {"704.6c": "704.6d", "704.6c-1": "704.6d-1", "704.6d": "704.6e"}
    changed = next(e for e in data["entries"] if e["kind"] == "changed")
    assert ["insert", "(<注>&チャージ)"] in changed["ops"]
    assert "(<注>&チャージ)" in out  # UTF-8, not \\u escapes


def test_diff_html_is_a_standalone_escaped_page(sources: Path, runner: CliRunner) -> None:
    code, out, _ = invoke(runner, "diff", "dc", "1.0.16", "1.0.17", "-f", "html")
    assert code == 0
    assert out.startswith("<!DOCTYPE html>") and out.rstrip().endswith("</html>")
    assert "<style>" in out and "http" not in out  # no external request
    assert "<注>" not in out and "&lt;注&gt;&amp;チャージ" in out
    assert '<td class="new">この処理は、1ターンに1度のみ<ins>(&lt;注&gt;&amp;チャージ)</ins>実行できます。</td>' in out
    assert '<article class="change change-renumbered" id="new-704.6d">' in out


@pytest.mark.parametrize("language", ["ja", "en"])
def test_diff_html_says_its_words_in_the_command_lines_language(
    sources: Path, runner: CliRunner, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from judgekit.i18n import LANG_ENV

    monkeypatch.setenv(LANG_ENV, "en")  # --lang sets it: put back (unset) after the test
    code, out, _ = invoke(runner, "--lang", language, "diff", "divine-cross", "1.0.16", "1.0.17", "--format", "html")
    assert code == 0 and f'<html lang="{language}">' in out
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", out[out.index("<body>") :]))
    words = set(re.findall(r"[A-Za-z]{2,}", text)) - {"lt", "gt", "amp"}  # escapes of the rule text's <注>&
    if language == "ja":
        assert words == {"DC", "TCG"}, text  # the game's short name and the document's title: data
        assert "変更 6 件: 追加 1, 変更 1, 参照番号のみ変更 1, 番号変更 3" in text
        assert "ルール 変更 602.2 類似度 0.81" in text and "インライン" in text
        assert "参照番号のみ変更 924.1 参照 704.6d → 704.6e（追従）; 類似度 1.00" in text
    else:
        assert "6 change(s): 1 added, 1 changed, 1 reference-only, 3 renumbered" in text
        assert "Rules changed 602.2 similarity 0.81" in text and "Inline" in text
        assert "reference-only 924.1 reference 704.6d → 704.6e (followed); similarity 1.00" in text


def test_diff_of_a_version_with_itself_says_no_changes(sources: Path, runner: CliRunner) -> None:
    code, out, _ = invoke(runner, "diff", "dc", "1.0.17", "1.0.17")
    assert (code, out) == (0, "DC comprehensive 1.0.17 → 1.0.17: no changes\n")


def test_diff_of_an_unknown_version_names_the_versions_held(sources: Path, runner: CliRunner) -> None:
    code, out, err = invoke(runner, "diff", "dc", "1.0.16", "1.0.18")
    assert (code, out) == (2, "")
    assert "no version '1.0.18'; versions held: 1.0.16, 1.0.17" in err


def test_rule_looks_up_a_chosen_version(sources: Path, runner: CliRunner) -> None:
    code, out, _ = invoke(runner, "rule", "dc", "704.6d", "--version", "1.0.16", "--format", "json")
    assert code == 0 and json.loads(out)["text"].startswith("決定したダメージ")
    code, out, _ = invoke(runner, "rule", "dc", "704.6d", "--format", "json")
    assert code == 0 and json.loads(out)["version"] == "1.0.17"
    assert json.loads(out)["text"].startswith("ユニットの有利")


# --------------------------------------------------------------------------- migrate


@pytest.fixture
def citing(tmp_path: Path) -> Path:
    folder = tmp_path / "scenarios"
    folder.mkdir()
    (folder / "advantage.toml").write_text(ADVANTAGE_CITATIONS, encoding="utf-8")
    (folder / "charge.toml").write_text(CHARGE_SCENARIO, encoding="utf-8")
    (folder / "older.toml").write_text(OTHER_VERSION, encoding="utf-8")
    return folder


def test_migrate_maps_citations_and_lists_what_to_review(sources: Path, runner: CliRunner, citing: Path) -> None:
    code, out, _ = invoke(runner, "migrate", "dc", "1.0.16", "1.0.17", str(citing))
    assert code == 1  # 602.2 was reworded: a person must look
    lines = out.splitlines()
    assert f"{citing / 'advantage.toml'} (1.0.16 → 1.0.17): 4 cited id(s), 2 unchanged" in lines
    assert "  704.6c-1   → 704.6d-1           renumbered ok     ruling, expect.cites[1]" in lines
    assert "  704.6d     → 704.6e             renumbered ok     ruling, expect.not_cited[0]" in lines
    assert "  602.2      → 602.2              changed    REVIEW ruling, expect.rejected[0].rule" in lines
    assert f"{citing / 'older.toml'}: skipped (ruled under 1.0.15, not 1.0.16)" in lines
    assert lines[-1] == "2 scenario file(s): 2 cited id(s) to rewrite, 1 to review"
    # Without --write nothing changes.
    assert (citing / "advantage.toml").read_text(encoding="utf-8") == ADVANTAGE_CITATIONS


def test_migrate_json(sources: Path, runner: CliRunner, citing: Path) -> None:
    code, out, _ = invoke(runner, "migrate", "dc", "1.0.16", "1.0.17", str(citing), "-f", "json")
    assert code == 1
    files = {Path(f["path"]).name: f for f in json.loads(out)["files"]}
    cites = {(c["id"], c["key"]): (c["fate"], c["new_ids"], c["review"]) for c in files["advantage.toml"]["citations"]}
    assert cites[("704.6c-1", "expect.cites[1]")] == ("renumbered", ["704.6d-1"], False)
    assert cites[("704.6a", "expect.cites[0]")] == ("unchanged", ["704.6a"], False)
    assert files["older.toml"]["skipped"] == "ruled under 1.0.15, not 1.0.16"


def test_migrate_write_rewrites_only_files_that_map_safely(sources: Path, runner: CliRunner, citing: Path) -> None:
    code, _, err = invoke(runner, "migrate", "dc", "1.0.16", "1.0.17", str(citing), "--write")
    assert code == 1
    migrated = (citing / "advantage.toml").read_text(encoding="utf-8")
    assert migrated == (
        ADVANTAGE_CITATIONS.replace('rulebook = "1.0.16"', 'rulebook = "1.0.17"')
        .replace("704.6c-1", "704.6d-1")
        .replace("see also 704.6d", "see also 704.6e")
        .replace('not_cited = ["704.6d"]', 'not_cited = ["704.6e"]')
    )
    assert "(300)" in migrated  # a skill's damage in parentheses is not a citation of chapter 300
    assert (citing / "charge.toml").read_text(encoding="utf-8") == CHARGE_SCENARIO
    assert "602.2 must be reviewed first" in err
    assert (citing / "older.toml").read_text(encoding="utf-8") == OTHER_VERSION


# --------------------------------------------------------------------------- impact


@pytest.fixture
def runnable(tmp_path: Path, sources: Path) -> Path:
    """The charge scenario and the advantage citations, with golden traces made now."""
    from judgekit.scenario import check_scenario, load_scenario

    folder = tmp_path / "runnable"
    folder.mkdir()
    (folder / "charge.toml").write_text(CHARGE_SCENARIO, encoding="utf-8")
    check_scenario(load_scenario(folder / "charge.toml"), update=True)
    assert (folder / "charge.trace.json").is_file()
    return folder


def test_impact_finds_the_scenarios_citing_a_changed_rule(runner: CliRunner, runnable: Path, tmp_path: Path) -> None:
    junit = tmp_path / "out" / "impact.xml"
    code, out, _ = invoke(runner, "impact", "dc", "1.0.16", "1.0.17", str(runnable), "--junit", str(junit))
    assert code == 0, out
    assert out.startswith("## Impact of DC comprehensive 1.0.16 → 1.0.17\n")
    assert "Changes that can alter a ruling: `602.2` (changed)." in out
    assert "1 scenario(s) ruled under 1.0.16: 1 cite a changed rule; 1 re-run, 0 with a different ruling." in out
    assert "| charge | `602.2` | 602.2 changed | ✅ same ruling |" in out
    suite = ET.parse(junit).getroot()
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("1", "0", "0")
    case = suite.find("testcase")
    assert case is not None and case.get("name") == "charge"
    assert case.find("failure") is None


def test_impact_reports_a_ruling_that_differs_from_the_golden_trace(
    runner: CliRunner, runnable: Path, tmp_path: Path
) -> None:
    golden = runnable / "charge.trace.json"
    data = json.loads(golden.read_text(encoding="utf-8"))
    data["outcome"]["message"] = "an older ruling"
    golden.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    junit = tmp_path / "impact.xml"
    code, out, _ = invoke(runner, "impact", "dc", "1.0.16", "1.0.17", str(runnable), "--junit", str(junit))
    assert code == 1
    assert "| charge | `602.2` | 602.2 changed | ❌ the outcome differs |" in out
    assert "### Rulings that differ from the golden traces" in out
    failure = ET.parse(junit).getroot().find("testcase/failure")
    assert failure is not None and failure.get("message") == "the outcome differs"
    assert "golden trace" in (failure.text or "")


def test_impact_without_running_and_as_json(runner: CliRunner, runnable: Path) -> None:
    code, out, _ = invoke(runner, "impact", "dc", "1.0.16", "1.0.17", str(runnable), "--no-run", "-f", "json")
    assert code == 0
    data = json.loads(out)
    (scenario,) = data["scenarios"]
    assert scenario["affected"] is True and scenario["rerun"] is None
    assert scenario["touches"] == [
        {"cited": "602.2", "relation": "direct", "path": ["602.2"], "change": "changed", "label": "602.2"}
    ]
    assert data["diff"]["counts"]["changed"] == 1


# --------------------------------------------------------------------------- history


def test_history_of_a_renumbered_rule(sources: Path, runner: CliRunner) -> None:
    code, out, err = invoke(runner, "history", "dc", "704.6d")
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "DC 704.6d (comprehensive 1.0.17): history across 1.0.16, 1.0.17",
        "  1.0.16  704.6c  in the oldest version held",
        "  1.0.17  704.6d  renumbered (was 704.6c)",
    ]


def test_history_of_a_reworded_rule_shows_the_inline_diff(sources: Path, runner: CliRunner) -> None:
    code, out, _ = invoke(runner, "history", "dc", "602.2")
    assert code == 0
    assert "  1.0.17  602.2  wording changed" in out.splitlines()
    assert "この処理は、1ターンに1度のみ{+(<注>&チャージ)+}実行できます。" in out


def test_history_json_of_a_created_rule(sources: Path, runner: CliRunner) -> None:
    code, out, _ = invoke(runner, "history", "dc", "704.6c", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert (data["rule"], data["version"], data["versions"]) == ("704.6c", "1.0.17", ["1.0.16", "1.0.17"])
    assert [(e["version"], e["kind"], e["ids"]) for e in data["events"]] == [("1.0.17", "created", ["704.6c"])]
    assert data["events"][0]["change"]["kind"] == "added"


def test_history_read_in_an_older_version_follows_the_rule_forward(sources: Path, runner: CliRunner) -> None:
    code, out, _ = invoke(runner, "history", "dc", "704.6d", "--version", "1.0.16", "-f", "json")
    assert code == 0
    events = json.loads(out)["events"]
    assert [(e["version"], e["kind"], e["ids"], e["previous_ids"]) for e in events] == [
        ("1.0.16", "held", ["704.6d"], []),
        ("1.0.17", "renumbered", ["704.6e"], ["704.6d"]),
    ]


def test_history_of_an_unknown_rule_names_the_nearest_ids(sources: Path, runner: CliRunner) -> None:
    code, out, err = invoke(runner, "history", "dc", "704.6z")
    assert (code, out) == (2, "")
    assert "no rule '704.6z'" in err and "nearest: 704.6" in err


# --------------------------------------------------------------------------- stale rulings


def test_check_warns_of_a_ruling_under_an_older_edition_whose_cited_rule_changed(
    runner: CliRunner, runnable: Path
) -> None:
    code, out, err = invoke(runner, "check", str(runnable))
    assert code == 0 and "1 scenario(s): 1 passed, 0 failed" in out
    assert out.splitlines()[-1] == (
        "impact: 1 scenario(s) ruled under an older edition than the newest held; "
        "1 cite rules changed since, 0 of them with a different ruling"
    )
    assert err.splitlines() == [
        f"warning: {runnable / 'charge.toml'}: ruled under DC comprehensive 1.0.16; 1.0.17 is held and changes "
        "rules it cites: 602.2 changed; re-run under the current engine: same ruling"
    ]


def test_check_says_when_the_ruling_no_longer_matches(runner: CliRunner, runnable: Path) -> None:
    golden = runnable / "charge.trace.json"
    data = json.loads(golden.read_text(encoding="utf-8"))
    data["outcome"]["message"] = "an older ruling"
    golden.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    code, out, err = invoke(runner, "check", str(runnable))
    assert code == 1 and out.rstrip().endswith("1 cite rules changed since, 1 of them with a different ruling")
    assert err.rstrip().endswith("re-run under the current engine: the ruling differs from its golden trace")


def test_check_is_quiet_about_scenarios_whose_cited_rules_did_not_change(
    runner: CliRunner, sources: Path, tmp_path: Path
) -> None:
    from judgekit.scenario import check_scenario, load_scenario

    folder = tmp_path / "quiet"
    folder.mkdir()
    text = CHARGE_SCENARIO.replace('rejected = [{ play = 1, rule = "602.2" }]\n', "")
    text = text.replace('[[play]]\ndo = "charge"\ncard = "cat"\nunit = "standby1"\n\n', "")
    text = text.replace("only once a turn (602.2).", "only once a turn.")
    (folder / "charge.toml").write_text(text, encoding="utf-8")
    check_scenario(load_scenario(folder / "charge.toml"), update=True)
    code, _, err = invoke(runner, "check", str(folder))
    assert (code, err) == (0, "")


# --------------------------------------------------------------------------- an imported real pair


@pytest.fixture
def mtg_library(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A user library holding Magic: The Gathering 2020-04-17 and 2020-06-01, imported as a user would."""
    from rules_index.catalog import LIBRARY_ENV

    library = tmp_path / "library"
    monkeypatch.setenv("JUDGEKIT_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv(LIBRARY_ENV, str(library))
    books = Path(__file__).resolve().parent / "data" / "books"
    runner = CliRunner()
    for date in ("2020-04-17", "2020-06-01"):
        book = books / f"mtg-cr-en-{date}.txt"
        args = ["import", str(book), "--game", "mtg", "--version", date, "--date", date]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.stderr
    return library


def test_diff_and_history_of_an_imported_real_pair(mtg_library: Path) -> None:
    runner = CliRunner(env={"NO_COLOR": "1"})
    code, out, err = invoke(runner, "diff", "mtg", "2020-04-17", "2020-06-01")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith(
        "MTG comprehensive 2020-04-17 → 2020-06-01: 7 change(s) (1 added, 2 changed, 2 reference-only, 2 renumbered)"
    )
    assert "= 116.2g → 116.2h  renumbered" in lines
    assert "# 901.9  reference-only; references: 116.2g → 116.2h (followed)" in lines
    code, out, _ = invoke(runner, "history", "mtg", "116.2i")
    assert code == 0
    assert out.splitlines()[1:] == [
        "  2020-04-17  116.2h  in the oldest version held",
        "  2020-06-01  116.2i  renumbered (was 116.2h)",
    ]
    code, out, _ = invoke(runner, "history", "mtg", "702.138c")
    assert code == 0
    assert "  2020-06-01  702.138c  wording changed" in out
    assert "Once you [-play-]{+take the special action and put+} the card with companion" in out


def test_diff_history_and_import_in_japanese(mtg_library: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from judgekit.i18n import LANG_ENV

    monkeypatch.delenv(LANG_ENV, raising=False)  # --lang sets it: put back after the test
    runner = CliRunner(env={"NO_COLOR": "1"})
    code, out, err = invoke(runner, "--lang", "ja", "diff", "mtg", "2020-04-17", "2020-06-01")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith(
        "MTG comprehensive 2020-04-17 → 2020-06-01: 変更 7 件（追加 1, 変更 2, 参照番号のみ変更 2, 番号変更 2）"
    )
    assert "= 116.2g → 116.2h  番号変更" in lines
    assert "# 901.9  参照番号のみ変更; 参照: 116.2g → 116.2h (追従)" in lines
    code, out, _ = invoke(runner, "--lang", "ja", "diff", "mtg", "2020-04-17", "2020-06-01", "--format", "html")
    assert '<span class="kind kind-renumbered">番号変更</span>' in out and "変更 7 件: 追加 1, " in out
    code, out, _ = invoke(runner, "--lang", "ja", "history", "mtg", "116.2i")
    assert code == 0
    assert out.splitlines()[1:] == [
        "  2020-04-17  116.2h  収録している最古の版",
        "  2020-06-01  116.2i  番号変更 （旧 116.2h）",
    ]
    assert out.splitlines()[0].endswith(": 2020-04-17, 2020-06-01 にわたる履歴")
    assert invoke(runner, "--lang", "ja", "history", "mtg", "116.2i", "--format", "json") == invoke(
        runner, "--lang", "en", "history", "mtg", "116.2i", "--format", "json"
    )
    book = Path(__file__).resolve().parent / "data" / "books" / "mtg-cr-en-2020-06-01.txt"
    args = ["--lang", "ja", "import", str(book), "--game", "mtg", "--version", "2020-06-02", "--dry-run"]
    code, out, _ = invoke(runner, *args)
    assert code == 0
    assert out.startswith("mtg comprehensive 2020-06-02（新しい版）を ")
    assert "\n  番号体系: " in out and "\n  構成:\n" in out and "\n  配置できなかった行: 0\n" in out
