"""Rules-library commands: ``import`` a rulebook (text or PDF) into the user's library."""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path
from typing import Annotated

import typer

from judgekit.commands.common import OutputFormat, echo_json, guarded
from judgekit.i18n import gettext as _

LibraryOpt = Annotated[
    Path | None,
    typer.Option(
        "--library",
        "-L",
        help="The rules library to write to; default: $JUDGEKIT_LIBRARY or ~/.local/share/judgekit/library.",
    ),
]


def register(app: typer.Typer) -> None:
    """Add the library commands to ``app``."""
    app.command("import")(import_command)


@guarded
def import_command(
    file: Annotated[Path, typer.Argument(help="The rulebook: a text file (UTF-8, Shift_JIS, Windows-1252) or a PDF.")],
    game: Annotated[str, typer.Option("--game", "-g", help="Game id: a new one (like 'mtg') or one already held.")],
    version: Annotated[str, typer.Option("--version", "-v", help="The edition as printed (like '1.05').")],
    document: Annotated[
        str | None, typer.Option("--document", "-d", help="Document id; default: the game's default document.")
    ] = None,
    date: Annotated[str, typer.Option("--date", help="Publication date, YYYY-MM-DD.")] = "",
    name: Annotated[str, typer.Option("--name", help="The game's name, for a new game (default: the title).")] = "",
    short: Annotated[str, typer.Option("--short", help="Prefix printed before rule ids, for a new game.")] = "",
    title: Annotated[str, typer.Option("--title", help="The document's title (default: its first line).")] = "",
    encoding: Annotated[
        str, typer.Option("--encoding", help="The text's encoding when detection is wrong: utf-8, shift_jis, cp1252.")
    ] = "",
    library: LibraryOpt = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Parse and report; write nothing.")] = False,
    fmt: Annotated[
        OutputFormat, typer.Option("--format", "-f", help="Output format of the report.")
    ] = OutputFormat.TEXT,
) -> None:
    """Bring a rulebook into your rules library: a new game, or a new edition of a held one.

    The file is copied unedited (a PDF's extracted text is kept beside it), the manifest is
    written or extended, and a parse report is printed. Nothing is written when the file
    cannot be read as a rulebook (exit 2).
    """
    from judgekit.commands.progress import progress
    from rules_index.catalog import user_library
    from rules_index.library import parse_report, plan_import, write_import

    target = library if library is not None else user_library()
    with progress(_("importing {file}").format(file=file.name), 2) as bar:
        bar.step(_("reading and parsing"))
        plan = plan_import(
            file,
            game=game,
            version=version,
            library=target,
            document=document,
            date=date,
            encoding=encoding,
            name=name,
            short=short,
            title=title,
        )
        bar.step(_("checking the library") if dry_run else _("writing"))
        written = [] if dry_run else write_import(plan)
    report = parse_report(plan.book, plan.pages)
    info = plan.book.info
    if fmt is OutputFormat.JSON:
        echo_json(
            {
                "game": plan.game,
                "document": info.document,
                "version": info.version,
                "library": str(plan.library),
                "new_game": plan.new_game,
                "written": [str(path) for path in written],
                "encoding": plan.decoded.encoding,
                "report": asdict(report),
            }
        )
        return
    book = f"{plan.game} {info.document} {info.version}"
    done = _("would import {book} ({what}) into {library}") if dry_run else _("imported {book} ({what}) into {library}")
    what = _("new game") if plan.new_game else _("new edition")
    typer.echo(done.format(book=book, what=what, library=plan.library))
    pdf = _("PDF, {n} pages, text extracted").format(n=report.pages)
    source = pdf if plan.from_pdf else plan.decoded.encoding
    typer.echo("  " + _("read as: {source}").format(source=source))
    for path in written:
        typer.echo("  " + _("wrote {file}").format(file=path))
    print_report(report)


def print_report(report: object) -> None:
    """Print a :class:`~rules_index.library.ParseReport` for people."""
    from rules_index.library import ParseReport

    assert isinstance(report, ParseReport)
    typer.echo("  " + _("numbering: {scheme}; rules found: {n}").format(scheme=report.scheme, n=report.rules))
    typer.echo("  " + _("parts:"))
    for kind, title, first, last in report.parts:
        label = f" {title}" if title else ""
        lines = _("(lines {first}-{last})").format(first=first, last=last)
        typer.echo(f"    {kind:<13}{label} {lines}")
    counts = _(
        "examples: {examples}; glossary entries: {glossary}; terms: {terms}; appendices: {appendices}; "
        "icons marked: {icons}"
    ).format(
        examples=report.examples,
        glossary=report.glossary_entries,
        terms=report.terms,
        appendices=report.appendices,
        icons=report.icons,
    )
    typer.echo("  " + counts)
    if report.changelog:
        changelog = _("change log: {n} versions ({versions})")
        typer.echo("  " + changelog.format(n=len(report.changelog), versions=", ".join(report.changelog)))
    dropped = ", ".join(f"{reason} {count}" for reason, count in report.dropped) or _("none")
    typer.echo("  " + _("lines dropped on purpose: {lines}").format(lines=dropped))
    typer.echo("  " + _("lines not placed: {n}").format(n=len(report.unplaced)))
    for message in report.unplaced[:10]:
        typer.echo(f"    {message}", err=True)
    typer.echo("  " + _("warnings: {n}").format(n=len(report.warnings)))
    for message in report.warnings[:10]:
        typer.echo(f"    {message}", err=True)
    if len(report.warnings) > 10:
        typer.echo("    " + _("… (judgekit lint GAME lists them all)"), err=True)
