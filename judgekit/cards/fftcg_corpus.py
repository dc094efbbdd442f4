"""The FFTCG card texts of scenario files, each with the structure its scenario gives by hand.

Used by the reader's test (every text it reads must give exactly the hand-written structure), by the
scenario loader's check of a card given both ways, and by ``bench/card_reader.py``.
"""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, cast

from pydantic import TypeAdapter

from judgekit.cards.card_names import NO_NAMES, CardNames
from judgekit.cards.fftcg import CardType, Data, read_ability, read_card, read_mode
from judgekit.games.fftcg import cards as vocab

_PRINTED = ("name", "type", "elements", "cost", "number", "power", "jobs", "categories", "generic", "party_icon")
"""What a card's text box does not hold: taken from the scenario."""


@dataclass(frozen=True, slots=True)
class CardText:
    """One printed text in a scenario and the structure the scenario writes for it."""

    file: str
    """The scenario file's name."""
    card: str
    """The card's key."""
    where: Literal["card", "ability", "mode"]
    """The card's own ``text``, an ability's, or a mode's."""
    index: int
    """Which ability or mode (0 for the card's text)."""
    text: str
    """The printed text."""
    given: Data
    """The card's table as the scenario writes it."""
    ability: int | None = None
    """For a mode of an ability: which ability."""
    names: CardNames = NO_NAMES
    """The scenario's cards by printed name: a card the text names (《モーグリ》) is read as its key."""

    @property
    def label(self) -> str:
        """``file card`` (``abilities[1]``, ``modes[0]``, ``abilities[0].modes[1]``), for reports and test ids."""
        if self.where == "card":
            return f"{self.file} {self.card}"
        if self.where == "ability":
            return f"{self.file} {self.card} abilities[{self.index}]"
        owner = "" if self.ability is None else f"abilities[{self.ability}]."
        return f"{self.file} {self.card} {owner}modes[{self.index}]"

    @property
    def mode(self) -> Data:
        """The mode's table as the scenario writes it (for ``where = "mode"``)."""
        holder = self.given if self.ability is None else self.given["abilities"][self.ability]
        mode: Data = holder["modes"][self.index]
        return mode


def card_texts(folder: Path) -> Iterator[CardText]:
    """Every printed text of every card in the scenario files of ``folder``, in file order."""
    for path in sorted(folder.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        names = CardNames.from_cards(data.get("cards", {}))
        for key, card in data.get("cards", {}).items():
            if card.get("text"):
                yield CardText(path.name, key, "card", 0, card["text"], card, names=names)
            for m, mode in enumerate(card.get("modes", [])):
                if mode.get("text"):
                    yield CardText(path.name, key, "mode", m, mode["text"], card, names=names)
            for i, ability in enumerate(card.get("abilities", [])):
                if ability.get("text"):
                    yield CardText(path.name, key, "ability", i, ability["text"], card, names=names)
                for m, mode in enumerate(ability.get("modes", [])):
                    if mode.get("text"):
                        yield CardText(path.name, key, "mode", m, mode["text"], card, i, names=names)


def read(item: CardText) -> Data:
    """What the reader reads from the text, the cards it names by printed name as keys (UnreadText when it
    cannot)."""
    name = str(item.given.get("name", ""))
    if item.where == "ability":
        reading = read_ability(item.text, name, item.card)
    elif item.where == "mode":
        reading = read_mode(item.text, name, item.card)
    else:
        reading = read_card(item.text, cast(CardType, item.given.get("type", "forward")), name, item.card)
    resolved: Data = item.names.resolve(reading, item.text, name or item.card)
    return resolved


_CARD: TypeAdapter[vocab.CardDef] = TypeAdapter(vocab.CardDef)
_ABILITY: TypeAdapter[vocab.Ability] = TypeAdapter(vocab.Ability)
_MODE: TypeAdapter[vocab.Mode] = TypeAdapter(vocab.Mode)


def unlabel(data: Any, key: str = "") -> Any:
    """``data`` without what a text does not print: texts, delayed abilities' and options' names; modes
    named by their place."""
    if isinstance(data, list):
        out = [unlabel(d, key) for d in data]
        if key == "modes":
            out = [{**m, "name": str(i + 1)} for i, m in enumerate(out)]
        return out
    if isinstance(data, dict):
        out_d: Data = {k: unlabel(v, k) for k, v in data.items() if k != "text"}
        if out_d.get("op") == "delayed" or key == "options":
            out_d.pop("name", None)
        if key == "options":
            out_d["name"] = ""
        return out_d
    return data


def _named(reading: Data, given: Data) -> Data:
    """An ability as read, with the scenario's name when the text prints none."""
    if reading.get("name") or not given.get("name"):
        return reading
    return {"kind": reading["kind"], "name": given["name"], **{k: v for k, v in reading.items() if k != "kind"}}


def ability_differs(reading: Data, given: Data) -> str:
    """How an ability read differs from the one given by hand (empty: the same once validated)."""
    mine = _ABILITY.validate_python(unlabel(_named(reading, given)))
    hand = _ABILITY.validate_python(unlabel(copy.deepcopy(given)))
    return (
        ""
        if mine == hand
        else f"read {_named(reading, given)}, given { {k: v for k, v in given.items() if k != 'text'} }"
    )


def card_differs(reading: Data, given: Data) -> str:
    """How a card's text as read differs from the card table given by hand (empty: the same)."""
    mine: Data = {k: given[k] for k in _PRINTED if k in given}
    mine.update(copy.deepcopy(reading))
    hands = given.get("abilities", [])
    if "abilities" in mine:
        mine["abilities"] = [_named(a, hands[i]) if i < len(hands) else a for i, a in enumerate(mine["abilities"])]
    hand = {k: v for k, v in given.items() if k != "text"}
    if "abilities" in hand and "abilities" not in mine:
        mine["abilities"] = hand["abilities"]  # abilities given apart from the card's text
    try:
        same = _CARD.validate_python(unlabel(mine)) == _CARD.validate_python(unlabel(hand))
    except ValueError as exc:
        return f"read something the vocabulary rejects: {exc}"
    shown = {k: v for k, v in mine.items() if k not in _PRINTED}
    return "" if same else f"read {shown}, given { {k: v for k, v in hand.items() if k not in _PRINTED} }"


def differences(item: CardText, reading: Data) -> list[str]:
    """Where ``reading`` differs from what the scenario gives by hand (empty: the same structure)."""
    if item.where == "mode":
        hand = item.mode
        mine = _MODE.validate_python({"name": hand["name"], **reading})
        same = mine == _MODE.validate_python({k: v for k, v in hand.items() if k != "text"})
        return [] if same else [f"read {reading}, given {hand}"]
    if item.where == "ability":
        problem = ability_differs(reading, item.given["abilities"][item.index])
    else:
        problem = card_differs(reading, item.given)
    return [problem] if problem else []
