"""Fixtures of the site tests: the real site, built once per session, and a browser.

The browser is Debian's chromium (``/usr/bin/chromium``) driven by Playwright; the tests never
download a browser. When chromium or Playwright is missing the browser tests fail (they are
not skipped) with a message saying to run ``./setup.sh --test``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from judgekit.site.build import BuildReport, build_site
from judgekit.site.scenarios import ScenarioPage, load_scenario_pages
from tests.site.checks import Page, read_site

if TYPE_CHECKING:
    from rules_index.graph import RulesIndex

REPO = Path(__file__).resolve().parents[2]
OUTPUT = REPO / "test-output" / "site"
"""Where the browser tests leave screenshots to look at (git-ignored)."""
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def index() -> RulesIndex:
    from rules_index.graph import load_index

    return load_index()


@pytest.fixture(scope="session")
def scenario_pages(index: RulesIndex) -> list[ScenarioPage]:
    """The scenarios the site shows (the engine's own, run)."""
    del index  # loaded first, so that a broken rules index fails here and not in the scenarios
    return load_scenario_pages()


@pytest.fixture(scope="session")
def built(
    tmp_path_factory: pytest.TempPathFactory, index: RulesIndex, scenario_pages: list[ScenarioPage]
) -> BuildReport:
    """The real site, built once for the whole session."""
    out = tmp_path_factory.mktemp("built") / "site"
    return build_site(out, index=index, scenarios=scenario_pages)


@pytest.fixture(scope="session")
def site_dir(built: BuildReport) -> Path:
    return built.out


@pytest.fixture(scope="session")
def pages(site_dir: Path) -> dict[str, Page]:
    return read_site(site_dir)


@pytest.fixture(scope="session")
def versions_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small site of Divine Cross alone, holding three versions of its comprehensive rules:
    the published 1.0.16 and two editions made from it (see :mod:`tests.site.editions`)."""
    from tests.site.editions import versions_index

    root = tmp_path_factory.mktemp("versions")
    return build_site(root / "site", index=versions_index(root), scenarios=[]).out


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's chromium under Playwright, headless, with no network of its own."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("Playwright is not installed: run ./setup.sh --test")
    if not CHROMIUM.is_file() or not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"chromium is missing at {CHROMIUM}: run ./setup.sh --test")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture()
def page(browser: Any) -> Iterator[Any]:
    """A fresh page (1200×900) that fails the test on any script error or external request."""
    context = browser.new_context(viewport={"width": 1200, "height": 900}, locale="ja-JP")
    tab = context.new_page()
    errors: list[str] = []
    external: list[str] = []
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    tab.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)

    def watch(request: Any) -> None:
        if not request.url.startswith(("file://", "http://127.0.0.1", "data:", "about:")):
            external.append(request.url)

    tab.on("request", watch)
    try:
        yield tab
    finally:
        context.close()
    assert not errors, f"script errors: {errors}"
    assert not external, f"external requests: {external}"


def screenshot(page: Any, name: str) -> Path:
    """Save a screenshot of ``page`` under test-output/site/ (to be looked at)."""
    OUTPUT.mkdir(parents=True, exist_ok=True)
    path = OUTPUT / f"{name}.png"
    page.screenshot(path=str(path), full_page=False)
    return path
