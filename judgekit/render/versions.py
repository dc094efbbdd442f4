"""Renderers for version diffs, citation migrations and impact reports.

Text for a terminal (an inline diff as ``[-old-]{+new+}``, or coloured), Markdown fit for a
pull-request comment, JUnit XML for CI, and plain data for JSON. Every renderer is a pure
function of its report and prints in the report's (deterministic) order.

The words are the interface's: the command line's language (:func:`judgekit.i18n.gettext`)
by default; the functions the site shares (:func:`touch_text`, :func:`rerun_text`) take the
translation to use, so the site writes both languages. Machine formats (data, JUnit) stay
neutral.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import Any

from judgekit.i18n import N_
from judgekit.i18n import gettext as _
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

Translate = Callable[[str], str]
"""An English message id → its text in one language (``judgekit.i18n.gettext`` or a catalog's)."""

CHANGE_WORDS = {
    "added": N_("added"),
    "removed": N_("removed"),
    "changed": N_("changed"),
    "reference-only": N_("reference-only"),
    "moved": N_("moved"),
    "renumbered": N_("renumbered"),
    "split": N_("split"),
    "merged": N_("merged"),
    "redefined": N_("redefined"),
    "unchanged": N_("unchanged"),
    "unknown": N_("unknown"),
    "followed": N_("followed"),
    "retargeted": N_("retargeted"),
    "stale": N_("stale"),
}
"""How the kinds of change (of rules, terms, references and cited ids) are printed; the data keeps the value."""


def english(message: str) -> str:
    """A message id as it is: English (for machine formats, which stay neutral)."""
    return message


def change_word(value: str, tr: Translate | None = None) -> str:
    """A kind of change (its enum value) as a word of the interface."""
    word = CHANGE_WORDS.get(value, value)
    return (tr or _)(word)


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
        return _("no changes")
    counts = diff.counts()
    parts = ", ".join(_("{n} {kind}").format(n=n, kind=change_word(kind)) for kind, n in counts.items())
    total = len(diff.entries)
    extra = []
    if diff.parts:
        extra.append(_("{n} change(s) outside the rules").format(n=len(diff.parts)))
    if diff.terms:
        extra.append(_("{n} term change(s)").format(n=len(diff.terms)))
    if diff.stale_references:
        extra.append(_("{n} stale reference(s)").format(n=len(diff.stale_references)))
    tail = f"; {', '.join(extra)}" if extra else ""
    return _("{n} change(s) ({kinds})").format(n=total, kinds=parts) + tail if total else ", ".join(extra)


def change_line(entry: RuleChange) -> str:
    """The one-line summary of an entry: mark, ids, kind and where it went."""
    ids = entry.label.removeprefix("+ ").removeprefix("− ")
    line = f"{_MARKS[entry.kind]} {ids}  {change_word(entry.kind.value)}"
    if entry.kind is ChangeKind.MOVED and entry.moved_with is None:
        line += " " + _("(from {old} to {new})").format(old=_parent(entry.old_parent), new=_parent(entry.new_parent))
    elif entry.moved_with is not None:
        line += " " + _("with {rule}").format(rule=entry.moved_with)
    if entry.kind is ChangeKind.CHANGED and entry.old_ids != entry.new_ids:
        line += f" ({change_word(entry.relocation.value)})"
    if entry.references:
        refs = ", ".join(f"{r.old_target} → {r.new_target} ({change_word(r.status.value)})" for r in entry.references)
        line += "; " + _("references: {refs}").format(refs=refs)
    return line


def _parent(rule_id: str | None) -> str:
    """A parent rule's id, or the top of the document."""
    return rule_id or _("the top")


def diff_text(diff: BookDiff, short: str, style: Style = plain_style) -> str:
    """The diff for a terminal: summary, entries with inline diffs, terms, stale references, changelog."""
    lines = [style(f"{book_title(diff, short)}: {counts_text(diff)}", "head")]
    for entry in diff.entries:
        lines.append(change_line(entry))
        body = _entry_body(entry, style)
        lines.extend(f"    {part}" for part in body.splitlines() if part.strip())
    if diff.parts:
        lines += ["", style(_("Glossary, appendices and other parts:"), "head")]
        for entry in diff.parts:
            lines.append(change_line(entry))
            body = _entry_body(entry, style)
            lines.extend(f"    {part}" for part in body.splitlines() if part.strip())
    if diff.terms:
        lines += ["", style(_("Terms:"), "head")]
        for term in diff.terms:
            mark = {TermChangeKind.ADDED: "+", TermChangeKind.REMOVED: "-", TermChangeKind.REDEFINED: "~"}[term.kind]
            where = term.new_rule_id or term.old_rule_id
            detail = f": {', '.join(term.rules)}" if term.rules else ""
            lines.append(f"  {mark} {term.name} ({where}) {change_word(term.kind.value)}{detail}")
    if diff.stale_references:
        lines += ["", style(_("Stale references:"), "head")]
        for stale in diff.stale_references:
            now = stale.now or _("gone")
            lines.append(
                "  "
                + _("{rule} still cites {target}, which is now {now}").format(
                    rule=stale.rule_id, target=stale.target, now=now
                )
            )
    if diff.changelog is not None:
        versions = ", ".join(diff.changelog.versions)
        lines += ["", style(_("Publisher's changelog ({versions}) beside the diff:").format(versions=versions), "head")]
        marks = {ClaimStatus.CONFIRMED: _("ok"), ClaimStatus.NOT_FOUND: _("NOT FOUND"), ClaimStatus.UNRESOLVED: "?"}
        for claim in diff.changelog.claims:
            found = ", ".join(e.label for e in claim.found) or _("nothing")
            lines.append(f"  [{marks[claim.status]}] {claim.version}: {claim.text}")
            targets = ", ".join(f"{t.side} {t.rule_id}" for t in claim.targets) or _("no rule named")
            lines.append(
                style(
                    "      " + _("names {targets}; the diff found {found}").format(targets=targets, found=found), "dim"
                )
            )
        if diff.changelog.unlisted:
            unlisted = ", ".join(e.label for e in diff.changelog.unlisted)
            lines.append("  " + _("not in the changelog: {changes}").format(changes=unlisted))
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
    HistoryKind.HELD: N_("in the oldest version held"),
    HistoryKind.CREATED: N_("added"),
    HistoryKind.UNCHANGED: N_("unchanged"),
    HistoryKind.EDITED: N_("wording changed"),
    HistoryKind.REFERENCE_ONLY: N_("only its cross-reference numbers changed"),
    HistoryKind.RENUMBERED: N_("renumbered"),
    HistoryKind.MOVED: N_("moved"),
    HistoryKind.SPLIT: N_("split"),
    HistoryKind.MERGED: N_("merged"),
    HistoryKind.REMOVED: N_("removed"),
}
"""What each history step says (English message ids: translate them where they are shown)."""


def history_line(event: HistoryEvent) -> str:
    """One version of a rule's history: what happened and where it went."""
    ids = ", ".join(event.ids)
    line = _(HISTORY_WORDS[event.kind])
    change = event.change
    if event.previous_ids and event.previous_ids != event.ids and event.kind is not HistoryKind.REMOVED:
        line += " " + _("(was {ids})").format(ids=", ".join(event.previous_ids))
    if change is not None and event.kind is HistoryKind.MOVED:
        if change.moved_with is not None:
            line += " " + _("with {rule}").format(rule=change.moved_with)
        else:
            line += " " + _("from {old} to {new}").format(
                old=_parent(change.old_parent), new=_parent(change.new_parent)
            )
    if change is not None and change.references:
        refs = ", ".join(f"{r.old_target} → {r.new_target}" for r in change.references)
        line += "; " + _("references: {refs}").format(refs=refs)
    return f"{ids}  {line}"


def history_text(timeline: RuleTimeline, style: Style = plain_style) -> str:
    """A rule's history for a terminal, oldest version first, with the inline diff of each rewording."""
    held = ", ".join(timeline.versions)
    rule = f"{timeline.short} {timeline.rule_id} ({timeline.document} {timeline.version})"
    head = _("{rule}: history across {versions}").format(rule=rule, versions=held)
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
            lines.append(style(_("{file}: skipped ({why})").format(file=plan.file.path, why=plan.skipped), "dim"))
            continue
        grouped = _by_id(plan)
        same = sum(1 for moves in grouped.values() if moves[0].fate.fate is Fate.UNCHANGED)
        versions = f"{diff.old.version} → {diff.new.version}"
        head = _("{file} ({versions}): {n} cited id(s), {same} unchanged").format(
            file=plan.file.path, versions=versions, n=len(grouped), same=same
        )
        lines.append(style(head, "head"))
        for rule_id, moves in grouped.items():
            fate = moves[0].fate
            if fate.fate is Fate.UNCHANGED:
                continue
            keys = ", ".join(dict.fromkeys(m.citation.key for m in moves))
            target = ", ".join(fate.new_ids) or "-"
            note = _("REVIEW") if fate.needs_review else _("ok")
            lines.append(f"  {rule_id:<10} → {target:<18} {change_word(fate.fate.value):<10} {note:<6} {keys}")
    review = sum(len({m.citation.rule_id for m in p.review}) for p in plans)
    rewrites = sum(len(p.rewrites) for p in plans)
    files = sum(1 for p in plans if not p.skipped)
    lines.append(
        _("{files} scenario file(s): {rewrites} cited id(s) to rewrite, {review} to review").format(
            files=files, rewrites=rewrites, review=review
        )
    )
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


def touch_text(touch: Touch, tr: Translate | None = None) -> str:
    """Why a citation is reached: ``1102.1 changed``, ``under 1102: 1102.1 changed``,
    ``via 604.2 → 804 → 804.2c-1: 804.2c-1 changed`` (words by ``tr``, the command line's by default)."""
    tr = tr or _
    what = f"{touch.changed} {change_word(touch.change.kind.value, tr)}"
    if touch.relation is Relation.DIRECT:
        return what
    if touch.relation is Relation.UNDER:
        return tr(N_("under {rule}: {what}")).format(rule=touch.cited, what=what)
    return tr(N_("via {path}: {what}")).format(path=" → ".join(touch.path), what=what)


def rerun_text(impact: ScenarioImpact | StaleRuling, tr: Translate | None = None) -> str:
    """How the re-run went, in a few words (by ``tr``, the command line's by default)."""
    tr = tr or _
    rerun = impact.rerun
    if rerun is None:
        return tr(N_("not run"))
    if rerun.error:
        return tr(N_("error: {message}")).format(message=rerun.error)
    if rerun.ok:
        return tr(N_("same ruling"))
    parts = []
    if rerun.outcome_differs:
        parts.append(tr(N_("the outcome differs")))
    if rerun.first_step is not None:
        parts.append(tr(N_("the trace differs from step {n}")).format(n=rerun.first_step))
    if not parts:
        parts.append(tr(N_("expectations fail")))
    return "; ".join(parts)


def stale_text(stale: StaleRuling, same_ruling: bool | None = None) -> str:
    """One warning line: the scenario, its edition, the newer edition, the cited rules it changed, the re-run.

    ``same_ruling`` is what a caller that has just run the scenario knows (``judgekit check``);
    otherwise the stale ruling's own re-run is told.
    """
    file = stale.file
    edition = f"{stale.short} {file.document} {file.version}"
    if not stale.touches:
        return _("{file}: ruled under {edition}; {newest} is held, and none of the rules it cites changed").format(
            file=file.path, edition=edition, newest=stale.newest
        )
    changed = "; ".join(
        touch_text(t) if t.relation is not Relation.DIRECT else f"{t.cited} {change_word(t.change.kind.value)}"
        for t in stale.touches
    )
    if same_ruling is None:
        rerun = rerun_text(stale)
    else:
        rerun = _("same ruling") if same_ruling else _("the ruling differs from its golden trace")
    return _(
        "{file}: ruled under {edition}; {newest} is held and changes rules it cites: {changed}; "
        "re-run under the current engine: {rerun}"
    ).format(file=file.path, edition=edition, newest=stale.newest, changed=changed, rerun=rerun)


def impact_markdown(report: ImpactReport, short: str) -> str:
    """The impact report as Markdown, fit for a pull-request comment."""
    diff = report.diff
    lines = [
        "## " + _("Impact of {diff}").format(diff=book_title(diff, short)),
        "",
        _("Rules: {counts}.").format(counts=counts_text(diff)),
    ]
    meaning = [e for e in diff.entries if e.kind in MEANING_KINDS]
    if meaning:
        listed = ", ".join(f"`{e.label}` ({change_word(e.kind.value)})" for e in meaning)
        lines.append(_("Changes that can alter a ruling: {changes}.").format(changes=listed))
    ran = [s for s in report.scenarios if s.rerun is not None]
    failed = report.failed
    lines += [
        "",
        _(
            "{n} scenario(s) ruled under {version}: {affected} cite a changed rule; {ran} re-run, "
            "{failed} with a different ruling."
        ).format(
            n=len(report.scenarios),
            version=diff.old.version,
            affected=len(report.affected),
            ran=len(ran),
            failed=len(failed),
        ),
    ]
    if report.affected:
        lines += ["", "### " + _("Scenarios citing a changed rule"), ""]
        header = (_("scenario"), _("cites"), _("why"), _("re-run"))
        lines += ["| " + " | ".join(header) + " |", "|---|---|---|---|"]
        for impact in report.affected:
            cites = ", ".join(f"`{c}`" for c in dict.fromkeys(t.cited for t in impact.touches))
            why = "; ".join(touch_text(t) for t in impact.touches)
            rerun = _cell(_mark(impact) + rerun_text(impact))
            lines.append(f"| {_cell(impact.file.name)} | {cites} | {_cell(why)} | {rerun} |")
    others = [s for s in report.scenarios if not s.affected]
    if others:
        lines += ["", "### " + _("Other scenarios"), ""]
        for impact in others:
            lines.append(f"- {impact.file.name}: {_mark(impact)}{rerun_text(impact)}")
    if failed:
        from judgekit.scenario import localised

        lines += ["", "### " + _("Rulings that differ from the golden traces"), ""]
        for impact in failed:
            assert impact.rerun is not None
            lines.append(f"- **{impact.file.name}** ({impact.file.path})")
            for finding in impact.rerun.findings or (impact.rerun.error,):
                lines.append(f"  - {localised(finding)}")
    if report.skipped:
        skipped = _("{n} scenario file(s) not ruled under {version} were skipped.").format(
            n=len(report.skipped), version=diff.old.version
        )
        lines += ["", skipped]
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
            ET.SubElement(properties, "property", name=f"cites {touch.cited}", value=touch_text(touch, english))
        if impact.rerun.error:
            errors += 1
            ET.SubElement(case, "error", message=impact.rerun.error)
        elif not impact.rerun.ok:
            failures += 1
            failure = ET.SubElement(case, "failure", message=rerun_text(impact, english))
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
