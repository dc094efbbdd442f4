"""The FFTCG reader on texts no scenario has: tests/cards/templates/fftcg.toml, written from 総合ルール 2.1.9's
chapters on abilities (11) and keywords (15) in the printed style, each with its structure made by hand.

A text reads to exactly its hand-made structure (both validated by the vocabulary's models), or it is listed
as an expected unread and the reader names that phrase, its position and the card.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from pydantic import TypeAdapter

from judgekit.cards.errors import UnreadText
from judgekit.cards.fftcg import normalize, read_ability, read_card, read_summon
from judgekit.games.fftcg.cards import Ability, CardDef

CORPUS = Path(__file__).with_name("templates") / "fftcg.toml"
TEXTS: list[dict[str, Any]] = tomllib.loads(CORPUS.read_text(encoding="utf-8"))["text"]
_CARD: TypeAdapter[CardDef] = TypeAdapter(CardDef)
_ABILITY: TypeAdapter[Ability] = TypeAdapter(Ability)


def _read(entry: dict[str, Any]) -> dict[str, Any]:
    name = entry.get("name", "")
    if entry["part"] == "summon":
        return read_summon(entry["text"], name, "corpus")
    if entry["part"] == "ability":
        return read_ability(entry["text"], name, "corpus")
    return read_card(entry["text"], entry["type"], name, "corpus")


def _as_card(entry: dict[str, Any], keys: dict[str, Any]) -> CardDef:
    kind = "summon" if entry["part"] == "summon" else entry["type"]
    base: dict[str, Any] = {"name": entry.get("name") or "corpus", "type": kind, "elements": ["fire"], "cost": 2}
    if kind == "forward":
        base["power"] = 5000
    return _CARD.validate_python({**base, **keys})


def test_the_corpus_is_large_enough() -> None:
    assert len(TEXTS) >= 25
    assert len({t["text"] for t in TEXTS}) == len(TEXTS)


@pytest.mark.parametrize("entry", TEXTS, ids=[f"text{i:02d}" for i in range(len(TEXTS))])
def test_template_text(entry: dict[str, Any]) -> None:
    if "unread" in entry:
        with pytest.raises(UnreadText) as caught:
            _read(entry)
        text = normalize(entry["text"], entry.get("name", ""))
        phrase = normalize(entry["unread"], entry.get("name", ""))
        assert caught.value.phrase.startswith(phrase), caught.value
        assert caught.value.position == text.index(phrase)
        assert "corpus" in str(caught.value)
        return
    reading = _read(entry)
    if entry["part"] == "ability":
        assert _ABILITY.validate_python(reading) == _ABILITY.validate_python(entry["expect"]), reading
    else:
        assert _as_card(entry, reading) == _as_card(entry, entry["expect"]), reading
