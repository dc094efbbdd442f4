"""The site in Debian's chromium: search, cross-references, scenarios, file:// and a sub-path.

Screenshots of the home page, a rule page and a scenario page are left under
``test-output/site/`` to be looked at.
"""

from __future__ import annotations

import functools
import http.server
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from judgekit.site.build import build_site
from judgekit.site.layout import GamePaths
from judgekit.site.scenarios import ScenarioPage
from tests.site.conftest import screenshot
from tests.site.toy import toy_index, toy_scenario

pytestmark = pytest.mark.browser

DC = "divine-cross/comprehensive/1.0.16"


def _target_id(page: Any) -> str:
    return str(page.evaluate("document.querySelector(':target') && document.querySelector(':target').id"))


def test_search_for_yuuri_and_open_704_6c(site_dir: Path, page: Any) -> None:
    page.goto((site_dir / "index.html").as_uri())
    page.fill("#q", "有利")
    result = page.locator(".result-list a.result-id", has_text="DC 704.6c").filter(has_not_text="704.6c-1")
    result.wait_for()
    assert page.locator(".result-list li").first.locator(".rid").inner_text() == "DC 205"
    screenshot(page, "home-search")
    result.click()
    page.wait_for_url("**/s/700.html#704.6c")
    assert page.url.startswith("file://")
    assert _target_id(page) == "704.6c"
    assert "ユニットの有利を確認します" in page.locator("[id='704.6c']").inner_text()
    assert page.locator("[id='704.6c']").is_visible()


def test_an_old_section_address_with_an_anchor_lands_on_the_same_rule(site_dir: Path, page: Any) -> None:
    from judgekit.site.layout import BookPaths, safe_name
    from rules_index.graph import load_index

    bi = load_index().books[("code-of-joker", "rules-page", "2016-08-21")]
    paths = BookPaths.for_book("code-of-joker", "rules-page", "2016-08-21", (r.id for r in bi.book.rules))
    rule = next(r for r in bi.book.rules if r.id.endswith("/不屈"))
    section = bi.rules[rule.parent] if rule.parent else rule
    old = site_dir / paths.base / "s" / f"{safe_name(section.id)}.html"
    page.goto(f"{old.as_uri()}#{safe_name(rule.id)}")
    page.wait_for_url(f"**/s/{paths.anchor(section.id)}.html#{paths.anchor(rule.id)}")
    assert _target_id(page) == paths.anchor(rule.id)


def test_home_page(site_dir: Path, page: Any) -> None:
    page.goto((site_dir / "index.html").as_uri())
    assert page.locator("h1").inner_text() == "judgekit ルール参照"  # Japanese first
    assert page.evaluate("document.documentElement.lang") == "ja"
    for game in ("ディヴァインクロス", "ファイナルファンタジー", "コード・オブ・ジョーカー", "ダイス"):
        assert page.locator("section.game h3", has_text=game).count() == 1
    assert page.locator("table.documents td", has_text="2026-02-27").count() == 1
    screenshot(page, "home")


def test_the_site_opens_in_japanese_and_the_switch_gives_english_on_the_same_page(site_dir: Path, page: Any) -> None:
    start = (site_dir / DC / "s/700.html").as_uri() + "#704.6c"
    page.goto(start)
    assert page.locator("nav.crumbs").get_attribute("aria-label") == "現在位置"
    assert page.locator("a.skip").inner_text() == "本文へ移動"
    switch = page.locator("button.lang-switch")
    assert switch.inner_text() == "English"
    switch.click()
    assert page.url == start  # the same rule: nothing was loaded
    assert _target_id(page) == "704.6c"
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.locator("nav.crumbs").get_attribute("aria-label") == "Breadcrumb"
    assert page.locator("footer.site").inner_text().startswith("Built by judgekit")
    assert switch.inner_text() == "日本語"
    screenshot(page, "section-english")
    # The choice is remembered from page to page.
    page.goto((site_dir / DC / "r/704.6c-1.html").as_uri())
    assert page.locator("p.context a").first.inner_text() == "Read in context"
    assert page.title().endswith("· judgekit")
    page.locator("button.lang-switch").click()
    assert page.locator("p.context a").first.inner_text() == "前後の文脈で読む"


def test_follow_a_cross_reference_and_come_back(site_dir: Path, page: Any) -> None:
    start = (site_dir / DC / "r/704.6c-1.html").as_uri()
    page.goto(start)
    ref = page.locator("main a.ref", has_text="(205)")
    ref.hover()
    tip = page.locator("#jk-tip")
    tip.wait_for(state="visible")
    assert "DC 205" in tip.inner_text() and "有利" in tip.inner_text()
    assert ref.get_attribute("aria-describedby") == "jk-tip"
    screenshot(page, "rule")
    page.keyboard.press("Escape")
    tip.wait_for(state="hidden")
    ref.focus()  # the preview shows on keyboard focus too
    tip.wait_for(state="visible")
    ref.click()
    page.wait_for_url("**/s/200.html#205")
    assert _target_id(page) == "205"
    page.go_back()
    page.wait_for_url(start)
    assert page.locator("h1").inner_text().startswith("DC 704.6c-1")


def test_section_page_numbers_open_their_own_page_and_copy_their_link(site_dir: Path, page: Any) -> None:
    page.goto((site_dir / DC / "s/700.html").as_uri() + "#704.6c")
    rule = page.locator("[id='704.6c']")
    rule.hover()
    copy = rule.locator("button.copy")
    copy.click()
    status = page.locator("#jk-status")
    page.wait_for_function("document.getElementById('jk-status').textContent !== ''")
    assert status.inner_text().endswith(f"{DC}/r/704.6c.html") or status.inner_text().startswith("Copy failed")
    rule.locator("a.num").click()
    page.wait_for_url("**/r/704.6c.html")
    assert page.locator("h1").inner_text().startswith("DC 704.6c")
    screenshot(page, "rule-704.6c")


@pytest.fixture(scope="module")
def scenario_site(
    scenario_pages: list[ScenarioPage], site_dir: Path, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, ScenarioPage]:
    """The first real scenario whose board changes; the toy game's only while the engine ships none."""
    for scenario in scenario_pages:
        if scenario.trace is not None and len({json.dumps(s.board.to_json()) for s in scenario.trace.steps}) >= 2:
            return site_dir, scenario
    out = tmp_path_factory.mktemp("toy-browser") / "site"
    return build_site(out, index=toy_index(), scenarios=[toy_scenario()]).out, toy_scenario()


def test_open_a_scenario_step_through_it_and_see_the_board_change(
    scenario_site: tuple[Path, ScenarioPage], page: Any
) -> None:
    root, scenario = scenario_site
    page.goto((root / GamePaths(scenario.game).scenarios).as_uri())
    page.locator(".scenario-list h2 a", has_text=scenario.title).first.click()
    page.wait_for_selector(".replay.js")
    assert scenario.trace is not None
    steps = len(scenario.trace.steps)

    def shown() -> str:
        return str(page.locator(".board-drawing:visible").inner_html())

    def at() -> int:
        return int(page.locator(".step-num").inner_text())

    assert page.locator(".board-drawing:visible").count() == 1
    assert at() == 1
    assert page.locator(".step-prev").is_disabled()
    first = shown()
    page.locator(".step-next").click()
    assert at() == 2
    assert page.locator("li.step.current").get_attribute("id") == "step-2"
    while shown() == first:  # on to the first step that changes the board (arrow keys)
        before = at()
        page.keyboard.press("ArrowRight")
        assert at() == before + 1, "the board never changed"
    changed_at = at()
    assert page.locator(".board-drawing:visible").count() == 1
    for iid in (page.locator("li.step.current").get_attribute("data-changed") or "").split():
        for card in page.locator(f".board-drawing:visible .card[data-iid='{iid}']").all():
            assert "changed" in (card.get_attribute("class") or "")  # the cards the step changed stand out
    screenshot(page, "scenario")
    page.keyboard.press("ArrowLeft")
    assert at() == changed_at - 1
    assert shown() == first
    page.keyboard.press("End")
    assert page.locator(".step-next").is_disabled()
    page.keyboard.press("Home")
    assert at() == 1
    # The cited rules are links with their text on hover.
    cited = page.locator("li.step.current, li.step").locator(".cites a").first
    page.keyboard.press("End")
    assert page.locator(".step-num").inner_text() == str(steps)
    assert page.locator(".step-next").is_disabled()
    cited.hover()
    page.locator("#jk-tip").wait_for(state="visible")
    assert page.locator("#jk-tip").inner_text().strip() != ""


@pytest.fixture()
def sub_path_server(site_dir: Path) -> Iterator[str]:
    """The site served over HTTP under a sub-path (``/site/``), as a web host would."""
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(site_dir.parent))
    handler.log_message = lambda *args: None  # type: ignore[method-assign]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/{site_dir.name}/"
    finally:
        server.shutdown()
        server.server_close()


def test_the_site_works_from_a_sub_path(sub_path_server: str, page: Any) -> None:
    page.goto(sub_path_server + "index.html")
    assert page.evaluate("getComputedStyle(document.querySelector('header.site')).borderBottomStyle") == "solid"
    page.locator("nav.games a", has_text="FFTCG").click()
    page.locator("table.documents a").first.click()
    page.locator("nav.toc a").first.click()
    assert page.url.startswith(sub_path_server + "fftcg/")
    page.fill("#q-header", "12.4.5")
    page.keyboard.press("Enter")
    page.wait_for_url("**/search.html?q=12.4.5")
    page.locator(".result-list a.result-id").first.click()
    page.wait_for_url("**#12.4.5")
    assert _target_id(page) == "12.4.5"


def test_keyboard_skip_link_and_visible_focus(site_dir: Path, page: Any) -> None:
    page.goto((site_dir / DC / "s/200.html").as_uri())
    page.keyboard.press("Tab")
    skip = page.locator("a.skip")
    assert page.evaluate("document.activeElement.className") == "skip"
    box = skip.bounding_box()
    assert box is not None and box["y"] >= 0
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") == "solid"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "main"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "num"
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") == "solid"


@pytest.mark.parametrize(
    "path", ["index.html", f"{DC}/s/700.html", f"{DC}/r/704.6c-1.html", "divine-cross/coverage.html"]
)
def test_readable_on_a_phone_in_dark_mode(browser: Any, site_dir: Path, path: str) -> None:
    context = browser.new_context(viewport={"width": 375, "height": 740}, color_scheme="dark", is_mobile=True)
    try:
        tab = context.new_page()
        tab.goto((site_dir / path).as_uri())
        overflow = tab.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"{path} scrolls sideways by {overflow}px on a phone"
        background = tab.evaluate("getComputedStyle(document.body).backgroundColor")
        assert background == "rgb(21, 23, 27)"
        if path == "index.html":
            screenshot(tab, "home-phone-dark")
    finally:
        context.close()


def test_print_styles_hide_the_navigation(site_dir: Path, page: Any) -> None:
    page.goto((site_dir / DC / "s/700.html").as_uri())
    page.emulate_media(media="print")
    assert page.locator("header.site").is_hidden()
    assert page.locator("[id='704.6c-1']").is_visible()


def test_a_coverage_square_says_how_its_rule_is_covered_on_hover_and_focus(site_dir: Path, page: Any) -> None:
    page.goto((site_dir / "divine-cross/coverage.html").as_uri())
    square = page.locator("a.cell[href$='/r/604.1.html']")
    square.focus()
    tip = page.locator("#jk-tip")
    tip.wait_for(state="visible")
    text = tip.inner_text()
    assert text.startswith("DC 604.1")
    assert "implemented, exercised" in text and "functions:play_command" in text.replace(" ", "")
    assert "scenarios:" in text.replace(" ", "")
    assert square.get_attribute("title") is None  # one tip at a time: the title moved aside
    reason = page.locator("a.cell[href$='/r/911.2a.html']")
    reason.hover()
    page.wait_for_function("document.getElementById('jk-tip').innerText.includes('DC 911.2a')")
    assert "not-reachable" in tip.inner_text() and "look-or-reveal" in tip.inner_text()
    screenshot(page, "coverage")
    reason.click()
    page.wait_for_url("**/r/911.2a.html")


@pytest.mark.parametrize("dark", [False, True])
def test_a_diff_page_from_file_in_light_and_dark_on_a_phone(browser: Any, versions_site: Path, dark: bool) -> None:
    context = browser.new_context(
        viewport={"width": 375, "height": 740}, color_scheme="dark" if dark else "light", is_mobile=True
    )
    try:
        tab = context.new_page()
        tab.goto((versions_site / "divine-cross/diff/comprehensive--1.0.16--1.0.17.html").as_uri())
        overflow = tab.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"the diff page scrolls sideways by {overflow}px on a phone"
        ins = tab.locator("td.new ins").first
        assert ins.inner_text() == "(<注>&チャージ)"
        colour = ins.evaluate("e => getComputedStyle(e).backgroundColor")
        assert colour == ("rgb(36, 85, 45)" if dark else "rgb(201, 242, 207)")  # diff.css applies
        tab.locator("a[href$='/1.0.17/r/602.2.html']").first.click()
        tab.wait_for_url("**/1.0.17/r/602.2.html")
        assert tab.locator(".rule-history li.current.step-edited .badge").inner_text() == "文言を変更"
        screenshot(tab, f"diff-rule-history-{'dark' if dark else 'light'}")
    finally:
        context.close()


def test_the_advantage_scenario_board_shows_attribute_and_advantage(site_dir: Path, page: Any) -> None:
    page.goto((site_dir / "divine-cross/scenarios/advantage-after-modifiers.html").as_uri())
    page.wait_for_selector(".replay.js")
    board = page.locator(".board-drawing:visible")
    swordsman = board.locator(".card", has_text="炎の剣士").first
    assert swordsman.locator(".fact-attribute dd").inner_text() == "赤"
    assert swordsman.locator(".fact-advantage dd").inner_text() == "緑"
    assert swordsman.locator(".fact-advantage dt").inner_text() == "有利"
    keeper = board.locator(".card", has_text="森の番人").first
    assert keeper.locator(".fact-attribute dd").inner_text() == "緑"
    assert keeper.locator(".num-hp dd").inner_text() == "700"
    assert board.locator(".card-role", has_text="アシスト").count() == 1  # the assist, attached
    page.locator("button.lang-switch").click()
    assert swordsman.locator(".fact-advantage dt").inner_text() == "advantage"
    screenshot(page, "board-advantage")


def test_the_fftcg_board_shows_card_types(site_dir: Path, page: Any) -> None:
    page.goto((site_dir / "fftcg/scenarios/first-strike-two-batches.html").as_uri())
    page.wait_for_selector(".replay.js")
    board = page.locator(".board-drawing:visible")
    agrias = board.locator(".card", has_text="アグリアス").first
    assert agrias.locator(".fact-type dd").inner_text() == "フォワード"
    assert agrias.locator(".fact-element dd").inner_text() == "水"
    assert agrias.locator(".fact-cost dd").inner_text() == "4"
    assert agrias.locator(".num-power dd").inner_text() == "7000"
    assert agrias.locator(".fact-state dd").inner_text() in ("アクティブ", "ダル")
    assert board.locator(".fact-type dd", has_text="バックアップ").count() >= 1
    screenshot(page, "board-fftcg")


def test_stepping_on_a_phone_keeps_the_board_in_sight(browser: Any, site_dir: Path) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, locale="ja-JP")
    try:
        tab = context.new_page()
        url = (site_dir / "divine-cross/scenarios/advantage-after-modifiers.html").as_uri()
        tab.goto(url + "#step-12")
        tab.wait_for_selector(".replay.js")

        def in_sight(selector: str) -> bool:
            box = tab.locator(selector).bounding_box()
            return box is not None and box["y"] >= -1 and box["y"] + 40 <= 844

        def step_below_board() -> None:
            board = tab.locator(".boards").bounding_box()
            step = tab.locator("li.step.current").bounding_box()
            assert board is not None and step is not None
            assert board["y"] >= -1 and board["height"] > 100, "the board is in sight"
            assert step["y"] >= board["y"] + board["height"] - 1, "the step is not under the board"
            assert step["y"] + 40 <= 844, "the step is on the screen"

        assert tab.locator("li.step.current").get_attribute("id") == "step-12"
        step_below_board()
        screenshot(tab, "phone-step-link")
        for _ in range(6):
            tab.locator(".step-next").click()
            assert in_sight(".step-next")
            step_below_board()
        assert tab.locator(".step-num").inner_text() == "18"
        screenshot(tab, "phone-stepping")
    finally:
        context.close()


@pytest.mark.parametrize("query", ["だめーじ", "advantage"])
def test_a_search_in_kana_or_english_finds_rules(site_dir: Path, page: Any, query: str) -> None:
    page.goto((site_dir / "index.html").as_uri())
    page.fill("#q", query)
    page.locator(".result-list li").first.wait_for()
    marks = page.locator(".result-list mark").all_inner_texts()
    assert ("ダメージ" if query == "だめーじ" else "有利") in marks
    if query == "advantage":
        assert page.locator(".result-list li .rid").first.inner_text() == "DC 205"


def test_every_result_is_reachable_and_a_typo_gets_a_suggestion(site_dir: Path, page: Any) -> None:
    page.goto((site_dir / "search.html").as_uri())
    page.fill("#q", "ダメージ")
    page.locator(".result-list li").first.wait_for()
    count = page.locator(".result-count").inner_text()
    total = int("".join(ch for ch in count.split("件")[0] if ch.isdigit()))
    assert total > 100 and page.locator(".result-list li").count() == 100
    while page.locator("button.more").count():
        page.locator("button.more").click()
    assert page.locator(".result-list li").count() == total
    page.fill("#q", "有理")
    suggestion = page.locator("button.suggestion").first
    suggestion.wait_for()
    assert suggestion.inner_text() == "有利"
    suggestion.click()
    page.locator(".result-list li").first.wait_for()
    assert page.locator("#q").input_value() == "有利"


def test_a_scenario_is_found_by_search_and_its_tags_link_to_their_lists(site_dir: Path, page: Any) -> None:
    page.goto((site_dir / "index.html").as_uri())
    page.fill("#q", "assist advantage")
    # A Japanese page: the scenario's Japanese title; the switch re-runs the search with its English one.
    japanese = page.locator(".scenario-results a", has_text="有利でダメージが2倍になる前に").first
    japanese.wait_for()
    assert japanese.get_attribute("lang") == "ja"
    page.locator("button.lang-switch").click()
    found = page.locator(".scenario-results a", has_text="advantage doubles").first
    found.wait_for()
    assert found.get_attribute("lang") == "en"
    found.click()
    page.wait_for_url("**/divine-cross/scenarios/advantage-after-modifiers.html")
    page.locator(".meta a.tag", has_text="assist").click()
    page.wait_for_url("**/scenarios/tag/assist.html")
    assert page.locator(".scenario-list h2 a", has_text="advantage doubles").count() == 1
