"""Coverage per game: how each rule of the pinned document is covered, drawn as a map.

Two sources. The engine's coverage table (``judgekit/games/<game>/coverage.toml``, one row per
rule: ``status`` and, by status, ``functions``, ``scenarios``, ``where``, ``reason``) says how
each rule is covered; it is read here by :func:`read_coverage_table`, which knows the format and
nothing of any game's code. The scenario traces say which rules a run actually cited. A game
without a table still gets a map, from the traces and the ids its engine's rule functions
declare.

The page draws the pinned document as a map: one row per top-level section, one square per
rule in document order, coloured by :class:`Cover`; each square links to the rule's page and
says (title, and the preview shown on hover and focus) its status, the functions that
implement it, the scenarios whose traces cite it and the table's reason. A legend counts the
rules of each colour.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from judgekit.games.coverage import Status
from judgekit.i18n import N_, translations
from judgekit.render.html import has_japanese
from judgekit.site.books import BookPages, Link, summary
from judgekit.site.i18n import UiText, ui
from rules_index.errors import JudgekitError

if TYPE_CHECKING:
    from judgekit.site.build import Site
    from judgekit.site.scenarios import ScenarioPage
    from rules_index.catalog import Game

GAMES = Path(__file__).resolve().parents[1] / "games"
"""Where the game engines (and their coverage tables) live; looked up at call time."""
TABLE_NAME = "coverage.toml"
"""The coverage table's file name in a game's package folder."""
TIP_SCENARIOS = 4
"""How many of the scenarios citing a rule its square names (its page names them all)."""
PREVIEW_CHARS = 100
"""How much of a rule's text a square's preview shows (the map has a square per rule)."""


class CoverageTableError(JudgekitError):
    """A coverage table that cannot be read: bad TOML, an unknown status, a value of the wrong kind."""


NO_CODE = frozenset({Status.DEFINITION, Status.CARD_FACE, Status.POLICY, Status.HEADING})
"""Statuses of rules that need no code."""


class Cover(StrEnum):
    """The colour of a rule on the map."""

    EXERCISED = "exercised"
    """Implemented, and some scenario's trace cites it."""
    IMPLEMENTED = "implemented"
    """Implemented (the table says so, or a rule function declares it), but no scenario's trace cites it."""
    MODELLED = "modelled"
    """Carried by the engine's data model."""
    NO_CODE = "no-code"
    """Needs no code: a definition, card-face information, policy or a heading."""
    NOT_REACHABLE = "not-reachable"
    """The engine cannot reach the case it speaks of."""
    NONE = "none"
    """No row in the table (or, without a table, cited by neither the engine nor a scenario): untested."""

    def legend(self, table: bool = True) -> str:
        """What the colour means, for the legend (of a game with a coverage table, or without one): a message id."""
        if self is Cover.NONE and not table:
            return N_("cited by neither the engine nor a scenario: untested")
        return _LEGEND[self]

    @property
    def is_settled(self) -> bool:
        """Whether nothing is left to do for a rule of this colour (it is not untested)."""
        return self not in (Cover.IMPLEMENTED, Cover.NONE)


_LEGEND = {
    Cover.EXERCISED: N_("implemented and exercised by scenarios"),
    Cover.IMPLEMENTED: N_("implemented, cited by no scenario's trace"),
    Cover.MODELLED: N_("modelled in the engine's data"),
    Cover.NO_CODE: N_("needs no code (definition, card face, policy, heading)"),
    Cover.NOT_REACHABLE: N_("not reachable by the engine"),
    Cover.NONE: N_("no row: untested"),
}

STATUS_WORDS = {
    "definition": N_("definition"),
    "card-face": N_("card face"),
    "policy": N_("policy"),
    "heading": N_("heading"),
}
"""The no-code statuses of a coverage table → their names in the legend (message ids)."""


@dataclass(frozen=True, slots=True)
class TableRow:
    """One row of a coverage table: how one rule is covered."""

    rule: str
    """The rule id."""
    status: Status
    """How it is covered."""
    functions: tuple[str, ...] = ()
    """Implemented: the rule functions that cite it."""
    scenarios: tuple[str, ...] = ()
    """Implemented: the scenarios (file stems) the table says exercise it."""
    where: tuple[str, ...] = ()
    """Modelled (or noted): ``module:attribute`` of what carries it."""
    reason: str = ""
    """Why no rule function cites it (or any note the table gives)."""


@dataclass(frozen=True, slots=True)
class CoverageTable:
    """A game engine's coverage table, as read from its file."""

    source: str
    """Where it was read (relative to the repository when it is inside it)."""
    game: str
    """The game id it declares (empty when it declares none)."""
    document: str
    """The document id it is pinned to (empty: the game's default document)."""
    version: str
    """The version it is pinned to (empty: the newest)."""
    rows: Mapping[str, TableRow]
    """Rule id → its row, in file order."""


@dataclass(frozen=True, slots=True)
class EngineCoverage:
    """What a game's engine covers: its coverage table, or the ids its rule functions declare."""

    source: str
    """Where it was read: the coverage table's path, or the engine's rule functions."""
    document: str
    """Document id the engine is pinned to (empty: the default document)."""
    version: str
    """Version the engine is pinned to (empty: the newest)."""
    table: CoverageTable | None
    """The coverage table, when the game keeps one."""
    declared: Mapping[str, tuple[str, ...]]
    """Without a table: rule id → the rule functions that declare it (empty with a table)."""

    def functions(self, rule_id: str) -> tuple[str, ...]:
        """The rule functions that implement ``rule_id``, from the table or the engine."""
        if self.table is not None:
            row = self.table.rows.get(rule_id)
            return row.functions if row else ()
        return self.declared.get(rule_id, ())

    def status(self, rule_id: str) -> Status | None:
        """The rule's status: the table's, IMPLEMENTED for a declared id without a table, else None."""
        if self.table is not None:
            row = self.table.rows.get(rule_id)
            return row.status if row else None
        return Status.IMPLEMENTED if rule_id in self.declared else None

    @property
    def ids(self) -> frozenset[str]:
        """Every rule id the table has a row for (or the engine declares)."""
        return frozenset(self.table.rows if self.table is not None else self.declared)


@dataclass(frozen=True, slots=True)
class Cell:
    """One rule on the coverage map."""

    id: str
    """Rule id."""
    path: str
    """The rule's own page, from the site root."""
    cover: Cover
    """Its colour."""
    status: str
    """Its status in words: the table's status, ``no row``, or what the engine says."""
    notes: tuple[tuple[str, str], ...]
    """What to say about its coverage as (label, text): status, functions, scenarios, where, reason."""
    label: str
    """``DC 704.6c-1`` and the start of its title or text."""
    preview: str
    """Key of its entry in the page's preview table (shown on hover and focus)."""

    @property
    def tip(self) -> str:
        """Tooltip: id, summary, status, functions, scenarios and reason, in one line."""
        return f"{self.label} — " + "; ".join(f"{label}: {text}" if label else text for label, text in self.notes)


@dataclass(frozen=True, slots=True)
class SectionRow:
    """One top-level section of the map."""

    link: Link
    """The section."""
    cells: tuple[Cell, ...]
    """Its rules (the section itself first), in document order."""

    @property
    def settled(self) -> int:
        """How many of its rules have nothing left to do (not untested)."""
        return sum(1 for c in self.cells if c.cover.is_settled)

    @property
    def share(self) -> int:
        """Percentage of its rules that are settled."""
        return round(100 * self.settled / max(1, len(self.cells)))

    @property
    def band(self) -> int:
        """The colour band of the section: 0 (nothing settled) to 4 (all)."""
        share = self.share
        if share == 0:
            return 0
        return min(4, 1 + share // 25) if share < 100 else 4


@dataclass(frozen=True, slots=True)
class LegendEntry:
    """One colour of the legend and how many rules have it."""

    cover: Cover
    """The colour."""
    text: UiText
    """What it means, in both languages."""
    count: int
    """How many rules of the map have it."""
    detail: UiText
    """How the count splits by table status (``definition 38, heading 109``), when it does, in both languages."""


# --------------------------------------------------------------------------- the table


def read_coverage_table(path: Path, root: Path | None = None) -> CoverageTable:
    """Read a coverage table; every problem in it is collected and raised as one
    :class:`CoverageTableError` naming the file and the rows.

    ``root`` (the repository) makes the table's ``source`` relative.
    """
    source = path.relative_to(root).as_posix() if root and path.is_relative_to(root) else str(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise CoverageTableError(f"{source}: cannot be read: {exc}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise CoverageTableError(f"{source}: not valid TOML: {exc}") from exc
    problems: list[str] = []
    header: dict[str, str] = {}
    for key in ("game", "document", "version"):
        value = data.get(key, "")
        if not isinstance(value, str):
            problems.append(f"{key} must be a string, not {value!r}")
            value = ""
        header[key] = value
    raw = data.get("rules")
    rows: dict[str, TableRow] = {}
    if not isinstance(raw, dict):
        problems.append("no [rules] table (one row per rule id)")
        raw = {}
    for rule_id, entry in raw.items():
        row = _row(rule_id, entry, problems)
        if row is not None:
            rows[rule_id] = row
    if problems:
        listed = "\n".join(f"  {p}" for p in problems)
        raise CoverageTableError(f"{source}: {len(problems)} problem(s) in the coverage table:\n{listed}")
    return CoverageTable(source, header["game"], header["document"], header["version"], rows)


def _row(rule_id: str, entry: object, problems: list[str]) -> TableRow | None:
    """One row, or None (with its problems noted) when it cannot be read."""
    if not isinstance(entry, dict):
        problems.append(f"{rule_id}: the row must be a table ({{ status = ... }}), not {entry!r}")
        return None
    status_text = entry.get("status")
    try:
        status = Status(str(status_text))
    except ValueError:
        known = ", ".join(s.value for s in Status)
        problems.append(f"{rule_id}: unknown status {status_text!r} (one of {known})")
        return None
    lists: dict[str, tuple[str, ...]] = {}
    for key in ("functions", "scenarios", "where"):
        value = entry.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            problems.append(f"{rule_id}: {key} must be a list of strings, not {value!r}")
            value = []
        lists[key] = tuple(value)
    reason = entry.get("reason", "")
    if not isinstance(reason, str):
        problems.append(f"{rule_id}: reason must be a string, not {reason!r}")
        reason = ""
    return TableRow(rule_id, status, lists["functions"], lists["scenarios"], lists["where"], reason)


def table_path(game: str, games: Path | None = None) -> Path:
    """Where ``game``'s coverage table is (``judgekit/games/<game with _>/coverage.toml``)."""
    return (games or GAMES) / game.replace("-", "_") / TABLE_NAME


def engine_coverage(game: str, games: Path | None = None) -> EngineCoverage | None:
    """What ``game``'s engine covers: its coverage table when it keeps one (a table that cannot
    be read raises :class:`CoverageTableError`), else the ids its rule functions declare; None
    when the game has neither."""
    games = games or GAMES
    path = table_path(game, games)
    if path.is_file():
        table = read_coverage_table(path, games.parents[1])
        if table.game and table.game != game:
            raise CoverageTableError(f"{table.source}: declares game {table.game!r}, but is the table of {game!r}")
        return EngineCoverage(table.source, table.document, table.version, table, {})
    return declared_coverage(game)


def declared_coverage(game: str) -> EngineCoverage | None:
    """The rule ids ``game``'s engine declares (its preset's rule functions); None without an engine."""
    from judgekit.games import GAMES as ENGINES
    from judgekit.games import game_support

    if game not in ENGINES:
        return None
    preset = game_support(game).preset()
    declared = {rule_id: tuple(names) for rule_id, names in preset.implementers().items()}
    return EngineCoverage(
        f"the rule functions of {ENGINES[game].rsplit('.', 1)[0]}",
        preset.rulebook.document,
        preset.rulebook.version,
        None,
        declared,
    )


# --------------------------------------------------------------------------- the page


def coverage_view(site: Site, game: Game, scenarios: Sequence[ScenarioPage]) -> dict[str, Any]:
    """What the coverage page of ``game`` shows.

    A coverage table that cannot be read does not stop the build: the page says what is wrong
    with it, the map falls back to the engine's rule functions and the traces, and the problem
    is added to ``site.warnings``.
    """
    problem = ""
    try:
        engine = engine_coverage(game.id)
    except CoverageTableError as exc:
        problem = str(exc)
        site.warnings.append(problem)
        engine = declared_coverage(game.id)
    book = _pinned_book(site, game, engine, scenarios)
    key = (book.bi.info.game, book.bi.info.document, book.bi.info.version)
    cited: dict[str, list[str]] = {}
    for scenario in scenarios:
        for book_key, rule_id, _ in scenario.citations():
            if book_key == key:
                names = cited.setdefault(rule_id, [])
                if scenario.title not in names:
                    names.append(scenario.title)
    cells = {rule_id: _cell(book, rule_id, engine, cited.get(rule_id, ())) for rule_id in book.bi.rules}
    rows = [
        SectionRow(book.rule_link(top), tuple(cells[i] for i in (top, *_descendants(book.bi.children, top))))
        for top in book.bi.children.get(None, [])
    ]
    known = set(book.bi.rules)
    engine_ids = engine.ids if engine else frozenset()
    disagree = [
        (rule_id, cells[rule_id].status)
        for rule_id in book.bi.rules
        if rule_id in cited and engine and engine.table and engine.status(rule_id) is not Status.IMPLEMENTED
    ]
    return {
        "book": book,
        "engine": engine,
        "rows": rows,
        "total": len(cells),
        "settled": sum(1 for c in cells.values() if c.cover.is_settled),
        "legend": legend(cells.values(), engine),
        "scenarios": len(scenarios),
        "unknown": sorted((engine_ids | set(cited)) - known),
        "disagree": disagree,
        "problem": problem,
        "previews": _previews(book, cells),
    }


def classify(rule_id: str, engine: EngineCoverage | None, cited: bool) -> Cover:
    """The colour of a rule: a trace citing it makes it exercised; otherwise the table (or the
    engine's declared ids) decides."""
    if cited:
        return Cover.EXERCISED
    status = engine.status(rule_id) if engine else None
    if status is None:
        return Cover.NONE
    if status is Status.IMPLEMENTED:
        return Cover.IMPLEMENTED
    if status is Status.MODELLED:
        return Cover.MODELLED
    if status is Status.NOT_REACHABLE:
        return Cover.NOT_REACHABLE
    return Cover.NO_CODE


def legend(cells: Iterable[Cell], engine: EngineCoverage | None) -> list[LegendEntry]:
    """How many rules of each colour, with the no-code colour split by table status."""
    cells = list(cells)
    counts = Counter(c.cover for c in cells)
    detail = Counter(c.status for c in cells if c.cover is Cover.NO_CODE)
    shown = [Cover.EXERCISED, Cover.IMPLEMENTED]
    if engine is not None and engine.table is not None:
        shown += [Cover.MODELLED, Cover.NO_CODE, Cover.NOT_REACHABLE]
    shown.append(Cover.NONE)
    out = []
    for cover in shown:
        parts = [
            (STATUS_WORDS.get(s.value, s.value), detail[s.value]) for s in Status if s in NO_CODE and detail[s.value]
        ]
        split = {
            lang: translations(lang).gettext(", ").join(f"{translations(lang).gettext(w)} {n}" for w, n in parts)
            for lang in ("ja", "en")
        }
        text = ui(cover.legend(table=bool(engine and engine.table)))
        out.append(LegendEntry(cover, text, counts[cover], UiText(split["ja"], split["en"])))
    return out


def _cell(book: BookPages, rule_id: str, engine: EngineCoverage | None, scenarios: Sequence[str]) -> Cell:
    cover = classify(rule_id, engine, bool(scenarios))
    view = book.views[rule_id]
    status, notes = _notes(rule_id, engine, scenarios)
    label = f"{view.label} {summary(book.bi.rules[rule_id], 30)}"
    return Cell(rule_id, view.page, cover, status, tuple(notes), label, f"cov-{view.anchor}")


def _notes(rule_id: str, engine: EngineCoverage | None, scenarios: Sequence[str]) -> tuple[str, list[tuple[str, str]]]:
    """The rule's status in words, and what to say about it as (label, text) pairs."""
    row = engine.table.rows.get(rule_id) if engine and engine.table else None
    functions = engine.functions(rule_id) if engine else ()
    if row is not None:
        status = row.status.value
    elif engine is not None and engine.table is None and rule_id in engine.declared:
        status = "implemented"
    elif engine is not None and engine.table is not None:
        status = "no row"
    else:
        status = "not cited by the engine"
    notes: list[tuple[str, str]] = [("", status + (", exercised" if scenarios and status == "implemented" else ""))]
    if functions:
        notes.append(("functions", ", ".join(functions)))
    if scenarios:
        shown = "; ".join(scenarios[:TIP_SCENARIOS])
        if len(scenarios) > TIP_SCENARIOS:
            shown += f"; and {len(scenarios) - TIP_SCENARIOS} more (the rule's page lists them all)"
        notes.append((f"{len(scenarios)} scenario{'' if len(scenarios) == 1 else 's'}", shown))
    elif status in ("implemented", "no row", "not cited by the engine"):
        notes.append(("", "no scenario's trace cites it"))
    if row is not None and row.where:
        notes.append(("where", ", ".join(row.where)))
    if row is not None and row.reason:
        notes.append(("reason", row.reason))
    return status, notes


def _previews(book: BookPages, cells: Mapping[str, Cell]) -> dict[str, dict[str, Any]]:
    """The preview of each square: the rule's own preview, with its coverage as notes."""
    out: dict[str, dict[str, Any]] = {}
    for rule_id, cell in cells.items():
        preview: dict[str, Any] = dict(book.previews[book.views[rule_id].anchor].to_json())
        text = preview["text"]
        preview["text"] = text if len(text) <= PREVIEW_CHARS else text[: PREVIEW_CHARS - 1] + "…"
        preview["notes"] = [{"label": label, "text": text, "ja": has_japanese(text)} for label, text in cell.notes]
        out[cell.preview] = preview
    return out


def _pinned_book(site: Site, game: Game, engine: EngineCoverage | None, scenarios: Sequence[ScenarioPage]) -> BookPages:
    if engine and (engine.document or engine.version):
        info = game.document(engine.document or None).version(engine.version or None)
    elif scenarios:
        first = scenarios[0]
        info = game.document(first.document or None).version(first.version or None)
    else:
        info = game.default_document.latest
    return site.books[(info.game, info.document, info.version)]


def _descendants(children: Mapping[str | None, list[str]], node: str) -> list[str]:
    out: list[str] = []
    for child in children.get(node, []):
        out.append(child)
        out.extend(_descendants(children, child))
    return out
