"""Coverage per game: which rules the engine cites, which scenarios exercise them.

Two sources: the engine says which rules it can cite (every rule function of its preset
declares its ids; the engine team's ``judgekit/games/<game>/coverage.toml`` adds notes when the
game keeps one); the scenario traces say which rules a run actually cited. The page draws the
pinned document as a map: one row per top-level section, one cell per rule, coloured by what
covers it, so an editor sees at a glance what is untested.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from judgekit.site.books import BookPages, Link, summary

if TYPE_CHECKING:
    from judgekit.site.build import Site
    from judgekit.site.scenarios import ScenarioPage
    from rules_index.catalog import Game

GAMES = Path(__file__).resolve().parents[1] / "games"
"""Where the game engines (and their coverage tables) live."""


class Cover(StrEnum):
    """How well a rule is covered."""

    EXERCISED = "exercised"
    """A scenario's trace cites it."""
    ENGINE = "engine"
    """The engine cites it, but no scenario's trace does yet."""
    NONE = "none"
    """Neither."""


@dataclass(frozen=True, slots=True)
class EngineCoverage:
    """What a game's engine covers: the rule ids it can cite, from its rule functions and table."""

    source: str
    """Where it was read (the engine's rule functions, and the coverage table when there is one)."""
    document: str
    """Document id the engine is pinned to."""
    version: str
    """Version the engine is pinned to."""
    cited: frozenset[str]
    """Rule ids the engine can cite."""
    notes: dict[str, str]
    """Rule id → what implements it or a note from the table (``damage_step``, ``partial``)."""


@dataclass(frozen=True, slots=True)
class Cell:
    """One rule on the coverage map."""

    id: str
    """Rule id."""
    path: str
    """Where the rule is, from the site root."""
    cover: Cover
    """What covers it."""
    tip: str
    """Tooltip: id, summary and what covers it."""
    preview: str
    """Preview key."""


@dataclass(frozen=True, slots=True)
class SectionRow:
    """One top-level section of the map."""

    link: Link
    """The section."""
    cells: tuple[Cell, ...]
    """Its rules (the section itself first), in document order."""
    engine: int
    """How many of them the engine cites."""
    exercised: int
    """How many of them some scenario cites."""

    @property
    def share(self) -> int:
        """Percentage of its rules that the engine or a scenario covers."""
        return round(100 * sum(1 for c in self.cells if c.cover is not Cover.NONE) / max(1, len(self.cells)))

    @property
    def band(self) -> int:
        """The colour band of the section: 0 (nothing) to 4 (all)."""
        share = self.share
        if share == 0:
            return 0
        return min(4, 1 + share // 25) if share < 100 else 4


def engine_coverage(game: str, games: Path = GAMES) -> EngineCoverage | None:
    """What the game's engine can cite (its preset's rule functions), merged with its
    ``coverage.toml`` when it keeps one; None when the game has no engine."""
    from judgekit.games import GAMES as ENGINES
    from judgekit.games import game_support

    cited: set[str] = set()
    notes: dict[str, str] = {}
    sources: list[str] = []
    document = version = ""
    if game in ENGINES:
        preset = game_support(game).preset()
        document, version = preset.rulebook.document, preset.rulebook.version
        for rule_id, names in preset.implementers().items():
            cited.add(rule_id)
            notes[rule_id] = ", ".join(names)
        sources.append(f"the rule functions of {ENGINES[game].rsplit('.', 1)[0]}")
    table = games / game.replace("-", "_") / "coverage.toml"
    if table.is_file():
        data = tomllib.loads(table.read_text(encoding="utf-8"))
        table_cited, table_notes = _table_rules(data)
        cited |= table_cited
        for rule_id, note in table_notes.items():
            notes[rule_id] = f"{notes[rule_id]}; {note}" if rule_id in notes else note
        document = document or str(data.get("document", ""))
        version = version or str(data.get("version", ""))
        sources.append(
            table.relative_to(games.parents[1]).as_posix() if table.is_relative_to(games.parents[1]) else str(table)
        )
    if not sources:
        return None
    return EngineCoverage(" and ".join(sources), document, version, frozenset(cited), notes)


def _table_rules(data: dict[str, Any]) -> tuple[set[str], dict[str, str]]:
    """Rule ids (and notes) from a coverage table: ``rules = [...]`` or ``[rules]`` id → note/table."""
    cited: set[str] = set()
    notes: dict[str, str] = {}
    raw = data.get("rules", data.get("cited", []))
    if isinstance(raw, list):
        for item in raw:
            if isinstance(item, str):
                cited.add(item)
            elif isinstance(item, dict) and isinstance(item.get("id"), str):
                cited.add(item["id"])
                if item.get("note"):
                    notes[item["id"]] = str(item["note"])
    elif isinstance(raw, dict):
        for rule_id, value in raw.items():
            cited.add(str(rule_id))
            if isinstance(value, str) and value:
                notes[str(rule_id)] = value
            elif isinstance(value, dict) and value.get("note"):
                notes[str(rule_id)] = str(value["note"])
    return cited, notes


def coverage_view(site: Site, game: Game, scenarios: Sequence[ScenarioPage]) -> dict[str, Any]:
    """What the coverage page of ``game`` shows."""
    table = engine_coverage(game.id)
    book = _pinned_book(site, game, table, scenarios)
    exercised: dict[str, list[str]] = {}
    for scenario in scenarios:
        for key, rule_id, _ in scenario.citations():
            if key == (book.bi.info.game, book.bi.info.document, book.bi.info.version):
                names = exercised.setdefault(rule_id, [])
                if scenario.title not in names:
                    names.append(scenario.title)
    engine = set(table.cited) if table else set()
    rows = list(_rows(book, engine, exercised, table.notes if table else {}))
    total = sum(len(r.cells) for r in rows)
    return {
        "book": book,
        "table": table,
        "rows": rows,
        "total": total,
        "engine": sum(r.engine for r in rows),
        "exercised": sum(r.exercised for r in rows),
        "covered": sum(1 for r in rows for c in r.cells if c.cover is not Cover.NONE),
        "scenarios": len(scenarios),
        "unknown": sorted((engine | set(exercised)) - set(book.bi.rules)),
        "previews": book.previews_for({c.preview for r in rows for c in r.cells if c.cover is not Cover.NONE}),
    }


def _pinned_book(site: Site, game: Game, table: EngineCoverage | None, scenarios: Sequence[ScenarioPage]) -> BookPages:
    if table and (table.document or table.version):
        doc = game.document(table.document or None)
        info = doc.version(table.version or None)
    elif scenarios:
        first = scenarios[0]
        info = game.document(first.document or None).version(first.version or None)
    else:
        info = game.default_document.latest
    return site.books[(info.game, info.document, info.version)]


def _rows(
    book: BookPages, engine: set[str], exercised: dict[str, list[str]], notes: dict[str, str]
) -> Iterable[SectionRow]:
    bi = book.bi
    for top in bi.children.get(None, []):
        ids = [top, *_descendants(bi.children, top)]
        cells = []
        for rule_id in ids:
            if rule_id in exercised:
                cover = Cover.EXERCISED
                what = "exercised by " + "; ".join(exercised[rule_id])
            elif rule_id in engine:
                cover = Cover.ENGINE
                what = f"cited by the engine ({notes.get(rule_id, '')}); no scenario yet"
            else:
                cover = Cover.NONE
                what = "not covered"
            view = book.views[rule_id]
            cells.append(
                Cell(rule_id, view.home, cover, f"{rule_id} {summary(bi.rules[rule_id], 30)} — {what}", view.anchor)
            )
        yield SectionRow(
            link=book.rule_link(top),
            cells=tuple(cells),
            engine=sum(1 for i in ids if i in engine),
            exercised=sum(1 for i in ids if i in exercised),
        )


def _descendants(children: dict[str | None, list[str]], node: str) -> list[str]:
    out: list[str] = []
    for child in children.get(node, []):
        out.append(child)
        out.extend(_descendants(children, child))
    return out
