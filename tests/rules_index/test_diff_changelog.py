"""A publisher's change log resolved to the rules its lines name, on a real book.

Love Live OCG 総合ルール 1.05 (``tests/data/books``) prints its change log as 付録 D; its lines
name no rule ids, only titles: keywords (``キーワード「ターン 2 回」を追記しました``) and
appendices by their names without their labels (``付録の作品名一覧、メンバー一覧を更新しました``
for 付録 A：作品名一覧 and 付録 B：メンバー一覧).
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from pathlib import Path

from rules_index.diff import ClaimAction, ClaimStatus, check_changelog
from rules_index.model import DocumentInfo, RuleBook
from rules_index.pipeline import parse_source

BOOKS = Path(__file__).resolve().parents[1] / "data" / "books"


@cache
def love_live() -> RuleBook:
    path = BOOKS / "lovelive-ocg-cr-ja-1.05.txt"
    info = DocumentInfo(
        "lovelive", "comprehensive", "comprehensive-rules", "総合ルール", "1.05", "2026-03-31", path.name, "numbered"
    )
    return parse_source(path.read_bytes(), info)


def as_of(version: str) -> RuleBook:
    book = love_live()
    return replace(book, info=replace(book.info, version=version))


def test_the_lines_since_the_old_version_name_keywords_and_appendices_by_title() -> None:
    check = check_changelog(as_of("1.03"), love_live(), ())
    assert check is not None and check.versions == ("1.04", "1.05")
    claims = {claim.text: claim for claim in check.claims}
    by_title = claims["付録の作品名一覧、メンバー一覧を更新しました"]
    assert {(t.side, t.rule_id) for t in by_title.targets} >= {("new", "付録A"), ("new", "付録B")}
    assert by_title.action is ClaimAction.CHANGED
    keyword = claims["キーワード「ターン 2 回」を追記しました"]
    assert [(t.side, t.rule_id) for t in keyword.targets if t.side == "new"] == [("new", "11.3")]
    assert keyword.action is ClaimAction.ADDED
    assert keyword.status is ClaimStatus.NOT_FOUND  # no change was given to set beside it


def test_only_the_lines_after_the_old_version_are_compared() -> None:
    check = check_changelog(as_of("1.04"), love_live(), ())
    assert check is not None and check.versions == ("1.05",)
    assert [claim.text for claim in check.claims] == ["キーワード「ターン 2 回」を追記しました"]
