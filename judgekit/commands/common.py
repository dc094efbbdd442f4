"""What every command shares: error handling, output formats, colour, JSON output."""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

import typer

from judgekit.commands.output import (
    cell,
    dim,
    emphasis,
    error_line,
    highlight,
    json_text,
    silence_stdout,
    use_color,
    warning_line,
)
from rules_index.errors import JudgekitError

__all__ = [
    "OutputFormat",
    "cell",
    "check_writable_file",
    "dim",
    "echo_json",
    "emphasis",
    "error_line",
    "guarded",
    "highlight",
    "silence_stdout",
    "use_color",
    "warning_line",
    "write_output_file",
]

P = ParamSpec("P")
R = TypeVar("R")


class OutputFormat(StrEnum):
    """Output format of a command."""

    TEXT = "text"
    """For people at a terminal."""
    JSON = "json"
    """For machines: UTF-8 JSON on stdout."""


def guarded(fn: Callable[P, R]) -> Callable[P, R]:
    """Run a command so that a JudgekitError is printed to stderr and exits 2, and a closed stdout pipe exits 0."""

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return fn(*args, **kwargs)
        except JudgekitError as exc:
            typer.echo(error_line(exc), err=True)
            raise typer.Exit(2) from exc
        except BrokenPipeError:
            # The reader of stdout has gone (``judgekit rule … | head -1``): not a finding, not an error.
            silence_stdout()
            raise typer.Exit(0) from None

    return wrapper


def check_writable_file(path: Path, option: str) -> None:
    """Raise a JudgekitError unless a file can be written at ``path`` (given as ``option``), before any work.

    The folders on the way may be missing (they are made when the file is written); what exists
    must be a folder this user can write in, and ``path`` itself, if it exists, a writable file.
    """
    from judgekit.i18n import gettext as _

    where = f"{option} {path}"
    if path.is_dir():
        raise JudgekitError(_("{where}: is a folder; expected the path of a file to write").format(where=where))
    if path.exists() and not os.access(path, os.W_OK):
        raise JudgekitError(_("{where}: the file exists and this user cannot write it").format(where=where))
    parent = path.parent
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent
    if not parent.is_dir():
        raise JudgekitError(_("{where}: {folder} is a file, not a folder").format(where=where, folder=parent))
    if not os.access(parent, os.W_OK | os.X_OK):
        raise JudgekitError(_("{where}: this user cannot write in {folder}").format(where=where, folder=parent))


def write_output_file(path: Path, text: str, option: str) -> None:
    """Write ``text`` to ``path`` (given as ``option``) as UTF-8, making its folders; a JudgekitError if it fails."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        from judgekit.i18n import gettext as _

        message = _("{where}: cannot write it: {reason}").format(where=f"{option} {path}", reason=exc.strerror)
        raise JudgekitError(message) from exc


def echo_json(data: Any) -> None:
    """Print ``data`` as indented UTF-8 JSON."""
    typer.echo(json_text(data))
