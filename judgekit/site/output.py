"""Writing the site: every file into a sibling folder, then one rename into place.

A failed build removes its half-written folder and leaves the previous site as it was. The
folder replaced must be one a build wrote (it holds :data:`MARKER`), so that ``--out`` can
never replace a folder of the user's by mistake.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

from rules_index.errors import JudgekitError

MARKER = ".judgekit-site"
"""A file every built site holds; only a folder with it (or an empty one) is ever replaced."""


class OutputError(JudgekitError):
    """The output folder cannot be used (not ours, or not writable)."""


class SiteWriter:
    """Writes the files of one build under a root folder, text as UTF-8 with ``\\n`` line ends."""

    def __init__(self, root: Path) -> None:
        self.root = root
        """The folder being filled."""
        self.files: list[str] = []
        """Paths written, relative to the root, in writing order."""
        self._dirs: set[Path] = set()

    def write_text(self, path: str, text: str) -> None:
        """Write ``text`` to ``path`` (relative to the root, ``/``-separated)."""
        self.write_bytes(path, text.encode("utf-8"))

    def write_bytes(self, path: str, data: bytes) -> None:
        """Write ``data`` to ``path`` (relative to the root, ``/``-separated)."""
        target = self.root / path
        parent = target.parent
        if parent not in self._dirs:
            parent.mkdir(parents=True, exist_ok=True)
            self._dirs.add(parent)
        target.write_bytes(data)
        self.files.append(path)


def check_output(out: Path) -> None:
    """Raise :class:`OutputError` unless ``out`` is absent, empty, or a site a build wrote."""
    out = out.resolve()
    if out.exists() and not _is_replaceable(out):
        raise OutputError(
            f"{out} exists and is not a site judgekit built (no {MARKER} in it); choose another --out or remove it"
        )


def write_atomically(out: Path, fill: Callable[[SiteWriter], None]) -> list[str]:
    """Build into a sibling of ``out`` with ``fill``, then swap it into place; the files written."""
    check_output(out)
    out = out.resolve()
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.building-", dir=out.parent))
    except OSError as exc:
        raise OutputError(f"cannot write beside {out}: {exc.strerror}") from exc
    try:
        tmp.chmod(0o755)
        writer = SiteWriter(tmp)
        fill(writer)
        writer.write_text(MARKER, "A static site built by `judgekit build`; replaced whole by the next build.\n")
        old: Path | None = None
        if out.exists():
            old = out.parent / f".{out.name}.old-{os.getpid()}"
            os.rename(out, old)
        try:
            os.rename(tmp, out)
        except OSError:
            if old is not None:
                os.rename(old, out)
            raise
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
    return writer.files


def _is_replaceable(out: Path) -> bool:
    if not out.is_dir():
        return False
    return (out / MARKER).is_file() or not any(out.iterdir())
