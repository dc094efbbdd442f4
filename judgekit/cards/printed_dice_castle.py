"""dice-and-castle cards a scenario gives by their printed text (see :mod:`judgekit.cards.printed`).

A card's own ``text`` (a magic's effect, a counter's, a king's rule changes; a unit as printed, line by
line: its cost line, attack and HP, 追加コスト, 任意コスト, 軽減, 回避, N回攻撃, and its IN:/OUT:/other abilities),
an ability's (``abilities[i].text``), and a cost written as its printed line (``cost = "火2水1"``, also
``extra_cost`` and ``optional_cost``). What a part reads to fills the keys the scenario leaves out; where
the scenario gives them too, a difference is reported (what is given runs). An unread part stops loading
only when the scenario gives nothing in its place; a unit's other lines still come from the text.
"""

from __future__ import annotations

from typing import Any

from judgekit.cards.errors import UnreadText, or_give, said
from judgekit.cards.printed import PartReport
from judgekit.message import msg

Data = dict[str, Any]

_KEYS = {
    "magic": ("targets", "joined", "effects"),
    "counter": ("counter",),
    "unit": ("extra_cost", "optional_cost", "optional_effects", "statics", "attacks", "limited"),
    "king": ("statics", "evolution", "in_deck", "limited"),
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
                table = msg("cards.or_table", unread=exc.message, example="{ fire = 2 }")
                problems.append((f"cards.{key}.{field}", said(table)))
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
                problems.append((f"cards.{key}.abilities[{i}].text", str(exc)))
            reports.append(PartReport("abilities", i, own, None, exc.in_language("en"), "scenario"))
            continue
        if bare:
            entry.update({k: v for k, v in found.items() if k not in entry})
            reports.append(PartReport("abilities", i, own, found))
            continue
        same = _safe(corpus.same_ability, corpus.with_names(found, entry), entry)
        reports.append(PartReport("abilities", i, own, found, "", "scenario", "" if same else _differs(found, entry)))
    text = card.get("text")
    if isinstance(text, str) and text.strip() and card.get("type") == "unit":
        return reports + _unit(key, card, text, name, problems)
    if isinstance(text, str) and text.strip() and card.get("type") in ("king", "magic"):
        keys = _KEYS[printed_kind(card)]
        given = [k for k in keys if k in card]
        try:
            reading = read_card(text, printed_kind(card), name)
        except UnreadText as exc:
            if not given:
                problems.append((f"cards.{key}.text", or_give(exc, ", ".join(keys))))
            reports.append(PartReport("card", 0, text, None, exc.in_language("en"), "scenario"))
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


def _unit(key: str, card: Data, text: str, name: str, problems: list[tuple[str, str]]) -> list[PartReport]:
    """A unit's text, line by line: each read line fills the keys the table leaves out, or is compared with
    them; an unread line stops loading unless the table gives what it was meant to give."""
    from judgekit.cards import corpus_dice_castle as corpus
    from judgekit.cards.dice_castle_unit import UNIT_LINE_KEYS, merge_unit, read_unit_parts

    given = dict(card)
    parts = read_unit_parts(text, name)
    reports: list[PartReport] = []
    blocked: set[str] = set()
    for p in parts:
        if p.unread is None:
            continue
        keys = p.holds
        blocked.update(keys)
        if not any(k in given and not (k == "abilities" and all(map(_bare, given[k]))) for k in keys):
            problems.append((f"cards.{key}.text", or_give(p.unread, ", ".join(keys))))
    if blocked & set(UNIT_LINE_KEYS):
        blocked.update(UNIT_LINE_KEYS)
    reading = {k: v for k, v in merge_unit([p.reading for p in parts if p.reading]).items() if k not in blocked}
    hands = given.get("abilities")
    if isinstance(hands, list) and len(hands) == len(reading.get("abilities", ())) > 0 and all(map(_bare, hands)):
        # abilities given by their names only: the text gives the rest, the table's name is theirs
        card["abilities"] = [{**a, **h} for a, h in zip(reading["abilities"], hands, strict=True)]
        del given["abilities"]
    for k, v in reading.items():
        if k not in given and k not in card:
            card[k] = v
    try:
        differing = set(corpus.card_differences(given, reading, skip=blocked))
    except ValueError as exc:
        differing, rejected = set(reading), str(exc)
    else:
        rejected = ""
    hands = given.get("abilities") if isinstance(given.get("abilities"), list) else None
    read_abilities = reading.get("abilities", [])
    at = 0  # the next ability's place among those the text prints
    told: set[str] = set()  # a whole-list key (statics, the abilities' count) is reported on its first line
    for p in parts:
        if p.unread is not None or p.reading is None:
            reports.append(
                PartReport("card", p.index, p.text, None, p.unread.in_language("en") if p.unread else "", "scenario")
            )
            continue
        mine = [k for k in p.reading if k not in blocked]
        source = "scenario" if any(k in given for k in mine) or len(mine) < len(p.reading) else "text"
        notes: list[str] = []
        wrong = [k for k in mine if k in differing and k in given and k not in ("abilities", "statics")]
        if wrong and rejected:
            notes.append(f"as something the vocabulary rejects: {rejected}")
        elif wrong:
            notes.append(_differs({k: reading[k] for k in wrong}, given))
        if "statics" in mine and "statics" in differing and "statics" in given and "statics" not in told:
            told.add("statics")
            notes.append(_differs({"statics": reading["statics"]}, given))
        if "abilities" in mine and hands is not None:
            notes += _abilities_differ(p.reading["abilities"], at, read_abilities, hands, told)
        at += len(p.reading.get("abilities", []))
        reports.append(PartReport("card", p.index, p.text, p.reading, "", source, "; and ".join(notes)))
    held = {k for p in parts if p.reading for k in p.reading}
    unsaid = sorted(k for k in differing if k in given and k not in held)
    if unsaid:  # a unit line the text does not print (no 軽減: none) that the table gives
        shown = {k: reading.get(k, corpus.printed_default(k)) for k in unsaid}
        reports.append(PartReport("card", len(parts), text, reading, "", "scenario", _differs(shown, given)))
    return reports


def _bare(entry: Any) -> bool:
    """An ability table that gives no structure (its name, perhaps its text)."""
    return isinstance(entry, dict) and not any(k in entry for k in ("effects", "cost", "timing", "once_per_turn"))


def _abilities_differ(line: list[Data], at: int, read: list[Data], hands: list[Any], told: set[str]) -> list[str]:
    """How the abilities of one line (the text's ``at``-th on) differ from the table's in the same places, each
    under the table's name; or, once, that the text prints another number of abilities."""
    from judgekit.cards import corpus_dice_castle as corpus
    from judgekit.cards.render import toml_value

    if len(read) != len(hands):
        if "abilities" in told:
            return []
        told.add("abilities")
        return [f"{len(read)} abilities; the scenario gives {len(hands)}"]
    notes: list[str] = []
    for i, ability in enumerate(line, start=at):
        hand = hands[i] if isinstance(hands[i], dict) else {}
        named = {"name": hand.get("name", ""), **{k: v for k, v in ability.items() if k not in ("text", "name")}}
        if not _safe(corpus.same_ability, named, hand):
            shown = {k: v for k, v in hand.items() if k != "text"}
            notes.append(f"{toml_value(named)}; the scenario gives abilities[{i}] = {toml_value(shown)}")
    return notes


def _safe(same: Any, a: Data, b: Data) -> bool:
    try:
        return bool(same(a, b))
    except ValueError:
        return False


def _differs(reading: Data, given: Data) -> str:
    from judgekit.cards.render import toml_value

    shown = {k: given[k] for k in reading if k in given}
    return f"{toml_value(reading)}; the scenario gives {toml_value(shown)}"
