"""The dice-and-castle card texts of scenario files, each with the structure its scenario gives by hand.

A card's own ``text`` (a magic's effect, a counter's, a unit's cost lines and automatic abilities, a
king's rule changes) and an ability's (``abilities[i].text``). Used by the reader's test and by
``bench/card_reader.py``; nothing here changes how scenarios load.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import TypeAdapter

from judgekit.cards.dice_castle import Data, printed_kind, read_ability, read_card
from judgekit.cards.texts import printed_texts
from judgekit.games.dice_castle import cards as vocab

_KEYS: dict[str, Data] = {
    "magic": {"targets": [], "joined": False, "effects": []},
    "counter": {"counter": None},
    "unit": {
        "extra_cost": {},
        "optional_cost": {},
        "optional_effects": [],
        "statics": [],
        "attacks": 1,
        "limited": False,
    },
    "king": {"statics": [], "limited": False},
}
"""The keys a card's own text states, by what it is printed on (none printed: their defaults)."""


@dataclass(frozen=True, slots=True)
class CardText:
    """One printed text in a scenario and the structure the scenario writes for it."""

    file: str
    """The scenario file's name."""
    card: str
    """The card's key."""
    where: Literal["card", "abilities"]
    """The card's own ``text`` or an ability's."""
    index: int
    """Which ability (0 for the card's text)."""
    text: str
    """The printed text."""
    given: Data
    """The card's table as the scenario writes it."""

    @property
    def label(self) -> str:
        """``file card`` (``abilities[1]``), for reports and test ids."""
        part = "" if self.where == "card" else f" {self.where}[{self.index}]"
        return f"{self.file} {self.card}{part}"


def card_texts(folder: Path) -> Iterator[CardText]:
    """Every printed text of every card in the scenario files of ``folder``, in file order."""
    for file, key, where, i, text, card in printed_texts(folder, ("abilities",)):
        yield CardText(file, key, where, i, text, card)  # type: ignore[arg-type]


def read(item: CardText) -> Data:
    """What the reader reads from the text (UnreadText when it cannot)."""
    if item.where == "abilities":
        return read_ability(item.text, item.card)
    return read_card(item.text, printed_kind(item.given), item.card)


def _bare(data: Data) -> Data:
    return {k: v for k, v in data.items() if k != "text"}


def same_ability(a: Data, b: Data) -> bool:
    """Whether two ability tables are the same once validated (their ``text`` aside)."""
    adapter = TypeAdapter(vocab.Ability)
    return bool(adapter.validate_python(_bare(a)) == adapter.validate_python(_bare(b)))


def with_names(reading: Data, hand: Data) -> Data:
    """An ability as read, with the name the scenario gives it (names are not printed)."""
    return {"name": hand.get("name", ""), **reading}


def printed_default(key: str) -> Any:
    """What a unit's text that does not print ``key`` (one of its own lines) says of it."""
    return _KEYS["unit"].get(key)


def named_as_given(reading: list[Data], hands: list[Data]) -> list[Data]:
    """Abilities read from a unit's text, each with the name the scenario gives the one in its place (names are
    not printed; the reader's names stay where the scenario gives another number of abilities)."""
    if len(reading) != len(hands):
        return [_bare(a) for a in reading]
    return [{**_bare(a), "name": hand.get("name", a["name"])} for a, hand in zip(reading, hands, strict=True)]


def card_differences(given: Data, reading: Data, skip: Collection[str] = ()) -> list[str]:
    """The keys a card's text states (those it prints, and a unit's or king's own lines, none printed: their
    defaults) on which the card table given differs from the reading, once validated; ``skip`` names keys not
    to compare (those an unread line was meant to give). ValueError when either does not validate."""
    base = {k: v for k, v in given.items() if k not in ("text", "en", "ja")}
    base["abilities"] = [_bare(a) for a in base.get("abilities", [])]
    defaults = {k: v for k, v in _KEYS[printed_kind(given)].items() if v is not None and k not in skip}
    stated: Data = defaults | {k: v for k, v in reading.items() if k not in skip}
    if "abilities" in reading:
        stated["abilities"] = named_as_given(reading["abilities"], base["abilities"])
    mine = base | stated
    if mine.get("counter") is None:
        mine.pop("counter", None)
    adapter = TypeAdapter(vocab.CardDef)
    hand, read = adapter.validate_python(base), adapter.validate_python(mine)
    return [k for k in stated if getattr(hand, k) != getattr(read, k)]


def same_card(given: Data, reading: Data) -> bool:
    """Whether a card table is the same when the keys its text states are taken from the reading."""
    return not card_differences(given, reading)


def differences(item: CardText, reading: Data) -> list[str]:
    """Where ``reading`` differs from what the scenario gives by hand (empty: the same structure)."""
    if item.where == "abilities":
        hand = item.given["abilities"][item.index]
        mine = with_names(reading, hand)
        return [] if same_ability(mine, hand) else [f"abilities: read {mine}, given {_bare(hand)}"]
    return [] if same_card(item.given, reading) else [f"card: read {reading}"]
