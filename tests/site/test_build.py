"""The built site: links resolve, HTML is sound, every rule has its places, builds are
deterministic and atomic, and everything from rulebooks and scenarios is escaped."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from markupsafe import escape

from judgekit.site.build import Site, build_site
from judgekit.site.layout import BookPaths, GamePaths
from judgekit.site.output import MARKER, OutputError
from rules_index.model import Severity
from tests.site.checks import Page, index_problems, link_problems, read_site, structure_problems
from tests.site.toy import EVIL, toy_index, toy_scenario

if TYPE_CHECKING:
    from rules_index.graph import RulesIndex


def _fmt(problems: list[str]) -> str:
    return f"{len(problems)} problems:\n" + "\n".join(problems[:30])


# -- the real site ----------------------------------------------------------------------


def test_every_internal_link_and_anchor_resolves(site_dir: Path, pages: dict[str, Page]) -> None:
    assert len(pages) > 1000
    problems = link_problems(site_dir, pages)
    assert not problems, _fmt(problems)


def test_html_is_well_formed_with_headings_in_order_and_japanese_marked(pages: dict[str, Page]) -> None:
    problems = structure_problems(pages)
    assert not problems, _fmt(problems)


def test_search_index_and_id_map_resolve(site_dir: Path, pages: dict[str, Page]) -> None:
    problems = index_problems(site_dir, pages)
    assert not problems, _fmt(problems)


def test_no_external_resources_anywhere(site_dir: Path) -> None:
    for path in site_dir.rglob("*"):
        if path.suffix in (".css", ".js", ".html"):
            text = path.read_text(encoding="utf-8")
            assert not re.search(r"""(?:src\s*=|<link[^>]*href\s*=)\s*["']?(?:https?:)?//""", text), path
            assert not re.search(r"url\(\s*['\"]?(?:https?:)?//", text), path
            assert "@import" not in text, path


def test_every_rule_has_a_page_and_an_anchor_on_its_section_page(
    index: RulesIndex, site_dir: Path, pages: dict[str, Page]
) -> None:
    ids = json.loads((site_dir / "ids.json").read_text(encoding="utf-8"))
    for (game, document, version), bi in index.books.items():
        mapping = ids[f"{game}/{document}/{version}"]
        paths = BookPaths.for_book(game, document, version, (r.id for r in bi.book.rules))
        anchored = {
            anchor
            for name, page in pages.items()
            if name.startswith(paths.base + "/s/") or name == paths.toc
            for anchor in page.ids
        }
        for rule in bi.book.rules:
            assert mapping[rule.id] == paths.rule_page(rule.id)
            assert paths.rule_page(rule.id) in pages, rule.id
            assert paths.anchor(rule.id) in anchored, f"{game} {rule.id} has no anchor on a section page"


def test_cross_references_are_links_with_previews(site_dir: Path) -> None:
    html = (site_dir / "divine-cross/comprehensive/1.0.16/r/704.6c-1.html").read_text(encoding="utf-8")
    assert '<a href="../s/200.html#205" class="ref" data-preview="205">(205)</a>' in html
    previews = json.loads(re.search(r'id="jk-previews">(.*?)</script>', html, re.S).group(1))  # type: ignore[union-attr]
    assert previews["205"]["label"] == "DC 205"
    assert previews["205"]["title"] == "有利"
    assert "DC 704.6c-1" in html and "Read in context" in html


def test_backlinks_name_the_rules_that_refer(index: RulesIndex, site_dir: Path) -> None:
    bi = index.book("divine-cross")
    sources = sorted({r.source for r in bi.references if r.target == "205"}, key=lambda i: bi.rules[i].order)
    html = (site_dir / "divine-cross/comprehensive/1.0.16/s/200.html").read_text(encoding="utf-8")
    block = html[html.index('id="205"') : html.index('id="205.1"')]
    assert "Referred to by" in block
    for source in sources:
        assert f">{source}</a>" in block


def test_terms_link_to_their_definitions(index: RulesIndex, site_dir: Path) -> None:
    bi = index.book("divine-cross")
    use = next(u for u in bi.uses if u.rule_id == "704.6c-1")
    term = next(t for t in bi.terms if t.key == use.key)
    html = (site_dir / "divine-cross/comprehensive/1.0.16/s/700.html").read_text(encoding="utf-8")
    assert re.search(
        rf'<a href="[^"]*#{re.escape(term.rule_id)}" class="term" data-preview="{re.escape(term.rule_id)}">', html
    )


def test_glossary_lists_every_term_with_its_definition(index: RulesIndex, site_dir: Path) -> None:
    for game in index.games():
        html = (site_dir / GamePaths(game.id).glossary).read_text(encoding="utf-8")
        for doc in game.documents:
            bi = index.books[(game.id, doc.id, doc.latest.version)]
            for term in bi.terms:
                assert f">{_escape(term.name)}" in html, f"{game.id}: {term.name}"


def test_lint_pages_list_every_warning(index: RulesIndex, site_dir: Path) -> None:
    for bi in index.books.values():
        paths = BookPaths.for_book(bi.info.game, bi.info.document, bi.info.version, bi.rules)
        html = (
            (site_dir / paths.lint).read_text(encoding="utf-8").replace('<span lang="ja">', "").replace("</span>", "")
        )
        for issue in bi.lint:
            if issue.severity is not Severity.INFO:
                assert _escape(issue.message) in html


def test_version_history_shows_the_divine_cross_changelog(index: RulesIndex, site_dir: Path) -> None:
    html = (site_dir / "divine-cross/history.html").read_text(encoding="utf-8")
    changelog = index.book("divine-cross").book.changelog
    assert len(changelog) > 10
    for entry in changelog:
        assert f"ver.{entry.version}" in html and entry.date in html
        for change in entry.changes:
            assert _escape(change) in html


def test_coverage_map_has_a_cell_for_every_rule(index: RulesIndex, site_dir: Path) -> None:
    for game in index.games():
        html = (site_dir / GamePaths(game.id).coverage).read_text(encoding="utf-8")
        bi = index.books[(game.id, game.default_document.id, game.default_document.latest.version)]
        assert html.count('<a class="cell cover-') == len(bi.book.rules)


def test_the_build_is_deterministic(site_dir: Path, tmp_path: Path) -> None:
    """A second build, in another process with another hash seed, gives the same bytes."""
    again = tmp_path / "again"
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    build = [sys.executable, "-m", "judgekit", "build", "--out", str(again)]
    result = subprocess.run(build, env=env, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr[-3000:]
    first = sorted(p.relative_to(site_dir) for p in site_dir.rglob("*") if p.is_file())
    second = sorted(p.relative_to(again) for p in again.rglob("*") if p.is_file())
    assert first == second
    different = [str(p) for p in first if (site_dir / p).read_bytes() != (again / p).read_bytes()]
    assert not different


# -- a toy game: escaping, atomic writes, scenario pages ------------------------------------


@pytest.fixture(scope="module")
def toy_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_site(tmp_path_factory.mktemp("toy") / "site", index=toy_index(), scenarios=[toy_scenario()]).out


def test_toy_site_links_and_structure(toy_site: Path) -> None:
    pages = read_site(toy_site)
    assert not link_problems(toy_site, pages)
    assert not structure_problems(pages)
    assert not index_problems(toy_site, pages)


def test_everything_from_rulebooks_and_scenarios_is_escaped(toy_site: Path) -> None:
    for path in toy_site.rglob("*.html"):
        html = path.read_text(encoding="utf-8")
        assert "<script>alert" not in html, path
        assert "<b>raw</b>" not in html, path
    scenario = (toy_site / GamePaths("toy-game").scenario("toy/scenario one")).read_text(encoding="utf-8")
    assert "&lt;script&gt;alert" in scenario
    assert "&lt;b&gt;raw&lt;/b&gt;" in scenario
    assert "<img" not in scenario
    assert '<a href="https://example.com/a.png">img</a>' in scenario  # a link out at most, never a request
    rule = (toy_site / "toy-game/rules/1.0/r/102.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; more" in rule
    # In the preview table the JSON cannot close its script element.
    assert "<\\/script>" not in rule and "\\u003cscript\\u003e" in rule
    assert EVIL not in (toy_site / "toy-game/history.html").read_text(encoding="utf-8")


def test_scenario_page_draws_every_distinct_board_and_links_cited_rules(toy_site: Path) -> None:
    html = (toy_site / GamePaths("toy-game").scenario("toy/scenario one")).read_text(encoding="utf-8")
    assert html.count('class="board-drawing"') == 2  # steps 2 and 3 share a board
    assert html.count('<li id="step-') == 3
    assert 'data-board="1"' in html
    assert "ユニット</span>p2&lt;script&gt;" in html
    assert html.count('class="card role-energy"') == 4  # the energy attached under each unit, on both boards
    assert 'aria-label="500 of 800 left"' in html  # HP 800, damage 300
    assert 'data-changed="p2-01"' in html
    assert re.search(r'<a href="\.\./rules/1\.0/s/200\.html#200\.1" data-preview="[^"]+">TOY 200\.1</a>', html)
    assert '<span class="missing" title="not in the rules index">TOY 999</span>' in html
    assert '<strong><span lang="ja">何点</span></strong>' in html
    assert "damage: 0 → 300" in html
    index = (toy_site / GamePaths("toy-game").scenarios).read_text(encoding="utf-8")
    assert "トイのシナリオ" in index and "ダメージ" in index


def test_rules_show_the_scenarios_that_cite_them(toy_site: Path) -> None:
    html = (toy_site / "toy-game/rules/1.0/s/200.html").read_text(encoding="utf-8")
    block = html[html.index('id="200.1"') :]
    assert "Cited in scenarios" in block
    assert "steps</span> <a" in block and ">2</a>, <a" in block and ">3</a>" in block


def test_a_failed_build_leaves_the_previous_site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "site"
    build_site(out, index=toy_index(), scenarios=[])
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    original = Site.write

    def broken(self: Site, writer: object) -> None:
        original(self, writer)  # type: ignore[arg-type]
        raise RuntimeError("disk full")

    monkeypatch.setattr(Site, "write", broken)
    with pytest.raises(RuntimeError, match="disk full"):
        build_site(out, index=toy_index(), scenarios=[toy_scenario()])
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_a_rebuild_replaces_the_site_whole(tmp_path: Path) -> None:
    out = tmp_path / "site"
    build_site(out, index=toy_index(), scenarios=[])
    (out / "stale.html").write_text("old", encoding="utf-8")
    build_site(out, index=toy_index(), scenarios=[])
    assert not (out / "stale.html").exists()
    assert (out / MARKER).is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_a_folder_the_build_did_not_write_is_never_replaced(tmp_path: Path) -> None:
    (tmp_path / "mine.txt").write_text("keep me", encoding="utf-8")
    with pytest.raises(OutputError, match="is not a site judgekit built"):
        build_site(tmp_path, index=toy_index(), scenarios=[])
    assert (tmp_path / "mine.txt").read_text(encoding="utf-8") == "keep me"


def _escape(text: str) -> str:
    return str(escape(text))


def test_versions_held_get_diff_pages_from_the_history_page(tmp_path: Path) -> None:
    out = build_site(tmp_path / "site", index=toy_index(versions=2), scenarios=[]).out
    pages = read_site(out)
    assert not link_problems(out, pages)
    assert not structure_problems(pages)
    history = (out / "toy-game/history.html").read_text(encoding="utf-8")
    diff_path = "toy-game/diff/rules--1.0--1.1.html"
    assert 'href="diff/rules--1.0--1.1.html"' in history
    html = (out / diff_path).read_text(encoding="utf-8")
    assert "<ins>必ず</ins>" in html
    assert "新しいルールです。&lt;script&gt;" in html
    assert 'href="../rules/1.0/r/101.html"' in html  # a removed rule links to the old version
    assert 'href="../rules/1.1/r/200.2.html"' in html  # an added rule to the new one
    assert "ダメージにて、項目を追加しました。" in html
