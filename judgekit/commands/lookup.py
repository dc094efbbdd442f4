"""``judgekit rule``'s work without typer: a rule with its breadcrumb, children, references and backlinks.

A look-up is two steps: :func:`rule_view` gathers what is printed about a rule as plain data
(strings, lists, a dict), and :func:`print_rule` prints a view. The typer command
(:mod:`judgekit.commands.rules`) and the start-up fast path (:mod:`judgekit.commands.fast`) both
call :func:`show_rule`, which does both; a warm fast path prints a view kept by
:mod:`judgekit.commands.quick` (every rule of a book, from :func:`book_views`), so a look-up
prints the same either way. Nothing here imports typer, the parsers or networkx, and at import
only :mod:`judgekit.commands.output`.
"""

from __future__ import annotations

from judgekit.commands.output import dim, emphasis, json_text

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing on a look-up (see judgekit.language)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from rules_index.graph import BookIndex, RulesIndex
    from rules_index.model import Reference, Rule, Term

    Echo = Callable[[str], None]
    """Prints one line (``typer.echo``, or the fast path's writer)."""
    RuleView = dict[str, Any]
    """What :func:`print_rule` prints about one rule (see :func:`rule_view`): plain data, kept by marshal."""

RULE_MESSAGES = (
    "{mark}: an icon is printed here (or the published text lost one)",
    "children:",
    "refers to:",
    "referred to by:",
    "defines: {terms}",
    "uses: {terms}",
    "source: {file} (printed on page {page})",
    "source: {file}",
)
"""Every message id :func:`print_rule` translates (the quick path keeps their translations; a test checks the list)."""


class BookLinks:
    """One book's references and terms grouped by rule, to gather many rules' views at once.

    The same answers, in the same order, as :class:`rules_index.graph.RulesIndex`'s methods of the
    same names, which scan the whole book for each rule (a test compares them on every shipped book).
    """

    def __init__(self, bi: BookIndex) -> None:
        self._from: dict[str, list[Reference]] = {}
        self._to: dict[str, list[Reference]] = {}
        for ref in bi.references:
            self._from.setdefault(ref.source, []).append(ref)
            self._to.setdefault(ref.target, []).append(ref)
        self._defined: dict[str, list[Term]] = {}
        for term in bi.terms:
            self._defined.setdefault(term.rule_id, []).append(term)
        by_key = {term.key: term for term in bi.terms}
        self._used: dict[str, dict[str, Term]] = {}
        for use in bi.uses:
            seen = self._used.setdefault(use.rule_id, {})
            if use.key not in seen:
                seen[use.key] = by_key[use.key]

    def references_from(self, bi: BookIndex, rule_id: str) -> list[Reference]:
        """References written in ``rule_id``'s text, in text order."""
        return list(self._from.get(rule_id, ()))

    def references_to(self, bi: BookIndex, rule_id: str) -> list[Reference]:
        """References to ``rule_id`` from other rules, in document order."""
        return list(self._to.get(rule_id, ()))

    def terms_defined_by(self, bi: BookIndex, rule_id: str) -> list[Term]:
        """Terms whose defining rule is ``rule_id``."""
        return list(self._defined.get(rule_id, ()))

    def terms_used_in(self, bi: BookIndex, rule_id: str) -> list[Term]:
        """Terms used in ``rule_id`` (each once), in order of first use."""
        return list(self._used.get(rule_id, {}).values())


def rule_record(index: RulesIndex | BookLinks, bi: BookIndex, rule: Rule) -> dict[str, Any]:
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
    from judgekit.i18n import gettext

    bi = index.book(game, document, version)
    found = index.rule(game, rule_id, document, version)
    print_rule(rule_view(index, bi, found), as_json=as_json, echo=echo, color=color, translate=gettext)


def book_views(index: RulesIndex, bi: BookIndex) -> dict[str, RuleView]:
    """The view of every rule of a book, by id (what :mod:`judgekit.commands.quick` keeps)."""
    links = BookLinks(bi)
    return {rule.id: rule_view(index, bi, rule, links) for rule in bi.book.rules}


def rule_view(index: RulesIndex, bi: BookIndex, found: Rule, links: BookLinks | None = None) -> RuleView:
    """What ``judgekit rule`` prints about ``found`` (a rule of ``bi``), as plain data for :func:`print_rule`."""
    by = links or BookLinks(bi)
    crumbs = index.breadcrumb(bi, found)
    children = [bi.rules[c] for c in bi.children.get(found.id, [])]
    refs = by.references_from(bi, found.id)
    backlinks = by.references_to(bi, found.id)
    record = rule_record(by, bi, found)
    record.update(
        game=bi.info.game,
        document=bi.info.document,
        version=bi.info.version,
        breadcrumb=[{"id": r.id, "title": r.title} for r in crumbs],
        children=[c.id for c in children],
        referenced_by=sorted({ref.source for ref in backlinks}, key=lambda i: bi.rules[i].order),
    )
    text, mark = found.text, ""
    if found.text and found.icons:
        from rules_index.normalize import ICON_MARK, mark_icons  # its patterns cost more than most look-ups

        text, mark = mark_icons(found.text, [(icon.offset, icon.glyph) for icon in found.icons]), ICON_MARK
    return {
        "record": record,
        "header": f"{index.catalog.game(bi.info.game).short} {found.id}",
        "book": f"  {bi.info.title} {bi.info.version}",
        "breadcrumb": " › ".join(label(r) for r in crumbs),
        "title": found.title,
        "text": text,
        "icon_mark": mark,
        "examples": [ex.text if ex.text.startswith(("例", "Example")) else f"例 {ex.text}" for ex in found.examples],
        "children": [f"{child.id}  {summary(child)}" for child in children],
        "refers_to": [f"→ {t}  {summary(bi.rules[t])}" for t in dict.fromkeys(ref.target for ref in refs)],
        "referred_by": [f"← {s}  {summary(bi.rules[s])}" for s in dict.fromkeys(ref.source for ref in backlinks)],
        "defines": "、".join(t.name for t in by.terms_defined_by(bi, found.id)),
        "uses": "、".join(f"{t.name} ({t.rule_id})" for t in by.terms_used_in(bi, found.id)),
        "file": str(found.span),
        "page": found.page,
    }


def print_rule(view: RuleView, *, as_json: bool, echo: Echo, color: bool, translate: Callable[[str], str]) -> None:
    """Print a :func:`rule_view`: the rule's breadcrumb, text, examples, children, references and backlinks
    (or its JSON record), in the language of ``translate`` (a message id's translation)."""
    _ = translate
    if as_json:
        echo(json_text(view["record"]))
        return
    header = view["header"]
    echo((emphasis(header, color) if color else header) + dim(view["book"], color))
    if view["breadcrumb"]:
        echo(dim(view["breadcrumb"], color))
    if view["title"]:
        echo(view["title"])
    if view["text"]:
        echo(view["text"])
    if view["icon_mark"]:
        note = _("{mark}: an icon is printed here (or the published text lost one)")
        echo(dim(note.format(mark=view["icon_mark"]), color))
    for line in view["examples"]:
        echo(f"  {line}")
    headings = ((_("children:"), "children"), (_("refers to:"), "refers_to"), (_("referred to by:"), "referred_by"))
    for heading, key in headings:
        if view[key]:
            echo("\n" + heading)
            for line in view[key]:
                echo(f"  {line}")
    if view["defines"]:
        echo("\n" + _("defines: {terms}").format(terms=view["defines"]))
    if view["uses"]:
        echo(_("uses: {terms}").format(terms=view["uses"]))
    if view["page"]:
        where = _("source: {file} (printed on page {page})").format(file=view["file"], page=view["page"])
    else:
        where = _("source: {file}").format(file=view["file"])
    echo(dim("\n" + where, color))


def label(rule: Rule) -> str:
    """A rule's id and title, for a breadcrumb."""
    return f"{rule.id} {rule.title}".strip() if rule.title else rule.id


def summary(rule: Rule, width: int = 50) -> str:
    """A rule's title, or the start of its text, in at most ``width`` characters."""
    text = rule.title or rule.text
    return text if len(text) <= width else text[: width - 1] + "…"
