"""``judgekit new dice-castle --card NAME=TEXT``: dice-and-castle card tables from printed names and texts.

Each card is written with its printed text and its kind guessed from the text (a counter, a magic, a
unit as printed, a king's); the engine reads the structure when the scenario loads. What was read is written
under it as comments, and what the text does not print (a king's walls, attributes; a unit's lines it leaves
out) is asked for.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from judgekit.cards.printed import complete
from judgekit.cards.render import toml_value
from judgekit.cards.scenario_cards import reading_comments, say
from judgekit.i18n import N_
from judgekit.i18n import gettext as _
from rules_index.errors import JudgekitError

if TYPE_CHECKING:
    from judgekit.i18n import Language

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_TABLE = {
    "counter": {"type": "magic", "magic": "counter"},
    "magic": {"type": "magic", "magic": "normal"},
    "unit": {"type": "unit"},
    "king": {"type": "king"},
}
_ASK = {
    "counter": N_('cost = "火1" (its printed cost line): not in the card text, to be written'),
    "magic": N_('cost = "火1": not in the card text; magic = "field" for a field magic'),
    "unit": N_('cost = "火3", attack = …, hp = …: not in the card text; abilities = [{ name = …, text = "IN:…" }]'),
    "king": N_("attributes = […], walls = …: not in the card text, to be written"),
}


def card_tables(pairs: Sequence[tuple[str, str]], language: Language = "en") -> str:
    """The ``[cards.KEY]`` tables for (name, text) pairs, as TOML text, comments in ``language``; JudgekitError for
    unread text."""
    from judgekit.cards.dice_castle import guess_printed

    blocks: list[str] = []
    for name, text in pairs:
        kind = guess_printed(text)
        if kind not in _TABLE:
            message = _("--card {name}: the text reads as {kind}; write it under the card's abilities or cost")
            raise JudgekitError(message.format(name=name, kind=kind))
        table = {"name": name, **_TABLE[kind], "text": text}
        printed = complete("dice-castle", {"cards": {name: table}})
        if printed.problems:
            raise JudgekitError("\n".join(f"--card {name}: {what}" for _key, what in printed.problems))
        key = name if _BARE_KEY.fullmatch(name) else toml_value(name)
        lines = [f"[cards.{key}]", *(f"{k} = {toml_value(v)}" for k, v in table.items())]
        lines.append("# " + say(_ASK[kind], language))
        read = printed.data["cards"][name]
        lines += reading_comments("dice-castle", read, [k for k in read if k not in table], language)
        blocks.append("\n".join(lines) + "\n")
    return "\n".join(blocks)
