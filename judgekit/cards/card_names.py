"""A card a text names by its printed name, resolved to the scenario's card that carries that name.

Card text names another card by its name in 《》 (ゲームの外部から《モーグリ》1枚を…); the effect vocabulary names
it by the key of the scenario's ``[cards]`` table. A reader writes such a reference as the printed form
(``card = "《モーグリ》"``); resolving it is done in two phases, as cross-references are: note every card's
printed name (:meth:`CardNames.from_cards`), then replace each reference with the one key that carries the
name (:meth:`CardNames.resolve`). A name no card carries, or that two cards carry, is never guessed: it is an
:class:`~judgekit.cards.errors.UnreadText` naming the phrase, the card whose text names it, and the keys.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from judgekit.cards.errors import Reason, UnreadText
from judgekit.message import msg

REFERENCE_KEYS = frozenset({"card"})
"""Vocabulary keys whose value is a key of the scenario's cards (FFTCG ``from_outside.card``)."""
_PRINTED = re.compile(r"《([^》]+)》")


def _plain(name: str) -> str:
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", name))


def printed_reference(value: Any) -> str | None:
    """The name a value gives in its printed form (``《モーグリ》`` → ``モーグリ``), or None for a key."""
    if isinstance(value, str):
        found = _PRINTED.fullmatch(value.strip())
        if found:
            return found.group(1)
    return None


@dataclass(frozen=True, slots=True)
class CardNames:
    """The scenario's cards by their printed name (NFKC, white space aside)."""

    keys: Mapping[str, tuple[str, ...]]
    """Printed name → the keys of the cards that carry it, in the scenario's order."""

    @classmethod
    def from_cards(cls, cards: Any) -> CardNames:
        """Note every card's ``name`` (phase one); a table without one is not named."""
        keys: dict[str, list[str]] = {}
        if isinstance(cards, Mapping):
            for key, card in cards.items():
                name = card.get("name") if isinstance(card, Mapping) else None
                if isinstance(name, str) and name.strip():
                    keys.setdefault(_plain(name), []).append(str(key))
        return cls({name: tuple(found) for name, found in keys.items()})

    def key_of(self, name: str, text: str, card: str) -> str:
        """The key of the one card named ``name``; UnreadText naming the phrase, the card and the keys else."""
        found = self.keys.get(_plain(name), ())
        if len(found) == 1:
            return found[0]
        phrase = f"《{name}》"
        position = max(text.find(phrase), 0)
        if found:
            keys = msg("cards.keys", first=tuple(found[:-1]), last=found[-1])
            why = Reason(msg("cards.name_of_two", phrase=phrase, keys=keys))
        else:
            why = Reason(msg("cards.name_of_none", phrase=phrase, name=repr(name)))
        raise UnreadText(text, position, phrase, card, why)

    def resolve(self, reading: Any, text: str, card: str) -> Any:
        """``reading`` with each printed card reference replaced by its key (a new value; UnreadText when a
        name is missing or carried by two cards)."""
        if isinstance(reading, list):
            return [self.resolve(r, text, card) for r in reading]
        if isinstance(reading, dict):
            out: dict[str, Any] = {}
            for k, v in reading.items():
                name = printed_reference(v) if k in REFERENCE_KEYS else None
                out[k] = self.key_of(name, text, card) if name is not None else self.resolve(v, text, card)
            return out
        return reading


NO_NAMES = CardNames({})
"""No card named: a text read outside a scenario."""
