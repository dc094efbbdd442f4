"""Scenario runs kept between commands, one cache file per scenario file.

A scenario is replayed only when something its run comes from changed. Each kept run is
filed under the scenario file's path (``<cache>/runs/<digest of the path>.pickle``) with the
key it was run under, a digest of:

- the scenario file's bytes (and its path: the trace is named after the file);
- its game's engine code: ``judgekit/engine``, the shared ``judgekit/games/*.py``, the game's own
  package ``judgekit/games/<game>/``, the top-level modules that load, run and check scenarios
  (``judgekit/*.py`` but the command line), and ``judgekit/render/json.py`` (the trace's bytes);
- the cache key of each of its game's rulebooks (the rules index's, which covers the rulebook's
  file, its manifest entry and the parser code): a file's rule ids are checked against them;
- the card readers' code (``judgekit/cards/``), only when the file gives a card's printed text.

So editing one scenario re-runs only it; editing one game's engine re-runs that game's scenarios;
editing a card reader re-runs the scenarios whose cards are read from text. A run that could not
start (an error rather than a trace) is not kept. What is kept:

- a :class:`RunRecord`, small, read first: what ``judgekit check`` needs (the findings of the
  expectations and a digest of the canonical JSON trace, compared with the golden file's bytes);
- after it, when the run was kept whole, the loaded scenario and its trace (:class:`ScenarioRun`):
  what the site build needs to draw the scenario's page. ``check`` keeps records only (pickling
  every trace would cost it a tenth of its time); the site keeps both.

The cache folder is the rules index's (``$JUDGEKIT_CACHE``, else ``$XDG_CACHE_HOME/judgekit``,
else ``~/.cache/judgekit``); files are written atomically, and a cache that cannot be read or
written only costs a run. The versions of installed libraries (pydantic, lark) are not part of
the key: after upgrading one, ``rm -r <cache>/runs``.
"""

from __future__ import annotations

import functools
import hashlib
import os
import pickle
import sys
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from judgekit.engine import Trace
    from judgekit.games import Run
    from judgekit.scenario import Scenario

FORMAT = 1
"""The version of what a cache file holds; a file of another format is not used."""

JUDGEKIT = Path(__file__).resolve().parent
"""The judgekit package."""

_SKIPPED_TOP = frozenset({"cli.py", "__main__.py"})
"""Top-level modules no run depends on (the command line)."""


@dataclass(frozen=True, slots=True)
class RunRecord:
    """What a scenario's run gave, enough to check it against its expectations and golden trace."""

    game: str
    """The game id the file names."""
    reads_text: bool
    """Whether the file gives a card's printed text (then the card readers' code is part of the key)."""
    key: str
    """The key it was run under (see the module's docstring)."""
    trace: str
    """The sha256 (hex) of the trace's canonical JSON: what its golden file holds when they agree."""
    findings: tuple[tuple[str, dict[str, object] | None], ...]
    """Failed expectations and card readings (not the golden comparison), one a pair: a finding's English
    message id and values (:class:`judgekit.scenario.Finding`), or a plain sentence and None."""
    whole: bool
    """Whether the loaded scenario and its trace follow the record in the cache file."""

    @staticmethod
    def kept_findings(findings: Iterable[str]) -> tuple[tuple[str, dict[str, object] | None], ...]:
        """``findings`` as a record keeps them."""
        from judgekit.findings import Finding

        return tuple((f.template, dict(f.values)) if isinstance(f, Finding) else (str(f), None) for f in findings)

    def finding_list(self) -> list[str]:
        """The findings as the check made them."""
        from judgekit.findings import Finding

        return [Finding(text, **values) if values is not None else text for text, values in self.findings]


@dataclass(frozen=True, slots=True)
class ScenarioRun:
    """A loaded scenario and its run, as the site draws it."""

    scenario: Scenario
    """The loaded, validated scenario (its ``path`` as the caller named it)."""
    trace: Trace | None
    """Its trace, or None when the run could not start."""
    error: str
    """Why the run could not start (the engine's message), else empty."""


# --- keys ----------------------------------------------------------------------------------------


def _files_digest(files: Iterable[Path]) -> str:
    h = hashlib.sha256()
    for path in sorted(files):
        data = path.read_bytes()
        h.update(f"{path.relative_to(JUDGEKIT).as_posix()}:{len(data)}:".encode())
        h.update(data)
    return h.hexdigest()


def _tree(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"]


@functools.cache
def engine_digest(game: str) -> str:
    """A digest of the code ``game``'s runs come from (every game's when ``game`` has no package of its own)."""
    files = _tree(JUDGEKIT / "engine")
    files += [p for p in JUDGEKIT.glob("*.py") if p.name not in _SKIPPED_TOP]
    files += [JUDGEKIT / "render" / "json.py"]
    package = JUDGEKIT / "games" / game.replace("-", "_")
    files += _tree(package) if game and package.is_dir() else _tree(JUDGEKIT / "games")
    files += list((JUDGEKIT / "games").glob("*.py"))
    return _files_digest(dict.fromkeys(files))


@functools.cache
def readers_digest() -> str:
    """A digest of the card readers' code and grammars (``judgekit/cards/``)."""
    return _files_digest(_tree(JUDGEKIT / "cards"))


def rulebooks_key(game: str) -> str:
    """A digest of the cache keys of ``game``'s rulebooks in the libraries (every book's when it has none)."""
    from judgekit.scenario_file import library_catalog

    return _rulebooks_key(library_catalog(), game)


@functools.lru_cache(maxsize=8)
def _rulebooks_key(catalog: object, game: str) -> str:
    from rules_index.catalog import Catalog
    from rules_index.graph import book_cache_key

    assert isinstance(catalog, Catalog)
    documents = catalog.all_documents()
    mine = [d for d in documents if d.game == game] or list(documents)
    h = hashlib.sha256()
    for info in mine:
        try:
            h.update(f"{info.game}/{info.document}/{info.version}={book_cache_key(catalog, info)};".encode())
        except OSError:
            h.update(f"{info.game}/{info.document}/{info.version}=unreadable;".encode())
    return h.hexdigest()


def run_key(path: Path, raw: bytes, game: str, reads_text: bool, books: str | None = None) -> str:
    """The key a run of the scenario file ``path`` (its bytes ``raw``) is kept under (``books``: the game's
    :func:`rulebooks_key`, when known)."""
    h = hashlib.sha256(f"{FORMAT}|{sys.version}|{path.resolve()}|{game}|".encode())
    h.update(hashlib.sha256(raw).digest())
    h.update(engine_digest(game).encode())
    h.update((books if books is not None else rulebooks_key(game)).encode())
    if reads_text:
        h.update(readers_digest().encode())
    return h.hexdigest()


def trace_digest(lines: Iterable[str]) -> str:
    """The sha256 (hex) of a trace's canonical JSON, given as its lines
    (:func:`judgekit.render.json.trace_json_lines`)."""
    h = hashlib.sha256()
    for line in lines:
        h.update(line.encode("utf-8"))
    return h.hexdigest()


# --- the cache -----------------------------------------------------------------------------------


class RunCache:
    """Scenario runs kept in a folder, one file per scenario file."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        """Where the runs are kept (None: nowhere; every look-up misses)."""
        self._books: dict[str, str] = {}

    def key(self, path: Path, raw: bytes, game: str, reads_text: bool) -> str:
        """:func:`run_key`, each game's rulebooks looked at once in this cache's life (one command)."""
        books = self._books.get(game)
        if books is None:
            books = self._books[game] = rulebooks_key(game)
        return run_key(path, raw, game, reads_text, books)

    @classmethod
    def default(cls) -> RunCache:
        """The cache under the cache folder (``<cache>/runs``)."""
        from rules_index.graph import cache_dir

        return cls(cache_dir() / "runs")

    def _file(self, path: Path) -> Path | None:
        if self.folder is None:
            return None
        name = hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:32]
        return self.folder / f"{name}.pickle"

    def record(self, path: Path, raw: bytes) -> RunRecord | None:
        """The record kept for ``path`` whose bytes are ``raw``, when it is still good (its key unchanged)."""
        found = self._open(path, raw, whole=False)
        return found[0] if found is not None else None

    def run(self, path: Path, raw: bytes) -> tuple[RunRecord, ScenarioRun] | None:
        """The whole run kept for ``path`` whose bytes are ``raw``, when it is still good; ``path`` is the
        loaded scenario's path whatever it was kept under."""
        found = self._open(path, raw, whole=True)
        if found is None:
            return None
        record, run = found
        if run is None:
            return None
        if run.scenario.path != path:
            from dataclasses import replace

            run = replace(run, scenario=replace(run.scenario, path=path))
        return record, run

    def _open(self, path: Path, raw: bytes, *, whole: bool) -> tuple[RunRecord, ScenarioRun | None] | None:
        file = self._file(path)
        if file is None:
            return None
        try:
            with file.open("rb") as fh:
                head = pickle.load(fh)
                if not (isinstance(head, tuple) and len(head) == 2 and head[0] == FORMAT):
                    return None
                record = head[1]
                if not isinstance(record, RunRecord) or (whole and not record.whole):
                    return None
                if record.key != self.key(path, raw, record.game, record.reads_text):
                    return None
                run = pickle.load(fh) if whole else None
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError, ValueError):
            return None
        if whole and not isinstance(run, ScenarioRun):
            return None
        return record, run

    def store(self, path: Path, raw: bytes, record: RunRecord, run: ScenarioRun | None = None) -> None:
        """Keep ``record`` (and ``run``, when given) for ``path`` (atomically; a failure keeps nothing)."""
        file = self._file(path)
        if file is None:
            return
        try:
            file.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=file.parent, prefix=".run-", suffix=".tmp")
            try:
                with os.fdopen(fd, "wb") as fh:
                    pickle.dump((FORMAT, record), fh, protocol=pickle.HIGHEST_PROTOCOL)
                    if run is not None:
                        pickle.dump(run, fh, protocol=pickle.HIGHEST_PROTOCOL)
                os.replace(tmp, file)
            except BaseException:
                Path(tmp).unlink(missing_ok=True)
                raise
        except (OSError, pickle.PicklingError, TypeError, AttributeError):
            return


# --- running through the cache -------------------------------------------------------------------


def expectation_findings(scenario: Scenario, run: Run) -> list[str]:
    """What a run of ``scenario`` fails of its expectations and card readings (the golden trace aside)."""
    from judgekit.games import game_support
    from judgekit.scenario import common_findings

    findings = common_findings(scenario.model.expect, run.trace, len(scenario.model.play), run.unused)
    findings += game_support(scenario.game).findings(scenario, run)
    findings += scenario.card_findings
    return findings


def run_file(path: Path, runs: RunCache) -> ScenarioRun:
    """The scenario file ``path`` loaded and run, taken from ``runs`` when kept there and still good, else run
    and kept (whole); a file that does not load raises its :class:`~judgekit.errors.ScenarioError`."""
    from judgekit.errors import JudgekitError
    from judgekit.games import game_support
    from judgekit.render.json import trace_json_lines
    from judgekit.scenario import load_scenario

    try:
        raw = path.read_bytes()
    except OSError:
        raw = None
    if raw is not None:
        kept = runs.run(path, raw)
        if kept is not None:
            return kept[1]
    scenario = load_scenario(path)
    try:
        run = game_support(scenario.game).run(scenario)
    except JudgekitError as exc:
        return ScenarioRun(scenario, None, str(exc))
    if raw is not None and runs.folder is not None:
        record = RunRecord(
            game=scenario.game,
            reads_text=bool(scenario.cards_read),
            key=runs.key(path, raw, scenario.game, bool(scenario.cards_read)),
            trace=trace_digest(trace_json_lines(run.trace)),
            findings=RunRecord.kept_findings(expectation_findings(scenario, run)),
            whole=True,
        )
        runs.store(path, raw, record, ScenarioRun(scenario, run.trace, ""))
    return ScenarioRun(scenario, run.trace, "")


__all__ = [
    "FORMAT",
    "RunCache",
    "RunRecord",
    "ScenarioRun",
    "engine_digest",
    "expectation_findings",
    "readers_digest",
    "rulebooks_key",
    "run_file",
    "run_key",
    "trace_digest",
]
