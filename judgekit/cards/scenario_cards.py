"""``judgekit new --card NAME=TEXT``: card tables for a new scenario, from printed names and texts.

Each card is written with its printed text; the engine reads the structure from it when the scenario
loads (:mod:`judgekit.cards.printed`). What was read is written under it as comments, in plain words
and in the vocabulary, so the judge can confirm the reading (or copy a part and correct it) before
relying on it. A text the reader cannot read is refused here, naming the phrase, so nothing half-read
is written. The comments that are words are in the command line's language (``--lang``), as the rest
of ``new``'s template is (message ids in ``judgekit.po``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from judgekit.cards.printed import READERS, complete
from judgekit.cards.render import game_sentences, toml_value
from judgekit.i18n import N_
from judgekit.i18n import gettext as _
from rules_index.errors import JudgekitError

if TYPE_CHECKING:
    from judgekit.i18n import Language

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_READ = N_("read from the text (the engine reads it when the scenario loads; a key written here wins):")
_SAID = N_("what was read, in plain words:")
_EVENT = N_("the text reads as an event's or an action's: write command = \"action\" for an action")
_UNIT = N_("hp = …, attributes = […], advantage = […]: not in the card text, to be written")


class CardOptionError(JudgekitError):
    """A ``--card`` that cannot be written into a scenario."""


def say(comment: str, language: Language) -> str:
    """A comment (a message id of ``judgekit.po``) in ``language``."""
    from judgekit.i18n import translations

    return comment if language == "en" else translations(language).gettext(comment)


def reading_comments(game: str, read: dict[str, Any], keys: Sequence[str], language: Language) -> list[str]:
    """The comment lines under a card: what was read in plain words, then as the vocabulary's ``keys``."""
    try:
        sentences = game_sentences(game, read, language)
    except (KeyError, TypeError, ValueError):  # a reading the sentences cannot say: the vocabulary still shows it
        sentences = []
    lines = ["# " + say(_SAID, language), *(f"#   {line}" for line in sentences)] if sentences else []
    lines.append("# " + say(_READ, language))
    lines += [f"# {key} = {toml_value(read[key])}" for key in keys if key in read]
    return lines


def parse_card_option(value: str) -> tuple[str, str]:
    """``NAME=TEXT`` → (name, text)."""
    name, sep, text = value.partition("=")
    if not sep or not name.strip() or not text.strip():
        message = _("--card {value}: expected NAME=TEXT (the card's printed name, then its text)")
        raise CardOptionError(message.format(value=repr(value)))
    return name.strip(), text.strip()


def _twice(name: str) -> CardOptionError:
    return CardOptionError(_("--card {name}: given twice").format(name=name))


def card_tables(game: str, options: Sequence[str], language: Language | None = None) -> str:
    """The ``[cards.KEY]`` tables for ``options`` (each ``NAME=TEXT``), as TOML text, their comments in ``language``
    (the command line's by default)."""
    from judgekit.i18n import cli_language

    language = language or cli_language()
    if game not in READERS:
        message = _("--card: no reader of {game}'s card text yet (readers: {readers})")
        raise CardOptionError(message.format(game=game, readers=", ".join(READERS)))
    if game == "fftcg":
        from judgekit.cards import scenario_cards_fftcg

        pairs = [parse_card_option(value) for value in options]
        names = [n for n, _ in pairs]
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            raise _twice(twice[0])
        keys = {n: n if _BARE_KEY.fullmatch(n) else toml_value(n) for n in names}
        try:
            return "\n".join(scenario_cards_fftcg.card_tables(pairs, keys, language))
        except ValueError as exc:
            raise CardOptionError(str(exc)) from None
    if game in ("code-of-joker", "dice-castle"):
        from judgekit.cards import scenario_cards_code_of_joker, scenario_cards_dice_castle

        pairs = [parse_card_option(value) for value in options]
        names = [n for n, _ in pairs]
        if len(set(names)) != len(names):
            raise _twice(next(n for n in names if names.count(n) > 1))
        write = (
            scenario_cards_code_of_joker.card_tables
            if game == "code-of-joker"
            else scenario_cards_dice_castle.card_tables
        )
        try:
            return write(pairs, language)
        except JudgekitError as exc:
            raise CardOptionError(str(exc)) from None
    from judgekit.cards.divine_cross import guess_kind

    blocks: list[str] = []
    seen: set[str] = set()
    for value in options:
        name, text = parse_card_option(value)
        if name in seen:
            raise _twice(name)
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
            lines.append("# " + say(_EVENT, language))
        if kind == "unit":
            lines.append("# " + say(_UNIT, language))
        lines += reading_comments(game, printed.data["cards"][name], ("skills", "ex", "effects"), language)
        blocks.append("\n".join(lines) + "\n")
    return "\n".join(blocks)
