"""``judgekit new code-of-joker --card NAME=TEXT``: Code of Joker card tables from printed names and texts.

Each card is written with its printed text and a ``type`` guessed from it; the engine reads the
structure when the scenario loads. What was read is written under it as comments, and what the text
does not print (colour, CP, BP, a joker's gauge) is asked for in a comment.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from judgekit.cards.printed import complete
from judgekit.cards.render import toml_value
from judgekit.cards.scenario_cards import reading_comments, say
from judgekit.i18n import N_
from rules_index.errors import JudgekitError

if TYPE_CHECKING:
    from judgekit.i18n import Language

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_ASK = {
    "unit": N_("color = …, cost = …, bp = [L1, L2, L3]: not in the card text, to be written (an evolution: type)"),
    "trigger": N_('color = …: not in the card text; an intercept reads the same: type = "intercept" and its cost'),
    "joker": N_("cost = …, gauge = …: not in the card text, to be written"),
}
_SECTIONS = ("keywords", "dimension", "abilities", "field", "on", "of", "effects")


def card_tables(pairs: Sequence[tuple[str, str]], language: Language = "en") -> str:
    """The ``[cards.KEY]`` tables for (name, text) pairs, as TOML text, comments in ``language``; JudgekitError for
    unread text."""
    from judgekit.cards.code_of_joker import guess_type

    blocks: list[str] = []
    for name, text in pairs:
        kind = guess_type(text)
        table = {"name": name, "type": kind, "text": text}
        printed = complete("code-of-joker", {"cards": {name: table}})
        if printed.problems:
            raise JudgekitError("\n".join(f"--card {name}: {what}" for _key, what in printed.problems))
        key = name if _BARE_KEY.fullmatch(name) else toml_value(name)
        lines = [f"[cards.{key}]", *(f"{k} = {toml_value(v)}" for k, v in table.items())]
        lines.append("# " + say(_ASK[kind], language))
        lines += reading_comments("code-of-joker", printed.data["cards"][name], _SECTIONS, language)
        blocks.append("\n".join(lines) + "\n")
    return "\n".join(blocks)
