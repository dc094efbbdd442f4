"""Real rulebooks from outside the four games parse as well as the four games' documents.

The books under ``tests/data/books`` are byte-identical copies of rulebooks as their publishers
release them (Magic: The Gathering 2020-04-17 and 2020-06-01, Love Live OCG 1.05 as text and
as PDF). Each expectation is computed from the file by other means than the parser's (an
independent pattern over the lines), so a parser bug cannot hide in its own test.
"""

from __future__ import annotations

import hashlib
import re
from functools import cache
from pathlib import Path

import pytest

from rules_index.catalog import load_catalog, parse_document
from rules_index.decode import decode
from rules_index.errors import ParseError
from rules_index.model import DocumentInfo, LintKind, PartKind, RuleBook, RuleKind
from rules_index.numbering import detect_scheme
from rules_index.pdf import extract_text
from rules_index.pipeline import parse_source, refuse_side_by_side
from tests.rules_index.sourcecheck import unreached

BOOKS = Path(__file__).resolve().parents[1] / "data" / "books"
MTG = ("mtg-cr-en-2020-04-17.txt", "mtg-cr-en-2020-06-01.txt")
LOVELIVE = ("lovelive-ocg-cr-ja-1.05.txt", "lovelive-ocg-cr-ja-1.05.pdf")


def info_for(name: str) -> DocumentInfo:
    return DocumentInfo(
        game="book",
        document="comprehensive",
        kind="comprehensive-rules",
        title=name,
        version="1",
        date="",
        path=name,
        parser="numbered",
        numbering="",
    )


@cache
def source(name: str) -> bytes:
    """The bytes the parser reads: the file, or the text extracted from the PDF."""
    path = BOOKS / name
    return extract_text(path).encode("utf-8") if name.endswith(".pdf") else path.read_bytes()


@cache
def book(name: str) -> RuleBook:
    return parse_source(source(name), info_for(name))


def text_of(name: str) -> str:
    return decode(source(name), name).text


def printed_ids(name: str) -> set[str]:
    """Every rule number printed at the start of a body line, by a pattern of the published form."""
    lines = text_of(name).split("\n")
    if name.startswith("mtg"):
        body = lines[: lines.index("Glossary", 200)]
        found = set()
        for line in body[lines.index("Credits") + 1 :]:
            m = re.match(r"^(\d{3}\.\d+[a-z]?|\d{3}|[1-9])\.?\s", line)
            if m:
                found.add(m.group(1))
        return found
    start = next(i for i, line in enumerate(lines) if line.strip() == "総合ルール本文")
    end = next(i for i, line in enumerate(lines) if re.match(r"^付録\s*(A|$)", line.strip()))
    return {m.group(1) for line in lines[start:end] if (m := re.match(r"^(\d+(?:\.\d+)*)\.\s*\S", line))}


@pytest.mark.parametrize("name", MTG + LOVELIVE)
def test_every_printed_rule_is_found_with_its_exact_id(name: str) -> None:
    ids = {rule.id for rule in book(name).rules if rule.kind in (RuleKind.RULE, RuleKind.SECTION)}
    expected = printed_ids(name)
    assert len(expected) > 500
    assert ids == expected


@pytest.mark.parametrize("name", MTG + LOVELIVE)
def test_nothing_is_lost_unplaced_or_warned(name: str) -> None:
    parsed = book(name)
    assert unreached(parsed, text_of(name)) == []
    assert [i.message for i in parsed.lint if i.kind is LintKind.UNPLACED] == []
    assert [i.message for i in parsed.lint if i.severity == "warning"] == []


@pytest.mark.parametrize("name", MTG)
def test_magic_parts_glossary_examples_and_credits(name: str) -> None:
    parsed = book(name)
    assert parsed.scheme == "three-digit"
    assert [p.kind for p in parsed.parts] == [
        PartKind.FRONT_MATTER,
        PartKind.CONTENTS,
        PartKind.BODY,
        PartKind.GLOSSARY,
        PartKind.CREDITS,
    ]
    lines = text_of(name).split("\n")
    glossary = lines[lines.index("Glossary", 200) + 1 : lines.index("Credits", 200)]
    blocks = [b for b in "\n".join(glossary).split("\n\n") if b.strip()]
    entries = [r for r in parsed.rules if r.kind is RuleKind.ENTRY and r.parent == "Glossary"]
    titles = [e.title for e in entries]
    # 2020-06-01 prints "Concede" right under Companion's definition, with no blank line between.
    glued = ["Concede"] if name.endswith("06-01.txt") else []
    assert [t for t in titles if t not in glued] == [b.strip().split("\n")[0] for b in blocks]
    assert all(t in titles for t in glued)
    by_id = parsed.by_id()
    assert by_id["Glossary/Absorb"].text.startswith("A keyword ability that prevents damage.")
    examples = sum(1 for line in lines if line.startswith("Example:"))
    assert sum(len(r.examples) for r in parsed.rules) == examples
    assert by_id["101.2"].examples[0].text.startswith("Example: If one effect reads")
    # The contents never become the chapters, and nothing after the last rule is glued to it.
    assert by_id["1"].title == "Game Concepts" and by_id["1"].span.first_line > 160
    assert "Glossary" not in by_id["905.6"].text and len(by_id["905.6"].text) < 400
    assert "Wizards of the Coast" in by_id["Credits"].text
    assert by_id["100.1a"].parent == "100.1" and by_id["100"].parent == "1"
    assert by_id["704.5m"].parent == "704.5"


def test_magic_letters_skip_l_and_o() -> None:
    ids = [r.id for r in book(MTG[0]).rules if r.parent == "704.5"]
    assert "704.5k" in ids and "704.5m" in ids and "704.5l" not in ids
    assert [i for i in book(MTG[0]).lint if i.kind is LintKind.NUMBERING_GAP] == []


@pytest.mark.parametrize("name", LOVELIVE)
def test_love_live_contents_appendices_and_change_log(name: str) -> None:
    parsed = book(name)
    assert parsed.scheme == "dotted"
    kinds = [(p.kind, p.rule_id) for p in parsed.parts]
    assert kinds[:3] == [(PartKind.FRONT_MATTER, None), (PartKind.CONTENTS, None), (PartKind.BODY, None)]
    assert kinds[3:] == [
        (PartKind.APPENDIX, "付録A"),
        (PartKind.APPENDIX, "付録B"),
        (PartKind.APPENDIX, "付録C"),
        (PartKind.CHANGELOG, None),
    ]
    by_id = parsed.by_id()
    assert by_id["1"].title == "ゲームの概要" and by_id["1"].span.first_line > 15
    assert "付録" not in by_id["12.1.1.3"].text and len(by_id["12.1.1.3"].text) < 300
    assert "高坂穂乃果" in by_id["付録B"].text
    assert [(c.version, c.date) for c in parsed.changelog] == [
        ("1.00", "2025-01-30"),
        ("1.01", "2025-02-07"),
        ("1.02", "2025-03-17"),
        ("1.03", "2025-07-15"),
        ("1.04", "2025-11-21"),
        ("1.05", "2026-03-31"),
    ]
    assert parsed.changelog[0].changes == ("初版作成",)
    assert len(parsed.changelog[1].changes) == 5


@pytest.mark.parametrize("name", LOVELIVE)
def test_dropped_icons_are_marked(name: str) -> None:
    rule = book(name).by_id()["2.1.1"]
    assert rule.icons and all(icon.glyph == "" for icon in rule.icons)
    assert rule.text[rule.icons[0].offset - 1] == "は"


def test_divine_cross_icon_gaps_are_marked_and_text_kept() -> None:
    catalog = load_catalog()
    parsed = parse_document(catalog, catalog.game("divine-cross").document(None).latest)
    rule = parsed.by_id()["205.3"]
    assert len(rule.icons) == 4
    assert "属性アイコンが  の場合" in rule.text


def test_pdf_rules_know_their_page() -> None:
    parsed = book(LOVELIVE[1])
    by_id = parsed.by_id()
    assert by_id["1.1.1"].page == 1
    assert by_id["12.1.1"].page is not None and by_id["12.1.1"].page > 10
    pages = [r.page for r in parsed.rules if r.kind is RuleKind.RULE]
    assert pages == sorted(p for p in pages if p is not None)


def test_pdf_and_text_give_the_same_rules() -> None:
    from_text = {r.id: r.text for r in book(LOVELIVE[0]).rules if r.kind is RuleKind.RULE}
    from_pdf = {r.id: r.text for r in book(LOVELIVE[1]).rules if r.kind is RuleKind.RULE}
    assert from_pdf.keys() == from_text.keys()
    same = sum(1 for key in from_text if re.sub(r"\s", "", from_text[key]) == re.sub(r"\s", "", from_pdf[key]))
    assert same >= 0.97 * len(from_text)


SHIPPED = {
    ("code-of-joker", "rules-page"): "a605fe7c59fb5b44",
    ("dice-castle", "detailed-rules"): "05b6e4e05476c998",
    ("divine-cross", "comprehensive"): "d32c5cf9186e266e",
    ("divine-cross", "beginner"): "90a4011d7d2e69c5",
    ("fftcg", "comprehensive"): "81ad3b22f15a2e11",
}
"""A digest of every id, parent, title, text, example and change-log entry of the shipped
documents as the parsers gave them before the pipeline learnt other publishers' formats."""


@pytest.mark.parametrize(("game", "document"), sorted(SHIPPED))
def test_the_four_games_documents_come_out_exactly_as_before(game: str, document: str) -> None:
    catalog = load_catalog()
    parsed = parse_document(catalog, catalog.game(game).document(document).latest)
    blob = "\n".join(
        f"{r.id}\t{r.parent}\t{r.title}\t{r.text}\t{'|'.join(e.text for e in r.examples)}" for r in parsed.rules
    )
    blob += "\n" + "\n".join(f"{c.version}\t{c.date}\t{'|'.join(c.changes)}" for c in parsed.changelog)
    assert hashlib.sha256(blob.encode()).hexdigest()[:16] == SHIPPED[(game, document)]


# --------------------------------------------------------------------------- single steps


@pytest.mark.parametrize(
    ("data", "encoding"),
    [
        ("総合ルール\r\n1.1. ルール。\r\n".encode(), "utf-8"),
        ("\ufeff総合ルール\n1.1. ルール。\n".encode(), "utf-8"),
        ("総合ルール\r1.1. ルールです。\r".encode("shift_jis"), "shift_jis"),
        ("Comprehensive Rules\r\n100.1. A rule – with a dash and café.\r\n".encode("cp1252"), "cp1252"),
    ],
)
def test_decode_reads_the_encodings_and_line_ends_publishers_use(data: bytes, encoding: str) -> None:
    decoded = decode(data, "x.txt")
    assert decoded.encoding == encoding
    assert "\r" not in decoded.text and not decoded.text.startswith("\ufeff")
    assert decoded.text.split("\n")[1].startswith(("1.1.", "100.1."))


def test_decode_turns_form_feeds_into_pages() -> None:
    decoded = decode(b"one\ntwo\n\fthree\n\ffour", "x.txt")
    assert decoded.text == "one\ntwo\nthree\nfour"
    assert decoded.pages == (1, 1, 2, 3)


def test_a_forced_wrong_encoding_is_an_error_naming_the_file() -> None:
    with pytest.raises(ParseError, match=r"x\.txt: not valid utf-8"):
        decode("ルール".encode("shift_jis"), "x.txt", "utf-8")


@pytest.mark.parametrize(
    ("text", "scheme"),
    [
        ("1. A\n100. B\n100.1. C\n100.1a D\n100.1b E\n101. F\n101.1. G\n", "three-digit"),
        ("100. A\n101. B\n101.1. C\n101.1a. D\n101.1a-1 E\n", "divine-cross"),
        ("1. A\n1.1. B\n1.1.1. C\n1.1.2. D\n", "dotted"),
        ("1 A\n1.1 B\n1.1.1 C\n1.1.2 D\n1.2 E\n", "dotted-bare"),
        ("Just prose.\nNo numbers.\n", None),
    ],
)
def test_the_numbering_scheme_is_detected_from_the_text(text: str, scheme: str | None) -> None:
    detected = detect_scheme(text).scheme
    assert (detected.name if detected else None) == scheme


def test_dotted_numbers_without_trailing_period_parse() -> None:
    text = "Toy Rules\n\n1 Overview\n1.1 Players\n1.1.1 Two players play.\n1.2 Winning\n1.2.1 You win.\n2 Setup\n"
    parsed = parse_source(text.encode(), info_for("bare.txt"))
    assert [r.id for r in parsed.rules] == ["1", "1.1", "1.1.1", "1.2", "1.2.1", "2"]
    assert parsed.by_id()["1.1.1"].text == "Two players play."


def test_numbers_inside_an_appendix_are_ids_of_the_appendix() -> None:
    text = (
        "Toy 総合ルール ver.1.0\n\n1. 概要\n1.1. ゲーム\n1.1.1. 二人で遊びます。\n2. 準備\n2.1. デッキ\n"
        "2.1.1. 40枚です。\n\n付録 A：フォーマット\n1.1. 特別なフォーマットです。\n1.1.1. 二人で遊びます。\n"
        "付録 B：用語\nカード一覧\n"
    )
    parsed = parse_source(text.encode(), info_for("toy.txt"))
    ids = [r.id for r in parsed.rules]
    assert ids.count("1.1.1") == 1
    assert {"付録A", "付録A/1.1", "付録A/1.1.1", "付録B"} <= set(ids)
    assert parsed.by_id()["付録A/1.1.1"].parent == "付録A"
    assert parsed.by_id()["2.1.1"].text == "40枚です。"
    assert not [i for i in parsed.lint if i.kind is LintKind.DUPLICATE]


def test_two_columns_merged_side_by_side_are_refused_with_sample_lines() -> None:
    lines = text_of(LOVELIVE[0]).split("\n")
    rules = [line.strip() for line in lines if re.match(r"^\d+\.\d+\.\d+\. ", line)]
    merged = "\n".join(f"{left:<40}    {right}" for left, right in zip(rules[::2], rules[1::2], strict=False))
    with pytest.raises(ParseError, match=r"two columns seem merged side by side .* line 1: '1\.1\.1\."):
        refuse_side_by_side(merged, "merged.txt")
    refuse_side_by_side(text_of(LOVELIVE[0]), "lovelive.txt")
    refuse_side_by_side(text_of(MTG[0]), "mtg.txt")


def test_page_numbers_and_running_headers_of_a_pdf_text_are_dropped_with_their_reason() -> None:
    pages = []
    for page in range(1, 5):
        body = f"{page}.1. Rule one of chapter {page}.\n{page}.2. Rule two of chapter {page}."
        pages.append(f"Toy Game Comprehensive Rules\n{page}. Chapter {page}\n{body}\n- {page} -")
    text = "\n\f".join(pages)
    parsed = parse_source(text.encode(), info_for("toy.txt"))
    assert [r.id for r in parsed.rules] == ["1", "1.1", "1.2", "2", "2.1", "2.2", "3", "3.1", "3.2", "4", "4.1", "4.2"]
    assert parsed.by_id()["1.2"].text == "Rule two of chapter 1."
    reasons = dict(zip([(s.first_line, s.last_line) for s in parsed.dropped], parsed.drop_reasons, strict=True))
    assert reasons[(5, 5)] == "page number" and reasons[(6, 6)] == "running header"
    assert unreached(parsed, decode(text.encode(), "toy.txt").text) == []
    assert [r.page for r in parsed.rules if r.id.endswith(".1")] == [1, 2, 3, 4]


def test_contents_with_leaders_and_no_heading_never_become_chapters() -> None:
    text = (
        "Toy Rules\n\n1. Overview ............ 1\n2. Setup ............... 2\n\n"
        "1. Overview\n1.1. Two players play.\n2. Setup\n2.1. Shuffle your deck.\n2.2. Draw seven cards.\n"
    )
    parsed = parse_source(text.encode(), info_for("toy.txt"))
    assert parsed.by_id()["1"].span.first_line == 6
    assert [r.id for r in parsed.rules] == ["1", "1.1", "2", "2.1", "2.2"]
    assert unreached(parsed, text) == []


def test_an_english_book_with_appendix_glossary_index_and_closing_periods() -> None:
    text = (
        "Toy Game Comprehensive Rules\n\nTable of Contents\n1. Basics .......... 3\nGlossary .......... 9\n\n"
        "1. Basics\n\n100. General\n\n100.1. The game is for two players.\n\n100.1a. Each player has a deck.\n\n"
        "100.1b. Each player has a hand.\nExample: A player with no hand still plays.\n\n"
        "101. Turns\n\n101.1. Players take turns.\n\n"
        "Appendix A: Formats\n1.1. The team format re-uses rule numbers.\n\n"
        "Glossary\n\nDeck\nThe cards a player brings. See rule 100.1a.\n\nHand\nThe cards a player holds.\n\n"
        "Index\nDeck, 3\nHand, 3\n"
    )
    parsed = parse_source(text.encode("cp1252"), info_for("toy.txt"))
    by_id = parsed.by_id()
    assert [r.id for r in parsed.rules if r.kind in (RuleKind.RULE, RuleKind.SECTION)] == [
        "1", "100", "100.1", "100.1a", "100.1b", "101", "101.1",
    ]  # fmt: skip
    assert by_id["100.1b"].examples[0].text == "Example: A player with no hand still plays."
    assert by_id["Appendix A/1.1"].text == "The team format re-uses rule numbers."
    assert by_id["Glossary/Deck"].text == "The cards a player brings. See rule 100.1a."
    assert [p.kind for p in parsed.parts][-3:] == [PartKind.APPENDIX, PartKind.GLOSSARY, PartKind.INDEX]
    assert "index" in parsed.drop_reasons
    assert "Deck" not in by_id["Glossary/Hand"].text
    assert unreached(parsed, text) == []
