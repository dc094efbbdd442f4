"""Every rule id the Code of Joker engine can cite exists in its pinned rules page, in page order."""

from __future__ import annotations

import inspect

import pytest

from judgekit.games.code_of_joker import ids
from judgekit.games.code_of_joker.preset import PRESET
from judgekit.games.code_of_joker.registry import REGISTRY
from rules_index.catalog import load_catalog, parse_document
from rules_index.model import Rule


@pytest.fixture(scope="module")
def rules() -> dict[str, Rule]:
    cat = load_catalog()
    book = PRESET.rulebook
    info = cat.game(book.game).document(book.document).version(book.version)
    return parse_document(cat, info).by_id()


def test_every_declared_id_exists_in_the_pinned_rulebook(rules: dict[str, Rule]) -> None:
    missing = {spec.name: [i for i in spec.ids if i not in rules] for spec in PRESET.rules}
    assert {k: v for k, v in missing.items() if v} == {}


def test_every_named_id_exists_in_the_pinned_rulebook(rules: dict[str, Rule]) -> None:
    assert {name: rid for name, rid in ids.all_ids().items() if rid not in rules} == {}


def test_the_preset_lists_every_registered_function() -> None:
    assert {s.name for s in REGISTRY.specs} == set(PRESET.names())
    assert PRESET.cited_ids() == REGISTRY.cited_ids()


def test_the_preset_is_in_rulebook_order(rules: dict[str, Rule]) -> None:
    orders = [rules[spec.ids[0]].order for spec in PRESET.rules]
    out_of_order = [
        (PRESET.rules[i].name, PRESET.rules[i + 1].name) for i in range(len(orders) - 1) if orders[i] > orders[i + 1]
    ]
    assert out_of_order == []


def test_every_rule_function_has_a_check_only_mode() -> None:
    for spec in PRESET.rules:
        params = inspect.signature(spec.func).parameters
        assert "silent" in params and params["silent"].kind is inspect.Parameter.KEYWORD_ONLY, spec.name
        assert spec.summary, f"{spec.name} has no docstring"


def test_every_id_a_rule_function_names_is_declared() -> None:
    """A rule function may cite only what it declares: every ``ids.NAME`` in its body must be among its ids."""
    import ast
    from pathlib import Path

    import judgekit.games.code_of_joker as pkg

    names = ids.all_ids()
    declared = {spec.name: set(spec.ids) for spec in PRESET.rules}
    problems: dict[str, list[str]] = {}
    for path in sorted(Path(pkg.__file__).parent.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef) or node.name not in declared:
                continue
            if not any(isinstance(d, ast.Call) and getattr(d.func, "id", "") == "rule" for d in node.decorator_list):
                continue
            used = {
                n.attr
                for stmt in node.body
                for n in ast.walk(stmt)
                if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "ids"
            }
            missing = sorted(u for u in used if names[u] not in declared[node.name])
            if missing:
                problems[node.name] = missing
    assert problems == {}
