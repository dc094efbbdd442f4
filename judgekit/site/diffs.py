"""Version pages: a diff page per pair of versions held, and each rule's history.

For every document held in two or more versions, :func:`rules_index.diff.history` chains the
diffs of consecutive versions; the site draws a page per pair of versions (consecutive pairs
reuse those diffs) with the one diff renderer, :func:`judgekit.render.diff_html.diff_fragment`,
its rule ids linked to both versions' rule pages. Each rule page shows the rule's history
through the versions held (:class:`RuleHistory`), linked to the diff pages; a section page
notes the changes of each rule that has any.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from itertools import combinations
from pathlib import Path
from typing import TYPE_CHECKING, Any

from markupsafe import Markup

from judgekit.i18n import translations
from judgekit.render.diff_html import Phrase, RuleTarget, anchor, diff_fragment
from judgekit.render.versions import HISTORY_WORDS, Translate
from judgekit.site.books import BookPages, Link
from judgekit.site.i18n import UiText, both_html, ui
from judgekit.site.layout import GamePaths, relative, safe_name
from rules_index.diff import HistoryKind

if TYPE_CHECKING:
    from judgekit.site.scenarios import ScenarioPage
    from rules_index.catalog import Document
    from rules_index.diff import BookDiff, DiffOp, History, HistoryEvent

BookKey = tuple[str, str, str]

QUIET = frozenset({HistoryKind.HELD, HistoryKind.UNCHANGED})
"""History steps that say nothing changed."""


@dataclass(frozen=True, slots=True)
class DiffPage:
    """One diff page: an older and a newer version of a document."""

    old: BookPages
    """The older version's pages."""
    new: BookPages
    """The newer version's pages."""
    path: str
    """The diff page, from the site root."""

    @property
    def label(self) -> str:
        """``総合ルール 1.0.15 → 1.0.16``."""
        return f"{self.new.bi.info.title} {self.old.bi.info.version} → {self.new.bi.info.version}"


def diff_path(game: str, document: str, old: str, new: str) -> str:
    """The diff page of two versions of a document, from the site root."""
    name = f"{safe_name(document)}--{safe_name(old)}--{safe_name(new)}"
    return f"{GamePaths(game).base}/diff/{name}.html"


@dataclass(frozen=True, slots=True)
class HistoryStep:
    """One version of a rule's history, ready for a template."""

    version: str
    """The version."""
    kind: HistoryKind
    """What happened in it."""
    words: str
    """What happened, in words (``renumbered``)."""
    ids: tuple[Link, ...]
    """The rule's id(s) in this version (for a removal: in the version before), linked to their pages."""
    previous: tuple[Link, ...]
    """Its id(s) in the version before, linked, when they differ from ``ids``; else empty."""
    diff: str
    """The diff page of the version before and this one, at the entry (from the site root); empty when quiet."""
    ops: tuple[DiffOp, ...]
    """The inline diff of its wording, when it changed."""
    current: bool
    """Whether this is the version of the page it is shown on."""


@dataclass(frozen=True, slots=True)
class RuleHistory:
    """A rule's history through the versions held."""

    versions: tuple[str, ...]
    """The versions of its document held, oldest first."""
    steps: tuple[HistoryStep, ...]
    """A step per version in which the rule (or what it came from or became) exists, oldest first."""

    @property
    def changes(self) -> tuple[HistoryStep, ...]:
        """The steps in which something happened to it."""
        return tuple(s for s in self.steps if s.kind not in QUIET)


@dataclass(frozen=True, slots=True)
class AffectedRule:
    """A rule a scenario cites that a newer edition changed."""

    cited: str
    """The id as the scenario cites it."""
    words: str
    """What changed, in words (``602.2 changed``, ``under 1102: 1102.1 changed``)."""
    diff: str
    """The change's entry on the diff page (from the site root)."""


@dataclass(frozen=True, slots=True)
class StaleNotice:
    """What a scenario page says when a newer edition of its rulebook is held."""

    version: str
    """The edition the scenario is ruled under."""
    newest: str
    """The newest edition held."""
    diff: str
    """The diff page of the two (from the site root)."""
    rules: tuple[AffectedRule, ...]
    """The cited rules the newer edition changed (empty: none)."""
    same_ruling: bool | None
    """Whether a re-run under the current engine gives the same ruling (None: not re-run)."""
    rerun: str
    """How the re-run went, in words; empty when not re-run."""


@dataclass(frozen=True, slots=True)
class AffectedScenario:
    """A scenario a diff page's changes reach."""

    title: str
    """The scenario's title."""
    path: str
    """Its page (from the site root)."""
    rules: tuple[str, ...]
    """What reaches its citations, in words."""


@dataclass(frozen=True, slots=True)
class DocumentVersions:
    """The versions held of one document: their pages, their history, their diffs (each computed once)."""

    document: Document
    """The document."""
    books: tuple[BookPages, ...]
    """Each version's pages, oldest first."""
    chain: History | None = None
    """The rule histories (None when only one version is held)."""
    diffs: dict[tuple[int, int], BookDiff] = field(default_factory=dict)
    """Diffs of versions that are not consecutive, by (old, new) index, as they are computed."""
    notices: dict[tuple[Path, str], StaleNotice | None] = field(default_factory=dict)
    """Stale-ruling notices by (scenario file, pinned version), as they are computed."""

    @classmethod
    def of(cls, document: Document, books: dict[BookKey, BookPages]) -> DocumentVersions:
        """The versions of ``document`` held, with their history when there are two or more."""
        pages = tuple(books[(i.game, i.document, i.version)] for i in document.versions)
        chain = None
        if len(pages) > 1:
            from rules_index.diff import DiffCache, history

            chain = history([b.bi.book for b in pages], DiffCache.default())
        return cls(document, pages, chain)

    @property
    def versions(self) -> tuple[str, ...]:
        """The versions held, oldest first."""
        return tuple(b.bi.info.version for b in self.books)

    def diff(self, old: int, new: int) -> BookDiff:
        """The diff of the versions at ``old`` and ``new`` (indexes, oldest first)."""
        if self.chain is not None and new == old + 1:
            return self.chain.diffs[old]
        if (old, new) not in self.diffs:
            from rules_index.diff import DiffCache, diff_books

            cache = DiffCache.default()
            before, after = self.books[old].bi.book, self.books[new].bi.book
            found = cache.get(before, after)
            if found is None:
                found = diff_books(before, after)
                cache.put(before, after, found)
            self.diffs[(old, new)] = found
        return self.diffs[(old, new)]

    def diff_of(self, page: DiffPage) -> BookDiff:
        """The diff a diff page of this document shows."""
        index = {version: i for i, version in enumerate(self.versions)}
        return self.diff(index[page.old.bi.info.version], index[page.new.bi.info.version])

    def pages(self) -> list[DiffPage]:
        """A diff page per pair of versions held, by newer version then older (consecutive first)."""
        info = self.books[0].bi.info
        pairs = sorted(combinations(range(len(self.books)), 2), key=lambda p: (p[1], -p[0]))
        return [
            DiffPage(
                self.books[i],
                self.books[j],
                diff_path(info.game, info.document, self.books[i].bi.info.version, self.books[j].bi.info.version),
            )
            for i, j in pairs
        ]

    def rule(self, version: str, rule_id: str) -> RuleHistory | None:
        """The history of ``rule_id`` of ``version``; None when only one version is held."""
        if self.chain is None:
            return None
        index = {v: i for i, v in enumerate(self.versions)}
        steps = []
        for event in self.chain.events(version, rule_id):
            k = index[event.version]
            steps.append(self._step(event, k, current=event.version == version))
        return RuleHistory(self.versions, tuple(steps))

    def stale_notice(self, path: Path, version: str, short: str) -> StaleNotice | None:
        """The notice for a scenario file pinned to ``version`` when a newer edition is held, else None.

        The scenario's citations are compared with the newest edition through the diff of the
        two; a scenario a change reaches is re-run under the current engine.
        """
        if (path, version) in self.notices:
            return self.notices[(path, version)]
        index = {v: i for i, v in enumerate(self.versions)}
        notice: StaleNotice | None = None
        last = len(self.books) - 1
        if version in index and index[version] < last:
            from judgekit.render.versions import rerun_text, touch_text
            from judgekit.versions import stale_ruling

            k = index[version]
            diff = self.diff(k, last)
            ruling = stale_ruling(path, self.books[k].bi.book, diff, short)
            info = self.books[last].bi.info
            page = diff_path(info.game, info.document, version, info.version)
            rules = tuple(
                AffectedRule(touch.cited, both(partial(touch_text, touch)), f"{page}#{anchor(touch.change)}")
                for touch in ruling.touches
            )
            rerun = both(partial(rerun_text, ruling)) if ruling.rerun is not None else ""
            notice = StaleNotice(version, info.version, page, rules, ruling.same_ruling, rerun)
        self.notices[(path, version)] = notice
        return notice

    def _step(self, event: HistoryEvent, k: int, *, current: bool) -> HistoryStep:
        removed = event.kind is HistoryKind.REMOVED
        here = self.books[k - 1] if removed else self.books[k]
        ids = tuple(_link(here, i) for i in event.ids)
        previous: tuple[Link, ...] = ()
        if k and event.previous_ids and event.previous_ids != event.ids:
            previous = tuple(_link(self.books[k - 1], i) for i in event.previous_ids)
        diff = ""
        if event.change is not None and k:
            info = self.books[k].bi.info
            page = diff_path(info.game, info.document, self.books[k - 1].bi.info.version, info.version)
            diff = f"{page}#{anchor(event.change)}"
        ops = event.change.ops if event.change is not None and event.kind is HistoryKind.EDITED else ()
        words = ui(HISTORY_WORDS[event.kind])
        return HistoryStep(event.version, event.kind, words, ids, previous, diff, ops, current)


def diff_words(phrase: Phrase) -> Markup:
    """A diff page's words (:class:`~judgekit.render.diff_html.Phrase`) in both languages."""
    return both_html(phrase.html)


def both(words: Callable[[Translate], str]) -> UiText:
    """Words the version renderers write (:func:`judgekit.render.versions.touch_text`), in both languages."""
    return UiText(words(translations("ja").gettext), words(translations("en").gettext))


def _link(book: BookPages, rule_id: str) -> Link:
    """A link to a rule's own page in ``book`` (the id as text when the book has no such rule)."""
    if rule_id not in book.views:
        return Link(rule_id, "")
    view = book.views[rule_id]
    return Link(rule_id, view.page, book.bi.info.version, view.anchor)


class _Links:
    """Links a diff page's rule ids to both versions' rule pages, noting the previews it needs."""

    def __init__(self, page: DiffPage) -> None:
        self.page = page
        self.used: dict[str, set[str]] = {"old": set(), "new": set()}

    def __call__(self, side: str, rule_id: str) -> RuleTarget | None:
        book = self.page.old if side == "old" else self.page.new
        if rule_id not in book.views:
            return None
        view = book.views[rule_id]
        self.used[side].add(view.anchor)
        return RuleTarget(relative(self.page.path, view.page), f"{side}:{view.anchor}")


def diff_view(page: DiffPage, diff: BookDiff, scenarios: Sequence[ScenarioPage] = ()) -> dict[str, Any]:
    """What the diff page's template gets: the diff drawn by the shared renderer, its previews,
    and the scenarios ruled under the older version whose citations its changes reach."""
    links = _Links(page)
    fragment: Markup = diff_fragment(diff, links=links, level=2, words=diff_words)
    previews = {f"old:{k}": v for k, v in page.old.previews_for(links.used["old"]).items()}
    previews.update({f"new:{k}": v for k, v in page.new.previews_for(links.used["new"]).items()})
    return {"diff": diff, "fragment": fragment, "previews": previews, "affected": affected(page, diff, scenarios)}


def affected(page: DiffPage, diff: BookDiff, scenarios: Sequence[ScenarioPage]) -> list[AffectedScenario]:
    """The scenarios ruled under the page's older version whose cited rules its changes reach."""
    from judgekit.render.versions import touch_text
    from judgekit.site.scenarios import ScenarioTitle
    from judgekit.versions import read_scenario_file, touches

    info = page.old.bi.info
    book = page.old.bi.book
    found = []
    for scenario in scenarios:
        pinned = (scenario.game, scenario.document, scenario.version)
        if scenario.file is None or pinned != (info.game, info.document, info.version):
            continue
        reached = touches(read_scenario_file(scenario.file, book).cited_ids(), diff, book)
        if reached:
            title = ScenarioTitle(scenario.text("title"))  # in the reader's language
            why = tuple(both(partial(touch_text, t)) for t in reached)
            found.append(AffectedScenario(title, scenario.path, why))
    return found
