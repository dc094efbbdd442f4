"""Version commands: diff, migrate, impact, history.

``diff`` compares two held versions of a game's document rule by rule; ``migrate`` maps the
rule ids cited by scenarios to the new version (rewriting files only with ``--write`` and only
when every citation maps safely); ``impact`` finds the scenarios a new edition touches,
re-runs them and compares their rulings with the golden traces (Markdown for a pull-request
comment, ``--junit`` for CI). OLD and NEW are versions of the game's default document unless
``--document`` names another.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from judgekit.commands.common import (
    check_writable_file,
    echo_json,
    guarded,
    use_color,
    warning_line,
    write_output_file,
)
from judgekit.i18n import gettext as _

GameArg = Annotated[str, typer.Argument(help="Game id (divine-cross, fftcg, …) or its short name.")]
OldArg = Annotated[str, typer.Argument(metavar="OLD", help="The old version (as the manifest lists it).")]
NewArg = Annotated[str, typer.Argument(metavar="NEW", help="The new version.")]
DocumentOpt = Annotated[
    str | None, typer.Option("--document", "-d", help="Document id; default: the game's default document.")
]
PathsArg = Annotated[list[Path] | None, typer.Argument(help="Scenario files or folders (default: scenarios/<game>).")]


class DiffFormat(StrEnum):
    """Output format of ``diff``."""

    TEXT = "text"
    """For a terminal: one line per change, inline diffs."""
    JSON = "json"
    """Plain data (UTF-8)."""
    HTML = "html"
    """A standalone HTML page: side by side and inline."""


class ReportFormat(StrEnum):
    """Output format of ``migrate`` and ``impact``."""

    TEXT = "text"
    """For a terminal (``impact``: Markdown, fit for a pull-request comment)."""
    JSON = "json"
    """Plain data (UTF-8)."""


def register(app: typer.Typer) -> None:
    """Add the version commands to ``app``."""
    app.command("diff")(diff)
    app.command("migrate")(migrate)
    app.command("impact")(impact)
    app.command("history")(history)


def _style(color: bool) -> Callable[[str, str], str]:
    """Colours for a terminal, or the plain ``[-…-]{+…+}`` marks."""
    from judgekit.render.versions import plain_style

    if not color:
        return plain_style

    def style(text: str, role: str) -> str:
        if role == "delete":
            return typer.style(text, fg=typer.colors.RED, strikethrough=True)
        if role == "insert":
            return typer.style(text, fg=typer.colors.GREEN, underline=True)
        if role == "head":
            return typer.style(text, bold=True)
        if role == "dim":
            return typer.style(text, dim=True)
        return text

    return style


def _short(game: str) -> str:
    from rules_index.catalog import load_catalog

    return load_catalog().game(game).short


@guarded
def diff(
    game: GameArg,
    old: OldArg,
    new: NewArg,
    document: DocumentOpt = None,
    fmt: Annotated[DiffFormat, typer.Option("--format", "-f", help="Output format.")] = DiffFormat.TEXT,
) -> None:
    """What changed between two versions, rule by rule: added, removed, changed, moved, renumbered, split, merged."""
    from judgekit.render.versions import diff_text
    from judgekit.versions import diff_versions
    from rules_index.diff import diff_data

    result = diff_versions(game, old, new, document)
    short = _short(game)
    if fmt is DiffFormat.JSON:
        echo_json(diff_data(result))
    elif fmt is DiffFormat.HTML:
        from judgekit.render.diff_html import diff_page

        typer.echo(diff_page(result, short), nl=False)
    else:
        typer.echo(diff_text(result, short, _style(use_color())), nl=False)


@guarded
def migrate(
    game: GameArg,
    old: OldArg,
    new: NewArg,
    paths: PathsArg = None,
    document: DocumentOpt = None,
    write: Annotated[
        bool, typer.Option("--write", help="Rewrite the files whose citations all map safely (ids and rulebook).")
    ] = False,
    fmt: Annotated[ReportFormat, typer.Option("--format", "-f", help="Output format.")] = ReportFormat.TEXT,
) -> None:
    """Map the rule ids cited by scenarios to the new version; list those to review (exit 1 when any)."""
    from judgekit.render.versions import migration_data, migration_text
    from judgekit.versions import (
        MigrationError,
        load_versions,
        migrated_text,
        plan_migration,
        read_scenario_file,
        scenario_paths,
    )
    from rules_index.catalog import load_catalog
    from rules_index.diff import diff_books

    catalog = load_catalog()
    game_id = catalog.game(game).id
    old_book, new_book = load_versions(game_id, old, new, document, catalog)
    files = [read_scenario_file(path, old_book) for path in scenario_paths(paths or [], game_id)]
    result = diff_books(old_book, new_book)
    plans = plan_migration(result, files)
    if fmt is ReportFormat.JSON:
        echo_json(migration_data(plans, result))
    else:
        typer.echo(migration_text(plans, result, _style(use_color())), nl=False)
    if write:
        for plan in plans:
            if plan.skipped:
                continue
            try:
                text = migrated_text(plan, new, old_book)
            except MigrationError as exc:
                typer.echo(_("not written: {reason}").format(reason=exc), err=True)
                continue
            plan.file.path.write_text(text, encoding="utf-8")
            note = _("golden traces are regenerated with `judgekit check --update`")
            typer.echo(_("written: {file} ({note})").format(file=plan.file.path, note=note), err=True)
    if any(plan.review for plan in plans):
        raise typer.Exit(1)


@guarded
def impact(
    game: GameArg,
    old: OldArg,
    new: NewArg,
    paths: PathsArg = None,
    document: DocumentOpt = None,
    junit: Annotated[Path | None, typer.Option("--junit", help="Also write the re-runs as JUnit XML here.")] = None,
    run: Annotated[
        bool, typer.Option("--run/--no-run", help="Re-run the scenarios (default) or only find them.")
    ] = True,
    only_affected: Annotated[
        bool, typer.Option("--only-affected", help="Re-run only the scenarios citing a changed rule.")
    ] = False,
    fmt: Annotated[
        ReportFormat, typer.Option("--format", "-f", help="Output format (text is Markdown).")
    ] = ReportFormat.TEXT,
) -> None:
    """Which scenarios a new edition touches; do their rulings still match the golden traces (exit 1 if not)?"""
    from judgekit.render.versions import impact_data, impact_junit, impact_markdown
    from judgekit.versions import assess_impact, load_versions, read_scenario_file, scenario_paths
    from rules_index.catalog import load_catalog
    from rules_index.diff import diff_books

    if junit is not None:
        check_writable_file(junit, "--junit")  # before the work, not after it
    catalog = load_catalog()
    found = catalog.game(game)
    old_book, new_book = load_versions(found.id, old, new, document, catalog)
    files = [read_scenario_file(path, old_book) for path in scenario_paths(paths or [], found.id)]
    result = diff_books(old_book, new_book)
    report = assess_impact(result, old_book, files, run=run, only_affected=only_affected)
    if fmt is ReportFormat.JSON:
        echo_json(impact_data(report))
    else:
        typer.echo(impact_markdown(report, found.short), nl=False)
    if junit is not None:
        write_output_file(junit, impact_junit(report, found.short), "--junit")
    if report.failed:
        raise typer.Exit(1)


@guarded
def history(
    game: GameArg,
    rule_id: Annotated[str, typer.Argument(metavar="RULE", help="Rule id as printed (116.2h, 704.6c-1).")],
    document: DocumentOpt = None,
    version: Annotated[
        str | None,
        typer.Option("--version", "-v", help="Version the id is read in; default: the newest that has it."),
    ] = None,
    fmt: Annotated[ReportFormat, typer.Option("--format", "-f", help="Output format.")] = ReportFormat.TEXT,
) -> None:
    """A rule's history across every held edition: created, moved, renumbered, edited, removed."""
    from judgekit.render.versions import history_data, history_text
    from judgekit.versions import rule_timeline

    timeline = rule_timeline(game, rule_id, document, version)
    if fmt is ReportFormat.JSON:
        echo_json(history_data(timeline))
    else:
        typer.echo(history_text(timeline, _style(use_color())), nl=False)


def warn_stale_rulings(files: Sequence[Path], ran: Mapping[Path, bool]) -> int:
    """Warn (stderr) of each scenario ruled under an older edition whose cited rules the newest one changed.

    ``ran`` tells, by resolved path, whether each scenario just run still gives its golden
    ruling. A summary line (stdout) counts the scenarios ruled under older editions. Returns
    how many warnings were printed; prints nothing while no document holds more than one edition.
    """
    from judgekit.render.versions import stale_text
    from judgekit.versions import stale_rulings

    older = stale_rulings(files, run=False)
    found = [stale for stale in older if stale.touches]
    for stale in found:
        typer.echo(warning_line(stale_text(stale, ran.get(stale.file.path.resolve()))), err=True)
    if older:
        differ = sum(1 for stale in found if ran.get(stale.file.path.resolve()) is False)
        typer.echo(
            _(
                "impact: {n} scenario(s) ruled under an older edition than the newest held; "
                "{changed} cite rules changed since, {differ} of them with a different ruling"
            ).format(n=len(older), changed=len(found), differ=differ)
        )
    return len(found)
