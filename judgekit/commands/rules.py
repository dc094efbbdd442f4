"""Rules-index commands: games, rule, search, export, lint, index."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from judgekit.commands.common import (
    OutputFormat,
    cell,
    echo_json,
    guarded,
    highlight,
    use_color,
)
from judgekit.commands.indexing import index_summary, load_every_book, print_index_summary, show_index
from judgekit.commands.lookup import rule_record, show_rule, summary
from judgekit.i18n import N_
from judgekit.i18n import gettext as _

__all__ = ["index_summary", "load_every_book", "print_index_summary", "register", "rule_record"]

if TYPE_CHECKING:
    from rules_index.graph import RulesIndex
    from rules_index.model import Rule

GameArg = Annotated[
    str, typer.Argument(help="Game id (divine-cross, fftcg, code-of-joker, dice-castle) or its short name.")
]
DocumentOpt = Annotated[
    str | None, typer.Option("--document", "-d", help="Document id; default: the game's comprehensive rules.")
]
VersionOpt = Annotated[str | None, typer.Option("--version", "-v", help="Document version; default: the newest.")]
FormatOpt = Annotated[OutputFormat, typer.Option("--format", "-f", help="Output format.")]


def _index() -> RulesIndex:
    from rules_index.graph import load_index

    return load_index()


def register(app: typer.Typer) -> None:
    """Add the rules-index commands to ``app``."""
    app.command("games")(games)
    app.command("rule")(rule)
    app.command("search")(search)
    app.command("export")(export)
    app.command("lint")(lint)
    app.command("index")(index_command)


@guarded
def games(fmt: FormatOpt = OutputFormat.TEXT) -> None:
    """List the games, their documents, versions and rule counts."""
    index = _index()
    data: list[dict[str, Any]] = []
    for game in index.games():
        docs = []
        for doc in game.documents:
            for info in doc.versions:
                bi = index.books[(info.game, info.document, info.version)]
                docs.append(
                    {
                        "document": doc.id,
                        "kind": doc.kind,
                        "title": doc.title,
                        "version": info.version,
                        "date": info.date,
                        "default": doc.is_default,
                        "rules": len(bi.book.rules),
                        "terms": len(bi.terms),
                        "references": len(bi.references),
                    }
                )
        data.append(
            {"game": game.id, "short": game.short, "name_ja": game.name_ja, "name_en": game.name_en, "documents": docs}
        )
    if fmt is OutputFormat.JSON:
        echo_json(data)
        return
    for g in data:
        typer.echo(f"{g['game']} ({g['short']}) — {g['name_ja']} / {g['name_en']}")
        for d in g["documents"]:
            mark = "*" if d["default"] else " "
            date = d["date"] or _("undated")
            counts = _("{rules} rules {terms} terms {refs} refs").format(
                rules=f"{d['rules']:>4}", terms=f"{d['terms']:>3}", refs=f"{d['references']:>3}"
            )
            when = f"{cell(d['version'], -11)} {cell(date, -11)}"
            typer.echo(f"  {mark} {d['document']:<15} {when} {counts}  {d['title']}")


@guarded
def rule(
    game: GameArg,
    rule_id: Annotated[
        str, typer.Argument(metavar="ID", help="Rule id as printed (704.6c-1, 15.1.1.9.5) or an outline id.")
    ],
    document: DocumentOpt = None,
    version: VersionOpt = None,
    fmt: FormatOpt = OutputFormat.TEXT,
) -> None:
    """Show a rule: its breadcrumb, text, examples, children, references and backlinks."""
    show_rule(
        _index(), game, rule_id, document, version, as_json=fmt is OutputFormat.JSON, echo=typer.echo, color=use_color()
    )


@guarded
def search(
    game: GameArg,
    query: Annotated[str, typer.Argument(help="Words to find; every word must appear (inside Japanese words too).")],
    document: DocumentOpt = None,
    version: VersionOpt = None,
    kana: Annotated[bool, typer.Option("--kana/--no-kana", help="Fold katakana and hiragana together.")] = True,
    limit: Annotated[int, typer.Option("--limit", "-n", help="At most this many results (1 or more).", min=1)] = 20,
    fmt: FormatOpt = OutputFormat.TEXT,
) -> None:
    """Search a game's rules: exact id first, then id prefix, terms, titles, text."""
    from rules_index.search import search_book, snippet

    index = _index()
    bi = index.book(game, document, version)
    hits = search_book(bi, query, kana=kana, limit=limit)
    if fmt is OutputFormat.JSON:
        records = []
        for hit in hits:
            source = _field_text(hit.rule, hit.field)
            snip, spans = snippet(source, hit.spans)
            records.append(
                {
                    "id": hit.rule.id,
                    "rank": hit.rank.name.lower(),
                    "field": hit.field,
                    "title": hit.rule.title,
                    "breadcrumb": [r.id for r in index.breadcrumb(bi, hit.rule)],
                    "snippet": snip,
                    "highlights": spans,
                }
            )
        echo_json(
            {
                "game": bi.info.game,
                "document": bi.info.document,
                "version": bi.info.version,
                "query": query,
                "results": records,
            }
        )
        return
    color = use_color()
    if not hits:
        from rules_index.search import suggest

        typer.echo(_("no rule matches {query}").format(query=repr(query)), err=True)
        tries = suggest(bi, query, kana=kana)
        if tries:
            typer.echo(_("did you mean: {words}").format(words=", ".join(tries)), err=True)
        return
    short = index.catalog.game(game).short
    for hit in hits:
        source = _field_text(hit.rule, hit.field)
        snip, spans = snippet(source, hit.spans)
        label = highlight(hit.rule.id, hit.spans, color) if hit.field == "id" else hit.rule.id
        text = highlight(snip, spans, color) if hit.field != "id" else summary(hit.rule)
        typer.echo(f"{short} {label}  {text}")


@guarded
def export(
    game: GameArg,
    document: Annotated[str | None, typer.Argument(help="Document id; default: the comprehensive rules.")] = None,
    version: VersionOpt = None,
    fmt: FormatOpt = OutputFormat.JSON,
) -> None:
    """Export a document's rules in document order (JSON)."""
    index = _index()
    bi = index.book(game, document, version)
    data: dict[str, Any] = {
        "game": bi.info.game,
        "document": bi.info.document,
        "version": bi.info.version,
        "rules": [rule_record(index, bi, r) for r in bi.book.rules],
    }
    if fmt is OutputFormat.TEXT:
        for r in data["rules"]:
            typer.echo(f"{r['id']}\t{r['title'] or r['text']}")
        return
    echo_json(data)


@guarded
def lint(
    game: Annotated[str | None, typer.Argument(help="Game id; default: every game.")] = None,
    strict: Annotated[bool, typer.Option("--strict", help="Exit 1 when there is any warning.")] = False,
    info: Annotated[bool, typer.Option("--info", help="Also list the repairs the parser made.")] = False,
    fmt: FormatOpt = OutputFormat.TEXT,
) -> None:
    """Report numbering gaps, orphans, duplicates, unresolved references and unplaced lines."""
    from rules_index.lint import findings, summary
    from rules_index.model import Severity

    index = _index()
    found = findings(index, game, include_info=info)
    warnings = [f for f in found if f.issue.severity is not Severity.INFO]
    if fmt is OutputFormat.JSON:
        echo_json(
            {
                "summary": summary(found),
                "findings": [
                    {
                        "game": f.game,
                        "document": f.document,
                        "version": f.version,
                        "kind": f.issue.kind.value,
                        "severity": f.issue.severity.value,
                        "rule": f.issue.rule_id,
                        "location": f.location(),
                        "message": f.issue.message,
                    }
                    for f in found
                ],
            }
        )
    else:
        for f in found:
            severity = _(SEVERITY_WORDS[f.issue.severity.value])
            typer.echo(f"{f.location()}: {severity}: {f.issue.message} [{f.issue.kind.value}]")
        counts = ", ".join(f"{k}: {v}" for k, v in summary(found).items()) or _("nothing found")
        typer.echo(_("{n} warning(s) ({counts})").format(n=len(warnings), counts=counts), err=True)
    if strict and warnings:
        raise typer.Exit(1)


@guarded
def index_command(fmt: FormatOpt = OutputFormat.TEXT) -> None:
    """Index every rulebook (parse, link, cache) and print the summary."""
    show_index(as_json=fmt is OutputFormat.JSON, echo=typer.echo)


SEVERITY_WORDS = {"info": N_("info"), "warning": N_("warning"), "error": N_("error")}
"""How a lint finding's severity is printed (the JSON keeps the neutral value)."""


def _field_text(rule: Rule, field: str) -> str:
    if field == "title":
        return rule.title
    if field == "example":
        return "\n".join(ex.text for ex in rule.examples)
    if field == "id":
        return rule.id
    return rule.text
