"""Checks every game's engine must pass, written once; each game's test modules subclass them.

A game's ``test_coverage.py`` and ``test_rule_ids.py`` define ``TestCoverage(CoverageChecks)`` and
``TestRuleIds(RuleIdChecks)`` with the game's package and numbers, plus the checks only that game has,
so a failure names the game's file.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
from collections.abc import Mapping
from dataclasses import replace
from functools import cached_property
from pathlib import Path
from types import ModuleType
from typing import ClassVar

from judgekit.engine import Preset, RuleRegistry
from judgekit.games.coverage import (
    Row,
    Status,
    coverage_problems,
    document_nodes,
    load_coverage,
    table_path,
    trace_citations,
)
from judgekit.scenario import SCENARIOS_DIR
from judgekit.site.coverage import read_coverage_table
from rules_index.catalog import load_catalog, parse_document
from rules_index.model import Rule


class GameChecks:
    """A game under test: its package and what follows from it."""

    package: ClassVar[str]
    """The game's package under ``judgekit.games`` (``divine_cross``)."""

    @cached_property
    def preset(self) -> Preset:
        preset: Preset = importlib.import_module(f"judgekit.games.{self.package}.preset").PRESET
        return preset

    @cached_property
    def folder(self) -> Path:
        return SCENARIOS_DIR / self.preset.rulebook.game

    @cached_property
    def nodes(self) -> list[tuple[str, bool]]:
        return document_nodes(self.preset)


class CoverageChecks(GameChecks):
    """The coverage table has one honest row per rule of the pinned document, in document order."""

    node_count: ClassVar[int]
    """How many rules (nodes) the pinned document has."""
    every_function: ClassVar[bool] = False
    """Whether an implemented row must name every rule function declaring its rule (not only some)."""

    def problems(self, rows: Mapping[str, Row], folder: Path | None = None) -> list[str]:
        return coverage_problems(
            rows, self.nodes, self.preset, folder or self.folder, every_function=self.every_function
        )

    @cached_property
    def rows(self) -> dict[str, Row]:
        return load_coverage(table_path(self.package))

    def test_every_rule_has_an_honest_row(self) -> None:
        assert self.problems(self.rows) == []

    def test_the_table_is_in_document_order_and_covers_every_rule(self) -> None:
        assert len(self.nodes) == self.node_count
        assert list(self.rows) == [rid for rid, _ in self.nodes]

    def test_implemented_rows_are_exactly_the_citable_ids(self) -> None:
        implemented = {rid for rid, row in self.rows.items() if row.status is Status.IMPLEMENTED}
        assert implemented == set(self.preset.cited_ids())

    def test_the_site_reads_the_table(self) -> None:
        table = read_coverage_table(table_path(self.package))
        book = self.preset.rulebook
        assert (table.game, table.document, table.version) == (book.game, book.document, book.version)
        assert len(table.rows) == len(self.rows)

    def test_the_checks_catch_a_dishonest_row(self, tmp_path: Path) -> None:
        rows = self.rows
        first = next(iter(rows))
        cited = trace_citations(self.folder)
        done, silent = next(
            (rid, name)
            for rid, row in rows.items()
            if row.status is Status.IMPLEMENTED
            for name, ids in cited.items()
            if rid not in ids
        )
        other = next(rid for rid, row in rows.items() if row.status not in (Status.IMPLEMENTED, Status.HEADING))
        plain = next(rid for rid, heading in self.nodes if not heading and rid not in (other, done))
        broken = dict(rows)
        broken[done] = replace(rows[done], functions=("no_such_function",), scenarios=("no-such-scenario", silent))
        broken[other] = replace(rows[other], reason="")
        del broken[first]
        found = self.problems(broken)
        assert f"{first}: no row" in found
        assert f"{done}: function no_such_function does not exist" in found
        listed = any(f.startswith(f"{done}: functions ['no_such_function']") for f in found)
        assert listed is self.every_function
        assert any("no-such-scenario does not exist" in f for f in found)
        assert f"{done}: scenario {silent} does not cite it" in found
        assert f"{other}: {rows[other].status.value} needs a reason" in found

        modelled = dict(rows)
        modelled[other] = replace(rows[other], status=Status.MODELLED, where=("judgekit.nowhere:X",), reason="r")
        modelled[plain] = replace(rows[plain], status=Status.HEADING)
        found = self.problems(modelled)
        assert f"{other}: judgekit.nowhere:X does not exist" in found
        assert f"{plain}: status heading is only for headings" in found
        unmodelled = {**rows, other: replace(rows[other], status=Status.MODELLED, where=(), reason="r")}
        assert f"{other}: modelled needs where" in self.problems(unmodelled)

        undeclared = {**rows, done: replace(rows[done], status=Status.DEFINITION, reason="r")}
        found = self.problems(undeclared)
        assert any(f.startswith(f"{done}: ") and "so the row must be implemented" in f for f in found)
        swapped = dict(reversed(list(rows.items())))
        assert "the rows are not in rulebook order" in self.problems(swapped)
        empty = self.problems(rows, tmp_path)
        assert any("implemented but cited by no scenario" in f for f in empty)


_NUMBERED_ID = re.compile(r"\d+(?:\.\d+)+[a-z]?(?:-\d+)?")
"""What a numbered document's rule id looks like (``704.6c-1``, ``15.1.1.9.2``)."""


def written_ids(package: str, rule_ids: set[str], version: str) -> list[tuple[str, str, str]]:
    """Every rule id written in a game's engine code, with where (``file:line``) and the rule function whose body
    holds it (empty outside one, a decorator's ids included): string constants (docstrings
    and ``startswith`` prefixes aside), module constants named in code (``ids.FIELD_FIVE``, ``PAY_IDS``) and
    sections indexed by a constant (``COST_USE[1]``); an index computed at run time is reported as such.

    A string counts when it is a rule of the pinned document, looks like a numbered rule id (so a mistyped
    id is caught too), or starts with a top-level heading of an outline document. The ``ids`` module only
    names ids; where they are used is what counts."""
    root = Path(importlib.import_module(f"judgekit.games.{package}").__file__ or "").parent
    tops = {rid for rid in rule_ids if "/" not in rid and not rid[:1].isdigit()}

    def is_id(text: str) -> bool:
        if text in rule_ids:
            return True
        if text != version and _NUMBERED_ID.fullmatch(text):
            return True
        return "/" in text and text.split("/", 1)[0] in tops

    out: list[tuple[str, str, str]] = []
    for path in sorted(root.glob("*.py")):
        if path.stem in ("ids", "registry", "__init__"):
            continue
        module = importlib.import_module(f"judgekit.games.{package}.{path.stem}")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr)}
        skip |= {
            id(a)
            for n in ast.walk(tree)
            if isinstance(n, ast.Call)
            and isinstance(n.func, ast.Attribute)
            and n.func.attr in ("startswith", "endswith")
            for a in n.args
        }
        holder = {
            id(n): top.name
            for top in tree.body
            if isinstance(top, ast.FunctionDef)
            and any(isinstance(d, ast.Call) and getattr(d.func, "id", "") == "rule" for d in top.decorator_list)
            for stmt in top.body
            for n in ast.walk(stmt)
        }

        def value_of(node: ast.AST, module: object = module) -> object:
            if isinstance(node, ast.Name):
                return getattr(module, node.id, None)
            if isinstance(node, ast.Attribute):
                base = value_of(node.value)
                return getattr(base, node.attr, None) if isinstance(base, ModuleType) else None
            return None

        for node in ast.walk(tree):
            where = f"{path.name}:{getattr(node, 'lineno', 0)}"
            texts: list[str] = []
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
                texts = [node.value]
            elif isinstance(node, ast.Name | ast.Attribute):
                value = value_of(node)
                if isinstance(value, str):
                    texts = [value]
                elif isinstance(value, tuple | list | frozenset):
                    texts = [v for v in value if isinstance(v, str)]
            elif isinstance(node, ast.Subscript) and type(value_of(node.value)).__name__ == "Section":
                section = value_of(node.value)
                if isinstance(node.slice, ast.Constant):
                    texts = [section[node.slice.value]]  # type: ignore[index]
                else:
                    out.append((where, f"an id computed at run time: {ast.unparse(node)}", ""))
            out += [(where, t, holder.get(id(node), "")) for t in texts if is_id(t)]
    return out


class RuleIdChecks(GameChecks):
    """Every rule id the engine can cite exists in its pinned document, and the preset is in its order."""

    @cached_property
    def registry(self) -> RuleRegistry:
        registry: RuleRegistry = importlib.import_module(f"judgekit.games.{self.package}.registry").REGISTRY
        return registry

    @cached_property
    def rules(self) -> dict[str, Rule]:
        cat = load_catalog()
        book = self.preset.rulebook
        info = cat.game(book.game).document(book.document).version(book.version)
        return parse_document(cat, info).by_id()

    def test_every_id_written_in_the_engine_is_declared(self) -> None:
        """The engine refuses a citation no rule function declares; no run can reach that refusal, because
        every rule id written anywhere in the game's code (a string, a named constant, ``SECTION[n]``) is
        declared by some rule function, and no id is computed at run time."""
        found = written_ids(self.package, set(self.rules), self.preset.rulebook.version)
        declared = self.preset.cited_ids()
        undeclared = [f"{where}: {rid}" for where, rid, _ in found if rid not in declared]
        assert undeclared == [], undeclared

    def test_a_rule_function_declares_the_ids_written_in_it(self) -> None:
        """What a rule function cites itself is filed under it: the coverage table names the function for the
        rule. (Ids a helper returns or an effect keeps are cited under whichever function runs then.)"""
        found = written_ids(self.package, set(self.rules), self.preset.rulebook.version)
        declared = {spec.name: set(spec.ids) for spec in self.preset.rules}
        missing = sorted(
            {f"{func} ({where}): {rid}" for where, rid, func in found if func and rid not in declared[func]}
        )
        assert missing == [], missing

    def test_the_written_id_scan_sees_every_declaration(self) -> None:
        """The scan reads the rule decorators too, so it must find every declared id (a scan that saw
        nothing would pass the test above)."""
        written = written_ids(self.package, set(self.rules), self.preset.rulebook.version)
        found = {rid for _, rid, _ in written}
        assert sorted(self.preset.cited_ids() - found) == []
        held = {func for _, _, func in written if func}
        assert len(held) > len(self.preset.rules) // 2, "the scan finds ids in few rule functions' bodies"

    def test_every_declared_id_exists_in_the_pinned_rulebook(self) -> None:
        missing = {spec.name: [i for i in spec.ids if i not in self.rules] for spec in self.preset.rules}
        assert {k: v for k, v in missing.items() if v} == {}

    def test_no_function_declares_an_id_twice(self) -> None:
        assert [s.name for s in self.preset.rules if len(set(s.ids)) != len(s.ids)] == []

    def test_the_preset_lists_every_registered_function(self) -> None:
        assert {s.name for s in self.registry.specs} == set(self.preset.names())
        assert self.preset.cited_ids() == self.registry.cited_ids()

    def test_the_preset_is_in_rulebook_order(self) -> None:
        rules = self.preset.rules
        orders = [self.rules[spec.ids[0]].order for spec in rules]
        out_of_order = [(rules[i].name, rules[i + 1].name) for i in range(len(orders) - 1) if orders[i] > orders[i + 1]]
        assert out_of_order == []

    def test_every_rule_function_has_a_check_only_mode(self) -> None:
        for spec in self.preset.rules:
            params = inspect.signature(spec.func).parameters
            assert "silent" in params and params["silent"].kind is inspect.Parameter.KEYWORD_ONLY, spec.name
            assert spec.summary, f"{spec.name} has no docstring"
