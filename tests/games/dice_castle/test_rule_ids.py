"""Every rule id the dice-and-castle engine can cite exists in its pinned rulebook, in rulebook order."""

from __future__ import annotations

import inspect

import pytest

from judgekit.games.dice_castle import ids
from judgekit.games.dice_castle.preset import PRESET
from judgekit.games.dice_castle.registry import REGISTRY
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


def test_every_section_constant_names_a_heading(rules: dict[str, Rule]) -> None:
    sections = {n: s.path for n, s in vars(ids).items() if isinstance(s, ids.Section)}
    assert sections
    assert {n: p for n, p in sections.items() if p not in rules} == {}


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


def test_engine_code_cites_ids_only_never_rule_text() -> None:
    """No sentence of the rulebook is copied into the engine's source (citations are data)."""
    from pathlib import Path

    from rules_index.graph import load_index

    book = load_index().book("dice-castle").book
    package = Path(ids.__file__).parent
    source = "\n".join(p.read_text(encoding="utf-8") for p in sorted(package.glob("*.py")))
    copied = [r.id for r in book.rules if r.kind.value == "paragraph" and len(r.text) > 12 and r.text in source]
    assert copied == []
