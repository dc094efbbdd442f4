"""``judgekit new fftcg NAME --card NAME=TEXT``: FFTCG card tables for a new scenario, from printed names and texts.

As for the other games (:mod:`judgekit.cards.scenario_cards`): each card is written with its printed text, what
was read under it as comments, and a text the reader cannot read is refused naming the phrase.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from judgekit.cards.fftcg import guess_type
from judgekit.cards.printed import complete
from judgekit.cards.render import toml_value
from judgekit.cards.scenario_cards import reading_comments, say
from judgekit.i18n import N_

if TYPE_CHECKING:
    from judgekit.i18n import Language

_SUMMON = (
    N_('the text reads as a summon\'s: write type = "forward", "backup" or "monster" for a character'),
    N_("elements = […], cost = …: not in the card text, to be written"),
)
_CHARACTER = (
    N_('read as a character: type = "forward" (or "backup", "monster"); elements = […], cost = …,'),
    N_("power = … (a forward): not in the card text, to be written"),
)
_SECTIONS = ("keywords", "x", "choose", "effects", "modes", "pick", "options", "reads", "replaces", "abilities")


def card_tables(options: Sequence[tuple[str, str]], key_of: dict[str, str], language: Language = "en") -> list[str]:
    """The ``[cards.KEY]`` blocks for ``(name, text)`` pairs; ``key_of`` gives each name's table key; comments in
    ``language``.

    Raises ValueError naming every card whose text cannot be read (the caller turns it into its error)."""
    blocks: list[str] = []
    for name, text in options:
        card_type = guess_type(text)
        table = {"name": name, "type": card_type, "text": text}
        printed = complete("fftcg", {"cards": {name: table}})
        if printed.problems:
            raise ValueError("\n".join(f"--card {name}: {what}" for _key, what in printed.problems))
        lines = [f"[cards.{key_of[name]}]"]
        lines += [f"{k} = {toml_value(v)}" for k, v in table.items()]
        lines += ["# " + say(c, language) for c in (_SUMMON if card_type == "summon" else _CHARACTER)]
        lines += reading_comments("fftcg", printed.data["cards"][name], _SECTIONS, language)
        blocks.append("\n".join(lines) + "\n")
    return blocks
