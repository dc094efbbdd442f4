"""The rule coverage table of the Divine Cross engine (``coverage.toml``), and its honesty checks.

One row per rule of the pinned comprehensive rules: the rule functions that implement it and
scenarios that exercise it, or what carries it in the data model, or why it needs no code. The
site's coverage map reads it through :func:`load_coverage`.
"""

from __future__ import annotations

import importlib
import json
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from judgekit.engine import Preset

TABLE = Path(__file__).with_name("coverage.toml")
"""Where the table lives."""


class Status(StrEnum):
    """How a rule is covered."""

    IMPLEMENTED = "implemented"
    """Rule functions cite it, and scenarios' traces show it."""
    MODELLED = "modelled"
    """The engine's data model carries it; no step of its own cites it."""
    DEFINITION = "definition"
    """A definition or an overview of rules below it."""
    CARD_FACE = "card-face"
    """Information printed on cards, given by the scenario's card definitions."""
    POLICY = "policy"
    """Tournament or physical policy."""
    HEADING = "heading"
    """A section heading."""
    NOT_REACHABLE = "not-reachable"
    """The effect vocabulary cannot produce the case the rule speaks of."""


@dataclass(frozen=True, slots=True)
class Row:
    """One rule's coverage."""

    rule: str
    """The rule id."""
    status: Status
    """How it is covered."""
    functions: tuple[str, ...] = ()
    """Implemented: the rule functions that cite it."""
    scenarios: tuple[str, ...] = ()
    """Implemented: scenarios (file stems) whose golden trace cites it."""
    where: tuple[str, ...] = ()
    """Modelled (or noted): ``module:attribute`` of what carries it."""
    reason: str = ""
    """Why no rule function cites it."""


def load_coverage(path: Path = TABLE) -> dict[str, Row]:
    """The table, by rule id, in file order."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    rows: dict[str, Row] = {}
    for rid, raw in data["rules"].items():
        rows[rid] = Row(
            rule=rid,
            status=Status(raw["status"]),
            functions=tuple(raw.get("functions", ())),
            scenarios=tuple(raw.get("scenarios", ())),
            where=tuple(raw.get("where", ())),
            reason=str(raw.get("reason", "")),
        )
    return rows


def _resolves(target: str) -> bool:
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
    """Scenario name → rule ids its golden trace cites."""
    out: dict[str, set[str]] = {}
    for path in sorted(scenario_dir.glob("*.trace.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        ids = {r["id"] for s in data["steps"] for r in s["rules"]} | {r["id"] for r in data["outcome"]["rules"]}
        out[path.name.removesuffix(".trace.json")] = ids
    return out


def coverage_problems(rows: dict[str, Row], rule_ids: Iterable[str], preset: Preset, scenario_dir: Path) -> list[str]:
    """Everything that makes the table dishonest, one sentence each (empty when it is sound)."""
    problems: list[str] = []
    ids = list(rule_ids)
    known = set(ids)
    for rid in ids:
        if rid not in rows:
            problems.append(f"{rid}: no row")
    for rid in rows:
        if rid not in known:
            problems.append(f"{rid}: a row for a rule the rulebook does not have")
    implementers = preset.implementers()
    functions = set(preset.names())
    cited = trace_citations(scenario_dir)
    for rid, row in rows.items():
        if row.status is Status.IMPLEMENTED:
            if not row.functions:
                problems.append(f"{rid}: implemented but names no function")
            for fn in row.functions:
                if fn not in functions:
                    problems.append(f"{rid}: function {fn} does not exist")
                elif fn not in implementers.get(rid, []):
                    problems.append(f"{rid}: function {fn} does not declare it")
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
                problems.append(f"{rid}: {', '.join(implementers[rid])} cite it, so the row must be implemented")
            if row.status is not Status.HEADING and not row.reason:
                problems.append(f"{rid}: {row.status.value} needs a reason")
            if row.status is Status.MODELLED and not row.where:
                problems.append(f"{rid}: modelled needs where")
        for target in row.where:
            if not _resolves(target):
                problems.append(f"{rid}: {target} does not exist")
    return problems
