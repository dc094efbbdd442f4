"""The command line's language, chosen from ``--lang``, ``$JUDGEKIT_LANG`` or the locale.

Apart from :mod:`judgekit.i18n` (which re-exports these) so that a warm ``judgekit rule`` can
pick its language without importing the catalogs' machinery, nor ``typing`` (3 ms of a
25 ms look-up): this module imports only :mod:`os`.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (mypy reads the name the same way)
if TYPE_CHECKING:
    from typing import Literal

    Language = Literal["ja", "en"]

LANG_ENV = "JUDGEKIT_LANG"
"""Environment variable that chooses the command line's language (``ja`` or ``en``)."""


def parse_language(value: str) -> Language | None:
    """``ja``/``en`` from a language tag or locale name (``ja_JP.UTF-8`` → ``ja``); None for others."""
    head = value.strip().replace("-", "_").split("_")[0].split(".")[0].lower()
    if head == "ja":
        return "ja"
    if head in ("en", "c", "posix"):
        return "en"
    return None


def cli_language(explicit: str | None = None) -> Language:
    """The command line's language: ``--lang``, else $JUDGEKIT_LANG, else the locale; English otherwise.

    The locale is read as gettext reads it: the first of ``LANGUAGE``, ``LC_ALL``,
    ``LC_MESSAGES``, ``LANG`` that is set.
    """
    for value in (explicit, os.environ.get(LANG_ENV)):
        if value:
            found = parse_language(value)
            if found is not None:
                return found
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if value:
            for part in value.split(":"):
                found = parse_language(part)
                if found is not None:
                    return found
            return "en"
    return "en"
