"""Writing for people and machines without importing typer: colour, emphasis, JSON, a closed pipe.

The typer commands and the start-up fast path (:mod:`judgekit.commands.fast`) share these, so
a look-up prints the same bytes either way. The escape codes are the ones ``click.style``
writes (a test compares them).
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing on a look-up (see judgekit.language)
if TYPE_CHECKING:
    from typing import Any

_RESET = "\x1b[0m"
_BOLD_YELLOW = "\x1b[33m\x1b[1m"
_DIM = "\x1b[2m"


def use_color() -> bool:
    """Whether to colour output: a terminal, and NO_COLOR not set."""
    return "NO_COLOR" not in os.environ and sys.stdout.isatty()


def emphasis(text: str, color: bool) -> str:
    """``text`` made to stand out: bold yellow on a colour terminal, «…» otherwise."""
    if color:
        return f"{_BOLD_YELLOW}{text}{_RESET}"
    return f"«{text}»"


def dim(text: str, color: bool) -> str:
    """``text`` in a quieter style on a colour terminal."""
    return f"{_DIM}{text}{_RESET}" if color else text


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


def cell(text: str, width: int) -> str:
    """``text`` in a column ``abs(width)`` terminal cells wide, left-aligned when ``width`` is negative, else
    right-aligned; a Japanese (wide) character takes two cells."""
    import unicodedata

    used = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)
    pad = " " * max(0, abs(width) - used)
    return text + pad if width < 0 else pad + text


def error_line(error: object) -> str:
    """An error as the command line prints it on stderr: ``error: …`` in the interface's language."""
    from judgekit.i18n import gettext as _

    template = getattr(error, "template", "")
    message = _(template).format(**getattr(error, "values", {})) if template else error
    return _("error: {message}").format(message=message)


def warning_line(warning: object) -> str:
    """A warning as the command line prints it on stderr: ``warning: …`` in the interface's language."""
    from judgekit.i18n import gettext as _

    return _("warning: {message}").format(message=warning)


def json_text(data: Any) -> str:
    """``data`` as indented UTF-8 JSON (what ``--format json`` prints)."""
    import json

    return json.dumps(data, ensure_ascii=False, indent=2)


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
