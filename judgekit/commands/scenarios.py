"""Scenario commands: run, check, new.

``run`` prints a scenario's trace; ``check`` runs scenarios against their expectations and
golden traces; ``new`` writes a commented template. Heavy modules (pydantic, the engines, the
rules index) are imported inside the commands.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from judgekit.commands.common import error_line, guarded, use_color, write_output_file
from judgekit.i18n import gettext as _

if TYPE_CHECKING:
    from judgekit.engine import RuleRef, Trace
    from judgekit.i18n import Language
    from judgekit.scenario import Scenario


class TraceFormat(StrEnum):
    """How ``run`` prints a trace."""

    TEXT = "text"
    """One step a line, for a terminal."""
    MD = "md"
    """Markdown."""
    JSON = "json"
    """The canonical JSON trace (UTF-8)."""


def register(app: typer.Typer) -> None:
    """Add the scenario commands to ``app``."""
    app.command("run")(run)
    app.command("check")(check)
    app.command("new")(new)


def _explainer() -> Callable[[RuleRef], str]:
    from rules_index.errors import JudgekitError
    from rules_index.graph import load_index

    index = load_index()

    def look(ref: RuleRef) -> str:
        try:
            return index.rule(ref.game, ref.id, document=ref.document, version=ref.version).text
        except JudgekitError:
            return ""

    return look


def _style(color: bool) -> Callable[[str, str], str]:
    def style(text: str, role: str) -> str:
        if not color:
            return text
        if role == "dim":
            return typer.style(text, dim=True)
        if role == "id":
            return typer.style(text, fg=typer.colors.CYAN)
        if role == "stop":
            return typer.style(text, fg=typer.colors.RED, bold=True)
        return text

    return style


def _titled(trace: Trace, scenario: Scenario) -> Trace:
    """``trace`` with the scenario's title in the command line's language (the JSON trace keeps the
    file's own, as its golden trace does)."""
    import dataclasses

    from judgekit.i18n import cli_language

    return dataclasses.replace(trace, title=scenario.text("title", cli_language()).text)


@guarded
def run(
    scenario: Annotated[Path, typer.Argument(help="The scenario file (scenarios/<game>/NAME.toml).")],
    explain: Annotated[bool, typer.Option("--explain", help="Print each cited rule's text under its step.")] = False,
    fmt: Annotated[TraceFormat, typer.Option("--format", "-f", help="Output format.")] = TraceFormat.TEXT,
    until: Annotated[int | None, typer.Option("--until", help="Stop after step N and print the board.", min=1)] = None,
    changes: Annotated[bool, typer.Option("--changes", help="Print each step's state changes (text format).")] = False,
) -> None:
    """Run a scenario and print its trace, one step a line with its cited rule ids."""
    from judgekit.engine import EndKind
    from judgekit.render.text import plain
    from judgekit.scenario import load_scenario, run_scenario

    sc = load_scenario(scenario)
    trace = run_scenario(sc)
    from judgekit.games import game_support

    short = game_support(trace.game).preset().rulebook.short
    explainer = _explainer() if explain else None
    if fmt is TraceFormat.JSON:
        import json

        from judgekit.render.json import trace_json

        if until is not None:
            data = trace.to_json()
            data["steps"] = [s for s in data["steps"] if s["index"] <= until]
            typer.echo(json.dumps(data, ensure_ascii=False, indent=1))
        else:
            typer.echo(trace_json(trace), nl=False)
    elif fmt is TraceFormat.MD:
        from judgekit.render.markdown import trace_markdown

        shown = _titled(trace, sc)
        typer.echo(trace_markdown(shown, short, explain=explainer, until=until, lang=_lang()), nl=False)
    else:
        from judgekit.render.text import trace_text

        style = _style(True) if use_color() else plain
        shown = _titled(trace, sc)
        text = trace_text(shown, short, explain=explainer, changes=changes, until=until, style=style, lang=_lang())
        typer.echo(text, nl=False)
    stopped = trace.outcome.end in (EndKind.DECISION_NEEDED, EndKind.AMBIGUITY, EndKind.BAD_SCRIPT)
    if stopped and trace.outcome.end.value != sc.model.expect.end:
        from judgekit.render.sentences import render

        typer.echo(error_line(render(trace.outcome.message, _lang(), trace.game)), err=True)
        raise typer.Exit(2)


def _lang() -> Language:
    from judgekit.i18n import cli_language

    return cli_language()


@guarded
def check(
    paths: Annotated[list[Path] | None, typer.Argument(help="Scenario files or folders (default: scenarios/).")] = None,
    update: Annotated[bool, typer.Option("--update", help="Rewrite the golden traces (read the diff!).")] = False,
    jobs: Annotated[
        int | None, typer.Option("--jobs", "-j", help="Worker processes (default: one per core).", min=1)
    ] = None,
) -> None:
    """Run scenarios; check their expectations and golden traces; print a summary (exit 1 on a failure).

    Scenarios run across the machine's cores; the report keeps the order of the files.
    """
    # A scenario runs again only when its file, its game's engine code, its rulebooks or (for cards read
    # from printed text) the card readers changed; the other runs are kept (judgekit.run_cache).
    from judgekit.check_runs import check_files
    from judgekit.commands.progress import progress
    from judgekit.findings import CheckOutcome, localised
    from judgekit.run_cache import RunCache
    from judgekit.scenario_file import iter_scenario_files

    files = iter_scenario_files(paths or [])
    if not files:
        typer.echo(error_line(_("no scenario files found")), err=True)
        raise typer.Exit(2)
    color = use_color()
    results: list[CheckOutcome] = []
    bad = 0
    with progress(_("checking scenarios"), len(files)) as bar:
        for result in check_files(files, update=update, jobs=jobs, runs=RunCache.default()):
            bar.step(result.path.name)
            if result.error is not None:
                bad += 1
                typer.echo(error_line(result.error), err=True)
                continue
            results.append(result)
            mark = _("ok  ") if result.ok else _("FAIL")
            if color:
                mark = typer.style(mark, fg=typer.colors.GREEN if result.ok else typer.colors.RED, bold=not result.ok)
            extra = " " + _("(golden trace written)") if result.updated else ""
            typer.echo(f"{mark} {result.path}{extra}")
            for finding in result.findings:
                typer.echo(f"       {localised(finding)}")
    failed = sum(1 for r in results if not r.ok)
    n = len(results)
    line = _("{n} scenario(s): {passed} passed, {failed} failed").format(n=n, passed=n - failed, failed=failed)
    if bad:
        line += _("; {n} could not be read").format(n=bad)
    typer.echo(line)
    from judgekit.commands.versions import warn_stale_rulings

    warn_stale_rulings(files, {r.path.resolve(): r.ok for r in results})
    if bad:
        raise typer.Exit(2)
    if failed:
        raise typer.Exit(1)


@guarded
def new(
    game: Annotated[str, typer.Argument(help="Game id (divine-cross).")],
    name: Annotated[str, typer.Argument(help="The scenario's name (file stem), e.g. advantage-after-modifiers.")],
    directory: Annotated[Path | None, typer.Option("--dir", help="Where to write (default: scenarios/<game>).")] = None,
    cards: Annotated[
        list[str] | None,
        typer.Option(
            "--card",
            help="A card by its printed name and text, NAME=TEXT (repeatable): written into the scenario, read by the"
            " engine when it loads.",
        ),
    ] = None,
) -> None:
    """Write a commented template scenario, its prose to be written in the command line's language (--lang)."""
    import re

    from judgekit.games import GAMES
    from judgekit.i18n import cli_language
    from judgekit.scenario import template

    if game not in GAMES:
        message = _("no engine for game {game}; games: {games}").format(game=repr(game), games=", ".join(GAMES))
        typer.echo(error_line(message), err=True)
        raise typer.Exit(2)
    if not re.fullmatch(r"[a-z0-9][a-z0-9-]*", name):
        message = _("name {name}: expected lower-case letters, digits and hyphens").format(name=repr(name))
        typer.echo(error_line(message), err=True)
        raise typer.Exit(2)
    folder = directory if directory is not None else Path("scenarios") / game
    target = folder / f"{name}.toml"
    if target.exists():
        typer.echo(error_line(_("{file} exists; not overwriting it").format(file=target)), err=True)
        raise typer.Exit(2)
    text = template(game, name, cli_language())
    if cards:
        from judgekit.cards.scenario_cards import card_tables

        text = text.rstrip("\n") + "\n\n" + card_tables(game, cards)
    write_output_file(target, text, "--dir")
    typer.echo(str(target))
