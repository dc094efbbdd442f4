"""Incremental builds: what a build may take unchanged from the previous build of the same folder.

The site is written in parts (:class:`Part`): the static files, the pages of each document
version, each game's pages (with its scenarios), and the pages over everything (home, search,
``ids.json``). Each part has a key, a digest of what its pages show: the code and templates,
every book's cache key, and for a book the scenario steps citing it, for a game its scenarios.
A part whose key is the one the previous build recorded is not rendered: its files are
hard-linked from the previous site into the new one (copied where links cannot be made), so
the output is byte for byte what a build from scratch writes (a test compares them). When
every key is unchanged and the previous site is as that build left it, there is nothing to do.

Scenario runs are cached too, per game folder, keyed by the code they come from (everything
but the command line and the site builder), the game's rulebooks and its scenario files'
bytes (like the rules index, under the cache folder): a game's scenarios are replayed only when
one of those changed; a change to a template or to the builder replays none.

What the previous build recorded (each part's key and files, each file's size and modification
time, so a site edited by hand is never taken for the one built) lives in the cache folder
(``<cache>/site/``), not in the site.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import pickle
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from judgekit.site.scenarios import ScenarioPage
    from rules_index.graph import RulesIndex

BookKey = tuple[str, str, str]

PACKAGES = (Path(__file__).resolve().parents[1], Path(__file__).resolve().parents[2] / "rules_index")
"""The code whose every file is part of every key (judgekit and rules_index)."""

FORMAT = 1
"""The version of what is recorded; a build recorded in another format is not used."""


def digest(*parts: str | bytes) -> str:
    """A short hex digest of ``parts``, each length-prefixed so that no two sequences collide."""
    h = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else part
        h.update(f"{len(data)}:".encode())
        h.update(data)
    return h.hexdigest()[:32]


def folder_digest(folders: Iterable[Path], *, leave_out: Iterable[Path] = ()) -> str:
    """A digest of every file under ``folders`` (names and bytes), bytecode caches and ``leave_out`` left out."""
    skipped = set(leave_out)
    h = hashlib.sha256()
    for folder in folders:
        files = sorted(
            p
            for p in folder.rglob("*")
            if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc" and p not in skipped
        )
        for path in files:
            h.update(digest(path.relative_to(folder).as_posix(), path.read_bytes()).encode())
    return h.hexdigest()[:32]


@functools.cache
def code_digest() -> str:
    """A digest of judgekit's and rules_index's files: code, message catalogs, grammars, term tables."""
    return folder_digest(PACKAGES)


@functools.cache
def run_digest() -> str:
    """A digest of the code a scenario's run and its page data come from: :func:`code_digest` without the
    command line and the site builder (but with :mod:`judgekit.site.scenarios`, which makes the page data)."""
    judgekit = PACKAGES[0]
    builder = [p for p in (judgekit / "site").glob("*.py") if p.name != "scenarios.py"]
    return folder_digest(PACKAGES, leave_out=[*builder, *(judgekit / "commands").glob("*.py")])


def book_keys(index: RulesIndex) -> dict[BookKey, str]:
    """Each book's key: its cache key when the index reads books from the cache, else a digest of its content."""
    from rules_index.graph import BookCache, dump_book

    books = index.books
    if isinstance(books, BookCache):
        return {key: books.cache_key(key) for key in books}
    return {key: digest(dump_book(bi)) for key, bi in books.items()}


def scenario_files(root: Path) -> dict[str, list[Path]]:
    """The scenario files under ``root`` by game folder, in the order the site lists them.

    The files :func:`judgekit.scenario.iter_scenario_files` finds, found without importing the
    scenario models (0.2 s of CPU, a third of a build that finds nothing changed).
    """
    out: dict[str, list[Path]] = {}
    if not root.is_dir():
        return out
    for folder in sorted(p for p in root.iterdir() if p.is_dir()):
        files = sorted(folder.rglob("*.toml"))
        if files:
            out[folder.name] = files
    return out


def scenario_files_key(game: str, files: Sequence[Path], books: Mapping[BookKey, str]) -> str:
    """The key of a game folder's scenario runs: the code, the game's books and the files' names and bytes."""
    parts: list[str | bytes] = [run_digest(), game]
    parts += [f"{'/'.join(k)}={v}" for k, v in sorted(books.items()) if k[0] == game]
    for path in files:
        parts += [path.name, path.read_bytes()]
    return digest(*parts)


def pages_key(pages: Sequence[ScenarioPage]) -> str:
    """The key of scenario pages given as they are (not read from files): a digest of their content."""
    return digest(pickle.dumps(list(pages), protocol=pickle.HIGHEST_PROTOCOL))


class ScenarioCache:
    """Scenario runs of one game folder, kept between builds in ``<cache>/scenarios/``."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        """Where the runs are kept (None: nowhere)."""

    def load(self, game: str, key: str) -> list[ScenarioPage] | None:
        """The pages of ``game``'s scenarios run under ``key``, or None when they were not kept."""
        if self.folder is None:
            return None
        try:
            data = (self.folder / f"{game}-{key}.pickle").read_bytes()
            pages: list[ScenarioPage] = pickle.loads(data)
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError):
            return None
        return pages

    def store(self, game: str, key: str, pages: Sequence[ScenarioPage]) -> None:
        """Keep ``pages`` under ``key`` (written atomically), dropping the game's older runs."""
        self.store_pickled(game, key, pickle.dumps(list(pages), protocol=pickle.HIGHEST_PROTOCOL))

    def store_pickled(self, game: str, key: str, data: bytes) -> None:
        """Keep the pages pickled as ``data`` (a list, as :meth:`store` pickles it) under ``key``."""
        if self.folder is None:
            return
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            target = self.folder / f"{game}-{key}.pickle"
            for old in self.folder.glob(f"{game}-*.pickle"):
                if old != target:
                    old.unlink(missing_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.folder, prefix=".scenarios-", suffix=".tmp")
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
            os.replace(tmp, target)
        except OSError:
            return


@dataclass(frozen=True, slots=True)
class Part:
    """A part of the site that is built, or taken from the previous build, as a whole."""

    name: str
    """``static``, ``everything``, ``game:dice-castle``, ``book:fftcg/cr/2.1.9``."""
    key: str
    """A digest of everything its pages show."""


@dataclass(slots=True)
class Recorded:
    """What a build wrote into a folder, kept for the next build of the same folder."""

    whole: str = ""
    """The digest of every input of that build."""
    parts: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Part name → ``{"key": …, "files": [...], "pages": n, "warnings": [...]}``."""
    stats: dict[str, list[int]] = field(default_factory=dict)
    """File (from the site root) → [size, modification time in ns] as written."""

    @classmethod
    def read(cls, path: Path | None) -> Recorded:
        """The record at ``path``; an empty one when there is none or it cannot be used."""
        if path is None:
            return cls()
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls()
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return cls()
        return cls(str(data.get("whole", "")), dict(data.get("parts", {})), dict(data.get("stats", {})))

    def write(self, path: Path | None) -> None:
        """Save the record at ``path`` (atomically; a failure only costs the next build its shortcuts)."""
        if path is None:
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".site-", suffix=".tmp")
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump({"format": FORMAT, "whole": self.whole, "parts": self.parts, "stats": self.stats}, fh)
            os.replace(tmp, path)
        except OSError:
            return

    def reusable(self, part: Part, out: Path) -> bool:
        """Whether ``part`` was built with the same key and its files in ``out`` are as that build wrote them."""
        entry = self.parts.get(part.name)
        if entry is None or entry.get("key") != part.key:
            return False
        return all(self._intact(out, f) for f in entry.get("files", []))

    def is_all_of(self, out: Path) -> bool:
        """Whether ``out`` holds exactly the files recorded (and the site's marker), each as that build wrote it."""
        from judgekit.site.output import MARKER

        if not self.stats:
            return False
        try:
            found = {p.relative_to(out).as_posix() for p in out.rglob("*") if not p.is_dir()}
        except OSError:
            return False
        return found == {*self.stats, MARKER} and all(self._intact(out, name) for name in self.stats)

    def _intact(self, out: Path, name: str) -> bool:
        expected = self.stats.get(name)
        if expected is None:
            return False
        try:
            st = (out / name).stat()
        except OSError:
            return False
        return [st.st_size, st.st_mtime_ns] == expected


def record_path(out: Path, cache: Path | None) -> Path | None:
    """Where the record of builds into ``out`` lives in the cache folder (None: no cache folder)."""
    if cache is None:
        return None
    return cache / "site" / f"{digest(str(out.resolve()))}.json"


__all__ = [
    "Part",
    "Recorded",
    "ScenarioCache",
    "book_keys",
    "code_digest",
    "digest",
    "folder_digest",
    "pages_key",
    "record_path",
    "run_digest",
    "scenario_files",
    "scenario_files_key",
]
