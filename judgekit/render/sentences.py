"""Trace sentences in the reader's language: a :class:`~judgekit.message.Message` through the
message catalogs.

The engine's catalogs are gettext ``.po`` files beside the interface's, one domain per message id
prefix: ``judgekit/locale/<lang>/LC_MESSAGES/engine-<prefix>.po`` (``engine-kernel`` for the
kernel's sentences, ``engine-dc`` for Divine Cross's, …). Unlike the interface's catalogs, whose
ids are the English strings, these ids are names (``dc.skill.none``) and every language,
English included, translates them — so a golden trace, which stores ids, never changes when a
sentence is reworded. A translation fills ``{name}`` placeholders with the message's parameters;
an entry with plural forms (``msgid_plural``) chooses its form by the parameter ``n``.

A test proves every id the code records has a translation in each language with the same
placeholders (``tests/test_sentences.py``).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from judgekit.i18n import LANGUAGES, LOCALE_DIR, Language
from judgekit.message import CardRef, Message, Sentence, ZoneRef

_PLACEHOLDER = re.compile(r"\{(\w+)\}")
_LIST_SEPARATOR = {"ja": "、", "en": ", "}


@dataclass(frozen=True, slots=True)
class EngineCatalog:
    """One domain of engine sentences in one language."""

    messages: dict[str, str]
    """Id → translation."""
    plurals: dict[str, tuple[str, ...]]
    """Id → the language's plural forms."""


def domain_of(message_id: str) -> str:
    """The catalog domain holding ``message_id`` (``dc.skill.none`` → ``engine-dc``)."""
    return f"engine-{message_id.split('.', 1)[0]}"


def catalog_file(language: str, domain: str) -> Path:
    """The ``.po`` file of ``domain`` in ``language``."""
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po"


@functools.cache
def engine_catalog(language: str, domain: str) -> EngineCatalog:
    """The catalog ``domain`` in ``language`` (empty when there is none), read once a process."""
    from babel.messages.pofile import read_po

    path = catalog_file(language, domain)
    messages: dict[str, str] = {}
    plurals: dict[str, tuple[str, ...]] = {}
    if path.is_file():
        with path.open("rb") as fp:
            catalog = read_po(fp, locale=language, domain=domain)
        for entry in catalog:
            if not entry.id or entry.fuzzy:
                continue
            if isinstance(entry.id, tuple):
                forms = entry.string if isinstance(entry.string, tuple) else (entry.string,)
                if all(forms):
                    plurals[str(entry.id[0])] = tuple(str(f) for f in forms)
            elif entry.string:
                messages[str(entry.id)] = str(entry.string)
    return EngineCatalog(messages, plurals)


def template(message: Message, language: Language) -> str | None:
    """The translation of ``message`` in ``language`` (its plural form chosen), or None."""
    cat = engine_catalog(language, domain_of(message.id))
    found = cat.messages.get(message.id)
    if found is not None:
        return found
    forms = cat.plurals.get(message.id)
    if forms:
        n = message.arg("n")
        if len(forms) == 1 or not isinstance(n, int):
            return forms[0]
        return forms[0] if n == 1 else forms[1]
    return None


def render(sentence: Sentence, language: Language, game: str = "") -> str:
    """``sentence`` in ``language`` (``game`` names the term table for zone names).

    A message with no translation in ``language`` falls back to the other language, then to its
    id and parameters — never an error, since a trace must always be readable.
    """
    if isinstance(sentence, str):
        return sentence
    text = template(sentence, language)
    if text is None:
        for other in LANGUAGES:
            text = template(sentence, other)
            if text is not None:
                break
    if text is None:
        shown = ", ".join(f"{k}={render_arg(v, language, game)}" for k, v in sentence.args)
        return f"{sentence.id}({shown})"
    values = sentence.args

    def fill(match: re.Match[str]) -> str:
        for key, value in values:
            if key == match.group(1):
                kind = KEY_WORDS.get((sentence.id, key))
                if kind is not None and game:
                    return _key_words(value, kind, language, game)
                return render_arg(value, language, game)
        return match.group(0)

    return _PLACEHOLDER.sub(fill, text)


KEY_WORDS: dict[tuple[str, str], str] = {
    ("kernel.rejected", "action"): "action",
    ("kernel.decided", "choice"): "choice",
    ("dice.energy.amount", "attribute"): "attribute",
    ("dice.energy.held", "attribute"): "attribute",
    ("dice.energy.gains", "attribute"): "attribute",
    ("dice.die.adds", "attribute"): "attribute",
    ("dice.die.adds", "allowed"): "attribute",
    ("coj.run.no_unit", "op"): "op",
    ("coj.run.pattern_a", "op"): "op",
    ("coj.run.pattern_b", "op"): "op",
    ("coj.run.pattern_gap", "op"): "op",
}
"""Parameters that hold a key as the scenario writes it (message id, parameter → what kind of key): an
action (``charge``), a decision's option (``yes``), an energy attribute (``fire``), an effect's instruction
(``delete``). The trace keeps the key;
a reader sees the game's word for it, ``<prefix>.word.<kind>.<key>`` in the game's catalog (チャージ, はい,
火), where there is one — a key with none (a card's key, a player) is shown as written."""


def key_word(key: str, kind: str, language: Language, game: str) -> str:
    """The game's word for ``key`` (a ``kind`` of key, see :data:`KEY_WORDS`) in ``language``, else ``key``."""
    prefix = GAME_PREFIX.get(game)
    if prefix is None:
        return key
    found = template(Message(f"{prefix}.word.{kind}.{key}"), language)
    return key if found is None or "{" in found else found


def _key_words(value: Any, kind: str, language: Language, game: str) -> str:
    if isinstance(value, str):
        return key_word(value, kind, language, game)
    if isinstance(value, tuple):
        return _LIST_SEPARATOR[language].join(_key_words(v, kind, language, game) for v in value)
    return render_arg(value, language, game)


def render_arg(value: Any, language: Language, game: str = "") -> str:
    """One parameter in ``language``."""
    if isinstance(value, str):
        return value
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Message):
        return render(value, language, game)
    if isinstance(value, ZoneRef):
        return zone_name(value.player, value.at or value.zone, language, game)
    if isinstance(value, CardRef):
        if not (value.at or value.zone):
            return value.card
        where = zone_name(value.player, value.at or value.zone, language, game)
        return render(Message("kernel.card_at", (("card", value.card), ("where", where))), language, game)
    if isinstance(value, tuple):
        return _LIST_SEPARATOR[language].join(render_arg(v, language, game) for v in value)
    return str(value)


def zone_name(player: str, printed: str, language: Language, game: str = "") -> str:
    """A zone for people: the rulebook's term in Japanese, the term table's English name in English,
    with its owner when it has one."""
    name = printed
    if language == "en" and game:
        from rules_index.term_table import term_table

        name = term_table(game).english(printed) or printed
    if not player:
        return name
    return render(Message("kernel.zone_of", (("player", player), ("zone", name))), language, game)


def both(sentence: Sentence, game: str = "") -> tuple[str, str]:
    """``sentence`` in Japanese and in English."""
    return render(sentence, "ja", game), render(sentence, "en", game)


def english(sentence: Sentence, game: str = "") -> str:
    """``sentence`` in English (for findings, logs and tests)."""
    return render(sentence, "en", game)


GAME_PREFIX = {"divine-cross": "dc", "fftcg": "ff", "code-of-joker": "coj", "dice-castle": "dice"}
"""Each built-in game's message id prefix."""


@functools.lru_cache(maxsize=4096)
def part_name(game: str, kind: str, name: str, language: Language) -> str:
    """A phase's or step's name (``kind`` is ``phase`` or ``step``; ``name`` as the engine keeps it) in
    ``language``, from the game's catalog when it names it: in full as the rulebook prints it where the
    catalog has a ``_name`` entry (``dc.phase.main_name`` → メインフェイズ), else the word the sentences use
    (``dc.phase.main`` → メイン); else ``name``."""
    prefix = GAME_PREFIX.get(game)
    if prefix is None or not name:
        return name
    for candidate in (f"{prefix}.{kind}.{name}_name", f"{prefix}.{kind}.{name}", f"{prefix}.part.{name}"):
        found = template(Message(candidate), language)
        if found is not None and "{" not in found:
            return found
    return name
