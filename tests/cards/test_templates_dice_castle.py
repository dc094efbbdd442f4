"""The dice-and-castle reader on texts no scenario has: tests/cards/templates/dice-castle.toml, written from the
detailed rules' words for card text in the printed style, each with its structure made by hand.

A text reads to exactly its hand-made structure (both validated by the vocabulary's models), or it is listed as
an expected unread and the reader names that phrase, its position and the card.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from pydantic import TypeAdapter

from judgekit.cards.dice_castle import normalize, read_ability, read_card
from judgekit.cards.errors import UnreadText
from judgekit.games.dice_castle.cards import Ability, CardDef

CORPUS = Path(__file__).with_name("templates") / "dice-castle.toml"
TEXTS: list[dict[str, Any]] = tomllib.loads(CORPUS.read_text(encoding="utf-8"))["text"]
_CARD: TypeAdapter[CardDef] = TypeAdapter(CardDef)
_ABILITY: TypeAdapter[Ability] = TypeAdapter(Ability)
_BASE: dict[str, dict[str, Any]] = {
    "magic": {"type": "magic", "magic": "normal"},
    "counter": {"type": "magic", "magic": "counter"},
    "unit": {"type": "unit", "hp": 1},
    "king": {"type": "king", "walls": 3},
}
"""What the text does not print, for the card to validate (a key the text prints is taken from it)."""


def _read(entry: dict[str, Any]) -> dict[str, Any]:
    if entry["part"] == "ability":
        return read_ability(entry["text"], "corpus")
    return read_card(entry["text"], entry["part"], "corpus")


def _validated(entry: dict[str, Any], keys: dict[str, Any]) -> Any:
    if entry["part"] == "ability":
        return _ABILITY.validate_python({"name": "", **keys})
    return _CARD.validate_python({"name": "corpus", **_BASE[entry["part"]], **keys})


def test_the_corpus_is_large_enough_and_every_kind_is_there() -> None:
    assert len(TEXTS) >= 50
    assert len({t["text"] for t in TEXTS}) == len(TEXTS)
    assert {t["part"] for t in TEXTS} == {"magic", "counter", "unit", "king", "ability"}
    assert sum("unread" in t for t in TEXTS) >= 3  # what the engine cannot express is named, not guessed


@pytest.mark.parametrize("entry", TEXTS, ids=[f"text{i:02d}" for i in range(len(TEXTS))])
def test_template_text(entry: dict[str, Any]) -> None:
    if "unread" in entry:
        with pytest.raises(UnreadText) as caught:
            _read(entry)
        text, phrase = normalize(entry["text"]), normalize(entry["unread"])
        assert caught.value.text == text
        assert caught.value.phrase.startswith(phrase), caught.value
        assert caught.value.position == text.index(phrase)
        assert "corpus" in str(caught.value)
        return
    reading = _read(entry)
    assert _validated(entry, reading) == _validated(entry, entry["expect"]), reading
