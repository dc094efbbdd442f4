"""Trace sentences as data: a message id and its parameters, rendered in the reader's language.

An engine never writes a sentence. It records a :class:`Message`: an id naming the sentence
(``dc.skill.none``) and its parameters — card names, numbers, zones, players, rule ids, and
other messages (a rejected action's reason, a term of the game). Golden traces store this
neutral form, so rewording a sentence or adding a language rewrites no trace; the renderers
turn it into Japanese or English from the message catalogs (:mod:`judgekit.render.sentences`).

Parameter values, as data and in JSON:

- ``str`` — shown as it is, in every language (a card's printed name, a player's name, a key
  the scenario wrote, a rule id);
- ``int`` — a number (a message whose catalog entry has plural forms takes its count from the
  parameter ``n``);
- :class:`CardRef` — a card where it is (``{"card": "炎の剣士", "player": "P2", "zone": "main",
  "at": "メイン・エリア"}``): shown with its zone's name in the reader's language;
- :class:`ZoneRef` — a zone (``{"zone": "main", "player": "P2", "at": "メイン・エリア"}``), its
  Japanese name being the rulebook's term and its English name the game's term table's;
- :class:`Message` — another sentence or a term of the game (``{"id": "dc.attr.fire"}``);
- a tuple of values — a list, joined as the language joins lists.

A plain ``str`` where a sentence is expected is accepted too (a sentence not yet turned into
data); it is shown as written in both languages.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class ZoneRef:
    """A zone, named for people in their language."""

    zone: str
    """Zone name within its player (``main``), or a shared zone's name."""
    player: str
    """Owning player's id, empty for a shared zone."""
    at: str
    """The zone's name as the rulebook prints it (``メイン・エリア``)."""

    def to_json(self) -> dict[str, str]:
        """The zone as plain data."""
        return {"zone": self.zone, "player": self.player, "at": self.at}


@dataclass(frozen=True, slots=True)
class CardRef:
    """A card named in a sentence: its printed name and where it is (or last was)."""

    card: str
    """The card's printed name."""
    player: str
    """Id of the player whose zone it is in; empty when unknown or shared."""
    zone: str
    """Zone name within its player (``main``); empty when unknown."""
    at: str
    """The zone's name as the rulebook prints it; empty when unknown."""

    def to_json(self) -> dict[str, str]:
        """The card as plain data."""
        return {"card": self.card, "player": self.player, "zone": self.zone, "at": self.at}


@dataclass(frozen=True, slots=True)
class Message:
    """A sentence (or term) as data: a catalog id and its parameters."""

    id: str
    """The catalog id: ``<prefix>.<name>``, the prefix naming the catalog (``kernel``, ``dc``)."""
    args: tuple[tuple[str, Any], ...] = ()
    """Parameter name → value (see the module's docstring), in the order given."""

    def arg(self, name: str) -> Any:
        """The value of parameter ``name`` (None when absent)."""
        for key, value in self.args:
            if key == name:
                return value
        return None

    def to_json(self) -> dict[str, Any]:
        """The message as plain data: ``{"id": …, "args": {…}}`` (``args`` left out when empty)."""
        out: dict[str, Any] = {"id": self.id}
        if self.args:
            out["args"] = {k: arg_json(v) for k, v in self.args}
        return out


Sentence = str | Message
"""What a trace step, an outcome or an error holds as its sentence."""


def msg(message_id: str, /, **args: Any) -> Message:
    """The message ``message_id`` with parameters ``args`` (values as the module's docstring says)."""
    for name, value in args.items():
        _check_arg(message_id, name, value)
    return Message(message_id, tuple(args.items()))


def _check_arg(message_id: str, name: str, value: Any) -> None:
    if isinstance(value, tuple):
        for item in value:
            _check_arg(message_id, name, item)
    elif isinstance(value, bool) or not isinstance(value, str | int | Message | CardRef | ZoneRef):
        raise TypeError(f"message {message_id}: parameter {name} is a {type(value).__name__}")


def arg_json(value: Any) -> Any:
    """A parameter value as plain data."""
    if isinstance(value, str | int):
        return value
    if isinstance(value, tuple):
        return [arg_json(v) for v in value]
    return value.to_json()


def sentence_json(sentence: Sentence) -> Any:
    """A sentence as plain data: a string as it is, a message as ``{"id", "args"}``."""
    return sentence if isinstance(sentence, str) else sentence.to_json()


def arg_from_json(data: Any) -> Any:
    """A parameter value from plain data (inverse of :func:`arg_json`)."""
    if isinstance(data, str | int) and not isinstance(data, bool):
        return data
    if isinstance(data, list):
        return tuple(arg_from_json(v) for v in data)
    if isinstance(data, dict):
        if "id" in data:
            return sentence_from_json(data)
        if "card" in data:
            return CardRef(
                str(data["card"]), str(data.get("player", "")), str(data.get("zone", "")), str(data.get("at", ""))
            )
        if "zone" in data:
            return ZoneRef(str(data["zone"]), str(data.get("player", "")), str(data.get("at", "")))
    raise ValueError(f"not a message parameter: {data!r}")


def sentence_from_json(data: Any) -> Sentence:
    """A sentence from plain data (inverse of :func:`sentence_json`)."""
    if isinstance(data, str):
        return data
    if isinstance(data, dict) and isinstance(data.get("id"), str):
        args = data.get("args") or {}
        if not isinstance(args, dict):
            raise ValueError(f"message {data['id']}: args must be a table")
        return Message(data["id"], tuple((str(k), arg_from_json(v)) for k, v in args.items()))
    raise ValueError(f"not a sentence: {data!r}")
