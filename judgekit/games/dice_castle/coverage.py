"""The rule coverage table of the dice-and-castle engine (``coverage.toml``), and the checks that keep it true.

One row per node of the detailed rules, in page order: for a paragraph the engine cites, the rule
functions that declare it and scenarios whose golden traces cite it (and, in ``reason``, where the
engine leans on the scenario's basics or stops with a rule gap); for a heading, ``heading``; for
what no engine decides, ``policy`` with its reason. The site's coverage map reads the same file.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from judgekit.engine import Preset

TABLE = Path(__file__).with_name("coverage.toml")
"""Where the table lives."""


class Status(StrEnum):
    """How a node of the page is covered (the statuses the site's coverage map knows)."""

    IMPLEMENTED = "implemented"
    """Rule functions cite it; scenarios' golden traces show it."""
    MODELLED = "modelled"
    """The engine's data model carries it without a step of its own."""
    DEFINITION = "definition"
    """A definition or an overview."""
    CARD_FACE = "card-face"
    """Printed card information, from the scenario's card definitions."""
    POLICY = "policy"
    """Outside the game engine (a referee's judgement)."""
    HEADING = "heading"
    """A section heading."""
    NOT_REACHABLE = "not-reachable"
    """The effect vocabulary cannot produce the case."""


@dataclass(frozen=True, slots=True)
class Row:
    """One node's coverage."""

    rule: str
    """The rule id."""
    status: Status
    """How it is covered."""
    functions: tuple[str, ...] = ()
    """Implemented: the rule functions that declare it."""
    scenarios: tuple[str, ...] = ()
    """Implemented: scenarios (file stems) whose golden trace cites it."""
    reason: str = ""
    """Why no rule function cites it; for an implemented row, what it leans on (basics, rule gaps)."""


def load_coverage(path: Path = TABLE) -> dict[str, Row]:
    """The table by rule id, in file order."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return {
        rid: Row(
            rule=rid,
            status=Status(raw["status"]),
            functions=tuple(raw.get("functions", ())),
            scenarios=tuple(raw.get("scenarios", ())),
            reason=str(raw.get("reason", "")),
        )
        for rid, raw in data["rules"].items()
    }


def traces_citing(scenario_dir: Path) -> dict[str, set[str]]:
    """Rule id → names of the scenarios whose golden trace cites it (in a step or in the outcome)."""
    out: dict[str, set[str]] = {}
    for path in sorted(scenario_dir.glob("*.trace.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        refs = [r for step in data["steps"] for r in step["rules"]] + list(data["outcome"]["rules"])
        for ref in refs:
            out.setdefault(ref["id"], set()).add(path.name.removesuffix(".trace.json"))
    return out


def coverage_problems(
    rows: Mapping[str, Row], nodes: Iterable[tuple[str, bool]], preset: Preset, scenario_dir: Path
) -> list[str]:
    """Every way the table is untrue, one sentence each. ``nodes`` are (rule id, is a heading) in page order."""
    problems: list[str] = []
    order = list(nodes)
    headings = {rid for rid, heading in order if heading}
    ids = [rid for rid, _ in order]
    problems += [f"{rid}: no row" for rid in ids if rid not in rows]
    problems += [f"{rid}: a row for a node the page does not have" for rid in rows if rid not in set(ids)]
    if [rid for rid in rows if rid in set(ids)] != [rid for rid in ids if rid in rows]:
        problems.append("the rows are not in page order")
    implementers = preset.implementers()
    citing = traces_citing(scenario_dir)
    for rid, row in rows.items():
        if row.status is Status.HEADING and rid not in headings:
            problems.append(f"{rid}: status heading is only for headings")
        if row.status is Status.IMPLEMENTED:
            declared = sorted(implementers.get(rid, []))
            if sorted(row.functions) != declared:
                problems.append(f"{rid}: functions {sorted(row.functions)}, but {declared or 'none'} declare it")
            found = citing.get(rid, set())
            if not found:
                problems.append(f"{rid}: implemented but cited by no scenario")
            elif not row.scenarios:
                problems.append(f"{rid}: implemented but names no scenario")
            problems += [f"{rid}: scenario {s} does not cite it" for s in row.scenarios if s not in found]
        else:
            if rid in implementers:
                problems.append(f"{rid}: {', '.join(implementers[rid])} declare it, so the row must be implemented")
            if row.status is not Status.HEADING and not row.reason:
                problems.append(f"{rid}: {row.status.value} needs a reason")
    return problems
