"""Every key of the vocabulary that a sentence can name has its term (so no sentence stops on a missing one)."""

from __future__ import annotations

import dataclasses
import typing

from judgekit.games.divine_cross import cards, wording
from judgekit.message import Message


def _ops() -> set[str]:
    """Every ``op`` the vocabulary has (effects and statics)."""
    found: set[str] = set()
    for value in vars(cards).values():
        if isinstance(value, type) and dataclasses.is_dataclass(value):
            hint = typing.get_type_hints(value).get("op")
            if hint is not None:
                found.update(typing.get_args(hint))
    return found


def test_every_op_has_its_term() -> None:
    ops = _ops()
    assert "damage" in ops and "gain_ability" in ops
    assert ops <= set(wording.OP), sorted(ops - set(wording.OP))


def test_every_selector_count_and_trigger_has_its_term() -> None:
    assert set(typing.get_args(cards.Selector)) == set(wording.SELECTOR)
    assert set(typing.get_args(cards.Count)) == set(wording.COUNT)
    assert set(typing.get_args(cards.TriggerOn)) == set(wording.TRIGGER)
    assert set(typing.get_args(cards.Attribute)) == set(wording.ATTRIBUTE)


def test_ops_of_one_effect_read_as_the_card_reads_them() -> None:
    joined = wording.op_names(["hp", "gain_attribute"])
    assert isinstance(joined, Message) and joined.id == "dc.op.plus"
