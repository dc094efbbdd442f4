"""The Code of Joker coverage table is complete and honest.

``judgekit/games/code_of_joker/coverage.toml`` has one row per node of the pinned rules page, in page
order, in the format the site reads (:func:`judgekit.site.coverage.read_coverage_table`): ``implemented``
rows name the rule functions that declare the id and scenarios whose golden traces cite it; every other
row says why no code is needed. The generated parts (implemented rows, headings) are rewritten with
``JUDGEKIT_UPDATE_COVERAGE=1``, keeping the hand-written reasons — read the diff before committing.
"""

from __future__ import annotations

import json
import os
import tomllib
from typing import Any

import pytest

from judgekit.games.code_of_joker.preset import PRESET
from judgekit.games.coverage import table_path, trace_citations
from judgekit.scenario import SCENARIOS_DIR
from rules_index.catalog import load_catalog, parse_document
from rules_index.model import Rule
from tests.games.shared import CoverageChecks

TABLE = table_path("code_of_joker")
FOLDER = SCENARIOS_DIR / "code-of-joker"
LISTED = 6
"""How many citing scenarios an implemented row names (the shortest traces first)."""


class TestCoverage(CoverageChecks):
    package = "code_of_joker"
    node_count = 248
    every_function = True


@pytest.fixture(scope="module")
def rules() -> list[Rule]:
    cat = load_catalog()
    book = PRESET.rulebook
    info = cat.game(book.game).document(book.document).version(book.version)
    return sorted(parse_document(cat, info).by_id().values(), key=lambda r: r.order)


def load() -> dict[str, dict[str, Any]]:
    rows: dict[str, dict[str, Any]] = tomllib.loads(TABLE.read_text(encoding="utf-8"))["rules"]
    return rows


def _q(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)


def _list(values: list[str]) -> str:
    return "[" + ", ".join(_q(v) for v in values) + "]"


def render(rules: list[Rule], kept: dict[str, dict[str, Any]]) -> str:
    implementers = PRESET.implementers()
    cited = trace_citations(FOLDER)
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
