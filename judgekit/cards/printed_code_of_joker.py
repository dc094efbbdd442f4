"""Code of Joker cards a scenario gives by their printed text (see :mod:`judgekit.cards.printed`).

Three places hold printed text: the card's own ``text`` (a unit's keywords, effects and field effects; a
trigger's or intercept's timing and effect; a joker's effect), an effect's (``abilities[i].text``) and a
field effect's (``field[i].text``). What a part reads to fills the keys the scenario leaves out; where the
scenario gives them too, a difference is reported (what is given runs). An unread part stops loading
only when the scenario gives nothing in its place.
"""

from __future__ import annotations

from typing import Any

from judgekit.cards.errors import UnreadText, or_give
from judgekit.cards.printed import PartReport

Data = dict[str, Any]

_KEYS = {
    "unit": ("keywords", "dimension", "abilities", "field"),
    "evolution": ("keywords", "dimension", "abilities", "field"),
    "trigger": ("on", "of", "effects"),
    "intercept": ("on", "of", "effects"),
    "joker": ("effects",),
}
"""The keys of a card table its own text can give, by kind."""


def complete_card(key: str, card: Data, problems: list[tuple[str, str]]) -> list[PartReport]:
    """Fill ``card`` from its printed texts (in place) and say what became of each part."""
    from judgekit.cards import corpus_code_of_joker as corpus
    from judgekit.cards.code_of_joker import read_ability, read_card, read_field

    reports: list[PartReport] = []
    name = str(card.get("name") or key)
    kind = card.get("type")
    # Effects and field effects first: a card's own text is compared with them in place.
    for section, read_one, same, structure in (
        ("abilities", read_ability, corpus.same_ability, ("on", "effects")),
        ("field", read_field, corpus.same_field, ("bp", "keywords")),
    ):
        entries = card.get(section)
        if not isinstance(entries, list):
            continue
        for i, entry in enumerate(entries):
            own = entry.get("text") if isinstance(entry, dict) else None
            if not (isinstance(own, str) and own.strip()):
                continue
            bare = not any(k in entry for k in structure)
            try:
                found = read_one(own, name)
            except UnreadText as exc:
                if bare:
                    problems.append((f"cards.{key}.{section}[{i}].text", str(exc)))
                reports.append(PartReport(section, i, own, None, exc.in_language("en"), "scenario"))
                continue
            if bare:
                entry.update({k: v for k, v in found.items() if k not in entry})
                reports.append(PartReport(section, i, own, found))
                continue
            mine = {**{k: entry[k] for k in ("name", "pattern") if k in entry}, **found}
            differs = "" if _same(same, mine, entry) else _differs(found, entry, tuple(found))
            reports.append(PartReport(section, i, own, found, "", "scenario", differs))
    text = card.get("text")
    if isinstance(text, str) and text.strip() and kind in _KEYS:
        keys = _KEYS[kind]
        given = [k for k in keys if k in card]
        try:
            reading = read_card(text, kind, name)
        except UnreadText as exc:
            if not given:
                problems.append((f"cards.{key}.text", or_give(exc, ", ".join(keys))))
            reports.append(PartReport("card", 0, text, None, exc.in_language("en"), "scenario"))
        else:
            if not given:
                card.update(reading)
                reports.append(PartReport("card", 0, text, reading))
            else:
                differs = "" if _same(corpus.same_card, card, reading) else _differs(reading, card, keys)
                reports.append(PartReport("card", 0, text, reading, "", "scenario", differs))
    return reports


def _same(same: Any, a: Data, b: Data) -> bool:
    try:
        return bool(same(a, b))
    except ValueError:
        return False


def _differs(reading: Data, given: Data, keys: tuple[str, ...]) -> str:
    from judgekit.cards.render import toml_value

    shown = {k: given[k] for k in keys if k in given}
    return f"{toml_value(reading)}; the scenario gives {toml_value(shown)}"
