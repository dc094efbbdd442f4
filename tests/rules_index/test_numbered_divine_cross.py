"""The numbered parser on the Divine Cross comprehensive rules (ver.1.0.16) and the DC-style fixtures."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache

import pytest

from rules_index.catalog import load_catalog, parse_document
from rules_index.errors import ParseError
from rules_index.model import LintKind, Rule, RuleBook, RuleKind, Severity
from rules_index.normalize import search_key
from rules_index.numbered import parse_numbered
from tests.rules_index.sourcecheck import SyntheticBook, check_synthetic, synthetic_books

SOURCE = "divine-cross/comprehensive-1.0.16.txt"


@cache
def book() -> RuleBook:
    catalog = load_catalog()
    return parse_document(catalog, catalog.game("divine-cross").document(None).latest)


def rule(rule_id: str) -> Rule:
    return book().by_id()[rule_id]


def dc_path(rule_id: str) -> tuple[int, ...]:
    """The printed number as a sortable path (804.2c-31 sorts after 804.2c-3, before 805)."""
    m = re.fullmatch(r"(\d+)(?:\.(\d+)([a-z])?(?:-(\d+))?)?", rule_id)
    assert m is not None, rule_id
    section = int(m[1])
    path = (section // 100, section % 100)
    if m[2]:
        path += (int(m[2]),)
    if m[3]:
        path += (ord(m[3]) - ord("a") + 1,)
    if m[4]:
        path += (int(m[4]),)
    return path


def test_every_number_is_one_rule_in_document_order() -> None:
    ids = [r.id for r in book().rules]
    assert len(ids) == 487
    assert (ids[0], ids[-1]) == ("100", "1103.1")
    assert len(set(ids)) == len(ids)
    assert [r.order for r in book().rules] == list(range(487))
    assert [dc_path(i) for i in ids] == sorted(dc_path(i) for i in ids)
    assert {"403.3a-1", "403.3a-2", "703.1a-3", "804.2c-31", "1004.1a"} <= set(ids)


def test_every_printed_number_is_counted() -> None:
    """Independent count: lines that start (after a bullet) with a DC number and a space."""
    text = load_catalog().text(book().info)
    numbered = re.compile(r"^\s*(?:-\s+)?\d+\.(?:\d+(?:[a-z](?:-\d+)?)?\.?)? ")
    assert sum(1 for line in text.splitlines() if numbered.match(line)) == len(book().rules)


@pytest.mark.parametrize(
    ("child", "parent", "depth"),
    [
        ("100", None, 0),
        ("101", "100", 1),
        ("106", "100", 1),
        ("200", None, 0),
        ("1000", None, 0),
        ("1001", "1000", 1),
        ("1005", "1000", 1),
        ("1100", None, 0),
        ("1101", "1100", 1),
        ("1103", "1100", 1),
        ("101.1", "101", 2),
        ("1103.1", "1103", 2),
        ("105.3a", "105.3", 3),
        ("403.3a-1", "403.3a", 4),
        ("804.2c-3", "804.2c", 4),
        ("804.2c-31", "804.2c-3", 5),
    ],
)
def test_hierarchy(child: str, parent: str | None, depth: int) -> None:
    assert (rule(child).parent, rule(child).depth) == (parent, depth)


def test_every_parent_exists_and_depths_follow_parents() -> None:
    rules = book().by_id()
    for r in book().rules:
        if r.parent is None:
            assert r.depth == 0
        else:
            assert r.depth == rules[r.parent].depth + 1
            assert rules[r.parent].order < r.order


def test_the_sub_item_804_2c_31_is_an_info_lint_not_a_gap() -> None:
    issues = [i for i in book().lint if i.rule_id == "804.2c-31"]
    assert [(i.kind, i.severity) for i in issues] == [(LintKind.REPAIRED, Severity.INFO)]
    assert issues[0].span is not None and issues[0].span.first_line == 615
    assert "804.2c-3" in issues[0].message
    assert rule("804.2c-31").text.startswith("その発生源がスキルなら")


def test_no_published_numbering_defects_and_nothing_unplaced() -> None:
    kinds = {i.kind for i in book().lint}
    assert kinds == {LintKind.REPAIRED}
    assert all(i.severity is Severity.INFO for i in book().lint)


def test_chapters_and_sections_have_titles_and_no_text() -> None:
    damage = rule("704")
    assert (damage.kind, damage.title, damage.text) == (RuleKind.SECTION, "ダメージステップ", "")
    assert (rule("100").kind, rule("100").title) == (RuleKind.SECTION, "ゲームの概要")
    assert rule("606").title == "起動能力であるEXパワーをプレイ"
    sections = [r for r in book().rules if r.kind is RuleKind.SECTION]
    assert all(re.fullmatch(r"\d+", r.id) and r.title and not r.text for r in sections)
    assert all(r.kind is RuleKind.RULE and r.text and not r.title for r in book().rules if "." in r.id)


def test_short_leaf_rules_stay_rules() -> None:
    charge = rule("503.3a")
    assert (charge.kind, charge.title, charge.text) == (RuleKind.RULE, "", "チャージ")


@pytest.mark.parametrize(
    ("rule_id", "joined", "lines"),
    [
        ("303.1", "カードの情報が見えないように置くことでそれを示します。", (249, 251)),
        ("807.7", "このような誘発能力を条件誘発能力と呼びます。", (646, 648)),
        ("909.2", "その領域にあることは保証されません。選ぶプレイヤーは", (803, 805)),
        ("919.2a", "そのうち1つを選んで適用します。これを適用すべき", (909, 911)),
    ],
)
def test_text_broken_across_pages_is_joined(rule_id: str, joined: str, lines: tuple[int, int]) -> None:
    r = rule(rule_id)
    assert joined in r.text
    assert (r.span.first_line, r.span.last_line) == lines


def test_bullets_are_dropped_from_text() -> None:
    assert rule("801.1").text.startswith("能力とは、何らかの処理")
    assert rule("1004.1a").text.startswith("複数のプレイヤーが")
    assert not any(r.text.startswith("-") for r in book().rules)


def test_icon_line_continues_204_2() -> None:
    assert rule("204.2").text.endswith("属性を持ちます。:赤 :緑 :青 :無")
    assert rule("204.2").span.last_line == 157


def test_card_layout_diagram_is_figures_of_200() -> None:
    cards = rule("200")
    assert cards.text == ""
    assert len(cards.figures) == 8
    assert all("<" not in f.text and ">" not in f.text for f in cards.figures)
    assert cards.figures[0].text.startswith("UNIT 4 ① ③ 相手のメイン・ユニットを気絶させる。")
    assert cards.figures[0].text.endswith("© 魔法の国ザ・デュエル ユニット")
    assert cards.figures[5].text.startswith("① 種類 ② 名前 ③ HP")
    assert [f.span.first_line for f in cards.figures] == [125] * 4 + [126] * 3 + [127]
    assert not any("<p>" in r.text for r in book().rules)


@pytest.mark.parametrize(
    ("rule_id", "count", "first_words", "line"),
    [
        ("914.5a", 1, "例: あなたのメイン・ユニットのエネルギーが 3 つ", 853),
        ("916.1a", 2, "例: ウィニングチケットを持つプレイヤーが「じゃんけん", 869),
        ("917.1b", 1, "例: “じゃんけんして勝てば", 883),
        ("925.1", 1, "例: あなたの手札が 2 枚の状態です。", 951),
        ("1102.1a", 2, "例: ドローフェイズの処理で", 999),
        ("1102.2", 2, "例: 「自分のデッキを 15 枚引いてもよい。", 1002),
    ],
)
def test_examples_attach_to_the_rule_before(rule_id: str, count: int, first_words: str, line: int) -> None:
    r = rule(rule_id)
    assert len(r.examples) == count
    assert r.examples[0].text.startswith(first_words)
    assert r.examples[0].span.first_line == line
    assert r.span.last_line >= r.examples[-1].span.last_line
    assert "例:" not in r.text


def test_examples_are_nowhere_else_and_lose_their_star() -> None:
    examples = [e for r in book().rules for e in r.examples]
    assert len(examples) == 9
    assert not any(e.text.rstrip().endswith("*") for e in examples)
    assert rule("916.1a").examples[1].text.endswith("残りの3回のじゃんけんを行います。")


def test_table_of_contents_and_front_matter_are_dropped() -> None:
    dropped = [(s.first_line, s.last_line) for s in book().dropped]
    assert (9, 63) in dropped
    assert (5, 5) in dropped and (7, 7) in dropped
    assert (1009, 1009) in dropped  # 更新情報:
    assert all(s.path == SOURCE for s in book().dropped)
    assert book().heading == "ディヴァインクロス TCG 総合ルール ver.1.0.16"


def test_changelog() -> None:
    log = book().changelog
    assert len(log) == 17
    newest = log[0]
    assert (newest.version, newest.date) == ("1.0.16", "2026-02-27")
    assert newest.changes == (
        "ゲームの概要にて、ウィニングチケットの項目を追加いたしました。",
        "ゲーム上の用語にて、ウィニングチケットを授かるの項目を追加いたしました。",
        "ゲーム上の用語にて、じゃんけんの項目を更新いたしました。",
    )
    assert (newest.span.first_line, newest.span.last_line) == (1011, 1015)
    assert [e.version for e in log] == [f"1.0.{n}" for n in range(16, -1, -1)]
    assert len(log[13].changes) == 3  # 1.0.3, whose last line follows a blank line
    # The file's last line (it has no final newline) is 1.0.0's one change.
    assert (log[-1].version, log[-1].date, log[-1].changes) == ("1.0.0", "2023-12-04", ("総合ルールを作成",))
    assert (log[-1].span.first_line, log[-1].span.last_line) == (1093, 1095)
    assert all(re.fullmatch(r"\d{4}-\d{2}-\d{2}", e.date) for e in log)


def test_spans_point_at_the_source() -> None:
    lines = load_catalog().text(book().info).splitlines()
    for r in book().rules:
        assert r.span.path == SOURCE
        first = lines[r.span.first_line - 1]
        assert re.sub(r"^\s*-\s*", "", first).startswith(r.id)
    assert (rule("101.1").span.first_line, rule("101.1").span.last_line) == (69, 69)


def test_bold_term_markup_is_kept_as_published() -> None:
    assert rule("105.1").text.startswith("**プレイヤー**: ゲームに参加している人です。")


def test_search_keys_find_rules_whatever_the_spacing() -> None:
    assert search_key("2 人のプレイヤーによる対戦ゲーム") in search_key(rule("102.1").text)


def test_unparseable_input_is_a_parse_error() -> None:
    info = book().info
    with pytest.raises(ParseError, match=r"divine-cross/comprehensive-1\.0\.16\.txt: no numbered rule found"):
        parse_numbered("総合ルール\n\nただの文章です。\n", info)


def test_unknown_numbering_is_a_parse_error() -> None:
    with pytest.raises(ParseError, match="unknown numbering 'roman'"):
        parse_numbered("100. 概要\n", replace(book().info, numbering="roman"))


# --------------------------------------------------------------------------- synthetic rulebooks


@pytest.mark.parametrize("synthetic", synthetic_books("divine-cross"), ids=lambda b: b.name)
def test_synthetic_rulebook(synthetic: SyntheticBook) -> None:
    check_synthetic(synthetic)

