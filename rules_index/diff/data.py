"""A diff as plain data (JSON output, the site)."""

from __future__ import annotations

from typing import Any

from rules_index.diff.model import BookDiff, RuleChange


def diff_data(diff: BookDiff) -> dict[str, Any]:
    """The diff as plain data (for JSON output and the site)."""
    data: dict[str, Any] = {
        "game": diff.new.game,
        "document": diff.new.document,
        "old": diff.old.version,
        "new": diff.new.version,
        "counts": diff.counts(),
        "entries": [change_data(entry) for entry in diff.entries],
        "parts": [change_data(entry) for entry in diff.parts],
        "terms": [
            {
                "kind": term.kind.value,
                "key": term.key,
                "name": term.name,
                "old_rule": term.old_rule_id,
                "new_rule": term.new_rule_id,
                "rules": list(term.rules),
            }
            for term in diff.terms
        ],
        "stale_references": [{"rule": s.rule_id, "target": s.target, "now": s.now} for s in diff.stale_references],
        "mapping": {old_id: new_id for old_id, new_id in diff.mapping if old_id != new_id},
        "changelog": None,
    }
    if diff.changelog is not None:
        data["changelog"] = {
            "versions": list(diff.changelog.versions),
            "claims": [
                {
                    "version": claim.version,
                    "date": claim.date,
                    "text": claim.text,
                    "action": claim.action.value,
                    "status": claim.status.value,
                    "targets": [f"{t.side}:{t.rule_id}" for t in claim.targets],
                    "found": [{"kind": e.kind.value, "label": e.label} for e in claim.found],
                }
                for claim in diff.changelog.claims
            ],
            "unlisted": [{"kind": e.kind.value, "label": e.label} for e in diff.changelog.unlisted],
        }
    return data


def change_data(entry: RuleChange) -> dict[str, Any]:
    """One diff entry as plain data."""
    return {
        "kind": entry.kind.value,
        "old_ids": list(entry.old_ids),
        "new_ids": list(entry.new_ids),
        "relocation": entry.relocation.value,
        "wording": entry.wording.value,
        "similarity": entry.similarity,
        "old_parent": entry.old_parent,
        "new_parent": entry.new_parent,
        "moved_with": entry.moved_with,
        "old_text": entry.old_text,
        "new_text": entry.new_text,
        "ops": [[op.kind.value, op.text] for op in entry.ops],
        "references": [
            {"old": ref.old_target, "new": ref.new_target, "status": ref.status.value} for ref in entry.references
        ],
    }
