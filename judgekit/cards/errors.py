"""The error a card-text reader raises for text it cannot read."""

from __future__ import annotations

from rules_index.errors import JudgekitError


class UnreadText(JudgekitError):
    """Card text the reader could not read: the phrase, where it starts in the text, and the card."""

    def __init__(self, text: str, position: int, phrase: str, card: str = "", why: str = "") -> None:
        self.text = text
        """The whole text given to the reader."""
        self.position = position
        """Where the unread phrase starts in ``text`` (0-based, in characters)."""
        self.phrase = phrase
        """The phrase that could not be read (up to the end of its sentence)."""
        self.card = card
        """The card (its name or key), or empty when not known."""
        self.why = why
        """Why the phrase could not be read, when the reader knows (it parsed, but the vocabulary cannot hold it)."""
        where = f"card {card}: " if card else ""
        msg = f"{where}could not read 「{phrase}」 at character {position + 1} of 「{text}」"
        if why:
            msg += f" ({why})"
        super().__init__(msg + "; write this part in the effect vocabulary")
