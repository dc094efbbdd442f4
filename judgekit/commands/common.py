"""What every command shares: error handling, output formats, colour, JSON output."""

from __future__ import annotations

import functools
import json
import os
import sys
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

import typer

from rules_index.errors import JudgekitError

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
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(2) from exc
        except BrokenPipeError:
            # The reader of stdout has gone (``judgekit rule … | head -1``): not a finding, not an error.
            silence_stdout()
            raise typer.Exit(0) from None

    return wrapper


def silence_stdout() -> None:
    """Point stdout at the null device, so that writing (and the flush at exit) after its reader has gone is quiet.

    The Python documentation's "Note on SIGPIPE" (``signal`` module): a closed pipe raises
    BrokenPipeError, and the flush at interpreter exit would raise it again.
    """
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # stdout is not a real file (a test runner's buffer)
        pass
    finally:
        os.close(devnull)


def check_writable_file(path: Path, option: str) -> None:
    """Raise a JudgekitError unless a file can be written at ``path`` (given as ``option``), before any work.

    The folders on the way may be missing (they are made when the file is written); what exists
    must be a folder this user can write in, and ``path`` itself, if it exists, a writable file.
    """
    where = f"{option} {path}"
    if path.is_dir():
        raise JudgekitError(f"{where}: is a folder; expected the path of a file to write")
    if path.exists() and not os.access(path, os.W_OK):
        raise JudgekitError(f"{where}: the file exists and this user cannot write it")
    parent = path.parent
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent
    if not parent.is_dir():
        raise JudgekitError(f"{where}: {parent} is a file, not a folder")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise JudgekitError(f"{where}: this user cannot write in {parent}")


def write_output_file(path: Path, text: str, option: str) -> None:
    """Write ``text`` to ``path`` (given as ``option``) as UTF-8, making its folders; a JudgekitError if it fails."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise JudgekitError(f"{option} {path}: cannot write it: {exc.strerror}") from exc


def use_color() -> bool:
    """Whether to colour output: a terminal, and NO_COLOR not set."""
    return "NO_COLOR" not in os.environ and sys.stdout.isatty()


def emphasis(text: str, color: bool) -> str:
    """``text`` made to stand out: bold yellow on a colour terminal, «…» otherwise."""
    if color:
        return typer.style(text, fg=typer.colors.YELLOW, bold=True)
    return f"«{text}»"


def dim(text: str, color: bool) -> str:
    """``text`` in a quieter style on a colour terminal."""
    return typer.style(text, dim=True) if color else text


def highlight(text: str, spans: list[tuple[int, int]] | tuple[tuple[int, int], ...], color: bool) -> str:
    """``text`` with each (start, end) span emphasised."""
    out: list[str] = []
    pos = 0
    for start, end in spans:
        out.append(text[pos:start])
        out.append(emphasis(text[start:end], color))
        pos = end
    out.append(text[pos:])
    return "".join(out)


def echo_json(data: Any) -> None:
    """Print ``data`` as indented UTF-8 JSON."""
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))
