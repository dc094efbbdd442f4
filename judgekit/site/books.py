"""What the pages of one document show, prepared from its :class:`BookIndex`.

The templates get plain values: each rule as a :class:`RuleView` whose text is already
escaped HTML with its cross-references and terms as links, and the previews (the text a
link shows on hover or focus) as a table keyed by the target's anchor. Section pages and
rule pages sit at the same depth (``<book>/s/`` and ``<book>/r/``), so one rendering of a
rule's text serves both.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, NamedTuple

from markupsafe import Markup

from judgekit.render.html import LinkKind, TextLink, linked_text
from judgekit.site.layout import BookPaths, GamePaths, relative, safe_name
from judgekit.site.sections import Section, home_sections, plan_sections
from rules_index.model import Icon, Rule

if TYPE_CHECKING:
    from rules_index.graph import BookIndex

PREVIEW_CHARS = 240
"""How much of a rule's text a preview shows."""


@dataclass(frozen=True, slots=True)
class Link:
    """A link to a page of the site, as templates draw it."""

    label: str
    """The link's text."""
    path: str
    """Target path from the site root (with ``#anchor`` when there is one)."""
    note: str = ""
    """A short description shown beside it (a rule's title or the start of its text)."""
    preview: str = ""
    """Preview key when the target is a rule of the same book."""


@dataclass(frozen=True, slots=True)
class Citation:
    """A scenario step that cites a rule."""

    scenario: str
    """The scenario's title."""
    step: int
    """The step's index."""
    path: str
    """The scenario page with the step's anchor, from the site root."""


class CitedGroup(NamedTuple):
    """The steps of one scenario citing a rule."""

    grouper: str
    """The scenario's title (as its first citation gives it)."""
    list: list[Citation]
    """Its steps citing the rule, in the order cited."""


def by_scenario(citations: Sequence[Citation]) -> list[CitedGroup]:
    """The ``by_scenario`` filter: ``citations`` grouped by scenario as jinja2's ``groupby('scenario')`` groups
    them (sorted by the title without regard to case, each group named by its first title), without making a
    lower-cased copy of each title's markup as the filter does (a third of the time of a rule's citations)."""

    def title(citation: Citation) -> str:
        return str(citation.scenario).lower()

    groups = (list(found) for _title, found in itertools.groupby(sorted(citations, key=title), title))
    return [CitedGroup(found[0].scenario, found) for found in groups]


@dataclass(frozen=True, slots=True)
class RuleView:
    """One rule, ready for a template."""

    id: str
    """The rule id as published."""
    label: str
    """Id with the game prefix (``DC 704.6c-1``)."""
    mark: str
    """What the rule's number link shows on a section page: the id of a numbered rule, ``§`` for an
    outline heading, the paragraph's place under its heading (``2/1``) for an outline paragraph."""
    anchor: str
    """The rule's anchor on its section page (a safe name)."""
    page: str
    """The rule's own page, from the site root."""
    home: str
    """The rule on its section page (``…/s/700.html#704.6c-1``), from the site root."""
    title: str
    """Heading text; empty for plain rules."""
    kind: str
    """``section``, ``rule``, ``heading``, ``paragraph`` or ``table``."""
    depth: int
    """Depth in the document (0 for top-level)."""
    text: Markup
    """The text as escaped HTML with links."""
    examples: tuple[Markup, ...]
    """Each example as escaped HTML with links."""
    figures: tuple[str, ...]
    """Figure legends as published (plain text)."""
    referred_by: tuple[Link, ...]
    """Rules whose text refers to this one, in document order."""
    cited_by: tuple[Citation, ...]
    """Scenario steps that cite it."""
    defines: tuple[Link, ...]
    """Terms it defines, linked to the glossary."""
    source: str
    """Where it was printed (``divine-cross/comprehensive-1.0.16.txt:539``)."""
    printed_page: int | None
    """The page of the publisher's PDF it is printed on, for books imported from a PDF."""
    previews: frozenset[str]
    """Preview keys of the rules its links point at."""
    icons_lost: int = 0
    """How many icons the published text lost in its text (each shown as a marker)."""
    icons_printed: int = 0
    """How many icon glyphs its text prints (each shown as a marker)."""


@dataclass(frozen=True, slots=True)
class Preview:
    """What a link to a rule shows on hover or focus."""

    label: str
    """``DC 704.6c-1``."""
    title: str
    """The rule's title, or empty."""
    text: str
    """The start of its text (plain)."""

    def to_json(self) -> dict[str, str]:
        """The preview as the page's preview table holds it."""
        return {"label": self.label, "title": self.title, "text": self.text}


@dataclass(frozen=True, slots=True)
class BookPages:
    """Everything the pages of one document version need, computed once."""

    bi: BookIndex
    """The indexed book."""
    short: str
    """The game's prefix (``DC``)."""
    paths: BookPaths
    """Where its pages live."""
    glossary: str
    """The glossary page its terms link to: the game's for the newest version of a document, the
    book's own (``<book>/glossary.html``) for older versions, from the site root."""
    sections: list[Section]
    """Its section pages, front page first."""
    home: dict[str, Section]
    """Rule id → the section it is shown on."""
    views: dict[str, RuleView]
    """Rule id → its view."""
    previews: dict[str, Preview]
    """Preview key (the rule's anchor) → preview."""
    by_anchor: dict[str, str]
    """Anchor → rule id."""
    refers_to: dict[str, list[str]]
    """Rule id → the rules its text refers to (each once, in text order)."""
    terms_used: dict[str, list[Link]]
    """Rule id → the terms it uses (each once), linked to their defining rules."""
    links: dict[tuple[str, int | None], list[TextLink]]
    """(rule id, example index or None) → the links in that text, targets from the site root."""

    def view_at(self, rule_id: str, page: str) -> RuleView:
        """The rule's view with its text rendered for ``page`` (when it is not at the usual depth)."""
        view = self.views[rule_id]
        if page.count("/") == self.paths.base.count("/") + 2:
            return view
        text, examples = _rendered(self.bi.rules[rule_id], self.links, page)
        return replace(view, text=text, examples=examples)

    def view_whole(self, rule_id: str) -> RuleView:
        """The rule's view for the whole-document page: its links go to their rules on that page."""
        whole = self.paths.whole
        moved = {
            key: [replace(link, href=f"{whole}#{link.preview}") for link in group]
            for key, group in self.links.items()
            if key[0] == rule_id
        }
        text, examples = _rendered(self.bi.rules[rule_id], moved, whole)
        return replace(self.views[rule_id], text=text, examples=examples)

    def section_path(self, section: Section) -> str:
        """The page of ``section``, from the site root."""
        return self.paths.toc if section.root is None else self.paths.section_page(section.root)

    def section_title(self, section: Section) -> str:
        """The heading of ``section``'s page."""
        if section.root is None:
            return self.bi.info.title
        return rule_label(self.bi.rules[section.root])

    def crumbs(self, rule_id: str) -> list[Link]:
        """The rule's ancestors as links to their places, outermost first."""
        out: list[Link] = []
        parent = self.bi.rules[rule_id].parent
        while parent is not None:
            ancestor = self.bi.rules[parent]
            out.append(Link(rule_label(ancestor), self.views[parent].home, preview=self.views[parent].anchor))
            parent = ancestor.parent
        out.reverse()
        return out

    def children(self, rule_id: str) -> list[Link]:
        """The rule's children as links with a short note."""
        return [self.rule_link(child) for child in self.bi.children.get(rule_id, [])]

    def rule_link(self, rule_id: str, *, own_page: bool = False) -> Link:
        """A link to the rule (on its section page, or its own page) with a short note."""
        view = self.views[rule_id]
        return Link(view.id, view.page if own_page else view.home, summary(self.bi.rules[rule_id]), view.anchor)

    def previews_for(self, keys: set[str] | frozenset[str]) -> dict[str, dict[str, str]]:
        """The preview table of a page whose links point at ``keys``, in document order."""
        rules = self.bi.rules
        ordered = sorted(keys, key=lambda k: rules[self.by_anchor[k]].order)
        return {key: self.previews[key].to_json() for key in ordered}


def rule_label(rule: Rule) -> str:
    """``704. ダメージステップ`` for a titled rule, the id otherwise (outline ids: the last part)."""
    if rule.title:
        if rule.kind.value in ("heading", "paragraph", "table"):
            return rule.title
        return f"{rule.id} {rule.title}"
    return rule.id


def summary(rule: Rule, width: int = 48) -> str:
    """The rule's title, or the start of its text."""
    text = rule.title or rule.text
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def prepare_book(
    bi: BookIndex,
    short: str,
    citations: Mapping[str, Sequence[Citation]] | None = None,
    *,
    latest: bool = True,
) -> BookPages:
    """The views of every rule of ``bi``, its sections and its previews."""
    info = bi.info
    rules = bi.book.rules
    paths = BookPaths.for_book(info.game, info.document, info.version, (r.id for r in rules))
    game_paths = GamePaths(info.game)
    sections = plan_sections(rules, bi.children)
    home = home_sections(sections)
    citations = citations or {}

    def home_path(rule_id: str) -> str:
        section = home[rule_id]
        page = paths.toc if section.root is None else paths.section_page(section.root)
        return f"{page}#{paths.anchor(rule_id)}"

    target = {rule.id: home_path(rule.id) for rule in rules}
    term_by_key = {term.key: term for term in bi.terms}

    links: dict[tuple[str, int | None], list[TextLink]] = defaultdict(list)
    for ref in bi.references:
        if ref.target in bi.rules:
            links[(ref.source, ref.example)].append(
                TextLink(ref.start, ref.end, target[ref.target], LinkKind.REFERENCE, paths.anchor(ref.target))
            )
    for use in bi.uses:
        term = term_by_key.get(use.key)
        if term is None or term.rule_id not in bi.rules or term.rule_id == use.rule_id:
            continue
        links[(use.rule_id, use.example)].append(
            TextLink(use.start, use.end, target[term.rule_id], LinkKind.TERM, paths.anchor(term.rule_id))
        )
    here = f"{paths.base}/r/_"  # section and rule pages are at this depth

    referred: dict[str, list[str]] = defaultdict(list)
    for ref in bi.references:
        if ref.target in bi.rules and ref.source not in referred[ref.target]:
            referred[ref.target].append(ref.source)
    defines: dict[str, list[Link]] = defaultdict(list)
    glossary = game_paths.glossary if latest else f"{paths.base}/glossary.html"
    for term in bi.terms:
        anchor = glossary_anchor(info.document, term.key)
        defines[term.rule_id].append(Link(term.name, f"{glossary}#{anchor}"))

    views: dict[str, RuleView] = {}
    previews: dict[str, Preview] = {}
    for rule in rules:
        text, examples = _rendered(rule, links, here)
        keys = frozenset(
            link.preview for i in (None, *range(len(rule.examples))) for link in links.get((rule.id, i), [])
        )
        views[rule.id] = RuleView(
            id=rule.id,
            label=f"{short} {rule.id}",
            mark=_mark(rule, bi.rules),
            anchor=paths.anchor(rule.id),
            page=paths.rule_page(rule.id),
            home=home_path(rule.id),
            title=rule.title,
            kind=rule.kind.value,
            depth=rule.depth,
            text=text,
            examples=examples,
            figures=tuple(fig.text for fig in rule.figures),
            referred_by=(),
            cited_by=tuple(citations.get(rule.id, ())),
            defines=tuple(defines.get(rule.id, ())),
            source=str(rule.span),
            printed_page=rule.page,
            previews=keys,
            icons_lost=sum(1 for icon in rule.icons if not icon.glyph),
            icons_printed=sum(1 for icon in rule.icons if icon.glyph),
        )
        previews[paths.anchor(rule.id)] = Preview(f"{short} {rule.id}", rule.title, _preview_text(rule, bi))
    # Backlinks need every view first (their links carry notes and preview keys).
    for referred_id, sources in referred.items():
        view = views[referred_id]
        backlinks = tuple(Link(s, views[s].home, summary(bi.rules[s]), views[s].anchor) for s in sources)
        views[referred_id] = replace(
            view, referred_by=backlinks, previews=view.previews | {b.preview for b in backlinks}
        )
    by_anchor = {view.anchor: rule_id for rule_id, view in views.items()}
    refers_to: dict[str, list[str]] = defaultdict(list)
    for ref in bi.references:
        if ref.target in bi.rules and ref.target not in refers_to[ref.source]:
            refers_to[ref.source].append(ref.target)
    terms_used: dict[str, list[Link]] = defaultdict(list)
    seen: set[tuple[str, str]] = set()
    for use in bi.uses:
        term = term_by_key.get(use.key)
        if term is None or term.rule_id not in bi.rules or term.rule_id == use.rule_id:
            continue
        if (use.rule_id, term.key) in seen:
            continue
        seen.add((use.rule_id, term.key))
        defining = views[term.rule_id]
        terms_used[use.rule_id].append(Link(term.name, defining.home, term.rule_id, defining.anchor))
    return BookPages(
        bi,
        short,
        paths,
        glossary,
        sections,
        home,
        views,
        previews,
        by_anchor,
        dict(refers_to),
        dict(terms_used),
        dict(links),
    )


def _rendered(
    rule: Rule, links: Mapping[tuple[str, int | None], Sequence[TextLink]], here: str
) -> tuple[Markup, tuple[Markup, ...]]:
    """The rule's text and examples as HTML, links made relative to the page at ``here``."""

    def at(group: Sequence[TextLink]) -> list[TextLink]:
        return [replace(link, href=relative(here, link.href)) for link in group]

    text = _with_icons(rule.text, at(links.get((rule.id, None), ())), rule.icons)
    examples = tuple(linked_text(ex.text, at(links.get((rule.id, i), ()))) for i, ex in enumerate(rule.examples))
    return text, examples


ICON_LOST = Markup(
    '<span class="icon-mark icon-lost" role="img" tabindex="0" '
    'aria-label="アイコン（公開テキストでは失われています） / icon (lost in the published text)" '
    'title="公開テキストではここにあったアイコンが失われています / The published text lost an icon here">'
    '<span class="l-ja" lang="ja">アイコン</span><span class="l-en" lang="en">icon</span></span>'
)
"""The marker drawn where the published text lost an icon (the extraction left a gap)."""


def _icon_printed(glyph: str) -> Markup:
    code = f"U+{ord(glyph):04X}"
    return Markup(
        '<span class="icon-mark icon-glyph" role="img" tabindex="0" aria-label="アイコン {0} / icon {0}" '
        'title="アイコン（私用領域の文字 {0}、発行元のフォントでのみ表示） / An icon, printed as the private-use '
        "character {0} that only the publisher's font draws\">"
        '<span class="l-ja" lang="ja">アイコン</span><span class="l-en" lang="en">icon</span></span>'
    ).format(code)


def _with_icons(text: str, links: Sequence[TextLink], icons: Sequence[Icon]) -> Markup:
    """``text`` with its links, and a visible marker where it prints an icon or lost one.

    A lost icon is a gap in the text (its spaces are replaced by the marker); a printed icon is a
    private-use glyph that no font here draws (replaced by the marker, which names it).
    """
    if not icons:
        return linked_text(text, links)
    out: list[str] = []
    pos = 0
    for icon in icons:
        start = icon.offset
        if start < pos or start > len(text):
            continue
        gap = len(text[start:]) - len(text[start:].lstrip(" \u3000"))
        end = start + 1 if icon.glyph else start + gap
        out.append(str(_segment(text, links, pos, start)))
        out.append(str(ICON_LOST if not icon.glyph else _icon_printed(icon.glyph)))
        pos = max(end, start + (1 if icon.glyph else 0))
    out.append(str(_segment(text, links, pos, len(text))))
    return Markup("".join(out))


def _segment(text: str, links: Sequence[TextLink], start: int, end: int) -> Markup:
    inside = [replace(link, start=link.start - start, end=link.end - start) for link in links]
    return linked_text(text[start:end], [link for link in inside if link.start >= 0 and link.end <= end - start])


def _mark(rule: Rule, rules: Mapping[str, Rule]) -> str:
    if rule.kind.value == "heading":
        return "§"
    if rule.kind.value not in ("paragraph", "table"):
        return rule.id
    parent = rule.parent
    while parent is not None and rules[parent].kind.value != "heading":
        parent = rules[parent].parent
    if parent is not None and rule.id.startswith(parent + "/"):
        return rule.id[len(parent) + 1 :]
    return rule.id


def glossary_anchor(document: str, key: str) -> str:
    """The anchor of a term on its game's glossary page."""
    return f"{safe_name(document)}--{safe_name(key)}"


def _preview_text(rule: Rule, bi: BookIndex) -> str:
    """The rule's text; for a heading without text, the start of what is under it."""
    if rule.text:
        return _clip(rule.text)
    parts = []
    for child_id in bi.children.get(rule.id, [])[:4]:
        child = bi.rules[child_id]
        body = child.text or child.title
        label = child.id.rsplit("/", 1)[-1] if "/" in child.id else child.id
        parts.append(f"{label} {body}")
    return _clip(" / ".join(parts))


def _clip(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= PREVIEW_CHARS else text[: PREVIEW_CHARS - 1] + "…"
