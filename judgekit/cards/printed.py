"""Cards a scenario gives by their printed text: the structure read from the text, or checked against it.

A card in a scenario may give only its printed ``text``: the game's reader turns it into the effect
vocabulary before the scenario is validated, part by part (a skill line, an EX power, a command's
effect). A part the reader cannot read is never guessed: unless the scenario gives that part in the
vocabulary, loading stops with the phrase, its position and the card, asking for that part by hand —
the card's other parts still come from the text. A card that gives both its text and its structure
is checked: where the text reads otherwise than the structure given, ``judgekit check`` reports it
(the structure given is what runs).

A text that names another card by its printed name (《モーグリ》) is read to the key of the scenario's card
that carries that name (:mod:`judgekit.cards.card_names`): every card's name is noted first, then each
reference resolved; a name no card carries, or two do, is an unread part naming the name and the keys.

Only games with a reader take part (:data:`READERS`); other games' cards are left as written.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from judgekit.cards.card_names import CardNames
from judgekit.cards.errors import UnreadText, or_give
from judgekit.message import msg

if TYPE_CHECKING:
    from judgekit.cards.divine_cross import CardKind

Data = dict[str, Any]


@dataclass(frozen=True, slots=True)
class PartReport:
    """What became of one part of a card's printed text."""

    section: str
    """The key of the card table the part belongs to (``skills``, ``ex``, ``effects``)."""
    index: int
    """Its place in that section."""
    text: str
    """The part's printed text."""
    reading: Any
    """What the reader read (None when unread)."""
    unread: str = ""
    """Why the part could not be read (empty when read)."""
    source: str = "text"
    """Where the structure that runs comes from: ``text`` (read), ``scenario`` (given by hand)."""
    differs: str = ""
    """How the reading differs from the structure given by hand (empty when the same, or not given)."""


@dataclass(slots=True)
class Printed:
    """A scenario's data with its cards' structure completed from their printed text."""

    data: Data
    """The scenario data (a copy, completed; the input is not changed)."""
    problems: list[tuple[str, str]] = field(default_factory=list)
    """Parts that cannot be read and are not given by hand: (key, what is expected)."""
    cards: dict[str, tuple[PartReport, ...]] = field(default_factory=dict)
    """Card key → what became of each part of its printed text."""

    @property
    def findings(self) -> list[str]:
        """Where a card's text reads otherwise than its structure given by hand, one sentence each."""
        return [
            f"cards.{key}.{p.section}[{p.index}]: the printed text 「{p.text}」 reads {p.differs}"
            for key, parts in self.cards.items()
            for p in parts
            if p.differs
        ]


def complete(game: str, data: Data, readings: Path | None = None) -> Printed:
    """``data`` with each card's structure read from its printed text, where the game has a reader; with a
    ``readings`` folder, a cards table read before is taken from it instead (:mod:`judgekit.cards.readings`)."""
    reader = READERS.get(game)
    if reader is None or not isinstance(data.get("cards"), dict):
        return Printed(data)
    if readings is None:
        return _read(reader, data)
    from judgekit.cards.readings import keep_reading, kept_reading, reading_key

    key = reading_key(game, data["cards"])
    if key is None:
        return _read(reader, data)
    kept = kept_reading(readings, key)
    if kept is not None:
        cards, problems, reports = kept
        rest = copy.deepcopy({k: v for k, v in data.items() if k != "cards"})
        return Printed({k: cards if k == "cards" else rest[k] for k in data}, problems, reports)
    out = _read(reader, data)
    keep_reading(readings, key, (out.data["cards"], out.problems, out.cards))
    return out


def _read(reader: Reader, data: Data) -> Printed:
    out = Printed(copy.deepcopy(data))
    names = CardNames.from_cards(out.data["cards"])
    for key, card in out.data["cards"].items():
        if isinstance(card, dict):
            reports = reader(str(key), card, out.problems, names)
            if reports:
                out.cards[str(key)] = tuple(reports)
    return out


# --- Divine Cross -------------------------------------------------------------------------------


def _divine_cross(key: str, card: Data, problems: list[tuple[str, str]], names: CardNames) -> list[PartReport]:
    from judgekit.cards import corpus
    from judgekit.cards.divine_cross import read_card_parts, read_ex, read_skill

    reports: list[PartReport] = []
    text = card.get("text")
    kind = card.get("command") or "unit"
    if isinstance(text, str) and text.strip() and kind in ("unit", "event", "action", "assist"):
        parts = read_card_parts(text, cast("CardKind", kind), card.get("name") or key)
        for section in ("effects", "skills", "ex"):
            found = [p for p in parts if p.section == section]
            if not found:
                continue
            given = card.get(section)
            if section == "effects":
                reports += _effects(key, card, found[0], given, problems, corpus.same_effects)
            elif section == "skills":
                reports += _skills(key, card, found, given, problems, corpus.same_skill)
            else:
                reports += _exes(key, card, found, given, problems, corpus.same_ex)
    # A skill's or an EX power's own text, where the card's text does not print it.
    for section, read_one in (("skills", read_skill), ("ex", read_ex)):
        entries = card.get(section)
        if not isinstance(entries, list):
            continue
        for i, entry in enumerate(entries):
            own = entry.get("text") if isinstance(entry, dict) else None
            if not (isinstance(own, str) and own.strip()) or any(
                r.section == section and r.index == i for r in reports
            ):
                continue
            try:
                reading = read_one(own, card.get("name") or key)
            except UnreadText as exc:
                reports.append(PartReport(section, i, own, None, exc.in_language("en"), "scenario"))
                if _bare(section, entry):
                    problems.append((f"cards.{key}.{section}[{i}].text", str(exc)))
                continue
            if _bare(section, entry):
                entry.update({k: v for k, v in reading.items() if k not in entry})
                reports.append(PartReport(section, i, own, reading))
            else:
                mine = {**_names(section, entry), **reading}
                same = corpus.same_skill if section == "skills" else corpus.same_ex
                reports.append(_compared(section, i, own, reading, mine, entry, same))
    return reports


def _bare(section: str, entry: Data) -> bool:
    """Whether a skill or EX power table gives no structure of its own (only its name, cost, text)."""
    if section == "ex":
        return "kind" not in entry
    return "effects" not in entry and "damage" not in entry


def _names(section: str, entry: Data) -> Data:
    """What a text does not print and the hand-written table gives: names (and a skill's cost and damage)."""
    if section == "ex":
        return {"name": entry.get("name", "")}
    return {"name": entry.get("name", ""), "cost": entry.get("cost", 0), "damage": entry.get("damage")}


def _compared(
    section: str, index: int, text: str, reading: Any, mine: Any, given: Any, same: Callable[[Any, Any], bool]
) -> PartReport:
    try:
        equal = same(mine, given)
    except ValueError as exc:
        return PartReport(section, index, text, reading, "", "scenario", f"as something the vocabulary rejects: {exc}")
    differs = "" if equal else f"{_show(mine)}; the scenario gives {_show(given)}"
    return PartReport(section, index, text, reading, "", "scenario", differs)


def _show(value: Any) -> str:
    from judgekit.cards.render import toml_value

    if isinstance(value, dict):
        value = {k: v for k, v in value.items() if k != "text"}
    return toml_value(value)


def _effects(
    key: str, card: Data, part: Any, given: Any, problems: list[tuple[str, str]], same: Callable[[Any, Any], bool]
) -> list[PartReport]:
    if part.unread is not None:
        if given is None:
            problems.append((f"cards.{key}.text", or_give(part.unread, "`effects`")))
        return [PartReport("effects", 0, part.text, None, part.unread.in_language("en"), "scenario")]
    if given is None:
        card["effects"] = part.reading
        return [PartReport("effects", 0, part.text, part.reading)]
    return [_compared("effects", 0, part.text, part.reading, part.reading, given, same)]


def _skills(
    key: str,
    card: Data,
    parts: list[Any],
    given: Any,
    problems: list[tuple[str, str]],
    same: Callable[[Any, Any], bool],
) -> list[PartReport]:
    out: list[PartReport] = []
    if given is None:
        read = []
        for p in parts:
            if p.unread is not None:
                problems.append((f"cards.{key}.text", or_give(p.unread, "`skills`")))
                out.append(PartReport("skills", p.index, p.text, None, p.unread.in_language("en"), "scenario"))
            else:
                read.append(p.reading)
                out.append(PartReport("skills", p.index, p.text, p.reading))
        card["skills"] = read
        return out
    by_name = {s.get("name"): (i, s) for i, s in enumerate(given) if isinstance(s, dict)}
    for p in parts:
        if p.unread is not None:
            out.append(PartReport("skills", p.index, p.text, None, p.unread.in_language("en"), "scenario"))
            continue
        index, hand = by_name.get(p.reading["name"], (p.index, None))
        if hand is None:
            missing = f"「{p.reading['name']}」, a skill the scenario does not give"
            out.append(PartReport("skills", p.index, p.text, p.reading, "", "scenario", missing))
        elif _bare("skills", hand):
            hand.update({k: v for k, v in p.reading.items() if k not in hand})
            out.append(PartReport("skills", index, p.text, p.reading))
        else:
            out.append(_compared("skills", index, p.text, p.reading, p.reading, hand, same))
    return out


def _exes(
    key: str,
    card: Data,
    parts: list[Any],
    given: Any,
    problems: list[tuple[str, str]],
    same: Callable[[Any, Any], bool],
) -> list[PartReport]:
    out: list[PartReport] = []
    hands = given if isinstance(given, list) else None
    if hands is not None and len(hands) != len(parts):
        shown = f"{len(parts)} EX power(s); the scenario gives {len(hands)}"
        return [PartReport("ex", 0, " ".join(p.text for p in parts), None, "", "scenario", shown)]
    made: list[Data] = []
    for p in parts:
        hand = hands[p.index] if hands is not None else None
        if p.unread is not None:
            if hand is None or _bare("ex", hand):
                problems.append((f"cards.{key}.text", or_give(p.unread, msg("cards.give.ex"))))
            out.append(PartReport("ex", p.index, p.text, None, p.unread.in_language("en"), "scenario"))
            continue
        if hand is None:
            # EX powers' names are not printed in the text: numbered, as a play entry names them.
            made.append({"name": f"EX{p.index + 1}", **p.reading})
            out.append(PartReport("ex", p.index, p.text, p.reading))
        elif _bare("ex", hand):
            hand.update({k: v for k, v in p.reading.items() if k not in hand})
            out.append(PartReport("ex", p.index, p.text, p.reading))
        else:
            mine = {"name": hand.get("name", ""), **p.reading}
            out.append(_compared("ex", p.index, p.text, p.reading, mine, hand, same))
    if hands is None:
        card["ex"] = made
    return out


def _fftcg(key: str, card: Data, problems: list[tuple[str, str]], names: CardNames) -> list[PartReport]:
    from judgekit.cards.printed_fftcg import read_fftcg

    return read_fftcg(key, card, problems, names)


def _code_of_joker(key: str, card: Data, problems: list[tuple[str, str]], names: CardNames) -> list[PartReport]:
    from judgekit.cards.printed_code_of_joker import complete_card

    return complete_card(key, card, problems)


def _dice_castle(key: str, card: Data, problems: list[tuple[str, str]], names: CardNames) -> list[PartReport]:
    from judgekit.cards.printed_dice_castle import complete_card

    return complete_card(key, card, problems)


Reader = Callable[[str, Data, list[tuple[str, str]], CardNames], list[PartReport]]
"""A game's card reader: the card's key, its table (completed in place), the problems found so far, and the
scenario's cards by printed name (to resolve a card a text names)."""

READERS: dict[str, Reader] = {
    "divine-cross": _divine_cross,
    "code-of-joker": _code_of_joker,
    "dice-castle": _dice_castle,
    "fftcg": _fftcg,
}
"""Game id → its card reader for scenario files."""
