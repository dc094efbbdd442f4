"""Rule text as HTML: escaped, with cross-references and terms as links."""

from __future__ import annotations

from judgekit.render.html import LinkKind, TextLink, choose_links, highlighted, linked_text
from judgekit.site.scenarios import markdown


def test_text_is_escaped_and_links_wrap_their_spans() -> None:
    text = '<b>A & B</b> see (804) and "x"'
    start = text.index("(804)")
    html = linked_text(text, [TextLink(start, start + 5, "../s/800.html#804", LinkKind.REFERENCE, "804")])
    assert str(html) == (
        '&lt;b&gt;A &amp; B&lt;/b&gt; see <a href="../s/800.html#804" class="ref" data-preview="804">(804)</a>'
        " and &#34;x&#34;"
    )


def test_hrefs_and_preview_keys_are_escaped() -> None:
    html = linked_text("xy", [TextLink(0, 1, 'a"><script>', LinkKind.TERM, "<k>")])
    assert "<script>" not in str(html)
    assert 'href="a&#34;&gt;&lt;script&gt;"' in str(html)


def test_references_win_over_terms_and_overlaps_are_dropped() -> None:
    ref = TextLink(5, 10, "r", LinkKind.REFERENCE, "")
    term_inside = TextLink(6, 8, "t", LinkKind.TERM, "")
    term_after = TextLink(10, 12, "t2", LinkKind.TERM, "")
    term_overlapping = TextLink(11, 14, "t3", LinkKind.TERM, "")
    assert choose_links([term_inside, term_after, ref, term_overlapping]) == [ref, term_after]


def test_links_past_the_end_are_ignored() -> None:
    assert str(linked_text("abc", [TextLink(2, 9, "x", LinkKind.TERM, "")])) == "abc"


def test_highlighted() -> None:
    assert str(highlighted("a<有利>b", [(2, 4)])) == "a&lt;<mark>有利</mark>&gt;b"


def test_markdown_renders_without_raw_html_or_images() -> None:
    html = str(markdown("**ダメージ**は<script>alert(1)</script> ![x](https://example.com/x.png) [704](#a)"))
    assert '<strong><span lang="ja">ダメージ</span></strong><span lang="ja">は</span>' in html
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "<img" not in html
    assert '<a href="#a">704</a>' in html
    assert 'href="javascript' not in str(markdown("[x](javascript:alert(1))"))


def test_bold_markers_from_the_extraction_are_drawn_bold() -> None:
    text = "**プレイヤー**: ゲームに参加している人です。**a"
    assert str(linked_text(text, [])) == "<strong>プレイヤー</strong>: ゲームに参加している人です。**a"
    linked = linked_text(text, [TextLink(2, 7, "x.html", LinkKind.TERM, "")])
    assert str(linked).startswith('<strong><a href="x.html" class="term">プレイヤー</a></strong>:')
    # A marker pair that would cut a link in two is left as printed.
    cut = linked_text("**ab** c", [TextLink(4, 8, "y.html", LinkKind.TERM, "")])
    assert str(cut).startswith("**ab")
