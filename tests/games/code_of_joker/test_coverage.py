"""The Code of Joker coverage table is complete and honest.

``judgekit/games/code_of_joker/coverage.toml`` has one row per node of the pinned rules page, in page
order, in the format the site reads (:func:`judgekit.site.coverage.read_coverage_table`): ``implemented``
rows name the rule functions that declare the id and scenarios whose golden traces cite it; every other
row says why no code is needed. The generated parts (implemented rows, headings) are rewritten with
``JUDGEKIT_UPDATE_COVERAGE=1``, keeping the hand-written reasons — read the diff before committing.
"""

from __future__ import annotations

import importlib
import json
import os
import tomllib
from pathlib import Path
from typing import Any

import pytest

from judgekit.games.code_of_joker.preset import PRESET
from judgekit.scenario import SCENARIOS_DIR
from rules_index.catalog import load_catalog, parse_document
from rules_index.model import Rule

TABLE = Path(__file__).resolve().parents[3] / "judgekit" / "games" / "code_of_joker" / "coverage.toml"
FOLDER = SCENARIOS_DIR / "code-of-joker"
STATUSES = ("implemented", "modelled", "definition", "card-face", "policy", "heading", "not-reachable")
LISTED = 6
"""How many citing scenarios an implemented row names (the shortest traces first)."""


@pytest.fixture(scope="module")
def rules() -> list[Rule]:
    cat = load_catalog()
    book = PRESET.rulebook
    info = cat.game(book.game).document(book.document).version(book.version)
    return sorted(parse_document(cat, info).by_id().values(), key=lambda r: r.order)


def citations() -> dict[str, set[str]]:
    """Scenario name → the rule ids its golden trace cites."""
    out: dict[str, set[str]] = {}
    for path in sorted(FOLDER.glob("*.trace.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        ids = {r["id"] for s in data["steps"] for r in s["rules"]} | {r["id"] for r in data["outcome"]["rules"]}
        out[path.name.removesuffix(".trace.json")] = ids
    return out


def load() -> dict[str, dict[str, Any]]:
    rows: dict[str, dict[str, Any]] = tomllib.loads(TABLE.read_text(encoding="utf-8"))["rules"]
    return rows


def _q(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)


def _list(values: list[str]) -> str:
    return "[" + ", ".join(_q(v) for v in values) + "]"


def render(rules: list[Rule], kept: dict[str, dict[str, Any]]) -> str:
    implementers = PRESET.implementers()
    cited = citations()
    size = {p.name.removesuffix(".trace.json"): p.stat().st_size for p in FOLDER.glob("*.trace.json")}
    lines = [
        "# Rule coverage of the Code of Joker engine: one row per node of the rules page (2016-08-21), in page order.",
        "#",
        "# status = implemented   the rule functions that declare it, and scenarios whose golden trace cites it",
        "#          modelled      carried by the engine's data model with no step of its own (where: module:attribute)",
        "#          definition    a definition, an overview or display only; card-face: printed card information;",
        "#          policy: outside the game engine; heading: a section heading; not-reachable: the scenario format",
        "#          or the effect vocabulary cannot produce the case (reason says why)",
        "# tests/games/code_of_joker/test_coverage.py keeps it honest; JUDGEKIT_UPDATE_COVERAGE=1 regenerates the",
        "# implemented rows and headings and keeps the hand-written rows. Feeds the site's coverage map.",
        "",
        'game = "code-of-joker"',
        'document = "rules-page"',
        'version = "2016-08-21"',
        "",
        "[rules]",
    ]
    for r in rules:
        if r.id in implementers:
            names = sorted((s for s, ids in cited.items() if r.id in ids), key=lambda s: (size[s], s))[:LISTED]
            row = f'status = "implemented", functions = {_list(implementers[r.id])}, scenarios = {_list(names)}'
        elif not r.text.strip():
            row = 'status = "heading"'
        else:
            old = kept.get(r.id, {"status": "definition", "reason": "TODO"})
            parts = [f"status = {_q(old['status'])}"]
            if old.get("where"):
                parts.append(f"where = {_list(old['where'])}")
            parts.append(f"reason = {_q(old.get('reason', 'TODO'))}")
            row = ", ".join(parts)
        lines.append(f"{_q(r.id)} = {{ {row} }}")
    return "\n".join(lines) + "\n"


def test_the_table_is_up_to_date(rules: list[Rule]) -> None:
    text = render(rules, load() if TABLE.exists() else {})
    if os.environ.get("JUDGEKIT_UPDATE_COVERAGE"):
        TABLE.write_text(text, encoding="utf-8")
    assert TABLE.read_text(encoding="utf-8") == text, f"regenerate: JUDGEKIT_UPDATE_COVERAGE=1 pytest {__file__}"


def test_one_row_per_node_in_page_order(rules: list[Rule]) -> None:
    assert list(load()) == [r.id for r in rules]


def test_implemented_rows_are_exactly_the_citable_ids() -> None:
    assert {rid for rid, row in load().items() if row["status"] == "implemented"} == set(PRESET.cited_ids())


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


def test_every_row_is_honest(rules: list[Rule]) -> None:
    implementers = PRESET.implementers()
    cited = citations()
    text = {r.id: r.text for r in rules}
    problems: list[str] = []
    for rid, row in load().items():
        status = row["status"]
        if status not in STATUSES:
            problems.append(f"{rid}: unknown status {status}")
        if status == "implemented":
            for fn in row["functions"]:
                if fn not in implementers.get(rid, []):
                    problems.append(f"{rid}: function {fn} does not declare it")
            if not row["scenarios"]:
                problems.append(f"{rid}: implemented but cited by no scenario")
            for name in row["scenarios"]:
                if rid not in cited.get(name, set()):
                    problems.append(f"{rid}: scenario {name} does not cite it")
        elif status == "heading":
            if text[rid].strip():
                problems.append(f"{rid}: not a heading: it has text")
        else:
            if not row.get("reason") or row["reason"] == "TODO":
                problems.append(f"{rid}: {status} needs a reason")
            if status == "modelled" and not row.get("where"):
                problems.append(f"{rid}: modelled needs where")
        for target in row.get("where", []):
            if not _resolves(target):
                problems.append(f"{rid}: {target} does not exist")
    assert problems == []


def test_the_site_reads_the_table() -> None:
    from judgekit.site.coverage import read_coverage_table

    table = read_coverage_table(TABLE)
    assert table.game == "code-of-joker" and len(table.rows) == len(load())
