"""Reading the rulebooks on the site: the whole document on one page, readable addresses with the
old ones redirecting, icons the published text lost shown where they stood."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from judgekit.site.layout import BookPaths, readable_name, safe_name
from tests.site.checks import Page

if TYPE_CHECKING:
    from rules_index.graph import RulesIndex

DC = "divine-cross/comprehensive/1.0.16"


def test_each_edition_has_one_page_with_every_rule_anchored(
    index: RulesIndex, site_dir: Path, pages: dict[str, Page]
) -> None:
    for (game, document, version), bi in index.books.items():
        paths = BookPaths.for_book(game, document, version, (r.id for r in bi.book.rules))
        whole = pages[paths.whole]
        missing = [r.id for r in bi.book.rules if paths.anchor(r.id) not in whole.ids]
        assert not missing, f"{paths.whole} lacks anchors of {missing[:5]}"
        assert not whole.problems, whole.problems[:3]
    text = (site_dir / DC / "all.html").read_text(encoding="utf-8")
    assert "ユニットの有利を確認します" in text
    assert 'href="#205"' in text  # cross-references stay on the page


def test_outline_rules_have_readable_addresses_and_the_old_ones_redirect(index: RulesIndex, site_dir: Path) -> None:
    bi = index.books[("code-of-joker", "rules-page", "2016-08-21")]
    rule = next(r for r in bi.book.rules if r.id.endswith("/不屈"))
    paths = BookPaths.for_book("code-of-joker", "rules-page", "2016-08-21", (r.id for r in bi.book.rules))
    page = paths.rule_page(rule.id)
    assert page.endswith(f"/r/{readable_name(rule.id)}.html") and "fukutsu" in page
    assert (site_dir / page).is_file()
    old = site_dir / paths.base / "r" / f"{safe_name(rule.id)}.html"
    html = old.read_text(encoding="utf-8")
    target = re.search(r'url=([^"]+)"', html)
    assert target is not None and (old.parent / target.group(1)).resolve() == (site_dir / page).resolve()
    assert '<html lang="ja">' in html
    # An old section page's anchors lead to the same rules on the new one.
    section = bi.rules[rule.parent] if rule.parent else rule
    while section.parent is not None and not (site_dir / paths.base / "s" / f"{safe_name(section.id)}.html").exists():
        section = bi.rules[section.parent]
    old_section = (site_dir / paths.base / "s" / f"{safe_name(section.id)}.html").read_text(encoding="utf-8")
    assert f'"{safe_name(rule.id)}":"{paths.anchor(rule.id)}"' in old_section
    assert f'location.replace("{paths.anchor(section.id)}.html"+' in old_section


def test_an_icon_the_published_text_lost_is_marked_with_a_note(site_dir: Path) -> None:
    html = (site_dir / DC / "r/205.3.html").read_text(encoding="utf-8")
    assert html.count('class="icon-mark icon-lost"') >= 4  # the marker where each icon stood, and the note's
    assert "The published text lost" in html and "公開テキストではここにあったアイコンが" in html
    assert "属性アイコンが  の場合" not in html  # the gap is not passed on silently
