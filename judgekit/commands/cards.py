"""``judgekit card GAME TEXT``: read a card's printed text and print what was read.

Prints the reading as TOML keys ready to paste into a scenario's ``[cards.KEY]`` table, and as
plain sentences, so a judge can confirm it before relying on it. Text the reader cannot read
exits 2 naming the phrase and where it is; nothing is guessed.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer

from judgekit.cards.divine_cross import guess_kind, read_card
from judgekit.cards.render import card_sentences, card_toml
from judgekit.commands.common import echo_json, guarded
from rules_index.errors import JudgekitError

READERS = ("divine-cross",)
"""Games whose card text can be read (the others are to come)."""
_ALIASES = {"dc": "divine-cross", "divine-cross": "divine-cross"}


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


class CardFormat(StrEnum):
    """Output format of ``card``."""

    TEXT = "text"
    """TOML to paste, then the reading in sentences."""
    JSON = "json"
    """The reading as plain data (UTF-8)."""


def register(app: typer.Typer) -> None:
    """Add the ``card`` command to ``app``."""
    app.command("card")(card)


def read_text(game: str, text: str, kind: str | None) -> tuple[str, dict[str, object]]:
    """The card kind used and what was read; JudgekitError for a game without a reader or unread text."""
    key = _ALIASES.get(game.lower())
    if key is None:
        raise JudgekitError(f"no card-text reader for game {game!r} yet; games with one: {', '.join(READERS)}")
    if not text.strip():
        raise JudgekitError("the card text is empty")
    used = kind or guess_kind(text)
    if used not in ("unit", "event", "action", "assist"):
        raise JudgekitError(f"--kind {used!r}: expected unit, event, action or assist")
    return used, read_card(text, used)  # type: ignore[arg-type]


@guarded
def card(
    game: Annotated[str, typer.Argument(help="Game id (divine-cross).")],
    text: Annotated[str, typer.Argument(help="The card's printed text, in Japanese as printed.")],
    kind: Annotated[
        CardKindOpt | None, typer.Option("--kind", "-k", help="What the text is printed on; default: guessed.")
    ] = None,
    fmt: Annotated[CardFormat, typer.Option("--format", "-f", help="Output format.")] = CardFormat.TEXT,
) -> None:
    """Read a card's printed text into the game's effect vocabulary (TOML to paste, and plain sentences)."""
    used, reading = read_text(game, text, kind.value if kind else None)
    if fmt is CardFormat.JSON:
        echo_json({"game": "divine-cross", "kind": used, "text": text, "reading": reading})
        return
    typer.echo(
        f"# read as {'an' if used in ('event', 'action', 'assist') else 'a'} {used}"
        + ("" if kind else " (guessed; --kind to say)")
    )
    typer.echo(card_toml(reading))
    typer.echo("")
    for sentence in card_sentences(reading):
        typer.echo(sentence)
