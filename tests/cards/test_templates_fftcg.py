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
from judgekit.errors import ScenarioError
from judgekit.games.fftcg.cards import Ability, CardDef
from judgekit.scenario import load_scenario

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
    for entry in TEXTS:
        assert ("expect" in entry) != ("unread" in entry), entry["text"]
        assert ("unread" in entry) == bool(entry.get("why")), f"{entry['text']}: an expected unread says why"


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


_SCENARIO = """
game = "fftcg"
title = "t"
question = "q"
ruling = "r"
[cards.bk]
name = "B"
type = "backup"
elements = ["fire"]
cost = 1
[[cards.bk.abilities]]
kind = "auto"
on = "ON"
subject = "own.forward"
subject_filter = { job = "兵士" }
effects = [{ op = "draw" }]
[players.P1]
field = [{ card = "bk" }]
deck = ["bk"]
[players.P2]
deck = ["bk"]
[expect]
zones = [{ zone = "P1.deck", count = 1 }]
"""


@pytest.mark.parametrize(("on", "refused"), [("enters_field", False), ("attacks", False), ("broken", True)])
def test_a_filtered_subject_only_with_an_event_on_the_field(tmp_path: Path, on: str, refused: bool) -> None:
    """subject_filter (11.8.16.2.1) looks at the card as it is on the field: the loader refuses it with an event
    that takes the card off the field, naming the key."""
    path = tmp_path / "case.toml"
    path.write_text(_SCENARIO.replace("ON", on), encoding="utf-8")
    if not refused:
        load_scenario(path)
        return
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    assert "cards.bk.abilities[0].subject_filter" in dict(info.value.problems)


def test_recombined_texts_read_to_the_vocabulary_or_are_unread() -> None:
    """Texts the corpus does not hold, made by joining one text's first clause to another's last: each reads to
    something the card model accepts, or is unread (an UnreadText, never another exception)."""
    texts = [t["text"] for t in TEXTS]
    for first, last in zip(texts, texts[1:] + texts[:1], strict=True):
        for text in (first.split("、")[0] + "、" + last.split("、")[-1], first.split("。")[0] + "。" + last):
            for part in ("summon", "ability"):
                try:
                    reading = _read({"part": part, "text": text, "name": "ティナ"})
                except UnreadText:
                    continue
                if part == "ability":
                    _ABILITY.validate_python(reading)
                else:
                    _as_card({"part": part}, reading)
