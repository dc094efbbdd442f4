"""``judgekit rule``'s work without typer: a rule with its breadcrumb, children, references and backlinks.

The typer command (:mod:`judgekit.commands.rules`) and the start-up fast path
(:mod:`judgekit.commands.fast`) both call :func:`show_rule`, so a look-up prints the same
either way. Nothing here imports typer, the parsers or networkx.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from judgekit.commands.output import dim, emphasis, json_text
from judgekit.i18n import gettext as _

if TYPE_CHECKING:
    from rules_index.graph import BookIndex, RulesIndex
    from rules_index.model import Rule

Echo = Callable[[str], None]
"""Prints one line (``typer.echo``, or the fast path's writer)."""


def rule_record(index: RulesIndex, bi: BookIndex, rule: Rule) -> dict[str, Any]:
    """A rule as plain data: the export record plus breadcrumb, children and backlinks."""
    return {
        "id": rule.id,
        "parent": rule.parent,
        "title": rule.title,
        "text": rule.text,
        "kind": rule.kind.value,
        "examples": [ex.text for ex in rule.examples],
        "references": [ref.target for ref in index.references_from(bi, rule.id)],
        "terms": [term.name for term in index.terms_used_in(bi, rule.id)],
        "defines": [term.name for term in index.terms_defined_by(bi, rule.id)],
        "source": str(rule.span),
        "page": rule.page,
    }


def show_rule(
    index: RulesIndex,
    game: str,
    rule_id: str,
    document: str | None,
    version: str | None,
    *,
    as_json: bool,
    echo: Echo,
    color: bool,
) -> None:
    """Print a rule: its breadcrumb, text, examples, children, references and backlinks (or its JSON record).

    Raises a JudgekitError (unknown game, document, version or rule, with the nearest ids).
    """
    bi = index.book(game, document, version)
    found = index.rule(game, rule_id, document, version)
    crumbs = index.breadcrumb(bi, found)
    children = [bi.rules[c] for c in bi.children.get(found.id, [])]
    backlinks = index.references_to(bi, found.id)
    short = index.catalog.game(game).short
    if as_json:
        record = rule_record(index, bi, found)
        record.update(
            game=bi.info.game,
            document=bi.info.document,
            version=bi.info.version,
            breadcrumb=[{"id": r.id, "title": r.title} for r in crumbs],
            children=[c.id for c in children],
            referenced_by=sorted({ref.source for ref in backlinks}, key=lambda i: bi.rules[i].order),
        )
        echo(json_text(record))
        return
    header = f"{short} {found.id}"
    echo((emphasis(header, color) if color else header) + dim(f"  {bi.info.title} {bi.info.version}", color))
    if crumbs:
        echo(dim(" › ".join(label(r) for r in crumbs), color))
    if found.title:
        echo(found.title)
    if found.text and not found.icons:
        echo(found.text)
    elif found.text:
        from rules_index.normalize import ICON_MARK, mark_icons  # its patterns cost more than most look-ups

        echo(mark_icons(found.text, [(icon.offset, icon.glyph) for icon in found.icons]))
        echo(dim(_("{mark}: an icon is printed here (or the published text lost one)").format(mark=ICON_MARK), color))
    for ex in found.examples:
        echo(f"  {ex.text}" if ex.text.startswith(("例", "Example")) else f"  例 {ex.text}")
    if children:
        echo("\n" + _("children:"))
        for child in children:
            echo(f"  {child.id}  {summary(child)}")
    refs = index.references_from(bi, found.id)
    if refs:
        echo("\n" + _("refers to:"))
        for target in dict.fromkeys(ref.target for ref in refs):
            echo(f"  → {target}  {summary(bi.rules[target])}")
    if backlinks:
        echo("\n" + _("referred to by:"))
        for source in dict.fromkeys(ref.source for ref in backlinks):
            echo(f"  ← {source}  {summary(bi.rules[source])}")
    defined = index.terms_defined_by(bi, found.id)
    if defined:
        echo("\n" + _("defines: {terms}").format(terms="、".join(t.name for t in defined)))
    used = index.terms_used_in(bi, found.id)
    if used:
        echo(_("uses: {terms}").format(terms="、".join(f"{t.name} ({t.rule_id})" for t in used)))
    if found.page:
        where = _("source: {file} (printed on page {page})").format(file=found.span, page=found.page)
    else:
        where = _("source: {file}").format(file=found.span)
    echo(dim("\n" + where, color))


def label(rule: Rule) -> str:
    """A rule's id and title, for a breadcrumb."""
    return f"{rule.id} {rule.title}".strip() if rule.title else rule.id


def summary(rule: Rule, width: int = 50) -> str:
    """A rule's title, or the start of its text, in at most ``width`` characters."""
    text = rule.title or rule.text
    return text if len(text) <= width else text[: width - 1] + "…"
