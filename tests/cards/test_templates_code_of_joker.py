"""The Code of Joker reader on texts no scenario has: tests/cards/templates/code-of-joker.toml, written from
the rules page's 用語, キーワード能力/アイコン and カード効果について in the printed style, each with its structure
made by hand.

A text reads to exactly its hand-made structure (both validated by the vocabulary's models), or it is listed
as an expected unread and the reader names that phrase, its position and the card.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from pydantic import TypeAdapter

from judgekit.cards.code_of_joker import normalize, read_ability, read_card, read_effects, read_field
from judgekit.cards.errors import UnreadText
from judgekit.games.code_of_joker.cards import Ability, CardDef, Effect, FieldBonus

CORPUS = Path(__file__).with_name("templates") / "code-of-joker.toml"
TEXTS: list[dict[str, Any]] = tomllib.loads(CORPUS.read_text(encoding="utf-8"))["text"]
_CARD: TypeAdapter[CardDef] = TypeAdapter(CardDef)
_ABILITY: TypeAdapter[Ability] = TypeAdapter(Ability)
_EFFECTS: TypeAdapter[list[Effect]] = TypeAdapter(list[Effect])
_FIELD: TypeAdapter[FieldBonus] = TypeAdapter(FieldBonus)


def _read(entry: dict[str, Any]) -> Any:
    if entry["part"] == "ability":
        return read_ability(entry["text"], "corpus")
    if entry["part"] == "effects":
        return read_effects(entry["text"], "corpus")
    if entry["part"] == "field":
        return read_field(entry["text"], "corpus")
    return read_card(entry["text"], entry["type"], "corpus")


def _as_card(kind: str, keys: dict[str, Any]) -> CardDef:
    base: dict[str, Any] = {"name": "corpus", "type": kind, "color": "red", "cost": 2}
    if kind in ("unit", "evolution"):
        base["bp"] = [3000, 4000, 5000]
    if kind == "joker":
        base["gauge"] = 50
    return _CARD.validate_python({**base, **keys})


def test_the_corpus_is_large_enough() -> None:
    assert len(TEXTS) >= 25
    assert len({t["text"] for t in TEXTS}) == len(TEXTS)
    for entry in TEXTS:
        assert ("expect" in entry) != ("unread" in entry), entry["text"]
        assert ("unread" in entry) == bool(entry.get("why")), f"{entry['text']}: an expected unread says why"


@pytest.mark.parametrize("entry", TEXTS, ids=[f"text{i:02d}" for i in range(len(TEXTS))])
def test_template_text(entry: dict[str, Any]) -> None:
    if "unread" in entry:
        with pytest.raises(UnreadText) as caught:
            _read(entry)
        text, phrase = normalize(entry["text"]), normalize(entry["unread"])
        assert caught.value.phrase.startswith(phrase), caught.value
        assert caught.value.position == text.index(phrase)
        assert "corpus" in str(caught.value)
        return
    reading = _read(entry)
    expect = entry["expect"]
    if entry["part"] == "ability":
        assert _ABILITY.validate_python(reading) == _ABILITY.validate_python(expect), reading
    elif entry["part"] == "effects":
        assert _EFFECTS.validate_python(reading) == _EFFECTS.validate_python(expect), reading
    elif entry["part"] == "field":
        assert _FIELD.validate_python(reading) == _FIELD.validate_python(expect), reading
    else:
        assert _as_card(entry["type"], reading) == _as_card(entry["type"], expect), reading


def test_recombined_texts_read_to_the_vocabulary_or_are_unread() -> None:
    """Texts the corpus does not hold, made by joining one text's first clause to another's last: each reads to
    something the card model accepts, or is unread (an UnreadText, never another exception)."""
    texts = [t["text"] for t in TEXTS]
    for first, last in zip(texts, texts[1:] + texts[:1], strict=True):
        for text in (first.split("、")[0] + "、" + last.split("、")[-1], first.split("。")[0] + "。" + last):
            for kind in ("unit", "trigger", "joker"):
                try:
                    reading = read_card(text, kind, "corpus")
                except UnreadText:
                    continue
                _as_card(kind, reading)
