"""The command line's own words follow --lang (issue 13): Japanese with ``--lang ja``, English with ``--lang en``.

Data (rule text, file names, ids) stays as it is; ``--format json`` is the same in both languages.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from judgekit.cli import app
from judgekit.i18n import LANG_ENV

SCENARIO = "scenarios/divine-cross/advantage-after-modifiers.toml"


@pytest.fixture(autouse=True)
def _language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(LANG_ENV, raising=False)  # --lang sets it: put back after each test
    monkeypatch.setenv("NO_COLOR", "1")


def invoke(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


def test_a_rule_in_both_languages() -> None:
    code, ja, _ = invoke("--lang", "ja", "rule", "divine-cross", "704.6c")
    assert code == 0
    assert "\n下位のルール:\n  704.6c-1  " in ja and "\n出典: divine-cross/comprehensive-" in ja
    code, en, _ = invoke("--lang", "en", "rule", "divine-cross", "704.6c")
    assert code == 0
    assert "\nchildren:\n  704.6c-1  " in en and "\nsource: divine-cross/comprehensive-" in en
    assert ja.splitlines()[:3] == en.splitlines()[:3]  # the rule itself is data
    code, ja, _ = invoke("--lang", "ja", "rule", "divine-cross", "205")
    assert "\n参照元:\n  ← 704.6c-1  " in ja
    json_ja = invoke("--lang", "ja", "rule", "divine-cross", "704.6c", "--format", "json")
    assert json_ja == invoke("--lang", "en", "rule", "divine-cross", "704.6c", "--format", "json")


def test_errors_are_framed_in_the_chosen_language(tmp_path: Path) -> None:
    code, _, err = invoke("--lang", "ja", "rule", "divine-cross", "704.6x")
    assert code == 2 and err.startswith("エラー: ") and "704.6c" in err
    nearest = "704.6, 704.6a, 704.6b, 704.6c, 704.6d"
    assert err == f"エラー: DC comprehensive 1.0.16: ルール '704.6x' はありません。近い番号: {nearest}\n"
    code, _, err = invoke("--lang", "en", "rule", "divine-cross", "704.6x")
    assert err == "error: DC comprehensive 1.0.16: no rule '704.6x'; nearest: 704.6, 704.6a, 704.6b, 704.6c, 704.6d\n"
    code, _, err = invoke("--lang", "ja", "rule", "nope", "1")
    assert code == 2 and err.startswith("エラー: ゲーム 'nope' はありません。ゲーム: ")
    code, _, err = invoke("--lang", "ja", "rule", "dc", "1", "--version", "9")
    assert err == "エラー: divine-cross comprehensive: 版 '9' はありません。収録している版: 1.0.16\n"
    code, _, err = invoke("--lang", "ja", "rule", "dc", "1", "--document", "x")
    assert code == 2 and err.startswith("エラー: divine-cross: 文書 'x' はありません。文書: ")
    code, _, err = invoke("--lang", "ja", "new", "divine-cross", "Bad Name", "--dir", str(tmp_path))
    assert code == 2 and err == "エラー: 名前 'Bad Name': 英小文字、数字、ハイフンで指定してください\n"
    code, _, err = invoke("--lang", "ja", "check", str(tmp_path))
    assert code == 2 and err == "エラー: シナリオファイルが見つかりません\n"
    missing = tmp_path / "missing.txt"
    args = ["import", str(missing), "--game", "mtg", "--version", "1", "--library", str(tmp_path / "lib")]
    code, _, err = invoke("--lang", "ja", *args)
    assert code == 2 and err == f"エラー: {missing}: そのファイルはありません\n"
    folder = tmp_path / "out"
    folder.mkdir()
    code, _, err = invoke("--lang", "ja", "impact", "divine-cross", "1.0.16", "1.0.16", "--junit", str(folder))
    assert code == 2 and err == f"エラー: --junit {folder}: フォルダーです。書き込むファイルのパスを指定してください\n"


def test_games_and_lint_in_japanese() -> None:
    code, out, _ = invoke("--lang", "ja", "games")
    assert code == 0
    assert "  * detailed-rules  第1版       日付なし    ルール  182 用語   8 参照   0  " in out
    code, out, err = invoke("--lang", "ja", "lint", "fftcg")
    assert code == 0
    assert ": 警告: " in out and "[numbering.orphan]" in out
    assert err.startswith("警告 ") and "件（numbering.orphan: " in err
    code, out, err = invoke("--lang", "en", "lint", "fftcg")
    assert ": warning: " in out and " warning(s) (numbering.orphan: " in err


def test_check_and_run_in_japanese() -> None:
    code, out, _ = invoke("--lang", "ja", "check", SCENARIO)
    assert code == 0
    assert out.splitlines() == [f"合格 {SCENARIO}", "シナリオ 1 件: 合格 1、失敗 0"]
    code, out, _ = invoke("--lang", "en", "check", SCENARIO)
    assert out.splitlines() == [f"ok   {SCENARIO}", "1 scenario(s): 1 passed, 0 failed"]
    code, out, _ = invoke("--lang", "ja", "run", SCENARIO, "--until", "3")
    assert code == 0
    head = out.splitlines()[0]
    assert head.endswith("（divine-cross comprehensive 1.0.16、シナリオ advantage-after-modifiers）")
    assert "\nステップ 3 の後の盤面: ターン 4、P1 のターン、" in out and " 枚\n" in out
    code, out, _ = invoke("--lang", "en", "run", SCENARIO)
    assert "\n      game over: " in out or "\n      end of the script: " in out
    code, out, _ = invoke("--lang", "ja", "run", "scenarios/divine-cross/third-ko-loses.toml", "--format", "md")
    assert "\n**結果（ゲーム終了）:** " in out and "、シナリオ `third-ko-loses`*" in out


def test_an_unknown_language_is_refused() -> None:
    code, _, err = invoke("--lang", "fr", "games")
    assert code == 2 and err == "error: --lang 'fr': expected ja or en\n"


def test_help_in_japanese_from_the_option_the_environment_or_the_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = invoke("--lang", "ja", "--help")
    assert code == 0
    assert "  rule     ルールを表示します: 現在位置、本文、例、下位のルール、参照先、参照元。\n" in out
    assert "画面の言葉の言語: ja または en。" in out and "Show a rule" not in out
    code, out, _ = invoke("--lang", "ja", "rule", "--help")
    assert code == 0
    assert "文書 ID。既定: そのゲームの総合ルール。" in out and "印刷どおりのルール番号（704.6c-1、15.1.1.9.5）" in out
    monkeypatch.setenv(LANG_ENV, "ja")
    code, out, _ = invoke("check", "--help")
    assert "ゴールデントレースを書き直します（差分を必ず確認してください）。" in out
    monkeypatch.delenv(LANG_ENV)
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    code, out, _ = invoke("history", "--help")
    assert "収録しているすべての版にわたるルールの履歴" in out
    code, out, _ = invoke("--lang", "en", "history", "--help")
    assert "A rule's history across every held edition" in out and "収録" not in out
    code, out, _ = invoke("--lang", "en", "--help")
    assert "Show a rule: its breadcrumb" in out


def test_every_command_and_option_has_its_help_in_japanese(monkeypatch: pytest.MonkeyPatch) -> None:
    import typer.main

    from judgekit.commands.help import localise
    from judgekit.i18n import translations

    group = typer.main.get_command(app)
    localise(group, "ja")
    ja = translations("ja")
    commands = list(group.commands.values())
    for command in [group, *commands]:
        texts = [command.help] + [getattr(param, "help", None) for param in command.params]
        for text in filter(None, texts):
            assert text in ja.messages.values(), f"{command.name}: not translated: {text!r}"
    localise(group, "en")
    assert group.commands["rule"].help.startswith("Show a rule")


def test_a_failed_expectation_is_said_in_the_chosen_language(tmp_path: Path) -> None:
    source = Path(SCENARIO).read_text(encoding="utf-8")
    broken = tmp_path / "advantage-after-modifiers.toml"
    broken.write_text(source.replace('cites = ["704.6a", ', 'cites = ["102.1", "704.6a", '), encoding="utf-8")
    code, out, _ = invoke("--lang", "ja", "check", str(broken))
    assert code == 1
    assert "       expect.cites: 102.1 は一度も引用されていません（下位のルールも）\n" in out
    assert "ゴールデントレース advantage-after-modifiers.trace.json がありません。" in out
    assert out.splitlines()[-1] == "シナリオ 1 件: 合格 0、失敗 1"
    code, out, _ = invoke("--lang", "en", "check", str(broken))
    assert "       expect.cites: 102.1 is never cited (nor any rule under it)\n" in out


def test_a_catalog_is_kept_in_the_cache_by_its_bytes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    from judgekit import i18n

    monkeypatch.setenv("JUDGEKIT_CACHE", str(tmp_path))
    fresh = i18n._read_catalog("ja", i18n.catalog_path("ja").read_bytes())
    kept = tmp_path / "catalogs" / "judgekit-ja.json"
    i18n.translations.cache_clear()
    try:
        assert i18n.translations("ja") == fresh and kept.is_file()  # read with Babel, then kept
        i18n.translations.cache_clear()
        assert i18n.translations("ja") == fresh  # from the cache
        stale = json.loads(kept.read_text(encoding="utf-8"))
        stale.update(key="another catalog", messages={"children:": "古い"})
        kept.write_text(json.dumps(stale), encoding="utf-8")
        i18n.translations.cache_clear()
        assert i18n.translations("ja").gettext("children:") == "下位のルール:"  # other bytes: read again
        kept.write_text("{", encoding="utf-8")
        i18n.translations.cache_clear()
        assert i18n.translations("ja") == fresh  # a broken cache file is no error
    finally:
        i18n.translations.cache_clear()


def test_clicks_own_words_in_japanese() -> None:
    """Usage:, the section headings, --help's own help, defaults and required marks: from the catalogs."""
    code, out, _ = invoke("--lang", "ja", "search", "--help")
    assert code == 0
    assert out.startswith("使い方: ") and " search [オプション] {game} {query}\n" in out
    assert "\n引数:\n" in out and "\nオプション:\n" in out
    assert "[必須]" in out and "[既定: 20、x>=1]" in out and "[既定: text]" in out
    assert "  --help                    このヘルプを表示して終了します。\n" in out
    for english in ("Usage", "Options", "Arguments", "required", "default", "Show this message"):
        assert english not in out
    code, out, _ = invoke("--lang", "ja", "--help")
    assert out.startswith("使い方: ") and " [オプション] コマンド [引数]...\n" in out and "\nコマンド:\n" in out
    code, out, _ = invoke("--lang", "en", "search", "--help")
    assert "Usage:" in out and "[OPTIONS]" in out and "required" in out and "Show this message and exit." in out


@pytest.mark.parametrize(
    ("args", "japanese", "english"),
    [
        (["rule", "--bogus"], "オプション --bogus はありません", "No such option: --bogus"),
        (
            ["rule", "dc", "1", "--formt", "json"],
            "オプション --formt はありません（候補: --format）",
            "Possible options",
        ),
        (["rule"], "引数 'game' がありません。", "Missing argument 'game'."),
        (["rul"], "コマンド 'rul' はありません。'rule', 'run' のことですか？", "No such command 'rul'."),
        (["nosuch"], "コマンド 'nosuch' はありません。", "No such command 'nosuch'."),
        (
            ["rule", "dc", "1", "-f", "xml"],
            "'--format' / '-f' の値が正しくありません: 'text', 'json' のいずれかを指定してください",
            "Invalid value for '--format' / '-f'",
        ),
        (["rule", "dc", "1", "extra"], "余分な引数があります（extra）", "Got unexpected extra argument"),
        (["search", "dc", "x", "--limit", "0"], "範囲 x>=1 の数を指定してください", "'--limit' / '-n'"),
        (["rule", "dc", "1", "-f"], "オプション '-f' には値が必要です。", "Option '-f' requires an argument."),
        ([], "コマンドがありません。", "Missing command."),
    ],
)
def test_usage_errors_in_the_chosen_language(args: list[str], japanese: str, english: str) -> None:
    code, _, err = invoke("--lang", "ja", *args)
    assert code == 2 and "エラー: " in err and japanese in err, err
    assert "Usage" not in err and "Try " not in err and "Error" not in err
    if args != ["rule", "dc", "1", "-f"]:  # click names no command for an option left without its value
        assert err.startswith("使い方: ") and "' でヘルプを表示します。\n" in err
    code, _, err = invoke("--lang", "en", *args)
    assert code == 2 and english in err and "エラー" not in err and "使い方" not in err


def test_the_card_command_says_what_it_read_the_text_as() -> None:
    text = "相手のメイン・ユニットを気絶させる。"
    code, out, _ = invoke("--lang", "ja", "card", "dc", text)
    assert code == 0 and out.startswith("# コマンド（イベント）として読みました（推測です。--kind で指定できます）\n")
    code, out, _ = invoke("--lang", "ja", "card", "dc", text, "--kind", "event")
    assert out.startswith("# コマンド（イベント）として読みました\n")
    code, out, _ = invoke("--lang", "en", "card", "dc", text)
    assert out.startswith("# read as an event (guessed; --kind to say)\n")
    code, _, err = invoke("--lang", "ja", "card", "fftcg", "x", "--kind", "unit")
    assert code == 2 and err == (
        "エラー: --kind 'unit': fftcg では forward, backup, monster, summon のいずれかを指定してください\n"
    )
    code, _, err = invoke("--lang", "en", "card", "dc", " ")
    assert code == 2 and err == "error: the card text is empty\n"


def test_the_site_builds_progress_and_its_refusal_in_the_chosen_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from judgekit.commands.output import error_line
    from judgekit.site.build import _not_loaded, progress_label

    monkeypatch.setenv(LANG_ENV, "ja")
    assert progress_label("game:fftcg") == "ゲーム fftcg"
    assert progress_label("scenarios:dice-castle") == "シナリオ: dice-castle"
    assert progress_label("book:fftcg/comprehensive/2.1.9") == "ルールブック fftcg/comprehensive/2.1.9"
    assert progress_label("static") == "静的ファイル"
    error = _not_loaded(["a.toml: title: expected a string"])
    assert error_line(error) == "エラー: 読み込めないシナリオファイル:\na.toml: title: expected a string"
    monkeypatch.setenv(LANG_ENV, "en")
    assert progress_label("game:fftcg") == "game fftcg" and progress_label("everything") == "pages over every game"
    assert error_line(error) == "error: scenario files that do not load:\na.toml: title: expected a string"


def test_a_bad_scenario_is_framed_in_the_chosen_language(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('game = "fftcg"\nrulebook = "2.1.9"\ntitle = 3\nbogus = 1\n', encoding="utf-8")
    code, _, err = invoke("--lang", "ja", "run", str(bad))
    assert code == 2
    assert f"エラー: {bad}: title: 文字列が必要です（見つかったもの: 3）\n" in err
    assert (
        f"\n{bad}: question: 値が必要です（必須のキーです）\n" in err
        and f"\n{bad}: bogus: ここには置けないキーです\n" in err
    )
    code, _, err = invoke("--lang", "en", "run", str(bad))
    assert f"error: {bad}: title: Input should be a valid string; found 3\n" in err
    assert f"\n{bad}: bogus: no such key here\n" in err
    bad.write_text('game = "fftcg"\ntitle = "x\n', encoding="utf-8")
    code, _, err = invoke("--lang", "ja", "check", str(bad))
    assert code == 2 and f"{bad}: (toml): 正しい TOML が必要です。2 行 11 文字目: Illegal character" in err
    code, _, err = invoke("--lang", "en", "check", str(bad))
    assert f"{bad}: (toml): valid TOML: Illegal character '\\n' (at line 2, column 11)" in err
    source = Path("scenarios/divine-cross/third-ko-loses.toml").read_text(encoding="utf-8")
    bad.write_text(source.replace('main = { card = "dragon"', 'main = { card = "dragonx"'), encoding="utf-8")
    code, _, err = invoke("--lang", "ja", "run", str(bad))
    expected = "[cards] のキー（dragon, guard, scout）が必要です（見つかったもの: 'dragonx'）"
    assert code == 2 and err == f"エラー: {bad}: players.P1.main.card: {expected}\n"
    bad.write_text('game = "nope"\n', encoding="utf-8")
    code, _, err = invoke("--lang", "ja", "run", str(bad))
    expected = "divine-cross, fftcg, code-of-joker, dice-castle のいずれかが必要です（見つかったもの: 'nope'）"
    assert err == f"エラー: {bad}: game: {expected}\n"


def test_the_engines_errors_are_worded_in_the_chosen_language(monkeypatch: pytest.MonkeyPatch) -> None:
    from judgekit.errors import AmbiguityError, DecisionNeeded, IllegalActionError
    from judgekit.message import msg

    monkeypatch.setenv(LANG_ENV, "ja")
    assert str(AmbiguityError(["1101.1"], "x")) == "ルールはこの場合を定めていません（1101.1）：x"
    assert str(IllegalActionError("charge", "602.2", msg("kernel.none"))) == "charge はできません（602.2）: なし"
    needed = DecisionNeeded("promote", "P1", ["a", "b"], "1004.1", "which unit")
    assert str(needed) == "決定が必要です：「promote」（P1が決める）（1004.1）：which unit。選択肢：'a'、'b'"
    monkeypatch.setenv(LANG_ENV, "en")
    assert str(IllegalActionError("charge", "602.2", msg("kernel.none"))) == "charge is not allowed (602.2): none"
    needed = DecisionNeeded("promote", "P1", ["a", "b"], "1004.1", "which unit", found="c")
    assert (
        str(needed) == "decision needed: 'promote' by P1 (1004.1): which unit; options: 'a', 'b'; the scenario gives c"
    )
    gap = AmbiguityError(["1101.1", "1101.1a"], "a loop")
    assert str(gap) == "the rules do not settle this (1101.1, 1101.1a): a loop"


def test_the_terminal_trace_names_where_the_game_is_and_its_zones_in_japanese() -> None:
    code, out, _ = invoke("--lang", "ja", "run", SCENARIO, "--until", "4")
    assert code == 0
    lines = out.splitlines()
    assert lines[3].startswith("   3  T4 スキルステップ") and " ルール バトルフェイズ：スキルステップ" in lines[3]
    assert lines[1].index(" ルール ") == lines[3].index(" ルール ") + len("スキルステップ") - len("バトルフェイズ")
    assert "\nステップ 4 の後の盤面: ターン 4、P1 のターン、スキルステップ\n" in out
    assert "\n    メイン・エリア      炎の剣士 [P1-01] HP 900 ダメージ 0; エネルギー 1 (芽吹きの妖精); " in out
    assert "\n    KO置き場            -\n" in out
    for english in ("battle", "skill", " main ", "standby", " hp ", "damage", "energy"):
        assert english not in out.replace("divine-cross", ""), english
    code, out, _ = invoke("--lang", "en", "run", SCENARIO, "--until", "4")
    assert (
        "   3  T4 battle/skill    rules  " in out
        and "\n    main      炎の剣士 [P1-01] HP 900 damage 0; energy 1" in out
    )
    code, out, _ = invoke("--lang", "ja", "run", SCENARIO, "--format", "md", "--until", "2")
    assert "2. **T4 バトルフェイズ開始ステップ** · ルール · " in out


def test_a_card_that_reads_otherwise_is_reported_in_the_chosen_language(tmp_path: Path) -> None:
    from judgekit.scenario import load_scenario, localised

    source = Path("scenarios/divine-cross/activated-ex-once-a-turn.toml").read_text(encoding="utf-8")
    case = tmp_path / "case.toml"
    case.write_text(source.replace("uses = 1", "uses = 2", 1), encoding="utf-8")
    (finding,) = load_scenario(case).card_findings
    assert finding.startswith("cards.merchant.ex[0]: the printed text 「") and " reads " in finding
    code, out, _ = invoke("--lang", "ja", "check", str(case))
    assert code == 1 and "cards.merchant.ex[0]: 印刷されたテキスト「" in out and "」の読み取りが異なります: " in out
    assert localised(finding) in out


def test_run_changes_in_japanese() -> None:
    code, out, _ = invoke("--lang", "ja", "run", SCENARIO, "--changes")
    assert code == 0 and "      · ステップ: スキルステップ → ダメージステップ\n" in out
    assert "の領域: P2のメイン・エリア → P2のKO置き場\n" in out and " zone: " not in out
    code, out, _ = invoke("--lang", "en", "run", SCENARIO, "--changes")
    assert "      · game (game) step: skill → damage\n" in out


def test_a_japanese_template_has_its_comments_in_japanese() -> None:
    """judgekit new --lang ja: every comment that is words (not a list of keys, an example or the header naming
    the format's files) is in Japanese; in English the template is as the game writes it."""
    import re

    from judgekit.scenario import template

    for game in ("divine-cross", "fftcg", "code-of-joker", "dice-castle"):
        english = template(game, "x", "en")
        japanese = template(game, "x", "ja")
        assert "# optional: the same prose in Japanese" in english and "# 任意: 同じ文章の英語版" in japanese
        for line in japanese.splitlines():
            comment = line.rpartition("# ")[2] if "# " in line else ""
            words = re.findall(r"\b[a-z]{3,}\b", comment)
            japanese_words = re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", comment)
            listed = " | " in comment or "=" in comment or comment.startswith(("e.g.", "x: ", "schema: ", "Format: "))
            if not words or japanese_words or listed:
                continue
            assert len(words) < 3, f"{game}: {line!r}"
    assert "# 裁定の根拠とする総合ルールの版" in template("divine-cross", "x", "ja")
