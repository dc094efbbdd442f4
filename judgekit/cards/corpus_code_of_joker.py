"""The Code of Joker card texts of scenario files, each with the structure its scenario gives by hand.

A card's own ``text`` (a unit's keywords, a trigger's or intercept's timing and effect, a joker's
effect), an effect's (``abilities[i].text``) and a field effect's (``field[i].text``). Used by the
reader's test and by ``bench/card_reader.py``; nothing here changes how scenarios load.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import TypeAdapter

from judgekit.cards.code_of_joker import CardType, Data, read_ability, read_card, read_field
from judgekit.cards.texts import printed_texts
from judgekit.games.code_of_joker import cards as vocab


@dataclass(frozen=True, slots=True)
class CardText:
    """One printed text in a scenario and the structure the scenario writes for it."""

    file: str
    """The scenario file's name."""
    card: str
    """The card's key."""
    where: Literal["card", "abilities", "field"]
    """The card's own ``text``, an effect's or a field effect's."""
    index: int
    """Which effect or field effect (0 for the card's text)."""
    text: str
    """The printed text."""
    kind: CardType
    """The card's kind."""
    given: Data
    """The card's table as the scenario writes it."""

    @property
    def label(self) -> str:
        """``file card`` (``abilities[1]``), for reports and test ids."""
        part = "" if self.where == "card" else f" {self.where}[{self.index}]"
        return f"{self.file} {self.card}{part}"


def card_texts(folder: Path) -> Iterator[CardText]:
    """Every printed text of every card in the scenario files of ``folder``, in file order."""
    for file, key, where, i, text, card in printed_texts(folder, ("abilities", "field")):
        kind: CardType = card.get("type", "unit")
        yield CardText(file, key, where, i, text, kind, card)  # type: ignore[arg-type]


def read(item: CardText) -> Data:
    """What the reader reads from the text (UnreadText when it cannot)."""
    if item.where == "abilities":
        return read_ability(item.text, item.card)
    if item.where == "field":
        return read_field(item.text, item.card)
    return read_card(item.text, item.kind, item.card)


def _bare(data: Data) -> Data:
    return {k: v for k, v in data.items() if k != "text"}


def same_ability(a: Data, b: Data) -> bool:
    """Whether two effect tables are the same once validated (their ``text`` aside)."""
    adapter = TypeAdapter(vocab.Ability)
    return bool(adapter.validate_python(_bare(a)) == adapter.validate_python(_bare(b)))


def same_field(a: Data, b: Data) -> bool:
    """Whether two field effect tables are the same once validated (their ``text`` aside)."""
    adapter = TypeAdapter(vocab.FieldBonus)
    return bool(adapter.validate_python(_bare(a)) == adapter.validate_python(_bare(b)))


def _card(given: Data, reading: Data) -> tuple[vocab.CardDef, vocab.CardDef]:
    """The card as given and as given with the read keys in place of its own (texts aside)."""
    base = {k: v for k, v in given.items() if k not in ("text", "en", "ja")}
    strip = {k: ([_bare(e) for e in v] if k in ("abilities", "field") else v) for k, v in base.items()}
    # A unit's text always says its keywords (none printed: none); its effects may be printed apart.
    printed: Data = {"keywords": [], "dimension": None} if given.get("type", "unit") in ("unit", "evolution") else {}
    mine = strip | printed | reading
    # What a text does not print (an effect's name, its pattern) comes from the scenario.
    if "abilities" in mine and isinstance(base.get("abilities"), list):
        hands = [_bare(a) for a in base["abilities"]]
        mine["abilities"] = [
            {**{k: h[k] for k in ("name", "pattern") if k in h}, **a}
            for a, h in zip(mine["abilities"], hands + [{}] * len(mine["abilities"]), strict=False)
        ]
    # Keywords are a set: the order a scenario lists them in is not printed order.
    for side in (strip, mine):
        side["keywords"] = sorted(side.get("keywords") or [])
    adapter = TypeAdapter(vocab.CardDef)
    return adapter.validate_python(strip), adapter.validate_python(mine)


def differences(item: CardText, reading: Data) -> list[str]:
    """Where ``reading`` differs from what the scenario gives by hand (empty: the same structure).

    Both sides are validated by the vocabulary's own models, so defaults written out or left out compare
    equal; what a text does not print (an effect's ``name`` and ``pattern``) is taken from the scenario.
    """
    given = item.given
    if item.where == "abilities":
        hand = given["abilities"][item.index]
        mine = {**{k: hand[k] for k in ("name", "pattern") if k in hand}, **reading}
        return [] if same_ability(mine, hand) else [f"abilities: read {mine}, given {_bare(hand)}"]
    if item.where == "field":
        hand = given["field"][item.index]
        return [] if same_field(reading, hand) else [f"field: read {reading}, given {_bare(hand)}"]
    as_given, as_read = _card(given, reading)
    return [] if as_given == as_read else [f"card: read {reading}"]


def same_card(given: Data, reading: Data) -> bool:
    """Whether a card table is the same when the keys read from its text replace its own."""
    a, b = _card(given, reading)
    return bool(a == b)


def show(value: Any) -> str:
    """A value for a report line."""
    return repr(value)
