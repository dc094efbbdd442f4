"""The site search: the same fixture queries in Python and in the browser give the same hits.

Python is the reference (:func:`rules_index.search.search_book`, :func:`search_key`);
``site/static/search.js`` mirrors it. The fixture queries are in ``search-queries.toml``.
"""

from __future__ import annotations

import tomllib
import unicodedata
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from rules_index.normalize import search_key
from rules_index.search import query_groups, query_terms, search_book, snippet, suggest
from rules_index.term_table import term_table

if TYPE_CHECKING:
    from rules_index.graph import RulesIndex

QUERIES = tomllib.loads((Path(__file__).parent / "search-queries.toml").read_text(encoding="utf-8"))["query"]
LIMIT = 50
KEY_SAMPLES = [
    "ｽﾀﾝﾊﾞｲ・ユニット",
    "ＨＰ　８００",
    "Ⅻ ㍻ ① ﬁ",
    "ﾊﾟﾜｰ ヴ ゔ ヵヶ",
    "ＡＢＣ abc İ ΣΑΣ",
    "\u00a0x\u2003y\u3000z\u001cw\u0085v",
    "\ufeffzero width no-break stays",
    "カード∕CP (キャパシティポイント)",
    "704.6c-1 ７０４．６ｃ",
]


def _book(index: RulesIndex, key: str) -> Any:
    game, document, version = key.split("/")
    return index.books[(game, document, version)]


def python_hits(index: RulesIndex, query: dict[str, Any]) -> list[dict[str, Any]]:
    """The Python search's hits for a fixture query, in the form search.js's describe() gives."""
    bi = _book(index, query["book"])
    out = []
    for hit in search_book(bi, query["q"], kana=query.get("kana", True), limit=LIMIT):
        rule = hit.rule
        source = {
            "id": rule.id,
            "title": rule.title,
            "text": rule.text,
            "example": "\n".join(ex.text for ex in rule.examples),
        }[hit.field]
        snip, highlights = snippet(source, hit.spans)
        out.append(
            {
                "id": rule.id,
                "rank": hit.rank.name.lower(),
                "field": hit.field,
                "spans": [list(s) for s in hit.spans],
                "matched": [source[s:e] for s, e in hit.spans],
                "snippet": snip,
                "highlights": [list(s) for s in highlights],
            }
        )
    return out


@pytest.mark.parametrize("query", QUERIES, ids=[f"{q['book'].split('/')[0]}:{q['q']}" for q in QUERIES])
def test_fixture_queries_in_python(index: RulesIndex, query: dict[str, Any]) -> None:
    hits = python_hits(index, query)
    ids = [h["id"] for h in hits]
    if "first" in query:
        assert ids[:1] == [query["first"]]
    for wanted in query.get("includes", []):
        assert wanted in ids
    if "first" not in query and "includes" not in query and query["q"] == "存在しない語":
        assert ids == []
    kana = query.get("kana", True)
    groups = query_groups(
        query_terms(query["q"], kana=kana), term_table(query["book"].split("/")[0]).aliases(kana=kana)
    )
    terms = [alt for group in groups for alt in group]
    for hit in hits:
        if hit["field"] != "id":
            assert hit["matched"], hit
            assert all(any(t in search_key(m, kana=kana) for t in terms) for m in hit["matched"])
    if "suggests" in query:
        assert ids == []
        assert (
            suggest(_book(index, query["book"]), query["q"], kana=kana)[: len(query["suggests"])] == query["suggests"]
        )


@pytest.mark.browser
def test_fixture_queries_in_the_browser_match_python(index: RulesIndex, site_dir: Path, page: Any) -> None:
    page.goto((site_dir / "index.html").as_uri())
    page.wait_for_function("window.JudgekitSearch && window.JUDGEKIT_SEARCH")
    got = page.evaluate(
        """([queries, limit]) => queries.map(q =>
             JudgekitSearch.search(JUDGEKIT_SEARCH, q.q, {book: q.book, kana: q.kana !== false, limit: limit})
               .map(h => JudgekitSearch.describe(JUDGEKIT_SEARCH, h)))""",
        [QUERIES, LIMIT],
    )
    fields = ("id", "rank", "field", "spans", "matched", "snippet", "highlights")
    for query, js_hits in zip(QUERIES, got, strict=True):
        assert all(h["book"] == query["book"] for h in js_hits)
        js = [{k: h[k] for k in fields} for h in js_hits]
        assert js == python_hits(index, query), f"query {query['q']!r} in {query['book']}"


@pytest.mark.browser
def test_suggestions_and_scenario_search_in_the_browser_match_python(
    index: RulesIndex, site_dir: Path, scenario_pages: list[Any], page: Any
) -> None:
    from judgekit.site.search_index import ScenarioEntry, search_scenarios

    page.goto((site_dir / "index.html").as_uri())
    page.wait_for_function("window.JudgekitSearch && window.JUDGEKIT_SEARCH")
    got = page.evaluate(
        """queries => queries.map(q =>
             JudgekitSearch.suggest(JUDGEKIT_SEARCH, q.q, {book: q.book, kana: q.kana !== false}))""",
        QUERIES,
    )
    for query, js in zip(QUERIES, got, strict=True):
        kana = query.get("kana", True)
        hits = search_book(_book(index, query["book"]), query["q"], kana=kana)
        python = suggest(_book(index, query["book"]), query["q"], kana=kana) if not hits else []
        assert (js if not hits else []) == python, f"suggestions for {query['q']!r} in {query['book']}"
    entries = [ScenarioEntry.of(p) for p in scenario_pages]
    scenario_queries = ["有利", "advantage", "FFTCG", "ko", "だめーじ", "存在しない語", "first strike"]
    got = page.evaluate(
        "queries => queries.map(q => JudgekitSearch.searchScenarios(JUDGEKIT_SEARCH, q, {}).map(s => s.path))",
        scenario_queries,
    )
    for query, js in zip(scenario_queries, got, strict=True):
        assert js == [e.path for e in search_scenarios(entries, query)], f"scenarios for {query!r}"
    assert got[0] and got[1], "advantage and 有利 find the advantage scenarios"


@pytest.mark.browser
def test_normalisation_in_the_browser_matches_python(site_dir: Path, page: Any) -> None:
    page.goto((site_dir / "search.html").as_uri())
    page.wait_for_function("window.JudgekitSearch")
    keys = page.evaluate(
        "samples => samples.map(s => [JudgekitSearch.searchKey(s, false), JudgekitSearch.searchKey(s, true)])",
        KEY_SAMPLES,
    )
    assert keys == [[search_key(s), search_key(s, kana=True)] for s in KEY_SAMPLES]
    # The character classes hard-coded in search.js against Python's own, over every code point.
    spaces, digits = page.evaluate(
        """() => {
          const spaces = [], digits = [];
          for (let cp = 0; cp <= 0x10ffff; cp++) {
            if (cp >= 0xd800 && cp <= 0xdfff) continue;
            const ch = String.fromCodePoint(cp);
            if (JudgekitSearch.isSpace(ch)) spaces.push(cp);
            if (JudgekitSearch.isDigit(ch)) digits.push(cp);
          }
          return [spaces, digits];
        }"""
    )
    assert spaces == [cp for cp in range(0x110000) if chr(cp).isspace()]
    # Digits: compared where Python's Unicode tables know the character (chromium's may be newer);
    # only NFKC-stable characters matter, because ids are matched after NFKC.
    python_digits = {
        cp for cp in range(0x110000) if chr(cp).isdigit() and unicodedata.normalize("NFKC", chr(cp)) == chr(cp)
    }
    known = {
        d for d in digits if unicodedata.category(chr(d)) != "Cn" and unicodedata.normalize("NFKC", chr(d)) == chr(d)
    }
    assert known == python_digits


@pytest.mark.browser
def test_search_box_shows_id_breadcrumb_and_highlighted_snippet(site_dir: Path, page: Any) -> None:
    page.goto((site_dir / "index.html").as_uri())
    page.fill("#q", "スタンバイ・ユニット")
    first = page.locator(".result-list li").first
    first.wait_for()
    assert page.locator(".result-list li").count() >= 8
    assert first.locator(".rid").inner_text().startswith("DC ")
    assert "›" in first.locator(".result-crumbs").inner_text()
    assert first.locator(".snippet mark").first.inner_text() == "スタンバイ・ユニット"
    # Two-character words match inside longer words too.
    page.fill("#q", "手札")
    page.locator(".result-list li mark", has_text="手札").first.wait_for()
    assert page.locator(".result-list li").first.locator(".rid").inner_text() == "DC 305"
