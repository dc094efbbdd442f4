"""The outline parser on the dice-and-castle game's detailed rules, 1st edition (detailed-rules-1st.txt)."""

from __future__ import annotations

import pytest

from rules_index.catalog import load_catalog, parse_document
from rules_index.model import LintKind, Rule, RuleBook, RuleKind, Severity, SourceSpan

PATH = "dice-castle/detailed-rules-1st.txt"

TOP_LEVEL = [
    "ゲーム全体のルール",
    "カードのプレイに関するルール",
    "効果、能力に関するルール",
    "効果の、発生、処理、解決によって発生するルール",
    "カード個別のルール",
    "競技ルール",
]

PRIORITY = "ゲーム全体のルール/効果処理の優先順位について"
WIN_CHECK = "ゲーム全体のルール/勝敗のチェック"
PHASES = "ゲーム全体のルール/フェイズ規定処理について"
IN_PLAY = "カードのプレイに関するルール/プレイ中のカード"
SIMULTANEOUS = "効果、能力に関するルール/複数の能力が同時に発動した場合の処理"


@pytest.fixture(scope="module")
def book() -> RuleBook:
    catalog = load_catalog()
    return parse_document(catalog, catalog.game("dice-castle").document("detailed-rules").latest)


@pytest.fixture(scope="module")
def rules(book: RuleBook) -> dict[str, Rule]:
    return book.by_id()


def children(book: RuleBook, parent: str) -> list[Rule]:
    return [rule for rule in book.rules if rule.parent == parent]


def test_top_level_headings(book: RuleBook) -> None:
    top = [rule for rule in book.rules if rule.parent is None]
    assert [rule.title for rule in top] == TOP_LEVEL
    assert {rule.kind for rule in top} == {RuleKind.HEADING}


def test_title_line_and_site_footer(book: RuleBook) -> None:
    assert book.heading == "【第1版】詳しいルール"
    assert SourceSpan(PATH, 209, 209) in book.dropped
    assert book.changelog == ()


def test_dot_lines_are_sections(book: RuleBook, rules: dict[str, Rule]) -> None:
    sections = [rule.title for rule in children(book, "カードのプレイに関するルール")]
    assert sections == [
        "プレイの範囲",
        "プレイの開始",
        "プレイ中のカード",
        "複数対象のカード",
        "単体、全体対象のカード",
        "又はで区切られたカード",
        "場合で区切られたカード",
    ]
    assert rules["ゲーム全体のルール/場について/8"].text == "自分の場と相手の場を合わせて場と呼ぶ。"


def test_the_in_out_priority_example_is_attached_whole(book: RuleBook, rules: dict[str, Rule]) -> None:
    rule = rules[f"{PRIORITY}/3"]
    assert rule.text == "さらに、未解決のカウンターがある場合、カウンターが優先的に解決される。"
    (example,) = rule.examples
    lines = example.text.splitlines()
    assert lines[0] == "例:手番プレイヤーがIN能力とOUT能力両方を持つユニットを場に出した。"
    assert "A.場に出た時にそのユニットを破壊する" in lines
    assert lines[-1] == "手番プレイヤーはOUT能力とIN能力を好きな順番で解決する。"
    assert example.span == SourceSpan(PATH, 22, 31)
    assert [r.id for r in children(book, PRIORITY)] == [f"{PRIORITY}/1", f"{PRIORITY}/2", f"{PRIORITY}/3"]


def test_the_win_check_examples_are_attached(book: RuleBook, rules: dict[str, Rule]) -> None:
    assert [r.id for r in children(book, WIN_CHECK)] == [f"{WIN_CHECK}/1", f"{WIN_CHECK}/2", f"{WIN_CHECK}/3"]
    first, second = rules[f"{WIN_CHECK}/1"], rules[f"{WIN_CHECK}/2"]
    assert [e.text[:3] for e in first.examples] == ["例1:"]
    assert first.examples[0].span == SourceSpan(PATH, 34, 34)
    assert second.text == "勝敗のチェックは、未解決の効果があっても行う。"
    (example2,) = second.examples
    assert example2.text.startswith("例2:相手の城が3枚")
    assert example2.text.endswith("3回復する能力は未解決のままになる。")
    assert example2.span == SourceSpan(PATH, 36, 37)
    assert rules[f"{WIN_CHECK}/3"].text.endswith("効果と効果の間ではチェックが行われるということ。")


def test_numbered_examples_stay_with_their_paragraph(book: RuleBook, rules: dict[str, Rule]) -> None:
    rule = rules[f"{IN_PLAY}/4"]
    assert [e.text[:3] for e in rule.examples] == ["例1:", "例2:", "例3:"]
    assert rules[f"{IN_PLAY}/5"].text.startswith("例2と例3から、")
    assert len(children(book, IN_PLAY)) == 5


def test_an_example_ends_where_a_caveat_starts(rules: dict[str, Rule]) -> None:
    section = "ゲーム全体のルール/カードの文章欄のマジック、マジックカードについて"
    assert [e.text[:6] for e in rules[f"{section}/4"].examples] == ["例:(サーチ"]
    assert rules[f"{section}/5"].text.startswith("ただし、マジックカード(通常)は場に出ることが無いため")


def test_phase_names_head_subsections(book: RuleBook, rules: dict[str, Rule]) -> None:
    phases = [rule for rule in children(book, PHASES) if rule.kind is RuleKind.HEADING]
    assert [rule.title for rule in phases] == [
        "ダイスフェイズ",
        "ドローフェイズ",
        "セットフェイズ",
        "バトルフェイズ",
        "エンドフェイズ",
    ]
    assert rules[f"{PHASES}/セットフェイズ/1"].text == "規定処理なし"
    assert rules[f"{PHASES}/3"].text == "以下各フェイズの規定処理とフェイズ関連のルール"
    assert rules[f"{PHASES}/ダイスフェイズ/4"].examples[0].text.startswith("例:カードの効果で")


def test_numbered_cases_are_labelled_subsections(book: RuleBook, rules: dict[str, Rule]) -> None:
    cases = children(book, SIMULTANEOUS)
    assert [(r.id, r.title, r.kind) for r in cases] == [
        (f"{SIMULTANEOUS}/1", "1、手番プレイヤーの能力のみ同時", RuleKind.HEADING),
        (f"{SIMULTANEOUS}/2", "2、手番プレイヤーと非手番プレイヤーの能力が同時", RuleKind.HEADING),
    ]
    first = rules[f"{SIMULTANEOUS}/1/1"]
    assert first.text == "好きな順番で解決できる。"
    assert [e.text[:3] for e in first.examples] == ["例1:", "例2:"]


def test_a_line_starting_with_a_particle_continues_the_line_before(
    book: RuleBook, rules: dict[str, Rule]
) -> None:
    section = "効果、能力に関するルール/複合能力について"
    assert rules[f"{section}/2"].text == "タイミング:コスト:効果の書式で記述される。"
    assert rules[f"{section}/2"].span == SourceSpan(PATH, 159, 160)
    assert rules[f"{section}/3"].text.startswith("IN:リゲイン:効果などが該当する。")
    repaired = [i for i in book.lint if i.kind is LintKind.REPAIRED]
    assert [(i.rule_id, i.severity, i.span) for i in repaired] == [
        (f"{section}/2", Severity.INFO, SourceSpan(PATH, 160, 160)),
        (f"{section}/3", Severity.INFO, SourceSpan(PATH, 162, 162)),
    ]


def test_for_example_sentences_stay_paragraphs(rules: dict[str, Rule]) -> None:
    """``例えば…`` is prose, not a labelled example: it stays a citable paragraph."""
    rule = rules[f"{PHASES}/バトルフェイズ/4"]
    assert rule.text.startswith("例えばユニットAとBがそれぞれ2回攻撃を持つ場合")
    assert rule.kind is RuleKind.PARAGRAPH


def test_only_the_repairs_are_reported(book: RuleBook) -> None:
    assert {issue.kind for issue in book.lint} == {LintKind.REPAIRED}
