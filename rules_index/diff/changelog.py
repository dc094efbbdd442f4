"""Stage 4: the publisher's changelog set beside the diff, line by line.

Each line of the new version's changelog since the old version is resolved to the rules it
names and compared with the entries found there; lines the diff does not bear out and
entries no line names are both listed.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules_index.diff.model import ChangelogCheck, ChangelogClaim, ClaimAction, ClaimStatus, ClaimTarget, RuleChange
from rules_index.model import ChangeEntry, RuleBook
from rules_index.normalize import nfkc, search_key

_ACTIONS: tuple[tuple[str, ClaimAction], ...] = (
    ("移動", ClaimAction.MOVED),
    ("削除", ClaimAction.REMOVED),
    ("追加", ClaimAction.ADDED),
    ("追記", ClaimAction.ADDED),
    ("更新", ClaimAction.CHANGED),
    ("明記", ClaimAction.CHANGED),
    ("変更", ClaimAction.CHANGED),
    ("修正", ClaimAction.CHANGED),
)
"""Changelog verbs, the most specific first (``移動`` lines also name where things went)."""
_CLAIM_ID = re.compile(r"(?<![0-9.])\d+(?:\.\d+)+[a-z]?(?:-\d+)?")


def check_changelog(old: RuleBook, new: RuleBook, changes: Sequence[RuleChange]) -> ChangelogCheck | None:
    """What the publisher's changelog says changed since ``old``, set beside the diff's ``changes``.

    The lines compared are those of the new version's changelog entries after the old
    version, up to the new one (by version number when both parse, else the entries the old
    changelog lacks). A line is resolved to rules by the rule ids it prints (FFTCG) or the
    section titles it names (Divine Cross: ``ゲーム上の用語にて、じゃんけんの項目を更新``):
    the longest title at each place, the innermost titles inside the outer ones.
    """
    entries = _changelog_since(old, new)
    if not entries:
        return None
    old_side = _Titles.of(old)
    new_side = _Titles.of(new)
    claims: list[ChangelogClaim] = []
    covered: set[int] = set()
    for entry in entries:
        for line in entry.changes:
            targets = _claim_targets(line, old_side, new_side)
            found_at = [k for k, change in enumerate(changes) if _covers(change, targets, old_side, new_side)]
            covered.update(found_at)
            if not targets:
                status = ClaimStatus.UNRESOLVED
            elif found_at:
                status = ClaimStatus.CONFIRMED
            else:
                status = ClaimStatus.NOT_FOUND
            claims.append(
                ChangelogClaim(
                    version=entry.version,
                    date=entry.date,
                    text=line,
                    action=_claim_action(line),
                    targets=targets,
                    found=tuple(changes[k] for k in found_at),
                    status=status,
                )
            )
    unlisted = tuple(change for k, change in enumerate(changes) if k not in covered)
    return ChangelogCheck(tuple(e.version for e in entries), tuple(claims), unlisted)


def _changelog_since(old: RuleBook, new: RuleBook) -> list[ChangeEntry]:
    """The new changelog's entries after the old version, up to the new one."""
    low, high = _version_key(old.info.version), _version_key(new.info.version)
    chosen = []
    old_versions = {entry.version for entry in old.changelog}
    for entry in new.changelog:
        key = _version_key(entry.version)
        if low is not None and high is not None and key is not None:
            if low < key <= high:
                chosen.append(entry)
        elif old_versions:
            if entry.version not in old_versions:
                chosen.append(entry)
        elif entry.version == new.info.version:
            chosen.append(entry)
    return chosen


def _version_key(version: str) -> tuple[int, ...] | None:
    """``1.0.16`` → (1, 0, 16); None when the version is not dotted numbers."""
    if not re.fullmatch(r"\d+(?:\.\d+)*", version):
        return None
    return tuple(int(part) for part in version.split("."))


def _claim_action(line: str) -> ClaimAction:
    for verb, action in _ACTIONS:
        if verb in line:
            return action
    return ClaimAction.UNKNOWN


@dataclass(frozen=True, slots=True)
class _Titles:
    """A version's titled rules and structure, for resolving changelog lines."""

    titles: tuple[tuple[str, str], ...]
    """(search key of the title, rule id) of every titled rule, in document order."""
    ids: frozenset[str]
    """Every rule id."""
    parent: Mapping[str, str | None]
    """Parent id of each id."""

    @staticmethod
    def of(book: RuleBook) -> _Titles:
        """The titles and structure of ``book``."""
        return _Titles(
            titles=tuple((title, r.id) for r in book.rules if r.title for title in _title_forms(r.title)),
            ids=frozenset(r.id for r in book.rules),
            parent={r.id: r.parent for r in book.rules},
        )

    def ancestors(self, rule_id: str) -> list[str]:
        """The ids above ``rule_id``, nearest first."""
        chain = []
        parent = self.parent.get(rule_id)
        while parent is not None:
            chain.append(parent)
            parent = self.parent.get(parent)
        return chain


def _title_forms(title: str) -> list[str]:
    """The search keys a changelog may name a title by: the whole title, and for a labelled
    title (``付録 A：作品名一覧``, ``Appendix B: Formats``) the name after its label."""
    forms = [search_key(title)]
    label, colon, name = title.rpartition("：") if "：" in title else title.rpartition(":")
    if colon and label.strip() and len(search_key(name)) >= 3:
        forms.append(search_key(name))
    return forms


def _claim_targets(line: str, old: _Titles, new: _Titles) -> tuple[ClaimTarget, ...]:
    """The rules a changelog line names: printed ids first, else titles (innermost, in scope)."""
    printed = [m.group(0).rstrip(".") for m in _CLAIM_ID.finditer(nfkc(line))]
    by_id = []
    for rule_id in printed:
        if rule_id in new.ids:
            by_id.append(ClaimTarget("new", rule_id))
        elif rule_id in old.ids:
            by_id.append(ClaimTarget("old", rule_id))
    if by_id:
        return tuple(dict.fromkeys(by_id))
    key = search_key(line)
    readings = [(side, *_innermost(_named_rules(key, titles), titles)) for side, titles in (("new", new), ("old", old))]
    scoped = [(side, items) for side, items, in_scope in readings if in_scope and items]
    chosen = scoped or [(side, items) for side, items, _ in readings]
    return tuple(dict.fromkeys(ClaimTarget(side, rule_id) for side, items in chosen for rule_id in items))


def _named_rules(key: str, titles: _Titles) -> list[str]:
    """Ids of rules whose title the line names, the longest title winning at each place."""
    spans: list[tuple[int, int, str]] = []
    for title, rule_id in titles.titles:
        if not title:
            continue
        start = key.find(title)
        while start != -1:
            spans.append((start, start + len(title), rule_id))
            start = key.find(title, start + 1)
    kept: list[tuple[int, int, str]] = []
    for start, end, rule_id in spans:
        inside_longer = any(s <= start and end <= e and (e - s) > (end - start) for s, e, _ in spans)
        if not inside_longer:
            kept.append((start, end, rule_id))
    return list(dict.fromkeys(rule_id for _, _, rule_id in sorted(kept)))


def _innermost(named: list[str], titles: _Titles) -> tuple[list[str], bool]:
    """The items a line names, and whether they were read inside a named scope.

    ``ゲーム上の用語にて、じゃんけんの項目`` names 900 and 916: 900 is the scope, 916 the
    item. When some named rules lie under others, the items are those under a scope and no
    other named rule lies under; otherwise every named rule is an item.
    """
    ancestors = {rule_id: set(titles.ancestors(rule_id)) for rule_id in named}
    scopes = {a for rule_id in named for a in ancestors[rule_id] if a in named}
    if not scopes:
        return list(named), False
    return [rule_id for rule_id in named if rule_id not in scopes and ancestors[rule_id] & scopes], True


def _covers(change: RuleChange, targets: tuple[ClaimTarget, ...], old: _Titles, new: _Titles) -> bool:
    """Whether a diff entry lies within one of the targets (the rule or under it)."""
    for target in targets:
        titles, ids = (old, change.old_ids) if target.side == "old" else (new, change.new_ids)
        for rule_id in ids:
            if rule_id == target.rule_id or target.rule_id in titles.ancestors(rule_id):
                return True
    return False
