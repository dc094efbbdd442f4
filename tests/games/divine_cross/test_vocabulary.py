"""The loader refuses the new vocabulary where the rules give it no meaning (base abilities, hand EX powers)."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgekit.errors import ScenarioError
from judgekit.scenario import load_scenario

BASE = """
game = "divine-cross"
title = "t"
question = "q"
ruling = "r"
[start]
at = "main"
turn = 2
[cards.a]
name = "A"
type = "unit"
hp = 500
ex = [POWER]
[players.P1]
main = { card = "a" }
deck = ["a"]
[players.P2]
main = { card = "a" }
deck = ["a"]
[[play]]
do = "end_main"
[expect]
zones = [{ zone = "P1.deck", count = 1 }]
"""

BASE_ATTRIBUTE = '{ op = "base_attribute", attributes = ["red"] }'


def problems(tmp_path: Path, power: str) -> dict[str, str]:
    path = tmp_path / "case.toml"
    path.write_text(BASE.replace("POWER", power), encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    return dict(info.value.problems)


def test_a_base_ability_alone_with_no_condition_loads(tmp_path: Path) -> None:
    path = tmp_path / "case.toml"
    power = f'{{ name = "B", kind = "static", statics = [{BASE_ATTRIBUTE}] }}'
    path.write_text(BASE.replace("POWER", power), encoding="utf-8")
    load_scenario(path)


@pytest.mark.parametrize(
    "power",
    [
        f'{{ name = "B", kind = "static", condition = {{ turn = "own" }}, statics = [{BASE_ATTRIBUTE}] }}',
        f'{{ name = "B", kind = "static", statics = [{BASE_ATTRIBUTE}, {{ op = "hp", by = 100 }}] }}',
    ],
    ids=["with-a-condition", "with-another-op"],
)
def test_a_base_attribute_op_that_is_not_a_base_ability_is_refused(tmp_path: Path, power: str) -> None:
    found = problems(tmp_path, power)
    assert any("805.2" in v for v in found.values()), found


def test_a_hand_ex_power_must_be_activated(tmp_path: Path) -> None:
    found = problems(tmp_path, '{ name = "H", kind = "triggered", on = "turn_start", zone = "hand" }')
    assert any("806.2a" in v for v in found.values()), found


def test_a_hand_ex_power_cannot_make_itself_usable_again(tmp_path: Path) -> None:
    power = '{ name = "H", kind = "activated", zone = "hand", effects = [{ op = "use_again" }] }'
    found = problems(tmp_path, power)
    assert any("1101.1" in v for v in found.values()), found
