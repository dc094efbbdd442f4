"""The judgekit command line (typer). Thin: parse arguments, call the library, render."""

from __future__ import annotations

import typer

app = typer.Typer(no_args_is_help=True, add_completion=False, help=__doc__)


def main() -> None:
    """Entry point of the ``judgekit`` console script."""
    app()
