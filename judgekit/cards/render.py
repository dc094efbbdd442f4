"""What a card-text reader read, for a judge to confirm: inline TOML ready to paste into a
``[cards.KEY]`` table, and the same in plain sentences in Japanese or English — Divine Cross's TOML here, each
game's sentences (and the other games' TOML) in ``render_<game>``, chosen by :func:`game_sentences` and
:func:`game_toml`."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from judgekit.message import Message, msg
from judgekit.render.sentences import render

if TYPE_CHECKING:
    from judgekit.i18n import Language

Data = dict[str, Any]


class Words:
    """Renders the pieces of a card's reading in one language; each game's renderer subclasses it, naming its
    game (whose catalog its sentences come from) and adding its own pieces."""

    game: ClassVar[str] = ""
    """The game id whose message catalog the sentences are in."""

    def __init__(self, language: Language) -> None:
        self.language = language
        self.ja = language == "ja"

    def r(self, sentence: Message) -> str:
        """``sentence`` in this language."""
        return render(sentence, self.language, self.game)

    def word(self, table: Mapping[str, Message], key: str) -> str:
        """The word ``table`` gives ``key`` in this language, else ``key`` as written."""
        return self.r(table[key]) if key in table else key


def toml_value(value: Any) -> str:
    """A value as inline TOML (strings, integers, booleans, lists, inline tables)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"no TOML for {value!r}")


def card_toml(reading: Data, language: Language = "en") -> str:
    """The keys of a ``[cards.KEY]`` table for what was read (``skills``, ``ex``, ``effects``), a comment in
    ``language`` first when EX powers need their names."""
    lines: list[str] = []
    if reading.get("ex"):
        lines.append("# " + render(msg("dc.read.not_printed"), language, "divine-cross"))
    for key in ("skills", "ex", "effects"):
        if key not in reading:
            continue
        items = [{"name": "", **e} if key == "ex" else e for e in reading[key]]
        if len(items) == 1:
            lines.append(f"{key} = [{toml_value(items[0])}]")
        else:
            lines.append(f"{key} = [")
            lines.extend(f"  {toml_value(item)}," for item in items)
            lines.append("]")
    return "\n".join(lines)


def game_sentences(game: str, reading: Data, language: Language) -> list[str]:
    """What ``game``'s reader read, in plain words in ``language`` (``game`` as the card command names it)."""
    from judgekit.cards import render_code_of_joker, render_dice_castle, render_divine_cross, render_fftcg

    if game == "dice-castle":
        return render_dice_castle.card_sentences(reading, language)
    if game == "fftcg":
        return render_fftcg.card_sentences(reading, language)
    if game == "code-of-joker":
        return render_code_of_joker.card_sentences(reading, language)
    return render_divine_cross.card_sentences(reading, language)


def game_toml(game: str, reading: Data, language: Language) -> str:
    """The keys of a ``[cards.KEY]`` table for what ``game``'s reader read (comments in ``language``)."""
    from judgekit.cards import render_code_of_joker, render_dice_castle, render_fftcg

    if game == "dice-castle":
        return render_dice_castle.card_toml(reading, language)
    if game == "fftcg":
        return render_fftcg.card_toml(reading, language)
    if game == "code-of-joker":
        return render_code_of_joker.card_toml(reading, language)
    return card_toml(reading, language)


def card_sentences(reading: Data, language: Language | None = None) -> list[str]:
    """What the Divine Cross reader read, one sentence per skill, EX power or effect, in ``language`` (the command
    line's, by default): see :mod:`judgekit.cards.render_divine_cross`."""
    from judgekit.cards import render_divine_cross
    from judgekit.language import cli_language

    return render_divine_cross.card_sentences(reading, language or cli_language())
