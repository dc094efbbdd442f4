"""Scenario pages from scenario files: loading, running, and what a bad file does to a build."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgekit.scenario import template
from judgekit.site.build import build_site
from judgekit.site.layout import GamePaths
from judgekit.site.scenarios import load_scenario_pages
from rules_index.errors import JudgekitError
from tests.site.toy import toy_index, toy_scenario


def _scenarios(root: Path, **files: str) -> Path:
    for name, text in files.items():
        path = root / "divine-cross" / f"{name}.toml"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_scenario_files_are_loaded_and_run(tmp_path: Path) -> None:
    root = _scenarios(tmp_path, advantage=template("divine-cross", "advantage"))
    (page,) = load_scenario_pages(root)
    assert (page.game, page.name, page.document, page.version) == (
        "divine-cross",
        "advantage",
        "comprehensive",
        "1.0.16",
    )
    assert page.trace is not None and len(page.trace.steps) > 2
    assert page.question.strip() and page.ruling.strip()
    assert not page.error


def test_scenario_files_that_do_not_load_fail_the_build_with_every_problem(tmp_path: Path) -> None:
    root = _scenarios(
        tmp_path, good=template("divine-cross", "good"), bad='game = "divine-cross"\ntitle = 3\n', worse="x = ["
    )
    with pytest.raises(JudgekitError) as caught:
        load_scenario_pages(root)
    message = str(caught.value)
    assert "bad.toml" in message and "worse.toml" in message and "good.toml" not in message


def test_notes_and_differences_are_shown(tmp_path: Path) -> None:
    out = build_site(tmp_path / "site", index=toy_index(), scenarios=[toy_scenario()]).out
    html = (out / GamePaths("toy-game").scenario("toy/scenario one")).read_text(encoding="utf-8")
    assert (
        '<span class="l-en" lang="en">Notes</span></h2>' in html
        and '<span lang="ja">メモ</span> &lt;script&gt;' in html
    )
    assert "says otherwise</span></h2>" in html
    assert (
        '<div class="says"><div lang="ja"><p>初心者向けでは違う &lt;script&gt;' in html
    )  # written in Japanese: one div
    assert ">TOY 200.1</a>" in html
    assert '<span class="missing" title="not in the rules index">TOY 404</span>' in html


def test_rule_ids_in_scenario_prose_link_to_the_pinned_rulebook(tmp_path: Path) -> None:
    out = build_site(tmp_path / "site", index=toy_index(), scenarios=[toy_scenario()]).out
    html = (out / GamePaths("toy-game").scenario("toy/scenario one")).read_text(encoding="utf-8")
    ruling = html[html.index('id="ruling-h"') :]
    ruling = ruling[: ruling.index("</section>")]
    assert '点です</span>(<a href="../rules/1.0/s/200.html#200.1" class="ref" data-preview=' in ruling
    assert '; 100 <span lang="ja">点ではない' in ruling  # a bare number is a quantity, not rule 100
    assert (
        '<a href="#step-2"><span lang="ja">ステップ</span> 2 <span lang="ja">と</span> 200.1</a>' in ruling
    )  # no nesting
    assert '<span lang="ja">点です</span>' in ruling
