"""The numbered parser on the FFTCG comprehensive rules (ver.2.1.9, a damaged PDF extraction)."""

from __future__ import annotations

import itertools
from functools import cache

import pytest

from rules_index.catalog import load_catalog, parse_document
from rules_index.model import LintKind, Rule, RuleBook, RuleKind, Severity
from rules_index.normalize import search_key
from tests.rules_index.sourcecheck import SyntheticBook, check_synthetic, synthetic_books

SOURCE = "fftcg/comprehensive-2.1.9.txt"
PUBLISHED_SKIPS = {("11.4.6", "11.4.6.1.1"), ("11.11.2", "11.11.2.1.1")}
"""Children printed without their parent (no 11.4.6.1, no 11.11.2.1)."""


@cache
def book() -> RuleBook:
    catalog = load_catalog()
    return parse_document(catalog, catalog.game("fftcg").document(None).latest)


def rule(rule_id: str) -> Rule:
    return book().by_id()[rule_id]


def path(rule_id: str) -> tuple[int, ...]:
    return tuple(int(part) for part in rule_id.split("."))


def follows(previous: tuple[int, ...], current: tuple[int, ...]) -> bool:
    """Whether ``current`` is the first child of ``previous`` or the next sibling of it or an ancestor."""
    if current == (*previous, 1):
        return True
    return any(current == (*previous[:level], previous[level] + 1) for level in range(len(previous)))


def ids_between(first: str, last: str) -> list[str]:
    ids = [r.id for r in book().rules]
    return ids[ids.index(first) : ids.index(last) + 1]


def test_every_number_is_one_rule_in_document_order() -> None:
    ids = [r.id for r in book().rules]
    assert len(ids) == 459
    assert (ids[0], ids[-1]) == ("1", "15.2.7.5.2")
    assert len(set(ids)) == len(ids)
    assert [r.order for r in book().rules] == list(range(459))
    assert [path(i) for i in ids] == sorted(path(i) for i in ids)


def test_every_number_from_1_to_the_last_is_there() -> None:
    """Each number follows the one before it, except the two published skips."""
    ids = [r.id for r in book().rules]
    breaks = {(a, b) for a, b in itertools.pairwise(ids) if not follows(path(a), path(b))}
    assert breaks == PUBLISHED_SKIPS


def test_parent_is_the_number_minus_its_last_component() -> None:
    rules = book().by_id()
    for r in book().rules:
        expected = ".".join(r.id.split(".")[:-1]) or None
        if r.id.startswith(("11.4.6.1.", "11.11.2.1.")):
            expected = ".".join(r.id.split(".")[:-2])
        assert r.parent == expected, r.id
        assert r.depth == (0 if r.parent is None else rules[r.parent].depth + 1)


def test_children_without_parent_are_orphan_warnings() -> None:
    orphans = [i for i in book().lint if i.kind is LintKind.ORPHAN]
    assert [i.rule_id for i in orphans] == [
        "11.4.6.1.1",
        "11.4.6.1.2",
        "11.4.6.1.3",
        "11.4.6.1.4",
        "11.11.2.1.1",
    ]
    assert all(i.severity is Severity.WARNING for i in orphans)
    assert [i.span.first_line for i in orphans if i.span] == [562, 563, 564, 565, 748]
    assert (rule("11.4.6.1.1").parent, rule("11.4.6.1.1").depth) == ("11.4.6", 3)
    assert rule("11.11.2.1.1").parent == "11.11.2"


def test_no_gaps_duplicates_or_unplaced_lines() -> None:
    kinds = {i.kind for i in book().lint}
    assert kinds == {LintKind.ORPHAN, LintKind.REPAIRED}


@pytest.mark.parametrize(
    ("rule_id", "title"),
    [
        ("1", "ゲームの人数"),
        ("5.2", "カードの表記と情報"),
        ("5.2.1", "コスト・属性"),
        ("6.1", "プレイヤー"),
        ("7.6", "公開情報と非公開情報"),
        ("10.1.1", "アタック準備ステップ"),
        ("10.1.4", "ダメージ解決ステップ"),
        ("11.11", "召喚獣、アクションアビリティ、スペシャルアビリティ、オートアビリティの解決"),
        ("15.1.1.2", "ダルにする"),
        ("15.1.1.8", "サーチする"),
        ("15.2.6", "Damage"),
    ],
)
def test_headings_have_titles(rule_id: str, title: str) -> None:
    r = rule(rule_id)
    assert (r.kind, r.title, r.text) == (RuleKind.SECTION, title, "")


def test_prose_under_a_heading_is_its_text() -> None:
    phases = rule("9")
    assert (phases.kind, phases.title) == (RuleKind.SECTION, "フェイズ")
    assert phases.text == (
        "ゲームはそれぞれのフェイズとステップを行う事で進行していく。以下にそのフェイズとステップを記す。"
        "フェイズをまとめてターンと呼び、それぞれのターンにはターンプレイヤーが存在する。"
    )


@pytest.mark.parametrize(
    "rule_id",
    ["10.1", "10.1.3.2", "10.1.4.2", "15.1.1", "12.4", "15.1.1.9.5", "5.2.3.1"],
)
def test_sentences_are_not_headings(rule_id: str) -> None:
    """Rules with children whose text is a sentence, or whose first line is a broken fragment."""
    r = rule(rule_id)
    assert (r.kind, r.title) == (RuleKind.RULE, "")
    assert r.text


def test_narrow_column_fragments_are_joined_without_spaces() -> None:
    assert rule("10.1.3.1.2").text == (
        "ブロックするフォワードに何らかの制限がある場合、それを満たさないフォワードではブロックできない。"
    )
    assert rule("10.1.3.2").text.startswith(
        "選ばれたフォワードがなお非ターンプレイヤーによってコントロールされている"
    )
    assert (rule("10.1.3.1.3").span.first_line, rule("10.1.3.1.3").span.last_line) == (411, 430)
    assert rule("15.2.2.2").text == (
        "ヘイストを持つキャラクターは、そのコントローラーの最新のターンの最初から継続して"
        "コントロールされていない場合でも、アタックすることができる。"
    )


def test_lines_starting_with_an_implausible_number_are_text() -> None:
    assert rule("10.1.4.6").text == (
        "まだアタックをしたい場合は10.1.2に戻り、そうでない場合はメインフェイズに移る。"
    )
    assert rule("10.1.4.1").text.endswith("対戦相手に1 ダメージを与える。")
    repairs = {(i.rule_id, i.span.first_line) for i in book().lint if i.kind is LintKind.REPAIRED and i.span}
    assert ("10.1.4.6", 490) in repairs
    assert ("10.1.4.1", 465) in repairs


def test_number_glued_to_text_is_split_shorter() -> None:
    first_strike = rule("15.2.3.2")
    assert first_strike.text.startswith("1 体以上のアタック中のまたはブロック中のフォワードが")
    assert "15.2.3.2.1" not in book().by_id()
    issue = next(i for i in book().lint if i.rule_id == "15.2.3.2")
    assert (issue.kind, issue.severity, issue.span and issue.span.first_line) == (
        LintKind.REPAIRED,
        Severity.INFO,
        1061,
    )


def test_first_two_column_passage_is_read_column_by_column() -> None:
    assert ids_between("15.1.1.1.1", "15.1.1.9.5") == [
        "15.1.1.1.1",
        "15.1.1.1.2",
        "15.1.1.2",
        "15.1.1.2.1",
        "15.1.1.2.2",
        "15.1.1.3",
        "15.1.1.3.1",
        "15.1.1.3.2",
        "15.1.1.4",
        "15.1.1.4.1",
        "15.1.1.5",
        "15.1.1.5.1",
        "15.1.1.6",
        "15.1.1.6.1",
        "15.1.1.7",
        "15.1.1.7.1",
        "15.1.1.8",
        "15.1.1.8.1",
        "15.1.1.8.2",
        "15.1.1.9",
        "15.1.1.9.1",
        "15.1.1.9.2",
        "15.1.1.9.3",
        "15.1.1.9.4",
        "15.1.1.9.5",
    ]
    assert rule("15.1.1.2.1").text == "アクティブ状態のキャラクターをダル状態にすることをダルにするという。"
    assert rule("15.1.1.1.2").text == "アクティブ状態のキャラクターをアクティブにすることもできる。"
    search = rule("15.1.1.8.1")
    assert search.text == (
        "サーチするとは、デッキから指定されたカードを探し出して公開しそのカードを脇に置く。"
        "デッキをシャッフルし、その後に書かれたことを実行することを指す。"
        "ただし、その後に書かれたことを実行できないカードはそもそも探し出すことができない。"
    )
    assert (search.span.first_line, search.span.last_line) == (889, 889)
    assert rule("15.1.1.8.2").text.endswith(
        "カードを1枚も探し出さなかった場合はデッキのシャッフルのみを行う。"
    )
    assert rule("15.1.1.9.4").text == "パーティーを組むことができるフォワードの数に上限はない。"


def test_second_two_column_passage_is_read_column_by_column() -> None:
    assert ids_between("15.2.5", "15.2.7.5.2") == [
        "15.2.5",
        "15.2.5.1",
        "15.2.5.2",
        "15.2.5.3",
        "15.2.5.4",
        "15.2.6",
        "15.2.6.1",
        "15.2.6.2",
        "15.2.6.3",
        "15.2.6.3.1",
        "15.2.7",
        "15.2.7.1",
        "15.2.7.1.1",
        "15.2.7.1.2",
        "15.2.7.2",
        "15.2.7.3",
        "15.2.7.4",
        "15.2.7.5",
        "15.2.7.5.1",
        "15.2.7.5.2",
    ]
    damage = rule("15.2.6.3.1")
    assert search_key(damage.text).endswith(search_key("いなければEXバーストは発動できない。"))
    assert damage.text.startswith("ダメージ処理で2点以上のダメージが与えられる場合")
    assert (damage.span.first_line, damage.span.last_line) == (1096, 1105)
    assert rule("15.2.7").title == "デジョン"
    assert rule("15.2.7.5").text.startswith("デジョンを持ったカードが除外領域にある間")


def test_column_runs_are_reported_as_repairs() -> None:
    runs = [
        (i.span.first_line, i.span.last_line)
        for i in book().lint
        if i.kind is LintKind.REPAIRED and i.rule_id is None and i.span
    ]
    assert runs == [(888, 902), (1096, 1105)]


@pytest.mark.parametrize(
    ("rule_id", "text_end", "example_start", "example_end", "lines"),
    [
        (
            "15.1.1.8.1",
            "そもそも探し出すことができない。",
            "例: バックアップを5体コントロールしている状態で",
            "探し出すことはできない。",
            (889, 889),
        ),
        (
            "15.1.1.9.6",
            "そのパーティーはロックされる。",
            "例: 3 コスト以上のフォワードにはロックされないもの",
            "3コストのフォワードでブロックすることができる。",
            (919, 926),
        ),
        (
            "15.1.1.9.10",
            "アビリティを生み出している発生源のみを参照する。",
            "例: 【16-015H】トウモロと【15-073H】セシルによる",
            "このダメージは 2 点にならない。",
            (974, 992),
        ),
        (
            "11.8.2",
            "「[誘発条件]、[効果]。」の形で表される。",
            "例：「～とき、……。」",
            "「～開始時に……。",
            (673, 673),
        ),
    ],
)
def test_inline_examples_are_taken_out_of_the_text(
    rule_id: str, text_end: str, example_start: str, example_end: str, lines: tuple[int, int]
) -> None:
    r = rule(rule_id)
    assert r.text.endswith(text_end)
    assert "例:" not in r.text and "例：" not in r.text
    assert len(r.examples) == 1
    example = r.examples[0]
    assert example.text.startswith(example_start)
    assert example.text.endswith(example_end)
    assert (example.span.first_line, example.span.last_line) == lines


def test_parentheses_that_are_not_examples_stay() -> None:
    assert "(例え何らかの効果によってメインフェイズが増えていたとしても)" in rule("9.3.1.1").text
    assert sum(len(r.examples) for r in book().rules) == 4


def test_bullets_are_dropped_and_continue_their_rule() -> None:
    assert rule("11.8.10.1").text.endswith("以降、効果が解決されるまでこの数は変動しない。")
    assert rule("11.12.4.6").text.endswith("⑤カードのパワーを変更する継続効果。")
    assert not any(r.text.startswith("-") or r.title.startswith("-") for r in book().rules)


def test_front_matter() -> None:
    assert book().heading == "FFTTCG 総合ルール ver.2.1.9"
    assert len(book().changelog) == 1
    entry = book().changelog[0]
    assert (entry.version, entry.date) == ("2.1.9", "2023-07-28")
    assert entry.changes == ("テキスト内容更新：1か所 15.1.1.8.1.", "項目追加：1か所 15.1.1.8.2.")
    assert (entry.span.first_line, entry.span.last_line) == (6, 14)
    assert [(s.first_line, s.last_line) for s in book().dropped] == [(16, 16), (18, 32)]
    assert rule("1").span.first_line == 34


def test_spans_point_at_the_source() -> None:
    lines = load_catalog().text(book().info).splitlines()
    for r in book().rules:
        assert r.span.path == SOURCE
        printed = lines[r.span.first_line - 1 : r.span.last_line]
        assert any(f"{r.id}." in line for line in printed), r.id
    assert (rule("1.1").span.first_line, rule("1.1").span.last_line) == (36, 36)
    assert (rule("15.1.1.9.8").span.first_line, rule("15.1.1.9.8").span.last_line) == (935, 956)


@pytest.mark.parametrize("synthetic", synthetic_books("dotted"), ids=lambda b: b.name)
def test_synthetic_rulebook(synthetic: SyntheticBook) -> None:
    check_synthetic(synthetic)
