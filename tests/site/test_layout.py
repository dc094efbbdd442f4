"""File names, anchors and relative links of the site."""

from __future__ import annotations

import re

import pytest

from judgekit.site.layout import (
    BookPaths,
    readable_name,
    readable_names,
    redirect_page,
    relative,
    safe_name,
    safe_names,
)

SAFE = re.compile(r"[0-9A-Za-z][0-9A-Za-z._-]*")


@pytest.mark.parametrize("rule_id", ["704.6c-1", "15.1.1.9.5", "100", "403.3a-1", "1"])
def test_numbered_ids_are_their_own_file_names(rule_id: str) -> None:
    assert safe_name(rule_id) == rule_id


@pytest.mark.parametrize(
    "rule_id",
    [
        "キーワード能力/不屈",
        "カード∕CPに関するルール/CP(キャパシティポイント)/2/1",
        "デッキ構成/1",
        "CON",
        "nul.txt",
        "ends.",
        "../etc/passwd",
        "a b",
        "x" * 200,
    ],
)
def test_other_ids_become_ascii_names_with_a_hash(rule_id: str) -> None:
    name = safe_name(rule_id)
    assert SAFE.fullmatch(name), name
    assert len(name) <= 80
    assert name != rule_id
    assert safe_name(rule_id) == name  # deterministic


def test_names_stay_apart_where_case_is_ignored() -> None:
    names = safe_names(["A.1", "a.1", "b"])
    assert names["A.1"] == "A.1"
    assert names["a.1"].lower() != "a.1"
    assert len({n.lower() for n in names.values()}) == 3


def test_distinct_japanese_ids_get_distinct_names() -> None:
    ids = [f"見出し/{i}" for i in range(500)] + [f"見出し∕{i}" for i in range(500)]
    assert len({safe_name(i) for i in ids}) == len(ids)


def test_relative_links() -> None:
    assert relative("index.html", "static/site.css") == "static/site.css"
    assert relative("dc/comprehensive/1.0.16/s/700.html", "static/site.css") == "../../../../static/site.css"
    assert relative("dc/comprehensive/1.0.16/s/700.html", "dc/comprehensive/1.0.16/s/700.html#704.6c") == "#704.6c"
    assert relative("dc/index.html", "dc/glossary.html#x") == "glossary.html#x"
    assert relative("dc/c/1/r/a.html", "dc/c/1/s/b.html#a") == "../s/b.html#a"
    assert relative("dc/c/1/r/a.html", "") == "../../../../"
    assert relative("index.html", "") == ""


def test_book_paths() -> None:
    paths = BookPaths.for_book("divine-cross", "beginner", "第1版", ["a", "デッキ構成/1"])
    assert paths.base.startswith("divine-cross/beginner/1-")
    assert paths.rule_page("a") == f"{paths.base}/r/a.html"
    assert paths.anchor("デッキ構成/1") == "dekki-kousei_1"  # readable: the heading path in romaji
    assert paths.old_names["デッキ構成/1"].startswith("1-")  # the hashed name, kept as a redirect


@pytest.mark.parametrize(
    ("rule_id", "name"),
    [
        ("704.6c-1", "704.6c-1"),
        ("キーワード能力∕アイコン/不屈/2", "kiiwaado-nouryoku-aikon_fukutsu_2"),
        ("用語/行動権", "yougo_koudou-ken"),
        ("CP (キャパシティポイント)/2", "cp-kyapashiteipointo_2"),
        ("付録A/1.1", "furoku-a_1-1"),
    ],
)
def test_outline_ids_get_readable_names_from_their_heading_path(rule_id: str, name: str) -> None:
    assert readable_name(rule_id) == name


def test_readable_names_are_safe_short_and_distinct() -> None:
    ids = [f"見出し/{i}" for i in range(300)] + [f"見出し∕{i}" for i in range(300)] + ["CON", "x" * 200, "/", "a b"]
    names = readable_names(ids)
    assert len({n.lower() for n in names.values()}) == len(ids)
    for rule_id, name in names.items():
        assert SAFE.fullmatch(name), (rule_id, name)
        assert len(name) <= 90
    assert readable_name("x" * 200) == readable_name("x" * 200)


def test_an_old_address_redirects() -> None:
    page = redirect_page("kiiwaado_fukutsu.html")
    assert '<meta http-equiv="refresh" content="0; url=kiiwaado_fukutsu.html">' in page
    assert '<h1><a href="kiiwaado_fukutsu.html">' in page
    assert '<html lang="ja">' in page


def test_an_old_address_keeps_its_anchor_and_its_books_language() -> None:
    page = redirect_page("../s/kiiwaado.html", "en", {"9-1a2b3c4d": "kiiwaado_fukutsu"})
    assert '<html lang="en">' in page
    script = page[page.index("<script>") : page.index("</script>")]
    assert '{"9-1a2b3c4d":"kiiwaado_fukutsu"}' in script and 'location.replace("../s/kiiwaado.html"+' in script
    assert page.index("<script>") < page.index('http-equiv="refresh"')  # the script goes first, with the anchor
    assert "\\u003c/script" in redirect_page("x.html", "ja", {"a": "</script>"})
