"""The error a card-text reader raises for text it cannot read, and its sentences as data.

The error's message is a message id with its parameters (catalog ``engine-cards``, ids ``cards.*``), rendered in
the command line's language when it is shown: the phrase, where it starts, the text and the card, and the reader's
reason. A reader's reason is a message too (:func:`reason`, :func:`stopped_at`, :func:`name_hint`: a :class:`Reason`,
a string in English that carries its message; ids ``cards.reason.<game>.*``); a reason given as a plain string is
shown as written, in every language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judgekit.message import Message, Sentence, msg
from rules_index.errors import JudgekitError

if TYPE_CHECKING:
    from judgekit.i18n import Language


class Reason(str):
    """A reader's reason as a message: the string is its English, :attr:`message` the data."""

    message: Message
    """The reason as a message id with its parameters."""

    def __new__(cls, message: Message) -> Reason:
        made = super().__new__(cls, said(message, "en"))
        made.message = message
        return made

    def __getnewargs__(self) -> tuple[Message]:  # type: ignore[override]
        return (self.message,)


def reason(message_id: str, **args: object) -> Reason:
    """A reader's reason: the message ``message_id`` (``cards.reason.<game>.<name>``) with its parameters (a value
    that is not a string, a number or a tuple of them is given as its ``str``, as the reader's f-string showed it)."""
    return Reason(msg(message_id, **{k: v if isinstance(v, str | int | tuple) else str(v) for k, v in args.items()}))


def both(first: str, then: Reason) -> Reason:
    """Two reasons as one (``first``; ``then``)."""
    return Reason(msg("cards.and", a=_reason(first), b=then.message))


class Said(str):
    """A message as said in one language, keeping the message (:attr:`message`)."""

    message: Message
    """The message said."""

    def __new__(cls, text: str, message: Message) -> Said:
        made = super().__new__(cls, text)
        made.message = message
        return made

    def __getnewargs__(self) -> tuple[str, Message]:  # type: ignore[override]
        return (str(self), self.message)


def in_each(text: str, language: Language) -> str:
    """``text`` in ``language`` when it is a :class:`Said` or :class:`Reason` (a message), else as it is."""
    found = getattr(text, "message", None)
    return said(found, language) if isinstance(found, Message) else text


def stopped_at(at: str) -> Reason:
    """The reason of a parse that stopped: the text from where the reading stopped (「…」)."""
    return Reason(msg("cards.stopped_at", at=at))


def name_hint() -> Reason:
    """The hint for a text that may name its own card and was read without the card's name."""
    return Reason(msg("cards.name_hint"))


def _reason(why: str) -> Sentence:
    """A reason as its message (a :class:`Reason`), or as the plain string it is."""
    return why.message if isinstance(why, Reason) else why


def said(sentence: Sentence, language: Language | None = None) -> str:
    """``sentence`` in ``language`` (the command line's, by default)."""
    from judgekit.language import cli_language
    from judgekit.render.sentences import render

    return render(sentence, language or cli_language())


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
        """Why the phrase could not be read, when the reader knows (it parsed, but the vocabulary cannot hold it):
        a :class:`Reason`, or the reader's own words."""
        super().__init__(said(self.message, "en"))

    def __reduce__(self) -> tuple[type[UnreadText], tuple[str, int, str, str, str]]:
        """Pickled as its values (a site build's worker sends it back whole)."""
        return (UnreadText, (self.text, self.position, self.phrase, self.card, self.why))

    @property
    def message(self) -> Message:
        """The error as data: ``cards.unread`` (``cards.unread_card`` naming the card), with its parameters."""
        values = {"phrase": self.phrase, "position": self.position + 1, "text": self.text}
        why = msg("cards.why", why=_reason(self.why)) if self.why else ""
        if self.card:
            return msg("cards.unread_card", card=self.card, why=why, **values)
        return msg("cards.unread", why=why, **values)

    def in_language(self, language: Language) -> str:
        """The message in ``language`` (a :class:`Said`: the string keeps its message, so what holds it — a
        card's report on the site — can show it in another language)."""
        return Said(said(self.message, language), self.message)

    def __str__(self) -> str:
        """The message in the command line's language (read when shown, so a process that changes its language
        shows each error in the language of the moment)."""
        return said(self.message)


def or_give(unread: UnreadText | Message, give: str | Message) -> str:
    """A problem of a scenario's card: what could not be read, and what to write instead, in the command line's
    language; ``give`` is the vocabulary's key(s) as the scenario writes them, or a message saying what."""
    what = unread.message if isinstance(unread, UnreadText) else unread
    return said(msg("cards.or_give", unread=what, give=give))
