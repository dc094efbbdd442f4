"""``judgekit card GAME TEXT``: read a card's printed text and print what was read.

Prints the reading as TOML keys ready to paste into a scenario's ``[cards.KEY]`` table, and as
plain sentences, so a judge can confirm it before relying on it. Text the reader cannot read
exits 2 naming the phrase and where it is; nothing is guessed.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer

from judgekit.cards import code_of_joker, dice_castle, fftcg
from judgekit.cards.divine_cross import guess_kind, read_card
from judgekit.cards.errors import UnreadText
from judgekit.cards.render import game_sentences, game_toml
from judgekit.commands.common import echo_json, guarded
from judgekit.i18n import N_
from judgekit.language import cli_language
from rules_index.errors import JudgekitError

READERS = ("divine-cross", "fftcg", "code-of-joker", "dice-castle")
"""Games whose card text can be read (the others are to come)."""
_ALIASES = {
    "dc": "divine-cross",
    "divine-cross": "divine-cross",
    "ff": "fftcg",
    "fftcg": "fftcg",
    "coj": "code-of-joker",
    "code-of-joker": "code-of-joker",
    "dice-castle": "dice-castle",
}
_DICE_KINDS = ("unit", "king", "magic", "counter", "ability", "cost")
_COJ_KINDS = ("unit", "evolution", "trigger", "intercept", "joker")
_FFTCG_KINDS = ("forward", "backup", "monster", "summon")


class CardKindOpt(StrEnum):
    """What the text is printed on."""

    UNIT = "unit"
    """A unit: EX powers (``EX …``) and skill lines (``「name」① 300 …``)."""
    EVENT = "event"
    """An event: its text is its effect."""
    ACTION = "action"
    """An action: its text is its effect."""
    ASSIST = "assist"
    """An assist: its text is a continuous effect on its unit (or EX powers, skill lines)."""
    FORWARD = "forward"
    """FFTCG: a forward (keywords and abilities, one a line)."""
    BACKUP = "backup"
    """FFTCG: a backup."""
    MONSTER = "monster"
    """FFTCG: a monster."""
    SUMMON = "summon"
    """FFTCG: a summon: its text is its effect."""
    EVOLUTION = "evolution"
    """Code of Joker: an evolution (read as a unit: keywords, effects, field effects)."""
    TRIGGER = "trigger"
    """Code of Joker: a trigger card (its timing, then its effect)."""
    INTERCEPT = "intercept"
    """Code of Joker: an intercept card (read as a trigger card)."""
    JOKER = "joker"
    """Code of Joker: a joker (its effect)."""
    KING = "king"
    """dice-and-castle: a king (its rule changes, or an evolution's 城壁+X)."""
    MAGIC = "magic"
    """dice-and-castle: a normal or field magic (its effect and the targets it chooses when played)."""
    COUNTER = "counter"
    """dice-and-castle: a counter (カウンター:…)."""
    ABILITY = "ability"
    """dice-and-castle: one ability's text (IN:…, OUT:…, コスト能力:…)."""
    COST = "cost"
    """dice-and-castle: a printed cost line (火2水1)."""


class CardFormat(StrEnum):
    """Output format of ``card``."""

    TEXT = "text"
    """TOML to paste, then the reading in sentences."""
    JSON = "json"
    """The reading as plain data (UTF-8)."""


def register(app: typer.Typer) -> None:
    """Add the ``card`` command to ``app``."""
    app.command("card")(card)


def read_text(game: str, text: str, kind: str | None, name: str = "") -> tuple[str, dict[str, object]]:
    """The card kind used and what was read; JudgekitError for a game without a reader or unread text."""
    key = _ALIASES.get(game.lower())
    if key is None:
        raise JudgekitError(f"no card-text reader for game {game!r} yet; games with one: {', '.join(READERS)}")
    if not text.strip():
        raise JudgekitError.from_message(N_("the card text is empty"))
    if key == "fftcg":
        typed = kind or fftcg.guess_type(text)
        if typed not in _FFTCG_KINDS:
            raise _kind_error(typed, _FFTCG_KINDS, "fftcg")
        return typed, fftcg.read_card(text, typed, name)  # type: ignore[arg-type]
    if key == "dice-castle":
        guessed = kind or dice_castle.guess_printed(text)
        if guessed not in _DICE_KINDS:
            raise _kind_error(guessed, _DICE_KINDS, "dice-castle")
        return guessed, dice_castle.read_any(text, guessed, name)  # type: ignore[arg-type]
    if key == "code-of-joker":
        typed = kind or code_of_joker.guess_type(text)
        if typed not in _COJ_KINDS:
            raise _kind_error(typed, _COJ_KINDS, "code-of-joker")
        return typed, code_of_joker.read_card(text, typed, name)  # type: ignore[arg-type]
    used = kind or guess_kind(text)
    if used not in ("unit", "event", "action", "assist"):
        raise _kind_error(used, ("unit", "event", "action", "assist"), "divine-cross")
    return used, read_card(text, used)  # type: ignore[arg-type]


KIND_NAMES = {
    "unit": N_("a unit"),
    "event": N_("an event"),
    "action": N_("an action"),
    "assist": N_("an assist"),
    "forward": N_("a forward"),
    "backup": N_("a backup"),
    "monster": N_("a monster"),
    "summon": N_("a summon"),
    "evolution": N_("an evolution"),
    "trigger": N_("a trigger"),
    "intercept": N_("an intercept"),
    "joker": N_("a joker"),
    "king": N_("a king"),
    "magic": N_("a magic"),
    "counter": N_("a counter"),
    "ability": N_("an ability's text"),
    "cost": N_("a cost line"),
}
"""Each kind of printed text, named for people (message ids; Japanese in the rulebooks' terms)."""


def read_as_line(kind: str, *, guessed: bool) -> str:
    """The card command's header line: what the text was read as, and whether that was guessed."""
    from judgekit.i18n import gettext as _

    what = _(KIND_NAMES.get(kind, kind))
    if guessed:
        return "# " + _("read as {what} (guessed; --kind to say)").format(what=what)
    return "# " + _("read as {what}").format(what=what)


def unread_error(exc: UnreadText) -> JudgekitError:
    """The card command's message for text the reader could not read, in the command line's language: the phrase,
    where it starts, the text and the card, and the reader's reason (see :mod:`judgekit.cards.errors`)."""
    return JudgekitError(str(exc))


def _kind_error(kind: str, kinds: tuple[str, ...], game: str) -> JudgekitError:
    """The error for a ``--kind`` the game's reader does not know."""
    return JudgekitError.from_message(
        N_("--kind {kind}: expected {kinds} for {game}"), kind=repr(kind), kinds=", ".join(kinds), game=game
    )


@guarded
def card(
    game: Annotated[str, typer.Argument(help="Game id: a game with a card-text reader.")],
    text: Annotated[str, typer.Argument(help="The card's printed text, in Japanese as printed.")],
    kind: Annotated[
        CardKindOpt | None, typer.Option("--kind", "-k", help="What the text is printed on; default: guessed.")
    ] = None,
    name: Annotated[
        str, typer.Option("--name", "-n", help="The card's printed name: its text names the card itself by it.")
    ] = "",
    fmt: Annotated[CardFormat, typer.Option("--format", "-f", help="Output format.")] = CardFormat.TEXT,
) -> None:
    """Read a card's printed text into the game's effect vocabulary (TOML to paste, and plain sentences)."""
    try:
        used, reading = read_text(game, text, kind.value if kind else None, name)
    except UnreadText as exc:
        raise unread_error(exc) from None
    key = _ALIASES[game.lower()]
    if fmt is CardFormat.JSON:
        echo_json({"game": key, "kind": used, "text": text, "reading": reading})
        return
    typer.echo(read_as_line(used, guessed=kind is None))
    language = cli_language()
    typer.echo(game_toml(key, reading, language))
    typer.echo("")
    for sentence in game_sentences(key, reading, language):
        typer.echo(sentence)
