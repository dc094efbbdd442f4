"""dice-and-castle cards a scenario gives by their printed text (see :mod:`judgekit.cards.printed`).

A card's own ``text`` (a magic's effect, a counter's, a unit's cost lines and automatic abilities, a
king's rule changes), an ability's (``abilities[i].text``), and a cost written as its printed line
(``cost = "火2水1"``, also ``extra_cost`` and ``optional_cost``). What a part reads to fills the keys the
scenario leaves out; where the scenario gives them too, a difference is reported (what is given runs).
An unread part stops loading only when the scenario gives nothing in its place.
"""

from __future__ import annotations

from typing import Any

from judgekit.cards.errors import UnreadText
from judgekit.cards.printed import PartReport

Data = dict[str, Any]

_KEYS = {
    "magic": ("targets", "joined", "effects"),
    "counter": ("counter",),
    "unit": ("extra_cost", "optional_cost", "optional_effects", "statics", "attacks", "limited"),
    "king": ("statics", "evolution", "limited"),
}
"""The keys of a card table its own text can give, by what it is printed on."""


def complete_card(key: str, card: Data, problems: list[tuple[str, str]]) -> list[PartReport]:
    """Fill ``card`` from its printed texts (in place) and say what became of each part."""
    from judgekit.cards import corpus_dice_castle as corpus
    from judgekit.cards.dice_castle import printed_kind, read_ability, read_card, read_cost_line

    reports: list[PartReport] = []
    name = str(card.get("name") or key)
    for field in ("cost", "extra_cost", "optional_cost"):
        line = card.get(field)
        if isinstance(line, str):
            try:
                card[field] = read_cost_line(line, name)
            except UnreadText as exc:
                problems.append((f"cards.{key}.{field}", f"{exc}; or write it as a table {{ fire = 2 }}"))
                continue
            reports.append(PartReport(field, 0, line, card[field]))
    entries = card.get("abilities")
    for i, entry in enumerate(entries if isinstance(entries, list) else []):
        own = entry.get("text") if isinstance(entry, dict) else None
        if not (isinstance(own, str) and own.strip()):
            continue
        bare = not any(k in entry for k in ("effects", "cost", "timing"))
        try:
            found = read_ability(own, name)
        except UnreadText as exc:
            if bare:
                problems.append((f"cards.{key}.abilities[{i}].text", f"{exc}"))
            reports.append(PartReport("abilities", i, own, None, str(exc), "scenario"))
            continue
        if bare:
            entry.update({k: v for k, v in found.items() if k not in entry})
            reports.append(PartReport("abilities", i, own, found))
            continue
        same = _safe(corpus.same_ability, corpus.with_names(found, entry), entry)
        reports.append(PartReport("abilities", i, own, found, "", "scenario", "" if same else _differs(found, entry)))
    text = card.get("text")
    if isinstance(text, str) and text.strip() and card.get("type") in ("unit", "king", "magic"):
        keys = _KEYS[printed_kind(card)]
        given = [k for k in keys if k in card]
        try:
            reading = read_card(text, printed_kind(card), name)
        except UnreadText as exc:
            if not given:
                problems.append((f"cards.{key}.text", f"{exc}; or give {', '.join(keys)} in the vocabulary"))
            reports.append(PartReport("card", 0, text, None, str(exc), "scenario"))
        else:
            if not given:
                card.update(reading)
                reports.append(PartReport("card", 0, text, reading))
            else:
                same = _safe(corpus.same_card, card, reading)
                reports.append(
                    PartReport("card", 0, text, reading, "", "scenario", "" if same else _differs(reading, card))
                )
    return reports


def _safe(same: Any, a: Data, b: Data) -> bool:
    try:
        return bool(same(a, b))
    except ValueError:
        return False


def _differs(reading: Data, given: Data) -> str:
    from judgekit.cards.render import toml_value

    shown = {k: given[k] for k in reading if k in given}
    return f"{toml_value(reading)}; the scenario gives {toml_value(shown)}"
