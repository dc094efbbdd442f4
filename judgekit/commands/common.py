"""What every command shares: error handling, output formats, colour, JSON output."""

from __future__ import annotations

import functools
import json
import os
import sys
from collections.abc import Callable
from enum import StrEnum
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
    """Run a command so that a JudgekitError is printed to stderr and exits 2."""

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return fn(*args, **kwargs)
        except JudgekitError as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(2) from exc

    return wrapper


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
