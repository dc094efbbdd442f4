"""What each card on a scenario's board says: the facts of its game that rulings turn on.

The trace's board snapshots give each card's numbers (HP, power, BP, damage…), markers and
attached cards as they are at a step; the card's printed facts (a Divine Cross unit's
attributes and advantage, an FFTCG card's type, element and cost, a Code of Joker unit's
colour) come from the card's definition in the scenario file, found by the snapshot's card key.
Each game's facts are a table here; names follow the rulebooks' own terms (Japanese first,
English beside, as everywhere on the site).
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

from judgekit.i18n import N_
from judgekit.site.i18n import UiText, ui


@dataclass(frozen=True, slots=True)
class Fact:
    """One fact of a card as the board shows it."""

    kind: str
    """What it is (a class name for the stylesheet and the tests): ``attribute``, ``advantage``,
    ``type``, ``element``, ``cost``, ``power``, ``state``, ``action``, ``colour``…"""
    label: UiText
    """Its name in both languages (``属性`` / ``attribute``)."""
    value: str
    """Its value as shown (Japanese terms as the rulebook prints them)."""


WORDS: dict[str, str] = {
    # Divine Cross attributes (属性)
    "red": "赤",
    "blue": "青",
    "green": "緑",
    "yellow": "黄",
    "purple": "紫",
    "colorless": "無色",  # Code of Joker
    "white": "白",
    "black": "黒",
    # FFTCG card types and elements
    "forward": "フォワード",
    "backup": "バックアップ",
    "summon": "召喚獣",
    "monster": "モンスター",
    "fire": "火",
    "ice": "氷",
    "wind": "風",
    "earth": "土",
    "lightning": "雷",
    "water": "水",
    "light": "光",
    "dark": "闇",
    # Divine Cross and Code of Joker card types
    "unit": "ユニット",
    "command": "コマンド",
    "assist": "アシスト",
    "intercept": "インターセプト",
    "magic": "マジック",
    "king": "キング",
}
"""Values of card definitions (as scenario files write them) → the rulebook's word."""

NUMBERS: dict[str, str] = {
    "hp": N_("HP"),
    "damage": N_("damage"),
    "power": N_("power"),
    "bp": N_("BP"),
    "lv": N_("level"),
    "attack": N_("attack"),
    "die": N_("die"),
    "pips": N_("pips"),
}
"""Snapshot numbers → their names (message ids)."""

COUNTERS: dict[str, str] = {
    "cp": N_("CP"),
    "lp": N_("LP"),
    "gauge": N_("joker gauge"),
    "crystals": N_("crystals"),
    "walls": N_("walls"),
    "winning_ticket": N_("winning ticket"),
}
"""A player's counters on the board → their names (message ids)."""

MARKERS: dict[str, str] = {
    "damage": N_("damage"),
    "stun": N_("stun"),
    "time": N_("time"),
    "poison": N_("poison"),
    "reward": N_("reward"),
    "deal": N_("deal"),
    "all": N_("all"),
    "restricted": N_("attack restricted"),
}
"""Snapshot markers → their names (message ids); ``counter:NAME`` is NAME's counter."""

ROLES: dict[str, str] = {"energy": N_("energy"), "assist": N_("assist")}
"""How a card is attached → its name (message id)."""

_STATES = frozenset(["dull", "frozen", "acted"])
"""Markers the board shows as a card's state rather than as a count."""


def word(value: object) -> str:
    """A definition's value in the rulebook's word (``green`` → ``緑``), or as written."""
    text = str(value)
    return WORDS.get(text.lower(), text)


def _listed(value: object) -> str:
    items = value if isinstance(value, list) else [value]
    return "・".join(word(v) for v in items)


def card_facts(game: str, definition: Mapping[str, Any], markers: Mapping[str, int], zone: str) -> tuple[Fact, ...]:
    """The facts a ruling turns on for a card of ``game``: printed ones from its definition,
    its state from the snapshot's markers (``zone`` is where it lies)."""
    facts: list[Fact] = []

    def add(kind: str, label: str, value: object) -> None:
        if value is None or value == "" or value == []:
            return
        facts.append(Fact(kind, ui(label), word(value) if isinstance(value, str) else _listed(value)))

    kind = str(definition.get("type", ""))
    if game == "divine-cross":
        if kind and kind != "unit":
            add("type", N_("type"), word(definition.get("command") or kind))
        add("attribute", N_("attribute"), definition.get("attributes"))
        add("advantage", N_("advantage"), definition.get("advantage"))
    elif game == "fftcg":
        add("type", N_("type"), word(kind) if kind else None)
        add("element", N_("element"), definition.get("elements"))
        add("cost", N_("cost"), str(definition["cost"]) if "cost" in definition else None)
        if zone == "field":
            add("state", N_("state"), "ダル" if markers.get("dull") else "アクティブ")
            if markers.get("frozen"):
                add("frozen", N_("state"), "凍結")
    elif game == "code-of-joker":
        add("type", N_("type"), word(kind) if kind else None)
        add("colour", N_("colour"), definition.get("color"))
        add("cost", N_("cost"), str(definition["cost"]) if "cost" in definition else None)
        if zone == "field":
            add("action", N_("action right"), "行動済み" if markers.get("acted") else "あり")
    elif game == "dice-castle":
        add("type", N_("type"), word(kind) if kind else None)
        add("attribute", N_("attribute"), definition.get("attributes"))
    return tuple(facts)


@functools.cache
def number_label(name: str) -> UiText:
    """A snapshot number's name in both languages."""
    message = NUMBERS.get(name.lower())
    return ui(message) if message else UiText(name, name)


@functools.cache
def counter_label(name: str) -> UiText:
    """A player's counter's name in both languages (``gauge`` → ジョーカーゲージ)."""
    message = COUNTERS.get(name.lower())
    return ui(message) if message else UiText(name, name)


@functools.cache
def marker_label(name: str) -> UiText:
    """A snapshot marker's name in both languages (``counter:デジョン`` → デジョン counter)."""
    if name.startswith("counter:"):
        return ui("{name} counter", name=name.split(":", 1)[1])
    message = MARKERS.get(name)
    return ui(message) if message else UiText(name, name)


@functools.cache
def role_label(role: str) -> UiText:
    """How an attached card is attached, in both languages."""
    message = ROLES.get(role)
    return ui(message) if message else UiText(role, role)


def shown_markers(markers: tuple[tuple[str, int], ...]) -> tuple[tuple[UiText, int], ...]:
    """The markers the board counts (states are facts instead)."""
    return tuple((marker_label(k), v) for k, v in markers if k not in _STATES)


def card_definitions(path: Path | None) -> dict[str, dict[str, Any]]:
    """The scenario file's card definitions by key (empty when there is no file or no table)."""
    if path is None or not path.is_file():
        return {}
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError):
        return {}
    cards = data.get("cards", {})
    return {str(k): v for k, v in cards.items() if isinstance(v, dict)} if isinstance(cards, dict) else {}


def drawn_once() -> Callable[..., Markup]:
    """The templates' ``drawn(macro, value)``: ``macro(value)``, drawn once per build for each value and page
    language, and the same markup given again after that.

    A trace's boards follow one another: most of a step's zones and cards are the previous step's, as the
    drawings of them (frozen, compared by what they show) say, so each is drawn once. A drawing depends only on
    its value and the page's language (``attr`` writes the page's language first; every other word is in both).
    """
    drawn: dict[tuple[str, Hashable, object], Markup] = {}

    @jinja2.pass_context
    def draw(context: jinja2.runtime.Context, macro: jinja2.runtime.Macro, value: Hashable) -> Markup:
        key = (macro.name, value, context.get("ui_lang"))
        found = drawn.get(key)
        if found is None:
            found = drawn[key] = Markup(macro(value))
        return found

    return draw
