"""The Divine Cross reader on texts no scenario has: tests/cards/templates/divine-cross.toml, written from the
comprehensive rules' terms (900) and ability rules (801–813) in the printed style, each with its structure made
by hand.

A text reads to exactly its hand-made structure (both validated by the vocabulary's models), or it is listed as
an expected unread and the reader names that phrase, its position and the card.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest
from pydantic import TypeAdapter

from judgekit.cards.divine_cross import normalize, read_effects, read_ex, read_skill
from judgekit.cards.errors import UnreadText
from judgekit.games.divine_cross.cards import Effect, ExPower, Skill

CORPUS = Path(__file__).with_name("templates") / "divine-cross.toml"
TEXTS: list[dict[str, Any]] = tomllib.loads(CORPUS.read_text(encoding="utf-8"))["text"]
_EFFECTS: TypeAdapter[tuple[Effect, ...]] = TypeAdapter(tuple[Effect, ...])
_EX: TypeAdapter[ExPower] = TypeAdapter(ExPower)
_SKILL: TypeAdapter[Skill] = TypeAdapter(Skill)


def _read(entry: dict[str, Any]) -> Any:
    if entry["part"] == "ex":
        return read_ex(entry["text"], "corpus")
    if entry["part"] == "skill":
        return read_skill(entry["text"], "corpus")
    return read_effects(entry["text"], "corpus")


def test_the_corpus_is_large_enough() -> None:
    assert len(TEXTS) >= 30
    assert len({t["text"] for t in TEXTS}) == len(TEXTS)


@pytest.mark.parametrize("entry", TEXTS, ids=[f"text{i:02d}" for i in range(len(TEXTS))])
def test_template_text(entry: dict[str, Any]) -> None:
    if "unread" in entry:
        with pytest.raises(UnreadText) as caught:
            _read(entry)
        text, phrase = normalize(entry["text"]), normalize(entry["unread"])
        assert caught.value.phrase.startswith(phrase), caught.value
        assert caught.value.position == text.index(phrase)
        assert "corpus" in str(caught.value)
        assert entry["why"] in str(caught.value)
        return
    reading = _read(entry)
    expect = entry["expect"]
    if entry["part"] == "ex":
        assert _EX.validate_python({"name": "x", **reading}) == _EX.validate_python({"name": "x", **expect}), reading
    elif entry["part"] == "skill":
        assert _SKILL.validate_python({"name": "x", **reading}) == _SKILL.validate_python({"name": "x", **expect})
    else:
        assert _EFFECTS.validate_python(reading) == _EFFECTS.validate_python(expect), reading
