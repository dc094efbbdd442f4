"""FFTCG cards a scenario gives by their printed text (see :mod:`judgekit.cards.printed`).

A card's ``text`` is its text box: a line of keywords, one ability a line (`` / `` also separates them), and
for a character its sentences about casting it (modes, additional or alternative costs, X); a summon's text
is its effect. An ability's own ``text`` is that ability. Each part is read into the card table where the
scenario does not give it; where it does, the two are compared and a difference is reported (the structure
given is what runs). A part the reader cannot read, and the scenario does not give, stops loading. A card a
text names by its printed name (《モーグリ》) is read as the key of the scenario's card carrying that name
(:class:`~judgekit.cards.card_names.CardNames`); a missing or shared name leaves the part unread.
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any, cast

from pydantic import TypeAdapter

from judgekit.cards.card_names import NO_NAMES, CardNames
from judgekit.cards.errors import UnreadText, or_give
from judgekit.cards.fftcg import CardType, Part, read_ability, read_card_parts
from judgekit.cards.fftcg_corpus import ability_differs, unlabel
from judgekit.cards.printed import PartReport, _show
from judgekit.games.fftcg import cards as vocab
from judgekit.message import msg

Data = dict[str, Any]

_CARD_KEYS = (
    "choose",
    "effects",
    "modes",
    "pick",
    "options",
    "x",
    "reads",
    "replaces",
    "ex_burst",
    "ex_burst_damage",
    "dejon",
)
"""The card-table keys a summon's text, or a character's casting sentences, give."""
_TYPES = ("forward", "backup", "monster", "summon")
_CARD: TypeAdapter[vocab.CardDef] = TypeAdapter(vocab.CardDef)


def read_fftcg(
    key: str, card: Data, problems: list[tuple[str, str]], names: CardNames | None = None
) -> list[PartReport]:
    """Complete ``card`` (in place) from its printed texts; what became of each part. ``names`` resolves a card
    a text names by its printed name (no card is named when not given)."""
    names = names if names is not None else NO_NAMES
    reports: list[PartReport] = []
    name = str(card.get("name") or "")
    text = card.get("text")
    kind = card.get("type")
    read_abilities: set[int] = set()
    if isinstance(text, str) and text.strip() and kind in _TYPES:
        parts = [_resolved(p, names, name or key) for p in read_card_parts(text, cast(CardType, kind), name, key)]
        given_abilities = card.get("abilities")
        made: list[Data] = []
        for part in parts:
            if part.section == "abilities":
                read_abilities.add(part.index)
                reports.append(_ability(key, card, part, given_abilities, made, problems))
            elif part.section == "keywords":
                reports.append(_keywords(card, part))
            else:
                reports.append(_card_keys(key, card, part, problems))
        if given_abilities is None and made:
            card["abilities"] = made
    # An ability's own text, where the card's text does not print it.
    entries = card.get("abilities")
    if isinstance(entries, list):
        for i, entry in enumerate(entries):
            own = entry.get("text") if isinstance(entry, dict) else None
            if i in read_abilities or not (isinstance(own, str) and own.strip()):
                continue
            try:
                reading = names.resolve(read_ability(own, name, key), own, name or key)
            except UnreadText as exc:
                reports.append(PartReport("abilities", i, own, None, exc.in_language("en"), "scenario"))
                if "kind" not in entry:
                    problems.append((f"cards.{key}.abilities[{i}].text", str(exc)))
                continue
            reports.append(_one_ability(i, own, reading, entry))
    return reports


def _resolved(part: Part, names: CardNames, card: str) -> Part:
    """``part`` with the cards its text names by their printed name resolved to keys (unread when one cannot be)."""
    if part.reading is None:
        return part
    try:
        return dataclasses.replace(part, reading=names.resolve(part.reading, part.text, card))
    except UnreadText as exc:
        return dataclasses.replace(part, reading=None, unread=exc)


def _one_ability(index: int, text: str, reading: Data, entry: Data) -> PartReport:
    """Fill a bare ability (only its name and text) from its reading, or compare a given one with it."""
    if "kind" not in entry:
        entry.update({k: v for k, v in reading.items() if k not in entry})
        return PartReport("abilities", index, text, reading)
    try:
        differs = ability_differs(reading, entry)
    except ValueError as exc:
        differs = f"as something the vocabulary rejects: {exc}"
    return PartReport("abilities", index, text, reading, "", "scenario", differs)


def _ability(
    key: str, card: Data, part: Part, given: Any, made: list[Data], problems: list[tuple[str, str]]
) -> PartReport:
    hands = given if isinstance(given, list) else None
    hand = hands[part.index] if hands is not None and part.index < len(hands) else None
    if part.unread is not None:
        if hand is None or (isinstance(hand, dict) and "kind" not in hand):
            problems.append((f"cards.{key}.text", or_give(part.unread, msg("cards.give.ability"))))
        return PartReport("abilities", part.index, part.text, None, part.unread.in_language("en"), "scenario")
    assert part.reading is not None
    if hands is None:
        made.append(part.reading)
        return PartReport("abilities", part.index, part.text, part.reading)
    if not isinstance(hand, dict):
        shown = f"{_show(part.reading)}, an ability the scenario does not give"
        return PartReport("abilities", part.index, part.text, part.reading, "", "scenario", shown)
    return _one_ability(part.index, part.text, part.reading, hand)


def _keywords(card: Data, part: Part) -> PartReport:
    if part.unread is not None or part.reading is None:
        return PartReport(
            "keywords", 0, part.text, None, part.unread.in_language("en") if part.unread else "", "scenario"
        )
    read = part.reading["keywords"]
    if "keywords" not in card:
        card["keywords"] = read
        return PartReport("keywords", 0, part.text, part.reading)
    differs = "" if sorted(card["keywords"]) == sorted(read) else f"{read}; the scenario gives {card['keywords']}"
    return PartReport("keywords", 0, part.text, part.reading, "", "scenario", differs)


def _card_keys(key: str, card: Data, part: Part, problems: list[tuple[str, str]]) -> PartReport:
    given = {k: card[k] for k in _CARD_KEYS if k in card}
    if part.unread is not None:
        if not given:
            problems.append((f"cards.{key}.text", or_give(part.unread, msg("cards.give.card_effects"))))
        return PartReport("card", 0, part.text, None, part.unread.in_language("en"), "scenario")
    assert part.reading is not None
    if not given:
        card.update(copy.deepcopy(part.reading))
        return PartReport("card", 0, part.text, part.reading)
    mine = {k: v for k, v in copy.deepcopy(card).items() if k not in _CARD_KEYS and k != "text"}
    mine.update(copy.deepcopy(part.reading))
    hand = {k: v for k, v in card.items() if k != "text"}
    try:
        same = _CARD.validate_python(unlabel(mine)) == _CARD.validate_python(unlabel(hand))
    except ValueError as exc:
        return PartReport(
            "card", 0, part.text, part.reading, "", "scenario", f"as something the vocabulary rejects: {exc}"
        )
    differs = "" if same else f"{_show(part.reading)}; the scenario gives {_show(given)}"
    return PartReport("card", 0, part.text, part.reading, "", "scenario", differs)
