"""The Divine Cross card texts of scenario files, each with the structure its scenario gives by hand.

Used by the reader's test (every text it reads must give exactly the hand-written structure) and
by ``bench/card_reader.py``. Nothing here changes how scenarios load.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import TypeAdapter

from judgekit.cards.divine_cross import CardKind, Data, read_card, read_ex, read_skill
from judgekit.cards.texts import printed_texts
from judgekit.games.divine_cross import cards as vocab


@dataclass(frozen=True, slots=True)
class CardText:
    """One printed text in a scenario and the structure the scenario writes for it."""

    file: str
    """The scenario file's name."""
    card: str
    """The card's key."""
    where: Literal["card", "skill", "ex"]
    """The card's own ``text``, a skill's or an EX power's."""
    index: int
    """Which skill or EX power (0 for the card's text)."""
    text: str
    """The printed text."""
    kind: CardKind
    """What the card is (a unit, or a command's class)."""
    given: Data
    """The card's table as the scenario writes it."""

    @property
    def label(self) -> str:
        """``file card`` (``ex[1]``), for reports and test ids."""
        part = "" if self.where == "card" else f" {self.where}[{self.index}]"
        return f"{self.file} {self.card}{part}"


def card_texts(folder: Path) -> Iterator[CardText]:
    """Every printed text of every card in the scenario files of ``folder``, in file order."""
    for file, key, where, i, text, card in printed_texts(folder, ("skills", "ex")):
        kind: CardKind = card.get("command") or "unit"
        yield CardText(file, key, "skill" if where == "skills" else where, i, text, kind, card)  # type: ignore[arg-type]


_EFFECTS: TypeAdapter[tuple[vocab.Effect, ...]] = TypeAdapter(tuple[vocab.Effect, ...])


def _skill(data: Data) -> vocab.Skill:
    return TypeAdapter(vocab.Skill).validate_python({k: v for k, v in data.items() if k != "text"})


def _ex(data: Data) -> vocab.ExPower:
    return TypeAdapter(vocab.ExPower).validate_python({k: v for k, v in data.items() if k != "text"})


def read(item: CardText) -> Data:
    """What the reader reads from the text (UnreadText when it cannot)."""
    if item.where == "skill":
        return read_skill(item.text, item.card)
    if item.where == "ex":
        return read_ex(item.text, item.card)
    return read_card(item.text, item.kind, item.card)


def differences(item: CardText, reading: Data) -> list[str]:
    """Where ``reading`` differs from what the scenario gives by hand (empty: the same structure).

    Both sides are validated by the vocabulary's own models, so defaults written out or left out
    compare equal; what the text does not print (an EX power's name, a skill's name and cost on a
    skill's own text, a skill's damage when its text does not print it) is taken from the scenario.
    """
    given = item.given
    if item.where == "skill":
        hand = given["skills"][item.index]
        mine = {"name": hand["name"], "cost": hand.get("cost", 0), "damage": hand.get("damage"), **reading}
        return [] if _skill(mine) == _skill(hand) else [f"skill: read {mine}, given {hand}"]
    if item.where == "ex":
        hand = given["ex"][item.index]
        mine = {"name": hand["name"], **reading}
        return [] if _ex(mine) == _ex(hand) else [f"ex: read {mine}, given {hand}"]
    problems: list[str] = []
    if "effects" in reading and _EFFECTS.validate_python(reading["effects"]) != _EFFECTS.validate_python(
        given.get("effects", [])
    ):
        problems.append(f"effects: read {reading['effects']}, given {given.get('effects', [])}")
    if "ex" in reading:
        hands = given.get("ex", [])
        if len(hands) != len(reading["ex"]):
            problems.append(f"ex: read {len(reading['ex'])} EX powers, given {len(hands)}")
        else:
            for ex, hand in zip(reading["ex"], hands, strict=True):
                mine = {"name": hand["name"], **ex}
                if _ex(mine) != _ex(hand):
                    problems.append(f"ex: read {mine}, given {hand}")
    if "skills" in reading:
        by_name = {s["name"]: s for s in given.get("skills", [])}
        for skill in reading["skills"]:
            hand = by_name.get(skill["name"])
            if hand is None:
                problems.append(f"skills: read 「{skill['name']}」, which the scenario does not give")
            elif _skill(skill) != _skill(hand):
                problems.append(f"skills: read {skill}, given {hand}")
    return problems


def same_effects(a: Any, b: Any) -> bool:
    """Whether two lists of effects are the same once validated (defaults written out or left out)."""
    return bool(_EFFECTS.validate_python(a) == _EFFECTS.validate_python(b))


def same_skill(a: Data, b: Data) -> bool:
    """Whether two skill tables are the same once validated (their ``text`` aside)."""
    return bool(_skill(a) == _skill(b))


def same_ex(a: Data, b: Data) -> bool:
    """Whether two EX power tables are the same once validated (their ``text`` aside)."""
    return bool(_ex(a) == _ex(b))
