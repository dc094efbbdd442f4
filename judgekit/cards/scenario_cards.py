"""``judgekit new --card NAME=TEXT``: card tables for a new scenario, from printed names and texts.

Each card is written with its printed text; the engine reads the structure from it when the scenario
loads (:mod:`judgekit.cards.printed`). What was read is written under it as comments, so the judge
can confirm the reading (or copy a part and correct it) before relying on it. A text the reader
cannot read is refused here, naming the phrase, so nothing half-read is written.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from judgekit.cards.printed import READERS, complete
from judgekit.cards.render import toml_value
from rules_index.errors import JudgekitError

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


class CardOptionError(JudgekitError):
    """A ``--card`` that cannot be written into a scenario."""


def parse_card_option(value: str) -> tuple[str, str]:
    """``NAME=TEXT`` → (name, text)."""
    name, sep, text = value.partition("=")
    if not sep or not name.strip() or not text.strip():
        raise CardOptionError(f"--card {value!r}: expected NAME=TEXT (the card's printed name, then its text)")
    return name.strip(), text.strip()


def card_tables(game: str, options: Sequence[str]) -> str:
    """The ``[cards.KEY]`` tables for ``options`` (each ``NAME=TEXT``), as TOML text."""
    if game not in READERS:
        raise CardOptionError(f"--card: no reader of {game}'s card text yet (readers: {', '.join(READERS)})")
    if game == "fftcg":
        from judgekit.cards import scenario_cards_fftcg

        pairs = [parse_card_option(value) for value in options]
        names = [n for n, _ in pairs]
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            raise CardOptionError(f"--card {twice[0]}: given twice")
        keys = {n: n if _BARE_KEY.fullmatch(n) else toml_value(n) for n in names}
        try:
            return "\n".join(scenario_cards_fftcg.card_tables(pairs, keys))
        except ValueError as exc:
            raise CardOptionError(str(exc)) from None
    if game in ("code-of-joker", "dice-castle"):
        from judgekit.cards import scenario_cards_code_of_joker, scenario_cards_dice_castle

        pairs = [parse_card_option(value) for value in options]
        names = [n for n, _ in pairs]
        if len(set(names)) != len(names):
            raise CardOptionError(f"--card {next(n for n in names if names.count(n) > 1)}: given twice")
        write = (
            scenario_cards_code_of_joker.card_tables
            if game == "code-of-joker"
            else scenario_cards_dice_castle.card_tables
        )
        try:
            return write(pairs)
        except JudgekitError as exc:
            raise CardOptionError(str(exc)) from None
    from judgekit.cards.divine_cross import guess_kind

    blocks: list[str] = []
    seen: set[str] = set()
    for value in options:
        name, text = parse_card_option(value)
        if name in seen:
            raise CardOptionError(f"--card {name}: given twice")
        seen.add(name)
        kind = guess_kind(text)
        table = {"name": name, "type": "unit" if kind == "unit" else "command", "text": text}
        if kind != "unit":
            table["command"] = kind
        printed = complete(game, {"cards": {name: table}})
        if printed.problems:
            raise CardOptionError("\n".join(f"--card {name}: {what}" for _key, what in printed.problems))
        key = name if _BARE_KEY.fullmatch(name) else toml_value(name)
        lines = [f"[cards.{key}]"]
        lines += [f"{k} = {toml_value(v)}" for k, v in table.items()]
        if kind == "event":
            lines.append("# the text reads as an event's or an action's: write command = \"action\" for an action")
        if kind == "unit":
            lines.append("# hp = …, attributes = […], advantage = […]: not in the card text, to be written")
        lines.append("# read from the text (the engine reads it when the scenario loads; a part written here wins):")
        read = printed.data["cards"][name]
        for section in ("skills", "ex", "effects"):
            if section in read:
                lines.append(f"# {section} = {toml_value(read[section])}")
        blocks.append("\n".join(lines) + "\n")
    return "\n".join(blocks)
