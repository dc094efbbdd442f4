"""A dice-and-castle unit's printed text read line by line (:func:`read_unit_parts`), and its lines' readings
merged into one card table (:func:`merge_unit`), abilities named (:func:`ability_name`: names are not printed).

A unit's lines are its cost line, its stats (攻撃2 HP2), its abilities (IN:…, OUT:…, コスト能力:…) and its own
lines (追加コスト, 任意コスト, 軽減, 回避, N回攻撃, 制限), each read from the grammar's ``unit_card`` start by
:mod:`judgekit.cards.dice_castle`; a line unread leaves the others read, and names its phrase with its position
in the whole text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from judgekit.cards.dice_castle import Data, _parse, normalize
from judgekit.cards.errors import UnreadText, reason
from judgekit.cards.lalr import unread_at

_fail = unread_at


@dataclass(frozen=True, slots=True)
class Part:
    """One line of a unit's printed text, read or not."""

    index: int
    """Its place among the text's lines (blank lines aside)."""
    text: str
    """The line as printed."""
    reading: Data | None
    """The card-table keys it gives (``cost``, ``attack``, ``abilities``, …); None when unread."""
    unread: UnreadText | None
    """Why it is unread (the phrase and its position in the whole text), else None."""

    @property
    def holds(self) -> tuple[str, ...]:
        """The card-table keys this line gives, read or not (an unread line's by how it begins)."""
        if self.reading is not None:
            return tuple(self.reading)
        line = normalize(self.text)
        for pattern, keys in _LINE_KEYS:
            if pattern.match(line):
                return keys
        return UNIT_LINE_KEYS


UNIT_LINE_KEYS = ("extra_cost", "optional_cost", "optional_effects", "statics", "attacks", "limited")
"""The keys a unit's own lines (追加コスト, 任意コスト, 軽減, 回避, N回攻撃, 制限) give: stated by any unit text (a
text that prints none of them says the unit has none)."""
_LINE_KEYS: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    (re.compile(r"(IN|OUT|ターン|城壁が破壊された時|コスト能力|テイク|[ァ-ヶー]+\()"), ("abilities",)),
    (re.compile(r"コスト"), ("cost",)),
    (re.compile(r"(攻撃|HP)"), ("attack", "hp")),
    (re.compile(r"属性"), ("attributes",)),
)
"""What an unread line was meant to give, by how it begins: an ability, the cost line, the stats."""
_TIMING_NAME = {"in": "IN", "out": "OUT", "turn_end": "ターン終了時", "wall_destroyed": "城壁が破壊された時"}


def ability_name(ability: Data) -> str:
    """The name an ability read from a unit's text goes by (names are not printed): its cost's name for a
    composite or テイク ability (リゲイン, テイク), ターン1, コスト能力, else its timing (IN, OUT)."""
    cost = ability.get("cost") or {}
    if cost.get("name"):
        return str(cost["name"])
    if ability.get("once_per_turn"):
        return "ターン1"
    if "timing" not in ability:
        return "コスト能力"
    return _TIMING_NAME[ability["timing"]]


def _named(abilities: list[Data]) -> list[Data]:
    """Abilities named by :func:`ability_name`, those sharing a name numbered in order (OUT1, OUT2)."""
    names = [ability_name(a) for a in abilities]
    seen: dict[str, int] = {}
    out: list[Data] = []
    for name, ability in zip(names, abilities, strict=True):
        if names.count(name) > 1:
            seen[name] = seen.get(name, 0) + 1
            name = f"{name}{seen[name]}"
        out.append({"name": name, **ability})
    return out


def read_unit_parts(text: str, card: str = "") -> list[Part]:
    """A unit's printed text line by line (a line unread leaves the others read); abilities keep their line."""
    lines = [line for line in text.splitlines() if normalize(line)]
    whole = "".join(normalize(line) for line in lines)
    parts: list[Part] = []
    offset = 0
    seen: set[str] = set()
    for i, line in enumerate(lines):
        body = normalize(line)
        try:
            reading: Data = _parse(body, "unit_card", card)
            twice = sorted(k for k in reading if k in seen and k not in ("statics", "abilities"))
            if twice:
                raise _fail(body, 0, card, reason("cards.reason.dice.unit_prints_what_twice", what=str(twice[0])))
        except UnreadText as exc:
            moved = UnreadText(whole, offset + exc.position, exc.phrase, exc.card, exc.why)
            parts.append(Part(i, line, None, moved))
        else:
            seen.update(reading)
            if set(reading) == {"abilities"} and len(reading["abilities"]) == 1:  # the line is the ability's text
                reading["abilities"] = [{**reading["abilities"][0], "text": line.strip()}]
            parts.append(Part(i, line, reading, None))
        offset += len(body)
    return parts


def merge_unit(readings: list[Data]) -> Data:
    """The card-table keys of a unit's lines as read (:func:`read_unit_parts`: no key twice), in one table,
    abilities named, in order."""
    out: Data = {}
    for reading in readings:
        for key, value in reading.items():
            if key in ("statics", "abilities"):
                out.setdefault(key, []).extend(value)
            else:
                out[key] = value
    if "abilities" in out:
        out["abilities"] = _named(out["abilities"])
    return out
