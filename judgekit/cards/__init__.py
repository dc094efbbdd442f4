"""Cards from their printed text: readers of each game's card text, built on lark grammars.

``grammar_common.lark`` holds the building blocks every game shares (numbers, players, zones,
counters, quoted names, card nouns); each game's grammar imports them. What a reader cannot
read is never guessed: it raises :class:`UnreadText` naming the phrase, its position and the card.
"""

from __future__ import annotations

from judgekit.cards.errors import UnreadText

__all__ = ["UnreadText"]
