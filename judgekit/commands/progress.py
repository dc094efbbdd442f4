"""Progress of long work (the main job, ``index``, ``check``, ``build``, ``import``), on stderr.

On a terminal a rich progress bar says what is being done and how far along it is, and goes
away when the work is done. When stderr is not a terminal, or under CI (``CI=true``), it is
plain lines instead, where a command asks for them (the main job and ``build``, whose logs
would otherwise be silent for seconds): one per item when there are few, else one at each
tenth of the way. A command whose report already comes line by line (``check``) or at once
(``index``, ``import``) adds nothing then. What a command prints on stdout is the same either way.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from rich.progress import Progress as RichProgress
    from rich.progress import TaskID

FEW = 20
"""Up to this many items, plain progress prints one line per item."""


class Progress(Protocol):
    """Told of each item of a piece of work as it starts."""

    def step(self, label: str) -> None:
        """The next item (``label`` says which) is being done."""


def is_live() -> bool:
    """Whether to draw a live bar: stderr is a terminal and this is not a CI run."""
    ci = os.environ.get("CI", "").strip().lower()
    return sys.stderr.isatty() and ci not in ("true", "1", "yes")


@contextmanager
def progress(what: str, total: int | None, *, plain: bool = False) -> Iterator[Progress]:
    """Show the progress of ``what`` (``total`` items, or None when not known) while the block runs.

    ``plain``: whether to print plain lines when no live bar can be drawn.
    """
    if is_live():
        with _live(what, total) as bar:
            yield bar
    elif plain:
        yield PlainProgress(what, total)
    else:
        yield _Silent()


class PlainProgress:
    """Progress as plain lines on stderr."""

    def __init__(self, what: str, total: int | None) -> None:
        self.what = what
        self.total = total
        self.done = 0
        self._shown = -1

    def step(self, label: str) -> None:
        """Print ``what: n/total label`` for every item when there are few, else at each tenth."""
        self.done += 1
        if self.total is None:
            print(f"{self.what}: {label}", file=sys.stderr, flush=True)
            return
        tenth = self.done * 10 // max(self.total, 1)
        if self.total <= FEW or tenth != self._shown or self.done == 1:
            self._shown = tenth
            print(f"{self.what}: {self.done}/{self.total} {label}", file=sys.stderr, flush=True)


class _Silent:
    def step(self, label: str) -> None:
        pass


class _LiveProgress:
    def __init__(self, bar: RichProgress, task: TaskID) -> None:
        self._bar = bar
        self._task = task

    def step(self, label: str) -> None:
        self._bar.update(self._task, advance=1, item=label)


@contextmanager
def _live(what: str, total: int | None) -> Iterator[Progress]:
    """A transient rich bar on stderr; what the command prints meanwhile shows above it.

    stdout is taken through the bar only when it is the terminal too: redirected to a file, the
    report goes to the file untouched.
    """
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, SpinnerColumn, TextColumn, TimeElapsedColumn
    from rich.progress import Progress as RichProgress

    columns = [
        SpinnerColumn(),
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("{task.fields[item]}"),
    ]
    console = Console(stderr=True)
    with RichProgress(*columns, console=console, transient=True, redirect_stdout=sys.stdout.isatty()) as bar:
        task = bar.add_task(what, total=total, item="")
        yield _LiveProgress(bar, task)
