"""A card a text names by its printed name, resolved to the key of the scenario's card that carries it."""

from __future__ import annotations

import pytest

from judgekit.cards.card_names import CardNames, printed_reference
from judgekit.cards.errors import UnreadText

CARDS = {
    "moogle": {"name": "モーグリ"},
    "knight": {"name": "ナイト（ＦＦ）"},
    "twin-a": {"name": "双子"},
    "twin-b": {"name": "双子"},
    "nameless": {"type": "backup"},
}
NAMES = CardNames.from_cards(CARDS)


def test_a_reference_is_the_printed_form_only() -> None:
    assert printed_reference("《モーグリ》") == "モーグリ"
    assert printed_reference("moogle") is None
    assert printed_reference(["《モーグリ》"]) is None


def test_references_are_resolved_wherever_they_are_nested_and_nothing_else_changes() -> None:
    reading = {
        "effects": [
            {"op": "from_outside", "card": "《モーグリ》", "to": "hand"},
            {"op": "choose", "options": [[{"op": "from_outside", "card": "《ナイト(FF)》"}]]},
            {"op": "search", "filter": {"name": "モーグリ"}},  # a name filter stays a name
        ]
    }
    resolved = NAMES.resolve(reading, "text", "card")
    assert resolved["effects"][0]["card"] == "moogle"
    assert resolved["effects"][1]["options"][0][0]["card"] == "knight"  # NFKC: （ＦＦ） is (FF)
    assert resolved["effects"][2] == {"op": "search", "filter": {"name": "モーグリ"}}
    assert reading["effects"][0]["card"] == "《モーグリ》"  # a new value; the reading is not changed


def test_a_name_two_cards_carry_or_none_is_an_unread_phrase_naming_them() -> None:
    text = "ゲームの外部から《双子》1枚をあなたの手札に加える。"
    with pytest.raises(UnreadText) as shared:
        NAMES.resolve({"card": "《双子》"}, text, "召喚術")
    assert (shared.value.phrase, shared.value.position) == ("《双子》", text.index("《双子》"))
    assert "twin-a and twin-b" in str(shared.value) and "召喚術" in str(shared.value)
    with pytest.raises(UnreadText) as missing:
        NAMES.resolve({"card": "《チョコボ》"}, "…《チョコボ》…", "召喚術")
    assert "no card of the scenario is named 《チョコボ》" in str(missing.value)
