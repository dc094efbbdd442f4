"""The judgekit command line (typer). Thin: parse arguments, call the library, render.

Exit codes: 0 ok, 1 findings (a failed expectation, lint under ``--strict``), 2 bad input or
internal error. Data goes to stdout, diagnostics to stderr.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from typer.core import TyperCommand

from judgekit.commands import cards as card_commands
from judgekit.commands import library as library_commands
from judgekit.commands import rules as rules_commands
from judgekit.commands import scenarios as scenario_commands
from judgekit.commands import site as site_commands
from judgekit.commands import versions as versions_commands
from judgekit.commands.common import guarded, silence_stdout
from judgekit.commands.help import LocalisedCommand, LocalisedGroup

app = typer.Typer(
    cls=LocalisedGroup,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    help="judgekit: rules index, rules engines with cited traces, a static rules site, version diffs.",
)

rules_commands.register(app)
versions_commands.register(app)
scenario_commands.register(app)
site_commands.register(app)
library_commands.register(app)
card_commands.register(app)


@app.callback()
def options(
    library: Annotated[
        Path | None,
        typer.Option(
            "--library",
            "-L",
            help="Your rules library (rulebooks you imported), seen beside the built-in games by every command; "
            "default: $JUDGEKIT_LIBRARY or ~/.local/share/judgekit/library.",
        ),
    ] = None,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            help="Language of the interface words: ja or en; default: $JUDGEKIT_LANG, else the locale (LANG).",
        ),
    ] = None,
) -> None:
    """Options for every command."""
    if lang is not None:
        import os

        from judgekit.commands.output import error_line
        from judgekit.i18n import LANG_ENV, parse_language
        from judgekit.i18n import gettext as _

        if parse_language(lang) is None:
            typer.echo(error_line(_("--lang {value}: expected ja or en").format(value=repr(lang))), err=True)
            raise typer.Exit(2)
        os.environ[LANG_ENV] = lang
    if library is not None:
        import os

        from rules_index.catalog import LIBRARY_ENV

        os.environ[LIBRARY_ENV] = str(library)


@app.command("all")
@guarded
def all_command(
    out: Annotated[Path, typer.Option("--out", "-o", help="Where to write the site.")] = Path("build/site"),
) -> None:
    """The main job: index every rulebook, run every scenario, build the site."""
    from judgekit.i18n import gettext as _

    typer.echo("== " + _("rules index"))
    rules_commands.print_index_summary(rules_commands.index_summary(rules_commands.load_every_book(plain=True)))
    typer.echo("\n== " + _("scenarios"))
    code = 0
    try:
        scenario_commands.check(None, update=False)
    except typer.Exit as exc:
        code = exc.exit_code
    typer.echo("\n== " + _("site"))
    report = site_commands.build_and_report(out, plain=True)
    typer.echo(_("open {url}").format(url=report.home.as_uri()))
    if code:
        raise typer.Exit(code)


for _command in app.registered_commands:  # help and usage errors in the interface's language
    if _command.cls in (None, TyperCommand):
        _command.cls = LocalisedCommand


def main() -> None:
    """Entry point of the ``judgekit`` console script and ``python -m judgekit``."""
    try:
        app()
    finally:
        try:  # what is still buffered, while a closed pipe can still be told apart from an error
            sys.stdout.flush()
        except BrokenPipeError:
            silence_stdout()
