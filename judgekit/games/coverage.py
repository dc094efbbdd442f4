"""The rule coverage tables of the engines (``judgekit/games/<game>/coverage.toml``), and their honesty checks.

Every game keeps one row per rule (or node of an outline page) of its pinned document, in document
order: for a rule the engine cites, the rule functions that declare it and scenarios whose golden
traces cite it; otherwise what carries it in the data model (``where``), or why it needs no code
(``reason``). The checks here know the format and nothing of any game; each game's tests run them
on its table. The site's coverage map reads the same files.
"""

from __future__ import annotations

import importlib
import json
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from judgekit.engine import Preset

GAMES_DIR = Path(__file__).resolve().parent
"""Where the game packages (and their tables) live."""


def table_path(package: str) -> Path:
    """The coverage table of the game package ``package`` (``divine_cross``, ``fftcg``, …)."""
    return GAMES_DIR / package / "coverage.toml"


class Status(StrEnum):
    """How a rule is covered (the ``status`` of its row); the site's coverage map reads it too."""

    IMPLEMENTED = "implemented"
    """Rule functions cite it (``functions``), and scenarios' traces show it (``scenarios``)."""
    MODELLED = "modelled"
    """The engine's data model carries it (``where``); no step of its own cites it."""
    DEFINITION = "definition"
    """A definition or an overview of rules below it."""
    CARD_FACE = "card-face"
    """Information printed on cards, given by the scenario's card definitions."""
    POLICY = "policy"
    """Tournament or physical policy, outside the game engine."""
    HEADING = "heading"
    """A section heading."""
    NOT_REACHABLE = "not-reachable"
    """The effect vocabulary cannot produce the case the rule speaks of (``reason``)."""


@dataclass(frozen=True, slots=True)
class Row:
    """One rule's coverage."""

    rule: str
    """The rule id."""
    status: Status
    """How it is covered."""
    functions: tuple[str, ...] = ()
    """Implemented: the rule functions that declare it."""
    scenarios: tuple[str, ...] = ()
    """Implemented: scenarios (file stems) whose golden trace cites it."""
    where: tuple[str, ...] = ()
    """Modelled (or noted): ``module:attribute`` of what carries it."""
    reason: str = ""
    """Why no rule function cites it; for an implemented row, what it leans on (basics, rule gaps)."""


def load_coverage(path: Path) -> dict[str, Row]:
    """The table at ``path``, by rule id, in file order."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return {
        rid: Row(
            rule=rid,
            status=Status(raw["status"]),
            functions=tuple(raw.get("functions", ())),
            scenarios=tuple(raw.get("scenarios", ())),
            where=tuple(raw.get("where", ())),
            reason=str(raw.get("reason", "")),
        )
        for rid, raw in data["rules"].items()
    }


def resolves(target: str) -> bool:
    """Whether ``module:attribute.path`` names something that exists."""
    module, _, attr = target.partition(":")
    try:
        obj: object = importlib.import_module(module)
    except ImportError:
        return False
    for part in attr.split(".") if attr else []:
        if not hasattr(obj, part):
            return False
        obj = getattr(obj, part)
    return True


def trace_citations(scenario_dir: Path) -> dict[str, set[str]]:
    """Scenario name → the rule ids its golden trace cites (in a step or in the outcome)."""
    out: dict[str, set[str]] = {}
    for path in sorted(scenario_dir.glob("*.trace.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        cited = [r for s in data["steps"] for r in s["rules"]] + data["outcome"]["rules"]
        ids = {r if isinstance(r, str) else r["id"] for r in cited}  # an id alone since judgekit.trace/2
        out[path.name.removesuffix(".trace.json")] = ids
    return out


def coverage_problems(
    rows: Mapping[str, Row],
    nodes: Iterable[tuple[str, bool]],
    preset: Preset,
    scenario_dir: Path,
    *,
    every_function: bool = False,
) -> list[str]:
    """Every way the table is untrue, one sentence each (empty when it is sound).

    ``nodes`` are the pinned document's (rule id, is a heading) in document order. With
    ``every_function`` an implemented row must name every rule function that declares its rule,
    not only some.
    """
    problems: list[str] = []
    order = list(nodes)
    headings = {rid for rid, heading in order if heading}
    ids = [rid for rid, _ in order]
    known = set(ids)
    problems += [f"{rid}: no row" for rid in ids if rid not in rows]
    problems += [f"{rid}: a row for a rule the rulebook does not have" for rid in rows if rid not in known]
    if [rid for rid in rows if rid in known] != [rid for rid in ids if rid in rows]:
        problems.append("the rows are not in rulebook order")
    implementers = preset.implementers()
    functions = set(preset.names())
    cited = trace_citations(scenario_dir)
    for rid, row in rows.items():
        if row.status is Status.HEADING and rid in known and rid not in headings:
            problems.append(f"{rid}: status heading is only for headings")
        if row.status is Status.IMPLEMENTED:
            if not row.functions:
                problems.append(f"{rid}: implemented but names no function")
            for fn in row.functions:
                if fn not in functions:
                    problems.append(f"{rid}: function {fn} does not exist")
                elif fn not in implementers.get(rid, []):
                    problems.append(f"{rid}: function {fn} does not declare it")
            declared = sorted(implementers.get(rid, []))
            if every_function and sorted(row.functions) != declared:
                problems.append(f"{rid}: functions {sorted(row.functions)}, but {declared or 'none'} declare it")
            for name in row.scenarios:
                if name not in cited:
                    problems.append(f"{rid}: scenario {name} does not exist (or has no golden trace)")
                elif rid not in cited[name]:
                    problems.append(f"{rid}: scenario {name} does not cite it")
            if not any(rid in ids_ for ids_ in cited.values()):
                problems.append(f"{rid}: implemented but cited by no scenario")
            elif not row.scenarios:
                problems.append(f"{rid}: implemented but names no scenario")
        else:
            if rid in implementers:
                problems.append(f"{rid}: {', '.join(implementers[rid])} declare it, so the row must be implemented")
            if row.status is not Status.HEADING and row.reason.strip() in ("", "TODO"):
                problems.append(f"{rid}: {row.status.value} needs a reason")
            if row.status is Status.MODELLED and not row.where:
                problems.append(f"{rid}: modelled needs where")
        for target in row.where:
            if not resolves(target):
                problems.append(f"{rid}: {target} does not exist")
    return problems


def document_nodes(preset: Preset) -> list[tuple[str, bool]]:
    """The rules of ``preset``'s pinned document in order, each with whether it is a heading (or section)."""
    from rules_index.graph import load_index
    from rules_index.model import RuleKind

    book = preset.rulebook
    rules = load_index().book(book.game, book.document, book.version).book.rules
    return [(r.id, r.kind in (RuleKind.HEADING, RuleKind.SECTION)) for r in rules]
