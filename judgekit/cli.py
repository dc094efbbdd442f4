"""The judgekit command line (typer). Thin: parse arguments, call the library, render.

Exit codes: 0 ok, 1 findings (a failed expectation, lint under ``--strict``), 2 bad input or
internal error. Data goes to stdout, diagnostics to stderr.
"""

from __future__ import annotations

import typer

from judgekit.commands import rules as rules_commands
from judgekit.commands import scenarios as scenario_commands
from judgekit.commands import site as site_commands
from judgekit.commands import versions as versions_commands
from judgekit.commands.common import guarded

app = typer.Typer(
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    help="judgekit: rules index, rules engines with cited traces, a static rules site, version diffs.",
)

rules_commands.register(app)
versions_commands.register(app)
scenario_commands.register(app)
site_commands.register(app)


@app.command("all")
@guarded
def all_command() -> None:
    """The main job: index every rulebook and print the summary."""
    from rules_index.graph import load_index

    rules_commands.print_index_summary(rules_commands.index_summary(load_index()))


def main() -> None:
    """Entry point of the ``judgekit`` console script and ``python -m judgekit``."""
    app()
