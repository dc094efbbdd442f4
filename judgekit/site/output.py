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

    def take(self, old: Path, path: str) -> None:
        """Put the previous build's file ``old`` at ``path`` unchanged: a hard link, else a copy.

        As with :meth:`write_bytes`, a file already written at ``path`` is replaced.
        """
        target = self._target(path)
        target.unlink(missing_ok=True)
        try:
            os.link(old, target)
        except OSError:
            shutil.copy2(old, target)
        self.files.append(path)

    def write_bytes(self, path: str, data: bytes) -> None:
        """Write ``data`` to ``path`` (relative to the root, ``/``-separated)."""
        self._target(path).write_bytes(data)
        self.files.append(path)

    def _target(self, path: str) -> Path:
        """Where ``path`` goes, its folder made."""
        target = self.root / path
        parent = target.parent
        if parent not in self._dirs:
            parent.mkdir(parents=True, exist_ok=True)
            self._dirs.add(parent)
        return target


def check_output(out: Path) -> None:
    """Raise :class:`OutputError` unless ``out`` is absent, empty, or a site a build wrote, and can be replaced."""
    out = out.resolve()
    if os.path.ismount(out):
        raise OutputError.from_message(
            "{out} is a mount point: a build replaces its --out folder whole, by renaming the finished site onto it,"
            " which a mount point does not allow; write to a folder inside it (--out {inside})",
            out=out,
            inside=out / "site",
        )
    if out.exists() and not _is_replaceable(out):
        raise OutputError.from_message(
            "{out} exists and is not a site judgekit built (no {marker} in it); choose another --out or remove it",
            out=out,
            marker=MARKER,
        )
    parent = out.parent
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent
    if not parent.is_dir() or not os.access(parent, os.W_OK | os.X_OK):
        raise OutputError.from_message(
            "cannot write beside {out}: {parent} is not a folder this user can write to", out=out, parent=parent
        )


def write_atomically(out: Path, fill: Callable[[SiteWriter], None]) -> list[str]:
    """Build into a sibling of ``out`` with ``fill``, then swap it into place; the files written.

    Folders that builds killed before they finished left beside ``out`` are removed first.
    """
    check_output(out)
    out = out.resolve()
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        remove_leftovers(out)
        tmp = Path(tempfile.mkdtemp(prefix=_scratch_prefix(out, "building"), dir=out.parent))
    except OSError as exc:
        raise OutputError(f"cannot write beside {out}: {exc.strerror}") from exc
    try:
        tmp.chmod(0o755)
        writer = SiteWriter(tmp)
        try:
            fill(writer)
            writer.write_text(MARKER, "A static site built by `judgekit build`; replaced whole by the next build.\n")
        except OSError as exc:
            where = f" ({exc.filename})" if exc.filename else ""
            raise OutputError(f"cannot write the site beside {out}: {exc.strerror}{where}") from exc
        _swap(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return writer.files


def _swap(new: Path, out: Path) -> None:
    """Rename the finished folder ``new`` to ``out``, the previous site (if any) moved aside and removed after."""
    old: Path | None = None
    try:
        if out.exists():
            old = out.parent / f"{_scratch_prefix(out, 'old')}{new.name.rsplit('-', 1)[-1]}"
            os.rename(out, old)
        os.rename(new, out)
    except OSError as exc:
        problem = f"cannot put the new site in place at {out}: {exc.strerror}"
        if old is None or not old.exists():
            raise OutputError(f"{problem}; the previous site is left as it was") from exc
        try:
            os.rename(old, out)
        except OSError:
            raise OutputError(f"{problem}; the previous site is at {old}") from exc
        raise OutputError(f"{problem}; the previous site is left as it was") from exc
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def _scratch_prefix(out: Path, kind: str) -> str:
    """``.site.building-1234-``: the name of a build's scratch folder beside ``out`` starts with its process id."""
    return f".{out.name}.{kind}-{os.getpid()}-"


def remove_leftovers(out: Path) -> list[Path]:
    """Remove the scratch folders beside ``out`` of builds that are no longer running; the folders removed.

    A build killed before it finished (SIGKILL, power loss) cannot clean up after itself; its
    folder names the process that wrote it, so a later build can tell it from one still running.
    A folder without a process id (written before names had one) counts as left over.
    """
    removed: list[Path] = []
    for kind in ("building", "old"):
        for path in sorted(out.parent.glob(f".{out.name}.{kind}-*")):
            pid = path.name.removeprefix(f".{out.name}.{kind}-").split("-", 1)[0]
            if pid.isdigit() and _is_running(int(pid)):
                continue
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path, ignore_errors=True)
                removed.append(path)
    return removed


def _is_running(pid: int) -> bool:
    """Whether process ``pid`` exists (always assumed where signal 0 cannot ask, or for this process)."""
    if pid == os.getpid() or os.name != "posix":
        return True  # on Windows os.kill would end the process, not ask about it
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError):
        return False
    except PermissionError:  # it exists, and belongs to another user
        return True
    return True


def _is_replaceable(out: Path) -> bool:
    if not out.is_dir():
        return False
    return (out / MARKER).is_file() or not any(out.iterdir())
