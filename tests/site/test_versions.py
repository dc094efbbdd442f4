"""Version pages: a diff page per pair of versions held, drawn by the one diff renderer that
``judgekit diff --format html`` uses too, and each rule's history on its page.

The site here is Divine Cross alone with three versions of its comprehensive rules (the
published 1.0.16 and two editions made from it, see :mod:`tests.site.editions`), built once.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from judgekit.render.diff_html import DIFF_CSS, diff_page
from judgekit.site.build import build_site
from judgekit.site.diffs import diff_words
from judgekit.site.layout import GamePaths
from rules_index.diff import diff_books
from tests.site.checks import link_problems, read_page, read_site, structure_problems
from tests.site.editions import MARKUP, edition_1_0_17, edition_1_0_18
from tests.site.toy import toy_index

DC = "divine-cross"
BOOK = "divine-cross/comprehensive"
WHAT_CHANGED = '<span class="l-ja" lang="ja">変更点</span><span class="l-en" lang="en">what changed</span>'
"""The history's link to the diff, in both languages of the interface."""
DIFFS = "divine-cross/diff"
ESCAPED = "(&lt;注&gt;&amp;チャージ)"


def _read(site: Path, path: str) -> str:
    return (site / path).read_text(encoding="utf-8")


def _main(html: str) -> str:
    return html[html.index("<main") : html.index("</main>")]


def test_the_small_site_links_resolve_and_its_html_is_sound(versions_site: Path) -> None:
    pages = read_site(versions_site)
    assert not link_problems(versions_site, pages)
    assert not structure_problems(pages)


def test_every_pair_of_versions_has_a_diff_page_listed_on_the_history_page(versions_site: Path) -> None:
    pairs = ["1.0.16--1.0.17", "1.0.17--1.0.18", "1.0.16--1.0.18"]
    written = sorted(p.name for p in (versions_site / DIFFS).iterdir())
    assert written == sorted(f"comprehensive--{p}.html" for p in pairs)
    history = _read(versions_site, GamePaths(DC).history)
    listed = re.findall(r'href="diff/comprehensive--([^"]+)\.html"', history)
    assert listed == pairs  # by newer version, the version just before first


def test_a_diff_page_shows_each_change_side_by_side_and_inline_linked_to_both_versions(versions_site: Path) -> None:
    html = _read(versions_site, f"{DIFFS}/comprehensive--1.0.16--1.0.17.html")
    assert '<link rel="stylesheet" href="../../static/diff.css">' in html
    assert _read(versions_site, "static/diff.css") == DIFF_CSS
    assert MARKUP not in html and "<注>" not in html
    entry = html[html.index('<article class="change change-changed" id="new-602.2">') :]
    entry = entry[: entry.index("</article>")]
    assert '<td class="old">この処理は、1ターンに1度のみ実行できます。</td>' in entry
    assert f'<td class="new">この処理は、1ターンに1度のみ<ins>{ESCAPED}</ins>実行できます。</td>' in entry
    assert f'<span lang="ja">この処理は、1ターンに1度のみ<ins>{ESCAPED}</ins>実行できます。</span>' in entry
    assert '<a href="../comprehensive/1.0.17/r/602.2.html" data-preview="new:602.2">602.2</a>' in entry
    as_in = _two("1.0.16 の条文", "as in 1.0.16")
    assert f'<a class="was" href="../comprehensive/1.0.16/r/602.2.html">{as_in}</a>' in entry
    renumbered = (
        '<a href="../comprehensive/1.0.16/r/704.6c.html" data-preview="old:704.6c">704.6c</a> → '
        '<a href="../comprehensive/1.0.17/r/704.6d.html" data-preview="new:704.6d">704.6d</a>'
    )
    assert renumbered in html
    assert '"old:704.6c":{"label":"DC 704.6c"' in html and '"new:704.6d":{"label":"DC 704.6d"' in html
    counts = _two(
        "変更 6 件: 追加 1, 変更 1, 参照番号のみ変更 1, 番号変更 3",
        "6 change(s): 1 added, 1 changed, 1 reference-only, 3 renumbered",
    )
    assert f'<p class="counts">{counts}</p>' in html


class _Shown(HTMLParser):
    """A page's text as a reader sees it in one language: the other language's spans left out."""

    def __init__(self, language: str) -> None:
        super().__init__()
        self.hidden = "l-en" if language == "ja" else "l-ja"
        self.depth = 0  # > 0 inside a hidden span
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.depth and tag == "span":
            self.depth += 1
        elif tag == "span" and self.hidden in (dict(attrs).get("class") or "").split():
            self.depth = 1

    def handle_endtag(self, tag: str) -> None:
        if self.depth and tag == "span":
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if not self.depth:
            self.parts.append(data)


def _shown(html: str, language: str) -> str:
    reader = _Shown(language)
    reader.feed(html)
    return re.sub(r"\s+", " ", "".join(reader.parts))


@pytest.mark.parametrize("pair", ["1.0.16--1.0.17", "1.0.17--1.0.18", "1.0.16--1.0.18"])
def test_a_diff_page_says_its_words_in_japanese_and_in_english_after_the_switch(versions_site: Path, pair: str) -> None:
    html = _read(versions_site, f"{DIFFS}/comprehensive--{pair}.html")
    assert '<html lang="ja" data-ui="ja"' in html  # a Japanese rulebook's page opens in Japanese
    fragment = html[html.index('<div class="jk-diff">') : html.index("</main>")]
    japanese, english = _shown(fragment, "ja"), _shown(fragment, "en")
    # In Japanese no word of the page is English: what is left in Latin letters is data (ids, "DC").
    assert set(re.findall(r"[A-Za-z]{2,}", japanese)) <= {"DC"}, japanese
    assert "ルール" in japanese and "変更" in japanese
    assert "Rules" in english and "changed" in english and "変更" not in english
    if pair == "1.0.16--1.0.17":
        assert "変更 6 件: 追加 1, 変更 1, 参照番号のみ変更 1, 番号変更 3" in japanese
        assert "類似度 0.81" in japanese and "1.0.16 の条文" in japanese and "インライン" in japanese
        assert "6 change(s): 1 added, 1 changed, 1 reference-only, 3 renumbered" in english
        assert "similarity 0.81" in english and "as in 1.0.16" in english and "Inline" in english
    if pair == "1.0.17--1.0.18":
        assert "発行元の更新履歴と差分の照合" in japanese and "更新履歴の記載" in japanese and "一致" in japanese
        assert "The publisher's changelog beside the diff" in english and "confirmed" in english
        assert "定義された用語 再定義 ループ" in japanese and "（変更されたルール: − 1101.1c）" in japanese
        assert "Defined terms redefined ループ" in english and "(changed: − 1101.1c)" in english


def test_a_diff_page_sets_the_changelog_beside_what_changed(versions_site: Path) -> None:
    html = _read(versions_site, f"{DIFFS}/comprehensive--1.0.17--1.0.18.html")
    claims = html[html.index('<table class="claims">') : html.index("</table>")]
    assert '<td lang="ja">その他のルールにて、ループの項目を更新いたしました。</td>' in claims
    assert '<a href="#old-1101.1c">− 1101.1c</a>' in claims  # to the entry on the same page
    assert '<a href="#new-704.6d-1">704.6d-1</a>' in claims
    removed = html[html.index('<article class="change change-removed" id="old-1101.1c">') :]
    assert removed.index('href="../comprehensive/1.0.17/r/1101.1c.html"') < removed.index("</article>")
    assert "<del>いずれのプレイヤーもループを繰り返すことを停止できない場合" in removed
    # Across two editions the changes add up: 704.6c-1 is renumbered and reworded.
    across = _read(versions_site, f"{DIFFS}/comprehensive--1.0.16--1.0.18.html")
    changed = re.escape(_two("変更", "changed"))
    assert re.search(rf'id="new-704\.6d-1">\n<h3><span class="kind kind-changed">{changed}</span>', across)


def test_the_site_and_the_cli_draw_a_diff_with_the_same_renderer(versions_site: Path, tmp_path: Path) -> None:
    diff = diff_books(edition_1_0_17().book(), edition_1_0_18().book())
    standalone = diff_page(diff, "DC", words=diff_words)  # the site's words, in both languages
    site = _main(_read(versions_site, f"{DIFFS}/comprehensive--1.0.17--1.0.18.html"))

    def without_links(html: str) -> str:
        html = re.sub(r' <a class="was" href="[^"]*">.*?</a>', "", html)
        return re.sub(r'<a href="(?!#)[^"]*"(?: data-preview="[^"]*")?>(.*?)</a>', r"\1", html)

    fragment = standalone[standalone.index('<div class="jk-diff">') : standalone.index("</body>")]
    assert without_links(site[site.index('<div class="jk-diff">') :]).strip() == without_links(fragment).strip()
    # The standalone page stands alone: one h1, Japanese marked, no request, no link out of it.
    path = tmp_path / "diff.html"
    path.write_text(standalone, encoding="utf-8")
    page = read_page(path)
    assert not structure_problems({"diff.html": page})
    assert all(url.startswith("#") for _, url in page.links)
    assert DIFF_CSS in standalone


# -- rule histories ------------------------------------------------------------------------


def _two(ja: str, en: str) -> str:
    """Words in both languages as the site writes them."""
    return f'<span class="l-ja" lang="ja">{ja}</span><span class="l-en" lang="en">{en}</span>'


def test_a_rule_page_shows_its_history_through_every_version(versions_site: Path) -> None:
    html = _read(versions_site, f"{BOOK}/1.0.18/r/704.6d-1.html")
    history = html[html.index('<section class="rule-history"') : html.index("</section>", html.index("rule-history"))]
    steps = re.findall(r'<li class="step-([a-z-]+)( current)?"><span class="version">([\d.]+)</span>', history)
    assert steps == [("held", "", "1.0.16"), ("renumbered", "", "1.0.17"), ("edited", " current", "1.0.18")]
    words = re.findall(r'<span class="badge">(.*?)</span>\n', history)
    assert words == [
        _two("収録している最古の版", "in the oldest version held"),
        _two("番号変更", "renumbered"),
        _two("文言を変更", "wording changed"),
    ]
    assert '<a href="../../1.0.16/r/704.6c-1.html">704.6c-1</a></li>' in history
    assert '<span class="l-en" lang="en">was</span> <a href="../../1.0.16/r/704.6c-1.html">704.6c-1</a>)' in history
    assert '<a href="../../../diff/comprehensive--1.0.16--1.0.17.html#new-704.6d-1">' + WHAT_CHANGED + "</a>" in history
    assert '<a href="../../../diff/comprehensive--1.0.17--1.0.18.html#new-704.6d-1">' + WHAT_CHANGED + "</a>" in history
    assert "ダメージを<del>2</del><ins>3</ins>倍にします" in history
    # Seen from the oldest version, the same rule's future.
    old = _read(versions_site, f"{BOOK}/1.0.16/r/704.6c-1.html")
    assert re.findall(r'<li class="step-([a-z-]+)( current)?">', old) == [
        ("held", " current"),
        ("renumbered", ""),
        ("edited", ""),
    ]
    assert '<a href="../../1.0.18/r/704.6d-1.html">704.6d-1</a>' in old


def test_a_rule_added_and_a_rule_removed(versions_site: Path) -> None:
    added = _read(versions_site, f"{BOOK}/1.0.17/r/704.6c.html")
    assert re.findall(r'<li class="step-([a-z-]+)', added) == ["created", "unchanged"]
    removed = _read(versions_site, f"{BOOK}/1.0.17/r/1101.1c.html")
    assert re.findall(r'<li class="step-([a-z-]+)', removed) == ["held", "unchanged", "removed"]
    assert '<a href="../../../diff/comprehensive--1.0.17--1.0.18.html#old-1101.1c">' + WHAT_CHANGED + "</a>" in removed
    quiet = _read(versions_site, f"{BOOK}/1.0.17/r/101.1.html")
    assert "Nothing changed." in quiet


def test_section_pages_note_what_happened_to_each_rule(versions_site: Path) -> None:
    html = _read(versions_site, f"{BOOK}/1.0.16/s/700.html")
    block = html[html.index('id="704.6c-1"') : html.index('id="704.6d"')]
    renumbered = _two("番号変更", "renumbered")
    assert f'<span class="l-en" lang="en">{renumbered} in <a' in block and "(704.6c-1 → 704.6d-1)" in block
    assert '<span class="l-ja" lang="ja"><a' in block and f"</a> で {renumbered}</span>" in block
    assert 'href="../../../diff/comprehensive--1.0.17--1.0.18.html#new-704.6d-1">1.0.18</a>' in block
    quiet = html[html.index('id="704.6a"') : html.index('id="704.6a-1"')]
    assert "History" not in quiet


def test_with_one_version_held_a_rule_page_says_so(site_dir: Path) -> None:
    html = _read(site_dir, "divine-cross/comprehensive/1.0.16/r/704.6c-1.html")
    assert "History: this is the only version of this document held (1.0.16)" in html
    assert "rule-history" not in html
    assert not (site_dir / DIFFS).exists()


@pytest.mark.parametrize("versions", [1, 2])
def test_toy_rule_pages_with_one_and_two_versions(tmp_path: Path, versions: int) -> None:
    out = build_site(tmp_path / "site", index=toy_index(versions=versions), scenarios=[]).out
    html = _read(out, "toy-game/rules/1.0/r/200.1.html")
    if versions == 1:
        assert "the only version of this document held" in html
    else:
        assert re.findall(r'<li class="step-([a-z-]+)', html) == ["held", "edited"]
        assert "ダメージはHPを<ins>必ず</ins>減らします。" in html
