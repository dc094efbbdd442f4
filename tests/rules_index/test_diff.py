"""Version diffs on realistic editions built from the published text (see ``editions.py``).

Each edition is the real rulebook edited as a publisher edits it -- a sub-rule inserted so
later letters shift, a section moved as 1102 was, rules reworded, a reference changed, rules
split and merged, terms added -- then parsed with the real parser. Every test states the
exact set of entries the diff must report, so a misclassification fails it.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

import rules_index.diff
from rules_index.catalog import load_catalog, parse_document
from rules_index.diff import (
    BookDiff,
    ChangeKind,
    ClaimAction,
    ClaimStatus,
    DiffCache,
    DiffOp,
    Fate,
    HeldVersion,
    HistoryKind,
    OpKind,
    ReferenceStatus,
    Relocation,
    RuleChange,
    TermChangeKind,
    Wording,
    diff_books,
    diff_data,
    follow,
    history,
    inline_diff,
    mask_references,
    max_weight_matching,
)
from rules_index.diff.prepare import Side
from rules_index.model import RuleBook
from rules_index.refs import Reference
from tests.rules_index.editions import Edition

Entry = tuple[str, tuple[str, ...], tuple[str, ...]]


def entries(diff: BookDiff) -> set[Entry]:
    """The diff's entries as (kind, old ids, new ids)."""
    return {(e.kind.value, e.old_ids, e.new_ids) for e in diff.entries}


def renumbered(*pairs: str) -> set[Entry]:
    """Entries for ``"old>new"`` pairs renumbered in place."""
    return {("renumbered", (p.split(">")[0],), (p.split(">")[1],)) for p in pairs}


@cache
def published(game: str) -> Edition:
    return Edition.published(game)


@cache
def published_book(game: str) -> RuleBook:
    return published(game).book()


def one(diff: BookDiff, old_id: str | None = None, new_id: str | None = None) -> RuleChange:
    found = [
        e for e in diff.entries if (old_id is None or old_id in e.old_ids) and (new_id is None or new_id in e.new_ids)
    ]
    assert len(found) == 1, found
    return found[0]


# --------------------------------------------------------------------------- identity and whitespace


@pytest.mark.parametrize("game", ["divine-cross", "fftcg", "code-of-joker", "dice-castle"])
def test_a_document_against_itself_is_empty(game: str) -> None:
    catalog = load_catalog()
    book = parse_document(catalog, catalog.game(game).default_document.latest)
    diff = diff_books(book, book)
    assert diff.is_empty
    assert diff.entries == () and diff.terms == () and diff.changelog is None
    assert len(diff.mapping) == len(book.rules)
    assert all(old == new for old, new in diff.mapping)


@pytest.mark.parametrize("game", ["divine-cross", "fftcg"])
def test_whitespace_and_line_breaks_only_report_no_change(game: str) -> None:
    reflowed = published(game).reflow().as_version("9.9.9")
    changed_lines = sum(1 for a, b in zip(published(game).lines, reflowed.lines, strict=False) if a != b)
    assert changed_lines > 100 and len(reflowed.lines) > len(published(game).lines) + 50
    assert [r.id for r in reflowed.book().rules] == [r.id for r in published_book(game).rules]
    diff = diff_books(published_book(game), reflowed.book())
    assert diff.is_empty, [e.label for e in diff.entries]


# --------------------------------------------------------------------------- insertions and moves


def test_an_inserted_sub_rule_shifts_the_later_letters() -> None:
    new = (
        published("divine-cross")
        .renumber({"704.6d": "704.6e", "704.6c": "704.6d"})
        .insert_before("704.6d", "704.6c. 宣言したスキルを持つユニットのスキル効果によるダメージの増減を適用します。")
        .as_version("1.0.17")
    )
    diff = diff_books(published_book("divine-cross"), new.book())
    assert entries(diff) == {
        ("added", (), ("704.6c",)),
        *renumbered("704.6c>704.6d", "704.6c-1>704.6d-1", "704.6d>704.6e"),
        ("reference-only", ("924.1",), ("924.1",)),
    }
    assert diff.new_id("704.6c-1") == "704.6d-1"
    assert diff.new_id("704.6b") == "704.6b"
    reference = one(diff, "924.1")
    assert reference.wording is Wording.REFERENCES and reference.relocation is Relocation.NONE
    assert [(r.old_target, r.new_target, r.status) for r in reference.references] == [
        ("704.6d", "704.6e", ReferenceStatus.FOLLOWED)
    ]
    assert [op for op in reference.ops if op.kind is not OpKind.EQUAL] == [
        DiffOp(OpKind.DELETE, "704.6d"),
        DiffOp(OpKind.INSERT, "704.6e"),
    ]
    # Only the renumbered reference changed, so its child 704.6c-1 keeps its own reference (205).
    assert one(diff, "704.6c-1").wording is Wording.SAME


def test_an_inserted_rule_shifts_the_later_numbers_in_fftcg() -> None:
    new = (
        published("fftcg")
        .renumber({"10.1.2.7": "10.1.2.8", "10.1.2.6": "10.1.2.7", "10.1.2.5": "10.1.2.6", "10.1.2.4": "10.1.2.5"})
        .insert_before("10.1.2.5", "10.1.2.4. アタックするフォワードの数は、このステップの間変わらない。")
        .as_version("2.2.0")
    )
    diff = diff_books(published_book("fftcg"), new.book())
    assert entries(diff) == {
        ("added", (), ("10.1.2.4",)),
        *renumbered("10.1.2.4>10.1.2.5", "10.1.2.5>10.1.2.6", "10.1.2.6>10.1.2.7", "10.1.2.7>10.1.2.8"),
    }


@cache
def before_the_move() -> Edition:
    """1.0.11 as the changelog tells it: ドローダメージ処理 still in ルール処理 (1000), as 1003."""
    return (
        published("divine-cross")
        .move("1102", after="1002")
        .renumber({"1102": "1003", "1003": "1004", "1004": "1005", "1005": "1006", "1103": "1102"})
        .as_version("1.0.11")
    )


def test_a_whole_section_moved_as_1102_was() -> None:
    old = before_the_move()
    assert old.rule("1003").title == "ドローダメージ処理"
    diff = diff_books(old.book(), published_book("divine-cross"))
    assert entries(diff) == {
        ("moved", ("1003",), ("1102",)),
        ("moved", ("1003.1",), ("1102.1",)),
        ("moved", ("1003.1a",), ("1102.1a",)),
        ("moved", ("1003.2",), ("1102.2",)),
        *renumbered("1004>1003", "1004.1>1003.1", "1004.2>1003.2"),
        *renumbered("1005>1004", "1005.1>1004.1", "1005.1a>1004.1a"),
        *renumbered("1006>1005", "1006.1>1005.1", "1006.2>1005.2"),
        *renumbered("1102>1103", "1102.1>1103.1"),
    }
    root = one(diff, "1003")
    assert (root.old_parent, root.new_parent, root.moved_with) == ("1000", "1100", None)
    assert root.relocation is Relocation.MOVED and root.wording is Wording.SAME
    assert one(diff, "1003.1a").moved_with == "1003"
    assert one(diff, "1004").relocation is Relocation.RENUMBERED


def test_a_rule_moved_inside_its_parent_is_a_move_and_its_siblings_are_renumbered() -> None:
    """105.3a goes to the end of 105.3 (as MTG's 'Choose a Background' went from 702.124m to 702.124k).

    The siblings it passed shift up a letter: they kept their order, so they are renumbered;
    the rule that left its place among them is the one moved.
    """
    new = (
        published("divine-cross")
        .renumber({"105.3a": "105.3c", "105.3b": "105.3a", "105.3c": "105.3b"})
        .move("105.3c", after="105.3b")
        .as_version("1.0.17")
    )
    assert [r.id for r in new.book().rules if r.parent == "105.3"] == ["105.3a", "105.3b", "105.3c"]
    diff = diff_books(published_book("divine-cross"), new.book())
    assert entries(diff) == {
        ("moved", ("105.3a",), ("105.3c",)),
        *renumbered("105.3b>105.3a", "105.3c>105.3b"),
    }
    moved = one(diff, "105.3a")
    assert moved.relocation is Relocation.MOVED and (moved.old_parent, moved.new_parent) == ("105.3", "105.3")


def test_duplicate_texts_are_matched_by_structure_not_greedily() -> None:
    """704.3 and 704.5 are both 'ルールチェックを実行します。'; removing 704.3 shifts 704.5 to 704.4.

    Matching text first, rule by rule, would pair old 704.3 with new 704.4 and call 704.5
    removed; the global assignment keeps each rule between its own neighbours.
    """
    book = published_book("divine-cross")
    assert book.by_id()["704.3"].text == book.by_id()["704.5"].text
    shift = {f"704.{n}": f"704.{n - 1}" for n in range(4, 13)}
    new = published("divine-cross").delete("704.3").renumber(shift).as_version("1.0.17")
    diff = diff_books(book, new.book())
    assert entries(diff) == {
        ("removed", ("704.3",), ()),
        *renumbered(*(f"{old}>{new}" for old, new in shift.items())),
        *renumbered("704.6a>704.5a"),
        *renumbered("704.6b>704.5b", "704.6b-1>704.5b-1", "704.6b-2>704.5b-2", "704.6b-3>704.5b-3"),
        *renumbered("704.6c>704.5c", "704.6c-1>704.5c-1", "704.6d>704.5d"),
        ("reference-only", ("704.6a-1",), ("704.5a-1",)),
        ("reference-only", ("704.6a-2",), ("704.5a-2",)),
        ("reference-only", ("924.1",), ("924.1",)),
    }
    assert diff.new_id("704.5") == "704.4"


# --------------------------------------------------------------------------- wording and references


def test_a_reworded_rule_has_an_inline_diff_that_reads_as_a_phrase() -> None:
    new = published("divine-cross").reword("602.2", "1度のみ", "2度まで").as_version("1.0.17")
    diff = diff_books(published_book("divine-cross"), new.book())
    assert entries(diff) == {("changed", ("602.2",), ("602.2",))}
    change = one(diff, "602.2")
    assert change.ops == (
        DiffOp(OpKind.EQUAL, "この処理は、1ターンに"),
        DiffOp(OpKind.DELETE, "1度のみ"),
        DiffOp(OpKind.INSERT, "2度まで"),
        DiffOp(OpKind.EQUAL, "実行できます。"),
    )
    assert 0.5 < change.similarity < 1


def test_a_reference_pointed_at_another_rule_is_a_wording_change() -> None:
    new = published("divine-cross").reword("604.2", "(804)", "(805)").as_version("1.0.17")
    diff = diff_books(published_book("divine-cross"), new.book())
    assert entries(diff) == {("changed", ("604.2",), ("604.2",))}
    change = one(diff, "604.2")
    assert [(r.old_target, r.new_target, r.status) for r in change.references] == [
        ("804", "805", ReferenceStatus.RETARGETED)
    ]
    assert [op.text for op in change.ops if op.kind is not OpKind.EQUAL] == ["804", "805"]


def test_a_reference_left_behind_by_a_renumbering_is_reported_stale() -> None:
    new = (
        published("divine-cross")
        .renumber({"803.2": "803.3"}, references=False)
        .insert_before("803.3", "803.2. アクションは、1 ターンの間に何枚でもプレイできます。")
        .as_version("1.0.17")
    )
    diff = diff_books(published_book("divine-cross"), new.book())
    assert entries(diff) == {("added", (), ("803.2",)), *renumbered("803.2>803.3")}
    assert [(s.rule_id, s.target, s.now) for s in diff.stale_references] == [("604.3", "803.2", "803.3")]
    assert not diff.is_empty


def test_examples_and_titles_are_part_of_the_wording() -> None:
    new = (
        published("divine-cross")
        .reword("1102.1a", "2 枚引く際", "2 枚以上引く際")
        .reword("1102", "ドローダメージ処理", "ドロー時のダメージ処理")
        .as_version("1.0.17")
    )
    diff = diff_books(published_book("divine-cross"), new.book())
    assert entries(diff) == {("changed", ("1102",), ("1102",)), ("changed", ("1102.1a",), ("1102.1a",))}


# --------------------------------------------------------------------------- splits and merges


def test_a_rule_split_in_two() -> None:
    new = published("divine-cross").split("103.4", "投了は効果", "103.5.").as_version("1.0.17")
    diff = diff_books(published_book("divine-cross"), new.book())
    assert entries(diff) == {("split", ("103.4",), ("103.4", "103.5"))}
    split = one(diff, "103.4")
    assert split.wording is Wording.SAME and split.similarity == 1.0
    assert diff.new_id("103.4") == "103.4"


def test_a_rule_split_into_a_rule_and_its_sub_rule_in_fftcg() -> None:
    rule = published_book("fftcg").by_id()["3.1.1"]
    cut = rule.text[rule.text.index("、") + 1 :][:8]
    new = published("fftcg").split("3.1.1", cut, "3.1.1.1.").as_version("2.2.0")
    assert new.rule("3.1.1.1").parent == "3.1.1"
    diff = diff_books(published_book("fftcg"), new.book())
    assert entries(diff) == {("split", ("3.1.1",), ("3.1.1", "3.1.1.1"))}


def test_two_rules_merged_and_the_next_renumbered() -> None:
    new = published("divine-cross").merge("704.10", "704.11").renumber({"704.12": "704.11"}).as_version("1.0.17")
    diff = diff_books(published_book("divine-cross"), new.book())
    assert entries(diff) == {("merged", ("704.10", "704.11"), ("704.10",)), *renumbered("704.12>704.11")}
    assert diff.new_id("704.11") == "704.10"


def test_every_kind_at_once_is_classified_exactly() -> None:
    new = (
        published("divine-cross")
        .renumber({"704.6d": "704.6e", "704.6c": "704.6d"})
        .insert_before("704.6d", "704.6c. 宣言したスキルを持つユニットのスキル効果によるダメージの増減を適用します。")
        .split("103.4", "投了は効果", "103.5.")
        .merge("704.10", "704.11")
        .renumber({"704.12": "704.11"})
        .reword("602.2", "1度のみ", "2度まで")
        .delete("1103")
        .as_version("1.0.17")
    )
    diff = diff_books(before_the_move().book(), new.book())
    assert entries(diff) == {
        ("split", ("103.4",), ("103.4", "103.5")),
        ("changed", ("602.2",), ("602.2",)),
        ("added", (), ("704.6c",)),
        *renumbered("704.6c>704.6d", "704.6c-1>704.6d-1", "704.6d>704.6e"),
        ("merged", ("704.10", "704.11"), ("704.10",)),
        *renumbered("704.12>704.11"),
        ("reference-only", ("924.1",), ("924.1",)),
        ("moved", ("1003",), ("1102",)),
        ("moved", ("1003.1",), ("1102.1",)),
        ("moved", ("1003.1a",), ("1102.1a",)),
        ("moved", ("1003.2",), ("1102.2",)),
        *renumbered("1004>1003", "1004.1>1003.1", "1004.2>1003.2"),
        *renumbered("1005>1004", "1005.1>1004.1", "1005.1a>1004.1a"),
        *renumbered("1006>1005", "1006.1>1005.1", "1006.2>1005.2"),
        ("removed", ("1102",), ()),
        ("removed", ("1102.1",), ()),
    }
    order = [e.label for e in diff.entries]
    assert order.index("103.4 → 103.4, 103.5") < order.index("602.2") < order.index("+ 704.6c")
    assert order.index("1006.2 → 1005.2") < order.index("− 1102") < order.index("1003 → 1102")


# --------------------------------------------------------------------------- terms


def test_terms_added_removed_and_redefined() -> None:
    new = (
        published("divine-cross")
        .insert_after("925", "927. ドロー")
        .insert_after("927", "927.1. ‘ドローする’指示がある場合、そのプレイヤーはデッキを 1 枚引きます。")
        .delete("926")
        .reword("916.2", "ランダムかつ公正な方法", "ランダムかつ公正な別の方法")
        .as_version("1.0.17")
    )
    diff = diff_books(published_book("divine-cross"), new.book())
    terms = {(t.kind, t.name, t.old_rule_id, t.new_rule_id) for t in diff.terms}
    assert terms == {
        (TermChangeKind.REDEFINED, "じゃんけん", "916", "916"),
        (TermChangeKind.REMOVED, "ウィニングチケットを授かる", "926", None),
        (TermChangeKind.ADDED, "ドロー", None, "927"),
    }
    redefined = next(t for t in diff.terms if t.kind is TermChangeKind.REDEFINED)
    assert redefined.rules == ("916.2",)


def test_a_renumbered_definition_is_not_a_redefinition() -> None:
    new = (
        published("divine-cross")
        .renumber({"925": "926", "926": "927"})
        .insert_before("926", "925. 対戦相手")
        .insert_after("925", "925.1. 対戦相手とは、あるプレイヤーの相手のプレイヤーです。")
        .as_version("1.0.17")
    )
    diff = diff_books(published_book("divine-cross"), new.book())
    assert {t.kind for t in diff.terms} == {TermChangeKind.ADDED}


# --------------------------------------------------------------------------- the publisher's changelog


@cache
def version_1_0_15() -> Edition:
    """1.0.15 rebuilt from the 1.0.16 changelog: without 106, 926 and 916.1a."""
    return (
        published("divine-cross")
        .delete("106")
        .delete("926")
        .delete("916.1a")
        .drop_changelog_entry("1.0.16")
        .as_version("1.0.15", "2025-12-02")
    )


def test_the_changelog_agrees_with_the_diff_of_1_0_15_and_1_0_16() -> None:
    diff = diff_books(version_1_0_15().book(), published_book("divine-cross"))
    assert entries(diff) == {
        ("added", (), ("106",)),
        ("added", (), ("106.1",)),
        ("added", (), ("106.2",)),
        ("added", (), ("106.2a",)),
        ("added", (), ("106.3",)),
        ("added", (), ("916.1a",)),
        ("added", (), ("926",)),
        ("added", (), ("926.1",)),
    }
    check = diff.changelog
    assert check is not None and check.versions == ("1.0.16",)
    claims = [(c.action, c.status, tuple(f"{t.side}:{t.rule_id}" for t in c.targets)) for c in check.claims]
    assert claims == [
        (ClaimAction.ADDED, ClaimStatus.CONFIRMED, ("new:106",)),
        (ClaimAction.ADDED, ClaimStatus.CONFIRMED, ("new:926",)),
        (ClaimAction.CHANGED, ClaimStatus.CONFIRMED, ("new:916", "old:916")),
    ]
    assert [e.label for e in check.claims[2].found] == ["+ 916.1a"]
    assert check.unlisted == ()
    assert {(t.kind, t.name) for t in diff.terms} == {
        (TermChangeKind.ADDED, "ウィニングチケットを授かる"),
        (TermChangeKind.REDEFINED, "じゃんけん"),
    }


def test_the_changelog_of_a_move_names_the_section_in_each_version() -> None:
    diff = diff_books(before_the_move().book(), published_book("divine-cross"))
    check = diff.changelog
    assert check is not None and check.versions == ("1.0.16", "1.0.15", "1.0.14", "1.0.13", "1.0.12")
    by_text = {c.text: c for c in check.claims}
    removed = by_text["ルール処理にて、ドローダメージ処理の項目を削除しました。"]
    added = by_text["その他のルールにて、ドローダメージ処理の項目を追加しました。"]
    assert [f"{t.side}:{t.rule_id}" for t in removed.targets] == ["old:1003"]
    assert [f"{t.side}:{t.rule_id}" for t in added.targets] == ["new:1102"]
    assert removed.status is added.status is ClaimStatus.CONFIRMED
    assert {e.kind for e in removed.found} == {ChangeKind.MOVED}
    # 1.0.16 says 106 was added; this edition already has it: the diff finds nothing there.
    assert by_text["ゲームの概要にて、ウィニングチケットの項目を追加いたしました。"].status is ClaimStatus.NOT_FOUND
    # The renumbering of 1004-1006 that the move caused is not in the changelog.
    assert {e.label for e in check.unlisted} >= {"1004 → 1003", "1006.2 → 1005.2"}


def test_changelog_lines_the_diff_does_not_bear_out_and_changes_it_does_not_list() -> None:
    new = (
        published("divine-cross")
        .reword("602.2", "1度のみ", "2度まで")
        .add_changelog_entry(
            "2026年06月01日",
            "1.0.17",
            ["ルール処理にて、交代処理の項目を更新いたしました。", "誤字を修正いたしました。"],
        )
        .as_version("1.0.17", "2026-06-01")
    )
    diff = diff_books(published_book("divine-cross"), new.book())
    check = diff.changelog
    assert check is not None and check.versions == ("1.0.17",)
    assert [(c.status, c.action) for c in check.claims] == [
        (ClaimStatus.NOT_FOUND, ClaimAction.CHANGED),
        (ClaimStatus.UNRESOLVED, ClaimAction.CHANGED),
    ]
    assert [e.label for e in check.unlisted] == ["602.2"]


def test_fftcg_change_notes_name_rule_ids() -> None:
    new = (
        published("fftcg")
        .reword("10.1.2.4", "アタック中のフォワードである。", "アタック中のフォワードとなる。")
        .insert_after("10.1.2.7", "10.1.2.8. アタックフェイズ中にフォワードが追加で指定されることはない。")
        .replace_line("- 15.1.1.8.1.", "- 10.1.2.4.")
        .replace_line("- 15.1.1.8.2.", "- 10.1.2.8.")
        .as_version("2.2.0")
    )
    diff = diff_books(published_book("fftcg"), new.book())
    assert entries(diff) == {("changed", ("10.1.2.4",), ("10.1.2.4",)), ("added", (), ("10.1.2.8",))}
    check = diff.changelog
    assert check is not None
    assert [(c.action, c.status, [t.rule_id for t in c.targets]) for c in check.claims] == [
        (ClaimAction.CHANGED, ClaimStatus.CONFIRMED, ["10.1.2.4"]),
        (ClaimAction.ADDED, ClaimStatus.CONFIRMED, ["10.1.2.8"]),
    ]
    assert check.unlisted == ()


# --------------------------------------------------------------------------- following ids, history


def test_follow_says_which_citations_can_be_rewritten() -> None:
    new = (
        published("divine-cross")
        .renumber({"704.6d": "704.6e", "704.6c": "704.6d"})
        .insert_before("704.6d", "704.6c. 宣言したスキルを持つユニットのスキル効果によるダメージの増減を適用します。")
        .split("103.4", "投了は効果", "103.5.")
        .reword("602.2", "1度のみ", "2度まで")
        .delete("1103")
        .as_version("1.0.17")
    )
    diff = diff_books(published_book("divine-cross"), new.book())
    fates = {
        rule_id: (follow(diff, rule_id).fate, follow(diff, rule_id).new_ids)
        for rule_id in ("704.6b", "704.6c-1", "924.1", "602.2", "103.4", "1103.1", "999.9")
    }
    assert fates == {
        "704.6b": (Fate.UNCHANGED, ("704.6b",)),
        "704.6c-1": (Fate.RENUMBERED, ("704.6d-1",)),
        "924.1": (Fate.UNCHANGED, ("924.1",)),
        "602.2": (Fate.CHANGED, ("602.2",)),
        "103.4": (Fate.SPLIT, ("103.4", "103.5")),
        "1103.1": (Fate.REMOVED, ()),
        "999.9": (Fate.UNKNOWN, ()),
    }
    assert not follow(diff, "704.6c-1").needs_review
    assert follow(diff, "602.2").needs_review


def test_history_of_a_rule_across_three_versions() -> None:
    newest = published("divine-cross").reword("1102.1", "可能な限り", "可能なかぎり").as_version("1.0.17")
    chain = history([before_the_move().book(), published_book("divine-cross"), newest.book()])
    events = chain.events("1.0.17", "1102.1")
    assert [(e.version, e.kind, e.ids, e.previous_ids) for e in events] == [
        ("1.0.11", HistoryKind.HELD, ("1003.1",), ()),
        ("1.0.16", HistoryKind.MOVED, ("1102.1",), ("1003.1",)),
        ("1.0.17", HistoryKind.EDITED, ("1102.1",), ("1102.1",)),
    ]
    assert chain.events("1.0.11", "1003.1") == events
    created = chain.events("1.0.16", "106")
    assert [(e.version, e.kind) for e in created] == [
        ("1.0.11", HistoryKind.HELD),
        ("1.0.16", HistoryKind.UNCHANGED),
        ("1.0.17", HistoryKind.UNCHANGED),
    ]
    renumbered_later = chain.events("1.0.11", "1102")  # カードの文章, 1103 since the move
    assert [(e.kind, e.ids) for e in renumbered_later] == [
        (HistoryKind.HELD, ("1102",)),
        (HistoryKind.RENUMBERED, ("1103",)),
        (HistoryKind.UNCHANGED, ("1103",)),
    ]
    assert set(chain.of_version("1.0.17")) == {r.id for r in newest.book().rules}


def test_history_records_creation_and_removal() -> None:
    chain = history([version_1_0_15().book(), published_book("divine-cross")])
    assert [(e.version, e.kind) for e in chain.events("1.0.16", "926.1")] == [("1.0.16", HistoryKind.CREATED)]
    gone = published("divine-cross").delete("1103").as_version("1.0.17")
    chain = history([published_book("divine-cross"), gone.book()])
    assert [(e.version, e.kind) for e in chain.events("1.0.16", "1103.1")] == [
        ("1.0.16", HistoryKind.HELD),
        ("1.0.17", HistoryKind.REMOVED),
    ]


def test_histories_keep_each_consecutive_diff_so_one_more_edition_costs_one_diff(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = published_book("divine-cross")
    second = (
        published("divine-cross").reword("602.2", "1ターンに1度のみ", "1ターンに2度まで").as_version("1.0.17").book()
    )
    third = published("divine-cross").delete("1103").as_version("1.0.18").book()
    cache = DiffCache(tmp_path)
    computed: list[tuple[str, str]] = []
    real = rules_index.diff.diff_sides

    def counting(old: Side, new: Side) -> BookDiff:
        computed.append((old.book.info.version, new.book.info.version))
        return real(old, new)

    monkeypatch.setattr(rules_index.diff, "diff_sides", counting)
    chain = history([first, second], cache)
    assert computed == [("1.0.16", "1.0.17")]
    again = history([first, second, third], cache)
    assert computed == [("1.0.16", "1.0.17"), ("1.0.17", "1.0.18")]
    assert again.diffs[0] == chain.diffs[0]
    assert [(e.version, e.kind) for e in again.events("1.0.18", "602.2")] == [
        ("1.0.16", HistoryKind.HELD),
        ("1.0.17", HistoryKind.EDITED),
        ("1.0.18", HistoryKind.EDITED),
    ]
    assert len(list(tmp_path.glob("diff-*.pickle"))) == 2


def test_held_versions_read_no_book_when_every_diff_is_kept(tmp_path: Path) -> None:
    """A library's history reads its diffs from the cache: no edition is loaded, and the ids of
    each version come out of the diffs exactly (splits, merges, additions and removals too)."""
    first = before_the_move().book()
    second = (
        published("divine-cross")
        .split("103.4", "投了は効果", "103.5.")
        .merge("704.10", "704.11")
        .renumber({"704.12": "704.11"})
        .as_version("1.0.17")
    )
    third = second.delete("1103").insert_before("704.6c", "704.6c. 新しいルールです。").as_version("1.0.18")
    books = [first, second.book(), third.book()]
    cache = DiffCache(tmp_path)
    from_books = history(books, cache)
    loads: list[str] = []

    def held(book: RuleBook) -> HeldVersion:
        def load() -> RuleBook:
            loads.append(book.info.version)
            return book

        return HeldVersion(book.info.version, cache.fingerprint(book), load)

    from_cache = history([held(book) for book in books], DiffCache(tmp_path))
    assert loads == []
    assert from_cache.versions == from_books.versions
    assert from_cache.ids == from_books.ids == tuple(frozenset(r.id for r in b.rules) for b in books)
    assert from_cache.diffs == from_books.diffs
    assert from_cache.of_version("1.0.18") == from_books.of_version("1.0.18")
    longer = history(
        [*(held(book) for book in books), held(published("divine-cross").as_version("1.0.19").book())], cache
    )
    assert loads == ["1.0.18", "1.0.19"]  # one more edition: the one diff reads the two books it compares
    assert longer.ids[3] == frozenset(r.id for r in published_book("divine-cross").rules)


# --------------------------------------------------------------------------- building blocks


def test_inline_diff_ignores_whitespace_and_width() -> None:
    assert inline_diff("このゲームは ２ 人の\nプレイヤー", "このゲームは2人のプレイヤー") == (
        DiffOp(OpKind.EQUAL, "このゲームは2人のプレイヤー"),
    )


def test_inline_diff_folds_short_equal_runs_into_the_change() -> None:
    ops = inline_diff("相手のユニットを気絶させる。", "自分のスタンバイ・ユニットを回復する。")
    assert ops == (
        DiffOp(OpKind.DELETE, "相手の"),
        DiffOp(OpKind.INSERT, "自分のスタンバイ・"),
        DiffOp(OpKind.EQUAL, "ユニットを"),
        DiffOp(OpKind.DELETE, "気絶させ"),
        DiffOp(OpKind.INSERT, "回復す"),
        DiffOp(OpKind.EQUAL, "る。"),
    )


def test_masking_hides_only_the_reference_numbers() -> None:
    text = "カードのプレイ(804)に従います。704.6d で受けるダメージ"
    refs = [Reference("x", "804", "(804)", 7, 12, None), Reference("x", "704.6d", "704.6d", 18, 24, None)]
    assert mask_references(text, refs) == "カードのプレイ(\x00)に従います。\x00 で受けるダメージ"


def test_the_assignment_is_the_best_overall_not_the_greedy_one() -> None:
    assert max_weight_matching({(0, 0): 10, (0, 1): 9, (1, 0): 9}) == {0: 1, 1: 0}
    assert max_weight_matching({(0, 0): 10, (0, 1): 1, (1, 0): 1}) == {0: 0}
    assert max_weight_matching({(0, 5): 3}) == {0: 5}


def test_diff_data_is_plain_json_ready_data() -> None:
    diff = diff_books(version_1_0_15().book(), published_book("divine-cross"))
    data = diff_data(diff)
    assert data["old"] == "1.0.15" and data["new"] == "1.0.16"
    assert data["counts"] == {"added": 8}
    assert data["entries"][0]["new_ids"] == ["106"]
    assert data["changelog"]["claims"][0]["status"] == "confirmed"
