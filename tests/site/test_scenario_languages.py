"""Scenario prose on the site for both readers: the page, the list and search follow the language switch."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from markupsafe import Markup

from judgekit.scenario import LocalText
from judgekit.site.build import build_site
from judgekit.site.layout import GamePaths
from judgekit.site.scenarios import Bilingual, ScenarioPage, ScenarioTitle, bilingual_html
from judgekit.site.search_index import ScenarioEntry, search_index_data, search_scenarios
from tests.site.toy import GAME, toy_index, toy_scenario


def two(ja: str, en: str) -> Bilingual:
    return Bilingual(LocalText(ja, "ja"), LocalText(en, "en"))


def translated() -> ScenarioPage:
    """The toy scenario written in English, with Japanese title and question; its ruling in English only."""
    page = toy_scenario()
    return replace(
        page,
        title="Advantage doubles last",
        question="How much damage?",
        ruling="300 (200.1).",
        notes="",
        prose={
            "title": two("有利は最後に倍にする", "Advantage doubles last"),
            "question": two("ダメージはいくつ？", "How much damage?"),
            "ruling": Bilingual.one("300 (200.1).", "en"),
            "notes": Bilingual.one("", "en"),
        },
    )


def test_both_readers_texts_are_drawn_each_marked_with_its_language() -> None:
    html = bilingual_html(two("題", "Title"), lambda text, _: Markup(text), "div")
    assert html == '<div class="l-ja" lang="ja">題</div><div class="l-en" lang="en">Title</div>'
    one = bilingual_html(Bilingual.one("Only English", "en"), lambda text, _: Markup(text))
    assert one == '<span lang="en">Only English</span>'  # inside a Japanese page: marked English


def test_a_scenario_title_is_an_interface_string_for_the_page_title() -> None:
    title = ScenarioTitle(two("題", "Title"))
    assert (title.get("ja"), title.get("en")) == ("題", "Title")


def test_the_scenario_page_and_list_show_the_readers_language(tmp_path: Path) -> None:
    out = build_site(tmp_path / "site", index=toy_index(), scenarios=[translated()]).out
    page = translated()
    html = (out / GamePaths(GAME).scenario(page.name)).read_text(encoding="utf-8")
    assert '<h1><span class="l-ja" lang="ja">有利は最後に倍にする</span>' in html  # no marks inside Japanese
    assert '<span class="l-en" lang="en">Advantage doubles last</span></h1>' in html
    assert '<div class="l-ja" lang="ja"><p>ダメージはいくつ？</p>' in html
    assert '<div class="l-en" lang="en"><p>How much damage?</p>' in html
    assert '<div lang="en"><p>300 (' in html  # the ruling in English only: one text, marked English
    assert 'data-title-ja="有利は最後に倍にする · judgekit"' in html
    assert 'data-title-en="Advantage doubles last · judgekit"' in html
    listing = (out / GamePaths(GAME).scenarios).read_text(encoding="utf-8")
    assert "有利は最後に倍にする" in listing and "Advantage doubles last" in listing
    assert '<div class="l-ja" lang="ja"><p>ダメージはいくつ？</p>' in listing


def test_search_finds_a_scenario_in_either_language_and_shows_each_readers_title() -> None:
    page = translated()
    entries = [ScenarioEntry.of(page)]
    assert search_scenarios(entries, "有利") == entries
    assert search_scenarios(entries, "doubles") == entries
    (row,) = search_index_data({}, [page])["scenarios"]
    assert row[1] == ["有利は最後に倍にする", "Advantage doubles last"]
    assert row[2] == ["ダメージはいくつ？", "How much damage?"]
    assert row[6] == ("ja", "en")


def test_rule_pages_name_the_citing_scenario_in_the_readers_language(tmp_path: Path) -> None:
    out = build_site(tmp_path / "site", index=toy_index(), scenarios=[translated()]).out
    citing = [
        html
        for page in sorted(out.rglob("*.html"))
        for html in [page.read_text(encoding="utf-8")]
        if 'class="citing"' in html
    ]
    assert citing, "the toy scenario cites rules"
    assert all(
        '<span class="citing"><span class="l-ja" lang="ja">' in html
        and '<span class="l-en" lang="en">Advantage doubles last</span>:' in html
        for html in citing
    )
