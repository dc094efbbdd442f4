"""Renderers for version diffs, citation migrations and impact reports.

Text for a terminal (an inline diff as ``[-old-]{+new+}``, or coloured), Markdown fit for a
pull-request comment, JUnit XML for CI, and plain data for JSON. Every renderer is a pure
function of its report and prints in the report's (deterministic) order.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import Any

from judgekit.versions import (
    MEANING_KINDS,
    CitationMove,
    FileMigration,
    ImpactReport,
    Relation,
    RuleTimeline,
    ScenarioImpact,
    StaleRuling,
    Touch,
)
from rules_index.diff import (
    BookDiff,
    ChangeKind,
    ClaimStatus,
    DiffOp,
    Fate,
    HistoryEvent,
    HistoryKind,
    OpKind,
    RuleChange,
    TermChangeKind,
    change_data,
    diff_data,
)

Style = Callable[[str, str], str]
"""(text, role) → styled text; roles: ``delete``, ``insert``, ``head``, ``dim``."""

_MARKS = {
    ChangeKind.ADDED: "+",
    ChangeKind.REMOVED: "-",
    ChangeKind.CHANGED: "~",
    ChangeKind.REFERENCE_ONLY: "#",
    ChangeKind.MOVED: ">",
    ChangeKind.RENUMBERED: "=",
    ChangeKind.SPLIT: "<",
    ChangeKind.MERGED: ">",
}
"""One-character mark per kind, for the text diff."""


def plain_style(text: str, role: str) -> str:
    """No colour: deletions as ``[-…-]``, insertions as ``{+…+}`` (wdiff style)."""
    if role == "delete":
        return f"[-{text}-]"
    if role == "insert":
        return f"{{+{text}+}}"
    return text


def inline_text(ops: tuple[DiffOp, ...], style: Style) -> str:
    """An inline diff as one text."""
    return "".join(style(op.text, op.kind.value) if op.kind is not OpKind.EQUAL else op.text for op in ops)


def book_title(diff: BookDiff, short: str) -> str:
    """``DC comprehensive 1.0.15 → 1.0.16``."""
    return f"{short} {diff.new.document} {diff.old.version} → {diff.new.version}"


def counts_text(diff: BookDiff) -> str:
    """``8 changes (3 added, 1 changed, …)`` or ``no changes``."""
    if diff.is_empty:
        return "no changes"
    counts = diff.counts()
    parts = ", ".join(f"{n} {kind}" for kind, n in counts.items())
    total = len(diff.entries)
    extra = []
    if diff.parts:
        extra.append(f"{len(diff.parts)} change(s) outside the rules")
    if diff.terms:
        extra.append(f"{len(diff.terms)} term change(s)")
    if diff.stale_references:
        extra.append(f"{len(diff.stale_references)} stale reference(s)")
    tail = f"; {', '.join(extra)}" if extra else ""
    return f"{total} change(s) ({parts}){tail}" if total else ", ".join(extra)


def change_line(entry: RuleChange) -> str:
    """The one-line summary of an entry: mark, ids, kind and where it went."""
    ids = entry.label.removeprefix("+ ").removeprefix("− ")
    line = f"{_MARKS[entry.kind]} {ids}  {entry.kind.value}"
    if entry.kind is ChangeKind.MOVED and entry.moved_with is None:
        line += f" (from {entry.old_parent or 'the top'} to {entry.new_parent or 'the top'})"
    elif entry.moved_with is not None:
        line += f" with {entry.moved_with}"
    if entry.kind is ChangeKind.CHANGED and entry.old_ids != entry.new_ids:
        line += f" ({entry.relocation.value})"
    if entry.references:
        refs = ", ".join(f"{r.old_target} → {r.new_target} ({r.status.value})" for r in entry.references)
        line += f"; references: {refs}"
    return line


def diff_text(diff: BookDiff, short: str, style: Style = plain_style) -> str:
    """The diff for a terminal: summary, entries with inline diffs, terms, stale references, changelog."""
    lines = [style(f"{book_title(diff, short)}: {counts_text(diff)}", "head")]
    for entry in diff.entries:
        lines.append(change_line(entry))
        body = _entry_body(entry, style)
        lines.extend(f"    {part}" for part in body.splitlines() if part.strip())
    if diff.parts:
        lines += ["", style("Glossary, appendices and other parts:", "head")]
        for entry in diff.parts:
            lines.append(change_line(entry))
            body = _entry_body(entry, style)
            lines.extend(f"    {part}" for part in body.splitlines() if part.strip())
    if diff.terms:
        lines += ["", style("Terms:", "head")]
        for term in diff.terms:
            mark = {TermChangeKind.ADDED: "+", TermChangeKind.REMOVED: "-", TermChangeKind.REDEFINED: "~"}[term.kind]
            where = term.new_rule_id or term.old_rule_id
            detail = f": {', '.join(term.rules)}" if term.rules else ""
            lines.append(f"  {mark} {term.name} ({where}) {term.kind.value}{detail}")
    if diff.stale_references:
        lines += ["", style("Stale references:", "head")]
        for stale in diff.stale_references:
            lines.append(f"  {stale.rule_id} still cites {stale.target}, which is now {stale.now or 'gone'}")
    if diff.changelog is not None:
        versions = ", ".join(diff.changelog.versions)
        lines += ["", style(f"Publisher's changelog ({versions}) beside the diff:", "head")]
        marks = {ClaimStatus.CONFIRMED: "ok", ClaimStatus.NOT_FOUND: "NOT FOUND", ClaimStatus.UNRESOLVED: "?"}
        for claim in diff.changelog.claims:
            found = ", ".join(e.label for e in claim.found) or "nothing"
            lines.append(f"  [{marks[claim.status]}] {claim.version}: {claim.text}")
            targets = ", ".join(f"{t.side} {t.rule_id}" for t in claim.targets) or "no rule named"
            lines.append(style(f"      names {targets}; the diff found {found}", "dim"))
        if diff.changelog.unlisted:
            unlisted = ", ".join(e.label for e in diff.changelog.unlisted)
            lines.append(f"  not in the changelog: {unlisted}")
    return "\n".join(lines) + "\n"


def _entry_body(entry: RuleChange, style: Style) -> str:
    if entry.kind is ChangeKind.ADDED:
        return entry.new_text
    if entry.kind is ChangeKind.REMOVED:
        return style(entry.old_text, "dim")
    if entry.ops:
        return inline_text(entry.ops, style)
    return ""


# --------------------------------------------------------------------------- history

HISTORY_WORDS = {
    HistoryKind.HELD: "in the oldest version held",
    HistoryKind.CREATED: "added",
    HistoryKind.UNCHANGED: "unchanged",
    HistoryKind.EDITED: "wording changed",
    HistoryKind.REFERENCE_ONLY: "only its cross-reference numbers changed",
    HistoryKind.RENUMBERED: "renumbered",
    HistoryKind.MOVED: "moved",
    HistoryKind.SPLIT: "split",
    HistoryKind.MERGED: "merged",
    HistoryKind.REMOVED: "removed",
}
"""What each history step says."""


def history_line(event: HistoryEvent) -> str:
    """One version of a rule's history: what happened and where it went."""
    ids = ", ".join(event.ids)
    line = HISTORY_WORDS[event.kind]
    change = event.change
    if event.previous_ids and event.previous_ids != event.ids and event.kind is not HistoryKind.REMOVED:
        line += f" (was {', '.join(event.previous_ids)})"
    if change is not None and event.kind is HistoryKind.MOVED:
        if change.moved_with is not None:
            line += f" with {change.moved_with}"
        else:
            line += f" from {change.old_parent or 'the top'} to {change.new_parent or 'the top'}"
    if change is not None and change.references:
        line += "; references: " + ", ".join(f"{r.old_target} → {r.new_target}" for r in change.references)
    return f"{ids}  {line}"


def history_text(timeline: RuleTimeline, style: Style = plain_style) -> str:
    """A rule's history for a terminal, oldest version first, with the inline diff of each rewording."""
    held = ", ".join(timeline.versions)
    head = f"{timeline.short} {timeline.rule_id} ({timeline.document} {timeline.version}): history across {held}"
    lines = [style(head, "head")]
    width = max((len(v) for v in timeline.versions), default=0)
    for event in timeline.events:
        lines.append(f"  {event.version:<{width}}  {history_line(event)}")
        if event.change is not None and event.kind is HistoryKind.EDITED and event.change.ops:
            body = inline_text(event.change.ops, style)
            lines.extend(f"  {'':<{width}}      {part}" for part in body.splitlines() if part.strip())
    return "\n".join(lines) + "\n"


def history_data(timeline: RuleTimeline) -> dict[str, Any]:
    """A rule's history as plain data."""
    return {
        "game": timeline.game,
        "document": timeline.document,
        "rule": timeline.rule_id,
        "version": timeline.version,
        "versions": list(timeline.versions),
        "events": [
            {
                "version": event.version,
                "kind": event.kind.value,
                "ids": list(event.ids),
                "previous_ids": list(event.previous_ids),
                "change": change_data(event.change) if event.change is not None else None,
            }
            for event in timeline.events
        ],
    }


# --------------------------------------------------------------------------- migrate


def migration_text(plans: tuple[FileMigration, ...], diff: BookDiff, style: Style = plain_style) -> str:
    """Each scenario file's citations and where they lead; what must be reviewed."""
    lines: list[str] = []
    for plan in plans:
        if plan.skipped:
            lines.append(style(f"{plan.file.path}: skipped ({plan.skipped})", "dim"))
            continue
        grouped = _by_id(plan)
        same = sum(1 for moves in grouped.values() if moves[0].fate.fate is Fate.UNCHANGED)
        versions = f"{diff.old.version} → {diff.new.version}"
        head = f"{plan.file.path} ({versions}): {len(grouped)} cited id(s), {same} unchanged"
        lines.append(style(head, "head"))
        for rule_id, moves in grouped.items():
            fate = moves[0].fate
            if fate.fate is Fate.UNCHANGED:
                continue
            keys = ", ".join(dict.fromkeys(m.citation.key for m in moves))
            target = ", ".join(fate.new_ids) or "-"
            note = "REVIEW" if fate.needs_review else "ok"
            lines.append(f"  {rule_id:<10} → {target:<18} {fate.fate.value:<10} {note:<6} {keys}")
    review = sum(len({m.citation.rule_id for m in p.review}) for p in plans)
    rewrites = sum(len(p.rewrites) for p in plans)
    files = sum(1 for p in plans if not p.skipped)
    lines.append(f"{files} scenario file(s): {rewrites} cited id(s) to rewrite, {review} to review")
    return "\n".join(lines) + "\n"


def _by_id(plan: FileMigration) -> dict[str, list[CitationMove]]:
    """A file's citations grouped by id, in order of first citation."""
    grouped: dict[str, list[CitationMove]] = {}
    for move in plan.moves:
        grouped.setdefault(move.citation.rule_id, []).append(move)
    return grouped


def migration_data(plans: tuple[FileMigration, ...], diff: BookDiff) -> dict[str, Any]:
    """The migration as plain data."""
    return {
        "game": diff.old.game,
        "document": diff.old.document,
        "old": diff.old.version,
        "new": diff.new.version,
        "files": [
            {
                "path": str(plan.file.path),
                "skipped": plan.skipped or None,
                "citations": [
                    {
                        "id": move.citation.rule_id,
                        "key": move.citation.key,
                        "place": move.citation.place.value,
                        "fate": move.fate.fate.value,
                        "new_ids": list(move.fate.new_ids),
                        "review": move.fate.needs_review,
                    }
                    for move in plan.moves
                ],
            }
            for plan in plans
        ],
    }


# --------------------------------------------------------------------------- impact


def touch_text(touch: Touch) -> str:
    """Why a citation is reached: ``1102.1 changed``, ``under 1102: 1102.1 changed``,
    ``via 604.2 → 804 → 804.2c-1: 804.2c-1 changed``."""
    what = f"{touch.changed} {touch.change.kind.value}"
    if touch.relation is Relation.DIRECT:
        return what
    if touch.relation is Relation.UNDER:
        return f"under {touch.cited}: {what}"
    return f"via {' → '.join(touch.path)}: {what}"


def rerun_text(impact: ScenarioImpact | StaleRuling) -> str:
    """How the re-run went, in a few words."""
    rerun = impact.rerun
    if rerun is None:
        return "not run"
    if rerun.error:
        return f"error: {rerun.error}"
    if rerun.ok:
        return "same ruling"
    parts = []
    if rerun.outcome_differs:
        parts.append("the outcome differs")
    if rerun.first_step is not None:
        parts.append(f"the trace differs from step {rerun.first_step}")
    if not parts:
        parts.append("expectations fail")
    return "; ".join(parts)


def stale_text(stale: StaleRuling, same_ruling: bool | None = None) -> str:
    """One warning line: the scenario, its edition, the newer edition, the cited rules it changed, the re-run.

    ``same_ruling`` is what a caller that has just run the scenario knows (``judgekit check``);
    otherwise the stale ruling's own re-run is told.
    """
    file = stale.file
    head = f"{file.path}: ruled under {stale.short} {file.document} {file.version}; {stale.newest} is held"
    if not stale.touches:
        return f"{head}, and none of the rules it cites changed"
    changed = "; ".join(
        touch_text(t) if t.relation is not Relation.DIRECT else f"{t.cited} {t.change.kind.value}"
        for t in stale.touches
    )
    if same_ruling is None:
        rerun = rerun_text(stale)
    else:
        rerun = "same ruling" if same_ruling else "the ruling differs from its golden trace"
    return f"{head} and changes rules it cites: {changed}; re-run under the current engine: {rerun}"


def impact_markdown(report: ImpactReport, short: str) -> str:
    """The impact report as Markdown, fit for a pull-request comment."""
    diff = report.diff
    lines = [f"## Impact of {book_title(diff, short)}", "", f"Rules: {counts_text(diff)}."]
    meaning = [e for e in diff.entries if e.kind in MEANING_KINDS]
    if meaning:
        listed = ", ".join(f"`{e.label}` ({e.kind.value})" for e in meaning)
        lines.append(f"Changes that can alter a ruling: {listed}.")
    ran = [s for s in report.scenarios if s.rerun is not None]
    failed = report.failed
    lines += [
        "",
        f"{len(report.scenarios)} scenario(s) ruled under {diff.old.version}: "
        f"{len(report.affected)} cite a changed rule; {len(ran)} re-run, {len(failed)} with a different ruling.",
    ]
    if report.affected:
        lines += ["", "### Scenarios citing a changed rule", ""]
        lines += ["| scenario | cites | why | re-run |", "|---|---|---|---|"]
        for impact in report.affected:
            cites = ", ".join(f"`{c}`" for c in dict.fromkeys(t.cited for t in impact.touches))
            why = "; ".join(touch_text(t) for t in impact.touches)
            rerun = _cell(_mark(impact) + rerun_text(impact))
            lines.append(f"| {_cell(impact.file.name)} | {cites} | {_cell(why)} | {rerun} |")
    others = [s for s in report.scenarios if not s.affected]
    if others:
        lines += ["", "### Other scenarios", ""]
        for impact in others:
            lines.append(f"- {impact.file.name}: {_mark(impact)}{rerun_text(impact)}")
    if failed:
        lines += ["", "### Rulings that differ from the golden traces", ""]
        for impact in failed:
            assert impact.rerun is not None
            lines.append(f"- **{impact.file.name}** ({impact.file.path})")
            for finding in impact.rerun.findings or (impact.rerun.error,):
                lines.append(f"  - {finding}")
    if report.skipped:
        lines += ["", f"{len(report.skipped)} scenario file(s) not ruled under {diff.old.version} were skipped."]
    return "\n".join(lines) + "\n"


def _mark(impact: ScenarioImpact) -> str:
    if impact.rerun is None:
        return ""
    return "✅ " if impact.rerun.ok else "❌ "


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def impact_junit(report: ImpactReport, short: str) -> str:
    """The re-runs as JUnit XML: one test case per scenario re-run, failing when its ruling differs."""
    diff = report.diff
    suite = ET.Element("testsuite", name=f"impact {book_title(diff, short)}")
    cases = 0
    failures = 0
    errors = 0
    for impact in report.scenarios:
        if impact.rerun is None:
            continue
        cases += 1
        case = ET.SubElement(
            suite,
            "testcase",
            classname=f"scenarios.{impact.file.game}",
            name=impact.file.name,
            file=str(impact.file.path),
        )
        properties = ET.SubElement(case, "properties")
        for touch in impact.touches:
            ET.SubElement(properties, "property", name=f"cites {touch.cited}", value=touch_text(touch))
        if impact.rerun.error:
            errors += 1
            ET.SubElement(case, "error", message=impact.rerun.error)
        elif not impact.rerun.ok:
            failures += 1
            failure = ET.SubElement(case, "failure", message=rerun_text(impact))
            failure.text = "\n".join(impact.rerun.findings)
        if not len(properties):
            case.remove(properties)
    suite.set("tests", str(cases))
    suite.set("failures", str(failures))
    suite.set("errors", str(errors))
    ET.indent(suite)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(suite, encoding="unicode") + "\n"


def impact_data(report: ImpactReport) -> dict[str, Any]:
    """The impact report as plain data."""
    diff = report.diff
    return {
        "game": diff.old.game,
        "document": diff.old.document,
        "old": diff.old.version,
        "new": diff.new.version,
        "counts": diff.counts(),
        "scenarios": [
            {
                "name": impact.file.name,
                "path": str(impact.file.path),
                "affected": impact.affected,
                "touches": [
                    {
                        "cited": t.cited,
                        "relation": t.relation.value,
                        "path": list(t.path),
                        "change": t.change.kind.value,
                        "label": t.change.label,
                    }
                    for t in impact.touches
                ],
                "rerun": None
                if impact.rerun is None
                else {
                    "ok": impact.rerun.ok,
                    "outcome_differs": impact.rerun.outcome_differs,
                    "first_step": impact.rerun.first_step,
                    "findings": list(impact.rerun.findings),
                    "error": impact.rerun.error or None,
                },
            }
            for impact in report.scenarios
        ],
        "skipped": [{"path": str(path), "why": why} for path, why in report.skipped],
        "diff": diff_data(diff),
    }
