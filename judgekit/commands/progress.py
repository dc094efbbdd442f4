"""Progress of long work (the main job, ``index``, ``check``, ``build``, ``import``), on stderr.

On a terminal a rich progress bar says what is being done and how far along it is, and goes
away when the work is done. It appears once the work has lasted :data:`DEFER` seconds: work
done sooner shows none, and does not import rich (on a terminal, a warm ``judgekit index``
took half as long again for a bar that only flashed). When stderr is not a terminal, or under
CI (``CI=true``), it is plain lines instead, where a command asks for them (the main job and
``build``, whose logs would otherwise be silent for seconds): one per item when there are few,
else one at each tenth of the way. A command whose report already comes line by line
(``check``) or at once (``index``, ``import``) adds nothing then. What a command prints on
stdout is the same either way.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from rich.progress import Progress as RichProgress
    from rich.progress import TaskID

FEW = 20
"""Up to this many items, plain progress prints one line per item."""
DEFER = 0.3
"""Seconds of work before a live bar is drawn (0: at once)."""


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
        deferred = _DeferredLive(what, total)
        try:
            yield deferred
        finally:
            deferred.close()
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


class _DeferredLive:
    """A live bar drawn by a timer once the work has lasted :data:`DEFER` seconds, counting the items begun so far."""

    def __init__(self, what: str, total: int | None) -> None:
        self._what = what
        self._total = total
        self._begun = 0
        self._label = ""
        self._lock = threading.Lock()
        self._stack = ExitStack()
        self._bar: Progress | None = None
        self._closed = False
        self._timer = threading.Timer(DEFER, self._draw)
        self._timer.daemon = True
        if DEFER > 0:
            self._timer.start()
        else:
            self._draw()

    def _draw(self) -> None:
        with self._lock:
            if self._bar is None and not self._closed:
                self._bar = self._stack.enter_context(_live(self._what, self._total, self._begun, self._label))

    def step(self, label: str) -> None:
        with self._lock:
            self._begun += 1
            self._label = label
            if self._bar is not None:
                self._bar.step(label)

    def close(self) -> None:
        """Take the bar away (if it was drawn); none is drawn after this."""
        self._timer.cancel()
        with self._lock:
            self._closed = True
        self._stack.close()


class _LiveProgress:
    def __init__(self, bar: RichProgress, task: TaskID) -> None:
        self._bar = bar
        self._task = task

    def step(self, label: str) -> None:
        self._bar.update(self._task, advance=1, item=label)


@contextmanager
def _live(what: str, total: int | None, begun: int = 0, item: str = "") -> Iterator[Progress]:
    """A transient rich bar on stderr (``begun`` items already, the last one ``item``); what the command prints
    meanwhile shows above it.

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
        task = bar.add_task(what, total=total, completed=begun, item=item)
        yield _LiveProgress(bar, task)
