"""Normalisation for matching: NFKC, case, whitespace, kana folding, line joining."""

from __future__ import annotations

import pytest

from rules_index.normalize import fold_kana, is_page_number, join_lines, search_key, strip_bullet, strip_html


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("ＫＯ 置き場", "ko置き場"),
        ("EX パワー", "exパワー"),
        ("2 人", "2人"),
        ("ｽﾀﾝﾊﾞｲ", "スタンバイ"),
        ("スタンバイ・ユニット", "スタンバイ・ユニット"),
    ],
)
def test_search_key(text: str, key: str) -> None:
    assert search_key(text) == key


def test_kana_folding() -> None:
    assert fold_kana("スタンバイ") == "すたんばい"
    assert search_key("ダメージ", kana=True) == search_key("だめーじ", kana=True)


@pytest.mark.parametrize(
    ("a", "b", "joined"),
    [
        ("ブロックするフォワード", "に何らかの制限がある場合、", "ブロックするフォワードに何らかの制限がある場合、"),
        ("CP を支払う", "際は原則として", "CP を支払う際は原則として"),
        ("the", "rule", "the rule"),
        ("15.2.3.2.1 体以上のアタック中のまたは", "ブロック中の", "15.2.3.2.1 体以上のアタック中のまたはブロック中の"),
    ],
)
def test_join_lines_inserts_no_space_between_japanese(a: str, b: str, joined: str) -> None:
    assert join_lines(a, b) == joined


def test_markup_helpers() -> None:
    assert strip_bullet("- 801.1. 能力とは") == "801.1. 能力とは"
    assert strip_bullet(" - 1004.1a. 複数の") == "1004.1a. 複数の"
    assert strip_html(" <p>ユニット</p>").strip() == "ユニット"
    assert is_page_number("- 12 -")
    assert not is_page_number("- 15.1.1.8.1.")


def test_icons_are_marked_in_plain_text() -> None:
    from rules_index.normalize import ICON_MARK, mark_icons

    assert mark_icons("アイコンが  の場合", [(5, "")]) == f"アイコンが{ICON_MARK}の場合"
    assert mark_icons("a\ue001b", [(1, "\ue001")]) == f"a{ICON_MARK}b"
    assert mark_icons("plain", []) == "plain"
