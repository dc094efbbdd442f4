"""Every rule id the FFTCG engine can cite exists in its pinned rulebook (2.1.9), in rulebook order."""

from __future__ import annotations

import inspect

import pytest

from judgekit.games.fftcg.preset import PRESET
from judgekit.games.fftcg.registry import REGISTRY
from rules_index.catalog import load_catalog, parse_document
from rules_index.model import Rule


@pytest.fixture(scope="module")
def rules() -> dict[str, Rule]:
    cat = load_catalog()
    book = PRESET.rulebook
    info = cat.game(book.game).document(book.document).version(book.version)
    return parse_document(cat, info).by_id()


def test_the_engine_is_pinned_to_2_1_9() -> None:
    assert (PRESET.rulebook.game, PRESET.rulebook.document, PRESET.rulebook.version) == (
        "fftcg",
        "comprehensive",
        "2.1.9",
    )


def test_every_declared_id_exists_in_the_pinned_rulebook(rules: dict[str, Rule]) -> None:
    missing = {spec.name: [i for i in spec.ids if i not in rules] for spec in PRESET.rules}
    assert {k: v for k, v in missing.items() if v} == {}


def test_no_function_declares_an_id_twice() -> None:
    assert [s.name for s in PRESET.rules if len(set(s.ids)) != len(s.ids)] == []


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


def test_the_ids_in_the_ambiguity_list_exist(rules: dict[str, Rule]) -> None:
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[3] / "judgekit" / "games" / "fftcg" / "AMBIGUITIES.md").read_text(
        encoding="utf-8"
    )
    rows = [line for line in text.splitlines() if line.startswith("|")]
    cited = {i for line in rows for i in re.findall(r"\b\d{1,2}(?:\.\d{1,2}){1,5}\b", line)}
    assert cited and sorted(cited - set(rules)) == []
