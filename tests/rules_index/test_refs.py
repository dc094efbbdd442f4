"""Cross-references: hand-made books, the hand-labelled sample, and the published rulebooks."""

from __future__ import annotations

import tomllib
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from rules_index.catalog import load_catalog, parse_document
from rules_index.model import (
    DocumentInfo,
    Example,
    LintKind,
    Rule,
    RuleBook,
    RuleKind,
    Severity,
    SourceSpan,
)
from rules_index.refs import Reference, find_references, id_shapes, printed_ids, references_in

LABELLED = Path(__file__).resolve().parents[1] / "data" / "refs_labelled.toml"
"""Real rule texts with the references a reader finds in them."""

PUBLISHED_UNRESOLVED: dict[str, list[str]] = {"divine-cross": [], "fftcg": []}
"""Dangling references printed in the published numbered documents: none in either.

Checked by hand as well: every parenthesised number, every ``N.N …に従/に戻/から/で/の時点``
and the titled ``10.「アタックフェイズ」`` of both documents names an existing rule.
"""


# --- helpers -------------------------------------------------------------------------------


def make_book(
    *rules: tuple[str, str] | tuple[str, str, tuple[str, ...]], parser: str = "numbered"
) -> RuleBook:
    """A book of (id, text[, examples]) rules, in the order given."""
    info = DocumentInfo(
        game="toy",
        document="rules",
        kind="comprehensive-rules",
        title="Toy",
        version="1",
        date="",
        path="toy/rules.txt",
        parser=parser,
    )
    built = []
    for order, item in enumerate(rules):
        rule_id, text = item[0], item[1]
        examples = item[2] if len(item) == 3 else ()
        span = SourceSpan("toy/rules.txt", order + 1, order + 1)
        built.append(
            Rule(
                id=rule_id,
                parent=None,
                title="",
                text=text,
                depth=0,
                order=order,
                kind=RuleKind.RULE if parser == "numbered" else RuleKind.PARAGRAPH,
                span=span,
                examples=tuple(Example(ex, span) for ex in examples),
            )
        )
    return RuleBook(info=info, heading="Toy", rules=tuple(built))


def targets(refs: list[Reference]) -> list[tuple[str, str]]:
    return [(ref.source, ref.target) for ref in refs]


@cache
def real_book(game: str, document: str | None = None) -> RuleBook:
    catalog = load_catalog()
    return parse_document(catalog, catalog.game(game).document(document).latest)


def load_samples() -> list[dict[str, Any]]:
    with LABELLED.open("rb") as handle:
        samples: list[dict[str, Any]] = tomllib.load(handle)["sample"]
    return samples


# --- forms of a reference --------------------------------------------------------------------


DC_IDS = (
    "100",
    "106",
    "206",
    "403.1",
    "503.2",
    "503.3",
    "704.6d",
    "704.7",
    "803.2",
    "804",
    "804.2",
    "804.2c-31",
    "811.2a",
    "913",
    "1000",
)


def dc_book(*rules: tuple[str, str] | tuple[str, str, tuple[str, ...]]) -> RuleBook:
    """A book with Divine Cross-shaped ids, the given rules last."""
    return make_book(*((rule_id, "") for rule_id in DC_IDS), *rules)


def test_parenthesised_numbers_are_references_with_their_parentheses() -> None:
    text = "自分のメイン・ユニットの退却コスト(206)で指定された枚数分、…入れ替えます。(913)"
    refs, issues = find_references(dc_book(("605.1", text)))
    assert targets(refs) == [("605.1", "206"), ("605.1", "913")]
    assert [ref.text for ref in refs] == ["(206)", "(913)"]
    assert all(text[ref.start : ref.end] == ref.text for ref in refs)
    assert issues == []


@pytest.mark.parametrize(
    ("text", "target", "printed"),
    [
        ("能力のプレイ(804.2)に従います。", "804.2", "(804.2)"),
        ("解決の処理を終了します。(804.2c-31)", "804.2c-31", "(804.2c-31)"),
        ("そのプレイヤーだけ 403.1 からやり直します。", "403.1", "403.1"),
        ("それ以外の場合、503.2 に戻ります。", "503.2", "503.2"),
        ("その後811.2aに戻ります。", "811.2a", "811.2a"),
        ("503.3 でメインフェイズの終了を選択した場合", "503.3", "503.3"),
        ("704.6d で受けるダメージが 0 になります。", "704.6d", "704.6d"),
        ("この時点でスキルダメージが 0 の場合、704.7 へ移行します。", "704.7", "704.7"),
        ("ルール処理(1000)の処理で発生するダメージ", "1000", "(1000)"),
        ("バトルフェイズの処理(804)に則って", "804", "(804)"),
    ],
)
def test_divine_cross_forms(text: str, target: str, printed: str) -> None:
    refs, issues = find_references(dc_book(("900.1", text)))
    assert [(ref.target, ref.text) for ref in refs] == [(target, printed)]
    assert text[refs[0].start : refs[0].end] == printed
    assert issues == []


def test_a_list_before_a_cue_gives_one_reference_per_number() -> None:
    book = make_book(("12.4.6", ""), ("12.4.7", ""), ("6.2.6.2", "ただし、12.4.6、12.4.7のとおり、ただちに…"))
    refs, _ = find_references(book)
    assert targets(refs) == [("6.2.6.2", "12.4.6"), ("6.2.6.2", "12.4.7")]


def test_a_bare_section_number_in_a_list_before_a_strong_cue() -> None:
    refs, _ = find_references(dc_book(("900.1", "804、913 に従って処理します。")))
    assert [ref.target for ref in refs] == ["804", "913"]


def test_a_section_named_with_its_title() -> None:
    text = "詳しくは 10.「アタックフェイズ」を見ること。"
    refs, issues = find_references(make_book(("10", ""), ("9.4.1", text)))
    assert [(ref.target, ref.text) for ref in refs] == [("10", "10.「アタックフェイズ」")]
    assert text[refs[0].start : refs[0].end] == "10.「アタックフェイズ」"
    assert issues == []


@pytest.mark.parametrize(
    "text",
    [
        "ユニットに 100 点のダメージを与えます。",
        "このゲームは 2 人のプレイヤーによる対戦ゲームです。",
        "いずれかのプレイヤーが 7 点のダメージを受ける",
        "デッキの一番上から 5 枚のカード",
        "1000 点単位で振り分ける必要がある。",
        "ユニットを 3 体選びます。",
        "1CPの余剰が認められる。2CP を生み出す。",
        "Lv.3の進化カード",
        "総合ルール ver.1.0.16",
        "2026年02月27日 Ver. 1.0.16",
        "【16-015H】トウモロと【5-121R】アンドリア",
        "Var.2.0以降",
        "手札がその上限枚数(通常は 5 枚)を超えている場合",
        "ダメージが7になったプレイヤーはゲームに敗北する。",
        "パワー1000 以上のキャラクター",
        "第1メインフェイズと第2メインフェイズ",
    ],
)
def test_quantities_are_not_references(text: str) -> None:
    # Every number printed here is a rule id of this book, so only the context can tell.
    ids = ("1", "2", "3", "5", "7", "100", "1000", "16", "1.0", "2.0", "1.0.16", "02", "27", "2026")
    refs, issues = find_references(make_book(*((i, "") for i in ids), ("9.9", text)))
    assert refs == []
    assert issues == []


def test_full_width_digits_are_matched_and_offsets_stay_in_the_printed_text() -> None:
    text = "カードのプレイ（８０４）に従って、８１１．２ａに戻ります。"
    refs, _ = find_references(dc_book(("900.1", text)))
    assert [(ref.target, ref.text) for ref in refs] == [("804", "（８０４）"), ("811.2a", "８１１．２ａ")]
    assert all(text[ref.start : ref.end] == ref.text for ref in refs)


def test_references_in_examples_name_the_example() -> None:
    book = dc_book(("900.1", "本文です。", ("例: 503.2 に戻ります。", "例: 100 点のダメージ")))
    refs, _ = find_references(book)
    assert refs == [Reference("900.1", "503.2", "503.2", 3, 8, 0)]


def test_references_come_in_document_order() -> None:
    book = dc_book(
        ("900.1", "(913)と(206)"), ("900.2", "(106)", ("例: (804)",)), ("900.3", "503.2 に戻ります")
    )
    refs, _ = find_references(book)
    assert [(ref.source, ref.target, ref.example) for ref in refs] == [
        ("900.1", "913", None),
        ("900.1", "206", None),
        ("900.2", "106", None),
        ("900.2", "804", 0),
        ("900.3", "503.2", None),
    ]


# --- unresolved references -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "printed"),
    [
        ("解決を終了します。(804.2c-32)", "(804.2c-32)"),
        ("以降の手順は 804.9 に従います。", "804.9"),
        ("処理(1200)に則って", "(1200)"),
        ("その後 811.2z に戻ります。", "811.2z"),
        ("それ以外の場合、500 に戻ります。", "500"),
        ("詳しくは 11.「アタックフェイズ」を見ること。", "11.「アタックフェイズ」"),
    ],
)
def test_a_reference_to_no_rule_is_a_warning_quoting_it(text: str, printed: str) -> None:
    if printed.startswith("11."):
        book = make_book(("10", ""), ("9.4.1", text))
        source = "9.4.1"
    else:
        book = dc_book(("917.2b", text))
        source = "917.2b"
    refs, issues = find_references(book)
    assert refs == []
    assert len(issues) == 1
    issue = issues[0]
    assert (issue.kind, issue.severity, issue.rule_id) == (LintKind.UNRESOLVED_REF, Severity.WARNING, source)
    assert repr(printed) in issue.message
    assert issue.span == book.by_id()[source].span


@pytest.mark.parametrize(
    "text",
    [
        "804.9 点のダメージ",  # a unit: a quantity
        "数値は 804.9 です。",  # no cue: a bare number that names nothing is a quantity
        "以下から選ぶ(2)",  # not shaped like a Divine Cross id
        "2 人から始めます",  # a bare number before a cue that quantities take too
    ],
)
def test_a_number_that_is_not_meant_as_a_reference_says_nothing(text: str) -> None:
    refs, issues = find_references(dc_book(("900.1", text)))
    assert refs == []
    assert issues == []


def test_id_shapes_follow_the_document() -> None:
    assert id_shapes(["100", "704.6c-1", "804.2c-31"]) == {(3, 1), (3, 2)}
    assert id_shapes(["1", "15.1.1.9.5"]) == {(1, 1), (2, 5)}
    assert id_shapes(["デッキ構成", "キーワード能力/不屈"]) == frozenset()


def test_an_outline_book_gets_no_numeric_references() -> None:
    # Outline ids are derived, never printed: even an ordinal id "3" is not cited by "(3)".
    book = make_book(
        ("3", "各デッキは40枚固定で構成される。"),
        ("用語/フィールド/1", "フィールドには「5体」まで配置できる。(3) 4.1 に従う。"),
        parser="outline",
    )
    assert printed_ids(book) == frozenset()
    assert find_references(book) == ([], [])


def test_references_in_resolves_one_text() -> None:
    refs, issues = references_in("(804)に従って", "x", {"804"})
    assert [(ref.source, ref.target, ref.text, ref.start, ref.end) for ref in refs] == [
        ("x", "804", "(804)", 0, 5)
    ]
    assert issues == []


# --- the hand-labelled sample ----------------------------------------------------------------


def test_the_labelled_sample_is_large_and_covers_both_numbered_documents() -> None:
    samples = load_samples()
    real = [s for s in samples if "rule" in s]
    assert len(real) >= 60
    assert {s["document"] for s in real} == {"divine-cross", "fftcg"}
    assert sum(1 for s in real if s["targets"]) >= 30
    assert sum(1 for s in real if not s["targets"]) >= 30


def test_the_labelled_texts_are_the_parsed_texts() -> None:
    stale = []
    for sample in load_samples():
        if "rule" not in sample:
            continue
        rule = real_book(sample["document"]).by_id().get(sample["rule"])
        if rule is None:
            stale.append(f"{sample['document']} {sample['rule']}: no such rule")
            continue
        example = sample.get("example")
        parsed = rule.text if example is None else rule.examples[example].text
        if parsed != sample["text"]:
            stale.append(f"{sample['document']} {sample['rule']} (example {example}): {parsed!r}")
    assert stale == []


def test_precision_and_recall_on_the_labelled_sample(capsys: pytest.CaptureFixture[str]) -> None:
    true_positive = predicted = expected = 0
    wrong = []
    for sample in load_samples():
        ids = printed_ids(real_book(sample["document"]))
        refs, _ = references_in(sample["text"], sample.get("rule", "sample"), ids)
        got = Counter(ref.target for ref in refs)
        want = Counter(sample["targets"])
        true_positive += sum((got & want).values())
        predicted += sum(got.values())
        expected += sum(want.values())
        if got != want:
            where = f"{sample['document']} {sample.get('rule', sample['text'])}"
            wrong.append(f"{where}: got {sorted(got)}, want {sorted(want)}")
    precision = true_positive / predicted if predicted else 1.0
    recall = true_positive / expected if expected else 1.0
    with capsys.disabled():
        print(
            f"\nrefs on {len(load_samples())} labelled texts: precision {precision:.3f}, recall {recall:.3f}"
        )
    assert precision >= 0.97, wrong
    assert recall >= 0.97, wrong


# --- the published rulebooks -------------------------------------------------------------------


DC_REFERENCES = [
    ("403.3a-1", "403.1"),
    ("403.3a-2", "403.1"),
    ("503.3", "600"),
    ("503.4", "503.3"),
    ("503.4", "503.2"),
    ("504.1", "700"),
    ("505.3c", "505.2"),
    ("604.2", "804"),
    ("604.3", "803.2"),
    ("605.1", "206"),
    ("605.1", "913"),
    ("703.1", "705"),
    ("703.2", "703.1"),
    ("703.2a", "704"),
    ("703.2b", "705"),
    ("704.6a-1", "704.7"),
    ("704.6a-2", "704.7"),
    ("704.6c-1", "205"),
    ("806.2c", "804.2"),
    ("811.2b", "811.2a"),
    ("811.2c", "811.2a"),
    ("913.1b", "206"),
    ("914.1c", "1000"),
    ("917.2a", "703.2"),
    ("917.2b", "804.2c-31"),
    ("924.1", "704.6d"),
    ("926.1", "106"),
]
FFTCG_REFERENCES = [
    ("6.2.2", "6.2.1"),
    ("6.2.6.2", "12.4.6"),
    ("6.2.6.2", "12.4.7"),
    ("6.5.3", "6.5.2"),
    ("9.4.1", "10"),
    ("9.5.1.4", "9.5.1.3.1"),
    ("10.1.4.6", "10.1.2"),
    ("15.1.1.9.3", "10.1.2.1"),
]


@pytest.mark.parametrize(("game", "expected"), [("divine-cross", DC_REFERENCES), ("fftcg", FFTCG_REFERENCES)])
def test_every_reference_of_the_published_numbered_documents(
    game: str, expected: list[tuple[str, str]]
) -> None:
    refs, _ = find_references(real_book(game))
    assert targets(refs) == expected
    rules = real_book(game).by_id()
    for ref in refs:
        text = rules[ref.source].text if ref.example is None else rules[ref.source].examples[ref.example].text
        assert text[ref.start : ref.end] == ref.text


@pytest.mark.parametrize(
    ("game", "source", "wanted"),
    [
        ("divine-cross", "604.3", ["803.2"]),
        ("divine-cross", "917.2b", ["804.2c-31"]),
        ("divine-cross", "403.3a-1", ["403.1"]),
        ("fftcg", "6.2.6.2", ["12.4.6", "12.4.7"]),
        ("fftcg", "9.4.1", ["10"]),
        ("fftcg", "10.1.4.6", ["10.1.2"]),
    ],
)
def test_named_references_of_the_published_documents(game: str, source: str, wanted: list[str]) -> None:
    refs, _ = find_references(real_book(game))
    assert [ref.target for ref in refs if ref.source == source] == wanted


@pytest.mark.parametrize("game", ["divine-cross", "fftcg"])
def test_no_unresolved_references_but_the_published_ones(game: str) -> None:
    _, issues = find_references(real_book(game))
    assert [issue.message for issue in issues] == PUBLISHED_UNRESOLVED[game]


@pytest.mark.parametrize(
    ("game", "document"),
    [("divine-cross", "beginner"), ("code-of-joker", None), ("dice-castle", None)],
)
def test_outline_documents_have_no_numeric_references(game: str, document: str | None) -> None:
    assert find_references(real_book(game, document)) == ([], [])
