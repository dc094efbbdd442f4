"""Every rule id the Divine Cross engine can cite exists in its pinned rulebook, in rulebook order."""

from __future__ import annotations

import pytest

from judgekit.games.divine_cross.preset import PRESET
from judgekit.games.divine_cross.registry import REGISTRY
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
    import inspect

    for spec in PRESET.rules:
        params = inspect.signature(spec.func).parameters
        assert "silent" in params and params["silent"].kind is inspect.Parameter.KEYWORD_ONLY, spec.name
        assert spec.summary, f"{spec.name} has no docstring"
