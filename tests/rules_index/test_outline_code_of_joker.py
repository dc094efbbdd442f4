"""The outline parser on the Code of Joker wiki rules page (rules-page-2016-08-21.txt)."""

from __future__ import annotations

import pytest

from rules_index.catalog import load_catalog, parse_document
from rules_index.model import ChangeEntry, Rule, RuleBook, RuleKind, SourceSpan
from rules_index.outline import id_segment, split_id

PATH = "code-of-joker/rules-page-2016-08-21.txt"

TOP_LEVEL = [
    "デッキ構成",
    "カード/CPに関するルール",
    "用語",
    "キーワード能力/アイコン",
    "カード効果について",
    "ゲームの開始",
    "ゲームの勝敗",
    "バトルの流れ",
    "各種効果の発動優先度",
    "混同しやすいルール・処理",
    "チュートリアル動画(公式)",
]

KEYWORDS = {
    "スピードムーブ": "このユニットはフィールドに出たターンの行動制限の影響を受けない。",
    "不屈": "ターン終了時このユニットの行動権を回復する。",
    "貫通": "このユニットの攻撃は対戦相手のユニットを貫通して対戦相手にライフダメージを与える。",
    "無我の境地": "このユニットは対戦相手の効果により行動権を消費されない。",
    "固着": "このユニットは対戦相手の効果により手札に戻されない。",
    "加護": "このユニットは効果の対象にならない。",
    "次元干渉/コスト(※)": (
        "このユニットはコスト(※)以上のユニットによってブロックされない。(※にはコスト値が入る)"
    ),
    "呪縛": "このユニットはターン開始時に行動権を回復しない。",
    "不滅": "このユニットはダメージを受けない。",
    "秩序の盾": "対戦相手の効果によってダメージを受けない。",
    "沈黙": "効果を発動することができない。",
    "強制防御": "可能ならばブロックしなければならない。",
    "攻撃禁止": "場に出したターンに攻撃できない。",
    "フィールド効果": (
        "この効果は、これを持つユニットが場に存在している限り永続的に効果を発生させる。\n"
        "フィールド効果を持つユニットが場から離れた場合は、その効果は即座に失われる。\n"
        "効果を受ける条件が不適正になったユニットは、そのユニットが得ている効果を即座に失う。"
        "(再度適正となった場合は、効果も再度適用される)"
    ),
    "王の治癒力": (
        "このユニットは自身のBP未満のダメージを受けない。\n「BPを減少させる」効果はダメージではない為、減少が適用される。"
    ),
}
"""Every keyword of キーワード能力/アイコン with its description as printed (one line per bullet)."""

KEYWORDS_ID = "キーワード能力∕アイコン"
CP_TABLE = "カード∕CPに関するルール/CP(キャパシティポイント)/3"
PRIORITY_TABLE = "各種効果の発動優先度/4"


@pytest.fixture(scope="module")
def book() -> RuleBook:
    catalog = load_catalog()
    return parse_document(catalog, catalog.game("code-of-joker").document("rules-page").latest)


@pytest.fixture(scope="module")
def rules(book: RuleBook) -> dict[str, Rule]:
    return book.by_id()


def children(book: RuleBook, parent: str) -> list[Rule]:
    return [rule for rule in book.rules if rule.parent == parent]


def test_top_level_headings(book: RuleBook) -> None:
    top = [rule for rule in book.rules if rule.parent is None]
    assert [rule.title for rule in top] == TOP_LEVEL
    assert {rule.kind for rule in top} == {RuleKind.HEADING}


def test_title_line_and_footer_date(book: RuleBook) -> None:
    assert book.heading == "ゲームルール"
    assert book.changelog == (
        ChangeEntry(
            "2016-08-21", "2016-08-21", ("最終更新:2016年08月21日 21:52",), SourceSpan(PATH, 432, 432)
        ),
    )


def test_every_term_of_the_glossary_is_a_subsection(book: RuleBook) -> None:
    assert [rule.title for rule in children(book, "用語")] == [
        "フィールド",
        "行動権",
        "アタック制限",
        "クロックレベル/クロックアップ",
        "オーバーライド",
        "オーバークロック",
        "トリガーゾーン",
        "ユニットコストの軽減",
        "捨札",
        "ドロー (カードを引く)",
    ]
    assert {rule.kind for rule in children(book, "用語")} == {RuleKind.HEADING}


def test_a_paragraph_is_numbered_within_its_heading(rules: dict[str, Rule]) -> None:
    assert rules["用語/トリガーゾーン/2"].text == "各種合計で「4枚」までセットできる。"
    assert rules["用語/フィールド/1"].text == "手札からユニットをドライブすることでユニットが配置される場所。"
    assert rules["デッキ構成/2/1"].parent == "デッキ構成/2"


@pytest.mark.parametrize("keyword", list(KEYWORDS))
def test_every_keyword_is_its_own_node(book: RuleBook, rules: dict[str, Rule], keyword: str) -> None:
    rule = rules[f"{KEYWORDS_ID}/{id_segment(keyword)}"]
    assert (rule.title, rule.text, rule.kind) == (keyword, KEYWORDS[keyword], RuleKind.PARAGRAPH)
    assert rule.parent == KEYWORDS_ID
    assert children(book, rule.id) == []


def test_keywords_with_a_slash_in_their_name(rules: dict[str, Rule]) -> None:
    rule = rules["キーワード能力∕アイコン/次元干渉∕コスト(※)"]
    assert rule.title == "次元干渉/コスト(※)"
    assert split_id(rule.id) == ("キーワード能力∕アイコン", "次元干渉∕コスト(※)")
    assert rules["キーワード能力∕アイコン/不滅"].text == "このユニットはダメージを受けない。"
    assert rules["キーワード能力∕アイコン/不滅"].span == SourceSpan(PATH, 195, 196)


def test_a_slash_inside_a_heading_does_not_split_the_id(book: RuleBook, rules: dict[str, Rule]) -> None:
    rule = rules["用語/クロックレベル∕クロックアップ"]
    assert (rule.title, rule.depth) == ("クロックレベル/クロックアップ", 1)
    for each in book.rules:
        assert len(split_id(each.id)) == each.depth + 1, each.id


def test_continued_lines_join_their_bullet(rules: dict[str, Rule]) -> None:
    rule = rules["カード∕CPに関するルール/CP(キャパシティポイント)/2"]
    assert rule.text == (
        "CPは自身のターン開始時にターン数毎に決められた値が与えられる(下記表参照)。"
        "以前のターンで残ったCPは持ち越されない。"
    )
    assert rule.span == SourceSpan(PATH, 14, 15)
    assert rules[f"{rule.id}/1"].text.endswith("この場合の上限値は「12」である。")


def test_the_cp_table_carries_every_round_for_both_players(rules: dict[str, Rule]) -> None:
    table = rules[CP_TABLE]
    assert table.kind is RuleKind.TABLE
    assert table.span == SourceSpan(PATH, 18, 23)
    values: dict[str, dict[int, int]] = {}
    player = ""
    rounds: list[int] = []
    for row in table.text.splitlines():
        cells = row.split(" | ")
        if len(cells) == 1:
            player = cells[0]
        elif cells[0] == "ROUND":
            rounds = [int(cell) for cell in cells[1:]]
        elif cells[0] == "CP":
            values[player] = dict(zip(rounds, (int(cell) for cell in cells[1:]), strict=True))
    assert values == {
        "先行": {1: 2, 2: 3, 3: 4, 4: 5, 5: 6, 6: 7, 7: 7, 8: 7, 9: 7, 10: 7},
        "後攻": {1: 3, 2: 3, 3: 4, 4: 5, 5: 6, 6: 7, 7: 7, 8: 7, 9: 7, 10: 7},
    }


def test_the_priority_table_keeps_its_rows(rules: dict[str, Rule]) -> None:
    table = rules[PRIORITY_TABLE]
    assert table.kind is RuleKind.TABLE
    assert table.text.splitlines() == [
        "優先度 | 種類 | 備考",
        "1 | ターンプレイヤーのユニット効果 | アタック時はアタックしたユニットの効果が最優先される "
        "それ以外の場合は、ドライブされたユニット→最も過去に配置されたユニットから順番に発動する",
        " | 非ターンプレイヤーのユニット効果 | ブロック時はブロックしたユニットの効果が最優先される "
        "それ以外の場合は、最も過去に配置されたユニットから順番に発動する",
        "2 | ターンプレイヤーのトリガー効果 | より左側にセットしたカードが最優先される",
        " | 非ターンプレイヤーのトリガー効果 | より左側にセットしたカードが最優先される",
        "3 | ターンプレイヤーのインターセプト効果 | 1つ発動後または発動権放棄後↓へ",
        " | 非ターンプレイヤーのインターセプト効果 | 1つ発動後または発動権放棄後↑へ",
    ]


def test_each_priority_level_can_be_cited(book: RuleBook, rules: dict[str, Rule]) -> None:
    levels = children(book, PRIORITY_TABLE)
    assert [rule.id for rule in levels] == [
        f"{PRIORITY_TABLE}/1",
        f"{PRIORITY_TABLE}/2",
        f"{PRIORITY_TABLE}/3",
    ]
    assert {rule.kind for rule in levels} == {RuleKind.PARAGRAPH}
    trigger = rules[f"{PRIORITY_TABLE}/2"]
    assert trigger.text.splitlines() == [
        "2 | ターンプレイヤーのトリガー効果 | より左側にセットしたカードが最優先される",
        " | 非ターンプレイヤーのトリガー効果 | より左側にセットしたカードが最優先される",
    ]
    assert trigger.span == SourceSpan(PATH, 391, 392)


def test_the_notes_under_the_priority_table_are_paragraphs(rules: dict[str, Rule]) -> None:
    assert (
        rules["各種効果の発動優先度/6"].text
        == "※連続して発動権を放棄した(発動する効果が無い)場合、次の優先度の処理を行う。"
    )


def test_pattern_a_and_b(book: RuleBook, rules: dict[str, Rule]) -> None:
    assert [rule.id for rule in children(book, "カード効果について/6")] == [
        "カード効果について/6/パターンA",
        "カード効果について/6/パターンB",
    ]
    assert rules["カード効果について/6/パターンA"].text.endswith(
        "その次に続く文章がある場合、それは実行される。"
    )
    table = rules["カード効果について/7"]
    assert table.kind is RuleKind.TABLE
    rows = table.text.splitlines()
    assert rows[0] == "パターンA"
    assert "パターンB" in rows
    assert "給食係ピクシー | ユニットが自身のみ且つ自身が【加護】の場合、CPは-3されない" in rows
    assert rows[-1] == "プロメテウス | 対戦相手のユニットがいない場合、自身は破壊されるか"


def test_examples_attach_to_the_rule_they_illustrate(rules: dict[str, Rule]) -> None:
    unusable = rules["カード効果について/4"]
    assert [e.text[:12] for e in unusable.examples] == ["例: 行動権を消費したユ", "例: 行動権を消費した相"]
    assert [e.span.first_line for e in unusable.examples] == [227, 228]
    assert "カード効果について/4/2" not in rules
    draw = rules["カード効果について/8"].examples
    assert [e.text for e in draw] == [
        "例:手札1枚の時に「カードを2枚を捨てる」効果は、カードを1枚捨てる。"
        "ユニットが1体の時に「対象のユニットを2体選択し、それを破壊する」は、ユニットを1体対象とし、それを破壊する。"
    ]


def test_an_example_in_parentheses_is_split_from_its_rule(rules: dict[str, Rule]) -> None:
    rule = rules["ゲームの勝敗/2/1"]
    assert rule.text == "同時にLPが0になる場合は両者敗北となる。"
    assert [e.text for e in rule.examples] == ["(例: お互いのLPが1の時に「燃え広がる戦火」が発動)"]
    continued = rules["カード効果について/2/1"]
    assert continued.examples[0].text.startswith("(例: 不知火伍式のアタック時の")
    assert continued.examples[0].span == SourceSpan(PATH, 220, 220)


def test_battle_flow_steps_are_subsections(book: RuleBook) -> None:
    def steps(parent: str) -> list[str]:
        return [rule.title for rule in children(book, parent) if rule.kind is RuleKind.HEADING]

    assert steps("バトルの流れ") == [
        "ターン開始",
        "行動開始 (ユニットの配置、アタック) 行動時間:60秒",
        "ターン終了",
        "アタック・ブロック",
    ]
    assert steps("バトルの流れ/ターン開始") == [
        "行動権の回復、アタック制限の解除",
        "CPのセット",
        "カードのドロー",
        "ジョーカーカードの配布",
        "「ターン開始時」効果の発動",
    ]
    assert steps("バトルの流れ/ターン終了") == [
        "ジョーカーゲージの上昇",
        "「ターン終了時に」効果の発動",
        "ダメージのリセット",
        "相手プレイヤーのターン開始",
    ]
    assert steps("バトルの流れ/アタック・ブロック") == [
        "アタック選択",
        "ブロック選択",
        "戦闘ダメージ",
        "ライフダメージ",
        "戦闘終了",
    ]


def test_card_kinds_are_subsections_of_the_kinds_heading(book: RuleBook) -> None:
    kinds = [
        r.title for r in children(book, "カード∕CPに関するルール/カードの種類") if r.kind is RuleKind.HEADING
    ]
    assert kinds == [
        "ユニットカード",
        "進化ユニットカード",
        "トリガーカード",
        "インターセプトカード",
        "ジョーカーカード",
    ]


def test_headings_keep_their_line(rules: dict[str, Rule]) -> None:
    assert rules["デッキ構成"].span == SourceSpan(PATH, 3, 3)
    assert rules["チュートリアル動画(公式)"].span == SourceSpan(PATH, 428, 428)
