"""The outline parser on the Divine Cross beginner sheet (beginner-sheet.txt)."""

from __future__ import annotations

import pytest

from rules_index.catalog import load_catalog, parse_document
from rules_index.model import LintKind, Rule, RuleBook, RuleKind, Severity, SourceSpan

PATH = "divine-cross/beginner-sheet.txt"

TOP_LEVEL_HEADINGS = ["ユニットの状態について", "ダメージ計算のしかた", "対戦の準備", "ターンの流れ"]


@pytest.fixture(scope="module")
def book() -> RuleBook:
    catalog = load_catalog()
    return parse_document(catalog, catalog.game("divine-cross").document("beginner").latest)


@pytest.fixture(scope="module")
def rules(book: RuleBook) -> dict[str, Rule]:
    return book.by_id()


def children(book: RuleBook, parent: str | None) -> list[Rule]:
    return [rule for rule in book.rules if rule.parent == parent]


def test_top_level_headings(book: RuleBook) -> None:
    headings = [rule.title for rule in children(book, None) if rule.kind is RuleKind.HEADING]
    assert headings == TOP_LEVEL_HEADINGS


def test_the_sheet_prints_no_title(book: RuleBook) -> None:
    assert book.heading == ""


def test_the_setup_steps_use_their_printed_numbers(book: RuleBook, rules: dict[str, Rule]) -> None:
    assert [rule.id for rule in children(book, "対戦の準備")] == [f"対戦の準備/{n}" for n in "①②③④⑤⑥"]
    assert rules["対戦の準備/③"].text == "③デッキを5枚引き、相手に見えないように手札とします。"
    assert rules["対戦の準備/③"].span == SourceSpan(PATH, 46, 46)


def test_notes_under_a_step_belong_to_it(book: RuleBook, rules: dict[str, Rule]) -> None:
    assert [rule.text for rule in children(book, "対戦の準備/④")] == [
        "※手札にユニットがなかったら、相手に手札をすべて見せ、手札をデッキに戻し、②からやりなおします。",
        "その場合、相手のプレイヤーはデッキを1枚引くことができます。",
    ]
    assert rules["ターンの流れ/バトルフェイズ/①/4"].text.startswith("※「スキル」が使用できない場合や")
    assert rules["ターンの流れ/エンドフェイズ/②/1"].text.startswith("勝った場合は「レスト」なら")


def test_phases_are_subsections_of_the_turn(book: RuleBook) -> None:
    phases = [rule.title for rule in children(book, "ターンの流れ")]
    assert phases == ["ドローフイズ", "メインフェイズ", "バトルフェイズ", "エンドフェイズ"]


def test_circled_steps_stay_siblings_whatever_their_indent(book: RuleBook) -> None:
    """② to ⑤ of メインフェイズ are printed one space further in than ①; they are still its siblings."""
    ids = [rule.id for rule in children(book, "ターンの流れ/メインフェイズ")]
    steps = [f"ターンの流れ/メインフェイズ/{n}" for n in "①②③④⑤"]
    assert ids == ["ターンの流れ/メインフェイズ/1", *steps, "ターンの流れ/メインフェイズ/2"]


def test_the_missing_end_phase_step_is_reported(book: RuleBook) -> None:
    gaps = [i for i in book.lint if i.kind is LintKind.NUMBERING_GAP]
    assert [(i.rule_id, i.severity, i.span) for i in gaps] == [
        ("ターンの流れ/エンドフェイズ/④", Severity.WARNING, SourceSpan(PATH, 89, 89))
    ]
    assert "③" in gaps[0].message


def test_the_unit_state_table(book: RuleBook, rules: dict[str, Rule]) -> None:
    table = rules["ユニットの状態について/1"]
    assert table.kind is RuleKind.TABLE
    header, states = table.text.splitlines()
    assert header == "通常 | レスト | スタン | KO"
    cells = states.split(" | ")
    assert len(cells) == 4
    assert cells[0] == "カードを縦向きにします。"
    assert cells[3].startswith("カードを裏向きにし、「KO」したユニットから")
    assert SourceSpan(PATH, 6, 6) in book.dropped
    assert rules["ユニットの状態について/2"].text == "※「レスト」状態と「スタン」状態を状態異常といえます。"


def test_the_damage_steps_are_a_table_whose_rows_can_be_cited(book: RuleBook, rules: dict[str, Rule]) -> None:
    table = rules["ダメージ計算のしかた/2"]
    assert table.kind is RuleKind.TABLE
    assert len(table.text.splitlines()) == 4
    steps = children(book, table.id)
    assert [rule.id for rule in steps] == [f"ダメージ計算のしかた/2/{n}" for n in "①②③④"]
    assert rules["ダメージ計算のしかた/2/④"].text == (
        "④有利によるダメージの計算 | 相手メイン・エリアのユニットが有利属性の場合、ダメージは2倍になります。"
    )


def test_the_board_diagram_is_one_figure_with_four_standby_areas(book: RuleBook) -> None:
    figures = [(rule, figure) for rule in book.rules for figure in rule.figures]
    assert len(figures) == 1
    rule, figure = figures[0]
    assert figure.text.splitlines() == [
        "デッキ置き場",
        "捨て場",
        *["STAND-BY スタンバイ・エリア"] * 4,
    ]
    assert figure.span == SourceSpan(PATH, 26, 40)
    assert rule.text == (
        "メイン・エリアでユニットが「KO」したらスタンバイ・エリアの「KO」していないユニットと入れ替えます。"
    )


def test_text_after_a_wide_gap_belongs_to_no_section(book: RuleBook) -> None:
    """The board captions and the closing note follow two or more blank lines: they sit at the top."""
    loose = [(rule.id, rule.text) for rule in children(book, None) if rule.kind is RuleKind.PARAGRAPH]
    assert loose == [
        ("1", "メイン・エリア1つとスタンバイ・エリア4つを合わせてエリアと呼びます。"),
        (
            "2",
            "メイン・エリアでユニットが「KO」したらスタンバイ・エリアの「KO」していないユニットと入れ替えます。",
        ),
        ("3", "※HP記載の最新のルールです。"),
    ]


def test_the_link_label_is_dropped(book: RuleBook) -> None:
    assert SourceSpan(PATH, 91, 91) in book.dropped
