"""Version diff pages: what changed between consecutive versions of a document, rule by rule.

For every document held in two or more versions, :func:`rules_index.diff.diff_books` compares
each version with the one before; the page lists every entry (added, removed, changed,
renumbered, moved, split, merged) with its inline diff, links to both versions' rule pages,
term changes, stale references, and the publisher's changelog beside what the diff found.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from judgekit.site.books import BookPages, Link
from judgekit.site.layout import GamePaths, safe_name

if TYPE_CHECKING:
    from rules_index.catalog import Game
    from rules_index.diff import BookDiff, RuleChange


@dataclass(frozen=True, slots=True)
class DiffPage:
    """One diff between two consecutive versions of a document."""

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


def diff_pages(game: Game, books: dict[tuple[str, str, str], BookPages]) -> list[DiffPage]:
    """The diff pages of ``game``: each document's consecutive versions, oldest pair first."""
    out = []
    paths = GamePaths(game.id)
    for doc in game.documents:
        for before, after in zip(doc.versions, doc.versions[1:], strict=False):
            old = books[(before.game, before.document, before.version)]
            new = books[(after.game, after.document, after.version)]
            name = f"{safe_name(doc.id)}--{safe_name(before.version)}--{safe_name(after.version)}"
            out.append(DiffPage(old, new, f"{paths.base}/diff/{name}.html"))
    return out


def diff_view(page: DiffPage) -> dict[str, Any]:
    """What the diff page's template gets."""
    from rules_index.diff import diff_books

    diff: BookDiff = diff_books(page.old.bi.book, page.new.bi.book)
    entries = [_entry(page, e) for e in diff.entries]
    counts = Counter(e.kind.value for e in diff.entries)
    keys_old = {link.preview for e in entries for link in e["old"] if link.preview}
    keys_new = {link.preview for e in entries for link in e["new"] if link.preview}
    previews = {f"old:{k}": v for k, v in page.old.previews_for(keys_old).items()}
    previews.update({f"new:{k}": v for k, v in page.new.previews_for(keys_new).items()})
    for entry in entries:
        entry["old"] = [_prefixed(link, "old") for link in entry["old"]]
        entry["new"] = [_prefixed(link, "new") for link in entry["new"]]
    claims = []
    if diff.changelog is not None:
        for claim in diff.changelog.claims:
            claims.append(
                {
                    "claim": claim,
                    "found": [c.label for c in claim.found],
                }
            )
    return {
        "diff": diff,
        "entries": entries,
        "counts": sorted(counts.items()),
        "claims": claims,
        "unlisted": [e.label for e in diff.changelog.unlisted] if diff.changelog else [],
        "terms": [
            {
                "change": t,
                "old": _rule(page.old, t.old_rule_id),
                "new": _rule(page.new, t.new_rule_id),
            }
            for t in diff.terms
        ],
        "stale": [
            {"ref": s, "rule": _rule(page.new, s.rule_id), "now": _rule(page.new, s.now)} for s in diff.stale_references
        ],
        "previews": previews,
    }


def _entry(page: DiffPage, entry: RuleChange) -> dict[str, Any]:
    return {
        "entry": entry,
        "old": [link for link in (_rule(page.old, i) for i in entry.old_ids) if link is not None],
        "new": [link for link in (_rule(page.new, i) for i in entry.new_ids) if link is not None],
    }


def _rule(book: BookPages, rule_id: str | None) -> Link | None:
    if rule_id is None or rule_id not in book.bi.rules:
        return None
    view = book.views[rule_id]
    return Link(rule_id, view.page, "", view.anchor)


def _prefixed(link: Link, side: str) -> Link:
    return Link(link.label, link.path, link.note, f"{side}:{link.preview}" if link.preview else "")
