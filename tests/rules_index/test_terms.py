"""Defined terms and their uses: hand-made books, then the published rulebooks."""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest

from rules_index.catalog import load_catalog, parse_document
from rules_index.model import DocumentInfo, Example, Rule, RuleBook, RuleKind, SourceSpan
from rules_index.normalize import search_key
from rules_index.terms import Term, TermUse, find_terms, find_uses, heading_names

# --- helpers -------------------------------------------------------------------------------


def node(
    rule_id: str,
    text: str = "",
    *,
    title: str = "",
    parent: str | None = None,
    kind: RuleKind = RuleKind.RULE,
    examples: tuple[str, ...] = (),
) -> Rule:
    span = SourceSpan("toy/rules.txt", 1, 1)
    return Rule(
        id=rule_id,
        parent=parent,
        title=title,
        text=text,
        depth=0,
        order=0,
        kind=kind,
        span=span,
        examples=tuple(Example(ex, span) for ex in examples),
    )


def make_book(*rules: Rule) -> RuleBook:
    """A book of ``rules`` in the order given (their ``order`` set to it)."""
    info = DocumentInfo(
        game="toy",
        document="rules",
        kind="comprehensive-rules",
        title="Toy",
        version="1",
        date="",
        path="toy/rules.txt",
        parser="numbered",
    )
    ordered = tuple(
        Rule(r.id, r.parent, r.title, r.text, r.depth, i, r.kind, r.span, r.examples)
        for i, r in enumerate(rules)
    )
    return RuleBook(info=info, heading="Toy", rules=ordered)


def names(terms: list[Term]) -> list[tuple[str, str]]:
    return [(term.rule_id, term.name) for term in terms]


def used(book: RuleBook, key: str) -> list[tuple[str, int | None, str]]:
    """(rule, example, printed text) of every use of ``key``."""
    rules = book.by_id()
    out = []
    for use in find_uses(book, find_terms(book)):
        if use.key == key:
            rule = rules[use.rule_id]
            text = rule.text if use.example is None else rule.examples[use.example].text
            out.append((use.rule_id, use.example, text[use.start : use.end]))
    return out


@cache
def real_book(game: str, document: str | None = None) -> RuleBook:
    catalog = load_catalog()
    return parse_document(catalog, catalog.game(game).document(document).latest)


def term_named(book: RuleBook, name: str) -> Term:
    matches = [term for term in find_terms(book) if term.name == name]
    assert len(matches) == 1, (name, names(find_terms(book)))
    return matches[0]


# --- how definitions are printed ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("heading", "expected"),
    [
        ("名称", [("名称", ())]),
        ("(ユニットに)チャージする", [("チャージする", ())]),
        ("(スキルの)成否判定", [("成否判定", ())]),
        ("選ぶ/探す", [("選ぶ", ()), ("探す", ())]),
        ("そうしたなら/そうしなかったなら", [("そうしたなら", ()), ("そうしなかったなら", ())]),
        ("次元干渉/コスト(※)", [("次元干渉", ())]),
        ("ドロー (カードを引く)", [("ドロー", ("カードを引く",))]),
        ("KO する", [("KO する", ())]),
        ("概要", []),
    ],
)
def test_heading_names(heading: str, expected: list[tuple[str, tuple[str, ...]]]) -> None:
    assert heading_names(heading) == expected


def test_bold_terms_and_their_parts() -> None:
    book = make_book(
        node("105.1", "**プレイヤー**: ゲームに参加している人です。"),
        node("105.3", "**支配と支配者**: …そのプレイヤーのことをそのカードや能力の支配者と呼びます。"),
    )
    terms = find_terms(book)
    assert [(t.rule_id, t.name, t.aliases) for t in terms] == [
        ("105.1", "プレイヤー", ()),
        ("105.3", "支配と支配者", ("支配", "支配者")),
    ]
    assert terms[1].key == search_key("支配と支配者")


def test_headings_under_a_glossary_heading_define_their_names() -> None:
    book = make_book(
        node("900", title="ゲーム上の用語", kind=RuleKind.SECTION),
        node("901", title="概要", parent="900", kind=RuleKind.SECTION),
        node("906", title="(ユニットに)チャージする", parent="900", kind=RuleKind.SECTION),
        node("906.1", "ユニットに‘チャージする’ことが求められる場合…", parent="906"),
        node("909", title="選ぶ/探す", parent="900", kind=RuleKind.SECTION),
        node("700", title="バトルフェイズの処理", kind=RuleKind.SECTION),
        node("701", title="概要", parent="700", kind=RuleKind.SECTION),
    )
    assert names(find_terms(book)) == [("906", "チャージする"), ("909", "選ぶ"), ("909", "探す")]


def test_a_childful_short_rule_under_a_glossary_rule_is_a_heading() -> None:
    # FFTCG 15.1.1.x may come as rules whose whole text is the keyword.
    book = make_book(
        node("15.1", title="キーワード行動", kind=RuleKind.SECTION),
        node("15.1.1", "いくつかの行動はキーワード化されている。", parent="15.1"),
        node("15.1.1.3", "ブレイクする", parent="15.1.1"),
        node(
            "15.1.1.3.1",
            "カードをブレイクするとはそれをフィールドからブレイクゾーンに置くことである。",
            parent="15.1.1.3",
        ),
        node("15.1.1.4", "捨てる", parent="15.1.1"),  # no children: not a heading
    )
    assert names(find_terms(book)) == [("15.1.1.3", "ブレイクする")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("このような誘発能力を遅発誘発能力と呼びます。", ["遅発誘発能力"]),
        ("これは注釈文と呼ばれ、ルールを解説するための文章であり", ["注釈文"]),
        ("…定義しているものは、基準能力と呼ばれ、任意の領域で機能します。", ["基準能力"]),
        ("このような行動をループと呼び、以下のルールに従います。", ["ループ"]),
        (
            "現在が自分のターンであるプレイヤーをターンプレイヤー、そうでないプレイヤーを非ターンプレイヤーと呼びます。",
            ["ターンプレイヤー", "非ターンプレイヤー"],
        ),
        (
            "カードをアクティブ状態にすることを「アクティブにする」、ダル状態にすることを「ダルにする」と呼ぶ。",
            ["アクティブにする", "ダルにする"],
        ),
        ("このダメージを戦闘ダメージという。", ["戦闘ダメージ"]),
        ("「ブレイクゾーンに置く」という効果", []),
        ("これを条件付きオートアビリティと呼ぶ。", ["条件付きオートアビリティ"]),
        ("カードが領域を移動することを含む誘発条件を、領域移動誘発と呼ぶ。", ["領域移動誘発"]),
        ("自分のユニットゾーン、マジックゾーンを合わせて、自分の場と呼ぶ。", ["自分の場"]),
        ("自分の場と相手の場を合わせて場と呼ぶ。", ["場"]),
        ("そのプレイヤーのことをそのカードや能力の支配者と呼びます。", ["支配者"]),
        ("行動権を失ったユニットを、(主に効果対象の説明として)「行動済み」ユニットと呼ぶ。", ["行動済み"]),
        ("その効果は他方に依存していると呼ばれる。", []),
        ("無限ループとはある行為が無限に繰り返されることを指す。", ["無限ループ"]),
        ("カードのオーナーとは、そのカードをデッキに入れたプレイヤーを指す。", ["オーナー"]),
        ("効果によるダメージとは、効果で発生するダメージのことを指します。", []),
        ("原則としてアビリティの発生源とはそれを生み出したカードのことを指す。", []),
        ("召喚獣をキャストするとは、召喚獣を手札から移動することである。", []),
        ("ユニットとは異なる領域に置く。", []),
        ("ただし、複数回攻撃を持つユニットは、攻撃権(攻撃できる権利)を別々に処理してよい。", ["攻撃権"]),
        ("マジック(通常)と書かれている場合", []),
    ],
)
def test_definitions_in_running_text(text: str, expected: list[str]) -> None:
    assert [term.name for term in find_terms(make_book(node("1.1", text)))] == expected


def test_an_abbreviation_in_parentheses_is_an_alias() -> None:
    book = make_book(
        node("a", "Lv.3になった状態をオーバークロック(OC)と呼ぶ。"), node("b", "OC時に回復する。")
    )
    term = term_named(book, "オーバークロック")
    assert term.aliases == ("OC",)
    assert used(book, term.key) == [("b", None, "OC")]


def test_a_table_of_states_defines_each_state() -> None:
    table = "\n".join(
        [
            "通常\tレスト\tスタン\tKO",
            "\t\t\t",
            "カードを縦向きにします。\tカードを横向きにします。\tカードの上下を逆さまにします。\tカードを裏向きにします。",
        ]
    )
    book = make_book(node("状態/1", table, kind=RuleKind.TABLE))
    assert [t.name for t in find_terms(book)] == ["通常", "レスト", "スタン", "KO"]


def test_a_table_that_is_not_of_definitions_defines_nothing() -> None:
    table = "ROUND 1 2 3\nCP 2 3 4"
    assert find_terms(make_book(node("t/1", table, kind=RuleKind.TABLE))) == []


def test_the_first_definition_wins_and_keys_are_unique() -> None:
    book = make_book(
        node("15.1", title="キーワード行動", kind=RuleKind.SECTION),
        node("15.1.1", title="アクティブにする", parent="15.1", kind=RuleKind.SECTION),
        node("6.3.1", "カードをアクティブ状態にすることを「アクティブにする」と呼ぶ。"),
    )
    # The glossary heading wins over the in-text definition printed earlier.
    assert names(find_terms(book)) == [("15.1.1", "アクティブにする")]


# --- how uses are found --------------------------------------------------------------------------


def test_the_longest_term_wins() -> None:
    book = make_book(
        node(
            "105.1",
            "**プレイヤー**: …をターンプレイヤー、そうでないプレイヤーを非ターンプレイヤーと呼びます。",
        ),
        node(
            "502.1", "ターンプレイヤーはデッキを1枚引きます。非ターンプレイヤーは引きません。各プレイヤーは…"
        ),
    )
    uses = find_uses(book, find_terms(book))
    assert [(u.key, u.start, u.end) for u in uses] == [
        ("ターンプレイヤー", 0, 8),
        ("非ターンプレイヤー", 20, 29),
        ("プレイヤー", 37, 42),
    ]


def test_the_defining_rule_is_not_a_use() -> None:
    book = make_book(
        node("916", title="じゃんけん", parent="900", kind=RuleKind.SECTION),
        node("900", title="ゲーム上の用語", kind=RuleKind.SECTION),
        node("916.1", "じゃんけんを行い、勝敗を決めます。"),
    )
    assert used(book, "じゃんけん") == [("916.1", None, "じゃんけん")]


def test_uses_in_examples_and_offsets_in_the_printed_text() -> None:
    book = make_book(
        node("900", title="ゲーム上の用語", kind=RuleKind.SECTION),
        node("908", title="KO する", parent="900", kind=RuleKind.SECTION),
        node("813.5b", "‘KOする’効果によって", examples=("例: ユニットを ＫＯ　する。",)),
    )
    assert used(book, search_key("KO する")) == [("813.5b", None, "KOする"), ("813.5b", 0, "ＫＯ　する")]


@pytest.mark.parametrize(
    ("definition", "text", "count"),
    [
        ("カードを束にしたものをグループと呼ぶ。", "2つのグループタイプがある。グループにわける。", 1),
        ("ユニットの場所を場と呼ぶ。", "その場合、場に出す。自分の場所。", 1),
        ("体力をHPと呼ぶ。", "HP800 とHPX、HP は 0。", 1),
        ("二つをエリアと呼ぶ。", "メイン・エリアとスタンバイ・エリア、エリアにある", 1),
        ("これをブレイブと呼ぶ。", "そのフォワードがプレイブを持っているならば", 0),
    ],
)
def test_no_match_inside_a_longer_word_and_no_fuzzy_match(definition: str, text: str, count: int) -> None:
    book = make_book(node("a", definition), node("b", text))
    terms = find_terms(book)
    assert len(terms) == 1
    assert len(used(book, terms[0].key)) == count


def test_find_uses_with_no_terms() -> None:
    book = make_book(node("a", "テキスト"))
    assert find_uses(book, []) == []


# --- the published rulebooks -------------------------------------------------------------------

DC_TERMS = [
    ("105.1", "プレイヤー"),
    ("105.1", "ターンプレイヤー"),
    ("105.1", "非ターンプレイヤー"),
    ("105.2", "持ち主"),
    ("105.3", "支配と支配者"),
    ("207.3", "注釈文"),
    ("301.1", "領域"),
    ("306.2", "エリア"),
    ("801.1", "能力"),
    ("801.2", "効果"),
    ("801.2a", "即時効果"),
    ("801.2b", "持続効果"),
    ("801.2c", "置換効果"),
    ("805.2", "基準能力"),
    ("807.2", "誘発条件"),
    ("807.6", "遅発誘発能力"),
    ("807.7", "条件誘発能力"),
    ("811.1", "ルールチェック"),
    ("812.1", "直前情報"),
    ("902", "名称"),
    ("903", "公開する"),
    ("904", "デッキを引く"),
    ("905", "カードを付ける"),
    ("906", "チャージする"),
    ("907", "マーカー"),
    ("908", "KO する"),
    ("909", "選ぶ"),
    ("909", "探す"),
    ("910", "捨てる"),
    ("911", "シャッフルする"),
    ("912", "入れ替える"),
    ("913", "退却"),
    ("914", "ダメージ"),
    ("914.1a", "スキルダメージ"),
    ("915", "回復する"),
    ("916", "じゃんけん"),
    ("917", "成否判定"),
    ("918", "気絶"),
    ("919", "増やす"),
    ("919", "減らす"),
    ("920", "KO 置き場に置く"),
    ("921", "HP"),
    ("922", "このスキルは気絶していても使える"),
    ("923", "スキルのダメージを受けた時"),
    ("924", "スキルダメージを受けない"),
    ("925", "そうしたなら"),
    ("925", "そうしなかったなら"),
    ("926", "ウィニングチケットを授かる"),
    ("1001.1", "ルール処理"),
    ("1101.1", "ループ"),
]
FFTCG_TERMS = [
    ("6.1.1", "プレイヤー"),
    ("6.1.3", "ターンプレイヤー"),
    ("6.1.3", "非ターンプレイヤー"),
    ("6.2.1", "オーナー"),
    ("6.3.1", "アクティブ状態"),
    ("6.3.1", "ダル状態"),
    ("6.5.1", "ダメージ処理"),
    ("6.6.1", "タイプ"),
    ("6.7.1", "カウンター"),
    ("7.1", "領域"),
    ("7.6.1", "非公開領域"),
    ("7.6.2", "公開領域"),
    ("7.7.1", "フィールド"),
    ("9", "ターン"),
    ("10.1.4.2", "戦闘ダメージ"),
    ("11.5.1", "アビリティ"),
    ("11.6.1", "アクションアビリティ"),
    ("11.8.1", "オートアビリティ"),
    ("11.8.13", "条件付きオートアビリティ"),
    ("11.8.16", "領域移動誘発"),
    ("11.12.1", "効果"),
    ("11.12.5.6", "自己置換効果"),
    ("13.1", "無限ループ"),
    ("15.1.1.1", "アクティブにする"),
    ("15.1.1.2", "ダルにする"),
    ("15.1.1.3", "ブレイクする"),
    ("15.1.1.4", "捨てる"),
    ("15.1.1.5", "除外する"),
    ("15.1.1.6", "シャッフルする"),
    ("15.1.1.7", "キャストする"),
    ("15.1.1.8", "サーチする"),
    ("15.1.1.9", "パーティーを組む"),
    ("15.1.1.10", "取り除く"),
    ("15.1.1.11", "グループ"),
    ("15.2.1", "ブレイブ"),
    ("15.2.2", "ヘイスト"),
    ("15.2.3", "先制攻撃"),
    ("15.2.4", "凍結"),
    ("15.2.5", "バックアタック"),
    ("15.2.6", "Damage"),
    ("15.2.7", "デジョン"),
]


@pytest.mark.parametrize(("game", "expected"), [("divine-cross", DC_TERMS), ("fftcg", FFTCG_TERMS)])
def test_terms_of_the_numbered_documents(game: str, expected: list[tuple[str, str]]) -> None:
    terms = find_terms(real_book(game))
    assert names(terms) == expected
    assert len({term.key for term in terms}) == len(terms)
    assert all(term.key == search_key(term.name) for term in terms)


def test_divine_cross_bold_pair_and_heading_forms() -> None:
    book = real_book("divine-cross")
    assert term_named(book, "支配と支配者").aliases == ("支配", "支配者")
    assert term_named(book, "チャージする").rule_id == "906"
    assert term_named(book, "探す").rule_id == term_named(book, "選ぶ").rule_id == "909"


def test_divine_cross_janken_is_defined_by_916_and_used_in_its_rules_and_examples() -> None:
    book = real_book("divine-cross")
    term = term_named(book, "じゃんけん")
    assert term.rule_id == "916"
    places = {(rule, example) for rule, example, _ in used(book, term.key)}
    assert places == {
        ("916.1", None),
        ("916.1a", None),
        ("916.1a", 0),
        ("916.1a", 1),
        ("916.2", None),
        ("917.1b", 0),
    }
    # 106 (ウィニングチケット) does not print the word; 916.1a is what ties the two together.
    assert not any(rule.startswith("106") for rule, _ in places)


def test_divine_cross_turn_player_is_not_a_use_of_player() -> None:
    book = real_book("divine-cross")
    rules = book.by_id()
    for use in find_uses(book, find_terms(book)):
        if use.key == search_key("プレイヤー"):
            text = (
                rules[use.rule_id].text
                if use.example is None
                else rules[use.rule_id].examples[use.example].text
            )
            assert not text[: use.start].endswith("ターン")


def test_fftcg_brave_misprint_is_not_a_use() -> None:
    book = real_book("fftcg")
    term = term_named(book, "ブレイブ")
    assert term.rule_id == "15.2.1"
    assert "プレイブを持っている" in book.by_id()["10.1.2.2"].text  # published misprint of ブレイブ
    assert {rule for rule, _, _ in used(book, term.key)} == {"15.2.1.1", "15.2.1.2"}


@pytest.mark.parametrize("game", ["divine-cross", "fftcg"])
def test_uses_point_at_the_printed_term_in_document_order(game: str) -> None:
    book = real_book(game)
    terms = find_terms(book)
    forms = {term.key: {search_key(f) for f in (term.name, *term.aliases)} for term in terms}
    defined_by = {term.key: term.rule_id for term in terms}
    rules = book.by_id()
    order = {rule.id: rule.order for rule in book.rules}
    uses = find_uses(book, terms)
    for use in uses:
        rule = rules[use.rule_id]
        text = rule.text if use.example is None else rule.examples[use.example].text
        assert search_key(text[use.start : use.end]) in forms[use.key]
        assert defined_by[use.key] != use.rule_id
    positions = [(order[u.rule_id], -1 if u.example is None else u.example, u.start) for u in uses]
    assert positions == sorted(positions)


def test_term_use_is_a_plain_value() -> None:
    use = TermUse("じゃんけん", "916.1", 0, 5, None)
    assert use == TermUse("じゃんけん", "916.1", 0, 5, None)
    assert Counter([use, use])[use] == 2


# Outline documents: ids are heading paths (their exact spelling belongs to the outline parser),
# so these check names in order and that each defining node prints its name.
OUTLINE_TERMS = {
    ("code-of-joker", None): [
        "フィールド",
        "行動権",
        "行動済み",
        "アタック制限",
        "クロックレベル",
        "クロックアップ",
        "オーバーライド",
        "オーバークロック",
        "トリガーゾーン",
        "ユニットコストの軽減",
        "捨札",
        "ドロー",
        "スピードムーブ",
        "不屈",
        "貫通",
        "無我の境地",
        "固着",
        "加護",
        "次元干渉",
        "呪縛",
        "不滅",
        "秩序の盾",
        "沈黙",
        "強制防御",
        "攻撃禁止",
        "フィールド効果",
        "王の治癒力",
    ],
    ("dice-castle", None): [
        "ユニットゾーン",
        "マジックゾーン",
        "自分の場",
        "相手の場",
        "場",
        "フェイズ規定処理",
        "攻撃権",
        "待機ゾーン",
    ],
    ("divine-cross", "beginner"): ["通常", "レスト", "スタン", "KO", "状態異常", "エリア"],
}


@pytest.mark.parametrize(("game", "document"), list(OUTLINE_TERMS))
def test_terms_of_the_outline_documents(game: str, document: str | None) -> None:
    book = real_book(game, document)
    terms = find_terms(book)
    assert [term.name for term in terms] == OUTLINE_TERMS[(game, document)]
    rules = book.by_id()
    for term in terms:
        rule = rules[term.rule_id]
        assert term.name in rule.title or term.name in rule.text, term


def test_code_of_joker_headings_under_its_glossaries() -> None:
    book = real_book("code-of-joker")
    rules = book.by_id()
    clock = term_named(book, "クロックアップ")
    assert rules[clock.rule_id].title == "クロックレベル/クロックアップ"
    assert term_named(book, "オーバークロック").aliases == ("OC",)
    assert term_named(book, "ドロー").aliases == ("カードを引く",)
    keyword = term_named(book, "次元干渉")
    assert rules[keyword.rule_id].title == "次元干渉/コスト(※)"
    assert rules[rules[keyword.rule_id].parent or ""].title == "キーワード能力/アイコン"


def test_code_of_joker_immortal_is_used_in_the_easily_confused_rules() -> None:
    book = real_book("code-of-joker")
    rules = book.by_id()
    section = next(rule.id for rule in book.rules if rule.title == "混同しやすいルール・処理")
    term = term_named(book, "不滅")
    assert rules[term.rule_id].parent != section
    places = {rule for rule, _, _ in used(book, term.key)}
    assert len(places) == 4
    assert {rules[rule].parent for rule in places} == {section}


def test_beginner_sheet_states_come_from_its_state_table() -> None:
    book = real_book("divine-cross", "beginner")
    rules = book.by_id()
    states = [term_named(book, name) for name in ("通常", "レスト", "スタン", "KO")]
    assert {rules[term.rule_id].kind for term in states} == {RuleKind.TABLE}
    assert used(book, search_key("KO"))
