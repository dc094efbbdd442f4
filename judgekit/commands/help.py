"""``--help`` in the interface's language.

typer builds the click commands from the English help texts (each command's docstring, each
option's ``help=``), which are message ids of the catalogs (:func:`judgekit.i18n.extract_messages`
takes them from the code). Help is printed while the command line is being parsed, before the
``--lang`` option's callback runs, so :class:`LocalisedGroup` reads ``--lang`` from the
arguments first, then translates every command's and option's help, then parses.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from typer.core import TyperGroup

from judgekit.i18n import LANG_ENV, Language, parse_language, translations


def language_option(args: Sequence[str], commands: Sequence[str]) -> str | None:
    """The value of ``--lang`` given before the command name in ``args``, or None."""
    i = 0
    while i < len(args):
        arg = args[i]
        if arg in commands:
            return None
        if arg == "--lang" and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
        i += 1
    return None


def localise(command: Any, language: Language) -> None:
    """Translate the help of ``command``, its options and arguments and (for a group) its commands, in place.

    The English texts are kept on the objects, so a command can be localised again.
    """
    _translate(command, "help", language)
    if language != "en" and hasattr(command, "rich_markup_mode"):
        # rich cuts a Japanese run with no space in it short ("…") where it does not fit a table cell;
        # click's plain help wraps it whole
        command.rich_markup_mode = None
    for param in command.params:
        _translate(param, "help", language)
    for sub in getattr(command, "commands", {}).values():  # a group's (typer's bundled click has its own classes)
        localise(sub, language)


def _translate(obj: Any, attribute: str, language: Language) -> None:
    english_attribute = f"_judgekit_english_{attribute}"
    english = getattr(obj, english_attribute, None)
    if english is None:
        english = getattr(obj, attribute, None)
        if not english:
            return
        setattr(obj, english_attribute, english)
    text = english if language == "en" else translations(language).gettext(english)
    setattr(obj, attribute, text)


class LocalisedGroup(TyperGroup):
    """The app's group of commands: the interface language chosen from ``--lang`` before any help is printed."""

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: Any = None,
        **extra: Any,
    ) -> Any:
        from judgekit.i18n import cli_language

        value = language_option(args, list(self.commands))
        if value is not None and parse_language(value) is not None:
            os.environ[LANG_ENV] = value  # as the option's callback will
        localise(self, cli_language())
        return super().make_context(info_name, args, parent=parent, **extra)
